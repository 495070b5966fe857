//! Who may call the reporting endpoint, and how often: the API keys it accepts (the fixed
//! ones and those minted with an expiry) and the sliding window of requests per key. Part of
//! the simulator's state, like the fault queue and the counters, so it sits beside them rather
//! than inside `report/`: `state.rs` holds it, the control endpoint mints keys and resets
//! windows, and the handler (`report/`), which needs the whole state, reads it.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The API key the simulator's reporting endpoint always accepts.
pub const REPORT_API_KEY: &str = "sim-report-api-key";
/// An API key that is known but expired: 401 `The API key has expired.`
pub const EXPIRED_REPORT_API_KEY: &str = "sim-report-api-key-expired";
/// Requests allowed per [`RATE_WINDOW`].
pub const REPORT_RATE_LIMIT: usize = 10;
pub const RATE_WINDOW: Duration = Duration::from_secs(60);

/// Sliding-window limiter, one window per API key.
#[derive(Debug, Default)]
pub struct RateLimiter(Mutex<HashMap<String, VecDeque<Instant>>>);

impl RateLimiter {
    /// Records a request of `key`; `Err(wait)` when its window is full.
    pub fn hit(&self, key: &str, now: Instant) -> Result<(), Duration> {
        let mut keys = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let hits = keys.entry(key.to_owned()).or_default();
        while hits
            .front()
            .is_some_and(|t| now.duration_since(*t) >= RATE_WINDOW)
        {
            hits.pop_front();
        }
        if hits.len() >= REPORT_RATE_LIMIT {
            let oldest = hits.front().copied().unwrap_or(now);
            return Err(RATE_WINDOW.saturating_sub(now.duration_since(oldest)));
        }
        hits.push_back(now);
        Ok(())
    }

    /// Forgets every window (test support: `DELETE /_sim/report-limits`).
    pub fn reset(&self) {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }
}

/// API keys minted with an expiry (`POST /_sim/report-keys`), with their `exp` (Unix seconds).
#[derive(Debug, Default)]
pub struct ReportKeys {
    keys: Mutex<HashMap<String, i64>>,
    minted: std::sync::atomic::AtomicU64,
}

/// Whether a bearer value may use the reporting endpoint.
#[derive(Debug, PartialEq, Eq)]
pub enum KeyCheck {
    Valid,
    Expired,
    Unknown,
}

impl ReportKeys {
    /// A new key that expires at `exp_unix`; its text is derived from the seed and a counter.
    pub fn mint(&self, seed: u64, exp_unix: i64) -> String {
        let n = self
            .minted
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let tag = crate::keys::hmac(
            &crate::keys::derive(seed, "report-keys"),
            &[&n.to_be_bytes()],
        );
        let hex: String = tag.iter().take(8).map(|b| format!("{b:02x}")).collect();
        let key = format!("sim-report-key-{n}-{hex}");
        self.keys
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(key.clone(), exp_unix);
        key
    }

    pub fn check(&self, key: Option<&str>, now_unix: i64) -> KeyCheck {
        match key {
            Some(REPORT_API_KEY) => KeyCheck::Valid,
            Some(EXPIRED_REPORT_API_KEY) => KeyCheck::Expired,
            Some(key) => match self.keys.lock().unwrap_or_else(|p| p.into_inner()).get(key) {
                Some(exp) if *exp > now_unix => KeyCheck::Valid,
                Some(_) => KeyCheck::Expired,
                None => KeyCheck::Unknown,
            },
            None => KeyCheck::Unknown,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limiter_allows_ten_per_minute_per_key() {
        let l = RateLimiter::default();
        let t0 = Instant::now();
        for _ in 0..REPORT_RATE_LIMIT {
            assert!(l.hit("a", t0).is_ok());
        }
        assert!(
            l.hit("a", t0 + Duration::from_secs(30))
                .is_err_and(|w| w == Duration::from_secs(30))
        );
        assert!(l.hit("b", t0).is_ok(), "each key has its own window");
        assert!(l.hit("a", t0 + RATE_WINDOW).is_ok());
        l.reset();
        for _ in 0..REPORT_RATE_LIMIT {
            assert!(l.hit("b", t0).is_ok());
        }
    }

    #[test]
    fn minted_keys_expire() {
        let keys = ReportKeys::default();
        let live = keys.mint(42, 1_000);
        let dead = keys.mint(42, 10);
        assert_ne!(live, dead);
        assert_eq!(keys.check(Some(&live), 500), KeyCheck::Valid);
        assert_eq!(keys.check(Some(&dead), 500), KeyCheck::Expired);
        assert_eq!(keys.check(Some(&live), 1_000), KeyCheck::Expired);
        assert_eq!(keys.check(Some(REPORT_API_KEY), 500), KeyCheck::Valid);
        assert_eq!(
            keys.check(Some(EXPIRED_REPORT_API_KEY), 0),
            KeyCheck::Expired
        );
        assert_eq!(keys.check(Some("guess"), 0), KeyCheck::Unknown);
        assert_eq!(keys.check(None, 0), KeyCheck::Unknown);
    }
}
