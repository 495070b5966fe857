//! HTTP statuses, mapped to error kinds with the body's own words.
//!
//! The spec names 401/403 (`{message}`), 415 (`{error}`) and 422 (`{message, errors: {field:
//! [..]}}`); 429 is `rate_limited` with `Retry-After`. Statuses it does not name: 5xx are
//! `server` (transient: retried, bridged by the cache); every other 4xx, and a redirect (never
//! followed), is `rejected` — the request as sent was refused, so nothing is retried or
//! answered from the cache, and the message points at `base_url`. A 4xx whose body is a
//! GraphQL `errors` array (as GraphQL-over-HTTP servers send for a query they cannot parse)
//! is mapped like the 200 form, keeping its status.

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

/// The kind of a non-2xx status.
pub(crate) fn kind_of(status: u16) -> ErrorKind {
    match status {
        401 => ErrorKind::Unauthorized,
        403 => ErrorKind::Forbidden,
        415 => ErrorKind::UnsupportedMediaType,
        422 => ErrorKind::Unprocessable,
        429 => ErrorKind::RateLimited,
        300..=499 => ErrorKind::Rejected,
        _ => ErrorKind::Server,
    }
}

fn status_error(response: &Response) -> Error {
    let status = response.status;
    let kind = kind_of(status);
    if kind == ErrorKind::Rejected {
        if let Some(error) = crate::graphql::errors_of(&response.body, status) {
            return error;
        }
    }
    let body: ErrorBody = serde_json::from_slice(&response.body).unwrap_or_default();
    let said = body.message.or(body.error);
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
    match (kind, &response.location) {
        (ErrorKind::Rejected, Some(to)) if (300..400).contains(&status) => message.push_str(
            &format!(" (a redirect to {to:?}, never followed: is base_url right?)"),
        ),
        (ErrorKind::Rejected, _) => {
            message.push_str(" (a status the service does not use here: is base_url right?)")
        }
        _ => {}
    }
    for field in &fields {
        message.push_str(&format!(" ({field})"));
    }
    if let Some(wait) = response.retry_after {
        message.push_str(&format!(
            "; the service asks to retry after {} s",
            wait.as_secs()
        ));
    }
    if let Some(note) = &response.unretried {
        message.push_str("; ");
        message.push_str(note);
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
            location: None,
            unretried: None,
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
            (599, ErrorKind::Server),
            (400, ErrorKind::Rejected),
            (404, ErrorKind::Rejected),
            (405, ErrorKind::Rejected),
            (410, ErrorKind::Rejected),
            (301, ErrorKind::Rejected),
            (308, ErrorKind::Rejected),
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

    #[test]
    fn redirects_name_their_target_and_are_rejected() {
        let mut moved = response(302, "", None);
        moved.location = Some("https://elsewhere.example/login".into());
        let err = check(moved).err().unwrap();
        assert_eq!(err.kind(), ErrorKind::Rejected);
        assert_eq!(err.http_status(), Some(302));
        assert!(
            err.message().contains("https://elsewhere.example/login"),
            "{err}"
        );
    }

    #[test]
    fn a_4xx_carrying_graphql_errors_maps_like_the_200_form() {
        let err = check(response(
            400,
            r#"{"errors":[{"message":"Syntax Error: Unexpected Name \"x\""}],"data":null}"#,
            None,
        ))
        .err()
        .unwrap();
        assert_eq!(err.kind(), ErrorKind::Query);
        assert_eq!(err.http_status(), Some(400));
        assert!(err.message().contains("Syntax Error"), "{err}");
        // A 4xx with another body stays `rejected`.
        let err = check(response(404, "<html>Not Found</html>", None))
            .err()
            .unwrap();
        assert_eq!(err.kind(), ErrorKind::Rejected);
        assert!(err.message().contains("base_url"), "{err}");
    }
}
