//! Reading the `exp` claim of a JWT access token.
//!
//! The client only needs to know when a token expires so it can ask for a new one ahead of
//! time. It never checks the signature: that is the service's job, and the client holds no key.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// The longest token we try to decode (a guard against absurd input, not a spec limit).
const MAX_TOKEN_LEN: usize = 16 * 1024;

/// The `exp` claim (Unix seconds) of `token`, or `None` when it is not a JWT, its payload is
/// not base64url JSON, or it has no integer `exp`.
pub fn expiry_unix(token: &str) -> Option<i64> {
    if token.len() > MAX_TOKEN_LEN {
        return None;
    }
    let mut parts = token.split('.');
    let (_header, payload, _signature) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    // Some issuers pad; base64url without padding is the JWT form, so strip it first.
    let bytes = URL_SAFE_NO_PAD.decode(payload.trim_end_matches('=')).ok()?;
    let claims: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    match claims.get("exp")? {
        serde_json::Value::Number(n) => n
            .as_i64()
            .or_else(|| n.as_f64().filter(|f| f.is_finite()).map(|f| f as i64)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token_with_payload(payload: &str) -> String {
        format!(
            "{}.{}.sig",
            URL_SAFE_NO_PAD.encode(br#"{"alg":"HS256","typ":"JWT"}"#),
            URL_SAFE_NO_PAD.encode(payload)
        )
    }

    #[test]
    fn reads_integer_exp() {
        assert_eq!(
            expiry_unix(&token_with_payload(r#"{"exp":1700000000}"#)),
            Some(1_700_000_000)
        );
    }

    #[test]
    fn reads_float_exp() {
        assert_eq!(
            expiry_unix(&token_with_payload(r#"{"exp":1700000000.5}"#)),
            Some(1_700_000_000)
        );
    }

    #[test]
    fn rejects_non_jwt_inputs() {
        assert_eq!(expiry_unix("opaque-token"), None);
        assert_eq!(expiry_unix("a.b"), None);
        assert_eq!(expiry_unix("a.b.c.d"), None);
        assert_eq!(expiry_unix("a.!!!.c"), None);
        assert_eq!(expiry_unix(&token_with_payload("not json")), None);
        assert_eq!(expiry_unix(&token_with_payload(r#"{"exp":"soon"}"#)), None);
        assert_eq!(expiry_unix(&token_with_payload(r#"{"sub":"x"}"#)), None);
        assert_eq!(expiry_unix(&"a.".repeat(20_000)), None);
    }
}
