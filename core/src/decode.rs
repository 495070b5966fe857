//! Response decoders as public functions, for callers who transport bodies themselves, for the
//! benchmarks, and for the fuzz targets. The client uses exactly these.
//!
//! They trust nothing the spec does not promise: lists are read item by item (see
//! `tolerant.rs`), a typed field is required only when the selection asked for it, and every
//! failure is a typed `decode` error, never a panic. The client adds the response's HTTP status
//! to their errors; called directly they carry none.

use serde::Deserialize;
use serde::de::{self, MapAccess, Visitor};
use serde_json::value::RawValue;

use crate::error::{Error, ErrorKind, Result};
use crate::extra::Extra;
use crate::graphql::{self, GraphqlResponse, ObjectOnly};
use crate::offer::{ListingPage, Offer, OfferList, Pagination, PlayerOffer, PlayerOffersPage};
use crate::query::OFFER_FIELDS;
use crate::tolerant::{self, Elements, LooseItem, OfferRequired, Strict};

/// `data.offers` read strictly in one pass.
#[derive(Deserialize)]
struct OffersData {
    offers: Option<Vec<Strict<Offer>>>,
}

/// `data.offers` split into the raw text of its items (the slow path).
#[derive(Deserialize)]
struct RawOffersData<'a> {
    #[serde(borrow)]
    offers: Option<Vec<&'a RawValue>>,
}

#[derive(Deserialize)]
struct LinksData {
    links: Option<ObjectOnly<Extra>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PlayerOffersData<'a> {
    #[serde(borrow)]
    player_offers: Option<&'a RawValue>,
}

#[derive(Deserialize)]
struct ListingEnvelope<T> {
    data: ObjectOnly<ListingData<T>>,
}

#[derive(Deserialize)]
struct ListingData<T> {
    offers: Vec<T>,
    #[serde(default)]
    pagination: Option<Pagination>,
}

/// A GraphQL `offers` response body. `selection` is the whole offer selection that was sent
/// (`None`: the default one); the spec-typed fields it names are required in every item.
pub fn offers(body: &[u8], selection: Option<&str>) -> Result<OfferList> {
    let elements = match graphql::data::<OffersData>(body) {
        Ok(data) => data.offers.map(Elements::Strict),
        Err(e) if e.kind() == ErrorKind::Decode => {
            let data: RawOffersData<'_> = graphql::data(body)?;
            data.offers.map(Elements::Raw)
        }
        Err(e) => return Err(e),
    };
    let elements = elements.ok_or_else(|| missing("offers"))?;
    let required = OfferRequired::of(selection.unwrap_or(OFFER_FIELDS));
    let (offers, skipped) = tolerant::offers(elements, &required, "offers")?;
    Ok(OfferList { offers, skipped })
}

/// A GraphQL `links` response body: the `links` object, each field as the service sent it.
pub fn links(body: &[u8]) -> Result<Extra> {
    let data: LinksData = graphql::data(body)?;
    data.links
        .map(|ObjectOnly(links)| links)
        .ok_or_else(|| missing("links"))
}

/// A GraphQL `playerOffers` response body. The items are the one list-valued field of the
/// result beside `next_cursor` (`items` in the default selection, any name in a caller's);
/// its other fields land in the page's `extra`.
pub fn player_offers(body: &[u8]) -> Result<PlayerOffersPage> {
    let data: PlayerOffersData<'_> = graphql::data(body)?;
    let raw = data
        .player_offers
        .filter(|raw| raw.get() != "null")
        .ok_or_else(|| missing("playerOffers"))?;
    let fields: PageFields<'_> = serde_json::from_str(raw.get()).map_err(|e| {
        Error::new(
            ErrorKind::Decode,
            format!("data.playerOffers is not an object: {e}"),
        )
    })?;
    let mut lists = fields.lists.into_iter();
    let (name, items) = match (lists.next(), lists.next()) {
        (Some(list), None) => list,
        (None, _) => {
            return Err(Error::new(
                ErrorKind::Decode,
                "data.playerOffers holds no list of items: the selection must name one list \
                 field beside next_cursor (e.g. items { id name })",
            ));
        }
        (Some((first, _)), Some((second, _))) => {
            return Err(Error::new(
                ErrorKind::Decode,
                format!(
                    "data.playerOffers holds several lists ({first}, {second}): select one \
                     list of items beside next_cursor"
                ),
            ));
        }
    };
    let what = format!("playerOffers {name}");
    let (items, skipped) = tolerant::player_offers(elements::<PlayerOffer>(items)?, &what)?;
    Ok(PlayerOffersPage {
        items,
        next_cursor: fields.next_cursor,
        skipped,
        extra: fields.extra,
    })
}

/// The fields of a `playerOffers` result, sorted: lists, `next_cursor`, everything else.
struct PageFields<'a> {
    lists: Vec<(String, &'a RawValue)>,
    next_cursor: Option<String>,
    extra: Extra,
}

impl<'de: 'a, 'a> Deserialize<'de> for PageFields<'a> {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct FieldsVisitor<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for FieldsVisitor<'a> {
            type Value = PageFields<'a>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a playerOffers object")
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<PageFields<'a>, A::Error> {
                let mut fields = PageFields {
                    lists: Vec::new(),
                    next_cursor: None,
                    extra: Extra::new(),
                };
                while let Some(key) = map.next_key::<String>()? {
                    let raw: &'de RawValue = map.next_value()?;
                    if key == "next_cursor" {
                        fields.next_cursor = serde_json::from_str(raw.get()).map_err(|_| {
                            de::Error::custom(format!(
                                "next_cursor must be text or null, got {}",
                                raw.get().chars().take(40).collect::<String>()
                            ))
                        })?;
                    } else if raw.get().starts_with('[') {
                        fields.lists.push((key, raw));
                    } else {
                        fields.extra.insert(key, raw.to_owned());
                    }
                }
                Ok(fields)
            }
        }
        d.deserialize_map(FieldsVisitor(std::marker::PhantomData))
    }
}

/// Any GraphQL response body: `data` as the JSON text sent, a non-empty `errors` array as the
/// mapped error.
pub fn graphql_response(body: &[u8]) -> Result<GraphqlResponse> {
    graphql::raw(body)
}

/// A `GET /v1/offers` body; `paginated` says whether `per_page` was sent (then the pagination
/// object is required). The item shape of this form is not shown by the spec and nothing is
/// selected, so no item field is required: only items that are not objects are skipped.
pub fn listing(body: &[u8], paginated: bool) -> Result<ListingPage> {
    let strict = serde_json::from_slice::<ListingEnvelope<Strict<Offer>>>(body);
    let (elements, pagination) = match strict {
        Ok(ListingEnvelope {
            data: ObjectOnly(d),
        }) => (Elements::Strict(d.offers), d.pagination),
        Err(_) => {
            let envelope: ListingEnvelope<&RawValue> =
                serde_json::from_slice(body).map_err(graphql::decode_error)?;
            let ObjectOnly(d) = envelope.data;
            (Elements::Raw(d.offers), d.pagination)
        }
    };
    if paginated && pagination.is_none() {
        return Err(Error::new(
            ErrorKind::Decode,
            "paginated listing response has no pagination object",
        ));
    }
    let (offers, skipped) = tolerant::offers(elements, &OfferRequired::NONE, "offers")?;
    Ok(ListingPage {
        offers,
        pagination,
        skipped,
    })
}

/// The elements of a list given as raw JSON text: in one pass, or item by item.
fn elements<T: LooseItem>(list: &RawValue) -> Result<Elements<'_, T>> {
    match serde_json::from_str::<Vec<Strict<T>>>(list.get()) {
        Ok(read) => Ok(Elements::Strict(read)),
        Err(_) => serde_json::from_str(list.get())
            .map(Elements::Raw)
            .map_err(graphql::decode_error),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_offers_items_come_from_the_one_list_whatever_its_name() {
        let page = player_offers(
            br#"{"data":{"playerOffers":{"offers":[{"id":"1"},{"id":"2"}],"next_cursor":"c","total":2}}}"#,
        )
        .unwrap();
        assert_eq!(page.items.len(), 2);
        assert_eq!(page.next_cursor.as_deref(), Some("c"));
        assert_eq!(page.extra.get("total"), Some(serde_json::json!(2)));
        let err = player_offers(br#"{"data":{"playerOffers":{"next_cursor":null}}}"#).unwrap_err();
        assert!(err.message().contains("no list"), "{err}");
        let err = player_offers(br#"{"data":{"playerOffers":{"a":[],"b":[]}}}"#).unwrap_err();
        assert!(err.message().contains("several lists (a, b)"), "{err}");
        let err = player_offers(br#"{"data":{"playerOffers":{"items":[],"next_cursor":7}}}"#)
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Decode);
    }

    #[test]
    fn listing_items_require_no_field() {
        let page = listing(
            br#"{"status":"success","data":{"offers":[{"id":"1","name":null},7]}}"#,
            false,
        )
        .unwrap();
        assert_eq!(page.offers.len(), 1);
        assert_eq!(page.offers[0].name, None);
        assert_eq!(page.skipped.len(), 1);
        assert_eq!(page.skipped[0].index, 1);
    }

    #[test]
    fn links_keep_every_field_as_sent() {
        let deep = format!("{}{}", "[".repeat(300), "]".repeat(300));
        let body =
            format!(r#"{{"data":{{"links":{{"support_portal":"https://s","odd":{deep}}}}}}}"#);
        let links = links(body.as_bytes()).unwrap();
        assert_eq!(
            links.get("support_portal"),
            Some(serde_json::json!("https://s"))
        );
        assert_eq!(links.raw("odd").unwrap().get(), deep);
    }
}
