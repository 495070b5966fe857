//! Response decoders as public functions, for callers who transport bodies themselves, for the
//! benchmarks, and for the fuzz targets. The client uses exactly these.

use serde::Deserialize;
use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind, Result};
use crate::graphql::{self, GraphqlResponse, ObjectOnly};
use crate::offer::{ListingPage, Offer, PlayerOffersPage};

#[derive(Deserialize)]
struct OffersData {
    offers: Option<Vec<Offer>>,
}

#[derive(Deserialize)]
struct LinksData {
    links: Option<Map<String, Value>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PlayerOffersData {
    player_offers: Option<PlayerOffersPage>,
}

#[derive(Deserialize)]
struct ListingEnvelope {
    data: ObjectOnly<ListingPage>,
}

/// A GraphQL `offers` response body (errors mapped, typed offers).
pub fn offers(body: &[u8]) -> Result<Vec<Offer>> {
    let data: OffersData = graphql::data(body)?;
    data.offers.ok_or_else(|| missing("offers"))
}

/// A GraphQL `links` response body.
pub fn links(body: &[u8]) -> Result<Map<String, Value>> {
    let data: LinksData = graphql::data(body)?;
    data.links.ok_or_else(|| missing("links"))
}

/// A GraphQL `playerOffers` response body.
pub fn player_offers(body: &[u8]) -> Result<PlayerOffersPage> {
    let data: PlayerOffersData = graphql::data(body)?;
    data.player_offers.ok_or_else(|| missing("playerOffers"))
}

/// Any GraphQL response body: `data` as JSON, a non-empty `errors` array as the mapped error.
pub fn graphql_response(body: &[u8]) -> Result<GraphqlResponse> {
    graphql::raw(body)
}

/// A `GET /v1/offers` body; `paginated` says whether `per_page` was sent (then the pagination
/// object is required).
pub fn listing(body: &[u8], paginated: bool) -> Result<ListingPage> {
    let envelope: ListingEnvelope = serde_json::from_slice(body).map_err(graphql::decode_error)?;
    let ObjectOnly(page) = envelope.data;
    if paginated && page.pagination.is_none() {
        return Err(Error::new(
            ErrorKind::Decode,
            "paginated listing response has no pagination object",
        ));
    }
    Ok(page)
}

fn missing(field: &str) -> Error {
    Error::new(
        ErrorKind::Decode,
        format!("data.{field} is null although the response has no errors"),
    )
}

/// A 2xx body of the reporting API: its rows, whatever the (unspecified) envelope — a bare
/// array, or an object whose `data` is an array or holds one under `results` or `rows`.
#[cfg(feature = "server")]
pub fn report_rows(body: &[u8]) -> Result<Vec<crate::server::ReportRow>> {
    crate::server::decode_rows(body)
}
