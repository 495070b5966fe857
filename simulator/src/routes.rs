//! The HTTP surface: which path goes to which handler (under the path prefix, if any), the
//! `/v1` gate that counts every request and applies a 503 storm or injected faults before
//! anything else, and small request and response helpers (JSON bodies, content types, query
//! strings).

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use http::{HeaderMap, StatusCode, header};
use std::sync::Arc;
use std::time::Duration;

use crate::faults::{self, FaultKind};
use crate::state::AppState;
use crate::stats::Endpoint;
use crate::{control, graphql, listing, path_prefix, report, rewards, token, tracking};

/// Largest request body the simulator reads.
pub const MAX_REQUEST_BODY: usize = 2 * 1024 * 1024;

pub fn router(state: Arc<AppState>) -> Router {
    let service = Router::new()
        .route("/v1/users/token", post(token::exchange))
        .route("/v1/offers", post(graphql::execute).get(listing::list))
        .route("/v1/report", get(report::report))
        .merge(tracking::routes());
    let gate = middleware::from_fn_with_state(Arc::clone(&state), v1_gate);
    if state.prefix.is_empty() {
        return service
            .merge(control::routes())
            .merge(rewards::routes())
            .fallback(not_found)
            .layer(gate)
            .with_state(state);
    }
    // Under the prefix the service sees its paths without it (`/v1/offers`), as a gateway
    // passes them on; faults and stats therefore name the same paths as without a prefix.
    let prefix = state.prefix.clone();
    Router::new()
        .nest(&prefix, service.fallback(not_found).layer(gate))
        .merge(control::routes())
        .merge(rewards::routes())
        .fallback(path_prefix::gateway_not_found)
        .with_state(state)
}

async fn not_found() -> Response {
    json_message(StatusCode::NOT_FOUND, "Not Found.")
}

fn is_v1(path: &str) -> bool {
    path == "/v1" || path.starts_with("/v1/")
}

/// Counts each `/v1` request, keeps a guard alive while it is handled (dropped early = the
/// client hung up), answers 503 during a `retry_after_storm` (pending faults then wait), and
/// otherwise applies the first matching fault.
async fn v1_gate(State(state): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    if !is_v1(path) {
        return next.run(request).await;
    }
    let guard = state
        .stats
        .begin(Endpoint::classify(request.method(), path));
    if let Some(secs) = state.mess.active().and_then(|m| m.retry_after_storm) {
        guard.complete();
        return faults::status_response(503, Some(secs), None);
    }
    let fault = state.faults.take(path, request.method().as_str());
    let response = match fault.as_ref().and_then(faults::response_for) {
        Some(faulted) => faulted,
        None => {
            let mut request = request;
            if let Some(FaultKind::Latency { ms }) = fault {
                // Read the body first: only then does the server watch the connection and
                // drop this future when the client goes away during the delay.
                request = match buffer_body(request).await {
                    Ok(r) => r,
                    Err(r) => return r,
                };
                tokio::time::sleep(Duration::from_millis(ms)).await;
            }
            next.run(request).await
        }
    };
    guard.complete();
    response
}

async fn buffer_body(request: Request) -> Result<Request, Response> {
    let (parts, body) = request.into_parts();
    match axum::body::to_bytes(body, MAX_REQUEST_BODY).await {
        Ok(bytes) => Ok(Request::from_parts(parts, Body::from(bytes))),
        Err(_) => Err(json_message(
            StatusCode::PAYLOAD_TOO_LARGE,
            "The request body is too large.",
        )),
    }
}

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

/// Whether the request's Content-Type essence (before any `;` parameters) is `expected`.
pub fn content_type_is(headers: &HeaderMap, expected: &str) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case(expected))
}

/// `?player_id=…` (and more pairs), form-encoded.
pub fn query_string(pairs: &[(&str, &str)]) -> String {
    let mut s = form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs {
        s.append_pair(k, v);
    }
    s.finish()
}

/// First value of each named query parameter (form-encoded query string).
pub fn query_param(query: Option<&str>, name: &str) -> Option<String> {
    form_urlencoded::parse(query.unwrap_or_default().as_bytes())
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_type_essence() {
        let mut h = HeaderMap::new();
        assert!(!content_type_is(&h, "application/json"));
        h.insert(
            header::CONTENT_TYPE,
            http::HeaderValue::from_static("Application/JSON; charset=utf-8"),
        );
        assert!(content_type_is(&h, "application/json"));
        assert!(!content_type_is(&h, "application/x-www-form-urlencoded"));
    }

    #[test]
    fn query_params() {
        assert_eq!(
            query_param(Some("a=1&player_id=x+y&player_id=z"), "player_id").as_deref(),
            Some("x y")
        );
        assert_eq!(query_param(None, "a"), None);
    }
}
