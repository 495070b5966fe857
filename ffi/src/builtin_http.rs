//! Whether this build has the built-in HTTP transport (the `builtin-http` feature: core's
//! reqwest executor). The lite library (`libofferkit_lite.so`, built without it) carries every
//! request through a host executor, and the setters that only the built-in transport reads
//! refuse with `OFFERKIT_STATUS_NOT_AVAILABLE` instead of storing what nothing would use.

use crate::failure::Failure;

/// True if this library has the built-in HTTP transport (`libofferkit`); false for the lite
/// library (`libofferkit_lite`), whose clients need a host executor
/// (`offerkit_config_set_http_executor`; `offerkit_client_new` without one fails with
/// `OFFERKIT_STATUS_INVALID_ARGUMENT`) and whose proxy, connect-timeout and root-certificate
/// setters return `OFFERKIT_STATUS_NOT_AVAILABLE`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn offerkit_has_builtin_http() -> bool {
    // Without the boundary: returns a constant, cannot panic.
    cfg!(feature = "builtin-http")
}

/// `Ok` in a build with the built-in transport; `NOT_AVAILABLE` naming `what` without it.
pub(crate) fn required(what: &str) -> Result<(), Failure> {
    if cfg!(feature = "builtin-http") {
        Ok(())
    } else {
        Err(Failure::not_available(what))
    }
}
