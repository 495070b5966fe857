//! `OfferkitStatus`: the one stable number every fallible call returns and every error object
//! carries (`offerkit_error_status`); C has no second enum of error kinds.
//!
//! Statuses 1–16 are core's error kinds, in core's order (`offerkit::ErrorKind::ALL`), named as
//! core names them. Statuses from 100 up are the C interface's own: misuse of it, detected
//! before anything is sent (NULL, UTF-8, range), a blocking call where it would deadlock, a
//! path that names nothing, a shutdown while handles are alive.
//!
//! `#[repr(C)]`, so cbindgen writes a real C enum (`typedef enum OfferkitStatus {…}
//! OfferkitStatus;`) in every language mode and compilers check `switch`es over it. C only
//! receives it (return values, callback arguments); functions taking a status from C take a
//! `uint32_t` and handle any number.

use std::ffi::CStr;

use offerkit::ErrorKind;

/// What a call returned, and what an error is (`offerkit_error_status`). Numbers are stable:
/// new values may be added, never renumbered; `offerkit_status_name` gives each its name.
///
/// `OFFERKIT_STATUS_OK` is success. 1 to 16 are core's error kinds (the names every binding
/// uses). 100 and up belong to the C interface: nothing was done or sent.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OfferkitStatus {
    /// Success: the out-pointers were written.
    Ok = 0,
    /// A value the spec rejects (checked before sending; nothing was sent).
    InvalidArgument = 1,
    /// HTTP 401: the access token is missing, invalid or expired.
    Unauthorized = 2,
    /// HTTP 403: the token lacks the required scope or permission.
    Forbidden = 3,
    /// GraphQL validation errors (HTTP 200): see the error's field entries.
    Validation = 4,
    /// GraphQL query errors (HTTP 200, `data: null`).
    Query = 5,
    /// `playerOffers` was given a cursor it did not issue: see `offerkit_error_reason`.
    InvalidCursor = 6,
    /// HTTP 415.
    UnsupportedMediaType = 7,
    /// HTTP 422: one field entry with an empty path holds the per-field messages.
    Unprocessable = 8,
    /// HTTP 429: see `offerkit_error_retry_after_ms`.
    RateLimited = 9,
    /// HTTP 5xx.
    Server = 10,
    /// The connection failed or broke.
    Network = 11,
    /// The request (or the wait for a token) did not finish in time.
    Timeout = 12,
    /// The request was cancelled (`offerkit_request_cancel`, or its client was freed).
    Cancelled = 13,
    /// The response was not what the spec describes.
    Decode = 14,
    /// A bug inside offerkit, e.g. a caught panic. Nothing unwinds into C.
    Internal = 15,
    /// Another 4xx (400, 404, 405, …) or a redirect (never followed): the request as sent was
    /// refused; a wrong base URL or path prefix is the usual cause. Not retried, not cached.
    Rejected = 16,
    /// A required pointer argument was NULL. Nothing was done. The error's one field entry
    /// names it: path = the function, argument = the parameter, message `is NULL`.
    NullArgument = 100,
    /// A string argument was not valid UTF-8. Nothing was done. Field entry as for
    /// `NULL_ARGUMENT`, message `is not valid UTF-8 (byte N)` (N: offset of the first bad byte).
    InvalidUtf8 = 101,
    /// A number or enum argument was outside its documented range (an index past the end, an
    /// unknown enum value). Nothing was done. Field entry as for `NULL_ARGUMENT`.
    OutOfRange = 102,
    /// A blocking call was made on a library thread (inside a completion, token-needed or log
    /// callback run by offerkit), where waiting could deadlock. Use the `_async` form there.
    WouldDeadlock = 103,
    /// `*_field_json` / `*_field_text`: the path names nothing in the item. Nothing was written;
    /// field entry as for `NULL_ARGUMENT` (argument `path`), the message names the path.
    NotFound = 104,
    /// `offerkit_shutdown` while clients or pagers are still alive. Nothing was stopped.
    Busy = 105,
    /// `offerkit_http_request_respond` / `_fail` on a request the host executor has already
    /// answered. The second answer was dropped; the first stands.
    AlreadyAnswered = 106,
    /// A function this build of the library has not got: the built-in HTTP transport's setters
    /// (proxy, connect timeout, extra roots) in the lite library, which only has host executors
    /// (`offerkit_has_builtin_http`). Nothing was done.
    NotAvailable = 107,
}

impl OfferkitStatus {
    /// Every status, in number order, with its stable snake_case name (1–16: core's kind names).
    const NAMED: [(OfferkitStatus, &'static CStr); 25] = [
        (Self::Ok, c"ok"),
        (Self::InvalidArgument, c"invalid_argument"),
        (Self::Unauthorized, c"unauthorized"),
        (Self::Forbidden, c"forbidden"),
        (Self::Validation, c"validation"),
        (Self::Query, c"query"),
        (Self::InvalidCursor, c"invalid_cursor"),
        (Self::UnsupportedMediaType, c"unsupported_media_type"),
        (Self::Unprocessable, c"unprocessable"),
        (Self::RateLimited, c"rate_limited"),
        (Self::Server, c"server"),
        (Self::Network, c"network"),
        (Self::Timeout, c"timeout"),
        (Self::Cancelled, c"cancelled"),
        (Self::Decode, c"decode"),
        (Self::Internal, c"internal"),
        (Self::Rejected, c"rejected"),
        (Self::NullArgument, c"null_argument"),
        (Self::InvalidUtf8, c"invalid_utf8"),
        (Self::OutOfRange, c"out_of_range"),
        (Self::WouldDeadlock, c"would_deadlock"),
        (Self::NotFound, c"not_found"),
        (Self::Busy, c"busy"),
        (Self::AlreadyAnswered, c"already_answered"),
        (Self::NotAvailable, c"not_available"),
    ];

    /// Every status, in number order.
    pub(crate) fn all() -> impl Iterator<Item = Self> {
        Self::NAMED.into_iter().map(|(status, _)| status)
    }

    /// The status numbered `number`, if there is one.
    pub(crate) fn from_u32(number: u32) -> Option<Self> {
        Self::all().find(|status| *status as u32 == number)
    }

    /// The status of a failure of core's `kind`; exhaustive, so a new core kind needs its
    /// number here.
    pub(crate) fn from_kind(kind: ErrorKind) -> Self {
        match kind {
            ErrorKind::InvalidArgument => Self::InvalidArgument,
            ErrorKind::Unauthorized => Self::Unauthorized,
            ErrorKind::Forbidden => Self::Forbidden,
            ErrorKind::Validation => Self::Validation,
            ErrorKind::Query => Self::Query,
            ErrorKind::InvalidCursor => Self::InvalidCursor,
            ErrorKind::UnsupportedMediaType => Self::UnsupportedMediaType,
            ErrorKind::Unprocessable => Self::Unprocessable,
            ErrorKind::RateLimited => Self::RateLimited,
            ErrorKind::Server => Self::Server,
            ErrorKind::Network => Self::Network,
            ErrorKind::Timeout => Self::Timeout,
            ErrorKind::Cancelled => Self::Cancelled,
            ErrorKind::Decode => Self::Decode,
            ErrorKind::Internal => Self::Internal,
            ErrorKind::Rejected => Self::Rejected,
        }
    }

    /// The stable snake_case name (`"ok"`, `"rate_limited"`, `"null_argument"`, …).
    pub(crate) fn name(self) -> &'static CStr {
        Self::NAMED
            .into_iter()
            .find(|(status, _)| *status == self)
            .map_or(c"unknown", |(_, name)| name)
    }
}
