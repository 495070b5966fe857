//! A client-side limiter so a backend stays within the reporting endpoint's 10 requests per
//! minute per API key instead of collecting 429s: a sliding window per key that either waits
//! for a free slot (the default) or fails fast with `rate_limited`. Time comes from a
//! [`Clock`], so tests move it by hand instead of sleeping for a minute. The token broker
//! example reuses it for its per-client limit.

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::deadline::{Deadline, seconds};
use crate::error::{Error, ErrorKind, Result};
use crate::runtime::{self, Instant};
use crate::token::BoxFuture;

/// The reporting endpoint's limit: requests per [`REPORT_RATE_WINDOW`] per API key.
pub const REPORT_RATE_LIMIT: usize = 10;
/// The window of [`REPORT_RATE_LIMIT`]: one minute.
pub const REPORT_RATE_WINDOW: Duration = Duration::from_secs(60);

/// Monotonic time and sleeping, replaceable in tests.
pub trait Clock: Send + Sync + 'static {
    /// Time since an arbitrary fixed origin; never goes backwards.
    fn now(&self) -> Duration;
    /// Completes once `now()` has advanced by `duration`.
    fn sleep(&self, duration: Duration) -> BoxFuture<'static, ()>;
}

/// The real clock (tokio's timer natively, the JavaScript host's on wasm32).
#[derive(Debug)]
pub struct SystemClock {
    origin: Instant,
}

impl Default for SystemClock {
    fn default() -> Self {
        SystemClock {
            origin: Instant::now(),
        }
    }
}

impl Clock for SystemClock {
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }

    fn sleep(&self, duration: Duration) -> BoxFuture<'static, ()> {
        Box::pin(runtime::sleep(duration))
    }
}

/// A clock that only moves when [`ManualClock::advance`] is called (for tests).
pub struct ManualClock {
    now: tokio::sync::watch::Sender<Duration>,
    sleepers: Arc<AtomicUsize>,
}

impl ManualClock {
    /// A clock at time zero, shared by the limiter and the test that moves it.
    pub fn new() -> Arc<Self> {
        Arc::new(ManualClock {
            now: tokio::sync::watch::Sender::new(Duration::ZERO),
            sleepers: Arc::new(AtomicUsize::new(0)),
        })
    }

    /// Moves time forward, waking every sleeper whose deadline has come.
    pub fn advance(&self, by: Duration) {
        self.now.send_modify(|now| *now += by);
    }

    /// How many `sleep` futures are waiting right now (lets a test see that a caller waits).
    pub fn sleepers(&self) -> usize {
        self.sleepers.load(Ordering::SeqCst)
    }
}

impl fmt::Debug for ManualClock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ManualClock")
            .field("now", &*self.now.borrow())
            .field("sleepers", &self.sleepers())
            .finish()
    }
}

/// Decrements the sleeper count however the sleep ends (completed or dropped).
struct Sleeping(Arc<AtomicUsize>);

impl Drop for Sleeping {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Duration {
        *self.now.borrow()
    }

    fn sleep(&self, duration: Duration) -> BoxFuture<'static, ()> {
        let deadline = self.now().saturating_add(duration);
        let mut changes = self.now.subscribe();
        self.sleepers.fetch_add(1, Ordering::SeqCst);
        let guard = Sleeping(Arc::clone(&self.sleepers));
        Box::pin(async move {
            let _guard = guard;
            // The sender lives as long as the clock; if it is gone, time stopped: stop waiting.
            let _ = changes.wait_for(|now| *now >= deadline).await;
        })
    }
}

/// What a limited caller does when the window is full.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum RateLimitMode {
    /// Wait for the next free slot (default; a reporting call waits only within its deadline).
    #[default]
    Wait,
    /// Fail at once with `rate_limited` and the wait in [`Error::retry_after`].
    FailFast,
}

/// At most `limit` acquisitions per `window` per key (a sliding window), plus a hold-off a
/// key gets after the server itself answered 429. Share one (`Arc`) between clients that use
/// the same key.
pub struct RateLimiter {
    limit: usize,
    window: Duration,
    clock: Arc<dyn Clock>,
    keys: Mutex<HashMap<String, Window>>,
}

#[derive(Default)]
struct Window {
    hits: VecDeque<Duration>,
    held_until: Option<Duration>,
}

/// Above this many tracked keys, idle ones are dropped on the next acquisition.
const PRUNE_ABOVE: usize = 1024;

impl RateLimiter {
    /// `limit` per `window` on the real clock. A `limit` of 0 is treated as 1.
    pub fn new(limit: usize, window: Duration) -> Self {
        RateLimiter::with_clock(limit, window, Arc::new(SystemClock::default()))
    }

    /// `limit` per `window` on `clock` (a [`ManualClock`] in tests). A `limit` of 0 is treated
    /// as 1.
    pub fn with_clock(limit: usize, window: Duration, clock: Arc<dyn Clock>) -> Self {
        RateLimiter {
            limit: limit.max(1),
            window,
            clock,
            keys: Mutex::new(HashMap::new()),
        }
    }

    /// The reporting endpoint's 10 per minute.
    pub fn reporting() -> Self {
        RateLimiter::new(REPORT_RATE_LIMIT, REPORT_RATE_WINDOW)
    }

    /// Requests allowed per key within one window.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// The length of the sliding window.
    pub fn window(&self) -> Duration {
        self.window
    }

    /// Takes a slot for `key` now, or says how long until one is free.
    pub fn try_acquire(&self, key: &str) -> Result<(), Duration> {
        let now = self.clock.now();
        let mut keys = self.keys.lock().unwrap_or_else(PoisonError::into_inner);
        if keys.len() > PRUNE_ABOVE {
            let window = self.window;
            keys.retain(|_, w| {
                w.held_until.is_some_and(|until| until > now)
                    || w.hits.back().is_some_and(|t| now - *t < window)
            });
        }
        let state = keys.entry(key.to_owned()).or_default();
        if let Some(until) = state.held_until {
            if until > now {
                return Err(until - now);
            }
            state.held_until = None;
        }
        while state
            .hits
            .front()
            .is_some_and(|t| now.saturating_sub(*t) >= self.window)
        {
            state.hits.pop_front();
        }
        if state.hits.len() >= self.limit {
            let oldest = state.hits.front().copied().unwrap_or(now);
            return Err((oldest + self.window).saturating_sub(now));
        }
        state.hits.push_back(now);
        Ok(())
    }

    /// Takes a slot for `key`, waiting for it or failing fast as `mode` says.
    pub async fn acquire(&self, key: &str, mode: RateLimitMode) -> Result<()> {
        self.acquire_within(key, mode, None).await
    }

    /// [`RateLimiter::acquire`] within a call's deadline: a wait that would end after it is not
    /// started; the call fails at once with `rate_limited` and the wait instead.
    pub(crate) async fn acquire_within(
        &self,
        key: &str,
        mode: RateLimitMode,
        deadline: Option<&Deadline>,
    ) -> Result<()> {
        loop {
            let wait = match self.try_acquire(key) {
                Ok(()) => return Ok(()),
                Err(wait) => wait,
            };
            if let Some(left) = deadline
                .map(Deadline::remaining)
                .filter(|left| wait >= *left)
            {
                return Err(self.limited(wait).with_note(&format!(
                    "not waited for: it would pass the call's deadline ({} left)",
                    seconds(left)
                )));
            }
            match mode {
                RateLimitMode::FailFast => return Err(self.limited(wait)),
                RateLimitMode::Wait => {
                    tracing::debug!(
                        wait_ms = wait.as_millis() as u64,
                        "client-side rate limit reached; waiting"
                    );
                    self.clock.sleep(wait).await;
                }
            }
        }
    }

    /// Blocks `key` for `wait` (after the server answered 429 with that `Retry-After`).
    pub fn hold_off(&self, key: &str, wait: Duration) {
        let until = self.clock.now().saturating_add(wait);
        let mut keys = self.keys.lock().unwrap_or_else(PoisonError::into_inner);
        let state = keys.entry(key.to_owned()).or_default();
        state.held_until = Some(state.held_until.map_or(until, |u| u.max(until)));
    }

    fn limited(&self, wait: Duration) -> Error {
        let secs = wait
            .as_secs()
            .saturating_add(u64::from(wait.subsec_nanos() > 0));
        Error::new(
            ErrorKind::RateLimited,
            format!(
                "client-side rate limit: at most {} requests per {} s per key; retry in {secs} s",
                self.limit,
                self.window.as_secs()
            ),
        )
        .with_retry_after(Some(Duration::from_secs(secs)))
    }
}

impl fmt::Debug for RateLimiter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RateLimiter")
            .field("limit", &self.limit)
            .field("window", &self.window)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limiter(clock: &Arc<ManualClock>) -> RateLimiter {
        RateLimiter::with_clock(3, Duration::from_secs(60), clock.clone())
    }

    #[test]
    fn window_slides_per_key() {
        let clock = ManualClock::new();
        let l = limiter(&clock);
        for _ in 0..3 {
            assert!(l.try_acquire("a").is_ok());
        }
        assert_eq!(l.try_acquire("a"), Err(Duration::from_secs(60)));
        assert!(l.try_acquire("b").is_ok(), "keys are independent");
        clock.advance(Duration::from_secs(45));
        assert_eq!(l.try_acquire("a"), Err(Duration::from_secs(15)));
        clock.advance(Duration::from_secs(15));
        assert!(l.try_acquire("a").is_ok());
    }

    #[test]
    fn hold_off_blocks_until_it_passes() {
        let clock = ManualClock::new();
        let l = limiter(&clock);
        l.hold_off("a", Duration::from_secs(30));
        assert_eq!(l.try_acquire("a"), Err(Duration::from_secs(30)));
        clock.advance(Duration::from_secs(30));
        assert!(l.try_acquire("a").is_ok());
    }

    #[test]
    fn a_hold_off_longer_than_time_saturates_instead_of_overflowing() {
        let clock = ManualClock::new();
        clock.advance(Duration::from_secs(3600));
        let l = limiter(&clock);
        l.hold_off("a", Duration::MAX);
        let wait = l.try_acquire("a").unwrap_err();
        assert!(wait >= Duration::from_secs(u64::MAX - 3600), "{wait:?}");
        assert!(l.limited(wait).retry_after() >= Some(Duration::from_secs(u64::MAX - 3600)));
    }

    #[tokio::test]
    async fn a_wait_past_the_deadline_fails_at_once() {
        let clock = ManualClock::new();
        let l = limiter(&clock);
        l.hold_off("a", Duration::from_secs(30));
        let deadline = Deadline::after(Duration::from_secs(2));
        let err = l
            .acquire_within("a", RateLimitMode::Wait, Some(&deadline))
            .await
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::RateLimited);
        assert_eq!(err.retry_after(), Some(Duration::from_secs(30)));
        assert_eq!(clock.sleepers(), 0, "never waited");
    }

    #[tokio::test]
    async fn fail_fast_reports_the_wait() {
        let clock = ManualClock::new();
        let l = limiter(&clock);
        for _ in 0..3 {
            l.acquire("a", RateLimitMode::FailFast).await.unwrap();
        }
        clock.advance(Duration::from_millis(500));
        let err = l.acquire("a", RateLimitMode::FailFast).await.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::RateLimited);
        assert_eq!(err.retry_after(), Some(Duration::from_secs(60)));
        assert!(err.message().contains("at most 3 requests per 60 s"));
    }

    #[tokio::test]
    async fn waiting_caller_proceeds_when_the_clock_moves() {
        let clock = ManualClock::new();
        let l = Arc::new(limiter(&clock));
        for _ in 0..3 {
            l.acquire("a", RateLimitMode::Wait).await.unwrap();
        }
        let waiter = {
            let l = l.clone();
            tokio::spawn(async move { l.acquire("a", RateLimitMode::Wait).await })
        };
        while clock.sleepers() == 0 {
            tokio::task::yield_now().await;
        }
        assert!(!waiter.is_finished());
        clock.advance(Duration::from_secs(59));
        tokio::task::yield_now().await;
        assert!(!waiter.is_finished(), "one second short");
        clock.advance(Duration::from_secs(1));
        waiter.await.unwrap().unwrap();
        assert_eq!(clock.sleepers(), 0);
    }
}
