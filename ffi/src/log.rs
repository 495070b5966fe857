//! Logging: core's `tracing` events, formatted into one UTF-8 line each and handed to the
//! host's callback. The forwarding itself (a minimal subscriber, installed the first time a
//! callback is set, so a host that never asks for logs pays nothing; replacement; reentrancy)
//! is `offerkit_bindings_common::log`; this module is the C side: the callback, its level
//! numbers and the line format.

use std::ffi::{c_char, c_void};

use offerkit_bindings_common::log::{LogEvent, LogSink, SetSinkError, filter_by_rank, set_sink};
use tracing::Level;

use crate::boundary::fallible;
use crate::config::UserData;
use crate::failure::Failure;
use crate::status::OfferkitStatus;
use crate::strings::c_text;

/// Severity of a log message (and the most verbose level a host asks for).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum OfferkitLogLevel {
    /// Nothing (only as the `max_level` of `offerkit_set_log_callback`).
    Off = 0,
    Error = 1,
    Warn = 2,
    Info = 3,
    Debug = 4,
    Trace = 5,
}

/// Receives one log message: `message` is UTF-8, NUL-terminated, formatted as
/// `target: text key=value …`, and valid only during the call. May run on any thread, also
/// on several at once; must return quickly, not unwind, and not call `offerkit_set_log_callback`
/// (that call would return `OFFERKIT_STATUS_WOULD_DEADLOCK`). Messages logged by offerkit calls
/// made from inside the callback are dropped.
pub type OfferkitLogCallback = Option<
    unsafe extern "C" fn(user_data: *mut c_void, level: OfferkitLogLevel, message: *const c_char),
>;

/// The host's callback as the shared forwarding's sink.
struct Callback {
    callback: unsafe extern "C" fn(*mut c_void, OfferkitLogLevel, *const c_char),
    user_data: UserData,
}

impl LogSink for Callback {
    fn log(&self, event: &LogEvent<'_>) {
        let text = c_text(&format!(
            "{}: {}{}",
            event.target, event.message, event.fields
        ));
        // SAFETY: the host's callback and user data, valid while set (contract).
        unsafe { (self.callback)(self.user_data.0, level_number(&event.level), text.as_ptr()) };
    }
}

fn level_number(level: &Level) -> OfferkitLogLevel {
    match *level {
        Level::ERROR => OfferkitLogLevel::Error,
        Level::WARN => OfferkitLogLevel::Warn,
        Level::INFO => OfferkitLogLevel::Info,
        Level::DEBUG => OfferkitLogLevel::Debug,
        Level::TRACE => OfferkitLogLevel::Trace,
    }
}

/// Sets (or with a NULL `callback`, removes) the process-wide log callback, receiving messages
/// up to `max_level` (an `OfferkitLogLevel`: `OFFERKIT_LOG_LEVEL_OFF` = 0 to
/// `OFFERKIT_LOG_LEVEL_TRACE` = 5; other numbers are `OUT_OF_RANGE`). Thread-safe. When it
/// returns, the previous callback is no longer running and never runs again; `user_data` must
/// stay valid until the callback is replaced or removed. Logging is off until first set.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_set_log_callback(
    callback: OfferkitLogCallback,
    user_data: *mut c_void,
    max_level: u32,
) -> OfferkitStatus {
    fallible!(std::ptr::null_mut(), || {
        // `OfferkitLogLevel` numbers verbosity from 0 (nothing) to 5 (everything).
        let Some(filter) = filter_by_rank(max_level) else {
            return Err(Failure::range(
                "max_level",
                format!("{max_level} is not an OfferkitLogLevel"),
            ));
        };
        let sink = callback.map(|callback| {
            Box::new(Callback {
                callback,
                user_data: UserData(user_data),
            }) as Box<dyn LogSink>
        });
        set_sink(sink, filter).map_err(|e| match e {
            SetSinkError::Reentrant => Failure::would_deadlock("offerkit_set_log_callback"),
            SetSinkError::OtherSubscriber => {
                Failure::internal("another tracing subscriber is already installed in this process")
            }
        })
    })
}
