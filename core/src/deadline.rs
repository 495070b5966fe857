//! The one bound over a whole call: every attempt, backoff, `Retry-After` wait and the wait
//! for a host's token happen before it, so a call (and a blocking call of a binding) never
//! takes longer than its deadline, whatever the service or the host does.

use std::future::Future;
use std::time::Duration;

use crate::error::{Error, ErrorKind, Result};
use crate::runtime::{self, Instant};

/// When a call must be over.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Deadline {
    at: Instant,
    budget: Duration,
}

impl Deadline {
    /// A deadline `budget` from now.
    pub(crate) fn after(budget: Duration) -> Self {
        let now = Instant::now();
        Deadline {
            at: now
                .checked_add(budget)
                .unwrap_or(now + Duration::from_secs(86_400 * 365)),
            budget,
        }
    }

    /// Time left (zero once passed).
    pub(crate) fn remaining(&self) -> Duration {
        self.at.saturating_duration_since(Instant::now())
    }

    /// The `timeout` error of a call that ran out of time.
    pub(crate) fn passed(&self) -> Error {
        Error::new(
            ErrorKind::Timeout,
            format!(
                "the call did not finish within its deadline of {} (attempts, retries, \
                 Retry-After waits and the token wait included)",
                seconds(self.budget)
            ),
        )
    }

    /// Runs `call`, failing with [`Deadline::passed`] if it is not done in time. A call that
    /// timed out on its own once the deadline had passed (an attempt bounded by the time left,
    /// whose executor's timer fired before this one) fails the same way, keeping the status
    /// its attempt had: whichever timer fires first, the error says the deadline ended it.
    pub(crate) async fn bound<T>(&self, call: impl Future<Output = Result<T>>) -> Result<T> {
        match runtime::timeout_at(self.at, call).await {
            Err(_) => Err(self.passed()),
            Ok(Err(e)) if e.kind() == ErrorKind::Timeout && Instant::now() >= self.at => {
                Err(match e.http_status() {
                    Some(status) => self.passed().with_status(status),
                    None => self.passed(),
                })
            }
            Ok(outcome) => outcome,
        }
    }
}

/// `2.5 s`, `30 s`, `0.25 s`.
pub(crate) fn seconds(d: Duration) -> String {
    let text = format!("{:.3}", d.as_secs_f64());
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text} s")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_timeout_of_its_own_once_the_deadline_passed_is_the_deadline() {
        let deadline = Deadline::after(Duration::from_millis(30));
        let err = deadline
            .bound(async {
                // An attempt whose own timer (the time left) fires first, after a status.
                std::thread::sleep(Duration::from_millis(40));
                Err::<(), _>(
                    Error::new(ErrorKind::Timeout, "the executor timed out").with_status(200),
                )
            })
            .await
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Timeout);
        assert!(err.message().contains("deadline of 0.03 s"), "{err}");
        assert_eq!(err.http_status(), Some(200));
        let early = Deadline::after(Duration::from_secs(60))
            .bound(async { Err::<(), _>(Error::new(ErrorKind::Timeout, "the attempt timed out")) })
            .await
            .unwrap_err();
        assert_eq!(
            early.message(),
            "the attempt timed out",
            "before the deadline, the attempt's own"
        );
    }

    #[tokio::test]
    async fn a_call_past_its_deadline_is_a_timeout() {
        let deadline = Deadline::after(Duration::from_millis(30));
        let err = deadline
            .bound(async {
                tokio::time::sleep(Duration::from_secs(5)).await;
                Ok(())
            })
            .await
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Timeout);
        assert!(err.message().contains("deadline of 0.03 s"), "{err}");
        assert_eq!(deadline.remaining(), Duration::ZERO);
    }

    #[test]
    fn seconds_are_short() {
        assert_eq!(seconds(Duration::from_secs(30)), "30 s");
        assert_eq!(seconds(Duration::from_millis(2500)), "2.5 s");
        assert!(seconds(Duration::MAX).ends_with(" s"));
    }
}
