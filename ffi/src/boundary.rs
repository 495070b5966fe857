//! The boundary every exported function goes through, so that no Rust panic unwinds into C and
//! every failure reaches the host the same way.
//!
//! The convention (`ffi/README.md`, "The boundary", says the same):
//! - A **fallible** function returns `OfferkitStatus` and takes `out_error` last. Its whole body
//!   is `fallible!(out_error, || { … })`: the closure returns `Ok(())` once it has written its
//!   out-pointers, or a [`Failure`]; a failure or a caught panic stores a new error object in
//!   `out_error` (when it is not NULL) and returns its status. The macro knows the name of the
//!   exported function it is written in, so a failure about one argument (NULL, UTF-8, range,
//!   a path naming nothing) gets its field entry (function, argument, detail) here, once, and
//!   no helper needs to be told where it runs.
//! - An **infallible** function (an accessor, a free, a cancel) returns a plain value. Its whole
//!   body is [`infallible`]`(default, || { … })`: a NULL handle (the closure's `Err`) or a caught
//!   panic gives `default`, the value its documentation promises for NULL. It lives with the
//!   caught panics (`crate::panic`), below the error objects: handles and strings are freed by
//!   infallible functions, and the error object is made of them.
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
//! [`infallible`]: crate::panic::infallible

use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::error::OfferkitError;
use crate::failure::Failure;
use crate::out;
use crate::panic::panic_failure;
use crate::status::OfferkitStatus;

/// The body of a fallible exported function: `fallible!(out_error, || { … })`. Expands to
/// [`run_fallible`] given the path of a function item declared right there, whose last but one
/// segment is the exported function's name (so the macro must be written directly in that
/// function's body, not in a closure or helper).
macro_rules! fallible {
    ($out_error:expr, $body:expr) => {{
        fn here() {}
        $crate::boundary::run_fallible(std::any::type_name_of_val(&here), $out_error, $body)
    }};
}
pub(crate) use fallible;

/// The exported function's name in `here`, the path of a function item declared in its body
/// (`offerkit::queries::offerkit_client_offers::here`).
fn function_name(here: &str) -> &str {
    let function = here.strip_suffix("::here").unwrap_or(here);
    function.rsplit("::").next().unwrap_or(function)
}

/// Runs the body of a fallible exported function (use [`fallible!`]): `Ok` is
/// `OFFERKIT_STATUS_OK`; a failure or a panic stores an error object in `out_error` (when not
/// NULL) and returns its status. `here` names the function (see [`fallible!`]); it is read only
/// on failure.
pub(crate) fn run_fallible(
    here: &'static str,
    out_error: *mut *mut OfferkitError,
    body: impl FnOnce() -> Result<(), Failure>,
) -> OfferkitStatus {
    let failure = match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => return OfferkitStatus::Ok,
        Ok(Err(failure)) => failure.in_function(function_name(here)),
        Err(payload) => panic_failure(payload.as_ref()),
    };
    let status = failure.status;
    out::write_optional(out_error, || OfferkitError::into_raw(failure));
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An error object as the tests read it: its message, and (path, argument, message) of
    /// every field entry.
    type Stored = (String, Vec<[String; 3]>);

    /// The status `fallible!` returns for `body` in a function named `exported`, and the error
    /// it stored.
    fn run(body: impl FnOnce() -> Result<(), Failure>) -> (OfferkitStatus, Option<Stored>) {
        fn exported(
            out_error: *mut *mut OfferkitError,
            body: impl FnOnce() -> Result<(), Failure>,
        ) -> OfferkitStatus {
            fallible!(out_error, body)
        }
        let mut error: *mut OfferkitError = std::ptr::null_mut();
        let status = exported(&mut error, body);
        if error.is_null() {
            return (status, None);
        }
        // SAFETY: a live error just handed out by `fallible!`, owned here and freed once.
        let error = unsafe { Box::from_raw(error) };
        assert_eq!(error.status, status);
        let text = |c: &std::ffi::CString| c.to_string_lossy().into_owned();
        let entries = error
            .fields
            .iter()
            .flat_map(|f| {
                f.arguments.iter().flat_map(move |a| {
                    a.messages
                        .iter()
                        .map(move |m| [text(&f.path), text(&a.name), text(m)])
                })
            })
            .collect();
        (status, Some((text(&error.message), entries)))
    }

    fn entry(path: &str, argument: &str, message: &str) -> [String; 3] {
        [path.to_string(), argument.to_string(), message.to_string()]
    }

    #[test]
    fn success_stores_no_error() {
        assert_eq!(run(|| Ok(())), (OfferkitStatus::Ok, None));
    }

    #[test]
    fn a_failure_about_an_argument_is_named_under_its_function() {
        let (status, error) = run(|| Err(Failure::null("config")));
        assert_eq!(status, OfferkitStatus::NullArgument);
        assert_eq!(
            error,
            Some((
                "exported: argument `config` is NULL".to_string(),
                vec![entry("exported", "config", "is NULL")]
            ))
        );
        let (status, error) = run(|| Err(Failure::utf8("options.language", 3)));
        assert_eq!(status, OfferkitStatus::InvalidUtf8);
        assert_eq!(
            error.map(|e| e.1),
            Some(vec![entry(
                "exported",
                "options.language",
                "is not valid UTF-8 (byte 3)"
            )])
        );
        // Without an `out_error`, only the status.
        let status = run_fallible("x::f::here", std::ptr::null_mut(), || {
            Err(Failure::utf8("path", 0))
        });
        assert_eq!(status, OfferkitStatus::InvalidUtf8);
    }

    #[test]
    fn core_failures_keep_their_message_and_have_no_entry_of_the_function() {
        let (status, error) = run(|| Err(Failure::internal("broken")));
        assert_eq!(status, OfferkitStatus::Internal);
        assert_eq!(error, Some(("broken".to_string(), vec![])));
    }

    #[test]
    fn the_function_name_is_the_segment_before_here() {
        assert_eq!(
            function_name("offerkit::queries::offerkit_client_offers::here"),
            "offerkit_client_offers"
        );
        assert_eq!(function_name("here"), "here");
    }

    #[test]
    fn a_panic_becomes_internal() {
        let (status, error) = run(|| panic!("on purpose"));
        assert_eq!(status, OfferkitStatus::Internal);
        assert!(error.is_some_and(|(m, _)| m.contains("on purpose")));
    }
}
