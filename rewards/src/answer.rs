//! The receiver's answers: what each outcome of a postback becomes on the wire. 200 for a
//! credit or a duplicate (the sender stops), 409 for a conflict (the sender's dashboard shows
//! it; a human decides), 422 for a credit the balance cannot hold (permanent: the sender
//! stops retrying; a human decides), the error's own status for a refusal (401, 400, 403,
//! 413/414), 503 with `Retry-After` and a generic text for a storage failure (the sender
//! retries; nothing was credited; the database's own text goes to the log, not the sender).

use axum::Json;
use axum::response::{IntoResponse, Response};
use http::{HeaderValue, StatusCode, header};
use offerkit::server::ledger::Credit;
use offerkit::server::postback::Conversion;
use offerkit::{Error, ErrorKind};
use serde_json::json;

/// Seconds a sender is asked to wait after a storage failure.
const RETRY_AFTER_SECS: u32 = 5;

pub fn credit(conversion: &Conversion, credit: &Credit) -> Response {
    match credit {
        Credit::Credited { balance } => (
            StatusCode::OK,
            Json(json!({
                "result": "credited",
                "conversion_id": conversion.conversion_id,
                "player_id": conversion.player_id,
                "amount": conversion.amount,
                "balance": balance.balance,
            })),
        )
            .into_response(),
        Credit::Duplicate { .. } => (
            StatusCode::OK,
            Json(json!({
                "result": "duplicate",
                "conversion_id": conversion.conversion_id,
                "player_id": conversion.player_id,
            })),
        )
            .into_response(),
        Credit::Conflict { .. } => (
            StatusCode::CONFLICT,
            Json(json!({
                "result": "conflict",
                "conversion_id": conversion.conversion_id,
                "message": "this conversion id was credited with another player or amount; nothing was credited",
            })),
        )
            .into_response(),
        Credit::Overflow { .. } => (
            StatusCode::UNPROCESSABLE_ENTITY,
            Json(json!({
                "result": "refused",
                "reason": "balance_overflow",
                "conversion_id": conversion.conversion_id,
                "player_id": conversion.player_id,
                "message": "crediting this amount would take the player's balance past the largest the ledger keeps; nothing was credited",
            })),
        )
            .into_response(),
    }
}

/// What a sender is told of a storage failure: the database's own text (table names,
/// driver messages, addresses) stays in the receiver's log.
const STORAGE_FAILURE: &str = "the receiver's storage failed; nothing was changed; retry later";

/// `{"error": {"kind", "message", "fields"}}` with the error's HTTP status (500 if none). A
/// storage failure (kind `server`) or any 5xx gets a generic message and no fields: the caller
/// logs the error itself.
pub fn error(err: &Error) -> Response {
    let status = err
        .http_status()
        .and_then(|s| StatusCode::from_u16(s).ok())
        .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let body = if err.kind() == ErrorKind::Server || status.is_server_error() {
        json!({"error": {"kind": err.kind().as_str(), "message": STORAGE_FAILURE, "fields": []}})
    } else {
        json!({"error": {"kind": err.kind().as_str(), "message": err.message(), "fields": err.fields()}})
    };
    let mut response = (status, Json(body)).into_response();
    if status == StatusCode::SERVICE_UNAVAILABLE {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECS));
    }
    response
}

/// 401 for the admin endpoints, with `WWW-Authenticate: Bearer`.
pub fn admin_unauthorized() -> Response {
    let err = Error::new(
        ErrorKind::Unauthorized,
        "send the admin token as `Authorization: Bearer <token>`",
    );
    let mut response = error(&err);
    *response.status_mut() = StatusCode::UNAUTHORIZED;
    response
        .headers_mut()
        .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
    response
}
