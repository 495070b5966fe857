//! The boundary every exported function goes through: a Rust panic is caught and becomes
//! `OFFERKIT_STATUS_INTERNAL` (with an error object saying so), never an unwind into C.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::error::{Failure, OfferkitError};
use crate::status::OfferkitStatus;

/// The text of a caught panic.
pub(crate) fn panic_message(payload: &(dyn Any + Send)) -> String {
    offerkit_bindings_common::panic::panic_message(payload)
        .unwrap_or("unknown panic payload")
        .to_string()
}

/// The failure a caught panic becomes.
pub(crate) fn panic_failure(payload: &(dyn Any + Send)) -> Failure {
    Failure::internal(format!(
        "internal error (caught panic): {}",
        panic_message(payload)
    ))
}

/// Writes `failure` to `out_error` (when not NULL) and returns its status.
pub(crate) fn fail(out_error: *mut *mut OfferkitError, failure: Failure) -> OfferkitStatus {
    let status = failure.status;
    if !out_error.is_null() {
        // SAFETY: a non-NULL `out_error` points to writable storage for one pointer (contract).
        unsafe { out_error.write(OfferkitError::into_raw(failure)) };
    }
    status
}

/// Runs the body of a fallible exported function: `Ok` is `OFFERKIT_STATUS_OK`; a failure or a
/// panic writes an error object to `out_error` (when not NULL) and returns its status. The body
/// writes its out-pointers last, only once nothing can fail any more.
pub(crate) fn boundary(
    out_error: *mut *mut OfferkitError,
    body: impl FnOnce() -> Result<(), Failure>,
) -> OfferkitStatus {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => OfferkitStatus::Ok,
        Ok(Err(failure)) => fail(out_error, failure),
        Err(payload) => fail(out_error, panic_failure(payload.as_ref())),
    }
}

/// Runs the body of an infallible exported function (an accessor); a panic gives `default`.
pub(crate) fn guard<T>(default: T, body: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or(default)
}
