//! Access tokens: HS256 JWTs issued by the token endpoint and verified (signature, issuer,
//! `exp`) on every offer request. Built from hmac + sha2 + base64url by hand, which is all
//! HS256 needs. A token that passed the signature and issuer checks is remembered with its
//! claims, since clients send the same token on every request; its `exp` is still checked
//! every time.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use hmac::Mac;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::keys;

pub const ISSUER: &str = "offerkit-sim";
/// The scope `/v1/offers` requires (the spec names no scopes; the simulator invents this one).
pub const OFFERS_SCOPE: &str = "offers:read";
const SUBJECT: &str = "sim-client";
const HEADER: &str = r#"{"alg":"HS256","typ":"JWT"}"#;
/// Verified tokens remembered; when full, the memory starts over.
const VERIFIED_MAX: usize = 1024;

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Claims {
    pub iss: String,
    pub sub: String,
    pub iat: i64,
    pub exp: i64,
    pub scope: String,
    /// Unique per token, so two tokens issued in the same second still differ.
    pub jti: String,
}

impl Claims {
    pub fn has_scope(&self, scope: &str) -> bool {
        self.scope.split_whitespace().any(|s| s == scope)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JwtError {
    Malformed,
    BadSignature,
    Expired,
}

pub struct JwtIssuer {
    key: [u8; 32],
    next_id: AtomicU64,
    /// Tokens with a valid signature and issuer, and their claims.
    verified: Mutex<HashMap<String, Arc<Claims>>>,
}

impl JwtIssuer {
    pub fn new(seed: u64) -> JwtIssuer {
        JwtIssuer {
            key: keys::derive(seed, "jwt"),
            next_id: AtomicU64::new(1),
            verified: Mutex::default(),
        }
    }

    /// A signed token; `scoped` decides whether it carries `offers:read`.
    pub fn issue(&self, now: i64, exp: i64, scoped: bool) -> String {
        let claims = Claims {
            iss: ISSUER.to_owned(),
            sub: SUBJECT.to_owned(),
            iat: now,
            exp,
            scope: if scoped {
                OFFERS_SCOPE.to_owned()
            } else {
                String::new()
            },
            jti: self.next_id.fetch_add(1, Ordering::Relaxed).to_string(),
        };
        let payload = match serde_json::to_vec(&claims) {
            Ok(p) => p,
            Err(_) => unreachable!("claims are plain strings and integers"),
        };
        let signing_input = format!("{}.{}", B64.encode(HEADER), B64.encode(payload));
        let signature = keys::hmac(&self.key, &[signing_input.as_bytes()]);
        format!("{signing_input}.{}", B64.encode(signature))
    }

    /// Checks shape, algorithm, signature, issuer and expiry (`exp <= now` is expired).
    pub fn verify(&self, token: &str, now: i64) -> Result<Arc<Claims>, JwtError> {
        let remembered = self.remembered().get(token).cloned();
        let claims = match remembered {
            Some(claims) => claims,
            None => {
                let claims = Arc::new(self.check_signed(token)?);
                let mut verified = self.remembered();
                if verified.len() >= VERIFIED_MAX {
                    verified.clear();
                }
                verified.insert(token.to_owned(), Arc::clone(&claims));
                claims
            }
        };
        if claims.exp <= now {
            return Err(JwtError::Expired);
        }
        Ok(claims)
    }

    fn remembered(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Claims>>> {
        self.verified
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Shape, algorithm, signature and issuer: everything but the time.
    fn check_signed(&self, token: &str) -> Result<Claims, JwtError> {
        let mut parts = token.split('.');
        let (Some(header), Some(payload), Some(signature), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(JwtError::Malformed);
        };
        let signature = B64.decode(signature).map_err(|_| JwtError::Malformed)?;
        let mut mac = keys::keyed(&self.key);
        mac.update(header.as_bytes());
        mac.update(b".");
        mac.update(payload.as_bytes());
        mac.verify_slice(&signature)
            .map_err(|_| JwtError::BadSignature)?;
        let header: serde_json::Value =
            serde_json::from_slice(&B64.decode(header).map_err(|_| JwtError::Malformed)?)
                .map_err(|_| JwtError::Malformed)?;
        if header.get("alg").and_then(|a| a.as_str()) != Some("HS256") {
            return Err(JwtError::Malformed);
        }
        let claims: Claims =
            serde_json::from_slice(&B64.decode(payload).map_err(|_| JwtError::Malformed)?)
                .map_err(|_| JwtError::Malformed)?;
        if claims.iss != ISSUER {
            return Err(JwtError::BadSignature);
        }
        Ok(claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issued_token_verifies_with_claims() {
        let issuer = JwtIssuer::new(42);
        let token = issuer.issue(1000, 4600, true);
        let claims = issuer.verify(&token, 1001).expect("valid");
        assert_eq!(claims.exp, 4600);
        assert_eq!(claims.iat, 1000);
        assert_eq!(claims.iss, "offerkit-sim");
        assert!(claims.has_scope(OFFERS_SCOPE));
        assert!(
            !issuer
                .verify(&issuer.issue(1000, 4600, false), 1001)
                .expect("valid")
                .has_scope(OFFERS_SCOPE)
        );
    }

    #[test]
    fn expiry_signature_and_shape_are_checked() {
        let issuer = JwtIssuer::new(42);
        let token = issuer.issue(1000, 2000, true);
        assert_eq!(issuer.verify(&token, 2000), Err(JwtError::Expired));
        assert_eq!(
            JwtIssuer::new(43).verify(&token, 1500),
            Err(JwtError::BadSignature)
        );
        let mut tampered = token.clone();
        tampered.insert(token.find('.').map(|i| i + 3).unwrap_or(0), 'A');
        assert!(issuer.verify(&tampered, 1500).is_err());
        assert_eq!(issuer.verify("a.b", 1500), Err(JwtError::Malformed));
        assert_eq!(issuer.verify("", 1500), Err(JwtError::Malformed));
    }

    #[test]
    fn a_remembered_token_still_expires_and_others_are_still_checked() {
        let issuer = JwtIssuer::new(42);
        let token = issuer.issue(1000, 2000, true);
        assert!(issuer.verify(&token, 1500).is_ok());
        assert!(issuer.verify(&token, 1999).is_ok());
        assert_eq!(issuer.verify(&token, 2000), Err(JwtError::Expired));
        assert_eq!(
            JwtIssuer::new(43).verify(&token, 1500),
            Err(JwtError::BadSignature)
        );
        let mut tampered = token.clone();
        tampered.push('A');
        assert!(issuer.verify(&tampered, 1500).is_err());
        for i in 0..=VERIFIED_MAX as i64 {
            assert!(issuer.verify(&issuer.issue(i, 5000, true), 1500).is_ok());
        }
        assert!(issuer.remembered().len() <= VERIFIED_MAX);
        assert!(issuer.verify(&token, 1500).is_ok());
    }

    #[test]
    fn tokens_differ_even_in_the_same_second() {
        let issuer = JwtIssuer::new(1);
        assert_ne!(issuer.issue(5, 10, true), issuer.issue(5, 10, true));
    }
}
