//! The rewards loop's control endpoints: `POST /_sim/complete` completes a clicked offer
//! for a player (and sends its postback), `GET /_sim/postbacks` lists every delivery attempt
//! and how many are still under way. Loopback peers only, like the rest of `/_sim`.

use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::middleware;
use axum::response::Response;
use axum::routing::{get, post};
use bytes::Bytes;
use http::StatusCode;
use serde::Deserialize;

use crate::control::loopback_only;
use crate::postback::Format;
use crate::respond::json;
use crate::rewards::CompleteError;
use crate::state::AppState;

pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/_sim/complete", post(complete))
        .route("/_sim/postbacks", get(postbacks))
        .route_layer(middleware::from_fn(loopback_only))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CompleteRequest {
    player_id: String,
    offer_id: String,
    /// Default v3.
    format: Option<Format>,
    /// Extra copies sent after the first accepted delivery (new request ids).
    duplicates: Option<u32>,
}

async fn complete(State(state): State<Arc<AppState>>, body: Bytes) -> Response {
    let request: CompleteRequest = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return json(
                StatusCode::BAD_REQUEST,
                &serde_json::json!({ "error": format!("invalid completion: {e}") }),
            );
        }
    };
    let format = request.format.unwrap_or(Format::V3);
    match state.rewards.complete(
        &state.catalogue,
        &request.offer_id,
        &request.player_id,
        format,
        request.duplicates.unwrap_or(0).min(100),
    ) {
        Ok(conversion) => json(
            StatusCode::OK,
            &serde_json::json!({
                "conversion": conversion,
                "format": format,
                "postback": state.rewards.sends_postbacks(),
            }),
        ),
        Err(CompleteError::UnknownOffer) => json(
            StatusCode::NOT_FOUND,
            &serde_json::json!({ "error": "no such offer" }),
        ),
        Err(CompleteError::NotClicked) => json(
            StatusCode::CONFLICT,
            &serde_json::json!({ "error": "this player has not clicked this offer's tracking link (with a player_id)" }),
        ),
    }
}

async fn postbacks(State(state): State<Arc<AppState>>) -> Response {
    let (attempts, in_flight) = state.rewards.attempts();
    json(
        StatusCode::OK,
        &serde_json::json!({ "attempts": attempts, "in_flight": in_flight }),
    )
}
