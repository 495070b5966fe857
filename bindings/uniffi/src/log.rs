//! Log forwarding: offerkit's `tracing` events, handed to a logger the app implements
//! (Logcat, OSLog, Python `logging`, …). Nothing is logged until `set_logger` is called;
//! tokens are never logged.

use std::cell::Cell;
use std::fmt::{self, Write as _};
use std::sync::{Arc, Once, RwLock};

use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Level, Metadata, Subscriber};

/// Severity of a log record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, uniffi::Enum)]
pub enum LogLevel {
    Error,
    Warn,
    Info,
    Debug,
    Trace,
}

/// Implemented by the app to receive offerkit's log records. Called from offerkit's worker
/// threads; must be quick and must not block.
#[uniffi::export(foreign)]
pub trait Logger: Send + Sync {
    /// One record: its level, its source (`offerkit::transport`, …) and the text with its
    /// fields (`offer service request method=POST status=200 …`).
    fn log(&self, level: LogLevel, target: String, message: String);
}

struct Sink {
    logger: Arc<dyn Logger>,
    max_level: Level,
}

/// Read-locked for the whole of each `log` call, so replacing the logger waits until no call
/// into the old one is in progress (Python's exit relies on it: see the bindgen's fix-ups).
static SINK: RwLock<Option<Sink>> = RwLock::new(None);
static INSTALL: Once = Once::new();

thread_local! {
    /// Set while this thread is inside `Logger::log`.
    static IN_LOG: Cell<bool> = const { Cell::new(false) };
}

/// Sends offerkit's log records at `max_level` and above to `logger`; null stops forwarding.
/// May be called again at any time to replace the logger or the level; it returns once no
/// call into the previous logger is in progress. Calling it from inside `log` is ignored.
#[uniffi::export]
pub fn set_logger(logger: Option<Arc<dyn Logger>>, max_level: LogLevel) {
    if IN_LOG.get() {
        return; // the read lock of this very call would never let the write lock through
    }
    let sink = logger.map(|logger| Sink {
        logger,
        max_level: level(max_level),
    });
    *SINK.write().unwrap_or_else(|e| e.into_inner()) = sink;
    INSTALL.call_once(|| {
        // Only fails if the process already has a global subscriber (not ours to replace).
        let _ = tracing::subscriber::set_global_default(Forwarder);
    });
    tracing::callsite::rebuild_interest_cache();
}

fn level(level: LogLevel) -> Level {
    match level {
        LogLevel::Error => Level::ERROR,
        LogLevel::Warn => Level::WARN,
        LogLevel::Info => Level::INFO,
        LogLevel::Debug => Level::DEBUG,
        LogLevel::Trace => Level::TRACE,
    }
}

fn log_level(level: &Level) -> LogLevel {
    match *level {
        Level::ERROR => LogLevel::Error,
        Level::WARN => LogLevel::Warn,
        Level::INFO => LogLevel::Info,
        Level::DEBUG => LogLevel::Debug,
        _ => LogLevel::Trace,
    }
}

/// The global subscriber: events only (spans are not tracked), filtered by the sink's level.
struct Forwarder;

impl Forwarder {
    fn max_level() -> Option<Level> {
        let sink = SINK.read().unwrap_or_else(|e| e.into_inner());
        sink.as_ref().map(|s| s.max_level)
    }
}

impl Subscriber for Forwarder {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        metadata.is_event() && Self::max_level().is_some_and(|max| *metadata.level() <= max)
    }

    fn max_level_hint(&self) -> Option<tracing::level_filters::LevelFilter> {
        Some(match Self::max_level() {
            Some(max) => max.into(),
            None => tracing::level_filters::LevelFilter::OFF,
        })
    }

    fn new_span(&self, _span: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }

    fn record(&self, _span: &Id, _values: &Record<'_>) {}

    fn record_follows_from(&self, _span: &Id, _follows: &Id) {}

    fn event(&self, event: &Event<'_>) {
        // Offerkit's own logging from inside a `log` call is dropped, never recursed into.
        if IN_LOG.get() {
            return;
        }
        let sink = SINK.read().unwrap_or_else(|e| e.into_inner());
        let Some(sink) = sink.as_ref() else {
            return;
        };
        let metadata = event.metadata();
        if *metadata.level() > sink.max_level {
            return;
        }
        let mut text = Text::default();
        event.record(&mut text);
        let _inside = InLog::enter();
        sink.logger.log(
            log_level(metadata.level()),
            metadata.target().to_string(),
            text.0,
        );
    }

    fn enter(&self, _span: &Id) {}

    fn exit(&self, _span: &Id) {}
}

/// Marks this thread as inside `Logger::log` until dropped (also when the call unwinds).
struct InLog;

impl InLog {
    fn enter() -> InLog {
        IN_LOG.set(true);
        InLog
    }
}

impl Drop for InLog {
    fn drop(&mut self) {
        IN_LOG.set(false);
    }
}

/// `message key=value key=value`.
#[derive(Default)]
struct Text(String);

impl Visit for Text {
    fn record_str(&mut self, field: &Field, value: &str) {
        self.record_debug(field, &format_args!("{value}"));
    }

    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        if field.name() == "message" {
            if self.0.is_empty() {
                let _ = write!(self.0, "{value:?}");
            } else {
                self.0 = format!("{value:?} {}", self.0);
            }
        } else {
            if !self.0.is_empty() {
                self.0.push(' ');
            }
            let _ = write!(self.0, "{}={value:?}", field.name());
        }
    }
}
