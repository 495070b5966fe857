//! Logging: core's `tracing` events, formatted into one UTF-8 line each and handed to the
//! host's callback. A minimal `tracing` subscriber (no `tracing-subscriber`) keeps the library
//! small; it is installed the first time a callback is set, so a host that never asks for logs
//! pays nothing.

use std::cell::Cell;
use std::ffi::{c_char, c_void};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{OnceLock, PoisonError, RwLock};

use tracing::field::{Field, Visit};
use tracing::level_filters::LevelFilter;
use tracing::span::{Attributes, Id, Record};
use tracing::subscriber::Interest;
use tracing::{Event, Level, Metadata, Subscriber};

use crate::boundary::fallible;
use crate::config::UserData;
use crate::error::Failure;
use crate::status::OfferkitStatus;
use crate::strings::c_text;

/// Severity of a log message (and the most verbose level a host asks for).
#[repr(u32)]
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

struct Sink {
    callback: unsafe extern "C" fn(*mut c_void, OfferkitLogLevel, *const c_char),
    user_data: UserData,
}

static SINK: RwLock<Option<Sink>> = RwLock::new(None);
static MAX_LEVEL: AtomicU32 = AtomicU32::new(0);
static INSTALLED: OnceLock<bool> = OnceLock::new();

thread_local! {
    static IN_CALLBACK: Cell<bool> = const { Cell::new(false) };
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

/// Collects an event's message and fields into one line.
struct Line {
    message: String,
    fields: String,
}

impl Visit for Line {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.message.push_str(value);
        } else {
            let _ = write!(self.fields, " {}={}", field.name(), value);
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            let _ = write!(self.message, "{value:?}");
        } else {
            let _ = write!(self.fields, " {}={:?}", field.name(), value);
        }
    }
}

struct CallbackSubscriber {
    next_span: AtomicU64,
}

impl Subscriber for CallbackSubscriber {
    fn register_callsite(&self, _: &'static Metadata<'static>) -> Interest {
        Interest::sometimes()
    }

    fn max_level_hint(&self) -> Option<LevelFilter> {
        Some(match MAX_LEVEL.load(Ordering::Acquire) {
            0 => LevelFilter::OFF,
            1 => LevelFilter::ERROR,
            2 => LevelFilter::WARN,
            3 => LevelFilter::INFO,
            4 => LevelFilter::DEBUG,
            _ => LevelFilter::TRACE,
        })
    }

    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        (level_number(metadata.level()) as u32) <= MAX_LEVEL.load(Ordering::Acquire)
    }

    fn new_span(&self, _: &Attributes<'_>) -> Id {
        Id::from_u64(self.next_span.fetch_add(1, Ordering::Relaxed))
    }

    fn record(&self, _: &Id, _: &Record<'_>) {}

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, event: &Event<'_>) {
        if IN_CALLBACK.with(Cell::get) {
            return;
        }
        let sink = SINK.read().unwrap_or_else(PoisonError::into_inner);
        let Some(sink) = sink.as_ref() else {
            return;
        };
        let mut line = Line {
            message: String::new(),
            fields: String::new(),
        };
        event.record(&mut line);
        let metadata = event.metadata();
        let text = c_text(&format!(
            "{}: {}{}",
            metadata.target(),
            line.message,
            line.fields
        ));
        IN_CALLBACK.with(|c| c.set(true));
        // SAFETY: the host's callback and user data, valid while set (contract).
        unsafe {
            (sink.callback)(
                sink.user_data.0,
                level_number(metadata.level()),
                text.as_ptr(),
            )
        };
        IN_CALLBACK.with(|c| c.set(false));
    }

    fn enter(&self, _: &Id) {}

    fn exit(&self, _: &Id) {}
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
    fallible(std::ptr::null_mut(), || {
        if max_level > OfferkitLogLevel::Trace as u32 {
            return Err(Failure::range(
                "max_level",
                format!("{max_level} is not an OfferkitLogLevel"),
            ));
        }
        if IN_CALLBACK.with(Cell::get) {
            return Err(Failure::would_deadlock("offerkit_set_log_callback"));
        }
        let installed = *INSTALLED.get_or_init(|| {
            let subscriber = CallbackSubscriber {
                next_span: AtomicU64::new(1),
            };
            tracing::dispatcher::set_global_default(tracing::Dispatch::new(subscriber)).is_ok()
        });
        if !installed {
            return Err(Failure::internal(
                "another tracing subscriber is already installed in this process",
            ));
        }
        {
            let mut sink = SINK.write().unwrap_or_else(PoisonError::into_inner);
            *sink = callback.map(|callback| Sink {
                callback,
                user_data: UserData(user_data),
            });
            let level = if sink.is_some() { max_level } else { 0 };
            MAX_LEVEL.store(level, Ordering::Release);
        }
        tracing::callsite::rebuild_interest_cache();
        Ok(())
    })
}
