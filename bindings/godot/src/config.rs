//! `configure(base_url, settings)`: the settings dictionary as core's `ClientConfig`, plus the
//! two choices only Godot has (how tokens are asked for, which HTTP stack carries the bytes).
//! Durations are seconds (int or float), as everywhere in Godot. Values are converted, not
//! judged: a value out of core's bounds fails `configure` with core's `INVALID_ARGUMENT`
//! naming each such setting (path `["config"]`), so the bounds are the same in every binding.

use godot::prelude::*;

use crate::failure::Failure;
use crate::settings::Settings;

/// Every key `configure` takes.
pub(crate) const KEYS: &[&str] = &[
    "access_token",
    "token_provider",
    "token_signal",
    "token_provider_timeout",
    "timeout",
    "deadline",
    "max_retries",
    "max_pages",
    "proxy_url",
    "user_agent",
    "extra_root_pem",
    "allow_insecure_http",
    "cache_ttl",
    "cache_max_stale",
    "http",
];

/// Where the client's HTTP requests go out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HttpStack {
    /// offerkit's own (rustls), on its runtime thread: desktop and mobile.
    Builtin,
    /// Godot's `HTTPRequest` nodes, on the main thread (Web, consoles, the engine's TLS).
    Godot,
}

/// A configuration read from GDScript.
pub(crate) struct Read {
    pub(crate) core: offerkit::ClientConfig,
    /// `token_provider`: called with the reason; returns (or awaits to) the token.
    pub(crate) provider: Option<Callable>,
    /// `token_signal`: emit `token_needed(reason)` and wait for `set_access_token`.
    pub(crate) token_signal: bool,
    pub(crate) http: HttpStack,
}

pub(crate) fn read(base_url: &str, dict: &VarDictionary) -> Result<Read, Failure> {
    let s = Settings::new(dict, "config", KEYS)?;
    let mut core = offerkit::ClientConfig::new(base_url);
    if let Some(token) = s.string("access_token")?
        && !token.is_empty()
    {
        core = core.with_access_token(token);
    }
    if let Some(timeout) = s.seconds("timeout")? {
        core.timeout = timeout;
    }
    if let Some(deadline) = s.seconds("deadline")? {
        core.deadline = deadline;
    }
    core.token_provider_timeout = s.seconds("token_provider_timeout")?;
    if let Some(n) = s.int("max_retries")? {
        core.retry.max_retries = count("max_retries", n)?;
    }
    if let Some(n) = s.int("max_pages")? {
        core.max_pages = count("max_pages", n)?;
    }
    if let Some(url) = s.string("proxy_url")? {
        core.proxy = offerkit::Proxy::Url(url);
    }
    if let Some(agent) = s.string("user_agent")? {
        core.user_agent = agent;
    }
    if let Some(pems) = s.strings("extra_root_pem")? {
        core.extra_root_pem = pems;
    }
    if let Some(allow) = s.boolean("allow_insecure_http")? {
        core.allow_insecure_http = allow;
    }
    if let Some(ttl) = s.seconds("cache_ttl")? {
        let mut cache = offerkit::CacheConfig {
            ttl,
            ..offerkit::CacheConfig::default()
        };
        if let Some(max_stale) = s.seconds("cache_max_stale")? {
            cache.max_stale = max_stale;
        }
        core.cache = Some(cache);
    }
    let http = match s.string("http")?.as_deref() {
        None | Some("builtin") => HttpStack::Builtin,
        Some("godot") => HttpStack::Godot,
        Some(other) => {
            return Err(Failure::invalid_argument(
                "config",
                "http",
                format!("must be \"builtin\" or \"godot\", not {other:?}"),
            ));
        }
    };
    Ok(Read {
        core,
        provider: s.callable("token_provider")?,
        token_signal: s.boolean("token_signal")?.unwrap_or(false),
        http,
    })
}

fn count(name: &str, n: i64) -> Result<u32, Failure> {
    u32::try_from(n).map_err(|_| {
        Failure::invalid_argument("config", name, format!("must be at least 0, not {n}"))
    })
}
