//! The exported accessors of `OfferkitError`: one per piece of core's `offerkit::Error` (status,
//! message, HTTP status, field entries, cursor reason, retry-after, whole GraphQL
//! response), and its free. Apart from the object itself (`crate::error`), so the boundary can
//! make error objects without depending on the functions that run under it.

use std::ffi::c_char;
use std::ptr;

use crate::error::OfferkitError;
use crate::handle::{Handle, free_handle};
use crate::panic::infallible;
use crate::status::OfferkitStatus;
use crate::strings;

/// Frees an error. `offerkit_error_free(NULL)` does nothing. Do not use the error or any string
/// from it afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_error_free(error: *mut OfferkitError) {
    free_handle(error);
}

/// What the error is: the status the failed call returned (or the callback received) with it,
/// 1–16 for core's error kinds, 100 and up for the C interface's own. A NULL error reports
/// `OFFERKIT_STATUS_NULL_ARGUMENT`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_error_status(error: *const OfferkitError) -> OfferkitStatus {
    infallible(OfferkitStatus::NullArgument, || {
        Ok(OfferkitError::as_ref(error)?.status)
    })
}

/// A complete, readable description (UTF-8, includes every field message). Never NULL: a NULL
/// error gives `""`. Valid until the error is freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_error_message(error: *const OfferkitError) -> *const c_char {
    infallible(c"".as_ptr(), || {
        Ok(OfferkitError::as_ref(error)?.message.as_ptr())
    })
}

/// The HTTP status of the response the error came from, or 0 when there was none (a failure
/// before or without a response, or a NULL error).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_error_http_status(error: *const OfferkitError) -> u16 {
    infallible(0, || {
        Ok(OfferkitError::as_ref(error)?
            .error
            .http_status()
            .unwrap_or(0))
    })
}

/// The cursor problem the service explained (`invalid_cursor`), or NULL. Valid until the error
/// is freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_error_reason(error: *const OfferkitError) -> *const c_char {
    infallible(ptr::null(), || {
        Ok(strings::ptr(&OfferkitError::as_ref(error)?.reason))
    })
}

/// How long the server asked to wait (`Retry-After`), in milliseconds, or -1 when it did not
/// say (or the error is NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_error_retry_after_ms(error: *const OfferkitError) -> i64 {
    infallible(-1, || {
        Ok(OfferkitError::as_ref(error)?
            .error
            .retry_after()
            .map_or(-1, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX)))
    })
}

/// The whole JSON body of a GraphQL response that carried `errors` (partial `data` included),
/// or NULL. Valid until the error is freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_error_response_json(
    error: *const OfferkitError,
) -> *const c_char {
    infallible(ptr::null(), || {
        Ok(strings::ptr(&OfferkitError::as_ref(error)?.response))
    })
}

/// How many field entries the error has (`validation`: one per failing GraphQL field;
/// `invalid_argument`: the failing arguments; `unprocessable`: one entry with an empty path).
/// 0 for other kinds and for NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_error_field_count(error: *const OfferkitError) -> usize {
    infallible(0, || Ok(OfferkitError::as_ref(error)?.fields.len()))
}

/// Field entry `field`'s path, its segments joined with `.` (e.g. `"offers"`; `""` when the
/// entry has no path). NULL when `field` is out of range. Valid until the error is freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_error_field_path(
    error: *const OfferkitError,
    field: usize,
) -> *const c_char {
    infallible(ptr::null(), || {
        Ok(OfferkitError::as_ref(error)?
            .field(field)
            .map_or(ptr::null(), |f| f.path.as_ptr()))
    })
}

/// How many arguments field entry `field` names (0 when out of range).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_error_field_argument_count(
    error: *const OfferkitError,
    field: usize,
) -> usize {
    infallible(0, || {
        Ok(OfferkitError::as_ref(error)?
            .field(field)
            .map_or(0, |f| f.arguments.len()))
    })
}

/// The name of argument `argument` of field entry `field` (e.g. `"limit"`), in name order.
/// NULL when out of range. Valid until the error is freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_error_field_argument_name(
    error: *const OfferkitError,
    field: usize,
    argument: usize,
) -> *const c_char {
    infallible(ptr::null(), || {
        Ok(OfferkitError::as_ref(error)?
            .argument(field, argument)
            .map_or(ptr::null(), |a| a.name.as_ptr()))
    })
}

/// How many messages argument `argument` of field entry `field` has (0 when out of range).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_error_field_message_count(
    error: *const OfferkitError,
    field: usize,
    argument: usize,
) -> usize {
    infallible(0, || {
        Ok(OfferkitError::as_ref(error)?
            .argument(field, argument)
            .map_or(0, |a| a.messages.len()))
    })
}

/// Message `message` of argument `argument` of field entry `field`, as the service (or the
/// local check, with the service's words) gave it. NULL when out of range. Valid until the
/// error is freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_error_field_message(
    error: *const OfferkitError,
    field: usize,
    argument: usize,
    message: usize,
) -> *const c_char {
    infallible(ptr::null(), || {
        Ok(OfferkitError::as_ref(error)?
            .argument(field, argument)
            .and_then(|a| a.messages.get(message))
            .map_or(ptr::null(), |m| m.as_ptr()))
    })
}
