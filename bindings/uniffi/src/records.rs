//! The records of the API: offers, pages, and the options of each query. Conversions only.
//!
//! The spec types four offer fields; everything else the service sends (fields added with a
//! selection) is kept as a JSON object in `extra_json`, so no field is lost. Each typed field is
//! optional: it is absent (Kotlin/Swift `null`/`nil`, Python `None`) when the caller's selection
//! did not ask for it, or when the service left out a field no selection required. With the
//! default selections every typed field is present: an item lacking one is skipped instead (see
//! `SkippedItem`).

use crate::skipped::{self, SkippedItem};

/// One targeted offer. A typed field is null when the selection did not ask for it.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct Offer {
    /// Identifier (long digit string).
    pub id: Option<String>,
    pub name: Option<String>,
    /// Payout in USD.
    pub total_payout_usd: Option<f64>,
    pub creatives: Option<Creatives>,
    /// Every other field the service returned, as a JSON object (`{}` when none), e.g.
    /// `{"links":{"click_url":"…"}}` after selecting `links { click_url }`. A typed field the
    /// service sent in an unusable form that no selection required is here too, as sent.
    /// Always a JSON object text, whatever the values (nested 1000 deep, `1e400`); a parser
    /// with a depth limit may refuse such a value, the text still holds it.
    pub extra_json: String,
}

/// An offer's creative texts. A field is null when the selection did not ask for it.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct Creatives {
    pub name: Option<String>,
    pub description: Option<String>,
    /// Other creative fields requested by a selection (e.g. `icon_url`), as a JSON object.
    pub extra_json: String,
}

/// An offer the player has engaged with (the simulator's schema; see simulator/README.md). A
/// field is null when the selection did not ask for it or the service sent it in another form.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct PlayerOffer {
    pub id: Option<String>,
    pub name: Option<String>,
    /// `"in_progress"` or `"completed"`.
    pub status: Option<String>,
    /// The other fields returned (payout, creatives, last activity, …) as a JSON object.
    pub extra_json: String,
}

/// One page of `playerOffers`.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct PlayerOffersPage {
    /// The items of the one list the selection names beside `next_cursor` (`items` by default).
    pub items: Vec<PlayerOffer>,
    /// Pass as `after` to get the next page; null on the last page (or when a replaced
    /// selection leaves `next_cursor` out).
    pub next_cursor: Option<String>,
    /// Items of the page left out because they were malformed (empty when all were good).
    pub skipped: Vec<SkippedItem>,
    /// Other fields of the page a replaced selection asked for, as a JSON object (`{}` when
    /// none).
    pub extra_json: String,
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
    /// Items of the response left out because they were not objects (the listing requires no
    /// field, so nothing else is skipped).
    pub skipped: Vec<SkippedItem>,
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
    /// Extra GraphQL fields added to the selection, e.g. `links { click_url }`; they arrive
    /// in `Offer.extra_json`.
    #[uniffi(default)]
    pub select: Option<String>,
    /// The whole offer selection, replacing the default `id name total_payout_usd creatives {
    /// name description }` (then `select`, if any, is added to it). The typed fields it names
    /// are required in every offer (an offer lacking one is skipped); those it leaves out are
    /// null.
    #[uniffi(default)]
    pub selection: Option<String>,
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
    /// The whole `playerOffers` selection, replacing the default `items { id name status
    /// total_payout_usd payout_earned_usd creatives { name description } last_activity_at }
    /// next_cursor`, e.g. `offers: items { id } next_cursor`: the items are read from the one
    /// list field it names beside `next_cursor` (leave `next_cursor` out and there is no next
    /// page). Not together with `select` (`InvalidArgument`).
    #[uniffi(default)]
    pub selection: Option<String>,
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

impl From<offerkit::Offer> for Offer {
    fn from(offer: offerkit::Offer) -> Self {
        Offer {
            id: offer.id,
            name: offer.name,
            total_payout_usd: offer.total_payout_usd,
            creatives: offer.creatives.map(|creatives| Creatives {
                name: creatives.name,
                description: creatives.description,
                extra_json: creatives.extra.to_json(),
            }),
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
            skipped: skipped::skipped(page.skipped),
            extra_json: page.extra.to_json(),
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
            skipped: skipped::skipped(page.skipped),
        }
    }
}

/// Offers and where they came from (see `OfferClient.offers_cached`).
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct CachedOffers {
    pub offers: Vec<Offer>,
    /// Items of the answer left out because they were malformed (empty when all were good).
    pub skipped: Vec<SkippedItem>,
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
            selection: o.selection,
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
            selection: o.selection,
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
