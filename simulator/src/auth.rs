//! Bearer authentication of `/v1/offers`: a missing, malformed, forged or expired token is
//! 401, a valid token without the `offers:read` scope is 403.

use axum::response::{IntoResponse, Response};
use http::{HeaderMap, StatusCode, header};
use std::sync::Arc;

use crate::jwt::{Claims, JwtIssuer, OFFERS_SCOPE};
use crate::respond::json_message;
use crate::time::now_unix;

/// The bearer token of a request, if it carries one.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

/// Why a request to `/v1/offers` was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Denied {
    /// 401: no bearer token, or not one this simulator signed, or expired.
    Unauthenticated,
    /// 403: a valid token without `offers:read`.
    MissingScope,
}

impl IntoResponse for Denied {
    fn into_response(self) -> Response {
        match self {
            Denied::Unauthenticated => json_message(StatusCode::UNAUTHORIZED, "Unauthenticated."),
            Denied::MissingScope => {
                json_message(StatusCode::FORBIDDEN, "Invalid scope(s) provided.")
            }
        }
    }
}

/// The claims of a valid, `offers:read`-scoped token.
pub fn require_offers_scope(jwt: &JwtIssuer, headers: &HeaderMap) -> Result<Arc<Claims>, Denied> {
    let token = bearer(headers).ok_or(Denied::Unauthenticated)?;
    let claims = jwt
        .verify(token, now_unix())
        .map_err(|_| Denied::Unauthenticated)?;
    if !claims.has_scope(OFFERS_SCOPE) {
        return Err(Denied::MissingScope);
    }
    Ok(claims)
}
