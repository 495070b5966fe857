//! The publisher reporting client: `GET {reporting_url}/v1/report` with the API key as bearer.
//!
//! The endpoint allows 10 requests per minute per key, so every attempt (retries included)
//! first takes a slot from a client-side [`RateLimiter`]: by default the call waits for one,
//! or it fails fast with `rate_limited` when configured so. A 429 from the server is
//! `rate_limited` with its `Retry-After`, and the key is held off for that long. Like every
//! call, a report ends within the HTTP settings' `deadline` (default 30 s): a slot that frees
//! later is not waited for, the call fails at once with `rate_limited` and the wait. Backends
//! that would rather wait out a whole window give the reporting client a longer deadline.
//!
//! The service's data is refreshed every 30 minutes: querying more often returns the same
//! numbers. Cache reports for up to 30 minutes (keyed by [`ReportQuery::encode`]) rather than
//! re-asking. Times are EST (UTC−5) and money is USD.
//!
//! ```no_run
//! # async fn demo() -> offerkit::Result<()> {
//! use offerkit::server::{ApiKey, EstDateTime, GroupBy, ReportClient, ReportConfig, ReportQuery};
//! let client = ReportClient::new(ReportConfig::new(
//!     "https://reporting.example.com",
//!     ApiKey::new(std::env::var("OFFERKIT_REPORT_API_KEY").unwrap_or_default()),
//! ))?;
//! let query = ReportQuery::builder()
//!     .group_by([GroupBy::Date, GroupBy::Country])
//!     .date_range(EstDateTime::parse("2025-03-01 00:00:00")?, EstDateTime::parse("2025-03-07 23:59:59")?)
//!     .countries(["US", "DE"])
//!     .build()?;
//! for row in client.report(&query).await? {
//!     println!("{:?} {:?} {:?}", row.date, row.country_name, row.payout);
//! }
//! # Ok(()) }
//! ```

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use crate::executor::Method;
use sha2::{Digest, Sha256};
use url::Url;

use super::exchange::redact_secret;
use super::rate_limit::{RateLimitMode, RateLimiter};
use super::report_query::ReportQuery;
use super::report_row::{ReportRow, decode_rows};
use super::secret::ApiKey;
use crate::config::ClientConfig;
use crate::deadline::Deadline;
use crate::error::{ErrorKind, Result};
use crate::status;
use crate::transport::{PlainRequest, Transport};

/// Settings of a [`ReportClient`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct ReportConfig {
    /// HTTP settings; its `base_url` is the reporting address (`{reporting_url}`). The
    /// token settings are not used.
    pub http: ClientConfig,
    /// The reporting API key, sent as the bearer token of every request.
    pub api_key: ApiKey,
    /// Wait for a free slot within the deadline (default) or fail fast with `rate_limited`.
    pub rate_limit: RateLimitMode,
    /// A limiter shared with other clients of the same key; default: a new 10-per-minute one.
    pub limiter: Option<Arc<RateLimiter>>,
}

impl ReportConfig {
    /// Settings for the reporting endpoint at `reporting_url` with `api_key`: default HTTP
    /// settings, waiting for a free rate-limit slot, a limiter of its own.
    pub fn new(reporting_url: impl Into<String>, api_key: impl Into<ApiKey>) -> Self {
        ReportConfig {
            http: ClientConfig::new(reporting_url),
            api_key: api_key.into(),
            rate_limit: RateLimitMode::Wait,
            limiter: None,
        }
    }

    /// Fail with `rate_limited` instead of waiting when the per-minute budget is spent.
    pub fn fail_fast(mut self) -> Self {
        self.rate_limit = RateLimitMode::FailFast;
        self
    }

    /// Shares `limiter` (e.g. with other clients of the same key).
    pub fn with_limiter(mut self, limiter: Arc<RateLimiter>) -> Self {
        self.limiter = Some(limiter);
        self
    }

    /// Replaces the HTTP settings, `base_url` included: it must be the reporting address.
    pub fn with_http(mut self, http: ClientConfig) -> Self {
        self.http = http;
        self
    }
}

/// A client of the reporting endpoint. Cheap to clone; clones share the limiter.
#[derive(Clone)]
pub struct ReportClient {
    inner: Arc<Inner>,
}

struct Inner {
    transport: Transport,
    url: Url,
    api_key: ApiKey,
    /// The limiter's key for this API key: a digest, so the limiter holds no copy of it.
    key_id: String,
    limiter: Arc<RateLimiter>,
    mode: RateLimitMode,
    /// Bound of one report call.
    deadline: Duration,
}

impl ReportClient {
    /// Fails with `invalid_argument` on a bad address or an empty API key.
    pub fn new(config: ReportConfig) -> Result<Self> {
        if config.api_key.is_empty() {
            return Err(crate::Error::new(
                ErrorKind::InvalidArgument,
                "the reporting API key is empty",
            ));
        }
        let transport = Transport::new(&config.http)?;
        let url = transport.url("v1/report")?;
        let digest = Sha256::digest(config.api_key.expose().as_bytes());
        let key_id = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
        Ok(ReportClient {
            inner: Arc::new(Inner {
                transport,
                url,
                api_key: config.api_key,
                key_id,
                limiter: config
                    .limiter
                    .unwrap_or_else(|| Arc::new(RateLimiter::reporting())),
                mode: config.rate_limit,
                deadline: config.http.deadline,
            }),
        })
    }

    /// The limiter this client takes its slots from.
    pub fn limiter(&self) -> &Arc<RateLimiter> {
        &self.inner.limiter
    }

    /// The rows of `query`. Each attempt takes a rate-limit slot; transient failures
    /// (502/503/504, connection errors, timeouts) are retried by the HTTP retry policy. The
    /// whole call — slot waits, attempts, retry waits — stays within the configured deadline:
    /// a slot that frees only after it fails the call at once with `rate_limited`.
    pub async fn report(&self, query: &ReportQuery) -> Result<Vec<ReportRow>> {
        let inner = &self.inner;
        let deadline = Deadline::after(inner.deadline);
        let mut url = inner.url.clone();
        url.set_query(Some(&query.encode()));
        let redact = |e| redact_secret(e, inner.api_key.expose());
        let (url, within) = (&url, &deadline);
        let attempts = inner.transport.retrying(
            "report request",
            Method::Get,
            url,
            within,
            |timeout| async move {
                inner
                    .limiter
                    .acquire_within(&inner.key_id, inner.mode, Some(within))
                    .await?;
                let request = PlainRequest {
                    bearer: Some(inner.api_key.expose()),
                    content_type: None,
                    body: None,
                };
                inner
                    .transport
                    .send_plain(Method::Get, url, request, timeout)
                    .await
            },
        );
        let response = deadline.bound(attempts).await.map_err(redact)?;
        if response.status == 429 {
            let wait = response.retry_after.unwrap_or(inner.limiter.window());
            inner.limiter.hold_off(&inner.key_id, wait);
        }
        let response = status::check(response).map_err(redact)?;
        decode_rows(&response.body).map_err(|e| e.or_status(response.status))
    }
}

impl fmt::Debug for ReportClient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ReportClient")
            .field("url", &self.inner.url.as_str())
            .field("api_key", &self.inner.api_key)
            .field("mode", &self.inner.mode)
            .field("limiter", &self.inner.limiter)
            .finish()
    }
}
