//! The token-needed callback of one client: core asks through it, and `offerkit_client_free`
//! switches it off — waiting for a call under way on another thread — so the host's callback
//! never runs once the client is gone.
//!
//! Where it runs follows the client's delivery. In thread delivery, on whichever thread needs
//! the token. In poll delivery, never on a library thread: an `_async` request's ask (made on
//! the library thread) is queued with the client's completions and runs inside
//! `offerkit_client_poll` on the polling thread, while a blocking call's ask runs inline on the
//! host thread making that call (queueing it would leave a game thread blocked in the call
//! waiting for a poll only it could make).

use std::cell::Cell;
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, AtomicPtr, Ordering};
use std::sync::{Arc, PoisonError, RwLock, Weak};

use offerkit::TokenReason;
use offerkit_bindings_common::runtime::is_library_thread;

use crate::request::Requests;
use crate::runtime::CallbackScope;
use crate::user_data::UserData;

/// Why a client asks the host for an access token.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferkitTokenReason {
    /// The client has no token.
    Missing = 1,
    /// The current token expires within the refresh margin (60 s).
    Expiring = 2,
    /// The service answered 401 to the current token.
    Rejected = 3,
}

/// The host's token-needed callback for a client handle of type `C` (`OfferkitClient`; generic
/// only so that this module need not know the client, which holds the hook).
pub(crate) type TokenCallback<C> = unsafe extern "C" fn(*mut c_void, *const C, OfferkitTokenReason);

/// The host's callback and user data, the client it is told about, and the switch that turns
/// them off.
pub(crate) struct TokenHook<C> {
    callback: TokenCallback<C>,
    user_data: UserData,
    /// The client's handle, as C holds it (set once the handle exists, before any query).
    client: AtomicPtr<C>,
    /// Poll delivery: the client's poll queue, where asks made on a library thread go.
    poll_queue: Option<Weak<Requests>>,
    off: AtomicBool,
    gate: RwLock<()>,
}

thread_local! {
    static IN_TOKEN_CALLBACK: Cell<bool> = const { Cell::new(false) };
}

impl<C: 'static> TokenHook<C> {
    pub(crate) fn new(
        callback: TokenCallback<C>,
        user_data: UserData,
        poll_queue: Option<Weak<Requests>>,
    ) -> Self {
        TokenHook {
            callback,
            user_data,
            client: AtomicPtr::new(std::ptr::null_mut()),
            poll_queue,
            off: AtomicBool::new(false),
            gate: RwLock::new(()),
        }
    }

    /// Records the handle the host holds, passed to every call of the callback.
    pub(crate) fn set_client(&self, client: *mut C) {
        self.client.store(client, Ordering::Release);
    }

    /// Core needs a token: asks the host now, or (poll delivery, on a library thread) queues
    /// the ask for the client's next poll.
    pub(crate) fn call(self: &Arc<Self>, reason: TokenReason) {
        if let Some(queue) = &self.poll_queue {
            if is_library_thread() {
                if let Some(requests) = queue.upgrade() {
                    let hook = Arc::clone(self);
                    requests.queue_callback(Box::new(move || hook.ask(reason)));
                }
                return;
            }
        }
        self.ask(reason);
    }

    /// Calls the host's callback on this thread, unless the hook is switched off.
    fn ask(&self, reason: TokenReason) {
        let _running = self.gate.read().unwrap_or_else(PoisonError::into_inner);
        if self.off.load(Ordering::Acquire) {
            return;
        }
        let reason = match reason {
            TokenReason::Missing => OfferkitTokenReason::Missing,
            TokenReason::Expiring => OfferkitTokenReason::Expiring,
            TokenReason::Rejected => OfferkitTokenReason::Rejected,
        };
        let client = self.client.load(Ordering::Acquire);
        let _inside = CallbackScope::enter();
        IN_TOKEN_CALLBACK.with(|c| c.set(true));
        // SAFETY: the host's callback and user data, valid until the client is freed (contract);
        // the client handle is live while the hook is on (free switches it off first).
        unsafe { (self.callback)(self.user_data.0, client, reason) };
        IN_TOKEN_CALLBACK.with(|c| c.set(false));
    }

    /// Switches the hook off; waits for a call running on another thread to return.
    pub(crate) fn switch_off(&self) {
        self.off.store(true, Ordering::Release);
        if !IN_TOKEN_CALLBACK.with(|c| c.get()) {
            drop(self.gate.write().unwrap_or_else(PoisonError::into_inner));
        }
    }
}
