//! What a caught panic becomes: an `internal` failure (`OFFERKIT_STATUS_INTERNAL`) whose
//! message carries the panic's text. The boundary (`crate::boundary`) and the request tasks
//! (`crate::request`) catch panics; this says what the host is told.

use std::any::Any;

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
