//! The JSON answers every handler gives: status, `Content-Type: application/json` and the
//! body. One place writes them, so every endpoint labels and encodes its answers alike and an
//! answer that cannot be encoded becomes the same 500.

use axum::response::{IntoResponse, Response};
use http::{StatusCode, header};

/// `application/json` response with `{"message": ...}`.
pub fn json_message(status: StatusCode, message: &str) -> Response {
    json(status, &serde_json::json!({ "message": message }))
}

/// Room reserved for a JSON body up front: an `offers` answer fits without regrowing.
const JSON_BODY_CAPACITY: usize = 8 * 1024;

/// `application/json` response of any serializable body (struct fields and GraphQL
/// responses keep their order).
pub fn json<T: serde::Serialize + ?Sized>(status: StatusCode, body: &T) -> Response {
    json_written(status, |out| serde_json::to_writer(out, body))
}

/// `application/json` response whose body `write` appends to an empty buffer.
pub fn json_written(
    status: StatusCode,
    write: impl FnOnce(&mut Vec<u8>) -> serde_json::Result<()>,
) -> Response {
    let mut bytes = Vec::with_capacity(JSON_BODY_CAPACITY);
    let (status, bytes) = match write(&mut bytes) {
        Ok(()) => (status, bytes),
        Err(e) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            serde_json::json!({ "message": format!("Could not encode the response: {e}") })
                .to_string()
                .into_bytes(),
        ),
    };
    (status, [(header::CONTENT_TYPE, "application/json")], bytes).into_response()
}
