//! The one home of every limit on a [`ClientConfig`]: what each setting may be, checked once
//! when a client is built.
//!
//! Every front end (the C ABI, the uniffi bindings, the CLI) converts its values to a
//! `ClientConfig` and nothing more; the client refuses what is out of bounds here, naming every
//! failing setting at once, so a limit can never differ between languages. A front end whose
//! settings have names of their own (Python's `cache_ttl` for core's `cache.ttl`) checks with
//! [`ClientConfig::validate_named`], so its users read the names they wrote.

use std::time::Duration;

use crate::config::ClientConfig;
use crate::error::{Error, FieldError, Result};

/// Longest time setting accepted (timeouts, deadline, token wait, backoff, cache ages): one day.
pub const MAX_DURATION: Duration = Duration::from_secs(24 * 60 * 60);
/// Most retries of one call a client may be configured with.
pub const MAX_RETRIES: u32 = 10;

/// The path of every field entry of a config error: the setting is named as the argument.
const PATH: &str = "config";

/// Every name [`ClientConfig::validate`] may report, one per setting with a bound.
pub const SETTING_NAMES: [&str; 14] = [
    "timeout",
    "connect_timeout",
    "deadline",
    "token_provider_timeout",
    "token_refresh_skew",
    "retry.initial_backoff",
    "retry.max_backoff",
    "retry.max_retry_after",
    "retry.max_retries",
    "cache.ttl",
    "cache.max_stale",
    "cache.max_entries",
    "max_pages",
    "max_body_bytes",
];

impl ClientConfig {
    /// Checks every setting against its bounds (times of 1 ms to 24 h, at most
    /// [`MAX_RETRIES`] retries, at least one page and one body byte, …):
    /// one `invalid_argument` error whose field entries (path `["config"]`) name each setting
    /// out of bounds by the names of [`SETTING_NAMES`]. [`crate::OfferClient::new`] runs it;
    /// front ends need not check anything themselves.
    pub fn validate(&self) -> Result<()> {
        check(self, &|name| name.to_owned())
    }

    /// [`ClientConfig::validate`] in a front end's words: `name` turns each of
    /// [`SETTING_NAMES`] into the front end's own name for that setting, which the error's
    /// field entries and message then use (a message that mentions another setting too).
    pub fn validate_named(&self, name: &dyn Fn(&str) -> String) -> Result<()> {
        check(self, name)
    }
}

/// Every setting of `config` that is out of bounds, as one `invalid_argument` error whose field
/// entries (path `["config"]`) name each setting as `name` calls it.
fn check(config: &ClientConfig, name: &dyn Fn(&str) -> String) -> Result<()> {
    let mut field = Named {
        field: FieldError::new(&[PATH]),
        name,
    };
    let positive = [
        ("timeout", Some(config.timeout)),
        ("connect_timeout", Some(config.connect_timeout)),
        ("deadline", Some(config.deadline)),
        ("token_provider_timeout", config.token_provider_timeout),
    ];
    for (name, value) in positive {
        if let Some(value) = value
            && !(Duration::from_millis(1)..=MAX_DURATION).contains(&value)
        {
            field.add(
                name,
                format!("{} is not between 1 ms and 24 h", shown(value)),
            );
        }
    }
    let retry = &config.retry;
    let mut at_most_a_day = vec![
        ("token_refresh_skew", config.token_refresh_skew),
        ("retry.initial_backoff", retry.initial_backoff),
        ("retry.max_backoff", retry.max_backoff),
        ("retry.max_retry_after", retry.max_retry_after),
    ];
    if let Some(cache) = &config.cache {
        at_most_a_day.push(("cache.ttl", cache.ttl));
        at_most_a_day.push(("cache.max_stale", cache.max_stale));
        if cache.max_entries == 0 {
            field.add("cache.max_entries", "0 is not at least 1");
        }
    }
    for (name, value) in at_most_a_day {
        if value > MAX_DURATION {
            field.add(name, format!("{} is more than 24 h", shown(value)));
        }
    }
    if retry.initial_backoff > retry.max_backoff {
        let message = format!(
            "{} is more than {} ({})",
            shown(retry.initial_backoff),
            name("retry.max_backoff"),
            shown(retry.max_backoff)
        );
        field.add("retry.initial_backoff", message);
    }
    if retry.max_retries > MAX_RETRIES {
        field.add(
            "retry.max_retries",
            format!("{} is more than {MAX_RETRIES}", retry.max_retries),
        );
    }
    if config.max_pages == 0 {
        field.add("max_pages", "0 is not at least 1");
    }
    if config.max_body_bytes == 0 {
        field.add("max_body_bytes", "0 is not at least 1");
    }
    if field.field.is_empty() {
        Ok(())
    } else {
        Err(Error::invalid_arguments(vec![field.field]))
    }
}

/// A config error's field entry whose arguments are named by the front end's `name`.
struct Named<'a> {
    field: FieldError,
    name: &'a dyn Fn(&str) -> String,
}

impl Named<'_> {
    fn add(&mut self, setting: &str, message: impl Into<String>) {
        debug_assert!(SETTING_NAMES.contains(&setting), "{setting} is not listed");
        self.field.add(&(self.name)(setting), message);
    }
}

/// A duration as a setting shows it: whole milliseconds, the unit every front end sets.
fn shown(value: Duration) -> String {
    format!("{} ms", value.as_millis())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cache::CacheConfig;
    use crate::error::ErrorKind;

    fn base() -> ClientConfig {
        ClientConfig::new("https://offers.example.com")
    }

    /// The messages per setting of the error `config` gives.
    fn refused(config: &ClientConfig) -> Vec<(String, Vec<String>)> {
        let error = config.validate().expect_err("refused");
        assert_eq!(error.kind(), ErrorKind::InvalidArgument);
        assert_eq!(error.fields().len(), 1);
        assert_eq!(error.fields()[0].path, vec!["config".to_string()]);
        error.fields()[0]
            .arguments
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    #[test]
    fn the_defaults_and_the_bounds_themselves_are_accepted() {
        base().validate().expect("defaults");
        let mut edge = base();
        edge.timeout = Duration::from_millis(1);
        edge.connect_timeout = MAX_DURATION;
        edge.deadline = MAX_DURATION;
        edge.token_provider_timeout = Some(Duration::from_millis(1));
        edge.retry.max_retries = MAX_RETRIES;
        edge.retry.initial_backoff = Duration::ZERO;
        edge.retry.max_backoff = MAX_DURATION;
        edge.max_pages = 1;
        edge.max_body_bytes = 1;
        edge.cache = Some(CacheConfig {
            ttl: Duration::ZERO,
            max_entries: 1,
            max_stale: MAX_DURATION,
        });
        edge.validate().expect("every value on a bound");
    }

    #[test]
    fn zero_times_are_refused_with_the_setting_named() {
        let mut config = base();
        config.timeout = Duration::ZERO;
        assert_eq!(
            refused(&config),
            vec![(
                "timeout".to_string(),
                vec!["0 ms is not between 1 ms and 24 h".to_string()]
            )]
        );
    }

    #[test]
    fn every_failing_setting_is_named_in_one_error() {
        let mut config = base();
        config.deadline = Duration::from_secs(86_401);
        config.retry.max_retries = 11;
        config.retry.initial_backoff = Duration::from_secs(6);
        config.max_pages = 0;
        config.max_body_bytes = 0;
        config.cache = Some(CacheConfig {
            ttl: Duration::from_secs(90_000),
            max_entries: 0,
            max_stale: Duration::ZERO,
        });
        let names: Vec<String> = refused(&config).into_iter().map(|(name, _)| name).collect();
        assert_eq!(
            names,
            [
                "cache.max_entries",
                "cache.ttl",
                "deadline",
                "max_body_bytes",
                "max_pages",
                "retry.initial_backoff",
                "retry.max_retries",
            ]
        );
        let error = config.validate().expect_err("refused");
        assert!(
            error
                .message()
                .contains("deadline: 86401000 ms is not between 1 ms and 24 h"),
            "{}",
            error.message()
        );
        assert!(
            error.message().contains(
                "retry.initial_backoff: 6000 ms is more than retry.max_backoff (5000 ms)"
            ),
            "{}",
            error.message()
        );
    }

    #[test]
    fn a_front_end_names_the_settings_in_its_own_words() {
        let mut config = base();
        config.timeout = Duration::ZERO;
        config.retry.initial_backoff = Duration::from_secs(6);
        config.cache = Some(CacheConfig {
            ttl: Duration::from_secs(90_000),
            ..CacheConfig::default()
        });
        let ours = |name: &str| match name {
            "timeout" => "timeoutMs".to_owned(),
            "cache.ttl" => "cacheTtlMs".to_owned(),
            "retry.initial_backoff" => "initialBackoffMs".to_owned(),
            "retry.max_backoff" => "maxBackoffMs".to_owned(),
            other => other.to_owned(),
        };
        let error = config.validate_named(&ours).expect_err("refused");
        let names: Vec<&String> = error.fields()[0].arguments.keys().collect();
        assert_eq!(names, ["cacheTtlMs", "initialBackoffMs", "timeoutMs"]);
        assert!(
            error
                .message()
                .contains("initialBackoffMs: 6000 ms is more than maxBackoffMs (5000 ms)"),
            "{}",
            error.message()
        );
        assert!(
            !error.message().contains("cache.ttl"),
            "{}",
            error.message()
        );
    }

    #[test]
    fn every_setting_out_of_bounds_is_one_of_the_listed_names() {
        let mut config = base();
        config.timeout = Duration::ZERO;
        config.connect_timeout = Duration::ZERO;
        config.deadline = Duration::ZERO;
        config.token_provider_timeout = Some(Duration::ZERO);
        config.token_refresh_skew = MAX_DURATION * 2;
        config.retry.initial_backoff = MAX_DURATION * 3;
        config.retry.max_backoff = MAX_DURATION * 2;
        config.retry.max_retry_after = MAX_DURATION * 2;
        config.retry.max_retries = MAX_RETRIES + 1;
        config.max_pages = 0;
        config.max_body_bytes = 0;
        config.cache = Some(CacheConfig {
            ttl: MAX_DURATION * 2,
            max_entries: 0,
            max_stale: MAX_DURATION * 2,
        });
        let mut names: Vec<String> = refused(&config).into_iter().map(|(name, _)| name).collect();
        let mut listed: Vec<String> = SETTING_NAMES.iter().map(|s| s.to_string()).collect();
        names.sort();
        listed.sort();
        assert_eq!(
            names, listed,
            "every listed name can be reported, and only those"
        );
    }
}
