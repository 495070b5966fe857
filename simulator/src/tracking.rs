//! Tracking links and the pages they lead to: `/click/{offer_id}?player_id=…` redirects to
//! the offer's landing page, or to `/404` when the player id is missing (as the spec says)
//! or the offer is unknown. `/support` and `/offerwall` are the targets of `links`. With a
//! path prefix, the redirects keep it.

use axum::Router;
use axum::extract::{Path, RawQuery, State};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use http::{StatusCode, header};
use std::sync::Arc;

use crate::query_string::query_param;
use crate::state::AppState;

pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/click/{offer_id}", get(click))
        .route("/landing/{offer_id}", get(landing))
        .route("/404", get(not_found_page))
        .route("/support", get(|| page("Support")))
        .route("/offerwall", get(|| page("Offerwall")))
}

fn redirect(location: &str) -> Response {
    (StatusCode::FOUND, [(header::LOCATION, location)]).into_response()
}

async fn click(
    State(state): State<Arc<AppState>>,
    Path(offer_id): Path<String>,
    RawQuery(query): RawQuery,
) -> Response {
    let has_player = query_param(query.as_deref(), "player_id").is_some_and(|p| !p.is_empty());
    let prefix = &state.prefix;
    if has_player && state.catalogue.get(&offer_id).is_some() {
        if let Some(player_id) = query_param(query.as_deref(), "player_id") {
            state.rewards.record_click(&offer_id, &player_id);
        }
        redirect(&format!("{prefix}/landing/{offer_id}"))
    } else {
        redirect(&format!("{prefix}/404"))
    }
}

async fn landing(State(state): State<Arc<AppState>>, Path(offer_id): Path<String>) -> Response {
    match state.catalogue.get(&offer_id) {
        Some(offer) => page(&offer.name).await,
        None => not_found_page().await,
    }
}

async fn page(title: &str) -> Response {
    let title = title.replace('<', "&lt;");
    Html(format!("<!doctype html><html><head><title>{title}</title></head><body><h1>{title}</h1></body></html>"))
        .into_response()
}

async fn not_found_page() -> Response {
    (
        StatusCode::NOT_FOUND,
        Html("<!doctype html><html><head><title>404</title></head><body><h1>404 Not Found</h1></body></html>"),
    )
        .into_response()
}
