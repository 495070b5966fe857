//! JSON as Godot values and back: objects are `Dictionary`, arrays `Array`, integers `int`,
//! other numbers `float`, `null` is `null`. Used for everything the service sends that the
//! spec does not type (`extra`, `links`, GraphQL `data`) and for GraphQL variables.

use godot::prelude::*;
use serde_json::{Map, Number, Value};

use crate::failure::Failure;

/// Deepest Godot value turned into JSON (deeper is refused, not a stack overflow).
const MAX_DEPTH: usize = 128;

/// `value` as a Godot value. Integers that fit in 64 bits are `int`, larger ones and every
/// other number `float`.
pub(crate) fn to_variant(value: &Value) -> Variant {
    match value {
        Value::Null => Variant::nil(),
        Value::Bool(b) => b.to_variant(),
        Value::Number(n) => number(n),
        Value::String(s) => GString::from(s.as_str()).to_variant(),
        Value::Array(items) => {
            let mut array = VarArray::new();
            for item in items {
                array.push(&to_variant(item));
            }
            array.to_variant()
        }
        Value::Object(map) => dictionary(map).to_variant(),
    }
}

/// JSON text the service sent (a GraphQL response's `data`, kept as text by core) as a Godot
/// value, as [`to_variant`] makes it. Text nested deeper than the JSON reader goes (128 levels)
/// is given as it is, a `String`, rather than refused: GDScript's `JSON.parse_string` reads it.
pub(crate) fn raw_to_variant(raw: &serde_json::value::RawValue) -> Variant {
    match serde_json::from_str::<Value>(raw.get()) {
        Ok(value) => to_variant(&value),
        Err(_) => GString::from(raw.get()).to_variant(),
    }
}

/// A JSON object as a `Dictionary` (keys sorted: the JSON reader keeps no order).
pub(crate) fn dictionary(map: &Map<String, Value>) -> VarDictionary {
    let mut dict = VarDictionary::new();
    for (key, value) in map {
        dict.set(key.as_str(), &to_variant(value));
    }
    dict
}

/// Fields kept as raw JSON text (an offer's `extra`) as a `Dictionary`. A value too deeply
/// nested for the JSON reader (more than 128 levels) or a number no `float` holds is given as
/// its JSON text.
pub(crate) fn extra(extra: &offerkit::Extra) -> VarDictionary {
    let mut dict = VarDictionary::new();
    for (key, raw) in extra.iter() {
        let value = match extra.get(key) {
            Some(value) => to_variant(&value),
            None => GString::from(raw.get()).to_variant(),
        };
        dict.set(key, &value);
    }
    dict
}

/// The text of a String or StringName value (other values: their `str()` form).
pub(crate) fn text(value: &Variant) -> String {
    match value.get_type() {
        VariantType::STRING_NAME => value.to::<StringName>().to_string(),
        VariantType::STRING => value.to::<GString>().to_string(),
        _ => value.stringify().to_string(),
    }
}

fn number(n: &Number) -> Variant {
    match n.as_i64() {
        Some(i) => i.to_variant(),
        None => n.as_f64().unwrap_or(f64::NAN).to_variant(),
    }
}

/// A Godot value as JSON, for `argument` (named in the error): null, bool, int, float
/// (finite), String, StringName, Array, packed arrays and Dictionary with String keys.
pub(crate) fn from_variant(value: &Variant, argument: &str) -> Result<Value, Failure> {
    convert(value, argument, 0)
}

fn convert(value: &Variant, argument: &str, depth: usize) -> Result<Value, Failure> {
    if depth > MAX_DEPTH {
        return Err(bad(argument, "is nested more than 128 levels deep"));
    }
    let ty = value.get_type();
    Ok(match ty {
        VariantType::NIL => Value::Null,
        VariantType::BOOL => Value::Bool(value.to::<bool>()),
        VariantType::INT => Value::from(value.to::<i64>()),
        VariantType::FLOAT => {
            let f = value.to::<f64>();
            Value::Number(
                Number::from_f64(f)
                    .ok_or_else(|| bad(argument, "holds a float that is not finite"))?,
            )
        }
        VariantType::STRING | VariantType::STRING_NAME => Value::String(text(value)),
        VariantType::ARRAY => {
            let array = value.to::<VarArray>();
            let mut items = Vec::with_capacity(array.len());
            for item in array.iter_shared() {
                items.push(convert(&item, argument, depth + 1)?);
            }
            Value::Array(items)
        }
        VariantType::DICTIONARY => {
            let dict = value.to::<VarDictionary>();
            let mut map = Map::new();
            for (key, item) in dict.iter_shared() {
                let key_type = key.get_type();
                if key_type != VariantType::STRING && key_type != VariantType::STRING_NAME {
                    return Err(bad(argument, "has a Dictionary key that is not a String"));
                }
                map.insert(text(&key), convert(&item, argument, depth + 1)?);
            }
            Value::Object(map)
        }
        VariantType::PACKED_STRING_ARRAY => Value::Array(
            value
                .to::<PackedStringArray>()
                .as_slice()
                .iter()
                .map(|s| Value::String(s.to_string()))
                .collect(),
        ),
        VariantType::PACKED_INT32_ARRAY => Value::Array(
            value
                .to::<PackedInt32Array>()
                .as_slice()
                .iter()
                .map(|&i| Value::from(i))
                .collect(),
        ),
        VariantType::PACKED_INT64_ARRAY => Value::Array(
            value
                .to::<PackedInt64Array>()
                .as_slice()
                .iter()
                .map(|&i| Value::from(i))
                .collect(),
        ),
        other => {
            return Err(bad(
                argument,
                &format!("holds a {other:?}, which has no JSON form"),
            ));
        }
    })
}

fn bad(argument: &str, what: &str) -> Failure {
    Failure::invalid_argument("graphql", argument, format!("the value {what}"))
}
