//! What the C ABI (`ffi/`) and the uniffi bindings (`bindings/uniffi/`) share, written once: the
//! library's runtime thread, the forwarding of core's log events to a host logger and the text
//! of a caught panic. Core stays free of them: it knows nothing of foreign hosts' threads or
//! loggers. Each binding keeps only the conversion to its own types.
//!
//! Modules, one concept each:
//! - [`runtime`]: the lazily built current-thread runtime and its named library thread;
//! - [`log`]: `tracing` events handed to the binding's [`log::LogSink`];
//! - [`panic`]: the text of a caught panic;
//! - `testing` (feature `testing`, property tests only): hostile JSON and an order-keeping
//!   object reader.

pub mod log;
pub mod panic;
pub mod runtime;
#[cfg(feature = "testing")]
pub mod testing;
