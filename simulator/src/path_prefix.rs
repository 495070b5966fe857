//! `path_prefix`: the service's routes served under a path (`/api/v1/offers`, `/api/click/…`),
//! as when a gateway routes one path of its host to the service. Everything outside the
//! prefix except the control endpoint gets the gateway's own 404, an HTML page, which is
//! what a client with a wrong base URL meets in the field.

use axum::response::{IntoResponse, Response};
use http::{StatusCode, header};

/// The gateway's page for paths it does not route.
pub const GATEWAY_NOT_FOUND: &str = "<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>gateway</center>\r\n</body>\r\n</html>\r\n";

/// The prefix as routes use it: `""` for none (`None`, `""` or `"/"`), otherwise `/a/b`
/// without a trailing slash. Segments are letters, digits, `-`, `.`, `_`, `~` (not `.` or
/// `..`), and the first may not be `_sim`, which the control endpoint keeps at the root.
pub fn normalise(prefix: Option<&str>) -> Result<String, String> {
    let Some(raw) = prefix else {
        return Ok(String::new());
    };
    let trimmed = raw.trim_end_matches('/');
    if trimmed.is_empty() {
        return Ok(String::new());
    }
    let invalid = |why: &str| Err(format!("invalid path prefix `{raw}`: {why}"));
    let Some(rest) = trimmed.strip_prefix('/') else {
        return invalid("it must start with `/`");
    };
    for segment in rest.split('/') {
        let allowed = |b: u8| b.is_ascii_alphanumeric() || b"-._~".contains(&b);
        if segment.is_empty() || segment == "." || segment == ".." || !segment.bytes().all(allowed)
        {
            return invalid("use segments of letters, digits, `-`, `.`, `_` or `~`");
        }
    }
    if rest.split('/').next() == Some("_sim") {
        return invalid("`/_sim` is the control endpoint's");
    }
    Ok(trimmed.to_owned())
}

pub async fn gateway_not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/html")],
        GATEWAY_NOT_FOUND,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_are_normalised_or_refused() {
        assert_eq!(normalise(None).as_deref(), Ok(""));
        assert_eq!(normalise(Some("")).as_deref(), Ok(""));
        assert_eq!(normalise(Some("/")).as_deref(), Ok(""));
        assert_eq!(normalise(Some("/api")).as_deref(), Ok("/api"));
        assert_eq!(normalise(Some("/api/v2.1/")).as_deref(), Ok("/api/v2.1"));
        for bad in [
            "api", "/a//b", "/{id}", "/a b", "/..", "/_sim", "/_sim/x", "/*x",
        ] {
            assert!(normalise(Some(bad)).is_err(), "{bad}");
        }
    }
}
