//! The token-needed callback of one client: core asks through it, and `offerkit_client_free`
//! switches it off — waiting for a call under way on another thread — so the host's callback
//! never runs once the client is gone.

use std::cell::Cell;
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{PoisonError, RwLock};

use offerkit::TokenReason;

use crate::config::{OfferkitTokenReason, UserData};

/// The host's callback and user data, and the switch that turns them off.
pub(crate) struct TokenHook {
    callback: unsafe extern "C" fn(*mut c_void, OfferkitTokenReason),
    user_data: UserData,
    off: AtomicBool,
    gate: RwLock<()>,
}

thread_local! {
    static IN_TOKEN_CALLBACK: Cell<bool> = const { Cell::new(false) };
}

impl TokenHook {
    pub(crate) fn new(
        callback: unsafe extern "C" fn(*mut c_void, OfferkitTokenReason),
        user_data: UserData,
    ) -> Self {
        TokenHook {
            callback,
            user_data,
            off: AtomicBool::new(false),
            gate: RwLock::new(()),
        }
    }

    /// Asks the host for a token, unless the hook is switched off.
    pub(crate) fn call(&self, reason: TokenReason) {
        let _running = self.gate.read().unwrap_or_else(PoisonError::into_inner);
        if self.off.load(Ordering::Acquire) {
            return;
        }
        let reason = match reason {
            TokenReason::Missing => OfferkitTokenReason::Missing,
            TokenReason::Expiring => OfferkitTokenReason::Expiring,
            TokenReason::Rejected => OfferkitTokenReason::Rejected,
        };
        IN_TOKEN_CALLBACK.with(|c| c.set(true));
        // SAFETY: the host's callback and user data, valid until the client is freed (contract).
        unsafe { (self.callback)(self.user_data.0, reason) };
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
