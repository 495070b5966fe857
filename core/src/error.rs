//! The one error taxonomy of offerkit.
//!
//! Every failure — bad input, an HTTP status the spec names, a GraphQL `errors` array, a
//! broken connection, a caught panic in a binding — becomes one [`Error`] with a stable
//! snake_case [`ErrorKind`]. The C ABI, the uniffi bindings, the C# wrapper and the CLI all
//! expose exactly these kinds, in these words, so this file is the reference for all of them.

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use serde::Serialize;

/// What went wrong, in the words every binding uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ErrorKind {
    /// The caller passed a value the spec rejects; nothing was sent.
    InvalidArgument,
    /// HTTP 401: the access token is missing, invalid or expired (and a refresh did not help).
    Unauthorized,
    /// HTTP 403: the token is valid but lacks the required scope or permission.
    Forbidden,
    /// GraphQL validation errors (HTTP 200): see [`Error::fields`].
    Validation,
    /// GraphQL query errors (HTTP 200, `data: null`): unknown field, missing argument, syntax.
    Query,
    /// `playerOffers` was given a cursor it did not issue: see [`Error::reason`].
    InvalidCursor,
    /// HTTP 415: the request's content type was refused.
    UnsupportedMediaType,
    /// HTTP 422: a form or query parameter was refused; the per-field `errors` map is in
    /// [`Error::fields`] as one entry with an empty path.
    Unprocessable,
    /// HTTP 429: see [`Error::retry_after`].
    RateLimited,
    /// HTTP 5xx, or any other status the spec does not name.
    Server,
    /// The connection could not be made or broke before the response was complete.
    Network,
    /// The request did not finish within the configured timeout.
    Timeout,
    /// The caller cancelled the request.
    Cancelled,
    /// The response was not what the spec describes: not JSON, truncated, oversized, wrong shape.
    Decode,
    /// A bug inside offerkit (for example a caught panic at a language boundary).
    Internal,
    /// The service, or something in front of it, refused the request as sent with a status
    /// the spec does not name: another 4xx (400, 404, 405, 409, 410, …) or a redirect, which
    /// offerkit never follows. Retrying unchanged will not help; a wrong `base_url` or path
    /// prefix is the usual cause. Never answered from the cache.
    Rejected,
}

impl ErrorKind {
    /// Every kind, in declaration order (bindings number them in this order; new kinds are
    /// added at the end so existing numbers never change).
    pub const ALL: [ErrorKind; 16] = [
        ErrorKind::InvalidArgument,
        ErrorKind::Unauthorized,
        ErrorKind::Forbidden,
        ErrorKind::Validation,
        ErrorKind::Query,
        ErrorKind::InvalidCursor,
        ErrorKind::UnsupportedMediaType,
        ErrorKind::Unprocessable,
        ErrorKind::RateLimited,
        ErrorKind::Server,
        ErrorKind::Network,
        ErrorKind::Timeout,
        ErrorKind::Cancelled,
        ErrorKind::Decode,
        ErrorKind::Internal,
        ErrorKind::Rejected,
    ];

    /// The stable snake_case name (`"invalid_argument"`, `"rate_limited"`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::InvalidArgument => "invalid_argument",
            ErrorKind::Unauthorized => "unauthorized",
            ErrorKind::Forbidden => "forbidden",
            ErrorKind::Validation => "validation",
            ErrorKind::Query => "query",
            ErrorKind::InvalidCursor => "invalid_cursor",
            ErrorKind::UnsupportedMediaType => "unsupported_media_type",
            ErrorKind::Unprocessable => "unprocessable",
            ErrorKind::RateLimited => "rate_limited",
            ErrorKind::Server => "server",
            ErrorKind::Network => "network",
            ErrorKind::Timeout => "timeout",
            ErrorKind::Cancelled => "cancelled",
            ErrorKind::Decode => "decode",
            ErrorKind::Internal => "internal",
            ErrorKind::Rejected => "rejected",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One failing field: where it is (`path`, e.g. `["offers"]`) and, per argument name, the
/// messages (spec item 3: all failing arguments of one field together).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldError {
    /// The field names from the query root to the failing field, as the service's `path`.
    pub path: Vec<String>,
    /// Argument name → the messages about it, as `extensions.validation` carries them.
    pub arguments: BTreeMap<String, Vec<String>>,
}

impl FieldError {
    pub(crate) fn new(path: &[&str]) -> Self {
        FieldError {
            path: path.iter().map(|s| s.to_string()).collect(),
            arguments: BTreeMap::new(),
        }
    }

    pub(crate) fn add(&mut self, argument: &str, message: impl Into<String>) {
        self.arguments
            .entry(argument.to_string())
            .or_default()
            .push(message.into());
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.arguments.is_empty()
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (argument, messages) in &self.arguments {
            for message in messages {
                if !first {
                    f.write_str("; ")?;
                }
                first = false;
                write!(f, "{argument}: {message}")?;
            }
        }
        Ok(())
    }
}

/// The error every offerkit call returns. Cheap to move (one pointer).
#[derive(Clone)]
pub struct Error(Box<Inner>);

#[derive(Clone)]
struct Inner {
    kind: ErrorKind,
    message: String,
    http_status: Option<u16>,
    fields: Vec<FieldError>,
    reason: Option<String>,
    retry_after: Option<Duration>,
    response: Option<serde_json::Value>,
}

/// `Result` with offerkit's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// A new error of `kind` with a human-readable message.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error(Box::new(Inner {
            kind,
            message: message.into(),
            http_status: None,
            fields: Vec::new(),
            reason: None,
            retry_after: None,
            response: None,
        }))
    }

    /// An `invalid_argument` error for failing fields; the message lists every problem.
    pub(crate) fn invalid_arguments(fields: Vec<FieldError>) -> Self {
        let details: Vec<String> = fields.iter().map(FieldError::to_string).collect();
        Error::new(
            ErrorKind::InvalidArgument,
            format!("invalid argument: {}", details.join("; ")),
        )
        .with_fields(fields)
    }

    pub(crate) fn with_status(mut self, status: u16) -> Self {
        self.0.http_status = Some(status);
        self
    }

    /// Sets the HTTP status unless the error already carries one.
    pub(crate) fn or_status(mut self, status: u16) -> Self {
        self.0.http_status.get_or_insert(status);
        self
    }

    pub(crate) fn with_fields(mut self, fields: Vec<FieldError>) -> Self {
        self.0.fields = fields;
        self
    }

    pub(crate) fn with_reason(mut self, reason: impl Into<String>) -> Self {
        self.0.reason = Some(reason.into());
        self
    }

    pub(crate) fn with_retry_after(mut self, retry_after: Option<Duration>) -> Self {
        self.0.retry_after = retry_after;
        self
    }

    /// Adds words to the message (e.g. why a `Retry-After` was not waited for).
    pub(crate) fn with_note(mut self, note: &str) -> Self {
        self.0.message.push_str("; ");
        self.0.message.push_str(note);
        self
    }

    pub(crate) fn with_response(mut self, response: serde_json::Value) -> Self {
        self.0.response = Some(response);
        self
    }

    /// The stable kind.
    pub fn kind(&self) -> ErrorKind {
        self.0.kind
    }

    /// A readable, complete description (includes every field message).
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// The HTTP status of the response this error came from, if any.
    pub fn http_status(&self) -> Option<u16> {
        self.0.http_status
    }

    /// Per-field entries for `validation`, `invalid_argument` and `unprocessable`.
    pub fn fields(&self) -> &[FieldError] {
        &self.0.fields
    }

    /// The server's explanation for `invalid_cursor`.
    pub fn reason(&self) -> Option<&str> {
        self.0.reason.as_deref()
    }

    /// How long the server asked the caller to wait (`Retry-After`), if it said.
    pub fn retry_after(&self) -> Option<Duration> {
        self.0.retry_after
    }

    /// The whole JSON body of a GraphQL response that carried `errors` (partial `data`
    /// included), for callers who need more than the mapped fields.
    pub fn response(&self) -> Option<&serde_json::Value> {
        self.0.response.as_ref()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.0.kind, self.0.message)
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Error");
        d.field("kind", &self.0.kind)
            .field("message", &self.0.message);
        if let Some(status) = self.0.http_status {
            d.field("http_status", &status);
        }
        if !self.0.fields.is_empty() {
            d.field("fields", &self.0.fields);
        }
        if let Some(reason) = &self.0.reason {
            d.field("reason", reason);
        }
        if let Some(retry_after) = &self.0.retry_after {
            d.field("retry_after", retry_after);
        }
        d.finish()
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_names_are_stable_and_unique() {
        let names: Vec<&str> = ErrorKind::ALL.iter().map(|k| k.as_str()).collect();
        assert_eq!(
            names,
            [
                "invalid_argument",
                "unauthorized",
                "forbidden",
                "validation",
                "query",
                "invalid_cursor",
                "unsupported_media_type",
                "unprocessable",
                "rate_limited",
                "server",
                "network",
                "timeout",
                "cancelled",
                "decode",
                "internal",
                "rejected"
            ]
        );
    }

    #[test]
    fn invalid_arguments_message_lists_every_problem() {
        let mut field = FieldError::new(&["offers"]);
        field.add("limit", "The limit field must be at least 1.");
        field.add("sort", "The provided sort option (x) is invalid.");
        let err = Error::invalid_arguments(vec![field]);
        assert_eq!(err.kind(), ErrorKind::InvalidArgument);
        assert!(
            err.message()
                .contains("limit: The limit field must be at least 1.")
        );
        assert!(
            err.message()
                .contains("sort: The provided sort option (x) is invalid.")
        );
        assert_eq!(err.fields()[0].path, ["offers"]);
    }
}
