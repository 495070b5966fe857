//! Deliberate panics for the C tests (feature `test-hooks` only), to prove that a panic inside
//! the library becomes `OFFERKIT_STATUS_INTERNAL` — from a call, and through a completion
//! callback exactly once — and never unwinds into C.

#[cfg(feature = "test-hooks")]
use std::sync::atomic::{AtomicU32, Ordering};

#[cfg(feature = "test-hooks")]
static ARMED: AtomicU32 = AtomicU32::new(0);

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
    ARMED.store(count, Ordering::Release);
}

/// Test builds only: panics inside the call boundary; returns `OFFERKIT_STATUS_INTERNAL`.
#[cfg(feature = "test-hooks")]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_test_panic(
    out_error: *mut *mut crate::error::OfferkitError,
) -> crate::status::OfferkitStatus {
    crate::panic::boundary(out_error, || {
        panic!("test hook: deliberate panic in a call")
    })
}

/// Test builds only: how many completions of a poll-delivery client wait for
/// `offerkit_client_poll` (0 for NULL), so tests wait for "answered and queued" instead of
/// sleeping.
#[cfg(feature = "test-hooks")]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_test_queued_completions(
    client: *const crate::client::OfferkitClient,
) -> usize {
    crate::client::client_ref(client).map_or(0, |c| c.requests.queued())
}
