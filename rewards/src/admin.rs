//! The admin token that guards `GET /players/{player_id}/balance`: held as a secret (never
//! formatted or logged) and compared in constant time — over SHA-256 digests, so neither the
//! content nor the length of the token leaks through timing.

use std::fmt;

use http::{HeaderMap, header};
use offerkit::server::Secret;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The bearer token of the receiver's admin endpoints.
#[derive(Clone)]
pub struct AdminToken(Secret);

impl AdminToken {
    /// `None` for an empty or blank token: an endpoint guarded by "" (or by white space,
    /// which `admits` trims away) would be open.
    pub fn new(value: impl Into<String>) -> Option<AdminToken> {
        let secret = Secret::new(value);
        (!secret.expose().trim().is_empty()).then_some(AdminToken(secret))
    }

    /// Whether `headers` carry `Authorization: Bearer <this token>`.
    pub fn admits(&self, headers: &HeaderMap) -> bool {
        let Some(given) = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
        else {
            return false;
        };
        let given = Sha256::digest(given.trim().as_bytes());
        let expected = Sha256::digest(self.0.expose().as_bytes());
        given.ct_eq(&expected).into()
    }
}

impl fmt::Debug for AdminToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("AdminToken(<redacted>)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn auth(value: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::AUTHORIZATION, value.parse().unwrap());
        h
    }

    #[test]
    fn bearer_only_with_the_exact_token() {
        let token = AdminToken::new("adm-51c0").unwrap();
        assert!(token.admits(&auth("Bearer adm-51c0")));
        assert!(!token.admits(&auth("Bearer adm-51c")));
        assert!(!token.admits(&auth("Bearer adm-51c00")));
        assert!(!token.admits(&auth("Bearer ADM-51C0")));
        assert!(!token.admits(&auth("Basic adm-51c0")));
        assert!(!token.admits(&auth("Bearer ")));
        assert!(!token.admits(&HeaderMap::new()));
        assert!(AdminToken::new("").is_none());
        assert!(AdminToken::new(" \t\n").is_none());
        assert!(!format!("{token:?}").contains("adm-51c0"));
    }
}
