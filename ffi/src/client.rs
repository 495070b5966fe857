//! `OfferkitClient`: making and freeing a client, and what a host tells it between queries —
//! its access token (or that there is none to be had), cache invalidation, and the poll that
//! runs queued completions. The queries themselves are in `queries` (how they run: `query`).

use std::ffi::c_char;
use std::sync::Arc;

use offerkit::{AccessToken, OfferClient};

use crate::boundary::{fallible, infallible};
use crate::config::OfferkitConfig;
use crate::error::OfferkitError;
use crate::handle::{Handle, free_handle};
use crate::out::Out;
use crate::request::Requests;
use crate::runtime::runtime;
use crate::status::OfferkitStatus;
use crate::strings;
use crate::token_hook::TokenHook;

/// What a client's queries, requests and pagers share (pagers keep it alive after a free).
pub(crate) struct ClientShared {
    pub(crate) core: OfferClient,
    pub(crate) requests: Arc<Requests>,
    token_hook: Option<Arc<TokenHook>>,
}

/// A client of the offer service. Thread-safe: every function taking a client may be called
/// from any thread, also at once — except `offerkit_client_free`, which must not race with
/// other calls on the same client.
pub struct OfferkitClient {
    pub(crate) shared: Arc<ClientShared>,
}

impl Handle for OfferkitClient {
    const NAME: &'static str = "client";

    /// Switches the token hook off and closes the requests (cancelling and delivering what is
    /// owed) before core's client is dropped, inside the runtime its connections belong to.
    fn release(self: Box<Self>) {
        if let Some(hook) = &self.shared.token_hook {
            hook.switch_off();
        }
        self.shared.requests.close();
        let _context = runtime().ok().map(|rt| rt.enter());
        drop(self);
    }
}

/// Makes a client from `config` (copied; the config may be freed or reused afterwards).
/// Fails with `INVALID_ARGUMENT` on a bad base URL, scheme, proxy or root certificate, and on
/// settings out of bounds: then one field entry with path `config` names every such setting
/// (`timeout`, `connect_timeout`, `deadline`, `token_provider_timeout`, `retry.max_retries`,
/// `retry.initial_backoff`, `retry.max_backoff`, `max_pages`, `cache.ttl`, `cache.max_entries`,
/// `cache.max_stale`) with core's message. On success `*out_client` owns the client: free it
/// with `offerkit_client_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_new(
    config: *const OfferkitConfig,
    out_client: *mut *mut OfferkitClient,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let config = OfferkitConfig::as_ref(config)?;
        let out = Out::required(out_client, "out_client")?;
        let mut core_config = config.to_core();
        let token_hook = config
            .token_needed()
            .map(|(callback, user_data)| Arc::new(TokenHook::new(callback, user_data)));
        if let Some(hook) = &token_hook {
            let hook = Arc::clone(hook);
            core_config.token_needed = Some(Arc::new(move |reason| hook.call(reason)));
        }
        let _context = runtime()?.enter();
        let core = OfferClient::new(core_config)?;
        let client = OfferkitClient {
            shared: Arc::new(ClientShared {
                core,
                requests: Requests::new(config.delivery()),
                token_hook,
            }),
        };
        out.write(client.into_ptr());
        Ok(())
    })
}

/// Frees a client. `offerkit_client_free(NULL)` does nothing.
///
/// Every request still in flight (its pagers' included) is cancelled, and every callback still
/// owed runs before this returns, on the calling thread or (for one already running) on its
/// library thread: cancelled requests report `OFFERKIT_STATUS_CANCELLED`; in poll mode,
/// completions already queued are delivered as they are. After it returns, no callback of this
/// client (completion or token-needed) runs again. Called from inside a completion callback on
/// a library thread, it cannot wait for that thread: it cancels and delivers what it can, and
/// callbacks already handed to the library thread still run (exactly once) after it returns, on
/// that thread (in poll mode too: nobody can poll a freed client). Called from inside one of its
/// own poll-delivery callbacks (on the host's thread), it delivers every other callback, also a
/// completion the library thread is queueing at that moment, before it returns.
/// Pagers of the client stay valid but fail with `OFFERKIT_STATUS_CANCELLED`. Do not hold a lock
/// that the client's callbacks take while freeing it: free waits for a callback that is running.
/// Freeing a client from inside one of its own completion callbacks is allowed (any delivery).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_free(client: *mut OfferkitClient) {
    free_handle(client);
}

/// Sets or replaces the access token (its JWT `exp` is read), at any time and from any thread —
/// the answer to the token-needed callback. NULL forgets the token. Requests waiting for a
/// token continue with this one.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_set_access_token(
    client: *const OfferkitClient,
    access_token: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let token = strings::optional(access_token, "access_token")?;
        client
            .shared
            .core
            .set_access_token(token.map(AccessToken::new));
        Ok(())
    })
}

/// The other answer to the token-needed callback: the host cannot supply a token now (its
/// backend failed, the player signed out). Requests waiting for a token fail at once with
/// `OFFERKIT_STATUS_UNAUTHORIZED` and a message carrying `reason` (UTF-8; NULL: no detail),
/// instead of waiting until the token wait times out; later requests ask again. Does nothing
/// when no request is waiting. Any thread, also from inside the callback.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_fail_token_request(
    client: *const OfferkitClient,
    reason: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let reason = strings::optional(reason, "reason")?;
        let reason = reason.unwrap_or("no reason given");
        client.shared.core.fail_token_request(reason);
        Ok(())
    })
}

/// Forgets every cached answer for `player_id` (no-op without a cache): call it when the player
/// completes an offer, so the next `offers` call refreshes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_invalidate(
    client: *const OfferkitClient,
    player_id: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let client = OfferkitClient::as_ref(client)?;
        let player_id = strings::required(player_id, "player_id")?;
        client.shared.core.invalidate(player_id);
        Ok(())
    })
}

/// Forgets every cached answer (no-op without a cache or for NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_clear_cache(client: *const OfferkitClient) {
    infallible((), || {
        OfferkitClient::as_ref(client)?.shared.core.clear_cache();
        Ok(())
    });
}

/// Runs queued completion callbacks of a poll-delivery client on the calling thread: at most
/// `max` of them, or with `max` 0 every one queued when the call starts. Returns how many ran
/// (always 0 for a thread-delivery client or a NULL client). Never blocks. Callbacks may start
/// new requests or call blocking functions; their completions wait for a later poll.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_poll(client: *const OfferkitClient, max: usize) -> usize {
    infallible(0, || {
        // Keep the queue alive on our own: a callback may free the client while it runs.
        let requests = Arc::clone(&OfferkitClient::as_ref(client)?.shared.requests);
        Ok(requests.poll(max))
    })
}
