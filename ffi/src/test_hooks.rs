//! Deliberate panics and delays for the C tests (feature `test-hooks` only): to prove that a
//! panic inside the library becomes `OFFERKIT_STATUS_INTERNAL` — from a call, and through a
//! completion callback exactly once — and never unwinds into C; and to hold a completion between
//! "decided" and "queued", where a client free could otherwise miss it; and to log on demand.

#[cfg(feature = "test-hooks")]
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

#[cfg(feature = "test-hooks")]
static ARMED: AtomicU32 = AtomicU32::new(0);

#[cfg(feature = "test-hooks")]
static QUEUE_DELAY_MS: AtomicU64 = AtomicU64::new(0);

/// Called where a poll-delivery completion, already decided, is about to be queued; waits there
/// while a delay is set.
#[inline]
pub(crate) fn before_queueing() {
    #[cfg(feature = "test-hooks")]
    {
        let ms = QUEUE_DELAY_MS.load(Ordering::Acquire);
        if ms > 0 {
            std::thread::sleep(std::time::Duration::from_millis(ms));
        }
    }
}

/// Test builds only: every completion of a poll-delivery client waits `ms` milliseconds (0:
/// none) on the library thread after it is decided and before it is queued for
/// `offerkit_client_poll`.
#[cfg(feature = "test-hooks")]
#[unsafe(no_mangle)]
pub extern "C" fn offerkit_test_delay_queueing_ms(ms: u64) {
    // Without the boundary: one atomic store cannot panic.
    QUEUE_DELAY_MS.store(ms, Ordering::Release);
}

/// Called where a result becomes a C handle; panics while armed.
#[inline]
pub(crate) fn conversion_point() {
    #[cfg(feature = "test-hooks")]
    if ARMED
        .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| n.checked_sub(1))
        .is_ok()
    {
        panic!("test hook: deliberate panic while converting a result");
    }
}

/// Test builds only: the next `count` result conversions (offer lists, player-offers pages)
/// panic inside the library.
#[cfg(feature = "test-hooks")]
#[unsafe(no_mangle)]
pub extern "C" fn offerkit_test_panic_in_conversions(count: u32) {
    // Without the boundary: one atomic store cannot panic.
    ARMED.store(count, Ordering::Release);
}

/// Test builds only: panics inside the call boundary; returns `OFFERKIT_STATUS_INTERNAL`.
#[cfg(feature = "test-hooks")]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_test_panic(
    out_error: *mut *mut crate::error::OfferkitError,
) -> crate::status::OfferkitStatus {
    crate::boundary::fallible!(out_error, || {
        panic!("test hook: deliberate panic in a call")
    })
}

/// Test builds only: logs `count` WARN messages `test message <i>` (target `offerkit::test`,
/// `i` from 0), so the C tests can fill the log queue of poll delivery without a thousand
/// requests.
#[cfg(feature = "test-hooks")]
#[unsafe(no_mangle)]
pub extern "C" fn offerkit_test_log_messages(count: u32) {
    crate::panic::infallible((), || {
        for i in 0..count {
            tracing::warn!(target: "offerkit::test", "test message {i}");
        }
        Ok(())
    });
}
