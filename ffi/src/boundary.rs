//! The boundary every exported function goes through, so that no Rust panic unwinds into C and
//! every failure reaches the host the same way.
//!
//! The convention (`ffi/README.md`, "The boundary", says the same):
//! - A **fallible** function returns `OfferkitStatus` and takes `out_error` last. Its whole body
//!   is `fallible(out_error, || { … })`: the closure returns `Ok(())` once it has written its
//!   out-pointers, or a [`Failure`]; a failure or a caught panic stores a new error object in
//!   `out_error` (when it is not NULL) and returns its status.
//! - An **infallible** function (an accessor, a free, a cancel) returns a plain value. Its whole
//!   body is `infallible(default, || { … })`: a NULL handle (the closure's `Err`) or a caught panic
//!   gives `default`, the value its documentation promises for NULL.
//! - Handles are reached only through [`Handle::as_ref`]/[`Handle::as_mut`] (NULL becomes
//!   `NULL_ARGUMENT` naming the handle), handed out by [`Handle::into_ptr`] and freed by
//!   [`free_handle`]; required out-pointers are checked by [`Out::required`] before any work and
//!   written by [`Out::write`] after it, so they are written only on success.
//! - A function that cannot panic (it returns a constant, or stores one atomic) does without, and
//!   says why in a one-line comment.
//!
//! The checks run in one order: the handle, then out-pointers and the callback, then the other
//! arguments; the first bad one is the one reported.
//! Functions alike but for their handle share one body taking these steps for them
//! (`crate::items`, `crate::query::started`).
//!
//! [`Handle::as_ref`]: crate::handle::Handle::as_ref
//! [`Handle::as_mut`]: crate::handle::Handle::as_mut
//! [`Handle::into_ptr`]: crate::handle::Handle::into_ptr
//! [`free_handle`]: crate::handle::free_handle
//! [`Out::required`]: crate::out::Out::required
//! [`Out::write`]: crate::out::Out::write

use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::error::OfferkitError;
use crate::failure::Failure;
use crate::out;
use crate::panic::panic_failure;
use crate::status::OfferkitStatus;

/// Runs the body of a fallible exported function: `Ok` is `OFFERKIT_STATUS_OK`; a failure or a
/// panic stores an error object in `out_error` (when not NULL) and returns its status.
pub(crate) fn fallible(
    out_error: *mut *mut OfferkitError,
    body: impl FnOnce() -> Result<(), Failure>,
) -> OfferkitStatus {
    let failure = match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => return OfferkitStatus::Ok,
        Ok(Err(failure)) => failure,
        Err(payload) => panic_failure(payload.as_ref()),
    };
    let status = failure.status;
    out::write_optional(out_error, || OfferkitError::into_raw(failure));
    status
}

/// Runs the body of an infallible exported function: its value, or `default` for a NULL handle
/// (the body's `Err`) or a panic.
pub(crate) fn infallible<T>(default: T, body: impl FnOnce() -> Result<T, Failure>) -> T {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(value)) => value,
        Ok(Err(_)) | Err(_) => default,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The status `fallible` returns for `body`, and the message of the error it stored.
    fn run(body: impl FnOnce() -> Result<(), Failure>) -> (OfferkitStatus, Option<String>) {
        let mut error: *mut OfferkitError = std::ptr::null_mut();
        let status = fallible(&mut error, body);
        if error.is_null() {
            return (status, None);
        }
        // SAFETY: a live error just handed out by `fallible`, owned here and freed once.
        let error = unsafe { Box::from_raw(error) };
        assert_eq!(error.status, status);
        (status, Some(error.message.to_string_lossy().into_owned()))
    }

    #[test]
    fn success_stores_no_error() {
        assert_eq!(run(|| Ok(())), (OfferkitStatus::Ok, None));
    }

    #[test]
    fn a_failure_stores_its_error_and_returns_its_status() {
        let (status, message) = run(|| Err(Failure::null("config")));
        assert_eq!(status, OfferkitStatus::NullArgument);
        assert_eq!(
            message.as_deref(),
            Some("argument `config` must not be NULL")
        );
        // Without an `out_error`, only the status.
        let status = fallible(std::ptr::null_mut(), || Err(Failure::utf8("path")));
        assert_eq!(status, OfferkitStatus::InvalidUtf8);
    }

    #[test]
    fn a_panic_becomes_internal() {
        let (status, message) = run(|| panic!("on purpose"));
        assert_eq!(status, OfferkitStatus::Internal);
        assert!(message.is_some_and(|m| m.contains("on purpose")));
    }

    #[test]
    fn an_infallible_function_gives_its_default_for_null_or_a_panic() {
        assert_eq!(infallible(0, || Ok(7)), 7);
        assert_eq!(infallible(0, || Err(Failure::null("list"))), 0);
        assert_eq!(infallible(-1, || panic!("on purpose")), -1);
    }
}
