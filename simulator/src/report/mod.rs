//! `GET /v1/report`: the publisher reporting endpoint. Bearer API key (`REPORT_API_KEY`, or a
//! key minted with an expiry: 401 once it has expired), 10 requests per minute per key (then
//! 429 with `Retry-After`), PHP-style bracketed array parameters, Laravel-style 422s, and
//! deterministic rows `{"data": [...]}` (the spec does not show the envelope; this is the
//! simulator's choice).

mod params;
mod rows;

use axum::extract::{RawQuery, State};
use axum::response::Response;
use http::{HeaderMap, HeaderValue, StatusCode, header};
use std::sync::Arc;
use std::time::Instant;

use crate::auth::bearer;
use crate::report_limits::{KeyCheck, REPORT_RATE_LIMIT};
use crate::respond::{json, json_message};
use crate::state::AppState;
use crate::time::now_unix;

pub async fn report(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Response {
    let key = bearer(&headers);
    match state.report_keys.check(key, now_unix()) {
        KeyCheck::Valid => {}
        KeyCheck::Expired => {
            return json_message(StatusCode::UNAUTHORIZED, "The API key has expired.");
        }
        KeyCheck::Unknown => return json_message(StatusCode::UNAUTHORIZED, "Unauthenticated."),
    }
    if let Err(wait) = state
        .report_limiter
        .hit(key.unwrap_or_default(), Instant::now())
    {
        let mut response = json_message(StatusCode::TOO_MANY_REQUESTS, "Too Many Attempts.");
        let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        let h = response.headers_mut();
        h.insert(header::RETRY_AFTER, HeaderValue::from(secs.max(1)));
        h.insert("x-ratelimit-limit", HeaderValue::from(REPORT_RATE_LIMIT));
        h.insert("x-ratelimit-remaining", HeaderValue::from(0));
        return response;
    }
    let params = params::parse_params(query.as_deref().unwrap_or_default());
    match params::validate(&params) {
        Ok(q) => json(
            StatusCode::OK,
            &serde_json::json!({ "data": rows::rows(&state.catalogue, state.config.seed, &q) }),
        ),
        Err(v) => json(StatusCode::UNPROCESSABLE_ENTITY, &v.to_422_body()),
    }
}
