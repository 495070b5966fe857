//! The HTTP surface of a receiver (axum):
//! - `POST /postback` (v3) and `GET /postback` (v2): allow-list (403), then the verifier (size
//!   413/414, signature 401, fields 400, replay window 401), then the ledger (200 credited or
//!   duplicate, 409 conflict, 422 balance overflow, 503 storage failure);
//! - `GET /players/{player_id}/balance` with `Authorization: Bearer <admin token>`:
//!   `{"player_id", "balance", "conversions"}` (401 without the token);
//!
//! A backend merging these routes keeps its own `/healthz`; [`crate::serve`] adds one.
//!
//! Every postback is logged once, as structured fields (format, conversion, player, amount,
//! request id, peer, outcome); the postback key, the admin token and signatures are never
//! logged.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::extract::{ConnectInfo, Path, Request, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use http::{HeaderMap, StatusCode, header};
use offerkit::server::ledger::Credit;
use offerkit::server::postback::{Conversion, SIGNATURE_HEADER};
use offerkit::{Error, ErrorKind};

use crate::answer;
use crate::config::ReceiverConfig;

/// The receiver's routes, to serve with `into_make_service_with_connect_info::<SocketAddr>()`
/// (see [`crate::serve`]) or to merge into a backend's own router.
pub fn router(config: ReceiverConfig) -> Router {
    Router::new()
        .route("/postback", get(postback_v2).post(postback_v3))
        .route("/players/{player_id}/balance", get(balance))
        .with_state(Arc::new(config))
}

type Shared = State<Arc<ReceiverConfig>>;

/// The sender's address: with a proxy header configured, every line of it read as one
/// comma-separated list in arrival order, and the entry `trusted_proxies` places from its end
/// (see [`ReceiverConfig::trusted_proxies`]); else the peer.
fn client_ip(config: &ReceiverConfig, request: &Request) -> Option<IpAddr> {
    if let Some(name) = &config.client_ip_header {
        return forwarded_sender(request.headers(), name, config.trusted_proxies);
    }
    request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip())
}

/// The entry `hop` places from the end of all `name` lines joined in order (1: the last).
/// A line that is not text, or a chosen entry that is not an address, is an unknown sender.
fn forwarded_sender(headers: &HeaderMap, name: &str, hop: usize) -> Option<IpAddr> {
    let mut entries = Vec::new();
    for line in headers.get_all(name) {
        entries.extend(line.to_str().ok()?.split(',').map(str::trim));
    }
    let index = entries.len().checked_sub(hop.max(1))?;
    entries.get(index)?.parse::<IpAddr>().ok()
}

/// 403 unless the allow-list is empty or holds the sender.
fn check_sender(config: &ReceiverConfig, request: &Request) -> Result<Option<IpAddr>, Error> {
    let ip = client_ip(config, request);
    if config.allow_list.is_empty() {
        return Ok(ip);
    }
    match ip {
        Some(ip) => config.allow_list.check(ip).map(|()| Some(ip)),
        None => Err(Error::new(
            ErrorKind::Forbidden,
            "the sender's address is unknown, and an IP allow-list is set",
        )),
    }
}

#[cfg(test)]
thread_local! {
    /// Postbacks handed to the verifier (which computes the HMAC) on this thread: tests
    /// count them to show which refusals come before any hashing.
    pub(crate) static VERIFICATIONS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Counts a postback handed to the verifier (tests only; nothing in a release build).
fn verification_started() {
    #[cfg(test)]
    VERIFICATIONS.with(|n| n.set(n.get() + 1));
}

fn refuse(format: &str, peer: Option<IpAddr>, err: &Error) -> Response {
    let peer = peer.map(|ip| ip.to_string());
    if err.kind() == ErrorKind::Server {
        tracing::error!(
            format,
            peer,
            kind = err.kind().as_str(),
            message = err.message(),
            "postback not credited: storage failure (the sender will retry)"
        );
    } else {
        tracing::warn!(
            format,
            peer,
            kind = err.kind().as_str(),
            status = err.http_status(),
            message = err.message(),
            "postback refused"
        );
    }
    let mut response = answer::error(err);
    if err.kind() == ErrorKind::Forbidden {
        *response.status_mut() = StatusCode::FORBIDDEN;
    }
    response
}

async fn credit(config: &ReceiverConfig, conversion: Conversion, peer: Option<IpAddr>) -> Response {
    let format = conversion.format.as_str();
    let peer_text = peer.map(|ip| ip.to_string());
    match config.ledger.credit(&conversion).await {
        Ok(outcome) => {
            match &outcome {
                Credit::Credited { balance } => tracing::info!(
                    format,
                    peer = peer_text,
                    conversion_id = conversion.conversion_id,
                    player_id = conversion.player_id,
                    amount = conversion.amount,
                    conversion_type = conversion.kind.as_str(),
                    request_id = conversion.request_id,
                    balance = balance.balance,
                    "postback credited"
                ),
                Credit::Duplicate { .. } => tracing::info!(
                    format,
                    peer = peer_text,
                    conversion_id = conversion.conversion_id,
                    player_id = conversion.player_id,
                    request_id = conversion.request_id,
                    "postback already credited: nothing credited"
                ),
                Credit::Conflict { recorded } => tracing::warn!(
                    format,
                    peer = peer_text,
                    conversion_id = conversion.conversion_id,
                    player_id = conversion.player_id,
                    amount = conversion.amount,
                    credited_player_id = recorded.player_id,
                    credited_amount = recorded.amount,
                    "postback conflict: this conversion id was credited with another player or amount; nothing credited"
                ),
                Credit::Overflow { balance } => tracing::error!(
                    format,
                    peer = peer_text,
                    conversion_id = conversion.conversion_id,
                    player_id = conversion.player_id,
                    amount = conversion.amount,
                    balance = balance.balance,
                    "postback refused: the credit would take the balance past the largest the ledger keeps; nothing credited, resends are refused too"
                ),
            }
            answer::credit(&conversion, &outcome)
        }
        Err(err) => refuse(format, peer, &err),
    }
}

async fn postback_v3(State(config): Shared, request: Request) -> Response {
    let peer = match check_sender(&config, &request) {
        Ok(peer) => peer,
        Err(err) => return refuse("v3", client_ip(&config, &request), &err),
    };
    let signature = request
        .headers()
        .get(SIGNATURE_HEADER)
        .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
    let limit = config.verifier.max_bytes();
    let body = match to_bytes(request.into_body(), limit.saturating_add(1)).await {
        Ok(body) => body,
        Err(_) => {
            let err = Error::new(
                ErrorKind::InvalidArgument,
                format!("the postback body is larger than {limit} bytes or was cut off"),
            );
            let mut response = refuse("v3", peer, &err);
            *response.status_mut() = StatusCode::PAYLOAD_TOO_LARGE;
            return response;
        }
    };
    verification_started();
    match config.verifier.verify_v3(signature.as_deref(), &body) {
        Ok(conversion) => credit(&config, conversion, peer).await,
        Err(err) => refuse("v3", peer, &err),
    }
}

/// The URLs a v2 postback may have signed (see [`ReceiverConfig::public_urls`]).
fn signed_bases(config: &ReceiverConfig, headers: &HeaderMap, path: &str) -> Vec<String> {
    if !config.public_urls.is_empty() {
        return config.public_urls.clone();
    }
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let Some(host) = text("x-forwarded-host").or_else(|| text(header::HOST.as_str())) else {
        return Vec::new();
    };
    let host = host.split(',').next().unwrap_or_default().trim();
    match text("x-forwarded-proto").map(|p| p.split(',').next().unwrap_or_default().trim()) {
        Some(proto) if !proto.is_empty() => vec![format!("{proto}://{host}{path}")],
        _ => vec![
            format!("https://{host}{path}"),
            format!("http://{host}{path}"),
        ],
    }
}

async fn postback_v2(State(config): Shared, request: Request<Body>) -> Response {
    let peer = match check_sender(&config, &request) {
        Ok(peer) => peer,
        Err(err) => return refuse("v2", client_ip(&config, &request), &err),
    };
    let uri = request.uri();
    let query = uri.query().unwrap_or_default();
    let bases = signed_bases(&config, request.headers(), uri.path());
    let bases: Vec<&str> = bases.iter().map(String::as_str).collect();
    verification_started();
    match config.verifier.verify_v2(&bases, query) {
        Ok(conversion) => credit(&config, conversion, peer).await,
        Err(err) => refuse("v2", peer, &err),
    }
}

async fn balance(
    State(config): Shared,
    Path(player_id): Path<String>,
    headers: HeaderMap,
) -> Response {
    if !config.admin_token.admits(&headers) {
        tracing::warn!("balance request without the admin token refused");
        return answer::admin_unauthorized();
    }
    match config.ledger.balance(&player_id).await {
        Ok(balance) => (StatusCode::OK, axum::Json(balance)).into_response(),
        Err(err) => {
            tracing::error!(
                kind = err.kind().as_str(),
                message = err.message(),
                "balance not read: storage failure"
            );
            answer::error(&err)
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

    use axum::body::Body;
    use http::{HeaderValue, Request};
    use offerkit::server::ledger::Ledger;
    use offerkit::server::postback::{PostbackKey, PostbackVerifier};
    use tower::ServiceExt;

    use super::*;
    use crate::AdminToken;

    fn forwarded(lines: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for line in lines {
            headers.append("x-forwarded-for", HeaderValue::from_str(line).unwrap());
        }
        headers
    }

    fn ip(text: &str) -> Option<IpAddr> {
        Some(text.parse().unwrap())
    }

    /// A proxy that adds a line of its own after the client's forged one: the lines are one
    /// list in arrival order, so the proxy's entry is the last, whatever the client wrote.
    #[test]
    fn every_header_line_counts_and_the_trusted_hop_is_counted_from_the_end() {
        let two_lines = forwarded(&["203.0.113.9", "198.51.100.7"]);
        let sender = |h: &HeaderMap, hop| forwarded_sender(h, "x-forwarded-for", hop);
        assert_eq!(sender(&two_lines, 1), ip("198.51.100.7"));
        assert_eq!(sender(&two_lines, 2), ip("203.0.113.9"));
        assert_eq!(sender(&two_lines, 3), None, "fewer entries than hops");
        let mixed = forwarded(&["1.1.1.1, 10.0.0.1", " 2001:db8::7 ,192.0.2.4"]);
        assert_eq!(sender(&mixed, 1), ip("192.0.2.4"));
        assert_eq!(sender(&mixed, 2), ip("2001:db8::7"));
        assert_eq!(sender(&mixed, 3), ip("10.0.0.1"));
        assert_eq!(sender(&forwarded(&["1.1.1.1, junk"]), 1), None);
        assert_eq!(sender(&HeaderMap::new(), 1), None);
    }

    async fn router_with_limit(max_bytes: usize) -> Router {
        let dir = std::env::temp_dir().join(format!(
            "offerkit-rewards-unit-{}-{max_bytes}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let ledger = Ledger::open(&format!("sqlite://{}", dir.join("r.db").display()))
            .await
            .unwrap();
        let verifier = PostbackVerifier::new(PostbackKey::new("pbk-unit-size"))
            .unwrap()
            .with_max_bytes(max_bytes);
        router(ReceiverConfig::new(
            verifier,
            ledger,
            AdminToken::new("adm-unit").unwrap(),
        ))
    }

    /// The status of a v3 postback with `body` and a well-formed but wrong signature, and
    /// how many postbacks reached the verifier meanwhile (on this thread: the
    /// current-thread runtime runs the handler here).
    async fn wrongly_signed(app: &Router, body: Vec<u8>) -> (StatusCode, usize) {
        let before = VERIFICATIONS.with(std::cell::Cell::get);
        let request = Request::post("/postback")
            .header(SIGNATURE_HEADER, "ab".repeat(32))
            .body(Body::from(body))
            .unwrap();
        let status = app.clone().oneshot(request).await.unwrap().status();
        (status, VERIFICATIONS.with(std::cell::Cell::get) - before)
    }

    /// The size check runs before the HMAC: an oversized body with a wrong signature is 413
    /// and never reaches the verifier; the same signature on a body within the limit does
    /// (401), so the count is live.
    #[tokio::test]
    async fn an_oversized_body_is_refused_before_the_hmac() {
        let app = router_with_limit(64).await;
        assert_eq!(
            wrongly_signed(&app, vec![b'x'; 4096]).await,
            (StatusCode::PAYLOAD_TOO_LARGE, 0)
        );
        assert_eq!(
            wrongly_signed(&app, vec![b'x'; 64]).await,
            (StatusCode::UNAUTHORIZED, 1)
        );
    }
}
