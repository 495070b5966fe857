//! HTTP statuses the spec names, mapped to error kinds with the body's own words.
//!
//! Bodies: `{message}` for 401/403, `{error}` for 415, `{message, errors: {field: [..]}}` for
//! 422. Any other non-2xx status is `server` (5xx, or a status the spec does not name, such as
//! a 404 from a wrong base address); 429 is `rate_limited` with `Retry-After`.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::error::{Error, ErrorKind, FieldError, Result};
use crate::transport::Response;

#[derive(Deserialize, Default)]
struct ErrorBody {
    message: Option<String>,
    error: Option<String>,
    errors: Option<BTreeMap<String, Messages>>,
}

/// A 422 field's messages: an array as the spec shows, or a lone string.
#[derive(Deserialize)]
#[serde(untagged)]
enum Messages {
    Many(Vec<String>),
    One(String),
}

/// Passes 2xx responses through; turns every other status into its typed error.
pub(crate) fn check(response: Response) -> Result<Response> {
    if (200..300).contains(&response.status) {
        return Ok(response);
    }
    Err(status_error(&response))
}

fn status_error(response: &Response) -> Error {
    let status = response.status;
    let body: ErrorBody = serde_json::from_slice(&response.body).unwrap_or_default();
    let said = body.message.or(body.error);
    let kind = match status {
        401 => ErrorKind::Unauthorized,
        403 => ErrorKind::Forbidden,
        415 => ErrorKind::UnsupportedMediaType,
        422 => ErrorKind::Unprocessable,
        429 => ErrorKind::RateLimited,
        _ => ErrorKind::Server,
    };
    let mut fields = Vec::new();
    if let Some(errors) = body.errors.filter(|_| status == 422) {
        let mut field = FieldError::new(&[]);
        for (name, messages) in errors {
            match messages {
                Messages::Many(list) => list.into_iter().for_each(|m| field.add(&name, m)),
                Messages::One(m) => field.add(&name, m),
            }
        }
        fields.push(field);
    }
    let mut message = format!("HTTP {status}");
    if let Some(said) = said {
        message.push_str(": ");
        message.push_str(&said);
    }
    if kind == ErrorKind::Server && !(500..600).contains(&status) {
        message.push_str(" (a status the service does not use here: is base_url right?)");
    }
    for field in &fields {
        message.push_str(&format!(" ({field})"));
    }
    if let Some(wait) = response.retry_after {
        message.push_str(&format!("; retry after {} s", wait.as_secs()));
    }
    Error::new(kind, message)
        .with_status(status)
        .with_fields(fields)
        .with_retry_after(response.retry_after)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn response(status: u16, body: &str, retry_after: Option<u64>) -> Response {
        Response {
            status,
            retry_after: retry_after.map(Duration::from_secs),
            body: bytes::Bytes::copy_from_slice(body.as_bytes()),
        }
    }

    #[test]
    fn each_named_status_maps_to_its_kind() {
        let cases = [
            (401, ErrorKind::Unauthorized),
            (403, ErrorKind::Forbidden),
            (415, ErrorKind::UnsupportedMediaType),
            (422, ErrorKind::Unprocessable),
            (429, ErrorKind::RateLimited),
            (500, ErrorKind::Server),
            (503, ErrorKind::Server),
            (404, ErrorKind::Server),
        ];
        for (status, kind) in cases {
            let err = check(response(status, "{}", None)).err().unwrap();
            assert_eq!(err.kind(), kind, "{status}");
            assert_eq!(err.http_status(), Some(status));
        }
        assert!(check(response(201, "{}", None)).is_ok());
    }

    #[test]
    fn bodies_supply_the_message_and_fields() {
        let err = check(response(401, r#"{"message":"Unauthenticated."}"#, None))
            .err()
            .unwrap();
        assert_eq!(err.message(), "HTTP 401: Unauthenticated.");
        let err = check(response(415, r#"{"error":"Use form encoding"}"#, None))
            .err()
            .unwrap();
        assert!(err.message().contains("Use form encoding"));
        let err = check(response(
            422,
            r#"{"message":"m","errors":{"refresh_token":["The refresh token field is required."],"page":"x"}}"#,
            None,
        ))
        .err()
        .unwrap();
        assert_eq!(err.fields().len(), 1);
        assert!(err.fields()[0].path.is_empty());
        assert_eq!(
            err.fields()[0].arguments["refresh_token"],
            ["The refresh token field is required."]
        );
        assert_eq!(err.fields()[0].arguments["page"], ["x"]);
        let err = check(response(429, "not json", Some(7))).err().unwrap();
        assert_eq!(err.retry_after(), Some(Duration::from_secs(7)));
    }
}
