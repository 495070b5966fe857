//! A GraphQL response as JSON: the bytes `serde_json` writes for it, written more directly.
//! Writing async-graphql's value tree through serde was ~14 % of an `offers` request, most of
//! it checking every byte of every string for escapes one at a time. Here a string that
//! needs no escaping (all of the simulator's) is copied whole; anything else (escapes,
//! numbers, errors, extensions, unusual values) is still written by `serde_json` itself.

use async_graphql::indexmap::IndexMap;
use async_graphql::{Name, Response, Value};

/// Appends `response` as compact JSON, byte for byte what `serde_json::to_writer` writes.
pub fn write_response(out: &mut Vec<u8>, response: &Response) -> serde_json::Result<()> {
    if !response.errors.is_empty() || !response.extensions.is_empty() {
        return serde_json::to_writer(out, response);
    }
    out.extend_from_slice(br#"{"data":"#);
    write_value(out, &response.data)?;
    out.push(b'}');
    Ok(())
}

fn write_value(out: &mut Vec<u8>, value: &Value) -> serde_json::Result<()> {
    match value {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Boolean(true) => out.extend_from_slice(b"true"),
        Value::Boolean(false) => out.extend_from_slice(b"false"),
        Value::String(s) => write_str(out, s)?,
        Value::Enum(name) => write_str(out, name)?,
        Value::List(items) => write_list(out, items, write_value)?,
        Value::Object(map) if !is_raw_value(map) => {
            out.push(b'{');
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_str(out, key)?;
                out.push(b':');
                write_value(out, item)?;
            }
            out.push(b'}');
        }
        // Numbers, bytes, raw JSON: exactly as serde_json writes them.
        Value::Number(_) | Value::Binary(_) | Value::Object(_) => {
            serde_json::to_writer(&mut *out, value)?;
        }
    }
    Ok(())
}

/// `items` as a compact JSON array, each written by `write_item`.
pub fn write_list(
    out: &mut Vec<u8>,
    items: &[Value],
    write_item: impl Fn(&mut Vec<u8>, &Value) -> serde_json::Result<()>,
) -> serde_json::Result<()> {
    out.push(b'[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write_item(out, item)?;
    }
    out.push(b']');
    Ok(())
}

/// Possibly async-graphql's marker for embedded raw JSON (its `raw_value` feature: a single
/// key `$serde_json::private::RawValue`), which its serde impl writes specially. No GraphQL
/// name starts with `$`, so this never catches an ordinary object.
fn is_raw_value(map: &IndexMap<Name, Value>) -> bool {
    map.len() == 1 && map.keys().all(|k| k.starts_with('$'))
}

/// A JSON string; copied whole when nothing in it needs escaping (serde_json escapes `"`,
/// `\` and control characters below U+0020, nothing else).
fn write_str(out: &mut Vec<u8>, s: &str) -> serde_json::Result<()> {
    if s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
        return serde_json::to_writer(out, s);
    }
    out.reserve(s.len() + 2);
    out.push(b'"');
    out.extend_from_slice(s.as_bytes());
    out.push(b'"');
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use async_graphql::{ErrorExtensions, ServerError};

    fn same_as_serde(response: &Response) {
        let mut fast = Vec::new();
        write_response(&mut fast, response).expect("writes");
        let serde = serde_json::to_vec(response).expect("serializes");
        assert_eq!(
            String::from_utf8_lossy(&fast),
            String::from_utf8_lossy(&serde)
        );
    }

    fn object(entries: Vec<(&str, Value)>) -> Value {
        Value::Object(
            entries
                .into_iter()
                .map(|(k, v)| (Name::new(k), v))
                .collect(),
        )
    }

    #[test]
    fn writes_what_serde_json_writes() {
        let strings = [
            "",
            "plain",
            "Münzen 金幣 😀",
            "quote \" backslash \\ slash /",
            "controls \n \t \r \u{0} \u{1f} \u{7f}",
            "http://127.0.0.1:1/click/1?player_id=p+x%2F%C3%A9",
        ];
        let numbers = [
            Value::from(0),
            Value::from(-7),
            Value::from(u64::MAX),
            Value::from(15.02),
            Value::from(1502.0),
            Value::from(1e21),
            Value::from(-0.0),
            Value::from(0.1 + 0.2),
        ];
        let mut items: Vec<Value> = strings.iter().map(|s| Value::from(*s)).collect();
        items.extend(numbers);
        items.extend([
            Value::Null,
            Value::Boolean(true),
            Value::Boolean(false),
            Value::Enum(Name::new("IN_PROGRESS")),
            Value::Binary(vec![0u8, 1, 255].into()),
            Value::List(vec![]),
            object(vec![]),
            object(vec![(
                "$serde_json::private::RawValue",
                Value::from("[1, 2]"),
            )]),
        ]);
        let data = object(vec![
            (
                "offers",
                Value::List(vec![object(vec![("id", Value::from("1"))]); 3]),
            ),
            ("we\"ird", Value::List(items.clone())),
            (
                "nested",
                object(vec![("a", object(vec![("b", Value::List(items))]))]),
            ),
        ]);
        same_as_serde(&Response::new(data.clone()));
        same_as_serde(&Response::new(Value::Null));
        same_as_serde(&Response::new(data.clone()).extension("x", Value::from(1)));
        let error = async_graphql::Error::new("Validation failed.")
            .extend_with(|_, e| e.set("reason", "bad"))
            .into_server_error(async_graphql::Pos { line: 1, column: 3 });
        let mut with_error = Response::new(data);
        with_error.errors.push(error);
        with_error.errors.push(ServerError::new("second", None));
        same_as_serde(&with_error);
        same_as_serde(&Response::from_errors(vec![ServerError::new("only", None)]));
    }
}
