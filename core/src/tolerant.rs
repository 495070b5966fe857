//! Reading lists of items from responses without trusting them: one malformed item is
//! skipped and reported, never fatal to its list.
//!
//! Each item of a list is read on its own (the list is first split into the raw text of its
//! items), so an item that is not an object, or whose numbers do not fit, cannot fail the
//! others. Inside an item, a spec-typed field is required only when the caller's selection
//! named it (see [`OfferRequired`]); a required field that is null, missing or of the wrong
//! type skips the item with a reason, while an unusable field that was not required is kept as
//! sent in `extra` and its typed slot stays `None`. Only a list whose items all fail is an
//! error. The typed values are taken from their raw text, so a hostile value (nested a
//! thousand levels, `1e400`) is at worst one skipped item.

use std::fmt;

use serde::Serialize;
use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;

use crate::error::{Error, ErrorKind, Result};
use crate::offer::{Creatives, Offer, PlayerOffer};
use crate::selection::Selection;

/// An item the service sent that was left out of its list, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SkippedItem {
    /// 0-based position in the list as the service sent it.
    pub index: usize,
    /// The item's `id`, when it had a usable one.
    pub id: Option<String>,
    /// Why, e.g. `name is null` or `total_payout_usd is a string ("lots"), not a number`.
    pub reason: String,
}

impl fmt::Display for SkippedItem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "item {}", self.index)?;
        if let Some(id) = &self.id {
            write!(f, " (id {id})")?;
        }
        write!(f, ": {}", self.reason)
    }
}

/// The spec-typed paths of an offer, in the order they are checked.
const OFFER_PATHS: [&str; 6] = [
    "id",
    "name",
    "total_payout_usd",
    "creatives",
    "creatives.name",
    "creatives.description",
];

/// Which spec-typed offer fields every item must carry: those the selection names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OfferRequired {
    paths: Vec<&'static str>,
}

impl OfferRequired {
    /// Nothing required (the listing: its item shape is not shown and nothing is selected).
    pub(crate) const NONE: OfferRequired = OfferRequired { paths: Vec::new() };

    /// The typed fields `selection` (the whole offer selection) asks for.
    pub(crate) fn of(selection: &str) -> OfferRequired {
        let selection = Selection::parse(selection);
        let creatives = selection.sub("creatives").unwrap_or_default();
        let paths = OFFER_PATHS
            .into_iter()
            .filter(|path| match path.strip_prefix("creatives.") {
                Some(inner) => selection.requires("creatives") && creatives.requires(inner),
                None => selection.requires(path),
            })
            .collect();
        OfferRequired { paths }
    }

    /// Why `offer` lacks a required field, or `None` when it has them all.
    fn missing(&self, offer: &Offer, problems: &Problems) -> Option<String> {
        let missing = self.paths.iter().find(|path| !has(offer, path))?;
        Some(problems.about(missing).map_or_else(
            || format!("{missing} is missing"),
            |what| format!("{missing} is {what}"),
        ))
    }
}

fn has(offer: &Offer, path: &str) -> bool {
    let creatives = offer.creatives.as_ref();
    match path {
        "id" => offer.id.is_some(),
        "name" => offer.name.is_some(),
        "total_payout_usd" => offer.total_payout_usd.is_some(),
        "creatives" => creatives.is_some(),
        "creatives.name" => creatives.is_some_and(|c| c.name.is_some()),
        "creatives.description" => creatives.is_some_and(|c| c.description.is_some()),
        _ => true,
    }
}

/// The typed fields of one item whose values were unusable, with what they were.
#[derive(Debug, Default)]
struct Problems(Vec<(String, String)>);

impl Problems {
    fn add(&mut self, path: &str, what: String) {
        self.0.push((path.to_owned(), what));
    }
    fn about(&self, path: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, what)| what.as_str())
    }
}

/// Offers from the raw items of a list: the good ones in order, and the skipped ones.
/// `what` names the list in messages (`"offers"`). Fails only when every item failed.
pub(crate) fn offers(
    items: &[&RawValue],
    required: &OfferRequired,
    what: &str,
) -> Result<(Vec<Offer>, Vec<SkippedItem>)> {
    keep(items, what, |text| {
        let (offer, problems) = read_item::<Offer>(text)?;
        match required.missing(&offer, &problems) {
            None => Ok(offer),
            Some(reason) => Err((reason, offer.id)),
        }
    })
}

/// `playerOffers` items: nothing in them is spec-typed, so only a non-object is skipped.
pub(crate) fn player_offers(
    items: &[&RawValue],
    what: &str,
) -> Result<(Vec<PlayerOffer>, Vec<SkippedItem>)> {
    keep(items, what, |text| {
        read_item::<PlayerOffer>(text).map(|(item, _)| item)
    })
}

type Verdict<T> = std::result::Result<T, (String, Option<String>)>;

fn keep<T>(
    items: &[&RawValue],
    what: &str,
    read: impl Fn(&str) -> Verdict<T>,
) -> Result<(Vec<T>, Vec<SkippedItem>)> {
    let mut kept = Vec::with_capacity(items.len());
    let mut skipped = Vec::new();
    for (index, raw) in items.iter().enumerate() {
        match read(raw.get()) {
            Ok(item) => kept.push(item),
            Err((reason, id)) => {
                tracing::warn!(list = what, index, id = id.as_deref(), reason = %reason,
                    "skipped a malformed item the service sent");
                skipped.push(SkippedItem { index, id, reason });
            }
        }
    }
    if kept.is_empty() && !skipped.is_empty() {
        let mut reasons: Vec<String> = skipped.iter().take(3).map(|s| s.to_string()).collect();
        if skipped.len() > 3 {
            reasons.push(format!("and {} more", skipped.len() - 3));
        }
        return Err(Error::new(
            ErrorKind::Decode,
            format!(
                "every one of the {} {what} the service sent is malformed: {}",
                skipped.len(),
                reasons.join("; ")
            ),
        ));
    }
    Ok((kept, skipped))
}

/// One item: an object read as `T` with the problems of its typed fields, or the reason it is
/// not one.
fn read_item<T: LooseItem>(text: &str) -> Verdict<(T, Problems)> {
    match serde_json::from_str::<Slot<T>>(text) {
        Ok(Slot::Item(item, problems)) => Ok((item, problems)),
        Ok(Slot::Not(what)) => Err((format!("the item is {what}, not an object"), None)),
        Err(e) => Err((format!("the item cannot be read: {e}"), None)),
    }
}

/// Reads an offer from JSON text with nothing required (tests and tools).
#[cfg(test)]
pub(crate) fn offer_from_json(text: &str) -> Offer {
    read_item::<Offer>(text).map(|(o, _)| o).unwrap_or_default()
}

#[cfg(test)]
pub(crate) fn player_offer_from_json(text: &str) -> PlayerOffer {
    read_item::<PlayerOffer>(text)
        .map(|(o, _)| o)
        .unwrap_or_default()
}

/// An item type read field by field from a JSON object, never failing on a value's type.
trait LooseItem: Sized {
    fn read<'de, A: MapAccess<'de>>(map: A, problems: &mut Problems) -> Result<Self, A::Error>;
}

enum Slot<T> {
    Item(T, Problems),
    Not(&'static str),
}

impl<'de, T: LooseItem> de::Deserialize<'de> for Slot<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct SlotVisitor<T>(std::marker::PhantomData<T>);
        impl<'de, T: LooseItem> Visitor<'de> for SlotVisitor<T> {
            type Value = Slot<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an item")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Slot<T>, A::Error> {
                let mut problems = Problems::default();
                let item = T::read(map, &mut problems)?;
                Ok(Slot::Item(item, problems))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Slot<T>, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(Slot::Not("an array"))
            }
            fn visit_unit<E>(self) -> Result<Slot<T>, E> {
                Ok(Slot::Not("null"))
            }
            fn visit_bool<E>(self, _: bool) -> Result<Slot<T>, E> {
                Ok(Slot::Not("a boolean"))
            }
            fn visit_i64<E>(self, _: i64) -> Result<Slot<T>, E> {
                Ok(Slot::Not("a number"))
            }
            fn visit_u64<E>(self, _: u64) -> Result<Slot<T>, E> {
                Ok(Slot::Not("a number"))
            }
            fn visit_f64<E>(self, _: f64) -> Result<Slot<T>, E> {
                Ok(Slot::Not("a number"))
            }
            fn visit_str<E>(self, _: &str) -> Result<Slot<T>, E> {
                Ok(Slot::Not("a string"))
            }
        }
        d.deserialize_any(SlotVisitor(std::marker::PhantomData))
    }
}

impl LooseItem for Offer {
    fn read<'de, A: MapAccess<'de>>(mut map: A, problems: &mut Problems) -> Result<Self, A::Error> {
        let mut offer = Offer::default();
        const TYPED: &[&str] = &["id", "name", "total_payout_usd", "creatives"];
        while let Some(key) = map.next_key_seed(KeySeed(TYPED))? {
            let Key::Typed(i) = key else {
                if let Key::Other(key) = key {
                    offer.extra.read_value(key, &mut map)?;
                }
                continue;
            };
            let raw: Box<RawValue> = map.next_value()?;
            let field = TYPED[i];
            let ok = match i {
                0 => id(&raw).map(|v| offer.id = Some(v)),
                1 => text(&raw).map(|v| offer.name = Some(v)),
                2 => decimal(&raw).map(|v| offer.total_payout_usd = Some(v)),
                _ => creatives(&raw, problems).map(|v| offer.creatives = Some(v)),
            };
            if let Err(what) = ok {
                problems.add(field, what);
                offer.extra.insert(field.to_owned(), raw);
            }
        }
        Ok(offer)
    }
}

impl LooseItem for Creatives {
    fn read<'de, A: MapAccess<'de>>(mut map: A, problems: &mut Problems) -> Result<Self, A::Error> {
        let mut creatives = Creatives::default();
        const TYPED: &[&str] = &["name", "description"];
        while let Some(key) = map.next_key_seed(KeySeed(TYPED))? {
            match key {
                Key::Other(key) => creatives.extra.read_value(key, &mut map)?,
                Key::Typed(i) => {
                    let raw: Box<RawValue> = map.next_value()?;
                    match text(&raw) {
                        Ok(v) if i == 0 => creatives.name = Some(v),
                        Ok(v) => creatives.description = Some(v),
                        Err(what) => {
                            problems.add(&format!("creatives.{}", TYPED[i]), what);
                            creatives.extra.insert(TYPED[i].to_owned(), raw);
                        }
                    }
                }
            }
        }
        Ok(creatives)
    }
}

impl LooseItem for PlayerOffer {
    fn read<'de, A: MapAccess<'de>>(mut map: A, problems: &mut Problems) -> Result<Self, A::Error> {
        let mut item = PlayerOffer::default();
        const TYPED: &[&str] = &["id", "name", "status"];
        while let Some(key) = map.next_key_seed(KeySeed(TYPED))? {
            match key {
                Key::Other(key) => item.extra.read_value(key, &mut map)?,
                Key::Typed(i) => {
                    let raw: Box<RawValue> = map.next_value()?;
                    let ok = match i {
                        0 => id(&raw).map(|v| item.id = Some(v)),
                        1 => text(&raw).map(|v| item.name = Some(v)),
                        _ => text(&raw).map(|v| item.status = Some(v)),
                    };
                    if let Err(what) = ok {
                        problems.add(TYPED[i], what);
                        item.extra.insert(TYPED[i].to_owned(), raw);
                    }
                }
            }
        }
        Ok(item)
    }
}

/// What a raw value is, for messages: `null`, `a string ("lots")`, `an object`, ….
fn describe(raw: &RawValue) -> String {
    let text = raw.get();
    match text.as_bytes().first() {
        Some(b'n') => "null".to_owned(),
        Some(b'"') => {
            let shown: String = text.chars().take(40).collect();
            let cut = if shown.len() < text.len() { "…" } else { "" };
            format!("a string ({shown}{cut})")
        }
        Some(b'{') => "an object".to_owned(),
        Some(b'[') => "an array".to_owned(),
        Some(b't' | b'f') => "a boolean".to_owned(),
        _ => {
            let shown: String = text.chars().take(40).collect();
            format!("the number {shown}")
        }
    }
}

fn wrong(raw: &RawValue, expected: &str) -> String {
    match describe(raw) {
        null if null == "null" => null,
        other => format!("{other}, not {expected}"),
    }
}

fn text(raw: &RawValue) -> std::result::Result<String, String> {
    serde_json::from_str::<String>(raw.get()).map_err(|_| wrong(raw, "text"))
}

/// An id as text, or as an integer (written as text).
fn id(raw: &RawValue) -> std::result::Result<String, String> {
    let text = raw.get();
    if text.starts_with('"') {
        return serde_json::from_str::<String>(text).map_err(|_| wrong(raw, "text"));
    }
    serde_json::from_str::<u64>(text)
        .map(|n| n.to_string())
        .or_else(|_| serde_json::from_str::<i64>(text).map(|n| n.to_string()))
        .map_err(|_| wrong(raw, "text or an integer"))
}

/// A decimal number, or a string holding one (finite either way).
fn decimal(raw: &RawValue) -> std::result::Result<f64, String> {
    let text = raw.get();
    let parsed = if text.starts_with('"') {
        serde_json::from_str::<String>(text)
            .ok()
            .and_then(|s| s.trim().parse::<f64>().ok())
    } else {
        serde_json::from_str::<f64>(text).ok()
    };
    parsed
        .filter(|f| f.is_finite())
        .ok_or_else(|| wrong(raw, "a number"))
}

fn creatives(raw: &RawValue, problems: &mut Problems) -> std::result::Result<Creatives, String> {
    if !raw.get().starts_with('{') {
        return Err(wrong(raw, "an object"));
    }
    match serde_json::from_str::<Slot<Creatives>>(raw.get()) {
        Ok(Slot::Item(creatives, inner)) => {
            problems.0.extend(inner.0);
            Ok(creatives)
        }
        _ => Err(wrong(raw, "an object")),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::OFFER_FIELDS;

    fn raw_items(json: &str) -> Vec<Box<RawValue>> {
        serde_json::from_str(json).unwrap()
    }

    fn decode(json: &str, selection: &str) -> Result<(Vec<Offer>, Vec<SkippedItem>)> {
        let items = raw_items(json);
        let borrowed: Vec<&RawValue> = items.iter().map(|b| &**b).collect();
        offers(&borrowed, &OfferRequired::of(selection), "offers")
    }

    const GOOD: &str = r#"{"id":"1","name":"A","total_payout_usd":1.5,"creatives":{"name":"c","description":"d"}}"#;

    #[test]
    fn a_bad_required_field_skips_only_its_item() {
        let list = format!(
            r#"[{GOOD},
               {{"id":"2","name":null,"total_payout_usd":1,"creatives":{{"name":"c","description":"d"}}}},
               {{"id":3,"name":"C","total_payout_usd":"lots","creatives":{{"name":"c","description":"d"}}}},
               {{"id":"4","name":"D","total_payout_usd":2}},
               {{"id":"5","name":"E","total_payout_usd":2,"creatives":{{"name":"c","description":12}}}},
               null,
               {{"id":"7","name":"G","total_payout_usd":1e400,"creatives":{{"name":"c","description":"d"}}}},
               {GOOD}]"#
        );
        let (kept, skipped) = decode(&list, OFFER_FIELDS).unwrap();
        assert_eq!(kept.len(), 2);
        let got: Vec<(usize, Option<&str>, &str)> = skipped
            .iter()
            .map(|s| (s.index, s.id.as_deref(), s.reason.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (1, Some("2"), "name is null"),
                (
                    2,
                    Some("3"),
                    r#"total_payout_usd is a string ("lots"), not a number"#
                ),
                (3, Some("4"), "creatives is missing"),
                (
                    4,
                    Some("5"),
                    "creatives.description is the number 12, not text"
                ),
                (5, None, "the item is null, not an object"),
                (
                    6,
                    Some("7"),
                    "total_payout_usd is the number 1e400, not a number"
                ),
            ]
        );
    }

    #[test]
    fn only_selected_typed_fields_are_required() {
        let list = r#"[{"id":"1","name":"A"},{"name":"B","creatives":{"name":"n"}}]"#;
        let (kept, skipped) = decode(list, "name creatives { name }").unwrap();
        assert_eq!((kept.len(), skipped.len()), (1, 1));
        assert_eq!(kept[0].name.as_deref(), Some("B"));
        assert_eq!(skipped[0].reason, "creatives is missing");
        // An unusable field nobody asked for is kept as sent, not an error.
        let (kept, skipped) = decode(r#"[{"name":"A","total_payout_usd":"x"}]"#, "name").unwrap();
        assert!(skipped.is_empty());
        assert_eq!(kept[0].total_payout_usd, None);
        assert_eq!(
            serde_json::to_string(&kept[0]).unwrap(),
            r#"{"name":"A","total_payout_usd":"x"}"#
        );
    }

    #[test]
    fn only_a_list_of_nothing_but_bad_items_fails() {
        let err = decode(r#"[null, {"id":"1"}, 5]"#, OFFER_FIELDS).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Decode);
        assert!(err.message().contains("every one of the 3 offers"), "{err}");
        assert!(err.message().contains("name is missing"), "{err}");
        assert_eq!(decode("[]", OFFER_FIELDS).unwrap().0.len(), 0);
    }

    #[test]
    fn numeric_ids_and_decimal_strings_are_accepted() {
        let (kept, _) = decode(
            r#"[{"id":42,"name":"n","total_payout_usd":" 0.75 ","creatives":{"name":"a","description":"b"}}]"#,
            OFFER_FIELDS,
        )
        .unwrap();
        assert_eq!(kept[0].id.as_deref(), Some("42"));
        assert_eq!(kept[0].total_payout_usd, Some(0.75));
    }

    #[test]
    fn player_offer_items_require_nothing_but_being_objects() {
        let items = raw_items(r#"[{"id":"1","status":5}, "x", {}]"#);
        let borrowed: Vec<&RawValue> = items.iter().map(|b| &**b).collect();
        let (kept, skipped) = player_offers(&borrowed, "playerOffers items").unwrap();
        assert_eq!(kept.len(), 2);
        assert_eq!(kept[0].status, None);
        assert_eq!(kept[0].field("status"), Some(serde_json::json!(5)));
        assert_eq!(skipped[0].index, 1);
        assert_eq!(skipped[0].reason, "the item is a string, not an object");
    }
}
