//! When and how long to wait before trying a read again.
//!
//! Offer queries are reads, so a transient failure (502/503/504, a refused or dropped
//! connection, a timeout) is retried with exponential backoff and full jitter, honouring the
//! server's `Retry-After`. Other 4xx answers say the request itself is wrong and are never retried.

use std::time::Duration;

/// Retry settings of an [`crate::OfferClient`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Retries after the first attempt (0 disables retrying).
    pub max_retries: u32,
    /// Upper bound of the first backoff; it doubles per retry.
    pub initial_backoff: Duration,
    /// Cap of any single backoff.
    pub max_backoff: Duration,
    /// A `Retry-After` longer than this is not waited for: the error is returned instead.
    pub max_retry_after: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_retries: 2,
            initial_backoff: Duration::from_millis(200),
            max_backoff: Duration::from_secs(5),
            max_retry_after: Duration::from_secs(30),
        }
    }
}

impl RetryPolicy {
    /// No retries at all.
    pub fn none() -> Self {
        RetryPolicy {
            max_retries: 0,
            ..RetryPolicy::default()
        }
    }

    /// Statuses worth another try.
    pub(crate) fn retryable_status(status: u16) -> bool {
        matches!(status, 502..=504)
    }

    /// The wait before retry number `retry` (0-based): the server's `Retry-After` when given,
    /// else a uniformly random duration in `[0, min(max_backoff, initial_backoff * 2^retry)]`.
    /// `None` means the server asked for a longer wait than the policy accepts.
    pub(crate) fn delay(&self, retry: u32, retry_after: Option<Duration>) -> Option<Duration> {
        if let Some(asked) = retry_after {
            return (asked <= self.max_retry_after).then_some(asked);
        }
        let ceiling = self
            .initial_backoff
            .saturating_mul(2u32.saturating_pow(retry))
            .min(self.max_backoff);
        let nanos = u64::try_from(ceiling.as_nanos()).unwrap_or(u64::MAX);
        Some(Duration::from_nanos(jitter().u64(0..=nanos)))
    }
}

/// A generator for one jitter draw, seeded without fastrand's thread-local global generator:
/// seeding that one makes the calling thread's `std::thread::Thread` handle, which a C host's
/// own threads (blocking calls run on them) never release.
fn jitter() -> fastrand::Rng {
    use std::sync::atomic::{AtomicU64, Ordering};
    static DRAWS: AtomicU64 = AtomicU64::new(0);
    let now = crate::runtime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| {
            u64::try_from(d.as_nanos() % (1u128 << 64)).unwrap_or(0)
        });
    let draw = DRAWS.fetch_add(1, Ordering::Relaxed);
    fastrand::Rng::with_seed(now ^ draw.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_is_bounded_and_grows() {
        let policy = RetryPolicy::default();
        for retry in 0..10 {
            let ceiling = (policy.initial_backoff * 2u32.pow(retry)).min(policy.max_backoff);
            for _ in 0..50 {
                assert!(policy.delay(retry, None).unwrap() <= ceiling);
            }
        }
    }

    #[test]
    fn retry_after_is_honoured_up_to_the_cap() {
        let policy = RetryPolicy::default();
        assert_eq!(
            policy.delay(0, Some(Duration::from_secs(2))),
            Some(Duration::from_secs(2))
        );
        assert_eq!(policy.delay(0, Some(Duration::from_secs(31))), None);
    }

    #[test]
    fn only_gateway_statuses_are_retryable() {
        for status in [502, 503, 504] {
            assert!(RetryPolicy::retryable_status(status));
        }
        for status in [400, 401, 403, 404, 415, 422, 429, 500, 501] {
            assert!(!RetryPolicy::retryable_status(status));
        }
    }
}
