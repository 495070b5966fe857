//! Everything an [`crate::OfferClient`] is built from, with the defaults the docs promise.
//!
//! A plain struct (not a builder type) so the C ABI and the uniffi bindings can fill it from
//! their own config records field by field.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use crate::cache::CacheConfig;
use crate::executor::HttpExecutor;
use crate::proxy::Proxy;
use crate::retry::RetryPolicy;
use crate::token::{AccessToken, AccessTokenProvider, TokenNeeded};

/// Default timeout of one attempt (whole request, body included).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
/// Default deadline of a whole call: attempts, backoff, `Retry-After` waits, the token wait.
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(30);
/// Default most pages one pager walk follows.
pub const DEFAULT_MAX_PAGES: u32 = 1000;
/// Default cap on a response body.
pub const DEFAULT_MAX_BODY_BYTES: usize = 16 * 1024 * 1024;
/// Default margin before expiry at which a token is refreshed.
pub const DEFAULT_TOKEN_SKEW: Duration = Duration::from_secs(60);

/// Configuration of an [`crate::OfferClient`]. Start from [`ClientConfig::new`].
#[derive(Clone)]
#[non_exhaustive]
pub struct ClientConfig {
    /// Base address of the service; may carry a path prefix (requests go to
    /// `{base_url}/v1/...`). `https://` always; `http://` only for loopback hosts or with
    /// `allow_insecure_http`.
    pub base_url: String,
    /// Timeout of one attempt, body included. Default 10 s (never more than what remains of
    /// the deadline).
    pub timeout: Duration,
    /// Bound of a whole call — every attempt, backoff, `Retry-After` wait and the wait for a
    /// host's token — after which it fails with `timeout`. A `Retry-After` that would end
    /// after it is not waited for: the call fails at once with the service's `retry_after`.
    /// Default 30 s: the longest any call (and any blocking call of a binding) takes.
    pub deadline: Duration,
    /// Most pages a pager walks (`PlayerOffersPager`, `ListingPager`) before it ends with a
    /// `decode` error; a walk also ends when a cursor repeats or a page number does not grow.
    /// Default 1,000.
    pub max_pages: u32,
    /// How requests reach the service: directly ([`Proxy::None`], the default of client
    /// builds), through the environment's `HTTPS_PROXY`/`NO_PROXY` ([`Proxy::System`], the
    /// default with the `server` feature), or through one proxy ([`Proxy::Url`]).
    pub proxy: Proxy,
    /// Connection set-up timeout. Default 5 s.
    pub connect_timeout: Duration,
    /// Retries of reads on 502/503/504, connection errors and timeouts.
    pub retry: RetryPolicy,
    /// `User-Agent` header. Default `offerkit/<version>`.
    pub user_agent: String,
    /// Extra trusted root certificates, PEM text (each may hold several certificates).
    pub extra_root_pem: Vec<String>,
    /// Allow plain `http://` to hosts other than loopback (never for production).
    pub allow_insecure_http: bool,
    /// Largest accepted response body; larger ones fail with `decode`. Default 16 MiB.
    pub max_body_bytes: usize,
    /// Refresh the token when it expires within this margin. Default 60 s.
    pub token_refresh_skew: Duration,
    /// How long to wait for the token provider. Default: the request timeout.
    pub token_provider_timeout: Option<Duration>,
    /// An access token to start with (it can be replaced at any time on the client).
    pub access_token: Option<AccessToken>,
    /// Asked for a token when there is none, ahead of expiry, and once after a 401.
    pub token_provider: Option<Arc<dyn AccessTokenProvider>>,
    /// For hosts that answer by calling `set_access_token` (now or later, from any thread)
    /// instead of returning a future: called at the same moments as `token_provider`, then the
    /// request waits up to the provider timeout. Ignored when `token_provider` is set.
    pub token_needed: Option<TokenNeeded>,
    /// Response cache for `offers`, `links` and the listing (with stale-if-error and request
    /// coalescing). Off by default; `Some(CacheConfig::default())` is the recommended setting
    /// for games (5-minute TTL, the refresh cadence the service asks for).
    pub cache: Option<CacheConfig>,
    /// Carries the requests through the host's HTTP stack (a platform's network API, Unity's
    /// `UnityWebRequest`, Unreal's HTTP module) instead of the built-in one; required in builds
    /// without the `reqwest` feature. The stack then owns proxies, extra roots and the connect
    /// timeout: with an executor, [`Proxy::Url`] and `extra_root_pem` are refused and
    /// `connect_timeout` is not used. See [`crate::HttpExecutor`] for its contract.
    pub executor: Option<Arc<dyn HttpExecutor>>,
}

impl ClientConfig {
    /// Defaults for everything but the base address.
    pub fn new(base_url: impl Into<String>) -> Self {
        ClientConfig {
            base_url: base_url.into(),
            timeout: DEFAULT_TIMEOUT,
            deadline: DEFAULT_DEADLINE,
            max_pages: DEFAULT_MAX_PAGES,
            proxy: Proxy::default(),
            connect_timeout: Duration::from_secs(5),
            retry: RetryPolicy::default(),
            user_agent: concat!("offerkit/", env!("CARGO_PKG_VERSION")).to_string(),
            extra_root_pem: Vec::new(),
            allow_insecure_http: false,
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            token_refresh_skew: DEFAULT_TOKEN_SKEW,
            token_provider_timeout: None,
            access_token: None,
            token_provider: None,
            token_needed: None,
            cache: None,
            executor: None,
        }
    }

    /// Sets the starting access token (its JWT `exp` is read).
    pub fn with_access_token(mut self, token: impl Into<String>) -> Self {
        self.access_token = Some(AccessToken::new(token));
        self
    }

    /// Sets the token provider.
    pub fn with_token_provider(mut self, provider: impl AccessTokenProvider) -> Self {
        self.token_provider = Some(Arc::new(provider));
        self
    }

    /// Sets the timeout of one attempt.
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Sets the deadline of a whole call.
    pub fn with_deadline(mut self, deadline: Duration) -> Self {
        self.deadline = deadline;
        self
    }

    /// Carries the requests with `executor` (see [`ClientConfig::executor`]).
    pub fn with_executor(mut self, executor: impl HttpExecutor) -> Self {
        self.executor = Some(Arc::new(executor));
        self
    }

    /// Sets the retry policy.
    pub fn with_retry(mut self, retry: RetryPolicy) -> Self {
        self.retry = retry;
        self
    }
}

impl fmt::Debug for ClientConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ClientConfig")
            .field("base_url", &self.base_url)
            .field("timeout", &self.timeout)
            .field("deadline", &self.deadline)
            .field("max_pages", &self.max_pages)
            .field("proxy", &self.proxy)
            .field("connect_timeout", &self.connect_timeout)
            .field("retry", &self.retry)
            .field("user_agent", &self.user_agent)
            .field("extra_root_pem", &self.extra_root_pem.len())
            .field("allow_insecure_http", &self.allow_insecure_http)
            .field("max_body_bytes", &self.max_body_bytes)
            .field("token_refresh_skew", &self.token_refresh_skew)
            .field("access_token", &self.access_token)
            .field("token_provider", &self.token_provider.is_some())
            .field("token_needed", &self.token_needed.is_some())
            .field("cache", &self.cache)
            .field("executor", &self.executor.is_some())
            .finish()
    }
}
