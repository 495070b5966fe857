//! `OfferError`: offerkit's one error taxonomy as a uniffi error.
//!
//! One variant per [`offerkit::ErrorKind`], named the same, each carrying `detail` (the
//! complete readable message) and the data of its kind. In Kotlin it is the sealed class
//! `OfferException` (`catch (e: OfferException.RateLimited) { e.retryAfterSecs }`) whose
//! `message` is `detail`; in Swift the enum `OfferError` whose `localizedDescription` is the
//! readable text; in Python the exception `OfferError` whose `str()` is `detail`.
//!
//! The field is `detail`, not `message`, because a `message` field collides with
//! `Throwable.message` in the generated Kotlin; the bindgen binary makes `message` return it.

use std::collections::HashMap;

use offerkit::ErrorKind as CoreKind;

/// The kind of an [`OfferError`], for code that handles errors generically
/// (`when (e.kind()) { … }` / `switch error.kind()`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum ErrorKind {
    InvalidArgument,
    Unauthorized,
    Forbidden,
    Validation,
    Query,
    InvalidCursor,
    UnsupportedMediaType,
    Unprocessable,
    RateLimited,
    Server,
    Network,
    Timeout,
    Cancelled,
    Decode,
    Internal,
    Rejected,
}

/// One failing field: where (`path`, e.g. `["offers"]`; empty for an HTTP 422 form error) and,
/// per argument name, its messages.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct FieldError {
    pub path: Vec<String>,
    pub arguments: HashMap<String, Vec<String>>,
}

/// Every failure of an offerkit call.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, uniffi::Error)]
#[uniffi::export(Display)]
pub enum OfferError {
    /// A value the spec rejects; nothing was sent. `fields` names each argument and why.
    #[error("invalid_argument: {detail}")]
    InvalidArgument {
        detail: String,
        fields: Vec<FieldError>,
    },
    /// HTTP 401 (a replacement token did not help), no token at all, or the token provider
    /// failed (`http_status` is then null).
    #[error("unauthorized: {detail}")]
    Unauthorized {
        detail: String,
        http_status: Option<i32>,
    },
    /// HTTP 403: the token lacks the required scope.
    #[error("forbidden: {detail}")]
    Forbidden {
        detail: String,
        http_status: Option<i32>,
    },
    /// GraphQL validation errors: one entry per failing field, every argument's messages.
    /// `http_status` is the status they came with (200, or a 4xx carrying GraphQL errors).
    #[error("validation: {detail}")]
    Validation {
        detail: String,
        http_status: Option<i32>,
        fields: Vec<FieldError>,
        /// The whole GraphQL response as JSON text.
        response_json: Option<String>,
    },
    /// GraphQL query errors (unknown field, missing argument, syntax), with the status they
    /// came with (200, or a 4xx such as 400 carrying GraphQL errors).
    #[error("query: {detail}")]
    Query {
        detail: String,
        http_status: Option<i32>,
        response_json: Option<String>,
    },
    /// `playerOffers` got a cursor it did not issue; `reason` is the service's explanation.
    #[error("invalid_cursor: {detail}")]
    InvalidCursor {
        detail: String,
        http_status: Option<i32>,
        reason: Option<String>,
        response_json: Option<String>,
    },
    /// HTTP 415.
    #[error("unsupported_media_type: {detail}")]
    UnsupportedMediaType {
        detail: String,
        http_status: Option<i32>,
    },
    /// HTTP 422, with the body's per-field messages (one entry, empty path).
    #[error("unprocessable: {detail}")]
    Unprocessable {
        detail: String,
        http_status: Option<i32>,
        fields: Vec<FieldError>,
    },
    /// HTTP 429; `retry_after_secs` is the server's `Retry-After`, when it sent one.
    #[error("rate_limited: {detail}")]
    RateLimited {
        detail: String,
        http_status: Option<i32>,
        retry_after_secs: Option<i64>,
    },
    /// HTTP 5xx (after retries). `retry_after_secs` is the server's `Retry-After`, when it
    /// sent one (a wait beyond the call's deadline is not made: the call fails at once).
    #[error("server: {detail}")]
    Server {
        detail: String,
        http_status: Option<i32>,
        retry_after_secs: Option<i64>,
    },
    /// The connection failed or broke (after retries). `http_status` is set when it broke
    /// after the status line had arrived (a body cut off, or a host executor's failure
    /// after the status).
    #[error("network: {detail}")]
    Network {
        detail: String,
        http_status: Option<i32>,
    },
    /// The request (or the token provider) took longer than the timeout. `http_status` is set
    /// when the status line had arrived before the time ran out.
    #[error("timeout: {detail}")]
    Timeout {
        detail: String,
        http_status: Option<i32>,
    },
    /// `cancel_all()` was called while the request ran. (Cancelling the coroutine or task
    /// itself surfaces as the platform's own cancellation instead.)
    #[error("cancelled: {detail}")]
    Cancelled { detail: String },
    /// The response was not what the spec describes (not JSON, truncated, oversized, every
    /// item of a list malformed), or a pager's walk did not end (a repeated cursor, a page
    /// number that does not grow, more than `max_pages` pages). `http_status` is set whenever
    /// a response arrived: for a repeated cursor or a page number that does not grow, the
    /// status of the page that showed it; past `max_pages` nothing is requested, so none.
    #[error("decode: {detail}")]
    Decode {
        detail: String,
        http_status: Option<i32>,
    },
    /// A bug inside offerkit (for example a caught panic).
    #[error("internal: {detail}")]
    Internal { detail: String },
    /// The service refused the request as sent with a status the spec does not name (400,
    /// 404, 405, 409, …) or a redirect (never followed): usually a wrong `base_url` or path
    /// prefix. Not retried, never answered from the cache.
    #[error("rejected: {detail}")]
    Rejected {
        detail: String,
        http_status: Option<i32>,
    },
}

#[uniffi::export]
impl OfferError {
    /// The kind, in the words of every offerkit binding.
    pub fn kind(&self) -> ErrorKind {
        match self {
            OfferError::InvalidArgument { .. } => ErrorKind::InvalidArgument,
            OfferError::Unauthorized { .. } => ErrorKind::Unauthorized,
            OfferError::Forbidden { .. } => ErrorKind::Forbidden,
            OfferError::Validation { .. } => ErrorKind::Validation,
            OfferError::Query { .. } => ErrorKind::Query,
            OfferError::InvalidCursor { .. } => ErrorKind::InvalidCursor,
            OfferError::UnsupportedMediaType { .. } => ErrorKind::UnsupportedMediaType,
            OfferError::Unprocessable { .. } => ErrorKind::Unprocessable,
            OfferError::RateLimited { .. } => ErrorKind::RateLimited,
            OfferError::Server { .. } => ErrorKind::Server,
            OfferError::Network { .. } => ErrorKind::Network,
            OfferError::Timeout { .. } => ErrorKind::Timeout,
            OfferError::Cancelled { .. } => ErrorKind::Cancelled,
            OfferError::Decode { .. } => ErrorKind::Decode,
            OfferError::Internal { .. } => ErrorKind::Internal,
            OfferError::Rejected { .. } => ErrorKind::Rejected,
        }
    }
}

impl OfferError {
    pub(crate) fn cancelled(detail: &str) -> Self {
        OfferError::Cancelled {
            detail: detail.to_string(),
        }
    }

    fn detail(&self) -> &str {
        match self {
            OfferError::InvalidArgument { detail, .. }
            | OfferError::Unauthorized { detail, .. }
            | OfferError::Forbidden { detail, .. }
            | OfferError::Validation { detail, .. }
            | OfferError::Query { detail, .. }
            | OfferError::InvalidCursor { detail, .. }
            | OfferError::UnsupportedMediaType { detail, .. }
            | OfferError::Unprocessable { detail, .. }
            | OfferError::RateLimited { detail, .. }
            | OfferError::Server { detail, .. }
            | OfferError::Network { detail, .. }
            | OfferError::Timeout { detail, .. }
            | OfferError::Cancelled { detail }
            | OfferError::Decode { detail, .. }
            | OfferError::Internal { detail }
            | OfferError::Rejected { detail, .. } => detail,
        }
    }
}

impl From<offerkit::FieldError> for FieldError {
    fn from(field: offerkit::FieldError) -> Self {
        FieldError {
            path: field.path,
            arguments: field.arguments.into_iter().collect(),
        }
    }
}

impl From<offerkit::Error> for OfferError {
    fn from(err: offerkit::Error) -> Self {
        let detail = err.message().to_string();
        let http_status = err.http_status().map(i32::from);
        let fields = || err.fields().iter().cloned().map(FieldError::from).collect();
        let response_json = || err.response().map(|body| body.to_string());
        let retry_after_secs = err
            .retry_after()
            .map(|d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
        match err.kind() {
            CoreKind::InvalidArgument => OfferError::InvalidArgument {
                detail,
                fields: fields(),
            },
            CoreKind::Unauthorized => OfferError::Unauthorized {
                detail,
                http_status,
            },
            CoreKind::Forbidden => OfferError::Forbidden {
                detail,
                http_status,
            },
            CoreKind::Validation => OfferError::Validation {
                detail,
                http_status,
                fields: fields(),
                response_json: response_json(),
            },
            CoreKind::Query => OfferError::Query {
                detail,
                http_status,
                response_json: response_json(),
            },
            CoreKind::InvalidCursor => OfferError::InvalidCursor {
                detail,
                http_status,
                reason: err.reason().map(str::to_string),
                response_json: response_json(),
            },
            CoreKind::UnsupportedMediaType => OfferError::UnsupportedMediaType {
                detail,
                http_status,
            },
            CoreKind::Unprocessable => OfferError::Unprocessable {
                detail,
                http_status,
                fields: fields(),
            },
            CoreKind::RateLimited => OfferError::RateLimited {
                detail,
                http_status,
                retry_after_secs,
            },
            CoreKind::Server => OfferError::Server {
                detail,
                http_status,
                retry_after_secs,
            },
            CoreKind::Network => OfferError::Network {
                detail,
                http_status,
            },
            CoreKind::Timeout => OfferError::Timeout {
                detail,
                http_status,
            },
            CoreKind::Cancelled => OfferError::Cancelled { detail },
            CoreKind::Decode => OfferError::Decode {
                detail,
                http_status,
            },
            CoreKind::Internal => OfferError::Internal { detail },
            CoreKind::Rejected => OfferError::Rejected {
                detail,
                http_status,
            },
        }
    }
}

/// An error the host's token provider threw: its own `OfferError` keeps its kind and text;
/// the HTTP data of the host's error has no meaning to the request and is dropped.
impl From<OfferError> for offerkit::Error {
    fn from(err: OfferError) -> Self {
        offerkit::Error::new(CoreKind::from(err.kind()), err.detail())
    }
}

/// Anything else a foreign callback throws (a Kotlin `IOException`, a Python `ValueError`, a
/// Swift error that is not an `OfferError`) arrives here instead of panicking. For the token
/// provider it means no usable token: `unauthorized`, with the host's text.
impl From<uniffi::UnexpectedUniFFICallbackError> for OfferError {
    fn from(err: uniffi::UnexpectedUniFFICallbackError) -> Self {
        OfferError::Unauthorized {
            detail: format!("the access token provider failed: {}", err.reason),
            http_status: None,
        }
    }
}

impl From<ErrorKind> for CoreKind {
    fn from(kind: ErrorKind) -> Self {
        match kind {
            ErrorKind::InvalidArgument => CoreKind::InvalidArgument,
            ErrorKind::Unauthorized => CoreKind::Unauthorized,
            ErrorKind::Forbidden => CoreKind::Forbidden,
            ErrorKind::Validation => CoreKind::Validation,
            ErrorKind::Query => CoreKind::Query,
            ErrorKind::InvalidCursor => CoreKind::InvalidCursor,
            ErrorKind::UnsupportedMediaType => CoreKind::UnsupportedMediaType,
            ErrorKind::Unprocessable => CoreKind::Unprocessable,
            ErrorKind::RateLimited => CoreKind::RateLimited,
            ErrorKind::Server => CoreKind::Server,
            ErrorKind::Network => CoreKind::Network,
            ErrorKind::Timeout => CoreKind::Timeout,
            ErrorKind::Cancelled => CoreKind::Cancelled,
            ErrorKind::Decode => CoreKind::Decode,
            ErrorKind::Internal => CoreKind::Internal,
            ErrorKind::Rejected => CoreKind::Rejected,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_core_kind_maps_to_the_variant_of_the_same_name() {
        for kind in CoreKind::ALL {
            let err = OfferError::from(offerkit::Error::new(kind, "boom"));
            assert_eq!(CoreKind::from(err.kind()), kind);
            assert_eq!(err.detail(), "boom");
            assert_eq!(err.to_string(), format!("{}: boom", kind.as_str()));
            // And back, as when a host's provider throws one.
            assert_eq!(offerkit::Error::from(err).kind(), kind);
        }
    }
}
