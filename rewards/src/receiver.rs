//! The HTTP surface of a receiver (axum):
//! - `POST /postback` (v3) and `GET /postback` (v2): allow-list (403), then the verifier (size
//!   413/414, signature 401, fields 400, replay window 401), then the ledger (200 credited or
//!   duplicate, 409 conflict, 503 storage failure);
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

/// The sender's address: the trusted proxy header's last entry, else the peer.
fn client_ip(config: &ReceiverConfig, request: &Request) -> Option<IpAddr> {
    if let Some(name) = &config.client_ip_header {
        return request
            .headers()
            .get(name.as_str())
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .and_then(|v| v.trim().parse::<IpAddr>().ok());
    }
    request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip())
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
