//! `OfferkitConfig`: a builder for everything a client is made from (core's `ClientConfig`
//! plus the delivery mode of completions). Make one with `offerkit_config_new`, adjust it with
//! the setters, pass it to `offerkit_client_new` (which copies it), free it with
//! `offerkit_config_free`. Not thread-safe: use a config from one thread at a time.
//!
//! The setters store what they are given, converting types only (milliseconds to durations,
//! strings copied); the bounds of every setting are core's (`ClientConfig::validate`), checked
//! once, all together, when `offerkit_client_new` makes a client. No number is a sentinel: 0
//! is a value like any other (a valid one where it means something, such as no retries or a
//! cache TTL of 0; refused by the bounds elsewhere). A setting that can be unset is unset by a
//! NULL string (proxy, access token, token-needed callback) or by its own `clear_` function
//! (token wait, cache).

use std::collections::HashMap;
use std::ffi::{c_char, c_void};
use std::time::Duration;

use offerkit::{AccessToken, CacheConfig, ClientConfig, Proxy, SETTING_NAMES};

use crate::boundary::fallible;
use crate::builtin_http;
use crate::client::OfferkitClient;
use crate::delivery::OfferkitDelivery;
use crate::error::OfferkitError;
use crate::failure::Failure;
use crate::handle::{Handle, free_handle};
use crate::http_executor::{
    ExecutorCallbacks, OfferkitHttpCancelCallback, OfferkitHttpExecuteCallback,
};
use crate::out::Out;
use crate::status::OfferkitStatus;
use crate::strings;
use crate::token_hook::{OfferkitTokenReason, TokenCallback};
use crate::user_data::UserData;

/// Asks the host for an access token for `client` (borrowed: valid during the call; the same
/// pointer `offerkit_client_new` handed out). The host answers by calling
/// `offerkit_client_set_access_token(client, …)` — inside this call, or later from any thread —
/// or, when it cannot get one, `offerkit_client_fail_token_request(client, …)` (waiting
/// requests then fail with `OFFERKIT_STATUS_UNAUTHORIZED` carrying its reason). Unanswered,
/// requests waiting for the token fail with `OFFERKIT_STATUS_TIMEOUT` after the token wait
/// (`offerkit_config_set_token_wait_ms`, default: the request timeout).
///
/// Where it runs: in thread delivery, on whichever thread needs the token (a library thread for
/// `_async` calls, the caller's thread for blocking calls). In poll delivery, always on a host
/// thread: an `_async` request's need is queued with the client's completions and runs inside
/// `offerkit_client_poll` / `offerkit_client_poll_wait` on the polling thread (so the token
/// wait starts before the poll: poll often enough, or answer from another thread), and a
/// blocking call's need runs inline on the thread making that call. A host answering from a
/// thread that is itself blocked in an offerkit call cannot answer in time. Must be
/// thread-safe, return quickly, not unwind, and not free the client. It is never called again
/// once `offerkit_client_free` has returned.
pub type OfferkitTokenNeededCallback = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        client: *const OfferkitClient,
        reason: OfferkitTokenReason,
    ),
>;

/// The client configuration under construction. See the setters.
pub struct OfferkitConfig {
    /// Core's configuration, as the setters left it: values are stored as given, and core
    /// checks them all (`ClientConfig::validate`) when `offerkit_client_new` makes a client.
    core: ClientConfig,
    token_needed: Option<(TokenCallback<OfferkitClient>, UserData)>,
    http_executor: Option<ExecutorCallbacks>,
    delivery: OfferkitDelivery,
    /// A front end's own name for each of core's settings it renamed
    /// (`offerkit_config_set_setting_name`): core's name → the front end's.
    setting_names: HashMap<&'static str, String>,
}

impl Handle for OfferkitConfig {
    const NAME: &'static str = "config";
}

impl OfferkitConfig {
    /// Core's configuration (the token-needed hook is added by the client, which owns it).
    pub(crate) fn to_core(&self) -> ClientConfig {
        self.core.clone()
    }

    pub(crate) fn token_needed(&self) -> Option<(TokenCallback<OfferkitClient>, UserData)> {
        self.token_needed
    }

    /// The name errors give core's setting `setting`: the front end's, or core's own.
    pub(crate) fn setting_name(&self, setting: &str) -> String {
        self.setting_names
            .get(setting)
            .cloned()
            .unwrap_or_else(|| setting.to_owned())
    }

    pub(crate) fn delivery(&self) -> OfferkitDelivery {
        self.delivery
    }

    pub(crate) fn http_executor(&self) -> Option<ExecutorCallbacks> {
        self.http_executor
    }
}

/// Makes a configuration for the service at `base_url` (`https://…`; `http://` only for
/// loopback hosts unless `offerkit_config_set_allow_insecure_http`; may carry a path prefix).
/// The address itself is checked by `offerkit_client_new`. Defaults: 10 s request timeout, 5 s
/// connect timeout, 2 retries of transient failures, no token, thread delivery.
/// On success `*out_config` owns a new config: free it with `offerkit_config_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_new(
    base_url: *const c_char,
    out_config: *mut *mut OfferkitConfig,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let out = Out::required(out_config, "out_config")?;
        let base_url = strings::required(base_url, "base_url")?;
        let config = OfferkitConfig {
            core: ClientConfig::new(base_url),
            token_needed: None,
            http_executor: None,
            delivery: OfferkitDelivery::Thread,
            setting_names: HashMap::new(),
        };
        out.write(config.into_ptr());
        Ok(())
    })
}

/// Frees a config. `offerkit_config_free(NULL)` does nothing. Clients made from it are not
/// affected.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_free(config: *mut OfferkitConfig) {
    free_handle(config);
}

// Every setter below stores its value as given (converting only its type); the bounds it
// documents are checked, for every setting at once, by `offerkit_client_new`, which fails with
// `OFFERKIT_STATUS_INVALID_ARGUMENT` and one field entry (path `config`) naming each setting out
// of bounds with core's message, e.g. `timeout: 0 ms is not between 1 ms and 24 h`.

/// Sets the whole-request timeout of one attempt: 1 to 86 400 000 ms (24 h), checked by
/// `offerkit_client_new` (setting `timeout`). Default 10 000 ms.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_set_timeout_ms(
    config: *mut OfferkitConfig,
    timeout_ms: u64,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        OfferkitConfig::as_mut(config)?.core.timeout = Duration::from_millis(timeout_ms);
        Ok(())
    })
}

/// Sets the connection set-up timeout of the built-in transport: 1 to 86 400 000 ms, checked by
/// `offerkit_client_new` (setting `connect_timeout`). Default 5000 ms. Not used with a host
/// executor (its stack owns connections); `OFFERKIT_STATUS_NOT_AVAILABLE` in the lite library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_set_connect_timeout_ms(
    config: *mut OfferkitConfig,
    timeout_ms: u64,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let config = OfferkitConfig::as_mut(config)?;
        builtin_http::required("connect_timeout")?;
        config.core.connect_timeout = Duration::from_millis(timeout_ms);
        Ok(())
    })
}

/// Sets how many times a transient failure (HTTP 502/503/504, connection error, timeout) is
/// retried after the first attempt: 0 (no retries) to 10, checked by `offerkit_client_new`
/// (setting `retry.max_retries`). Default 2.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_set_max_retries(
    config: *mut OfferkitConfig,
    max_retries: u32,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        OfferkitConfig::as_mut(config)?.core.retry.max_retries = max_retries;
        Ok(())
    })
}

/// Sets the deadline of a whole call: 1 to 86 400 000 ms, checked by `offerkit_client_new`
/// (setting `deadline`). Every attempt, backoff, `Retry-After` wait and the wait for a token
/// happen within it, so no blocking call takes longer. A `Retry-After` that would end after it
/// is not waited for: the call fails at once with the service's retry-after. Default 30 000 ms.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_set_deadline_ms(
    config: *mut OfferkitConfig,
    deadline_ms: u64,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        OfferkitConfig::as_mut(config)?.core.deadline = Duration::from_millis(deadline_ms);
        Ok(())
    })
}

/// Sets the most pages a pager walks before it ends with `OFFERKIT_STATUS_DECODE` (default
/// 1000): at least 1, checked by `offerkit_client_new` (setting `max_pages`). A walk also ends
/// when a cursor repeats.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_set_max_pages(
    config: *mut OfferkitConfig,
    max_pages: u32,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        OfferkitConfig::as_mut(config)?.core.max_pages = max_pages;
        Ok(())
    })
}

/// Sends every request through the proxy at `url` (`http://[user:password@]host:port`, copied;
/// checked by `offerkit_client_new`); NULL: direct connections (the default). The library never
/// reads `HTTPS_PROXY` or other environment variables: a game must not inherit a proxy from
/// the player's machine. With a host executor, `offerkit_client_new` refuses a proxy
/// (`INVALID_ARGUMENT`: set it in the host's stack); `OFFERKIT_STATUS_NOT_AVAILABLE` in the lite
/// library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_set_proxy(
    config: *mut OfferkitConfig,
    url: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let config = OfferkitConfig::as_mut(config)?;
        builtin_http::required("proxy")?;
        let url = strings::optional(url, "url")?;
        config.core.proxy = url.map_or_else(Proxy::default, |url| Proxy::Url(url.to_string()));
        Ok(())
    })
}

/// Sets the retry backoff: the first wait is random up to `initial_ms`, doubling per retry, each
/// at most `max_ms` (defaults 200 ms and 5000 ms). Both at most 86 400 000, and `initial_ms <=
/// max_ms`, checked by `offerkit_client_new` (settings `retry.initial_backoff`,
/// `retry.max_backoff`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_set_retry_backoff_ms(
    config: *mut OfferkitConfig,
    initial_ms: u64,
    max_ms: u64,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let retry = &mut OfferkitConfig::as_mut(config)?.core.retry;
        retry.initial_backoff = Duration::from_millis(initial_ms);
        retry.max_backoff = Duration::from_millis(max_ms);
        Ok(())
    })
}

/// Adds trusted root certificates (PEM text, one or more `CERTIFICATE` blocks) to the built-in
/// web roots. The PEM is parsed by `offerkit_client_new` (`INVALID_ARGUMENT` there if bad, and
/// with a host executor, whose stack owns trust); `OFFERKIT_STATUS_NOT_AVAILABLE` in the lite
/// library.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_add_root_pem(
    config: *mut OfferkitConfig,
    pem: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let config = OfferkitConfig::as_mut(config)?;
        builtin_http::required("extra_root_pem")?;
        let pem = strings::required(pem, "pem")?;
        config.core.extra_root_pem.push(pem.to_string());
        Ok(())
    })
}

/// Allows plain `http://` to hosts other than loopback. For testing only, never production.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_set_allow_insecure_http(
    config: *mut OfferkitConfig,
    allow: bool,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        OfferkitConfig::as_mut(config)?.core.allow_insecure_http = allow;
        Ok(())
    })
}

/// Sets the access token the client starts with (its JWT `exp` is read); NULL clears it.
/// The string is copied.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_set_access_token(
    config: *mut OfferkitConfig,
    access_token: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let config = OfferkitConfig::as_mut(config)?;
        let token = strings::optional(access_token, "access_token")?;
        config.core.access_token = token.map(AccessToken::new);
        Ok(())
    })
}

/// Sets (or with a NULL `callback`, removes) the token-needed callback: called with
/// `user_data` and the client when the client has no token, when it is about to expire, and
/// once after a 401; see `OfferkitTokenNeededCallback` (also for the thread it runs on). `user_data` must stay valid until the client is freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_set_token_needed(
    config: *mut OfferkitConfig,
    callback: OfferkitTokenNeededCallback,
    user_data: *mut c_void,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        OfferkitConfig::as_mut(config)?.token_needed =
            callback.map(|callback| (callback, UserData(user_data)));
        Ok(())
    })
}

/// Sets (or with a NULL `execute`, removes: the built-in transport again) the host HTTP executor:
/// every HTTP attempt of the client is handed to `execute` as an `OfferkitHttpRequest`, which
/// the host sends through its own stack and answers once (`offerkit_http_request_respond` /
/// `offerkit_http_request_fail`) from any thread; `cancel` (may be NULL) is told, once, when
/// offerkit no longer wants an answer. The contract (no redirects followed, the body after
/// transfer decoding, the timeout, which failure is which) is in ffi/README.md ("Host HTTP
/// executor"). Required in the lite library (`offerkit_has_builtin_http`); with it, a proxy or
/// extra roots are refused by `offerkit_client_new` (the host's stack owns them).
///
/// Where the callbacks run: thread delivery, on the thread running the attempt (a library
/// thread for `_async` calls, the calling thread for blocking calls). Poll delivery, never on a
/// library thread: an `_async` call's execute and cancel are queued with the client's
/// completions and run inside `offerkit_client_poll` / `offerkit_client_poll_wait` on the
/// polling thread (what `UnityWebRequest` and Unreal's HTTP module need), and a blocking call's
/// run inline on the thread making it — with a stack that must be driven by the polling thread,
/// use only `_async` calls. `offerkit_client_free` tells `cancel` (on its own thread) of every
/// request the host still holds unanswered, and no callback runs after it returns. `user_data`
/// must stay valid until then; both callbacks must be thread-safe, return quickly, not unwind
/// and not free the client.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_set_http_executor(
    config: *mut OfferkitConfig,
    execute: OfferkitHttpExecuteCallback,
    cancel: OfferkitHttpCancelCallback,
    user_data: *mut c_void,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        OfferkitConfig::as_mut(config)?.http_executor = execute.map(|execute| ExecutorCallbacks {
            execute,
            cancel,
            user_data: UserData(user_data),
        });
        Ok(())
    })
}

/// Sets how long a request waits for the host to answer the token-needed callback: 1 to
/// 86 400 000 ms, checked by `offerkit_client_new` (setting `token_provider_timeout`; 0 is
/// refused there, it does not mean "default"). Then it fails with `OFFERKIT_STATUS_TIMEOUT`.
/// Unset (the default, or after `offerkit_config_clear_token_wait`): the request timeout.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_set_token_wait_ms(
    config: *mut OfferkitConfig,
    wait_ms: u64,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        OfferkitConfig::as_mut(config)?.core.token_provider_timeout =
            Some(Duration::from_millis(wait_ms));
        Ok(())
    })
}

/// Turns on (or re-sets) the response cache for `offers` and the listing: answers younger than `ttl_ms` are
/// served from memory, concurrent identical requests share one HTTP request, and when a refresh
/// fails with a network, timeout or server error an answer up to `max_stale_ms` old is returned
/// marked stale (`offerkit_offer_list_is_stale`). `ttl_ms` 0 to 86 400 000 (0: always refresh,
/// still coalescing and bridging outages), `max_entries` at least 1, `max_stale_ms` 0 (no stale
/// answers) to 86 400 000, checked by `offerkit_client_new` (settings `cache.ttl`,
/// `cache.max_entries`, `cache.max_stale`). Recommended: 300 000, 256, 3 600 000. Off by
/// default, and again after `offerkit_config_clear_cache`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_set_cache(
    config: *mut OfferkitConfig,
    ttl_ms: u64,
    max_entries: u32,
    max_stale_ms: u64,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        OfferkitConfig::as_mut(config)?.core.cache = Some(CacheConfig {
            ttl: Duration::from_millis(ttl_ms),
            max_entries: max_entries as usize,
            max_stale: Duration::from_millis(max_stale_ms),
        });
        Ok(())
    })
}

/// Unsets the token wait (`offerkit_config_set_token_wait_ms`): requests wait for a token as
/// long as the request timeout, as when it was never set.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_clear_token_wait(
    config: *mut OfferkitConfig,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        OfferkitConfig::as_mut(config)?.core.token_provider_timeout = None;
        Ok(())
    })
}

/// Turns the response cache off again (`offerkit_config_set_cache`), as when it was never set.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_clear_cache(
    config: *mut OfferkitConfig,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        OfferkitConfig::as_mut(config)?.core.cache = None;
        Ok(())
    })
}

/// Sets where the client's callbacks run: an `OfferkitDelivery` value
/// (`OFFERKIT_DELIVERY_THREAD` = 0, the default, or `OFFERKIT_DELIVERY_POLL` = 1); any other
/// number is `OUT_OF_RANGE`. Thread: completion callbacks run on a library thread as soon as
/// the request ends, token-needed on the thread that needs the token. Poll: every callback of
/// the client runs on a host thread — completions and the token-needed asks of `_async`
/// requests inside `offerkit_client_poll` / `offerkit_client_poll_wait`, the token-needed ask of
/// a blocking call inline on the thread making it. A callback that blocks the polling thread
/// only delays the client's other callbacks.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_set_delivery(
    config: *mut OfferkitConfig,
    delivery: u32,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let config = OfferkitConfig::as_mut(config)?;
        config.delivery = match delivery {
            0 => OfferkitDelivery::Thread,
            1 => OfferkitDelivery::Poll,
            other => {
                return Err(Failure::range(
                    "delivery",
                    format!("{other} is not an OfferkitDelivery"),
                ));
            }
        };
        Ok(())
    })
}

/// Names core's setting `setting` as a language binding calls it, in the errors of
/// `offerkit_client_new`: its field entries (path `config`) and messages then say `name` where
/// they would say `setting` — for a binding whose users set `Cache.TimeToLive` rather than
/// `cache.ttl`. `setting` is one of `timeout`, `connect_timeout`, `deadline`,
/// `token_provider_timeout`, `token_refresh_skew`, `retry.initial_backoff`, `retry.max_backoff`,
/// `retry.max_retry_after`, `retry.max_retries`, `cache.ttl`, `cache.max_stale`,
/// `cache.max_entries`, `max_pages`, `max_body_bytes` (anything else: `OUT_OF_RANGE`); `name`
/// is copied and must not be empty. Naming a setting again replaces its name. C programs need
/// not call it: without it, errors use the names above, which the setters' docs give.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_config_set_setting_name(
    config: *mut OfferkitConfig,
    setting: *const c_char,
    name: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let config = OfferkitConfig::as_mut(config)?;
        let setting = strings::required(setting, "setting")?;
        let name = strings::required(name, "name")?;
        let Some(core) = SETTING_NAMES.iter().find(|core| **core == setting) else {
            return Err(Failure::range(
                "setting",
                format!("\"{setting}\" is not one of the settings (timeout, cache.ttl, …)"),
            ));
        };
        if name.is_empty() {
            return Err(Failure::range("name", "empty"));
        }
        config.setting_names.insert(core, name.to_owned());
        Ok(())
    })
}
