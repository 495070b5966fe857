//! The records of the API: offers, pages, and the options of each query. Conversions only.
//!
//! The spec types four offer fields; everything else the service sends (fields added with a
//! selection) is kept as a JSON object in `extra_json`, so no field is lost.

use serde_json::{Map, Value};

/// One targeted offer.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct Offer {
    /// Identifier (long digit string).
    pub id: String,
    pub name: String,
    /// Payout in USD.
    pub total_payout_usd: f64,
    pub creatives: Creatives,
    /// Every other field the service returned, as a JSON object (`{}` when none), e.g.
    /// `{"links":{"click_url":"…"}}` after selecting `links { click_url }`.
    pub extra_json: String,
}

/// An offer's creative texts.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct Creatives {
    pub name: String,
    pub description: String,
    /// Other creative fields requested by a selection (e.g. `icon_url`), as a JSON object.
    pub extra_json: String,
}

/// An offer the player has engaged with (the simulator's schema; see simulator/README.md).
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct PlayerOffer {
    pub id: String,
    pub name: String,
    /// `"in_progress"` or `"completed"`.
    pub status: String,
    /// The other fields returned (payout, creatives, last activity, …) as a JSON object.
    pub extra_json: String,
}

/// One page of `playerOffers`.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct PlayerOffersPage {
    pub items: Vec<PlayerOffer>,
    /// Pass as `after` to get the next page; null on the last page.
    pub next_cursor: Option<String>,
}

/// The pagination object of the paginated listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct Pagination {
    pub current_page: i64,
    pub per_page: i64,
    pub has_more_pages: bool,
    pub next_page: Option<i64>,
}

/// One response of the `GET /v1/offers` listing.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct ListingPage {
    pub offers: Vec<Offer>,
    /// Present when `per_page` was sent.
    pub pagination: Option<Pagination>,
}

/// Options of `offers`. Unset values are not sent (the service then applies no limit, its
/// default language and order).
#[derive(Debug, Clone, Default, PartialEq, Eq, uniffi::Record)]
pub struct OffersOptions {
    /// At least 1.
    #[uniffi(default)]
    pub limit: Option<i64>,
    /// 2 to 5 characters: `en`, `de`, `zh-HK`, `zh-TW`.
    #[uniffi(default)]
    pub language: Option<String>,
    /// `epc.asc`, `epc.desc`, `last_activation.asc` or `last_activation.desc`.
    #[uniffi(default)]
    pub sort: Option<String>,
    /// Extra GraphQL fields added to the default selection, e.g. `links { click_url }`;
    /// they arrive in `Offer.extra_json`.
    #[uniffi(default)]
    pub select: Option<String>,
}

/// Options of `player_offers` and its pager.
#[derive(Debug, Clone, Default, PartialEq, Eq, uniffi::Record)]
pub struct PlayerOffersOptions {
    /// 2 to 5 characters.
    #[uniffi(default)]
    pub language: Option<String>,
    /// 1 to 100; the service defaults to 50.
    #[uniffi(default)]
    pub limit: Option<i64>,
    /// A `next_cursor` from a previous page of the same query.
    #[uniffi(default)]
    pub after: Option<String>,
    /// Extra GraphQL fields added to each item's default selection.
    #[uniffi(default)]
    pub select: Option<String>,
}

/// Options of `list_offers`: without `per_page` every offer comes at once.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, uniffi::Record)]
pub struct ListingOptions {
    /// 1 to 100; turns pagination on.
    #[uniffi(default)]
    pub per_page: Option<i64>,
    /// 1 or greater; only with `per_page` (defaults to 1 there).
    #[uniffi(default)]
    pub page: Option<i64>,
}

pub(crate) fn json_object(map: Map<String, Value>) -> String {
    Value::Object(map).to_string()
}

impl From<offerkit::Offer> for Offer {
    fn from(offer: offerkit::Offer) -> Self {
        Offer {
            id: offer.id,
            name: offer.name,
            total_payout_usd: offer.total_payout_usd,
            creatives: Creatives {
                name: offer.creatives.name,
                description: offer.creatives.description,
                extra_json: offer.creatives.extra.to_json(),
            },
            extra_json: offer.extra.to_json(),
        }
    }
}

impl From<offerkit::PlayerOffer> for PlayerOffer {
    fn from(item: offerkit::PlayerOffer) -> Self {
        PlayerOffer {
            id: item.id,
            name: item.name,
            status: item.status,
            extra_json: item.extra.to_json(),
        }
    }
}

impl From<offerkit::PlayerOffersPage> for PlayerOffersPage {
    fn from(page: offerkit::PlayerOffersPage) -> Self {
        PlayerOffersPage {
            items: page.items.into_iter().map(PlayerOffer::from).collect(),
            next_cursor: page.next_cursor,
        }
    }
}

impl From<offerkit::Pagination> for Pagination {
    fn from(p: offerkit::Pagination) -> Self {
        Pagination {
            current_page: p.current_page,
            per_page: p.per_page,
            has_more_pages: p.has_more_pages,
            next_page: p.next_page,
        }
    }
}

impl From<offerkit::ListingPage> for ListingPage {
    fn from(page: offerkit::ListingPage) -> Self {
        ListingPage {
            offers: offers(page.offers),
            pagination: page.pagination.map(Pagination::from),
        }
    }
}

/// Offers and where they came from (see `OfferClient.offers_cached`).
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct CachedOffers {
    pub offers: Vec<Offer>,
    /// Answered from memory (fresh within the TTL, or stale).
    pub from_cache: bool,
    /// A cached answer returned because a refresh failed with a network, timeout or server
    /// error.
    pub stale: bool,
    /// Age of the answer in milliseconds (0 when it came from the network just now).
    pub age_ms: i64,
}

pub(crate) fn offers(list: Vec<offerkit::Offer>) -> Vec<Offer> {
    list.into_iter().map(Offer::from).collect()
}

impl From<OffersOptions> for offerkit::OffersOptions {
    fn from(o: OffersOptions) -> Self {
        offerkit::OffersOptions {
            limit: o.limit,
            language: o.language,
            sort: o.sort,
            select: o.select,
        }
    }
}

impl From<PlayerOffersOptions> for offerkit::PlayerOffersOptions {
    fn from(o: PlayerOffersOptions) -> Self {
        offerkit::PlayerOffersOptions {
            language: o.language,
            limit: o.limit,
            after: o.after,
            select: o.select,
        }
    }
}

impl From<ListingOptions> for offerkit::ListingOptions {
    fn from(o: ListingOptions) -> Self {
        offerkit::ListingOptions {
            per_page: o.per_page,
            page: o.page,
        }
    }
}
