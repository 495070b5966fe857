//! `/_sim/*`: the control endpoint that lets tests in other languages (which run the binary)
//! inject faults, switch misbehaviour modes, read counters and mint tokens. Loopback peers
//! only; never counted in stats.

use axum::Router;
use axum::extract::{ConnectInfo, Request, State};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{delete, get, post};
use bytes::Bytes;
use http::StatusCode;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::net::SocketAddr;
use std::sync::Arc;

use crate::catalogue::Catalogue;
use crate::faults::{Fault, FaultKind};
use crate::jwt::OFFERS_SCOPE;
use crate::mess::Mess;
use crate::respond::json;
use crate::state::AppState;

pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route(
            "/_sim/faults",
            post(add_fault).get(list_faults).delete(clear_faults),
        )
        .route("/_sim/mess", get(get_mess).put(put_mess).delete(reset_mess))
        .route("/_sim/stats", get(stats))
        .route("/_sim/stats/reset", post(reset_stats))
        .route("/_sim/tokens", post(mint_token))
        .route("/_sim/catalogue", get(catalogue))
        .route("/_sim/report-keys", post(mint_report_key))
        .route("/_sim/report-limits", delete(reset_report_limits))
        .route_layer(middleware::from_fn(loopback_only))
}

pub(crate) async fn loopback_only(request: Request, next: Next) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip().to_canonical());
    if peer.is_some_and(|ip| ip.is_loopback()) {
        next.run(request).await
    } else {
        json(
            StatusCode::FORBIDDEN,
            &serde_json::json!({ "error": "The simulator control endpoint only answers loopback peers." }),
        )
    }
}

fn bad_request(message: String) -> Response {
    json(
        StatusCode::BAD_REQUEST,
        &serde_json::json!({ "error": message }),
    )
}

/// A request body of optional settings: empty (or only white space) means every default,
/// anything else must be `T` as JSON; the error is the message of the 400.
fn optional_body<T: Default + DeserializeOwned>(body: &[u8], what: &str) -> Result<T, String> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    serde_json::from_slice(body).map_err(|e| format!("invalid {what}: {e}"))
}

fn faults_body(state: &AppState) -> serde_json::Value {
    serde_json::json!({ "faults": state.faults.pending() })
}

/// Parses a fault in its flat form, or with the kind nested (`{"kind":{"kind":"status",…}}`).
pub fn parse_fault(body: &[u8]) -> Result<Fault, String> {
    let mut value: serde_json::Value =
        serde_json::from_slice(body).map_err(|e| format!("invalid JSON: {e}"))?;
    if let Some(obj) = value.as_object_mut() {
        if let Some(serde_json::Value::Object(nested)) = obj.get("kind").cloned() {
            obj.remove("kind");
            obj.extend(nested);
        }
    }
    let fault: Fault = serde_json::from_value(value).map_err(|e| format!("invalid fault: {e}"))?;
    if let FaultKind::Status { status, .. } = fault.kind {
        if !(200..=599).contains(&status) {
            return Err(format!(
                "invalid fault: status {status} is outside 200..=599"
            ));
        }
    }
    Ok(fault)
}

async fn add_fault(State(state): State<Arc<AppState>>, body: Bytes) -> Response {
    match parse_fault(&body) {
        Ok(fault) => {
            state.faults.push(fault);
            json(StatusCode::OK, &faults_body(&state))
        }
        Err(message) => bad_request(message),
    }
}

async fn list_faults(State(state): State<Arc<AppState>>) -> Response {
    json(StatusCode::OK, &faults_body(&state))
}

async fn clear_faults(State(state): State<Arc<AppState>>) -> Response {
    state.faults.clear();
    json(StatusCode::OK, &faults_body(&state))
}

async fn get_mess(State(state): State<Arc<AppState>>) -> Response {
    json(StatusCode::OK, &state.mess.get())
}

/// A JSON object of modes: missing keys are off, unknown keys are refused.
fn parse_mess(body: &[u8]) -> Result<Mess, String> {
    let value: serde_json::Value =
        serde_json::from_slice(body).map_err(|e| format!("invalid JSON: {e}"))?;
    if !value.is_object() {
        return Err("invalid mess: expected a JSON object of modes".to_owned());
    }
    serde_json::from_value(value).map_err(|e| format!("invalid mess: {e}"))
}

/// Replaces every mode with the body's.
async fn put_mess(State(state): State<Arc<AppState>>, body: Bytes) -> Response {
    match parse_mess(&body) {
        Ok(mess) => {
            state.mess.set(mess);
            json(StatusCode::OK, &state.mess.get())
        }
        Err(message) => bad_request(message),
    }
}

async fn reset_mess(State(state): State<Arc<AppState>>) -> Response {
    state.mess.set(Mess::default());
    json(StatusCode::OK, &state.mess.get())
}

async fn stats(State(state): State<Arc<AppState>>) -> Response {
    json(StatusCode::OK, &serde_json::json!(state.stats.snapshot()))
}

async fn reset_stats(State(state): State<Arc<AppState>>) -> Response {
    state.stats.reset();
    json(StatusCode::OK, &serde_json::json!(state.stats.snapshot()))
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenRequest {
    /// Seconds from now; negative gives an expired token. Default: the configured TTL.
    ttl_secs: Option<i64>,
    /// Whether the token carries `offers:read`. Default true.
    scoped: Option<bool>,
}

async fn mint_token(State(state): State<Arc<AppState>>, body: Bytes) -> Response {
    let request: TokenRequest = match optional_body(&body, "token request") {
        Ok(r) => r,
        Err(message) => return bad_request(message),
    };
    let ttl = request.ttl_secs.unwrap_or_else(|| state.token_ttl_secs());
    let scoped = request.scoped.unwrap_or(true);
    json(
        StatusCode::OK,
        &serde_json::json!({
            "access_token": state.issue_token(ttl, scoped),
            "expires_in": ttl,
            "scope": if scoped { OFFERS_SCOPE } else { "" },
        }),
    )
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ReportKeyRequest {
    /// Seconds from now; negative gives an expired key. Default: one year (the service's).
    ttl_secs: Option<i64>,
}

/// One year: the lifetime of a reporting API key.
pub const REPORT_KEY_TTL_SECS: i64 = 365 * 86_400;

async fn mint_report_key(State(state): State<Arc<AppState>>, body: Bytes) -> Response {
    let request: ReportKeyRequest = match optional_body(&body, "report key request") {
        Ok(r) => r,
        Err(message) => return bad_request(message),
    };
    let ttl = request.ttl_secs.unwrap_or(REPORT_KEY_TTL_SECS);
    let expires_at = crate::time::now_unix().saturating_add(ttl);
    json(
        StatusCode::OK,
        &serde_json::json!({
            "api_key": state.report_keys.mint(state.config.seed, expires_at),
            "expires_at": expires_at,
        }),
    )
}

async fn reset_report_limits(State(state): State<Arc<AppState>>) -> Response {
    state.report_limiter.reset();
    json(StatusCode::OK, &serde_json::json!({ "reset": true }))
}

/// Test helper: each offer's id, name, payout and the internal sort keys.
pub fn catalogue_json(catalogue: &Catalogue) -> Vec<serde_json::Value> {
    catalogue
        .offers()
        .iter()
        .map(|o| {
            serde_json::json!({
                "id": o.id,
                "name": o.name,
                "total_payout_usd": o.total_payout_usd,
                "epc": o.epc,
                "last_activation": o.last_activation,
            })
        })
        .collect()
}

async fn catalogue(State(state): State<Arc<AppState>>) -> Response {
    json(
        StatusCode::OK,
        &serde_json::json!({ "offers": catalogue_json(&state.catalogue) }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_and_nested_fault_shapes() {
        let flat = parse_fault(br#"{"kind":"status","status":503,"times":2,"path":"/v1/offers"}"#)
            .expect("flat");
        let nested = parse_fault(
            br#"{"kind":{"kind":"status","status":503},"times":2,"path":"/v1/offers"}"#,
        )
        .expect("nested");
        assert_eq!(flat, nested);
        assert_eq!(flat.times, 2);
        assert!(parse_fault(br#"{"kind":"status","status":99}"#).is_err());
        assert!(parse_fault(br#"{"kind":"explode"}"#).is_err());
        assert!(parse_fault(b"nope").is_err());
    }

    async fn stats_status_from(peer: &str) -> StatusCode {
        use tower::ServiceExt;
        let state = Arc::new(AppState::new(
            crate::config::SimConfig::default(),
            "http://127.0.0.1:1",
        ));
        let mut request = Request::builder()
            .uri("/_sim/stats")
            .body(axum::body::Body::empty())
            .unwrap_or_default();
        if let Ok(addr) = peer.parse::<SocketAddr>() {
            request.extensions_mut().insert(ConnectInfo(addr));
        }
        match routes().with_state(state).oneshot(request).await {
            Ok(response) => response.status(),
            Err(never) => match never {},
        }
    }

    #[tokio::test]
    async fn only_loopback_peers_are_served() {
        assert_eq!(stats_status_from("127.0.0.1:5000").await, StatusCode::OK);
        assert_eq!(stats_status_from("[::1]:5000").await, StatusCode::OK);
        assert_eq!(
            stats_status_from("[::ffff:127.0.0.1]:5000").await,
            StatusCode::OK
        );
        assert_eq!(
            stats_status_from("10.1.2.3:5000").await,
            StatusCode::FORBIDDEN
        );
        assert_eq!(stats_status_from("no peer").await, StatusCode::FORBIDDEN);
    }
}
