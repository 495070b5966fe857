//! `OfferkitClient`: the handle, freeing it, and what a host tells a client between queries —
//! its access token (or that there is none to be had), cache invalidation, and the poll that
//! runs queued completions. The queries themselves are in `queries` (how they run: `query`).

use std::ffi::c_char;
use std::sync::Arc;

use offerkit::{AccessToken, OfferClient};

use crate::boundary::fallible;
use crate::delivery::OfferkitDelivery;
use crate::error::OfferkitError;
use crate::failure::Failure;
use crate::handle::{Handle, free_handle};
use crate::http_executor::ExecutorHook;
use crate::out::Out;
use crate::panic::infallible;
use crate::request::Requests;
use crate::runtime::{on_library_thread, runtime};
use crate::shutdown::Alive;
use crate::status::OfferkitStatus;
use crate::strings;
use crate::token_hook::TokenHook;

/// What a client's queries, requests and pagers share (pagers keep it alive after a free).
pub(crate) struct ClientShared {
    pub(crate) core: OfferClient,
    pub(crate) requests: Arc<Requests>,
    pub(crate) token_hook: Option<Arc<TokenHook<OfferkitClient>>>,
    pub(crate) executor_hook: Option<Arc<ExecutorHook>>,
}

/// A client of the offer service. Thread-safe: every function taking a client may be called
/// from any thread, also at once — except `offerkit_client_free`, which must not race with
/// other calls on the same client.
pub struct OfferkitClient {
    pub(crate) shared: Arc<ClientShared>,
    /// Counted as alive for `offerkit_shutdown` until freed.
    pub(crate) _alive: Alive,
}

impl Handle for OfferkitClient {
    const NAME: &'static str = "client";

    /// Switches the token hook off and closes the requests (cancelling and delivering what is
    /// owed) before core's client is dropped, inside the runtime its connections belong to.
    fn release(self: Box<Self>) {
        if let Some(hook) = &self.shared.token_hook {
            hook.switch_off();
        }
        // Before the requests close: the host hears of every request it holds, and executes
        // still queued for poll find the executor off (their attempts fail at once).
        if let Some(hook) = &self.shared.executor_hook {
            hook.switch_off();
        }
        self.shared.requests.close();
        let runtime = runtime().ok();
        let _context = runtime.as_ref().map(|rt| rt.enter());
        drop(self);
    }
}

/// Frees a client. `offerkit_client_free(NULL)` does nothing.
///
/// Every request still in flight (its pagers' included) is cancelled, and every callback still
/// owed runs before this returns, on the calling thread or (for one already running) on its
/// library thread: cancelled requests report `OFFERKIT_STATUS_CANCELLED`; in poll mode,
/// completions already queued are delivered as they are. After it returns, no callback of this
/// client (completion, token-needed, or its HTTP executor's execute and cancel) runs again; the
/// executor's cancel callback is told here, on this thread, of every request the host still
/// holds unanswered. Called from inside a completion callback on
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

/// Runs queued callbacks of a poll-delivery client on the calling thread — completions,
/// token-needed asks and host HTTP executor calls of `_async` requests — at most `max` of them, or with `max` 0 every one
/// queued when the call starts; then runs the log messages queued for poll delivery (see
/// `offerkit_set_log_callback`; not counted). Returns how many client callbacks ran (always 0
/// for a thread-delivery client or a NULL client). Never blocks. Callbacks may start new
/// requests or call blocking functions; their completions wait for a later poll.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_poll(client: *const OfferkitClient, max: usize) -> usize {
    infallible(0, || {
        // Keep the queue alive on our own: a callback may free the client while it runs.
        let requests = Arc::clone(&OfferkitClient::as_ref(client)?.shared.requests);
        let ran = requests.poll(max);
        crate::log::poll(0);
        Ok(ran)
    })
}

/// How many callbacks of a poll-delivery client are queued for the next poll (completions,
/// token-needed asks, and the host HTTP executor's executes and cancels); 0 for NULL and for a
/// thread-delivery client. Never blocks.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_pending_completions(
    client: *const OfferkitClient,
) -> usize {
    infallible(0, || {
        Ok(OfferkitClient::as_ref(client)?.shared.requests.pending())
    })
}

/// Most `timeout_ms` of `offerkit_client_poll_wait`: 24 hours.
const MAX_POLL_WAIT_MS: u32 = 86_400_000;

/// Waits until at least one callback of a poll-delivery client is queued, or `timeout_ms` has
/// passed (0: does not wait), then runs like `offerkit_client_poll(client, max)` (log messages
/// queued for poll included). `*out_ran` (required) is how many client callbacks ran: 0 after
/// a timeout, which is `OFFERKIT_STATUS_OK`, not an error. Worst case: `timeout_ms` plus the
/// time the callbacks it runs take. `INVALID_ARGUMENT` for a thread-delivery client;
/// `OUT_OF_RANGE` for `timeout_ms` above 86 400 000 (24 h); `WOULD_DEADLOCK` on a library
/// thread.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_poll_wait(
    client: *const OfferkitClient,
    timeout_ms: u32,
    max: usize,
    out_ran: *mut usize,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let requests = Arc::clone(&OfferkitClient::as_ref(client)?.shared.requests);
        let out = Out::required(out_ran, "out_ran")?;
        if on_library_thread() {
            return Err(Failure::would_deadlock("offerkit_client_poll_wait"));
        }
        if timeout_ms > MAX_POLL_WAIT_MS {
            return Err(Failure::range(
                "timeout_ms",
                format!("{timeout_ms} is above {MAX_POLL_WAIT_MS} (24 h)"),
            ));
        }
        if requests.delivery() != OfferkitDelivery::Poll {
            return Err(offerkit::Error::new(
                offerkit::ErrorKind::InvalidArgument,
                "offerkit_client_poll_wait: the client delivers on a library thread \
                 (OFFERKIT_DELIVERY_THREAD); only a poll-delivery client can be polled",
            )
            .into());
        }
        requests.wait_queued(std::time::Duration::from_millis(u64::from(timeout_ms)));
        let ran = requests.poll(max);
        crate::log::poll(0);
        out.write(ran);
        Ok(())
    })
}
