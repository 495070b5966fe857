//! Log forwarding: offerkit's `tracing` events, handed to a logger the app implements
//! (Logcat, OSLog, Python `logging`, …). Nothing is logged until `set_logger` is called;
//! tokens are never logged. The forwarding itself is `offerkit_bindings_common::log`; this
//! module is the uniffi side: the `Logger` trait, its levels and the text it receives.
//!
//! Only offerkit's own records are forwarded: those of its dependencies (`hyper_util`, `rustls`,
//! …) are dropped here, whatever the level, so a DEBUG logger shows offerkit's requests and not
//! connection pools. Each record's source is a short tag, at most 23 characters (Android's
//! Logcat limit): `offerkit` and the module that logged, `offerkit.transport`.
//!
//! A logger that throws is ignored: `log` is fallible at the FFI, so whatever the app's logger
//! throws arrives here as a `LoggerError` (an infallible foreign method that throws makes the
//! scaffolding panic, which failed the call that was logging), and the record is dropped.

use std::sync::Arc;

use offerkit_bindings_common::log::{LogEvent, LogSink, set_sink};
use tracing::Level;
use tracing::level_filters::LevelFilter;

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
/// threads; must be quick and must not block. Whatever it throws is ignored (the record is
/// dropped).
#[uniffi::export(foreign)]
pub trait Logger: Send + Sync {
    /// One record: its level, its source as a short tag (`offerkit.transport`, at most 23
    /// characters, usable as a Logcat tag) and the text with its fields
    /// (`offer service request method=POST status=200 …`).
    fn log(&self, level: LogLevel, target: String, message: String) -> Result<(), LoggerError>;
}

/// What offerkit makes of anything a `Logger` throws; it is dropped with the record. Apps
/// never need to throw or catch it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, uniffi::Error)]
pub enum LoggerError {
    /// The logger threw; `reason` is its text.
    #[error("the logger failed: {reason}")]
    Failed { reason: String },
}

/// Whatever the foreign logger throws (an exception, a Kotlin `Error`, a Python
/// `BaseException`) arrives here instead of panicking in the scaffolding.
impl From<uniffi::UnexpectedUniFFICallbackError> for LoggerError {
    fn from(err: uniffi::UnexpectedUniFFICallbackError) -> Self {
        LoggerError::Failed { reason: err.reason }
    }
}

/// Sends offerkit's log records at `max_level` and above to `logger`; null stops forwarding.
/// May be called again at any time to replace the logger or the level; it returns once no
/// call into the previous logger is in progress. Calling it from inside `log` is ignored.
#[uniffi::export]
pub fn set_logger(logger: Option<Arc<dyn Logger>>, max_level: LogLevel) {
    let sink = logger.map(|logger| Box::new(Host(logger)) as Box<dyn LogSink>);
    // Refused only from inside `log` (ignored, as documented) or when the process already has
    // another global subscriber (not ours to replace): nothing to report either way.
    let _ = set_sink(sink, LevelFilter::from_level(level(max_level)));
}

/// The app's logger as the shared forwarding's sink.
struct Host(Arc<dyn Logger>);

impl LogSink for Host {
    fn log(&self, event: &LogEvent<'_>) {
        let Some(tag) = tag(event.target) else {
            return;
        };
        // A failing logger cannot be told; its record is dropped.
        let _ = self.0.log(log_level(&event.level), tag, text(event));
    }
}

/// The longest tag Android's Logcat takes.
const MAX_TAG: usize = 23;

/// The short tag of an offerkit target (`offerkit::server::exchange` → `offerkit.exchange`:
/// `offerkit`, then the module that logged), or `None` for a dependency's target. Any crate
/// named `offerkit` or `offerkit_…` is offerkit's own.
fn tag(target: &str) -> Option<String> {
    let mut segments = target.split("::");
    let krate = segments.next()?;
    if krate != "offerkit" && !krate.starts_with("offerkit_") {
        return None;
    }
    let tag = match segments.last() {
        Some(module) => format!("offerkit.{module}"),
        None => "offerkit".to_string(),
    };
    Some(tag.chars().take(MAX_TAG).collect())
}

/// `message key=value key=value` (without a message, the fields alone).
fn text(event: &LogEvent<'_>) -> String {
    if event.message.is_empty() {
        let fields = event.fields;
        fields.strip_prefix(' ').unwrap_or(fields).to_string()
    } else {
        format!("{}{}", event.message, event.fields)
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn event<'a>(message: &'a str, fields: &'a str) -> LogEvent<'a> {
        LogEvent {
            level: Level::INFO,
            target: "offerkit::transport",
            message,
            fields,
        }
    }

    #[test]
    fn offerkit_targets_become_short_tags_and_dependencies_are_dropped() {
        assert_eq!(
            tag("offerkit::transport").as_deref(),
            Some("offerkit.transport")
        );
        assert_eq!(
            tag("offerkit::server::exchange").as_deref(),
            Some("offerkit.exchange")
        );
        assert_eq!(tag("offerkit").as_deref(), Some("offerkit"));
        assert_eq!(
            tag("offerkit_uniffi::runtime").as_deref(),
            Some("offerkit.runtime")
        );
        let long = tag("offerkit::a_module_name_longer_than_a_tag").unwrap();
        assert_eq!(long, "offerkit.a_module_name_");
        for dependency in [
            "hyper_util::client::legacy::connect::http",
            "hyper_util::client::legacy::pool",
            "rustls::client::hs",
            "reqwest::connect",
            "offerkitten::x",
        ] {
            assert_eq!(tag(dependency), None, "{dependency}");
        }
    }

    /// Records what it is given, as a host logger would.
    struct Recorder(std::sync::Mutex<Vec<(LogLevel, String, String)>>);

    impl Logger for Recorder {
        fn log(&self, level: LogLevel, target: String, message: String) -> Result<(), LoggerError> {
            self.0.lock().unwrap().push((level, target, message));
            Ok(())
        }
    }

    #[test]
    fn a_dependency_debug_record_never_reaches_the_host() {
        let recorder = Arc::new(Recorder(std::sync::Mutex::new(Vec::new())));
        let host = Host(recorder.clone());
        let dependency = LogEvent {
            level: Level::DEBUG,
            target: "hyper_util::client::legacy::connect::http",
            message: "connecting to 127.0.0.1:8080",
            fields: "",
        };
        host.log(&dependency);
        host.log(&LogEvent {
            level: Level::DEBUG,
            ..event("offer service request", " status=200")
        });
        let seen = recorder.0.lock().unwrap().clone();
        assert_eq!(
            seen,
            [(
                LogLevel::Debug,
                "offerkit.transport".to_string(),
                "offer service request status=200".to_string()
            )]
        );
        assert!(seen.iter().all(|(_, tag, _)| tag.len() <= MAX_TAG));
    }

    #[test]
    fn the_text_is_the_message_then_its_fields() {
        assert_eq!(
            text(&event("offer service request", " method=POST status=200")),
            "offer service request method=POST status=200"
        );
        assert_eq!(text(&event("done", "")), "done");
        assert_eq!(
            text(&event("", " status=200 retry=true")),
            "status=200 retry=true"
        );
    }
}
