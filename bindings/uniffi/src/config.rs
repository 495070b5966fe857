//! `ClientConfig`: what an `OfferClient` is built from. Every field but `base_url` has a
//! default, so `ClientConfig(baseUrl = "https://…")` is enough. Values are converted to the
//! core's types here and nothing more: the core says which values it refuses (a value out of
//! its bounds fails `OfferClient(…)` with `InvalidArgument`, whose `fields` hold one entry,
//! path `["config"]`, naming each such setting), so the bounds are the same in every binding.
//! Only a negative number, which the core's unsigned types cannot hold, is refused here.

use std::fmt;
use std::time::Duration;

use crate::error::OfferError;

/// Configuration of an `OfferClient`.
#[derive(Clone, PartialEq, Eq, uniffi::Record)]
pub struct ClientConfig {
    /// Base address of the service, e.g. `https://offers.example.com` (may carry a path
    /// prefix). `https://` always; `http://` only to loopback or with `allow_insecure_http`.
    pub base_url: String,
    /// Timeout of one attempt, whole body included, in milliseconds (never more than what is
    /// left of `deadline_ms`). Also bounds the wait for the token provider. 1 to 86400000
    /// (24 h); otherwise `InvalidArgument` naming `timeout`.
    #[uniffi(default = 10000)]
    pub timeout_ms: i64,
    /// Bound of a whole call, in milliseconds: every attempt, retry, backoff, `Retry-After`
    /// wait and the wait for the token provider. The longest any call takes; past it the call
    /// fails with `Timeout`. A `Retry-After` that would end after it is not waited for: the
    /// call fails at once with the service's error and its `retry_after_secs`. 1 to 86400000
    /// (24 h); otherwise `InvalidArgument` naming `deadline`.
    #[uniffi(default = 30000)]
    pub deadline_ms: i64,
    /// Most pages a pager walks before it fails with `Decode` (a walk also ends when a cursor
    /// repeats or a listing page number does not grow). At least 1; otherwise
    /// `InvalidArgument` naming `max_pages`.
    #[uniffi(default = 1000)]
    pub max_pages: i32,
    /// Send every request through this proxy: `http://[user:password@]host:port` (or
    /// `https://`). Null (default): direct connections. The environment (`HTTPS_PROXY`,
    /// `NO_PROXY`, …) is never read: a game would inherit whatever the player's machine or a
    /// console's shell has set, and an unexpected proxy there would see or break every
    /// request. An app that wants the system's proxy passes it here.
    #[uniffi(default)]
    pub proxy_url: Option<String>,
    /// Retries of a read after 502/503/504, a broken connection or a timeout (0: none). 0 to
    /// 10; otherwise `InvalidArgument` naming `retry.max_retries`.
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
    /// Recommended: 300000 (the refresh cadence the service asks for). 0 to 86400000 (24 h);
    /// otherwise `InvalidArgument` naming `cache.ttl`.
    #[uniffi(default)]
    pub cache_ttl_ms: Option<i64>,
    /// Oldest cached answer returned (marked stale) when a refresh fails with a network,
    /// timeout or server error; 0: never. Used only with `cache_ttl_ms`. 0 to 86400000
    /// (24 h); otherwise `InvalidArgument` naming `cache.max_stale`.
    #[uniffi(default = 3600000)]
    pub cache_max_stale_ms: i64,
}

/// Never shows the access token or a proxy's credentials.
impl fmt::Debug for ClientConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secret = |set: bool| if set { "<set>" } else { "<none>" };
        f.debug_struct("ClientConfig")
            .field("base_url", &self.base_url)
            .field("timeout_ms", &self.timeout_ms)
            .field("deadline_ms", &self.deadline_ms)
            .field("max_pages", &self.max_pages)
            .field("proxy", &proxy(self.proxy_url.clone()))
            .field("max_retries", &self.max_retries)
            .field("extra_root_pem", &self.extra_root_pem.len())
            .field("allow_insecure_http", &self.allow_insecure_http)
            .field("access_token", &secret(self.access_token.is_some()))
            .field("user_agent", &self.user_agent)
            .field("cache_ttl_ms", &self.cache_ttl_ms)
            .field("cache_max_stale_ms", &self.cache_max_stale_ms)
            .finish()
    }
}

fn proxy(url: Option<String>) -> offerkit::Proxy {
    url.map_or(offerkit::Proxy::None, offerkit::Proxy::Url)
}

impl ClientConfig {
    /// The core's config, values converted and not judged (the core checks them when the
    /// client is built); `invalid_argument` only for a negative number, which the core's
    /// unsigned types cannot hold.
    pub(crate) fn into_core(self) -> Result<offerkit::ClientConfig, OfferError> {
        let mut config = offerkit::ClientConfig::new(self.base_url)
            .with_timeout(millis("timeout_ms", self.timeout_ms)?);
        config.deadline = millis("deadline_ms", self.deadline_ms)?;
        config.max_pages = count("max_pages", self.max_pages)?;
        config.proxy = proxy(self.proxy_url);
        config.retry.max_retries = count("max_retries", self.max_retries)?;
        config.extra_root_pem = self.extra_root_pem;
        config.allow_insecure_http = self.allow_insecure_http;
        if let Some(token) = self.access_token {
            config = config.with_access_token(token);
        }
        if let Some(user_agent) = self.user_agent {
            config.user_agent = user_agent;
        }
        if let Some(ttl_ms) = self.cache_ttl_ms {
            config.cache = Some(offerkit::CacheConfig {
                ttl: millis("cache_ttl_ms", ttl_ms)?,
                max_stale: millis("cache_max_stale_ms", self.cache_max_stale_ms)?,
                ..offerkit::CacheConfig::default()
            });
        }
        Ok(config)
    }
}

/// `ms` milliseconds as a duration.
fn millis(name: &str, ms: i64) -> Result<Duration, OfferError> {
    u64::try_from(ms)
        .map(Duration::from_millis)
        .map_err(|_| negative(name, ms))
}

/// `n` as the core's unsigned count.
fn count(name: &str, n: i32) -> Result<u32, OfferError> {
    u32::try_from(n).map_err(|_| negative(name, n.into()))
}

fn negative(name: &str, value: i64) -> OfferError {
    OfferError::InvalidArgument {
        detail: format!("{name} must not be negative, got {value}"),
        fields: Vec::new(),
    }
}

/// The record's defaults (what the foreign constructors fill in) for Rust unit tests.
#[cfg(test)]
impl ClientConfig {
    pub(crate) fn for_tests(base_url: &str) -> Self {
        ClientConfig {
            base_url: base_url.into(),
            timeout_ms: 10_000,
            deadline_ms: 30_000,
            max_pages: 1000,
            proxy_url: None,
            max_retries: 2,
            extra_root_pem: Vec::new(),
            allow_insecure_http: false,
            access_token: None,
            user_agent: None,
            cache_ttl_ms: None,
            cache_max_stale_ms: 3_600_000,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defaults() -> ClientConfig {
        ClientConfig::for_tests("https://offers.example.com")
    }

    #[test]
    fn debug_never_shows_the_token_or_proxy_credentials() {
        let config = ClientConfig {
            access_token: Some("eyJ.secret-token.sig".into()),
            proxy_url: Some("http://alice:hunter2@proxy.example.com:3128".into()),
            ..defaults()
        };
        let shown = format!("{config:?}");
        for secret in ["secret-token", "alice", "hunter2"] {
            assert!(!shown.contains(secret), "{secret} in {shown}");
        }
        assert!(shown.contains("proxy.example.com:3128"), "{shown}");
        let unparsable = ClientConfig {
            proxy_url: Some("http://bob:pw@[bad".into()),
            ..defaults()
        };
        assert!(!format!("{unparsable:?}").contains("pw"));
    }

    #[test]
    fn values_reach_the_core_unchanged() {
        let core = ClientConfig {
            deadline_ms: 2_500,
            max_pages: 7,
            proxy_url: Some("http://127.0.0.1:3128".into()),
            ..defaults()
        }
        .into_core()
        .expect("converts");
        assert_eq!(core.deadline, Duration::from_millis(2_500));
        assert_eq!(core.max_pages, 7);
        assert_eq!(
            core.proxy,
            offerkit::Proxy::Url("http://127.0.0.1:3128".into())
        );
        // No proxy given: direct, whatever the environment says.
        assert_eq!(
            defaults().into_core().expect("converts").proxy,
            offerkit::Proxy::None
        );
        // Zero is the core's to refuse, not the conversion's.
        let zero = ClientConfig {
            deadline_ms: 0,
            max_pages: 0,
            ..defaults()
        }
        .into_core()
        .expect("converts");
        assert_eq!((zero.deadline, zero.max_pages), (Duration::ZERO, 0));
    }

    #[test]
    fn values_out_of_the_cores_bounds_convert_unchanged() {
        let core = ClientConfig {
            timeout_ms: 0,
            deadline_ms: i64::MAX,
            max_retries: 11,
            cache_ttl_ms: Some(90_000_000),
            cache_max_stale_ms: 0,
            ..defaults()
        }
        .into_core()
        .expect("converts");
        assert_eq!(core.timeout, Duration::ZERO);
        assert_eq!(core.deadline, Duration::from_millis(i64::MAX as u64));
        assert_eq!(core.retry.max_retries, 11);
        let cache = core.cache.expect("cache");
        assert_eq!(
            (cache.ttl, cache.max_stale),
            (Duration::from_millis(90_000_000), Duration::ZERO)
        );
    }

    #[test]
    fn negative_numbers_fail_the_conversion() {
        for (bad, named) in [
            (
                ClientConfig {
                    timeout_ms: -1,
                    ..defaults()
                },
                "timeout_ms must not be negative, got -1",
            ),
            (
                ClientConfig {
                    deadline_ms: -1,
                    ..defaults()
                },
                "deadline_ms must not be negative, got -1",
            ),
            (
                ClientConfig {
                    max_pages: -1,
                    ..defaults()
                },
                "max_pages must not be negative, got -1",
            ),
            (
                ClientConfig {
                    max_retries: i32::MIN,
                    ..defaults()
                },
                "max_retries must not be negative, got -2147483648",
            ),
            (
                ClientConfig {
                    cache_ttl_ms: Some(-5),
                    ..defaults()
                },
                "cache_ttl_ms must not be negative, got -5",
            ),
            (
                ClientConfig {
                    cache_ttl_ms: Some(1),
                    cache_max_stale_ms: -1,
                    ..defaults()
                },
                "cache_max_stale_ms must not be negative, got -1",
            ),
        ] {
            let err = bad.into_core().expect_err("negative");
            assert_eq!(err.kind(), crate::ErrorKind::InvalidArgument);
            assert_eq!(err.to_string(), format!("invalid_argument: {named}"));
        }
    }
}
