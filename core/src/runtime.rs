//! Clocks and timers for the rest of core: the one file that knows where core runs.
//!
//! Retry backoff and `Retry-After` waits, the call's deadline, the token wait, token expiry,
//! the cache's ages and the jitter seed all take time from here, so each of those rules is
//! written once for every target. Native builds use tokio's timers and std's clocks, exactly as
//! before this file existed. On `wasm32` there is no tokio time driver and std's
//! `Instant::now` / `SystemTime::now` panic, so time comes from the JavaScript host:
//! `performance.now()` and `Date.now()` (through `web-time`) and `setTimeout` (through
//! `gloo-timers`), which browsers, workers and Node all have.
//!
//! Core spawns no task of its own (every wait runs inside the caller's future), so there is
//! no spawn here.

pub(crate) use imp::{Instant, now, sleep, timeout, timeout_at};

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use std::future::Future;
    use std::time::{Duration, SystemTime};

    pub(crate) use std::time::Instant;

    /// The wall clock now.
    pub(crate) fn now() -> SystemTime {
        SystemTime::now()
    }

    /// Waits `duration`.
    pub(crate) fn sleep(duration: Duration) -> impl Future<Output = ()> + Send {
        tokio::time::sleep(duration)
    }

    /// Runs `future` for at most `duration`; `Err` when the time ran out first.
    pub(crate) fn timeout<F: Future>(
        duration: Duration,
        future: F,
    ) -> impl Future<Output = Result<F::Output, tokio::time::error::Elapsed>> {
        tokio::time::timeout(duration, future)
    }

    /// Runs `future` until `at` at the latest; `Err` when the time ran out first.
    pub(crate) fn timeout_at<F: Future>(
        at: Instant,
        future: F,
    ) -> impl Future<Output = Result<F::Output, tokio::time::error::Elapsed>> {
        tokio::time::timeout_at(tokio::time::Instant::from_std(at), future)
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use std::future::Future;
    use std::pin::pin;
    use std::time::{Duration, SystemTime, UNIX_EPOCH};

    use futures_util::future::{Either, select};
    use gloo_timers::future::TimeoutFuture;
    use send_wrapper::SendWrapper;

    /// `performance.now()`: monotonic, unlike `Date.now()`.
    pub(crate) use web_time::Instant;

    /// The time ran out before the future finished.
    #[derive(Debug)]
    pub(crate) struct Elapsed;

    /// The wall clock now (`Date.now()`), as std's type, which the public API uses: std's
    /// `SystemTime` works on wasm32 as a value, only its `now` does not.
    pub(crate) fn now() -> SystemTime {
        let since = web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .unwrap_or_default();
        UNIX_EPOCH + since
    }

    /// Waits `duration` (forever when `duration` is past any instant there is).
    pub(crate) async fn sleep(duration: Duration) {
        match Instant::now().checked_add(duration) {
            Some(at) => sleep_until(at).await,
            None => std::future::pending().await,
        }
    }

    /// Waits until `at`. `setTimeout` counts whole milliseconds in an `i32` (a longer wait
    /// fires at once), so each timer is rounded up and capped, and the loop waits again until
    /// the monotonic clock has passed `at`; no wait ever ends early.
    async fn sleep_until(at: Instant) {
        loop {
            let left = at.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return;
            }
            let millis = left.as_nanos().div_ceil(1_000_000).min(i32::MAX as u128);
            let millis = u32::try_from(millis).unwrap_or(i32::MAX as u32);
            // Dropping the timer clears it (`clearTimeout`), so a Node process is not kept
            // alive by a wait nobody wants. The JavaScript handle is not `Send`; wasm32 runs
            // core on one thread, where the wrapper's check always holds, and core's futures
            // stay `Send` on every target.
            SendWrapper::new(TimeoutFuture::new(millis)).await;
        }
    }

    /// Runs `future` for at most `duration`; `Err` when the time ran out first.
    pub(crate) async fn timeout<F: Future>(
        duration: Duration,
        future: F,
    ) -> Result<F::Output, Elapsed> {
        match Instant::now().checked_add(duration) {
            Some(at) => timeout_at(at, future).await,
            None => Ok(future.await),
        }
    }

    /// Runs `future` until `at` at the latest; `Err` when the time ran out first. Like
    /// tokio's, the future is polled before the timer, so an answer that is ready wins.
    pub(crate) async fn timeout_at<F: Future>(
        at: Instant,
        future: F,
    ) -> Result<F::Output, Elapsed> {
        match select(pin!(future), pin!(sleep_until(at))).await {
            Either::Left((output, _)) => Ok(output),
            Either::Right(((), _)) => Err(Elapsed),
        }
    }
}
