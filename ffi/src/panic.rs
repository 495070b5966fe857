//! What a caught panic becomes: an `internal` failure (`OFFERKIT_STATUS_INTERNAL`) whose
//! message carries the panic's text. The boundary (`crate::boundary`) and the request tasks
//! (`crate::request`) catch panics; this says what the host is told.

use std::any::Any;

use crate::error::Failure;

/// The text of a caught panic.
pub(crate) fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic payload".to_string()
    }
}

/// The failure a caught panic becomes.
pub(crate) fn panic_failure(payload: &(dyn Any + Send)) -> Failure {
    Failure::internal(format!(
        "internal error (caught panic): {}",
        panic_message(payload)
    ))
}
