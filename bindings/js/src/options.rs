//! Each query's options as JavaScript gives them (ts/src/types.ts, as JSON, without the
//! `signal`), turned into core's option types. Core validates every value and sends nothing
//! when one is wrong; only a value of the wrong JSON type is refused here.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::JsValue;

use crate::failure;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct Offers {
    limit: Option<i64>,
    language: Option<String>,
    sort: Option<String>,
    select: Option<String>,
    selection: Option<String>,
}

impl From<Offers> for offerkit::OffersOptions {
    fn from(o: Offers) -> Self {
        offerkit::OffersOptions {
            limit: o.limit,
            language: o.language,
            sort: o.sort,
            select: o.select,
            selection: o.selection,
        }
    }
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct Links {
    select: Option<String>,
    selection: Option<String>,
}

impl From<Links> for offerkit::LinksOptions {
    fn from(o: Links) -> Self {
        offerkit::LinksOptions {
            select: o.select,
            selection: o.selection,
        }
    }
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlayerOffers {
    language: Option<String>,
    limit: Option<i64>,
    after: Option<String>,
    select: Option<String>,
    selection: Option<String>,
}

impl From<PlayerOffers> for offerkit::PlayerOffersOptions {
    fn from(o: PlayerOffers) -> Self {
        offerkit::PlayerOffersOptions {
            language: o.language,
            limit: o.limit,
            after: o.after,
            select: o.select,
            selection: o.selection,
        }
    }
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct Listing {
    per_page: Option<i64>,
    page: Option<i64>,
}

impl From<Listing> for offerkit::ListingOptions {
    fn from(o: Listing) -> Self {
        offerkit::ListingOptions {
            per_page: o.per_page,
            page: o.page,
        }
    }
}

/// The options of `method` from their JSON text (`undefined` and `null` are no options), as
/// core's type.
pub(crate) fn read<W, C>(method: &str, json: Option<String>) -> Result<C, JsValue>
where
    W: DeserializeOwned + Default + Into<C>,
{
    let wire: W = match json.as_deref() {
        None | Some("null") => W::default(),
        Some(text) => serde_json::from_str(text)
            .map_err(|e| failure::invalid_argument(method, "options", &e.to_string()))?,
    };
    Ok(wire.into())
}
