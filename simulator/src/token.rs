//! `POST /v1/users/token`: exchanges the long-lived refresh token for a short-lived JWT
//! (form-encoded only). Two extra refresh tokens produce the 403 and the scope-less cases.

use axum::extract::State;
use axum::response::Response;
use bytes::Bytes;
use http::{HeaderMap, StatusCode};
use std::sync::Arc;

use crate::content_type::content_type_is;
use crate::respond::{json, json_message};
use crate::state::AppState;
use crate::validation::Violations;

/// Refresh token whose owner lacks permission: 403.
pub const NO_PERMISSION_REFRESH_TOKEN: &str = "sim-refresh-token-no-permission";
/// Refresh token that yields a valid access token without `offers:read` (403 on /v1/offers).
pub const NO_SCOPE_REFRESH_TOKEN: &str = "sim-refresh-token-no-scope";
const FORM: &str = "application/x-www-form-urlencoded";

pub async fn exchange(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if !content_type_is(&headers, FORM) {
        return json(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            &serde_json::json!({ "error": "Unsupported Media Type: send application/x-www-form-urlencoded." }),
        );
    }
    let field = |name: &str| {
        form_urlencoded::parse(&body)
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    };
    let (refresh_token, grant_type) = (field("refresh_token"), field("grant_type"));

    let mut violations = Violations::default();
    if refresh_token.is_none() {
        violations.add("refresh_token", "The refresh token field is required.");
    }
    match grant_type.as_deref() {
        None => violations.add("grant_type", "The grant type field is required."),
        Some("refresh_token") => {}
        Some(_) => violations.add("grant_type", "The selected grant type is invalid."),
    }
    let Some(refresh_token) = violations.is_empty().then_some(refresh_token).flatten() else {
        return json(StatusCode::UNPROCESSABLE_ENTITY, &violations.to_422_body());
    };

    let scoped = if refresh_token == state.config.refresh_token {
        true
    } else if refresh_token == NO_SCOPE_REFRESH_TOKEN {
        false
    } else if refresh_token == NO_PERMISSION_REFRESH_TOKEN {
        return json_message(StatusCode::FORBIDDEN, "This action is unauthorized.");
    } else {
        return json_message(
            StatusCode::UNAUTHORIZED,
            "The refresh token is invalid or expired.",
        );
    };
    let ttl = state.token_ttl_secs();
    json(
        StatusCode::CREATED,
        &serde_json::json!({
            "message": "Authorized",
            "access_token": state.issue_token(ttl, scoped),
            "expires_in": ttl,
        }),
    )
}
