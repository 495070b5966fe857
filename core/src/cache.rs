//! The optional response cache: TTL, a size bound, stale-if-error and request coalescing.
//!
//! The service asks clients to refresh offers every few minutes, not in real time, while games
//! ask for them from many UI places at once and on flaky networks. With a cache configured,
//! identical requests within the TTL are answered from memory without touching the network,
//! concurrent identical requests share one HTTP request, and when a refresh fails with a
//! network, timeout, 5xx or 429 error the last good answer is returned marked stale (up to a
//! maximum age). Errors that say the request itself is wrong (any other 4xx, a redirect,
//! GraphQL errors) or that the answer is malformed are never hidden: a wrong base URL must not
//! hide behind old data.
//!
//! Entries hold the successful response body, keyed by the full request (method, address,
//! GraphQL document and variables), so one mechanism serves every cached query.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use bytes::Bytes;
use futures_util::FutureExt;
use futures_util::future::{BoxFuture, Shared, WeakShared};

use crate::error::{Error, ErrorKind, Result};
use crate::runtime::Instant;

/// Settings of the response cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheConfig {
    /// How long an answer is served from memory. Default 5 minutes.
    pub ttl: Duration,
    /// Most entries kept; the least recently used is evicted. Default 256.
    pub max_entries: usize,
    /// Oldest answer returned (marked stale) when a refresh fails with a network, timeout,
    /// 5xx or 429 error. Zero disables stale-if-error. Default 1 hour.
    pub max_stale: Duration,
}

impl Default for CacheConfig {
    fn default() -> Self {
        CacheConfig {
            ttl: Duration::from_secs(300),
            max_entries: 256,
            max_stale: Duration::from_secs(3600),
        }
    }
}

/// A result and where it came from.
#[derive(Debug, Clone)]
pub struct Fetched<T> {
    /// The answer, decoded as if it had just arrived.
    pub value: T,
    /// Served from memory (fresh within the TTL, or stale).
    pub from_cache: bool,
    /// Served from memory because a refresh failed; `refresh_error` says why.
    pub stale: bool,
    /// Age of the answer (zero when it came from the network just now).
    pub age: Duration,
    /// The failure that made a stale answer necessary.
    pub refresh_error: Option<Error>,
    /// The HTTP status the answer arrived with (a cached one: the status it had then), so that
    /// a pager that refuses the answer can say which response it refused.
    pub(crate) http_status: u16,
}

impl<T> Fetched<T> {
    pub(crate) fn network(value: T, http_status: u16) -> Self {
        Fetched {
            value,
            from_cache: false,
            stale: false,
            age: Duration::ZERO,
            refresh_error: None,
            http_status,
        }
    }
}

/// An HTTP status and a complete body.
pub(crate) type Answer = (u16, Bytes);

type SharedBody = Shared<BoxFuture<'static, Result<Answer>>>;

struct Entry {
    player_id: String,
    status: u16,
    body: Bytes,
    stored: Instant,
    used: u64,
}

pub(crate) struct Cache {
    config: CacheConfig,
    entries: Mutex<Entries>,
    in_flight: Mutex<HashMap<String, WeakShared<BoxFuture<'static, Result<Answer>>>>>,
}

#[derive(Default)]
struct Entries {
    map: HashMap<String, Entry>,
    clock: u64,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Failures after which a stale answer is better than none: the service could not be
/// reached or is overloaded (`server` is 5xx only; other statuses are `rejected`).
fn worth_serving_stale(kind: ErrorKind) -> bool {
    matches!(
        kind,
        ErrorKind::Network | ErrorKind::Timeout | ErrorKind::Server | ErrorKind::RateLimited
    )
}

impl Cache {
    pub(crate) fn new(config: CacheConfig) -> Self {
        Cache {
            config,
            entries: Mutex::new(Entries::default()),
            in_flight: Mutex::new(HashMap::new()),
        }
    }

    /// The body for `key`: from memory while fresh, else from `fetch` (shared with concurrent
    /// identical requests), else — on a network, timeout or server failure — the last good
    /// body if it is young enough. `decode` turns a body into the value; only bodies that
    /// decode are stored.
    pub(crate) async fn get<T, F, Fut>(
        &self,
        key: String,
        player_id: &str,
        fetch: F,
        decode: impl Fn(&[u8]) -> Result<T>,
    ) -> Result<Fetched<T>>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Answer>> + Send + 'static,
    {
        if let Some((status, body, age)) = self.lookup(&key, self.config.ttl) {
            return Ok(Fetched {
                value: decode(&body).map_err(|e| e.or_status(status))?,
                from_cache: true,
                stale: false,
                age,
                refresh_error: None,
                http_status: status,
            });
        }
        let outcome = self.shared(&key, fetch).await;
        let error = match outcome {
            Ok((status, body)) => {
                let value = decode(&body).map_err(|e| e.or_status(status))?;
                self.store(key, player_id, status, body);
                return Ok(Fetched::network(value, status));
            }
            Err(error) => error,
        };
        if worth_serving_stale(error.kind()) && !self.config.max_stale.is_zero() {
            if let Some((status, body, age)) = self.lookup(&key, self.config.max_stale) {
                tracing::warn!(error = %error, age_secs = age.as_secs(), "serving a stale cached answer");
                return Ok(Fetched {
                    value: decode(&body).map_err(|e| e.or_status(status))?,
                    from_cache: true,
                    stale: true,
                    age,
                    refresh_error: Some(error),
                    http_status: status,
                });
            }
        }
        Err(error)
    }

    /// Joins the in-flight request for `key` or starts one. The request lives while anyone
    /// awaits it: when every caller has gone, it is dropped (and the HTTP request aborted).
    async fn shared<F, Fut>(&self, key: &str, fetch: F) -> Result<Answer>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Answer>> + Send + 'static,
    {
        let shared: SharedBody = {
            let mut in_flight = lock(&self.in_flight);
            match in_flight.get(key).and_then(WeakShared::upgrade) {
                Some(running) => running,
                None => {
                    let started = fetch().boxed().shared();
                    if let Some(weak) = started.downgrade() {
                        in_flight.insert(key.to_string(), weak);
                    }
                    started
                }
            }
        };
        let outcome = shared.await;
        let mut in_flight = lock(&self.in_flight);
        if in_flight
            .get(key)
            .is_some_and(|weak| weak.upgrade().is_none_or(|s| s.peek().is_some()))
        {
            in_flight.remove(key);
        }
        outcome
    }

    fn lookup(&self, key: &str, max_age: Duration) -> Option<(u16, Bytes, Duration)> {
        let mut entries = lock(&self.entries);
        entries.clock += 1;
        let clock = entries.clock;
        let entry = entries.map.get_mut(key)?;
        let age = entry.stored.elapsed();
        if age > max_age {
            return None;
        }
        entry.used = clock;
        Some((entry.status, entry.body.clone(), age))
    }

    fn store(&self, key: String, player_id: &str, status: u16, body: Bytes) {
        if self.config.max_entries == 0 {
            return;
        }
        let mut entries = lock(&self.entries);
        entries.clock += 1;
        let used = entries.clock;
        entries.map.insert(
            key,
            Entry {
                player_id: player_id.to_string(),
                status,
                body,
                stored: Instant::now(),
                used,
            },
        );
        while entries.map.len() > self.config.max_entries {
            let oldest = entries
                .map
                .iter()
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| k.clone());
            match oldest {
                Some(k) => entries.map.remove(&k),
                None => break,
            };
        }
    }

    /// Forgets every answer for `player_id`.
    pub(crate) fn invalidate(&self, player_id: &str) {
        lock(&self.entries)
            .map
            .retain(|_, e| e.player_id != player_id);
    }

    /// Forgets every answer.
    pub(crate) fn clear(&self) {
        lock(&self.entries).map.clear();
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        lock(&self.entries).map.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn text(body: &[u8]) -> Result<String> {
        Ok(String::from_utf8_lossy(body).into_owned())
    }

    fn config(ttl_ms: u64) -> CacheConfig {
        CacheConfig {
            ttl: Duration::from_millis(ttl_ms),
            max_entries: 2,
            max_stale: Duration::from_secs(60),
        }
    }

    /// `get` whose fetch, if made, answers 200 with `body`.
    async fn get_ok(cache: &Cache, key: &str, player: &str, body: &'static str) -> Fetched<String> {
        let fetch = || async move { Ok((200, Bytes::from(body))) };
        cache.get(key.into(), player, fetch, text).await.unwrap()
    }

    /// `get` whose fetch, if made, fails with `kind`.
    async fn get_failing(cache: &Cache, kind: ErrorKind) -> Result<Fetched<String>> {
        let fetch = move || async move { Err(Error::new(kind, "no")) };
        cache.get("k".into(), "p", fetch, text).await
    }

    #[tokio::test]
    async fn fresh_answers_come_from_memory() {
        let cache = Cache::new(config(60_000));
        let first = get_ok(&cache, "k", "p", "one").await;
        assert!(!first.from_cache);
        let second = get_ok(&cache, "k", "p", "two").await;
        assert_eq!((second.value.as_str(), second.from_cache), ("one", true));
    }

    #[tokio::test]
    async fn size_bound_evicts_the_least_recently_used() {
        let cache = Cache::new(config(60_000));
        for key in ["a", "b"] {
            get_ok(&cache, key, "p", "x").await;
        }
        // Touch "a", then add "c": "b" goes.
        cache
            .get("a".into(), "p", || async { unreachable!() }, text)
            .await
            .unwrap();
        get_ok(&cache, "c", "p", "x").await;
        assert_eq!(cache.len(), 2);
        assert!(cache.lookup("a", Duration::MAX).is_some());
        assert!(cache.lookup("b", Duration::MAX).is_none());
    }

    #[tokio::test]
    async fn request_errors_are_never_hidden_but_outages_are() {
        let cache = Cache::new(config(0));
        get_ok(&cache, "k", "p", "good").await;
        let stale = get_failing(&cache, ErrorKind::Timeout).await.unwrap();
        assert!(stale.stale && stale.from_cache);
        assert_eq!(stale.value, "good");
        assert_eq!(stale.refresh_error.unwrap().kind(), ErrorKind::Timeout);
        for kind in [
            ErrorKind::Unauthorized,
            ErrorKind::Validation,
            ErrorKind::Forbidden,
            ErrorKind::Query,
            ErrorKind::Rejected,
            ErrorKind::Decode,
        ] {
            let err = get_failing(&cache, kind).await.unwrap_err();
            assert_eq!(err.kind(), kind);
        }
    }

    #[tokio::test]
    async fn concurrent_identical_requests_share_one_fetch() {
        let cache = Arc::new(Cache::new(config(0)));
        let calls = Arc::new(AtomicUsize::new(0));
        let tasks: Vec<_> = (0..10)
            .map(|_| {
                let (cache, calls) = (cache.clone(), calls.clone());
                tokio::spawn(async move {
                    cache
                        .get(
                            "k".into(),
                            "p",
                            move || async move {
                                calls.fetch_add(1, Ordering::SeqCst);
                                tokio::time::sleep(Duration::from_millis(50)).await;
                                Ok((200, Bytes::from("shared")))
                            },
                            text,
                        )
                        .await
                })
            })
            .collect();
        for task in tasks {
            assert_eq!(task.await.unwrap().unwrap().value, "shared");
        }
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn invalidate_and_clear_forget_answers() {
        let cache = Cache::new(config(60_000));
        for (key, player) in [("a", "p1"), ("b", "p2")] {
            get_ok(&cache, key, player, "x").await;
        }
        cache.invalidate("p1");
        assert!(cache.lookup("a", Duration::MAX).is_none());
        assert!(cache.lookup("b", Duration::MAX).is_some());
        cache.clear();
        assert_eq!(cache.len(), 0);
    }
}
