//! The HTTP surface: which path goes to which handler (under the path prefix, if any), and
//! the `/v1` gate that counts every request and applies a 503 storm or injected faults before
//! anything else.

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};
use http::StatusCode;
use std::sync::Arc;
use std::time::Duration;

use crate::faults::{self, FaultKind};
use crate::respond::json_message;
use crate::state::AppState;
use crate::stats::Endpoint;
use crate::{
    control, cors, graphql, listing, path_prefix, report, rewards_control, token, tracking,
};

/// Largest request body the simulator reads.
pub const MAX_REQUEST_BODY: usize = 2 * 1024 * 1024;

pub fn router(state: Arc<AppState>) -> Router {
    let cors = state.config.cors;
    let router = routes(state);
    if cors {
        router.layer(cors::layer())
    } else {
        router
    }
}

fn routes(state: Arc<AppState>) -> Router {
    let service = Router::new()
        .route("/v1/users/token", post(token::exchange))
        .route("/v1/offers", post(graphql::execute).get(listing::list))
        .route("/v1/report", get(report::report))
        .merge(tracking::routes());
    let gate = middleware::from_fn_with_state(Arc::clone(&state), v1_gate);
    if state.prefix.is_empty() {
        return service
            .merge(control::routes())
            .merge(rewards_control::routes())
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
        .merge(rewards_control::routes())
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
    let mut request = request;
    if fault.is_some() {
        // The whole request is read first, as the service reads it before it answers: an answer
        // sent mid-upload resets the connection under a client still writing its body (which
        // would then see a network error, not the fault); and only once the body is read does
        // the server watch the connection, so a client leaving during a latency fault is seen.
        request = match buffer_body(request).await {
            Ok(r) => r,
            Err(r) => return r,
        };
    }
    let response = match fault.as_ref().and_then(faults::response_for) {
        Some(faulted) => faulted,
        None => {
            if let Some(FaultKind::Latency { ms }) = fault {
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
