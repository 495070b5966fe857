//! Log forwarding: core's `tracing` events handed, one by one, to a sink the binding implements
//! (the C ABI's callback, the uniffi `Logger`), which turns them into its host's types.
//!
//! A minimal `tracing` subscriber of our own (no `tracing-subscriber`) keeps the libraries
//! small. It is installed the first time a sink is set, so a host that never asks for logs pays
//! nothing. One sink at a time, process-wide: setting another replaces it, setting none stops
//! forwarding, and either returns only once no call into the previous sink is in progress.
//! Events logged on a thread that is inside the sink are dropped, never recursed into.

use std::cell::Cell;
use std::fmt::{self, Write as _};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{OnceLock, PoisonError, RwLock};

use tracing::field::{Field, Visit};
use tracing::level_filters::LevelFilter;
use tracing::span::{Attributes, Id, Record};
use tracing::subscriber::Interest;
use tracing::{Event, Level, Metadata, Subscriber};

/// Receives the events a binding forwards to its host.
pub trait LogSink: Send + Sync {
    /// One event at or above the level the sink was set with. Runs on the thread that logged
    /// (any thread, several at once); offerkit's own events logged during the call are dropped.
    fn log(&self, event: &LogEvent<'_>);
}

/// One `tracing` event, ready for a host: its level, its source and its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LogEvent<'a> {
    pub level: Level,
    /// The module that logged (`offerkit::transport`, …).
    pub target: &'a str,
    /// The event's message; empty when it has none.
    pub message: &'a str,
    /// Every other field in the order recorded, each written ` name=value`: strings as they
    /// are, other values in their `Debug` form.
    pub fields: &'a str,
}

/// Why [`set_sink`] changed nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetSinkError {
    /// Called from inside [`LogSink::log`]: waiting for the calls into the old sink to end would
    /// wait for this very call.
    Reentrant,
    /// The process already has a global `tracing` subscriber that is not ours to replace.
    OtherSubscriber,
}

/// A sink and the most verbose level it receives.
struct Current {
    sink: Box<dyn LogSink>,
    max_level: LevelFilter,
}

/// Read-locked for the whole of each call into the sink, so replacing it waits until no call
/// into the old one is in progress.
static CURRENT: RwLock<Option<Current>> = RwLock::new(None);
/// `CURRENT`'s level as its index in [`BY_RANK`], for the filter every callsite asks without
/// taking a lock.
static MAX_RANK: AtomicUsize = AtomicUsize::new(0);
/// Whether our subscriber is the process's global one (decided by the first [`set_sink`]).
static INSTALLED: OnceLock<bool> = OnceLock::new();

thread_local! {
    /// Set while this thread is inside [`LogSink::log`].
    static IN_SINK: Cell<bool> = const { Cell::new(false) };
}

/// Forwards events up to `max_level` to `sink`; `None` (or [`LevelFilter::OFF`]) stops
/// forwarding. Replaces any sink set before and returns once no call into it is in progress.
pub fn set_sink(
    sink: Option<Box<dyn LogSink>>,
    max_level: LevelFilter,
) -> Result<(), SetSinkError> {
    if IN_SINK.get() {
        return Err(SetSinkError::Reentrant);
    }
    let installed = *INSTALLED.get_or_init(|| {
        tracing::dispatcher::set_global_default(tracing::Dispatch::new(Forwarder)).is_ok()
    });
    if !installed {
        return Err(SetSinkError::OtherSubscriber);
    }
    {
        let mut current = CURRENT.write().unwrap_or_else(PoisonError::into_inner);
        *current = sink.map(|sink| Current { sink, max_level });
        let max_level = current.as_ref().map_or(LevelFilter::OFF, |c| c.max_level);
        MAX_RANK.store(rank(max_level), Ordering::Release);
    }
    tracing::callsite::rebuild_interest_cache();
    Ok(())
}

/// Every filter from nothing to everything: a filter's index is its verbosity rank.
const BY_RANK: [LevelFilter; 6] = [
    LevelFilter::OFF,
    LevelFilter::ERROR,
    LevelFilter::WARN,
    LevelFilter::INFO,
    LevelFilter::DEBUG,
    LevelFilter::TRACE,
];

/// The filter of verbosity `rank`: 0 nothing, 1 errors, 2 warnings, 3 info, 4 debug,
/// 5 everything (how the C ABI numbers its levels); `None` above 5.
pub fn filter_by_rank(rank: u32) -> Option<LevelFilter> {
    BY_RANK.get(usize::try_from(rank).ok()?).copied()
}

fn rank(filter: LevelFilter) -> usize {
    BY_RANK.iter().position(|f| *f == filter).unwrap_or(0)
}

/// The level of the current sink, without taking its lock.
fn max_level() -> LevelFilter {
    BY_RANK
        .get(MAX_RANK.load(Ordering::Acquire))
        .copied()
        .unwrap_or(LevelFilter::OFF)
}

/// The global subscriber: events only (spans are not tracked), filtered by the sink's level.
struct Forwarder;

impl Subscriber for Forwarder {
    fn register_callsite(&self, _: &'static Metadata<'static>) -> Interest {
        Interest::sometimes()
    }

    fn max_level_hint(&self) -> Option<LevelFilter> {
        Some(max_level())
    }

    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        metadata.is_event() && *metadata.level() <= max_level()
    }

    fn new_span(&self, _: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }

    fn record(&self, _: &Id, _: &Record<'_>) {}

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, event: &Event<'_>) {
        if IN_SINK.get() {
            return;
        }
        let current = CURRENT.read().unwrap_or_else(PoisonError::into_inner);
        let Some(current) = current.as_ref() else {
            return;
        };
        let metadata = event.metadata();
        // The level may have changed since `enabled` was asked.
        if *metadata.level() > current.max_level {
            return;
        }
        let mut text = Text::default();
        event.record(&mut text);
        let _inside = InSink::enter();
        current.sink.log(&LogEvent {
            level: *metadata.level(),
            target: metadata.target(),
            message: &text.message,
            fields: &text.fields,
        });
    }

    fn enter(&self, _: &Id) {}

    fn exit(&self, _: &Id) {}
}

/// Marks this thread as inside the sink until dropped (also when the call unwinds).
struct InSink;

impl InSink {
    fn enter() -> InSink {
        IN_SINK.set(true);
        InSink
    }
}

impl Drop for InSink {
    fn drop(&mut self) {
        IN_SINK.set(false);
    }
}

/// An event's message and its other fields, as [`LogEvent`] describes them.
#[derive(Default)]
struct Text {
    message: String,
    fields: String,
}

impl Visit for Text {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.message.push_str(value);
        } else {
            let _ = write!(self.fields, " {}={}", field.name(), value);
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        if field.name() == "message" {
            let _ = write!(self.message, "{value:?}");
        } else {
            let _ = write!(self.fields, " {}={:?}", field.name(), value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    type Seen = Arc<Mutex<Vec<String>>>;

    /// Records each event as `LEVEL target|message|fields`; logs and re-sets from inside when
    /// asked to, to prove both are refused.
    struct Recorder {
        seen: Seen,
        reenter: bool,
    }

    impl LogSink for Recorder {
        fn log(&self, event: &LogEvent<'_>) {
            if self.reenter {
                tracing::error!(target: "offerkit::test", "from inside the sink");
                let again = set_sink(None, LevelFilter::OFF);
                self.seen
                    .lock()
                    .expect("lock")
                    .push(format!("set inside: {again:?}"));
            }
            self.seen.lock().expect("lock").push(format!(
                "{} {}|{}|{}",
                event.level, event.target, event.message, event.fields
            ));
        }
    }

    fn recorder(reenter: bool) -> (Box<dyn LogSink>, Seen) {
        let seen = Seen::default();
        (
            Box::new(Recorder {
                seen: seen.clone(),
                reenter,
            }),
            seen,
        )
    }

    fn taken(seen: &Seen) -> Vec<String> {
        std::mem::take(&mut *seen.lock().expect("lock"))
    }

    /// One test: the subscriber is process-wide.
    #[test]
    fn events_reach_the_sink_filtered_replaced_and_never_recursively() {
        // Before any sink, nothing is installed and nothing is forwarded.
        tracing::error!(target: "offerkit::test", "before");

        let (sink, seen) = recorder(false);
        set_sink(Some(sink), LevelFilter::INFO).expect("installs");
        tracing::info!(target: "offerkit::test", status = 200, path = "/graphql", "request {}", 1);
        tracing::debug!(target: "offerkit::test", "too verbose");
        tracing::warn!(target: "offerkit::test", retry = true);
        let _span = tracing::info_span!("a span").entered();
        tracing::error!(target: "offerkit::test", "inside a span");
        assert_eq!(
            taken(&seen),
            [
                "INFO offerkit::test|request 1| status=200 path=/graphql",
                "WARN offerkit::test|| retry=true",
                "ERROR offerkit::test|inside a span|",
            ]
        );

        // Replaced: the old sink gets nothing more, the new one its own level.
        let (newer, newer_seen) = recorder(false);
        set_sink(Some(newer), LevelFilter::TRACE).expect("replaces");
        tracing::trace!(target: "offerkit::test", "now wanted");
        assert_eq!(taken(&seen), Vec::<String>::new());
        assert_eq!(taken(&newer_seen), ["TRACE offerkit::test|now wanted|"]);

        // Inside the sink: own events dropped, re-setting refused.
        let (reentering, reentering_seen) = recorder(true);
        set_sink(Some(reentering), LevelFilter::ERROR).expect("replaces");
        tracing::error!(target: "offerkit::test", "outer");
        assert_eq!(
            taken(&reentering_seen),
            ["set inside: Err(Reentrant)", "ERROR offerkit::test|outer|"]
        );

        // Removed: nothing is forwarded, whatever the level asked.
        set_sink(None, LevelFilter::TRACE).expect("removes");
        tracing::error!(target: "offerkit::test", "after");
        assert_eq!(taken(&reentering_seen), Vec::<String>::new());
        assert_eq!(max_level(), LevelFilter::OFF);
    }

    #[test]
    fn ranks_count_verbosity_from_nothing() {
        assert_eq!(filter_by_rank(0), Some(LevelFilter::OFF));
        assert_eq!(filter_by_rank(1), Some(LevelFilter::ERROR));
        assert_eq!(filter_by_rank(5), Some(LevelFilter::TRACE));
        assert_eq!(filter_by_rank(6), None);
        for r in 0..6 {
            let filter = filter_by_rank(r).expect("in range");
            assert_eq!(rank(filter), r as usize);
        }
    }
}
