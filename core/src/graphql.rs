//! The GraphQL envelope of `POST /v1/offers` and the mapping of its `errors` array.
//!
//! Spec items 1–5: a 200 may carry `errors`; a non-empty array is never success (item 4);
//! query errors come with `data: null` (item 1); validation errors carry `path` and
//! `extensions.validation`, one per failing field (items 2–3); an invalid cursor carries
//! `extensions.reason` (item 5). The whole array is read, never just the first message.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;
use serde_json::value::RawValue;

use crate::error::{Error, ErrorKind, FieldError, Result};

/// A GraphQL result with no errors: `data` exactly as the service sent it (and the empty
/// `errors` array, kept so callers can print the envelope as the service sent it).
///
/// `data` stays the JSON text of the response, byte for byte: a raw call hands back what the
/// service sent, however deep (a tree would stop at serde_json's 128 levels) and whatever its
/// numbers (`12345678901234567890123` stays those digits, where a `Value` would hold a float).
/// [`GraphqlResponse::data_value`] parses it when a tree is wanted.
#[derive(Debug, Clone, serde::Serialize)]
pub struct GraphqlResponse {
    /// The response's `data` member, an object, as the JSON text the service sent.
    pub data: Box<RawValue>,
    /// Always empty: a response with errors is returned as an [`Error`] instead.
    pub errors: Vec<Value>,
}

impl GraphqlResponse {
    /// `data` as the JSON text the service sent.
    pub fn data_json(&self) -> &str {
        self.data.get()
    }

    /// `data` parsed into a [`Value`], with serde_json's limits: `decode` beyond 128 levels of
    /// nesting, and integers beyond 64 bits become floats. [`GraphqlResponse::data_json`] has
    /// neither limit.
    pub fn data_value(&self) -> Result<Value> {
        serde_json::from_str(self.data.get()).map_err(decode_error)
    }
}

/// Two responses are equal when the service sent the same text.
impl PartialEq for GraphqlResponse {
    fn eq(&self, other: &Self) -> bool {
        self.data.get() == other.data.get() && self.errors == other.errors
    }
}

#[derive(Deserialize)]
struct Envelope<'a> {
    #[serde(borrow, default)]
    data: Option<&'a RawValue>,
    #[serde(borrow, default)]
    errors: Option<&'a RawValue>,
}

#[derive(Deserialize)]
struct TypedEnvelope<'a, T> {
    #[serde(default = "none")]
    data: Option<ObjectOnly<T>>,
    #[serde(borrow, default)]
    errors: Option<&'a RawValue>,
}

fn none<T>() -> Option<T> {
    None
}

/// The entries of `errors` when it is a non-empty array; `None` when absent, null or empty.
/// Any other value is not what the spec describes, and never success. Entries stay raw text:
/// what they hold beyond the spec's fields (nested without end, numbers no float holds) must
/// not hide the error itself.
fn entries(errors: Option<&RawValue>) -> Result<Option<Vec<&RawValue>>> {
    let Some(errors) = errors else {
        return Ok(None);
    };
    let not_an_array = |what: &str| {
        Error::new(
            ErrorKind::Decode,
            format!("the response's errors is {what}, not an array"),
        )
    };
    match errors.get().as_bytes().first() {
        Some(b'n') => Ok(None),
        Some(b'[') => {
            let list: Vec<&RawValue> = serde_json::from_str(errors.get()).map_err(decode_error)?;
            Ok(Some(list).filter(|list| !list.is_empty()))
        }
        Some(b'{') => Err(not_an_array("an object")),
        Some(b'"') => Err(not_an_array("a string")),
        Some(b't' | b'f') => Err(not_an_array("a boolean")),
        _ => Err(not_an_array("a number")),
    }
}

/// Decodes `body`, fails on a non-empty `errors` array, and returns `data` decoded as `T`.
///
/// One pass in the common case (the body decodes with `data` typed); bodies that do not are
/// read again with `data` kept raw, so their `errors` are still mapped and everything else is a
/// precise `decode` error.
pub(crate) fn data<'a, T: Deserialize<'a>>(body: &'a [u8]) -> Result<T> {
    if let Ok(envelope) = serde_json::from_slice::<TypedEnvelope<'a, T>>(body) {
        if let Some(errors) = entries(envelope.errors)? {
            return Err(map_errors(errors, body, 200));
        }
        if let Some(ObjectOnly(data)) = envelope.data {
            return Ok(data);
        }
    }
    data_slow(body)
}

fn data_slow<'a, T: Deserialize<'a>>(body: &'a [u8]) -> Result<T> {
    serde_json::from_str::<ObjectOnly<T>>(raw_data(body)?.get())
        .map(|ObjectOnly(data)| data)
        .map_err(decode_error)
}

/// The mapped error of a non-2xx body that is a GraphQL response with a non-empty `errors`
/// array (as GraphQL-over-HTTP servers answer a query they cannot parse); `None` otherwise.
pub(crate) fn errors_of(body: &[u8], status: u16) -> Option<Error> {
    let envelope: Envelope<'_> = serde_json::from_slice(body).ok()?;
    let errors = entries(envelope.errors).ok()??;
    errors
        .iter()
        .all(|entry| entry.get().starts_with('{'))
        .then(|| map_errors(errors, body, status))
}

/// `T` read only from a JSON object. Derived structs also accept an array of their fields in
/// order; a service never sends that, so `data: [[]]` must be a decode error, not success.
pub(crate) struct ObjectOnly<T>(pub(crate) T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ObjectOnly<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct Objects<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Objects<T> {
            type Value = T;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> std::result::Result<T, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map))
            }
        }
        d.deserialize_map(Objects(std::marker::PhantomData))
            .map(ObjectOnly)
    }
}

/// The envelope's `data`, unparsed: its `errors` mapped first (a non-empty array fails), and a
/// missing or `null` `data` a `decode` error.
fn raw_data(body: &[u8]) -> Result<&RawValue> {
    let envelope: Envelope<'_> = serde_json::from_slice(body).map_err(decode_error)?;
    if let Some(errors) = entries(envelope.errors)? {
        return Err(map_errors(errors, body, 200));
    }
    envelope
        .data
        .filter(|raw| raw.get() != "null")
        .ok_or_else(|| Error::new(ErrorKind::Decode, "response has neither data nor errors"))
}

/// The raw form: `data` as the text the service sent (never parsed into a tree, so no depth or
/// number is too much for it), errors mapped the same way.
pub(crate) fn raw(body: &[u8]) -> Result<GraphqlResponse> {
    let data = raw_data(body)?;
    if !data.get().starts_with('{') {
        return Err(Error::new(
            ErrorKind::Decode,
            "response is not the expected JSON: its data is not an object",
        ));
    }
    Ok(GraphqlResponse {
        data: data.to_owned(),
        errors: Vec::new(),
    })
}

pub(crate) fn decode_error(err: serde_json::Error) -> Error {
    Error::new(
        ErrorKind::Decode,
        format!("response is not the expected JSON: {err}"),
    )
}

/// One `Error` for the whole `errors` array.
///
/// Kind: `query` if any entry is a plain query error (no `extensions.validation`, no
/// `extensions.reason`); else `validation` if any entry has `extensions.validation`; else
/// `invalid_cursor`. Validation entries become `fields` (one per failing field, with its
/// path); a cursor entry's `reason` is kept in every case. An entry that is not an object is
/// a plain error whose message is its own text.
fn map_errors(errors: Vec<&RawValue>, body: &[u8], status: u16) -> Error {
    let mut fields = Vec::new();
    let mut reason = None;
    let mut plain = 0;
    let mut messages = Vec::new();
    for raw in &errors {
        let entry = ErrorEntry::read(raw);
        let path = entry.path();
        let message = entry.message.as_deref().unwrap_or("(no message)");
        let extensions = entry.extensions();
        if let Some(validation) = extensions.validation() {
            let field = field_error(&path, &validation);
            messages.push(format!("{} ({field})", at(&path, message)));
            fields.push(field);
        } else if let Some(why) = extensions.reason() {
            messages.push(format!("{}: {why}", at(&path, message)));
            reason = Some(why);
        } else {
            messages.push(at(&path, message));
            plain += 1;
        }
    }
    let kind = if plain > 0 {
        ErrorKind::Query
    } else if !fields.is_empty() {
        ErrorKind::Validation
    } else {
        ErrorKind::InvalidCursor
    };
    let mut error = Error::new(kind, messages.join("; "))
        .with_status(status)
        .with_fields(fields);
    if let Some(reason) = reason {
        error = error.with_reason(reason);
    }
    if let Ok(whole) = serde_json::from_slice::<Value>(body) {
        error = error.with_response(whole);
    }
    error
}

/// The fields of one `errors` entry the mapping reads, each kept raw until it is used; all
/// others are skipped without being parsed.
#[derive(Deserialize, Default)]
struct EntryFields<'a> {
    #[serde(borrow)]
    message: Option<&'a RawValue>,
    #[serde(borrow)]
    path: Option<&'a RawValue>,
    #[serde(borrow)]
    extensions: Option<&'a RawValue>,
}

#[derive(Deserialize, Default)]
struct Extensions<'a> {
    #[serde(borrow)]
    validation: Option<&'a RawValue>,
    #[serde(borrow)]
    reason: Option<&'a RawValue>,
}

struct ErrorEntry<'a> {
    message: Option<String>,
    fields: EntryFields<'a>,
}

impl<'a> ErrorEntry<'a> {
    fn read(raw: &'a RawValue) -> Self {
        if !raw.get().starts_with('{') {
            return ErrorEntry {
                message: Some(text_of(raw)),
                fields: EntryFields::default(),
            };
        }
        let fields: EntryFields<'a> = serde_json::from_str(raw.get()).unwrap_or_default();
        let message = fields.message.filter(|m| m.get() != "null").map(text_of);
        ErrorEntry { message, fields }
    }

    fn path(&self) -> Vec<String> {
        self.fields
            .path
            .and_then(|raw| serde_json::from_str::<Vec<&RawValue>>(raw.get()).ok())
            .map(|steps| steps.into_iter().map(text_of).collect())
            .unwrap_or_default()
    }

    fn extensions(&self) -> Extensions<'a> {
        self.fields
            .extensions
            .and_then(|raw| serde_json::from_str(raw.get()).ok())
            .unwrap_or_default()
    }
}

impl Extensions<'_> {
    /// `validation` when it is an object: argument name → its raw messages.
    fn validation(&self) -> Option<Vec<(String, &RawValue)>> {
        let raw = self.validation.filter(|raw| raw.get().starts_with('{'))?;
        let map: BTreeMap<String, &RawValue> = serde_json::from_str(raw.get()).ok()?;
        Some(map.into_iter().collect())
    }

    fn reason(&self) -> Option<String> {
        serde_json::from_str(self.reason?.get()).ok()
    }
}

/// A string value's text, or any other value's JSON text (shortened).
fn text_of(raw: &RawValue) -> String {
    serde_json::from_str::<String>(raw.get()).unwrap_or_else(|_| {
        let text = raw.get();
        match text.char_indices().nth(200) {
            Some((cut, _)) => format!("{}…", &text[..cut]),
            None => text.to_owned(),
        }
    })
}

fn at(path: &[String], message: &str) -> String {
    if path.is_empty() {
        message.to_string()
    } else {
        format!("{}: {message}", path.join("."))
    }
}

fn field_error(path: &[String], validation: &[(String, &RawValue)]) -> FieldError {
    let mut field = FieldError {
        path: path.to_vec(),
        arguments: Default::default(),
    };
    for (argument, messages) in validation {
        match serde_json::from_str::<Vec<&RawValue>>(messages.get()) {
            Ok(list) => list
                .into_iter()
                .for_each(|m| field.add(argument, text_of(m))),
            Err(_) => field.add(argument, text_of(messages)),
        }
    }
    field
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn err(body: Value) -> Error {
        data::<Value>(body.to_string().as_bytes()).unwrap_err()
    }

    #[test]
    fn query_errors_with_null_data() {
        let e = err(json!({"errors": [{"message": "Unknown field \"nope\""}], "data": null}));
        assert_eq!(e.kind(), ErrorKind::Query);
        assert!(e.message().contains("Unknown field"));
        assert!(e.fields().is_empty());
    }

    #[test]
    fn one_entry_per_failing_field_with_all_arguments() {
        let e = err(json!({
            "data": {"offers": null, "playerOffers": null},
            "errors": [
                {"message": "Validation failed for the field [offers].", "path": ["offers"],
                 "extensions": {"validation": {"limit": ["The limit field must be at least 1."],
                                               "sort": ["a", "b"]}}},
                {"message": "Validation failed for the field [playerOffers].", "path": ["playerOffers"],
                 "extensions": {"validation": {"limit": ["The limit field must not be greater than 100."]}}}
            ]
        }));
        assert_eq!(e.kind(), ErrorKind::Validation);
        assert_eq!(e.fields().len(), 2);
        assert_eq!(e.fields()[0].path, ["offers"]);
        assert_eq!(e.fields()[0].arguments["sort"], ["a", "b"]);
        assert_eq!(e.fields()[1].path, ["playerOffers"]);
        assert!(
            e.message()
                .contains("The limit field must not be greater than 100.")
        );
        assert!(e.response().is_some());
    }

    #[test]
    fn invalid_cursor_keeps_the_reason() {
        let e = err(json!({
            "data": {"playerOffers": null},
            "errors": [{"message": "Invalid cursor.", "path": ["playerOffers"],
                        "extensions": {"reason": "Omit after to start again."}}]
        }));
        assert_eq!(e.kind(), ErrorKind::InvalidCursor);
        assert_eq!(e.reason(), Some("Omit after to start again."));
    }

    #[test]
    fn errors_with_data_are_never_success() {
        let e = err(json!({"data": {"offers": []}, "errors": [{"message": "boom"}]}));
        assert_eq!(e.kind(), ErrorKind::Query);
    }

    #[test]
    fn empty_errors_array_is_success() {
        let v: Value = data(br#"{"data": {"x": 1}, "errors": []}"#).unwrap();
        assert_eq!(v, json!({"x": 1}));
    }

    #[test]
    fn what_entries_carry_beyond_the_spec_does_not_hide_the_error() {
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        for extra in [deep.as_str(), "1e400", "123456789012345678901234567890"] {
            let body = format!(
                r#"{{"errors":[{{"message":"boom","extensions":{{"x":{extra}}}}}],"data":null}}"#
            );
            let e = data::<Value>(body.as_bytes()).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Query, "{e}");
            assert_eq!(e.message(), "boom");
        }
        let body = format!(
            r#"{{"data":{{"offers":null}},"errors":[{{"message":"m","path":["offers"],
                "extensions":{{"validation":{{"limit":["at least 1"]}},"x":{deep}}}}}]}}"#
        );
        let e = data::<Value>(body.as_bytes()).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Validation, "{e}");
        assert_eq!(e.fields()[0].path, ["offers"]);
        assert_eq!(e.fields()[0].arguments["limit"], ["at least 1"]);
    }

    #[test]
    fn entries_that_are_not_objects_are_errors_in_their_own_words() {
        let e = err(json!({"errors": ["Internal error", 42], "data": {"x": 1}}));
        assert_eq!(e.kind(), ErrorKind::Query);
        assert_eq!(e.message(), "Internal error; 42");
    }

    #[test]
    fn malformed_bodies_are_decode_errors() {
        for body in [
            &b"<html>"[..],
            b"{\"data\": {\"x\"",
            b"[]",
            b"{}",
            b"{\"data\": null}",
            b"{\"data\": [[]], \"errors\": []}",
            b"{\"data\": {\"x\": 1}, \"errors\": \"boom\"}",
            b"{\"data\": {\"x\": 1}, \"errors\": {\"message\": \"boom\"}}",
            b"{\"data\": {\"x\": 1}, \"errors\": 3}",
        ] {
            assert_eq!(
                data::<Value>(body).unwrap_err().kind(),
                ErrorKind::Decode,
                "{}",
                String::from_utf8_lossy(body)
            );
        }
    }
}
