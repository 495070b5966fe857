//! The typed results: offers, player offers and the listing's pages.
//!
//! The spec types four offer fields (`id`, `name`, `total_payout_usd`, `creatives { name
//! description }`) and leaves the rest of the offer type "not shown". Each typed field is an
//! `Option`: absent when the caller's selection did not ask for it (or the service left out one
//! it was not asked for). Every other field the service sends is kept, untouched, in [`Extra`]
//! (raw JSON text per field), and so is a typed field whose value was unusable but not
//! required, so serializing an item gives back every field the service sent. How items are read
//! from a response, and which bad items are skipped, is `tolerant.rs`.

use serde::Serialize;
use serde_json::{Number, Value};

use crate::extra::Extra;
use crate::skipped::SkippedItem;

/// One targeted offer. A typed field is `None` when the selection did not ask for it.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Offer {
    /// Identifier, as text (the service sends long digit strings).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Display name of the offer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Payout in USD.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_payout_usd: Option<f64>,
    /// The offer's creative texts (`creatives { name description }`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub creatives: Option<Creatives>,
    /// Every other field the service returned (those added with a selection).
    #[serde(flatten)]
    pub extra: Extra,
}

/// An offer's creative texts.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Creatives {
    /// The creative's title; `None` when the selection did not ask for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The creative's text for the player; `None` when the selection did not ask for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Other creative fields requested by a selection (e.g. `icon_url`).
    #[serde(flatten)]
    pub extra: Extra,
}

/// An offer the player has engaged with. The spec shows no field of these items; `id`, `name`
/// and `status` are read when the service sends them as text (the simulator's schema, see
/// simulator/README.md), everything else is in `extra`.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct PlayerOffer {
    /// Identifier, as text (an integer id becomes its digits); `None` when none usable was sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Display name of the offer; `None` when none was sent as text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `"in_progress"` or `"completed"` in the simulator's schema.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// Every other field the service returned.
    #[serde(flatten)]
    pub extra: Extra,
}

/// The offers of an `offers` answer, and the items left out because they were malformed.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct OfferList {
    /// The good offers, in the order the service sent them.
    pub offers: Vec<Offer>,
    /// Items of the answer that were skipped, with why (empty when every item was good).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<SkippedItem>,
}

/// One page of `playerOffers`.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct PlayerOffersPage {
    /// The items of the one list the selection names beside `next_cursor` (`items` by default).
    pub items: Vec<PlayerOffer>,
    /// Pass as `after` to get the next page; `None` on the last page.
    pub next_cursor: Option<String>,
    /// Items left out because they were malformed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<SkippedItem>,
    /// Other fields of the page the selection asked for.
    #[serde(flatten)]
    pub extra: Extra,
}

/// The pagination object of the paginated listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Pagination {
    /// The number of this page, counting from 1.
    pub current_page: i64,
    /// Offers per page (the `per_page` that was sent).
    pub per_page: i64,
    /// Whether pages after this one exist.
    pub has_more_pages: bool,
    /// The number of the next page; `None` on the last page.
    pub next_page: Option<i64>,
}

/// One response of `GET /v1/offers`: the offers and, when `per_page` was sent, the pagination.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ListingPage {
    /// The good offers of this page, in the order the service sent them. The listing's item
    /// shape is not shown by the spec, so no typed field is required: each is `None` when absent.
    pub offers: Vec<Offer>,
    /// Where this page is in the listing; `None` when `per_page` was not sent (all offers at once).
    pub pagination: Option<Pagination>,
    /// Items left out because they were malformed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<SkippedItem>,
}

impl Offer {
    /// A field by dotted path into the whole offer, e.g. `"links.click_url"`,
    /// `"creatives.icon_url"` or `"goals.0.name"`; `None` when the path names nothing (or a
    /// value too deeply nested to read, which `serde_json::to_string(&offer)` still gives).
    pub fn field(&self, path: &str) -> Option<Value> {
        let (head, rest) = split(path);
        let typed = match head {
            "id" => self.id.clone().map(Value::String),
            "name" => self.name.clone().map(Value::String),
            "total_payout_usd" => self
                .total_payout_usd
                .and_then(Number::from_f64)
                .map(Value::Number),
            "creatives" => {
                if let Some(creatives) = &self.creatives {
                    return match rest {
                        Some(rest) => creatives.field(rest),
                        None => serde_json::to_value(creatives).ok(),
                    };
                }
                None
            }
            _ => None,
        };
        in_typed_or_extra(typed, &self.extra, head, rest)
    }
}

impl Creatives {
    /// A field by dotted path inside the creatives, e.g. `"icon_url"`.
    pub fn field(&self, path: &str) -> Option<Value> {
        let (head, rest) = split(path);
        let typed = match head {
            "name" => self.name.clone().map(Value::String),
            "description" => self.description.clone().map(Value::String),
            _ => None,
        };
        in_typed_or_extra(typed, &self.extra, head, rest)
    }
}

impl PlayerOffer {
    /// A field by dotted path into the whole item, e.g. `"payout_earned_usd"`.
    pub fn field(&self, path: &str) -> Option<Value> {
        let (head, rest) = split(path);
        let typed = match head {
            "id" => self.id.clone().map(Value::String),
            "name" => self.name.clone().map(Value::String),
            "status" => self.status.clone().map(Value::String),
            _ => None,
        };
        in_typed_or_extra(typed, &self.extra, head, rest)
    }
}

fn split(path: &str) -> (&str, Option<&str>) {
    match path.split_once('.') {
        Some((head, rest)) => (head, Some(rest)),
        None => (path, None),
    }
}

/// The typed value of `head` when there is one, else `head` in `extra` (only that field is
/// parsed), then the rest of the path inside it.
fn in_typed_or_extra(
    typed: Option<Value>,
    extra: &Extra,
    head: &str,
    rest: Option<&str>,
) -> Option<Value> {
    let value = match typed {
        Some(value) => value,
        None => extra.get(head)?,
    };
    match rest {
        None => Some(value),
        Some(rest) => lookup(&value, rest).cloned(),
    }
}

/// Follows a dotted path through objects (by key) and arrays (by index).
pub fn lookup<'a>(value: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(value, |at, step| match at {
        Value::Object(map) => map.get(step),
        Value::Array(items) => items.get(step.parse::<usize>().ok()?),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn offer(value: Value) -> Offer {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn typed_fields_and_extra_round_trip() {
        let sent = json!({
            "id": "12345678901234",
            "name": "Sky Raiders",
            "total_payout_usd": 1.25,
            "creatives": {"name": "Sky", "description": "Fly", "icon_url": "https://i/1.png"},
            "links": {"click_url": "https://c/1?player_id=p"},
            "campaign_id": 7
        });
        let offer = offer(sent.clone());
        assert_eq!(offer.id.as_deref(), Some("12345678901234"));
        assert_eq!(offer.total_payout_usd, Some(1.25));
        assert_eq!(offer.extra.get("campaign_id"), Some(json!(7)));
        assert_eq!(offer.field("campaign_id"), Some(json!(7)));
        assert_eq!(
            offer.field("creatives.icon_url"),
            Some(json!("https://i/1.png"))
        );
        assert_eq!(serde_json::to_value(&offer).unwrap(), sent);
        assert_eq!(
            offer.field("links.click_url"),
            Some(json!("https://c/1?player_id=p"))
        );
        assert_eq!(offer.field("creatives.name"), Some(json!("Sky")));
        assert_eq!(offer.field("total_payout_usd"), Some(json!(1.25)));
        assert_eq!(offer.field("links.nope"), None);
        assert_eq!(offer.field("links."), None);
        assert_eq!(offer.field(""), None);
    }

    #[test]
    fn absent_typed_fields_serialize_as_absent() {
        let offer = offer(json!({"id": "1"}));
        assert_eq!(offer.name, None);
        assert_eq!(serde_json::to_value(&offer).unwrap(), json!({"id": "1"}));
        assert_eq!(offer.field("name"), None);
    }

    #[test]
    fn a_deep_extra_field_does_not_hide_the_typed_ones() {
        let deep = format!("{}{}", "[".repeat(500), "]".repeat(500));
        let text = format!(r#"{{"id":"9","name":"n","x_deep":{deep}}}"#);
        let offer: Offer = serde_json::from_str(&text).unwrap();
        assert_eq!(offer.field("id"), Some(json!("9")));
        assert_eq!(offer.field("name"), Some(json!("n")));
        assert_eq!(
            offer.field("x_deep"),
            None,
            "too deep to parse, not a panic"
        );
        let back = serde_json::to_string(&offer).unwrap();
        assert!(back.contains(&deep), "the raw text is kept");
    }

    #[test]
    fn player_offer_fields_typed_and_extra() {
        let item: PlayerOffer = serde_json::from_str(
            r#"{"id": 7, "name": "n", "status": "completed", "payout_earned_usd": 0.5,
                "creatives": {"name": "c"}}"#,
        )
        .unwrap();
        assert_eq!(item.field("id"), Some(json!("7")));
        assert_eq!(item.field("status"), Some(json!("completed")));
        assert_eq!(item.field("payout_earned_usd"), Some(json!(0.5)));
        assert_eq!(item.field("creatives.name"), Some(json!("c")));
        assert_eq!(item.field("creatives.nope"), None);
    }

    #[test]
    fn lookup_walks_objects_and_arrays() {
        let v = json!({"goals": [{"name": "first"}, {"name": "second"}]});
        assert_eq!(lookup(&v, "goals.1.name"), Some(&json!("second")));
        assert_eq!(lookup(&v, "goals.x.name"), None);
        assert_eq!(lookup(&v, "goals.9"), None);
    }
}
