//! The fields of an object beyond the ones the spec types ("not shown" by the spec), kept as the
//! service sent them: the raw JSON text of each value, parsed only when a caller asks for it.
//!
//! Most bytes of a full offer are such fields. Keeping them as text makes decoding a scan
//! instead of a tree of allocations, and the bindings hand them on as JSON without a second
//! serialization.

use std::fmt;

use serde::de::{self, MapAccess};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// Extra fields in the order the service sent them; a repeated key keeps its last value.
#[derive(Clone, Default)]
pub struct Extra(Vec<(String, Box<RawValue>)>);

impl Extra {
    /// No fields.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of fields (a repeated key counts once).
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the service sent no field beyond the typed ones.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value of `key`, parsed.
    pub fn get(&self, key: &str) -> Option<Value> {
        self.raw(key)
            .and_then(|raw| serde_json::from_str(raw.get()).ok())
    }

    /// The value of `key` as the JSON text the service sent.
    pub fn raw(&self, key: &str) -> Option<&RawValue> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| &**v)
    }

    /// Whether the service sent `key`, whatever its value (`null` included).
    pub fn contains_key(&self, key: &str) -> bool {
        self.raw(key).is_some()
    }

    /// The field names, in the order the service sent them.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(k, _)| k.as_str())
    }

    /// Each key with its raw JSON text.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &RawValue)> {
        self.0.iter().map(|(k, v)| (k.as_str(), &**v))
    }

    /// All fields, parsed.
    pub fn to_map(&self) -> Map<String, Value> {
        self.0
            .iter()
            .filter_map(|(k, v)| Some((k.clone(), serde_json::from_str(v.get()).ok()?)))
            .collect()
    }

    /// All fields as one JSON object text (`{}` when there are none).
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(
            2 + self
                .0
                .iter()
                .map(|(k, v)| k.len() + v.get().len() + 4)
                .sum::<usize>(),
        );
        out.push('{');
        for (i, (key, value)) in self.0.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            // A key came out of a JSON parser as a string, so it serializes.
            out.push_str(&serde_json::to_string(key).unwrap_or_default());
            out.push(':');
            out.push_str(value.get());
        }
        out.push('}');
        out
    }

    /// Adds a field, replacing an earlier one with the same key.
    pub fn insert(&mut self, key: String, value: Box<RawValue>) {
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = value,
            None => self.0.push((key, value)),
        }
    }

    /// Reads the value of the entry whose key `map` just returned.
    pub(crate) fn read_value<'de, A: MapAccess<'de>>(
        &mut self,
        key: String,
        map: &mut A,
    ) -> Result<(), A::Error> {
        let value: Box<RawValue> = map.next_value()?;
        self.insert(key, value);
        Ok(())
    }
}

impl From<Map<String, Value>> for Extra {
    fn from(map: Map<String, Value>) -> Self {
        let mut extra = Extra::new();
        for (key, value) in map {
            // A Value always serializes to valid JSON text.
            if let Ok(raw) = serde_json::value::to_raw_value(&value) {
                extra.insert(key, raw);
            }
        }
        extra
    }
}

impl PartialEq for Extra {
    /// Same keys with the same values, in any order, compared as JSON (so `1.0` and `1.00`
    /// are equal).
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.to_map() == other.to_map()
    }
}

impl fmt::Debug for Extra {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.0.iter().map(|(k, v)| (k, v.get())))
            .finish()
    }
}

impl Serialize for Extra {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

impl<'de> serde::Deserialize<'de> for Extra {
    /// A JSON object, every value kept as text.
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct ExtraVisitor;
        impl<'de> de::Visitor<'de> for ExtraVisitor {
            type Value = Extra;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Extra, A::Error> {
                let mut extra = Extra::new();
                while let Some(key) = map.next_key::<String>()? {
                    extra.read_value(key, &mut map)?;
                }
                Ok(extra)
            }
        }
        d.deserialize_map(ExtraVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keeps_text_in_order_and_parses_on_request() {
        let extra: Extra =
            serde_json::from_str(r#"{"b": [1, 2], "a": {"x": "y"}, "n": 1.50}"#).unwrap();
        assert_eq!(extra.keys().collect::<Vec<_>>(), ["b", "a", "n"]);
        assert_eq!(extra.get("a"), Some(json!({"x": "y"})));
        assert_eq!(extra.raw("n").unwrap().get(), "1.50");
        assert_eq!(extra.get("missing"), None);
        assert_eq!(extra.to_json(), r#"{"b":[1, 2],"a":{"x": "y"},"n":1.50}"#);
        let reparsed: Value = serde_json::from_str(&extra.to_json()).unwrap();
        assert_eq!(reparsed, json!({"b": [1, 2], "a": {"x": "y"}, "n": 1.5}));
    }

    #[test]
    fn repeated_key_keeps_the_last_value_like_a_map() {
        let extra: Extra = serde_json::from_str(r#"{"k": 1, "k": 2}"#).unwrap();
        assert_eq!(extra.len(), 1);
        assert_eq!(extra.get("k"), Some(json!(2)));
    }

    #[test]
    fn keys_with_escapes_round_trip_through_json_text() {
        let extra: Extra = serde_json::from_str(r#"{"q\"u\\o\u00e9": true}"#).unwrap();
        assert_eq!(extra.keys().next(), Some("q\"u\\oé"));
        let reparsed: Value = serde_json::from_str(&extra.to_json()).unwrap();
        assert_eq!(reparsed, json!({"q\"u\\oé": true}));
    }

    #[test]
    fn equality_and_conversion_from_a_map() {
        let from_map = Extra::from(json!({"a": 1, "b": "x"}).as_object().unwrap().clone());
        let parsed: Extra = serde_json::from_str(r#"{"b":"x","a":1}"#).unwrap();
        assert_eq!(from_map, parsed);
        assert_ne!(from_map, Extra::new());
        assert_eq!(
            serde_json::to_value(&parsed).unwrap(),
            json!({"b": "x", "a": 1})
        );
        assert!(Extra::new().is_empty());
        assert_eq!(Extra::new().to_json(), "{}");
    }
}
