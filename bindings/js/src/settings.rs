//! The client's settings as JavaScript gives them (`OfferClientOptions` in ts/src/types.ts,
//! as JSON; the functions — token provider, fetch — travel beside it) turned into core's
//! `ClientConfig`. Values are converted, not judged: core checks every bound and names each
//! setting out of bounds in JavaScript's words (`maxRetries`, `cache.maxStale`).

use std::time::Duration;

use serde::Deserialize;
use wasm_bindgen::JsValue;

use crate::failure;

/// Every setting, in milliseconds where it is a time.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Settings {
    access_token: Option<String>,
    timeout: Option<f64>,
    deadline: Option<f64>,
    token_provider_timeout: Option<f64>,
    token_refresh_skew: Option<f64>,
    max_retries: Option<u32>,
    max_pages: Option<u32>,
    max_body_bytes: Option<usize>,
    user_agent: Option<String>,
    allow_insecure_http: Option<bool>,
    cache: Option<Cache>,
}

/// `cache: true` (the recommended settings) or the settings themselves.
#[derive(Deserialize)]
#[serde(untagged)]
enum Cache {
    On(bool),
    Settings(CacheSettings),
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CacheSettings {
    ttl: Option<f64>,
    max_stale: Option<f64>,
    max_entries: Option<usize>,
}

/// `json` (the settings object as JSON text) as core's configuration for `base_url`.
pub(crate) fn read(base_url: &str, json: &str) -> Result<offerkit::ClientConfig, JsValue> {
    let settings: Settings = serde_json::from_str(json)
        .map_err(|e| failure::invalid_argument("config", "options", &e.to_string()))?;
    let mut config = offerkit::ClientConfig::new(base_url);
    if let Some(token) = settings.access_token.filter(|t| !t.is_empty()) {
        config = config.with_access_token(token);
    }
    if let Some(ms) = settings.timeout {
        config.timeout = millis("timeout", ms)?;
    }
    if let Some(ms) = settings.deadline {
        config.deadline = millis("deadline", ms)?;
    }
    if let Some(ms) = settings.token_provider_timeout {
        config.token_provider_timeout = Some(millis("tokenProviderTimeout", ms)?);
    }
    if let Some(ms) = settings.token_refresh_skew {
        config.token_refresh_skew = millis("tokenRefreshSkew", ms)?;
    }
    if let Some(n) = settings.max_retries {
        config.retry.max_retries = n;
    }
    if let Some(n) = settings.max_pages {
        config.max_pages = n;
    }
    if let Some(n) = settings.max_body_bytes {
        config.max_body_bytes = n;
    }
    if let Some(agent) = settings.user_agent {
        config.user_agent = agent;
    }
    if let Some(allow) = settings.allow_insecure_http {
        config.allow_insecure_http = allow;
    }
    config.cache = match settings.cache {
        None | Some(Cache::On(false)) => None,
        Some(Cache::On(true)) => Some(offerkit::CacheConfig::default()),
        Some(Cache::Settings(s)) => {
            let mut cache = offerkit::CacheConfig::default();
            if let Some(ms) = s.ttl {
                cache.ttl = millis("cache.ttl", ms)?;
            }
            if let Some(ms) = s.max_stale {
                cache.max_stale = millis("cache.maxStale", ms)?;
            }
            if let Some(n) = s.max_entries {
                cache.max_entries = n;
            }
            Some(cache)
        }
    };
    Ok(config)
}

/// Core's name of a setting in JavaScript's words: `retry.max_retries` is `maxRetries`,
/// `cache.max_stale` is `cache.maxStale`.
pub(crate) fn js_name(core_name: &str) -> String {
    match core_name {
        "retry.max_retries" => "maxRetries".to_string(),
        other => other
            .split('.')
            .map(camel_case)
            .collect::<Vec<_>>()
            .join("."),
    }
}

fn camel_case(snake: &str) -> String {
    let mut out = String::with_capacity(snake.len());
    let mut upper = false;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// Milliseconds as a duration; negative, or beyond any duration there is, is refused here
/// (core refuses what is out of its bounds).
fn millis(name: &str, ms: f64) -> Result<Duration, JsValue> {
    Duration::try_from_secs_f64(ms / 1000.0).map_err(|_| {
        failure::invalid_argument(
            "config",
            name,
            &format!("must be a number of milliseconds from 0, not {ms}"),
        )
    })
}
