//! The optional replay window on a postback's `timestamp`.
//!
//! Off by default: the ledger already makes a replayed conversion harmless (it is credited
//! once, whatever its timestamp), while a window refuses legitimate late deliveries — the
//! sender's retries after a receiver or database outage longer than the window — and those
//! are rewards lost. A backend that wants one anyway sets it well above its longest expected
//! outage. A postback outside it is `unauthorized` (401), the kind the service gives an
//! expired credential: the signature is genuine but no longer accepted.

use std::time::Duration;

use crate::error::{Error, ErrorKind, Result};

/// Accept timestamps from `max_age` ago up to `max_skew` ahead of the receiver's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplayWindow {
    /// How old a timestamp may be: the sender's retries must arrive within it.
    pub max_age: Duration,
    /// Clock difference tolerated for timestamps in the future (default 5 minutes).
    pub max_skew: Duration,
}

impl ReplayWindow {
    /// A window of `max_age` back, with the default 5 minutes of skew ahead.
    pub fn new(max_age: Duration) -> ReplayWindow {
        ReplayWindow {
            max_age,
            max_skew: Duration::from_secs(300),
        }
    }

    /// `Ok` when `timestamp` (Unix seconds) is inside the window at `now` (Unix seconds).
    pub fn check(&self, timestamp: i64, now: i64) -> Result<()> {
        let secs = |d: Duration| i64::try_from(d.as_secs()).unwrap_or(i64::MAX);
        let age = now.saturating_sub(timestamp);
        let ahead = timestamp.saturating_sub(now);
        if age > secs(self.max_age) || ahead > secs(self.max_skew) {
            return Err(Error::new(
                ErrorKind::Unauthorized,
                format!(
                    "the postback's timestamp {timestamp} is outside the replay window \
                     ({}s back, {}s ahead of {now})",
                    self.max_age.as_secs(),
                    self.max_skew.as_secs()
                ),
            )
            .with_status(401));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inside_and_outside() {
        let window = ReplayWindow::new(Duration::from_secs(3600));
        let now = 1_732_406_400;
        assert!(window.check(now, now).is_ok());
        assert!(window.check(now - 3600, now).is_ok());
        assert!(window.check(now + 300, now).is_ok());
        let old = window.check(now - 3601, now).unwrap_err();
        assert_eq!(
            (old.kind(), old.http_status()),
            (ErrorKind::Unauthorized, Some(401))
        );
        assert!(window.check(now + 301, now).is_err());
        assert!(window.check(i64::MIN, now).is_err());
        assert!(window.check(i64::MAX, now).is_err());
    }
}
