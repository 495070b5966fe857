//! `ClientConfig`: what an `OfferClient` is built from. Every field but `base_url` has a
//! default, so `ClientConfig(baseUrl = "https://…")` is enough. Values are converted to the
//! core's types here and nothing more: the core says which values it refuses (a value out of
//! its bounds fails `OfferClient(…)` with `InvalidArgument`, whose `fields` hold one entry,
//! path `["config"]`, naming each such setting as the record spells it: `timeoutMs`,
//! `cacheTtlMs`, … in Swift and Kotlin), so the bounds are the same in every binding. Only a
//! negative number, which the core's unsigned types cannot hold, is refused here.

use std::collections::HashMap;
use std::fmt;
use std::time::Duration;

use crate::error::{FieldError, OfferError};
use crate::setting_names::SettingNames;

/// Configuration of an `OfferClient`.
#[derive(Clone, PartialEq, Eq, uniffi::Record)]
pub struct ClientConfig {
    /// Base address of the service, e.g. `https://offers.example.com` (may carry a path
    /// prefix). `https://` always; `http://` only to loopback or with `allow_insecure_http`.
    pub base_url: String,
    /// Timeout of one attempt, whole body included, in milliseconds (never more than what is
    /// left of `deadline_ms`). Also bounds the wait for the token provider. 1 to 86400000
    /// (24 h); otherwise `InvalidArgument` naming `timeoutMs`.
    #[uniffi(default = 10000)]
    pub timeout_ms: i64,
    /// Bound of a whole call, in milliseconds: every attempt, retry, backoff, `Retry-After`
    /// wait and the wait for the token provider. The longest any call takes; past it the call
    /// fails with `Timeout`. A `Retry-After` that would end after it is not waited for: the
    /// call fails at once with the service's error and its `retry_after_secs`. 1 to 86400000
    /// (24 h); otherwise `InvalidArgument` naming `deadlineMs`.
    #[uniffi(default = 30000)]
    pub deadline_ms: i64,
    /// Most pages a pager walks before it fails with `Decode` (a walk also ends when a cursor
    /// repeats or a listing page number does not grow). At least 1; otherwise
    /// `InvalidArgument` naming `maxPages`.
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
    /// 10; otherwise `InvalidArgument` naming `maxRetries`.
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
    /// otherwise `InvalidArgument` naming `cacheTtlMs`.
    #[uniffi(default)]
    pub cache_ttl_ms: Option<i64>,
    /// Oldest cached answer returned (marked stale) when a refresh fails with a network,
    /// timeout, server (5xx) or rate-limited (429) error; 0: never. Used only with
    /// `cache_ttl_ms`. 0 to 86400000 (24 h); otherwise `InvalidArgument` naming
    /// `cacheMaxStaleMs`.
    #[uniffi(default = 3600000)]
    pub cache_max_stale_ms: i64,
}

/// Checks `config` as `OfferClient(config)` does, naming every setting out of bounds by
/// `names` (a record field as Swift spells it, `timeoutMs`, → the caller's name, `timeout`;
/// a field not in it keeps the record's name). For layers over these bindings whose settings
/// have names of their own; `OfferClient(config)` itself names the record's fields.
#[uniffi::export]
pub fn check_client_config(
    config: ClientConfig,
    names: HashMap<String, String>,
) -> Result<(), OfferError> {
    let names = SettingNames::new(names);
    let core = config.into_core(&names)?;
    core.validate_named(&|setting| names.of_setting(setting))?;
    Ok(())
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
    /// unsigned types cannot hold, naming the setting as `names` says.
    pub(crate) fn into_core(
        self,
        names: &SettingNames,
    ) -> Result<offerkit::ClientConfig, OfferError> {
        let millis = |field: &str, ms: i64| {
            u64::try_from(ms)
                .map(Duration::from_millis)
                .map_err(|_| negative(&names.of_field(field), ms))
        };
        let count = |field: &str, n: i32| {
            u32::try_from(n).map_err(|_| negative(&names.of_field(field), n.into()))
        };
        let mut config = offerkit::ClientConfig::new(self.base_url)
            .with_timeout(millis("timeoutMs", self.timeout_ms)?);
        config.deadline = millis("deadlineMs", self.deadline_ms)?;
        config.max_pages = count("maxPages", self.max_pages)?;
        config.proxy = proxy(self.proxy_url);
        config.retry.max_retries = count("maxRetries", self.max_retries)?;
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
                ttl: millis("cacheTtlMs", ttl_ms)?,
                max_stale: millis("cacheMaxStaleMs", self.cache_max_stale_ms)?,
                ..offerkit::CacheConfig::default()
            });
        }
        Ok(config)
    }
}

/// A negative number for the setting `name`, in the shape of core's config errors: one field
/// entry, path `["config"]`.
fn negative(name: &str, value: i64) -> OfferError {
    let message = format!("{value} is negative");
    OfferError::InvalidArgument {
        detail: format!("invalid argument: {name}: {message}"),
        fields: vec![FieldError {
            path: vec!["config".to_owned()],
            arguments: HashMap::from([(name.to_owned(), vec![message])]),
        }],
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
        .into_core(&SettingNames::default())
        .expect("converts");
        assert_eq!(core.deadline, Duration::from_millis(2_500));
        assert_eq!(core.max_pages, 7);
        assert_eq!(
            core.proxy,
            offerkit::Proxy::Url("http://127.0.0.1:3128".into())
        );
        // No proxy given: direct, whatever the environment says.
        assert_eq!(
            defaults()
                .into_core(&SettingNames::default())
                .expect("converts")
                .proxy,
            offerkit::Proxy::None
        );
        // Zero is the core's to refuse, not the conversion's.
        let zero = ClientConfig {
            deadline_ms: 0,
            max_pages: 0,
            ..defaults()
        }
        .into_core(&SettingNames::default())
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
        .into_core(&SettingNames::default())
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
                "invalid argument: timeoutMs: -1 is negative",
            ),
            (
                ClientConfig {
                    deadline_ms: -1,
                    ..defaults()
                },
                "invalid argument: deadlineMs: -1 is negative",
            ),
            (
                ClientConfig {
                    max_pages: -1,
                    ..defaults()
                },
                "invalid argument: maxPages: -1 is negative",
            ),
            (
                ClientConfig {
                    max_retries: i32::MIN,
                    ..defaults()
                },
                "invalid argument: maxRetries: -2147483648 is negative",
            ),
            (
                ClientConfig {
                    cache_ttl_ms: Some(-5),
                    ..defaults()
                },
                "invalid argument: cacheTtlMs: -5 is negative",
            ),
            (
                ClientConfig {
                    cache_ttl_ms: Some(1),
                    cache_max_stale_ms: -1,
                    ..defaults()
                },
                "invalid argument: cacheMaxStaleMs: -1 is negative",
            ),
        ] {
            let err = bad
                .into_core(&SettingNames::default())
                .expect_err("negative");
            assert_eq!(err.kind(), crate::ErrorKind::InvalidArgument);
            assert_eq!(err.to_string(), format!("invalid_argument: {named}"));
        }
    }

    #[test]
    fn out_of_bounds_settings_are_named_by_the_record_or_by_the_caller() {
        let config = ClientConfig {
            timeout_ms: 0,
            max_retries: 11,
            cache_ttl_ms: Some(90_000_000),
            ..ClientConfig::for_tests("https://offers.example.com")
        };
        let named = |names: HashMap<String, String>| -> Vec<String> {
            match check_client_config(config.clone(), names) {
                Err(OfferError::InvalidArgument { fields, .. }) => {
                    let mut names: Vec<String> = fields[0].arguments.keys().cloned().collect();
                    names.sort();
                    names
                }
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(
            named(HashMap::new()),
            ["cacheTtlMs", "maxRetries", "timeoutMs"]
        );
        let python = HashMap::from([
            ("timeoutMs".to_owned(), "timeout".to_owned()),
            ("cacheTtlMs".to_owned(), "cache_ttl".to_owned()),
            ("maxRetries".to_owned(), "max_retries".to_owned()),
        ]);
        assert_eq!(named(python), ["cache_ttl", "max_retries", "timeout"]);
    }

    #[test]
    fn a_negative_number_is_named_too() {
        let config = ClientConfig {
            deadline_ms: -1,
            ..ClientConfig::for_tests("https://offers.example.com")
        };
        let names = HashMap::from([("deadlineMs".to_owned(), "deadline".to_owned())]);
        match check_client_config(config, names) {
            Err(OfferError::InvalidArgument { detail, fields }) => {
                assert_eq!(fields[0].path, ["config"]);
                assert!(fields[0].arguments.contains_key("deadline"), "{fields:?}");
                assert!(detail.contains("deadline"), "{detail}");
            }
            other => panic!("{other:?}"),
        }
    }
}
