//! Reading lists of items from responses without trusting them: one malformed item is
//! skipped and reported, never fatal to its list.
//!
//! A list is first read strictly, in one pass: every element an object whose typed fields
//! have their types (borrowed, no copies) — what a well-behaved service always sends, at the
//! cost of plain typed decoding. Anything else makes that pass fail, and only then is the list
//! split into the raw text of its items, each read tolerantly on its own: an item that is not
//! an object, or that no parser can read, is one skipped item. Inside an item a spec-typed
//! field is required only when the caller's selection named it (see [`OfferRequired`]); a
//! required field that is null, missing or of the wrong type skips the item with a reason,
//! while an unusable field that was not required is kept as sent in `extra` and its typed slot
//! stays `None`. Only a list whose items all fail is an error.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;

use crate::error::{Error, ErrorKind, Result};
use crate::extra::Extra;
use crate::offer::{Creatives, Offer, PlayerOffer};
use crate::selection::Selection;
use crate::skipped::SkippedItem;

/// The spec-typed paths of an offer, in the order they are checked.
const OFFER_PATHS: [&str; 6] = [
    "id",
    "name",
    "total_payout_usd",
    "creatives",
    "creatives.name",
    "creatives.description",
];

/// Which spec-typed offer fields every item must carry: those the selection names, as a mask
/// over [`OFFER_PATHS`] (checked per offer, so kept to a few bit tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OfferRequired(u8);

impl OfferRequired {
    /// Nothing required (the listing: its item shape is not shown and nothing is selected).
    pub(crate) const NONE: OfferRequired = OfferRequired(0);

    /// The typed fields `selection` (the whole offer selection) asks for.
    pub(crate) fn of(selection: &str) -> OfferRequired {
        if selection == crate::query::OFFER_FIELDS {
            return OfferRequired(0b11_1111); // the default names all six; no need to parse it
        }
        let selection = Selection::parse(selection);
        let creatives = selection.sub("creatives").unwrap_or_default();
        let mask = OFFER_PATHS
            .into_iter()
            .enumerate()
            .filter(|(_, path)| match path.strip_prefix("creatives.") {
                Some(inner) => selection.requires("creatives") && creatives.requires(inner),
                None => selection.requires(path),
            })
            .fold(0u8, |mask, (bit, _)| mask | 1 << bit);
        OfferRequired(mask)
    }

    /// Why `offer` lacks a required field, or `None` when it has them all.
    fn missing(&self, offer: &Offer, problems: &Problems) -> Option<String> {
        let creatives = offer.creatives.as_ref();
        let present = [
            offer.id.is_some(),
            offer.name.is_some(),
            offer.total_payout_usd.is_some(),
            creatives.is_some(),
            creatives.is_some_and(|c| c.name.is_some()),
            creatives.is_some_and(|c| c.description.is_some()),
        ];
        let bit = (0..OFFER_PATHS.len()).find(|&bit| self.0 & (1 << bit) != 0 && !present[bit])?;
        let missing = OFFER_PATHS[bit];
        Some(problems.about(missing).map_or_else(
            || format!("{missing} is missing"),
            |what| format!("{missing} is {what}"),
        ))
    }
}

/// The typed fields of one item whose values were unusable, with what they were.
#[derive(Debug, Default)]
pub(crate) struct Problems(Vec<(String, String)>);

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

/// The elements of a list as read: strictly in one pass, or (slow path) as raw text.
pub(crate) enum Elements<'a, T> {
    Strict(Vec<Strict<T>>),
    Raw(Vec<&'a RawValue>),
}

/// Offers from the elements of a list: the good ones in order, and the skipped ones. `what`
/// names the list in messages (`"offers"`). Fails only when every item failed.
pub(crate) fn offers(
    elements: Elements<'_, Offer>,
    required: &OfferRequired,
    what: &str,
) -> Result<(Vec<Offer>, Vec<SkippedItem>)> {
    let judge = |offer: &Offer, problems: &Problems| {
        required
            .missing(offer, problems)
            .map(|reason| (reason, offer.id.clone()))
    };
    keep(elements, what, judge)
}

/// `playerOffers` items: nothing in them is spec-typed, so only a non-object is skipped.
pub(crate) fn player_offers(
    elements: Elements<'_, PlayerOffer>,
    what: &str,
) -> Result<(Vec<PlayerOffer>, Vec<SkippedItem>)> {
    keep(elements, what, |_, _| None)
}

/// Why an item must be skipped (and its id), or `None` to keep it.
type Verdict = Option<(String, Option<String>)>;

/// The items to keep and the ones skipped, with a warning each. A strictly read list is
/// filtered in place (the common case costs no second vector); a raw one is read item by item.
fn keep<T: LooseItem>(
    elements: Elements<'_, T>,
    what: &str,
    judge: impl Fn(&T, &Problems) -> Verdict,
) -> Result<(Vec<T>, Vec<SkippedItem>)> {
    let mut skipped = Vec::new();
    let mut skip = |index: usize, (reason, id): (String, Option<String>)| {
        tracing::warn!(list = what, index, id = id.as_deref(), reason = %reason,
            "skipped a malformed item the service sent");
        skipped.push(SkippedItem { index, id, reason });
    };
    let kept = match elements {
        Elements::Strict(items) => {
            let mut items: Vec<T> = items.into_iter().map(|Strict(item)| item).collect();
            let none = Problems::default();
            let mut index = 0;
            items.retain(|item| {
                let verdict = judge(item, &none);
                let keep = verdict.is_none();
                if let Some(verdict) = verdict {
                    skip(index, verdict);
                }
                index += 1;
                keep
            });
            items
        }
        Elements::Raw(raw) => {
            let mut items = Vec::with_capacity(raw.len());
            for (index, raw) in raw.into_iter().enumerate() {
                let verdict = match serde_json::from_str::<Tolerant<T>>(raw.get()) {
                    Ok(Tolerant::Item(item, problems)) => match judge(&item, &problems) {
                        None => {
                            items.push(item);
                            continue;
                        }
                        Some(verdict) => verdict,
                    },
                    Ok(Tolerant::Not(kind)) => (format!("the item is {kind}, not an object"), None),
                    Err(e) => (format!("the item cannot be read: {e}"), None),
                };
                skip(index, verdict);
            }
            items
        }
    };
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

/// An item type read field by field from a JSON object ([`read`] walks the keys). `STRICT`
/// reads (the one-pass path) fail on any typed value of the wrong type, which sends the whole
/// list down the slow path; tolerant reads never fail on a value's type: they note the problem
/// and keep the value.
pub(crate) trait LooseItem: Sized + Default {
    /// The keys of the typed fields; [`LooseItem::read_typed`] gets their index.
    const TYPED: &'static [&'static str];
    /// What the typed keys' paths start with in messages (`creatives.` inside an offer).
    const PATH_PREFIX: &'static str;

    /// Where the fields that are not typed are kept.
    fn extra_mut(&mut self) -> &mut Extra;

    /// Reads the value of typed key `TYPED[typed]` into its field.
    fn read_typed<'de, A: MapAccess<'de>, const STRICT: bool>(
        &mut self,
        typed: usize,
        fields: &mut Fields<'_, A, STRICT>,
    ) -> Result<(), A::Error>;
}

/// Reads one item of type `T` from the entries of its object.
fn read<'de, T: LooseItem, A: MapAccess<'de>, const STRICT: bool>(
    map: A,
    problems: &mut Problems,
) -> Result<T, A::Error> {
    let mut fields = Fields::<A, STRICT> {
        map,
        problems,
        prefix: T::PATH_PREFIX,
    };
    let mut item = T::default();
    while let Some(key) = fields.map.next_key_seed(KeySeed(T::TYPED))? {
        match key {
            Key::Other(key) => item.extra_mut().read_value(key, &mut fields.map)?,
            Key::Typed(typed) => item.read_typed(typed, &mut fields)?,
        }
    }
    Ok(item)
}

/// An element read strictly: an object whose typed fields all have their types, anything
/// else an error.
pub(crate) struct Strict<T>(pub(crate) T);

impl<'de, T: LooseItem> de::Deserialize<'de> for Strict<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct StrictVisitor<T>(PhantomData<T>);
        impl<'de, T: LooseItem> Visitor<'de> for StrictVisitor<T> {
            type Value = Strict<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                read::<T, A, true>(map, &mut Problems::default()).map(Strict)
            }
        }
        d.deserialize_map(StrictVisitor(PhantomData))
    }
}

/// An element read tolerantly: an object with the problems of its typed fields, or what it
/// is instead.
enum Tolerant<T> {
    Item(T, Problems),
    Not(&'static str),
}

impl<'de, T: LooseItem> de::Deserialize<'de> for Tolerant<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct TolerantVisitor<T>(PhantomData<T>);
        impl<'de, T: LooseItem> Visitor<'de> for TolerantVisitor<T> {
            type Value = Tolerant<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an item")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                let mut problems = Problems::default();
                let item = read::<T, A, false>(map, &mut problems)?;
                Ok(Tolerant::Item(item, problems))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(Tolerant::Not("an array"))
            }
            fn visit_unit<E>(self) -> Result<Self::Value, E> {
                Ok(Tolerant::Not("null"))
            }
            fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
                Ok(Tolerant::Not("a boolean"))
            }
            fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
                Ok(Tolerant::Not("a number"))
            }
            fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
                Ok(Tolerant::Not("a number"))
            }
            fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
                Ok(Tolerant::Not("a number"))
            }
            fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
                Ok(Tolerant::Not("a string"))
            }
        }
        d.deserialize_any(TolerantVisitor(PhantomData))
    }
}

/// The fields of one object being read: its map and the problems found so far. `STRICT` reads
/// fail on a typed value of the wrong type; tolerant reads note the problem in `problems`
/// (under `prefix` + the key, e.g. `creatives.name`) and keep the value as sent in `extra`.
pub(crate) struct Fields<'p, A, const STRICT: bool> {
    map: A,
    problems: &'p mut Problems,
    prefix: &'static str,
}

impl<'de, A: MapAccess<'de>, const STRICT: bool> Fields<'_, A, STRICT> {
    fn text(&mut self, key: &str, extra: &mut Extra) -> Result<Option<String>, A::Error> {
        self.typed(key, extra, PhantomData::<String>, |r, _| text(r))
    }

    fn id(&mut self, key: &str, extra: &mut Extra) -> Result<Option<String>, A::Error> {
        self.typed(key, extra, Any(IdVisitor), |r, _| id(r))
    }

    fn decimal(&mut self, key: &str, extra: &mut Extra) -> Result<Option<f64>, A::Error> {
        self.typed(key, extra, Any(DecimalVisitor), |r, _| decimal(r))
    }

    fn creatives(&mut self, key: &str, extra: &mut Extra) -> Result<Option<Creatives>, A::Error> {
        self.typed(key, extra, PhantomData::<Creatives>, creatives)
    }

    /// Reads the value of typed field `key`: strictly with `strict` (a wrong type is an
    /// error), or from its raw text with `loose` (a wrong type is noted in `problems` and the
    /// value kept as sent in `extra`; then `None`).
    fn typed<S: de::DeserializeSeed<'de>>(
        &mut self,
        key: &str,
        extra: &mut Extra,
        strict: S,
        loose: impl FnOnce(&RawValue, &mut Problems) -> std::result::Result<S::Value, String>,
    ) -> Result<Option<S::Value>, A::Error> {
        if STRICT {
            return self.map.next_value_seed(strict).map(Some);
        }
        let raw: &'de RawValue = self.map.next_value()?;
        match loose(raw, self.problems) {
            Ok(value) => Ok(Some(value)),
            Err(what) => {
                self.problems.add(&format!("{}{key}", self.prefix), what);
                extra.insert(key.to_owned(), raw.to_owned());
                Ok(None)
            }
        }
    }
}

/// Declares an item type's typed fields, each with how its value is read (a method of
/// [`Fields`]: `id`, `text`, `decimal`, `creatives`), in the order of [`LooseItem::TYPED`].
/// The items deserialize on their own too (e.g. from a cache of the caller's): strictly, so a
/// typed field of the wrong type is an error, and a missing one is `None`.
macro_rules! loose_item {
    ($item:ty, $prefix:literal { $($field:ident: $read:ident),+ $(,)? }) => {
        impl LooseItem for $item {
            const TYPED: &'static [&'static str] = &[$(stringify!($field)),+];
            const PATH_PREFIX: &'static str = $prefix;

            fn extra_mut(&mut self) -> &mut Extra {
                &mut self.extra
            }

            fn read_typed<'de, A: MapAccess<'de>, const STRICT: bool>(
                &mut self,
                typed: usize,
                fields: &mut Fields<'_, A, STRICT>,
            ) -> Result<(), A::Error> {
                let key = Self::TYPED[typed];
                let mut index = 0;
                $(
                    if typed == index {
                        self.$field = fields.$read(key, &mut self.extra)?;
                    }
                    index += 1;
                )+
                debug_assert_eq!(index, Self::TYPED.len());
                Ok(())
            }
        }

        impl<'de> de::Deserialize<'de> for $item {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                Strict::<$item>::deserialize(d).map(|Strict(item)| item)
            }
        }
    };
}

loose_item!(Offer, "" { id: id, name: text, total_payout_usd: decimal, creatives: creatives });
loose_item!(Creatives, "creatives." { name: text, description: text });
loose_item!(PlayerOffer, "" { id: id, name: text, status: text });

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

/// The text of a JSON string: sliced straight from the raw text when it has no escapes
/// (nearly always), unescaped by serde_json otherwise.
fn string(raw: &RawValue) -> Option<String> {
    let text = raw.get();
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    if inner.contains('\\') {
        serde_json::from_str::<String>(text).ok()
    } else {
        Some(inner.to_owned())
    }
}

fn text(raw: &RawValue) -> std::result::Result<String, String> {
    string(raw).ok_or_else(|| wrong(raw, "text"))
}

/// An id as text, or as an integer (written as text).
fn id(raw: &RawValue) -> std::result::Result<String, String> {
    let text = raw.get();
    if text.starts_with('"') {
        return string(raw).ok_or_else(|| wrong(raw, "text"));
    }
    let integer = text.parse::<u64>().is_ok() || text.parse::<i64>().is_ok();
    integer
        .then(|| text.to_owned())
        .ok_or_else(|| wrong(raw, "text or an integer"))
}

/// A decimal number, or a string holding one (finite either way). A raw JSON number is in
/// Rust's float syntax, and both parsers round correctly.
fn decimal(raw: &RawValue) -> std::result::Result<f64, String> {
    let parsed = match string(raw) {
        Some(s) => s.trim().parse::<f64>().ok(),
        None if raw
            .get()
            .starts_with(['-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']) =>
        {
            raw.get().parse::<f64>().ok()
        }
        None => None,
    };
    parsed
        .filter(|f| f.is_finite())
        .ok_or_else(|| wrong(raw, "a number"))
}

fn creatives(raw: &RawValue, problems: &mut Problems) -> std::result::Result<Creatives, String> {
    if !raw.get().starts_with('{') {
        return Err(wrong(raw, "an object"));
    }
    match serde_json::from_str::<Tolerant<Creatives>>(raw.get()) {
        Ok(Tolerant::Item(creatives, inner)) => {
            problems.0.extend(inner.0);
            Ok(creatives)
        }
        _ => Err(wrong(raw, "an object")),
    }
}

/// Reads a value with visitor `V` whatever its JSON type: the visitor decides what it accepts.
struct Any<V>(V);

impl<'de, V: Visitor<'de>> de::DeserializeSeed<'de> for Any<V> {
    type Value = V::Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        d.deserialize_any(self.0)
    }
}

/// A strict id: text, or an integer (written as text).
struct IdVisitor;

impl Visitor<'_> for IdVisitor {
    type Value = String;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an id as text or an integer")
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

/// A strict decimal: a finite number, or a string holding one.
struct DecimalVisitor;

impl Visitor<'_> for DecimalVisitor {
    type Value = f64;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a decimal number")
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<f64, E> {
        Ok(v)
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<f64, E> {
        Ok(v as f64)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<f64, E> {
        Ok(v as f64)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<f64, E> {
        v.trim()
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .ok_or_else(|| E::custom("not a decimal number"))
    }
}

/// A key of an object with typed fields: the index of one of those names (matched on the
/// borrowed text, no allocation), or any other name, owned for [`Extra`].
enum Key {
    Typed(usize),
    Other(String),
}

struct KeySeed(&'static [&'static str]);

impl KeySeed {
    /// The index of `name` among the typed names.
    fn typed(&self, name: &str) -> Option<usize> {
        self.0.iter().position(|typed| *typed == name)
    }
}

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
        Ok(self
            .typed(v)
            .map_or_else(|| Key::Other(v.to_owned()), Key::Typed))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Key, E> {
        Ok(self.typed(&v).map_or(Key::Other(v), Key::Typed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::OFFER_FIELDS;

    /// Both paths: one pass, and the raw split (forced), must agree.
    fn decode(json: &str, selection: &str) -> Result<(Vec<Offer>, Vec<SkippedItem>)> {
        let required = OfferRequired::of(selection);
        let raw: Vec<&RawValue> = serde_json::from_str(json).unwrap();
        let slow = offers(Elements::Raw(raw), &required, "offers");
        match serde_json::from_str::<Vec<Strict<Offer>>>(json) {
            Ok(read) => {
                let fast = offers(Elements::Strict(read), &required, "offers");
                assert_eq!(
                    format!("{fast:?}"),
                    format!("{slow:?}"),
                    "one pass and item by item agree"
                );
                fast
            }
            Err(_) => slow,
        }
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
    fn items_deserialize_strictly_on_their_own() {
        let sent = serde_json::json!({"id": 7, "name": "n", "campaign_id": 3});
        let offer: Offer = serde_json::from_str(&sent.to_string()).unwrap();
        assert_eq!(offer.id.as_deref(), Some("7"));
        assert_eq!(offer.total_payout_usd, None);
        assert_eq!(offer.extra.get("campaign_id"), Some(serde_json::json!(3)));
        assert_eq!(serde_json::from_value::<Offer>(sent).unwrap(), offer);
        assert!(serde_json::from_str::<Offer>(r#"{"name": null}"#).is_err());
        assert!(serde_json::from_str::<PlayerOffer>(r#"[1]"#).is_err());
    }

    #[test]
    fn the_default_selection_requires_every_typed_field() {
        let parsed = OfferRequired::of(&format!(" {OFFER_FIELDS}"));
        assert_eq!(OfferRequired::of(OFFER_FIELDS), parsed);
        assert_eq!(parsed, OfferRequired(0b11_1111));
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
    fn an_item_no_float_holds_is_one_skipped_item_on_the_slow_path() {
        let list = format!(r#"[{GOOD}, 1e400, {GOOD}]"#);
        assert!(
            serde_json::from_str::<Vec<Strict<Offer>>>(&list).is_err(),
            "one pass fails"
        );
        let (kept, skipped) = decode(&list, OFFER_FIELDS).unwrap();
        assert_eq!(kept.len(), 2);
        assert_eq!(skipped[0].index, 1);
        assert!(
            skipped[0].reason.starts_with("the item cannot be read"),
            "{}",
            skipped[0].reason
        );
    }

    #[test]
    fn escaped_strings_are_unescaped() {
        let (kept, _) = decode(
            r#"[{"id":"1","name":"A \"quoted\" \u00e9","total_payout_usd":-0.5e1,"creatives":{"name":"\n","description":""}}]"#,
            OFFER_FIELDS,
        )
        .unwrap();
        assert_eq!(kept[0].name.as_deref(), Some("A \"quoted\" é"));
        assert_eq!(kept[0].total_payout_usd, Some(-5.0));
        assert_eq!(
            kept[0].creatives.as_ref().unwrap().name.as_deref(),
            Some("\n")
        );
    }

    #[test]
    fn player_offer_items_require_nothing_but_being_objects() {
        let raw: Vec<&RawValue> =
            serde_json::from_str(r#"[{"id":"1","status":5}, "x", {}]"#).unwrap();
        let (kept, skipped) = player_offers(Elements::Raw(raw), "playerOffers items").unwrap();
        assert_eq!(kept.len(), 2);
        assert_eq!(kept[0].status, None);
        assert_eq!(kept[0].field("status"), Some(serde_json::json!(5)));
        assert_eq!(skipped[0].index, 1);
        assert_eq!(skipped[0].reason, "the item is a string, not an object");
    }
}
