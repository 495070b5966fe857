//! The HTTP surface: `POST /offer-token` hands an authenticated game client a short-lived
//! access token `{access_token, expires_in}` from the shared [`TokenExchanger`] cache (one
//! exchange serves every client until it nears expiry), after the per-client rate limit.
//! `GET /healthz` answers `ok`. Nothing here ever logs or returns the refresh token.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use axum::Router;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use http::{HeaderMap, HeaderValue, StatusCode, header};
use offerkit::ClientConfig;
use offerkit::server::{RateLimiter, TokenExchanger};
use serde_json::json;

use crate::config::BrokerConfig;
use crate::session::{SessionPolicy, authenticate_player};

pub struct Broker {
    exchanger: TokenExchanger,
    limiter: RateLimiter,
    sessions: SessionPolicy,
}

impl Broker {
    pub fn new(config: &BrokerConfig) -> offerkit::Result<Broker> {
        let mut http = ClientConfig::new(config.base_url.clone());
        http.allow_insecure_http = config.allow_insecure_http;
        http.token_refresh_skew = config.refresh_skew;
        Ok(Broker {
            exchanger: TokenExchanger::new(&http, config.refresh_token.clone())?,
            limiter: RateLimiter::new(config.per_client_per_minute, Duration::from_secs(60)),
            sessions: config.sessions.clone(),
        })
    }
}

pub fn router(broker: Arc<Broker>) -> Router {
    Router::new()
        .route("/offer-token", post(offer_token))
        .route("/healthz", get(|| async { "ok" }))
        .with_state(broker)
}

fn reply(status: StatusCode, body: serde_json::Value) -> Response {
    let mut response = (status, axum::Json(body)).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

async fn offer_token(State(broker): State<Arc<Broker>>, headers: HeaderMap) -> Response {
    // STUDIO HOOK (session.rs): only authenticated players get a token.
    let session = match authenticate_player(&broker.sessions, &headers) {
        Ok(session) => session,
        Err(why) => {
            return reply(
                StatusCode::UNAUTHORIZED,
                json!({"error": "unauthenticated", "message": why}),
            );
        }
    };
    if let Err(wait) = broker.limiter.try_acquire(&session.client_key) {
        let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        let mut response = reply(
            StatusCode::TOO_MANY_REQUESTS,
            json!({"error": "rate_limited", "retry_after_secs": secs}),
        );
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(secs.max(1)));
        return response;
    }
    match broker.exchanger.access_token().await {
        Ok(token) => {
            let expires_in = token
                .expires_at()
                .and_then(|at| at.duration_since(SystemTime::now()).ok())
                .map_or(0, |left| left.as_secs());
            tracing::debug!(expires_in, "access token handed out");
            reply(
                StatusCode::OK,
                json!({"access_token": token.secret(), "expires_in": expires_in}),
            )
        }
        Err(err) => {
            // The error is already scrubbed of the refresh token; log its kind and status only.
            tracing::warn!(
                kind = err.kind().as_str(),
                status = err.http_status(),
                "token exchange failed"
            );
            reply(
                StatusCode::BAD_GATEWAY,
                json!({"error": "token_exchange_failed", "kind": err.kind().as_str()}),
            )
        }
    }
}
