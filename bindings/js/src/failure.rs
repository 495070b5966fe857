//! A failure as the TypeScript layer receives it: a plain object with the kind name every
//! binding uses and every datum core's error carries, which `OfferError` (ts/src/errors.ts)
//! wraps. The binding's own argument failures (a setting or option of the wrong type) take the
//! same shape as core's `invalid_argument`, with the path and argument named.

use std::collections::BTreeMap;

use serde::Serialize;
use wasm_bindgen::JsValue;

use crate::json;

/// The object `OfferError` is built from (`ts/src/errors.ts`, `Failure`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Object<'a> {
    offerkit_failure: bool,
    kind: &'a str,
    message: &'a str,
    http_status: Option<u16>,
    fields: &'a [offerkit::FieldError],
    reason: Option<&'a str>,
    /// Milliseconds.
    retry_after: Option<f64>,
    response: Option<&'a serde_json::Value>,
}

/// Core's error as the object `OfferError` is built from.
pub(crate) fn from_core(error: offerkit::Error) -> JsValue {
    json::to_js(&Object {
        offerkit_failure: true,
        kind: error.kind().as_str(),
        message: error.message(),
        http_status: error.http_status(),
        fields: error.fields(),
        reason: error.reason(),
        retry_after: error.retry_after().map(|d| d.as_secs_f64() * 1000.0),
        response: error.response(),
    })
}

/// An `invalid_argument` failure of `argument` at `path` (e.g. `config` / `timeout`), for
/// values this crate cannot convert; bounds are core's to check.
pub(crate) fn invalid_argument(path: &str, argument: &str, message: &str) -> JsValue {
    let field = offerkit::FieldError {
        path: vec![path.to_string()],
        arguments: BTreeMap::from([(argument.to_string(), vec![message.to_string()])]),
    };
    json::to_js(&Object {
        offerkit_failure: true,
        kind: offerkit::ErrorKind::InvalidArgument.as_str(),
        message: &format!("invalid argument: {path}.{argument}: {message}"),
        http_status: None,
        fields: &[field],
        reason: None,
        retry_after: None,
        response: None,
    })
}

/// The call was cancelled (its `AbortSignal` fired) before it finished.
pub(crate) fn cancelled() -> JsValue {
    from_core(offerkit::Error::new(
        offerkit::ErrorKind::Cancelled,
        "the call was cancelled",
    ))
}
