//! The options of the client's queries: the optional arguments of each, and the selections
//! that extend or replace its default fields. Each is checked by the query it is given to,
//! before anything is sent.

/// Options of [`OfferClient::offers`]. Unset values are not sent (the service then applies no
/// limit, its default language and order).
///
/// [`OfferClient::offers`]: crate::OfferClient::offers
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OffersOptions {
    /// At least 1.
    pub limit: Option<i64>,
    /// 2 to 5 characters, e.g. `en`, `de`, `zh-HK`.
    pub language: Option<String>,
    /// `epc.asc`, `epc.desc`, `last_activation.asc` or `last_activation.desc`.
    pub sort: Option<String>,
    /// GraphQL fields added to the selection, e.g. `links { click_url }`; they land in
    /// [`Offer::extra`](crate::Offer::extra).
    pub select: Option<String>,
    /// The whole offer selection, replacing the default `id name total_payout_usd creatives {
    /// name description }` (then `select`, if any, is added to it). The spec-typed fields it
    /// names are required in every offer; those it leaves out are `None`.
    pub selection: Option<String>,
}

/// Options of [`OfferClient::links`](crate::OfferClient::links).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LinksOptions {
    /// Fields added to the selection, e.g. `offerwall`.
    pub select: Option<String>,
    /// The whole selection, replacing the default `support_portal`.
    pub selection: Option<String>,
}

/// Options of [`OfferClient::player_offers`](crate::OfferClient::player_offers).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerOffersOptions {
    /// 2 to 5 characters.
    pub language: Option<String>,
    /// 1 to 100; the service defaults to 50.
    pub limit: Option<i64>,
    /// A `next_cursor` from a previous page of the same query.
    pub after: Option<String>,
    /// GraphQL fields added to each item's default selection.
    pub select: Option<String>,
    /// The whole `playerOffers` selection, replacing the default `items { id name status
    /// total_payout_usd payout_earned_usd creatives { name description } last_activity_at }
    /// next_cursor`, e.g. `offers { id name } next_cursor`: the items are read from the one
    /// list field it names beside `next_cursor` (leave `next_cursor` out and there is no next
    /// page). Not together with `select`.
    pub selection: Option<String>,
}

/// Options of [`OfferClient::list_offers`]: without `per_page` every offer comes at once.
///
/// [`OfferClient::list_offers`]: crate::OfferClient::list_offers
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ListingOptions {
    /// 1 to 100; turns pagination on.
    pub per_page: Option<i64>,
    /// 1 or greater; only with `per_page` (defaults to 1 there).
    pub page: Option<i64>,
}
