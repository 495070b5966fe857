//! `ClientConfig`: what an `OfferClient` is built from. Every field but `base_url` has a
//! default, so `ClientConfig(baseUrl = "https://…")` is enough.

use std::time::Duration;

use crate::error::OfferError;

/// Configuration of an `OfferClient`.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ClientConfig {
    /// Base address of the service, e.g. `https://offers.example.com` (may carry a path
    /// prefix). `https://` always; `http://` only to loopback or with `allow_insecure_http`.
    pub base_url: String,
    /// Timeout of one attempt, whole body included, in milliseconds. Also bounds the wait
    /// for the token provider.
    #[uniffi(default = 10000)]
    pub timeout_ms: i64,
    /// Retries of a read after 502/503/504, a broken connection or a timeout (0: none).
    #[uniffi(default = 2)]
    pub max_retries: i32,
    /// Extra trusted root certificates, PEM text (each may hold several certificates), on
    /// top of the built-in web PKI roots.
    #[uniffi(default)]
    pub extra_root_pem: Vec<String>,
    /// Allow plain `http://` to hosts other than loopback. Never for production.
    #[uniffi(default)]
    pub allow_insecure_http: bool,
    /// An access token to start with; replace it any time with `set_access_token`.
    #[uniffi(default)]
    pub access_token: Option<String>,
    /// `User-Agent` header; default `offerkit/<version>`.
    #[uniffi(default)]
    pub user_agent: Option<String>,
    /// Turns on the response cache for `offers` (see `offers_cached`): answers younger than
    /// this are served from memory, identical concurrent calls share one request, and outages
    /// are bridged with the last good answer marked stale. Null (default): no cache.
    /// Recommended: 300000 (the refresh cadence the service asks for).
    #[uniffi(default)]
    pub cache_ttl_ms: Option<i64>,
    /// Oldest cached answer returned (marked stale) when a refresh fails with a network,
    /// timeout or server error; 0: never. Used only with `cache_ttl_ms`.
    #[uniffi(default = 3600000)]
    pub cache_max_stale_ms: i64,
}

impl ClientConfig {
    /// The core's config; `invalid_argument` for a timeout below 1 ms or negative retries.
    pub(crate) fn into_core(self) -> Result<offerkit::ClientConfig, OfferError> {
        let invalid = |detail: String| OfferError::InvalidArgument {
            detail,
            fields: Vec::new(),
        };
        let timeout_ms = u64::try_from(self.timeout_ms)
            .ok()
            .filter(|ms| *ms > 0)
            .ok_or_else(|| {
                invalid(format!(
                    "timeout_ms must be at least 1, got {}",
                    self.timeout_ms
                ))
            })?;
        let max_retries = u32::try_from(self.max_retries).map_err(|_| {
            invalid(format!(
                "max_retries must not be negative, got {}",
                self.max_retries
            ))
        })?;
        let mut config = offerkit::ClientConfig::new(self.base_url)
            .with_timeout(Duration::from_millis(timeout_ms));
        config.retry.max_retries = max_retries;
        config.extra_root_pem = self.extra_root_pem;
        config.allow_insecure_http = self.allow_insecure_http;
        if let Some(token) = self.access_token {
            config = config.with_access_token(token);
        }
        if let Some(user_agent) = self.user_agent {
            config.user_agent = user_agent;
        }
        if let Some(ttl_ms) = self.cache_ttl_ms {
            let millis = |name: &str, ms: i64| {
                u64::try_from(ms)
                    .map(Duration::from_millis)
                    .map_err(|_| invalid(format!("{name} must not be negative, got {ms}")))
            };
            config.cache = Some(offerkit::CacheConfig {
                ttl: millis("cache_ttl_ms", ttl_ms)?,
                max_stale: millis("cache_max_stale_ms", self.cache_max_stale_ms)?,
                ..offerkit::CacheConfig::default()
            });
        }
        Ok(config)
    }
}
