//! The request's `Content-Type` check: the token endpoint takes only forms and the GraphQL
//! endpoint only JSON, whatever the parameters or the case of the media type.

use http::{HeaderMap, header};

/// Whether the request's Content-Type essence (before any `;` parameters) is `expected`.
pub fn content_type_is(headers: &HeaderMap, expected: &str) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case(expected))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_type_essence() {
        let mut h = HeaderMap::new();
        assert!(!content_type_is(&h, "application/json"));
        h.insert(
            header::CONTENT_TYPE,
            http::HeaderValue::from_static("Application/JSON; charset=utf-8"),
        );
        assert!(content_type_is(&h, "application/json"));
        assert!(!content_type_is(&h, "application/x-www-form-urlencoded"));
    }
}
