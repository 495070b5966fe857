//! A JSON object's entries exactly as written — in order, repeated keys kept, each value as its
//! raw text — read without a depth limit, so a test can compare what a binding hands out with
//! what was sent whatever the values hold.

use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;

/// The entries of the JSON object `json` as (key, raw value text); an error when `json` is not
/// one object.
pub fn object_entries(json: &str) -> Result<Vec<(String, String)>, serde_json::Error> {
    let Entries(entries) = serde_json::from_str(json)?;
    Ok(entries
        .into_iter()
        .map(|(key, value)| (key, value.get().to_string()))
        .collect())
}

struct Entries(Vec<(String, Box<RawValue>)>);

impl<'de> Deserialize<'de> for Entries {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(EntriesVisitor)
    }
}

struct EntriesVisitor;

impl<'de> Visitor<'de> for EntriesVisitor {
    type Value = Entries;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entries, A::Error> {
        let mut entries = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            entries.push((key, map.next_value::<Box<RawValue>>()?));
        }
        Ok(Entries(entries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_repeats_and_raw_text_are_kept() {
        let deep = format!("{}{}", "[".repeat(2000), "]".repeat(2000));
        let json = format!(r#"{{"b": 1e400, "a":{deep},"b" : "x\u0000"}}"#);
        let entries = object_entries(&json).expect("an object");
        assert_eq!(
            entries,
            [
                ("b".to_string(), "1e400".to_string()),
                ("a".to_string(), deep),
                ("b".to_string(), r#""x\u0000""#.to_string()),
            ]
        );
    }

    #[test]
    fn anything_but_one_object_is_an_error() {
        for json in ["[]", "1", r#"{"a":1} {}"#, "{"] {
            assert!(object_entries(json).is_err(), "{json}");
        }
    }
}
