//! The typed results: offers, player offers and the listing's pages.
//!
//! The spec types four offer fields (`id`, `name`, `total_payout_usd`, `creatives`); the rest of
//! the offer type is "not shown", so every other field the service sends is kept, untouched, in
//! [`Extra`] (raw JSON text per field). Serializing an offer gives back the object as the
//! service sent it.

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use crate::extra::Extra;

/// One targeted offer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Offer {
    /// Identifier, as text (the service sends long digit strings).
    pub id: String,
    pub name: String,
    /// Payout in USD.
    pub total_payout_usd: f64,
    pub creatives: Creatives,
    /// Every other field the service returned (those added with a selection).
    #[serde(flatten)]
    pub extra: Extra,
}

/// An offer's creative texts.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Creatives {
    pub name: String,
    pub description: String,
    /// Other creative fields requested by a selection (e.g. `icon_url`).
    #[serde(flatten)]
    pub extra: Extra,
}

impl Offer {
    /// A field by dotted path into the whole offer, e.g. `"links.click_url"`,
    /// `"creatives.icon_url"` or `"goals.0.name"`.
    pub fn field(&self, path: &str) -> Option<Value> {
        field_in(
            self,
            &["id", "name", "total_payout_usd", "creatives"],
            &self.extra,
            path,
        )
    }
}

impl PlayerOffer {
    /// A field by dotted path into the whole item, e.g. `"payout_earned_usd"`.
    pub fn field(&self, path: &str) -> Option<Value> {
        field_in(self, &["id", "name", "status"], &self.extra, path)
    }
}

/// A field by dotted path: a typed one through the serialized item, any other from `extra`
/// alone (only that one field is parsed).
fn field_in<T: Serialize>(item: &T, typed: &[&str], extra: &Extra, path: &str) -> Option<Value> {
    let (head, rest) = match path.split_once('.') {
        Some((head, rest)) => (head, Some(rest)),
        None => (path, None),
    };
    if typed.contains(&head) {
        let whole = serde_json::to_value(item).ok()?;
        return lookup(&whole, path).cloned();
    }
    let value = extra.get(head)?;
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

/// An offer the player has engaged with (the simulator's schema; see simulator/README.md).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerOffer {
    pub id: String,
    pub name: String,
    /// `"in_progress"` or `"completed"`.
    pub status: String,
    /// Every other field the service returned.
    #[serde(flatten)]
    pub extra: Extra,
}

/// One page of `playerOffers`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerOffersPage {
    pub items: Vec<PlayerOffer>,
    /// Pass as `after` to get the next page; `None` on the last page.
    pub next_cursor: Option<String>,
}

/// The pagination object of the paginated listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pagination {
    pub current_page: i64,
    pub per_page: i64,
    pub has_more_pages: bool,
    pub next_page: Option<i64>,
}

/// One response of `GET /v1/offers`: the offers and, when `per_page` was sent, the pagination.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ListingPage {
    pub offers: Vec<Offer>,
    pub pagination: Option<Pagination>,
}

fn decimal<E: de::Error>(value: Value) -> Result<f64, E> {
    match &value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok().filter(|f| f.is_finite()),
        _ => None,
    }
    .ok_or_else(|| {
        E::custom(format!(
            "total_payout_usd must be a decimal number, got {value}"
        ))
    })
}

impl<'de> Deserialize<'de> for Offer {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct OfferVisitor;
        impl<'de> Visitor<'de> for OfferVisitor {
            type Value = Offer;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an offer object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Offer, A::Error> {
                let (mut id, mut name, mut payout, mut creatives) = (None, None, None, None);
                let mut extra = Extra::new();
                const TYPED: &[&str] = &["id", "name", "total_payout_usd", "creatives"];
                while let Some(key) = map.next_key_seed(KeySeed(TYPED))? {
                    match key {
                        Key::Typed(0) => id = Some(map.next_value_seed(IdSeed)?),
                        Key::Typed(1) => name = Some(map.next_value::<String>()?),
                        Key::Typed(2) => payout = Some(decimal(map.next_value()?)?),
                        Key::Typed(_) => creatives = Some(map.next_value::<Creatives>()?),
                        Key::Other(key) => extra.read_value(key, &mut map)?,
                    }
                }
                Ok(Offer {
                    id: id.ok_or_else(|| de::Error::missing_field("id"))?,
                    name: name.ok_or_else(|| de::Error::missing_field("name"))?,
                    total_payout_usd: payout
                        .ok_or_else(|| de::Error::missing_field("total_payout_usd"))?,
                    creatives: creatives.ok_or_else(|| de::Error::missing_field("creatives"))?,
                    extra,
                })
            }
        }
        d.deserialize_map(OfferVisitor)
    }
}

impl<'de> Deserialize<'de> for Creatives {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct CreativesVisitor;
        impl<'de> Visitor<'de> for CreativesVisitor {
            type Value = Creatives;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a creatives object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Creatives, A::Error> {
                let (mut name, mut description) = (None, None);
                let mut extra = Extra::new();
                while let Some(key) = map.next_key_seed(KeySeed(&["name", "description"]))? {
                    match key {
                        Key::Typed(0) => name = Some(map.next_value::<String>()?),
                        Key::Typed(_) => description = Some(map.next_value::<String>()?),
                        Key::Other(key) => extra.read_value(key, &mut map)?,
                    }
                }
                Ok(Creatives {
                    name: name.ok_or_else(|| de::Error::missing_field("name"))?,
                    description: description
                        .ok_or_else(|| de::Error::missing_field("description"))?,
                    extra,
                })
            }
        }
        d.deserialize_map(CreativesVisitor)
    }
}

impl<'de> Deserialize<'de> for PlayerOffer {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct PlayerOfferVisitor;
        impl<'de> Visitor<'de> for PlayerOfferVisitor {
            type Value = PlayerOffer;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a player offer object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<PlayerOffer, A::Error> {
                let (mut id, mut name, mut status) = (None, None, None);
                let mut extra = Extra::new();
                while let Some(key) = map.next_key_seed(KeySeed(&["id", "name", "status"]))? {
                    match key {
                        Key::Typed(0) => id = Some(map.next_value_seed(IdSeed)?),
                        Key::Typed(1) => name = Some(map.next_value::<String>()?),
                        Key::Typed(_) => status = Some(map.next_value::<String>()?),
                        Key::Other(key) => extra.read_value(key, &mut map)?,
                    }
                }
                Ok(PlayerOffer {
                    id: id.ok_or_else(|| de::Error::missing_field("id"))?,
                    name: name.ok_or_else(|| de::Error::missing_field("name"))?,
                    status: status.ok_or_else(|| de::Error::missing_field("status"))?,
                    extra,
                })
            }
        }
        d.deserialize_map(PlayerOfferVisitor)
    }
}

/// A key of an object with typed fields: the index of one of those names (matched on the
/// borrowed text, no allocation), or any other name, owned for [`Extra`].
enum Key {
    Typed(usize),
    Other(String),
}

struct KeySeed(&'static [&'static str]);

impl<'de> de::DeserializeSeed<'de> for KeySeed {
    type Value = Key;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Key, D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for KeySeed {
    type Value = Key;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Key, E> {
        Ok(match self.0.iter().position(|name| *name == v) {
            Some(i) => Key::Typed(i),
            None => Key::Other(v.to_owned()),
        })
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Key, E> {
        Ok(match self.0.iter().position(|name| *name == v) {
            Some(i) => Key::Typed(i),
            None => Key::Other(v),
        })
    }
}

/// Reads an id given as text or as a number, without an intermediate `Value`.
struct IdSeed;

impl<'de> de::DeserializeSeed<'de> for IdSeed {
    type Value = String;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        struct IdVisitor;
        impl Visitor<'_> for IdVisitor {
            type Value = String;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an id as text or a number")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
                Ok(v.to_owned())
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<String, E> {
                Ok(v)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<String, E> {
                Ok(v.to_string())
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<String, E> {
                Ok(v.to_string())
            }
        }
        d.deserialize_any(IdVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
        let offer: Offer = serde_json::from_str(&sent.to_string()).unwrap();
        assert_eq!(offer.id, "12345678901234");
        assert_eq!(offer.total_payout_usd, 1.25);
        assert_eq!(
            offer.creatives.extra.get("icon_url"),
            Some(json!("https://i/1.png"))
        );
        assert_eq!(offer.extra.get("campaign_id"), Some(json!(7)));
        assert_eq!(offer.field("campaign_id"), Some(json!(7)));
        assert_eq!(
            offer.field("creatives.icon_url"),
            Some(json!("https://i/1.png"))
        );
        // From a Value too (the raw text is rebuilt).
        assert_eq!(
            serde_json::from_value::<Offer>(sent.clone()).unwrap(),
            offer
        );
        assert_eq!(serde_json::to_value(&offer).unwrap(), sent);
        assert_eq!(
            offer.field("links.click_url"),
            Some(json!("https://c/1?player_id=p"))
        );
        assert_eq!(offer.field("creatives.name"), Some(json!("Sky")));
        assert_eq!(offer.field("links.nope"), None);
        assert_eq!(offer.field("links."), None);
        assert_eq!(offer.field(""), None);
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
    fn numeric_id_and_decimal_string_are_accepted() {
        let offer: Offer = serde_json::from_value(json!({
            "id": 42, "name": "n", "total_payout_usd": "0.75",
            "creatives": {"name": "a", "description": "b"}
        }))
        .unwrap();
        assert_eq!(offer.id, "42");
        assert_eq!(offer.total_payout_usd, 0.75);
    }

    #[test]
    fn missing_or_wrong_typed_fields_fail() {
        let missing = serde_json::from_value::<Offer>(json!({"id": "1", "name": "n"}));
        assert!(
            missing
                .unwrap_err()
                .to_string()
                .contains("total_payout_usd")
        );
        let wrong = serde_json::from_value::<Offer>(json!({
            "id": "1", "name": "n", "total_payout_usd": "lots",
            "creatives": {"name": "a", "description": "b"}
        }));
        assert!(wrong.is_err());
        assert!(serde_json::from_value::<Offer>(json!([1, 2])).is_err());
    }

    #[test]
    fn lookup_walks_objects_and_arrays() {
        let v = json!({"goals": [{"name": "first"}, {"name": "second"}]});
        assert_eq!(lookup(&v, "goals.1.name"), Some(&json!("second")));
        assert_eq!(lookup(&v, "goals.x.name"), None);
        assert_eq!(lookup(&v, "goals.9"), None);
    }
}
