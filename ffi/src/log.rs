//! Logging: core's `tracing` events, formatted into one UTF-8 line each and handed to the
//! host's callback. The forwarding itself (a minimal subscriber, installed the first time a
//! callback is set, so a host that never asks for logs pays nothing; replacement; reentrancy)
//! is `offerkit_bindings_common::log`; this module is the C side: the callback, its level
//! numbers, the line format, and the two deliveries — on the thread that logged, or queued
//! process-wide (bounded, dropping the oldest) until the host polls.

use std::cell::Cell;
use std::collections::VecDeque;
use std::ffi::{CString, c_char, c_void};
use std::sync::{Mutex, MutexGuard, PoisonError, RwLock};

use offerkit_bindings_common::log::{LogEvent, LogSink, SetSinkError, filter_by_rank, set_sink};
use tracing::Level;
use tracing::level_filters::LevelFilter;

use crate::boundary::fallible;
use crate::delivery::OfferkitDelivery;
use crate::failure::Failure;
use crate::panic::infallible;
use crate::runtime::CallbackScope;
use crate::status::OfferkitStatus;
use crate::strings::c_text;
use crate::user_data::UserData;

/// Most log messages queued for poll delivery; beyond, the oldest are dropped.
pub const OFFERKIT_LOG_QUEUE_CAPACITY: usize = 1024;

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
/// `target: text key=value …`, and valid only during the call. In thread delivery it may run on
/// any thread, also on several at once; in poll delivery only inside the polls on the polling
/// thread. Must return quickly, not unwind, and not call `offerkit_set_log_callback` (that call
/// would return `OFFERKIT_STATUS_WOULD_DEADLOCK`). Messages logged by offerkit calls made from
/// inside the callback are dropped.
pub type OfferkitLogCallback = Option<
    unsafe extern "C" fn(user_data: *mut c_void, level: OfferkitLogLevel, message: *const c_char),
>;

/// The host's callback.
#[derive(Clone, Copy)]
struct Callback {
    callback: unsafe extern "C" fn(*mut c_void, OfferkitLogLevel, *const c_char),
    user_data: UserData,
}

impl Callback {
    fn call(&self, level: OfferkitLogLevel, text: &CString) {
        let _inside = CallbackScope::enter();
        // SAFETY: the host's callback and user data, valid while set (contract).
        unsafe { (self.callback)(self.user_data.0, level, text.as_ptr()) };
    }
}

fn line(event: &LogEvent<'_>) -> CString {
    c_text(&format!(
        "{}: {}{}",
        event.target, event.message, event.fields
    ))
}

/// Thread delivery: the callback runs on the thread that logged.
struct OnThread(Callback);

impl LogSink for OnThread {
    fn log(&self, event: &LogEvent<'_>) {
        self.0.call(level_number(&event.level), &line(event));
    }
}

/// Poll delivery: messages wait in [`QUEUE`] for a poll.
struct Queued;

impl LogSink for Queued {
    fn log(&self, event: &LogEvent<'_>) {
        if IN_POLLED_CALLBACK.get() {
            return; // logged by a call made inside the callback: dropped, never recursed into
        }
        let message = (level_number(&event.level), line(event));
        let mut queue = queue();
        if queue.messages.len() >= OFFERKIT_LOG_QUEUE_CAPACITY {
            queue.messages.pop_front();
            queue.dropped += 1;
        }
        queue.messages.push_back(message);
    }
}

/// Messages waiting for poll delivery, and how many were dropped since the last poll.
struct Queue {
    messages: VecDeque<(OfferkitLogLevel, CString)>,
    dropped: usize,
}

static QUEUE: Mutex<Queue> = Mutex::new(Queue {
    messages: VecDeque::new(),
    dropped: 0,
});

/// The callback of poll delivery; read-locked while a poll delivers, so replacing it waits
/// until no delivery to the old one is in progress.
static POLLED: RwLock<Option<Callback>> = RwLock::new(None);

thread_local! {
    /// Set while this thread runs the poll-delivery callback.
    static IN_POLLED_CALLBACK: Cell<bool> = const { Cell::new(false) };
}

fn queue() -> MutexGuard<'static, Queue> {
    QUEUE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Forgets every queued message (their callback is being replaced or removed).
fn clear_queue() {
    let mut queue = queue();
    // A fresh `VecDeque` owns no memory: nothing of the old queue stays allocated.
    queue.messages = VecDeque::new();
    queue.dropped = 0;
}

/// The next message for poll delivery: the "dropped" notice first, when messages were dropped.
fn next_message() -> Option<(OfferkitLogLevel, CString)> {
    let mut queue = queue();
    if queue.dropped > 0 {
        let dropped = std::mem::take(&mut queue.dropped);
        return Some((
            OfferkitLogLevel::Warn,
            c_text(&format!("offerkit: {dropped} log messages dropped")),
        ));
    }
    queue.messages.pop_front()
}

/// Runs up to `max` queued log messages (0: those queued now) on this thread; how many ran.
/// Does nothing inside the log callback itself.
pub(crate) fn poll(max: usize) -> usize {
    if IN_POLLED_CALLBACK.get() {
        return 0;
    }
    let callback = POLLED.read().unwrap_or_else(PoisonError::into_inner);
    let Some(callback) = callback.as_ref() else {
        return 0;
    };
    let limit = if max == 0 {
        let queue = queue();
        queue.messages.len() + usize::from(queue.dropped > 0)
    } else {
        max
    };
    let mut ran = 0;
    while ran < limit {
        let Some((level, text)) = next_message() else {
            break;
        };
        IN_POLLED_CALLBACK.set(true);
        callback.call(level, &text);
        IN_POLLED_CALLBACK.set(false);
        ran += 1;
    }
    ran
}

/// Removes the callback and forgets queued messages (`offerkit_shutdown`).
pub(crate) fn shut_down() {
    let _ = set_sink(None, LevelFilter::OFF);
    *POLLED.write().unwrap_or_else(PoisonError::into_inner) = None;
    clear_queue();
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
/// `OFFERKIT_LOG_LEVEL_TRACE` = 5; other numbers are `OUT_OF_RANGE`), delivered as `delivery`
/// says (an `OfferkitDelivery`; other numbers are `OUT_OF_RANGE`):
/// - `OFFERKIT_DELIVERY_THREAD`: on the thread that logged, at once (any thread);
/// - `OFFERKIT_DELIVERY_POLL`: queued process-wide — at most 1 024 messages; beyond, the oldest
///   are dropped and one WARN message `offerkit: N log messages dropped` is delivered before
///   the others — and delivered on the polling thread by `offerkit_log_poll` and inside every
///   `offerkit_client_poll` / `offerkit_client_poll_wait` (of any client).
///
/// Thread-safe. Messages still queued for the previous callback are dropped. When it returns,
/// the previous callback is no longer running and never runs again; `user_data` must stay
/// valid until the callback is replaced or removed (or `offerkit_shutdown`). Logging is off
/// until first set. Blocks only while a delivery to the previous callback is under way.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_set_log_callback(
    callback: OfferkitLogCallback,
    user_data: *mut c_void,
    max_level: u32,
    delivery: u32,
) -> OfferkitStatus {
    fallible!(std::ptr::null_mut(), || {
        if IN_POLLED_CALLBACK.get() {
            return Err(Failure::would_deadlock("offerkit_set_log_callback"));
        }
        // `OfferkitLogLevel` numbers verbosity from 0 (nothing) to 5 (everything).
        let Some(filter) = filter_by_rank(max_level) else {
            return Err(Failure::range(
                "max_level",
                format!("{max_level} is not an OfferkitLogLevel"),
            ));
        };
        let delivery = match delivery {
            0 => OfferkitDelivery::Thread,
            1 => OfferkitDelivery::Poll,
            other => {
                return Err(Failure::range(
                    "delivery",
                    format!("{other} is not an OfferkitDelivery"),
                ));
            }
        };
        let callback = callback.map(|callback| Callback {
            callback,
            user_data: UserData(user_data),
        });
        let sink = callback.map(|callback| match delivery {
            OfferkitDelivery::Thread => Box::new(OnThread(callback)) as Box<dyn LogSink>,
            OfferkitDelivery::Poll => Box::new(Queued),
        });
        set_sink(sink, filter).map_err(|e| match e {
            SetSinkError::Reentrant => Failure::would_deadlock("offerkit_set_log_callback"),
            SetSinkError::OtherSubscriber => {
                Failure::internal("another tracing subscriber is already installed in this process")
            }
        })?;
        *POLLED.write().unwrap_or_else(PoisonError::into_inner) =
            callback.filter(|_| delivery == OfferkitDelivery::Poll);
        clear_queue();
        Ok(())
    })
}

/// Runs log messages queued for poll delivery (see `offerkit_set_log_callback`) on the calling
/// thread: at most `max`, or with `max` 0 every one queued when the call starts. Returns how
/// many ran (0 without a poll-delivery callback). Never blocks, except while the callback is
/// being replaced.
#[unsafe(no_mangle)]
pub extern "C" fn offerkit_log_poll(max: usize) -> usize {
    infallible(0, || Ok(poll(max)))
}
