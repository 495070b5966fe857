//! The client's token state machine: the current token, when to ask the host for a new one,
//! and the single-flight lock that makes concurrent requests share one ask.
//!
//! Kept apart from the public token types (`token.rs`) because none of it is public: hosts
//! only see its effects (one provider call for many requests, a refusal failing every waiter,
//! a timeout naming the host).

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::error::{Error, ErrorKind, Result};
use crate::runtime;
use crate::token::{AccessToken, AccessTokenProvider, TokenNeeded, TokenReason};

/// Where a new token comes from.
#[derive(Clone)]
pub(crate) enum Source {
    None,
    Provider(Arc<dyn AccessTokenProvider>),
    Notify(TokenNeeded),
}

/// The client's token state: the current token, where new ones come from, and the
/// single-flight lock that makes concurrent callers share one provider call.
pub(crate) struct Tokens {
    current: Mutex<Option<AccessToken>>,
    /// Bumped by every `set`, so a notified host's answer can be awaited.
    generation: tokio::sync::watch::Sender<u64>,
    source: Source,
    refresh: tokio::sync::Mutex<()>,
    /// A notified host's "no token this time" (see [`Tokens::refuse`]).
    refusal: Mutex<Option<String>>,
    /// Failed asks so far and the last failure: callers that queued behind a failed ask get
    /// its error instead of asking again one after another (each waiting a full timeout).
    failures: std::sync::atomic::AtomicU64,
    last_failure: Mutex<Option<Error>>,
    skew: Duration,
    provider_timeout: Duration,
}

impl Tokens {
    pub(crate) fn new(
        initial: Option<AccessToken>,
        source: Source,
        skew: Duration,
        provider_timeout: Duration,
    ) -> Self {
        Tokens {
            current: Mutex::new(initial),
            generation: tokio::sync::watch::Sender::new(0),
            source,
            refresh: tokio::sync::Mutex::new(()),
            refusal: Mutex::new(None),
            failures: std::sync::atomic::AtomicU64::new(0),
            last_failure: Mutex::new(None),
            skew,
            provider_timeout,
        }
    }

    /// A notified host cannot supply a token now: the requests waiting for one fail at once
    /// with `unauthorized` and `reason`, instead of waiting out the provider timeout. Does
    /// nothing when no request is waiting.
    pub(crate) fn refuse(&self, reason: &str) {
        *self.refusal.lock().unwrap_or_else(PoisonError::into_inner) = Some(reason.to_owned());
        self.generation.send_modify(|g| *g = g.wrapping_add(1));
    }

    fn failures(&self) -> u64 {
        self.failures.load(std::sync::atomic::Ordering::Acquire)
    }

    /// The error of an ask that failed since `seen` was read, if one did.
    fn failed_since(&self, seen: u64) -> Option<Error> {
        if self.failures() == seen {
            return None;
        }
        self.last_failure
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Asks the source, remembering a failure for the callers queued behind this ask.
    async fn ask_shared(&self, reason: TokenReason) -> Result<AccessToken> {
        let result = self.ask(reason).await;
        if let Err(err) = &result {
            *self
                .last_failure
                .lock()
                .unwrap_or_else(PoisonError::into_inner) = Some(err.clone());
            self.failures
                .fetch_add(1, std::sync::atomic::Ordering::AcqRel);
        }
        result
    }

    pub(crate) fn set(&self, token: Option<AccessToken>) {
        *self.current.lock().unwrap_or_else(PoisonError::into_inner) = token;
        self.generation.send_modify(|g| *g = g.wrapping_add(1));
    }

    fn current(&self) -> Option<AccessToken> {
        self.current
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn fresh(&self) -> Option<AccessToken> {
        self.current().filter(|t| !t.expires_within(self.skew))
    }

    /// A token to send: the current one while it is fresh, otherwise one from the provider.
    pub(crate) async fn get(&self) -> Result<AccessToken> {
        if let Some(token) = self.fresh() {
            return Ok(token);
        }
        if matches!(self.source, Source::None) {
            // No provider: an expiring token is still worth sending; the service decides.
            return self.current().ok_or_else(|| {
                Error::new(
                    ErrorKind::Unauthorized,
                    "no access token: set one or configure an access token provider",
                )
            });
        }
        let seen = self.failures();
        let _single_flight = self.refresh.lock().await;
        if let Some(token) = self.fresh() {
            return Ok(token); // another caller refreshed while we waited
        }
        let current = self.current();
        let reason = match current {
            None => TokenReason::Missing,
            Some(_) => TokenReason::Expiring,
        };
        let asked = match self.failed_since(seen) {
            Some(err) => Err(err), // the ask we queued behind failed: same answer, no new ask
            None => self.ask_shared(reason).await,
        };
        match asked {
            Ok(token) => Ok(token),
            Err(err) => match current {
                // Refreshing early failed but the old token still works: use it.
                Some(old) if !old.expires_within(Duration::ZERO) => {
                    tracing::warn!(error = %err, "access token refresh ahead of expiry failed; using the current token");
                    Ok(old)
                }
                _ => Err(err),
            },
        }
    }

    /// After a 401 for `rejected`: a replacement token, or `None` when there is no provider.
    pub(crate) async fn replace_rejected(
        &self,
        rejected: &AccessToken,
    ) -> Result<Option<AccessToken>> {
        if matches!(self.source, Source::None) {
            return Ok(None);
        }
        let seen = self.failures();
        let _single_flight = self.refresh.lock().await;
        if let Some(token) = self.fresh() {
            if token.secret() != rejected.secret() {
                return Ok(Some(token)); // already replaced by a concurrent caller
            }
        }
        if let Some(err) = self.failed_since(seen) {
            return Err(err);
        }
        self.ask_shared(TokenReason::Rejected).await.map(Some)
    }

    /// Asks the source for a token (bounded by the provider timeout) and stores it.
    async fn ask(&self, reason: TokenReason) -> Result<AccessToken> {
        tracing::debug!(
            reason = reason.as_str(),
            "asking the host for an access token"
        );
        let timed_out = || {
            Error::new(
                ErrorKind::Timeout,
                format!(
                    "the host did not supply an access token within {:?}",
                    self.provider_timeout
                ),
            )
        };
        let token = match &self.source {
            Source::None => return Err(Error::new(ErrorKind::Unauthorized, "no token source")),
            Source::Provider(provider) => {
                runtime::timeout(self.provider_timeout, provider.access_token(reason))
                    .await
                    .map_err(|_| timed_out())??
            }
            Source::Notify(needed) => {
                let mut changes = self.generation.subscribe();
                changes.mark_unchanged();
                // A refusal meant for an earlier ask does not answer this one.
                self.refusal
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .take();
                needed(reason);
                runtime::timeout(self.provider_timeout, changes.changed())
                    .await
                    .map_err(|_| timed_out())?
                    .map_err(|_| Error::new(ErrorKind::Internal, "token state closed"))?;
                let refused = self
                    .refusal
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .take();
                if let Some(why) = refused {
                    return Err(Error::new(
                        ErrorKind::Unauthorized,
                        format!("the host could not supply an access token: {why}"),
                    ));
                }
                self.current().ok_or_else(|| {
                    Error::new(ErrorKind::Unauthorized, "the host cleared the access token")
                })?
            }
        };
        if token.secret().is_empty() {
            return Err(Error::new(
                ErrorKind::Unauthorized,
                "the access token provider returned an empty token",
            ));
        }
        if matches!(self.source, Source::Provider(_)) {
            self.set(Some(token.clone()));
        }
        Ok(token)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::OnceLock;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A token state without a token, refreshing 60 s ahead, asking `source`.
    fn tokens(source: Source, provider_timeout: Duration) -> Tokens {
        Tokens::new(None, source, Duration::from_secs(60), provider_timeout)
    }

    /// A token state whose notified host is `host`, called with the state itself (as a host's
    /// callback reaches its client) and the reason.
    fn notified(
        provider_timeout: Duration,
        host: impl Fn(Arc<Tokens>, TokenReason) + Send + Sync + 'static,
    ) -> Arc<Tokens> {
        let slot: Arc<OnceLock<Arc<Tokens>>> = Arc::new(OnceLock::new());
        let handle = slot.clone();
        let needed: TokenNeeded =
            Arc::new(move |reason| host(handle.get().unwrap().clone(), reason));
        let state = Arc::new(tokens(Source::Notify(needed), provider_timeout));
        assert!(slot.set(state.clone()).is_ok());
        state
    }

    /// `n` concurrent `get` calls, each in its own task.
    fn spawn_gets(
        tokens: &Arc<Tokens>,
        n: usize,
    ) -> Vec<tokio::task::JoinHandle<Result<AccessToken>>> {
        (0..n)
            .map(|_| {
                let tokens = tokens.clone();
                tokio::spawn(async move { tokens.get().await })
            })
            .collect()
    }

    /// A token state without a token whose provider counts its calls, takes `delay` and
    /// answers `answer`; and the count.
    fn counted_provider(
        delay: Duration,
        answer: Result<AccessToken>,
    ) -> (Arc<Tokens>, Arc<AtomicUsize>) {
        let calls = Arc::new(AtomicUsize::new(0));
        let counter = calls.clone();
        let provider = move |reason: TokenReason| {
            let (counter, answer) = (counter.clone(), answer.clone());
            async move {
                assert_eq!(reason, TokenReason::Missing);
                counter.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(delay).await;
                answer
            }
        };
        let source = Source::Provider(Arc::new(provider));
        (Arc::new(tokens(source, Duration::from_secs(5))), calls)
    }

    #[tokio::test]
    async fn concurrent_callers_share_one_provider_call() {
        let fresh = Ok(AccessToken::new("fresh"));
        let (tokens, calls) = counted_provider(Duration::from_millis(20), fresh);
        for task in spawn_gets(&tokens, 10) {
            assert_eq!(task.await.unwrap().unwrap().secret(), "fresh");
        }
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn slow_provider_times_out_with_a_typed_error() {
        let provider = |_reason: TokenReason| async {
            tokio::time::sleep(Duration::from_secs(10)).await;
            Ok(AccessToken::new("late"))
        };
        let tokens = tokens(
            Source::Provider(Arc::new(provider)),
            Duration::from_millis(50),
        );
        let err = tokens.get().await.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Timeout);
    }

    #[tokio::test]
    async fn no_token_and_no_provider_is_unauthorized() {
        let tokens = tokens(Source::None, Duration::from_secs(1));
        assert_eq!(
            tokens.get().await.unwrap_err().kind(),
            ErrorKind::Unauthorized
        );
    }

    #[tokio::test]
    async fn notified_host_can_answer_later_from_another_thread() {
        let state = notified(Duration::from_secs(5), |state, reason| {
            assert_eq!(reason, TokenReason::Missing);
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(30));
                state.set(Some(AccessToken::new("late-but-fine")));
            });
        });
        assert_eq!(state.get().await.unwrap().secret(), "late-but-fine");
    }

    #[tokio::test]
    async fn notified_host_that_never_answers_times_out() {
        let state = tokens(Source::Notify(Arc::new(|_| {})), Duration::from_millis(50));
        assert_eq!(state.get().await.unwrap_err().kind(), ErrorKind::Timeout);
    }

    #[tokio::test]
    async fn notified_host_answering_inside_the_call_is_seen() {
        let state = notified(Duration::from_millis(500), |state, _| {
            state.set(Some(AccessToken::new("at-once")));
        });
        assert_eq!(state.get().await.unwrap().secret(), "at-once");
    }

    #[tokio::test]
    async fn notified_host_can_refuse_and_waiters_fail_at_once() {
        let calls = Arc::new(AtomicUsize::new(0));
        let counter = calls.clone();
        let state = notified(Duration::from_secs(30), move |state, _| {
            counter.fetch_add(1, Ordering::SeqCst);
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(30));
                state.refuse("backend said no");
            });
        });
        let started = std::time::Instant::now();
        for waiter in spawn_gets(&state, 5) {
            let err = waiter.await.unwrap().unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Unauthorized);
            assert!(err.to_string().contains("backend said no"), "{err}");
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "refused, not timed out"
        );
        assert_eq!(calls.load(Ordering::SeqCst), 1, "one ask for all five");
    }

    #[tokio::test]
    async fn a_stale_refusal_does_not_answer_a_later_ask() {
        let state = notified(Duration::from_secs(5), |state, _| {
            state.set(Some(AccessToken::new("good")));
        });
        state.refuse("nobody was waiting");
        assert_eq!(state.get().await.unwrap().secret(), "good");
    }

    #[tokio::test]
    async fn callers_queued_behind_a_failed_provider_call_share_its_error() {
        let unreachable = Err(Error::new(ErrorKind::Network, "backend unreachable"));
        let (tokens, calls) = counted_provider(Duration::from_millis(50), unreachable);
        for task in spawn_gets(&tokens, 6) {
            let err = task.await.unwrap().unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Network, "{err}");
        }
        assert_eq!(calls.load(Ordering::SeqCst), 1);
        // A later caller asks again.
        assert!(tokens.get().await.is_err());
        assert_eq!(calls.load(Ordering::SeqCst), 2);
    }
}
