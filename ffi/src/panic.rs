//! What a caught panic becomes. In a fallible function (`crate::boundary`) or a request task
//! (`crate::request`): an `internal` failure (`OFFERKIT_STATUS_INTERNAL`) whose message carries
//! the panic's text. In an infallible function: the default value its documentation promises,
//! caught here by [`infallible`]. That catch lives here rather than beside `fallible!` because
//! handles and strings are freed by infallible functions and the error object the fallible
//! boundary stores is made of them: this module needs only [`Failure`].

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::failure::Failure;

/// The text of a caught panic.
fn panic_message(payload: &(dyn Any + Send)) -> String {
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

    #[test]
    fn an_infallible_function_gives_its_default_for_null_or_a_panic() {
        assert_eq!(infallible(0, || Ok(7)), 7);
        assert_eq!(infallible(0, || Err(Failure::null("list"))), 0);
        assert_eq!(infallible(-1, || panic!("on purpose")), -1);
    }

    #[test]
    fn a_panic_becomes_an_internal_failure_with_its_text() {
        let payload: Box<dyn Any + Send> = Box::new("on purpose");
        let failure = panic_failure(payload.as_ref());
        assert_eq!(failure.status, crate::status::OfferkitStatus::Internal);
        assert_eq!(
            failure.error.message(),
            "internal error (caught panic): on purpose"
        );
    }
}
