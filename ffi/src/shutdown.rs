//! `offerkit_shutdown`: stops what the library started on its own — the runtime and its two
//! threads, the log callback and its queue — and releases every global it allocated, so a host
//! can unload it (an editor reloading code, a leak checker at exit) and use it again afterwards.
//!
//! It refuses while the library is in use: the client and pager handles alive are counted
//! here, and so are clients whose requests and callbacks are not all done (a client freed from
//! inside its own callback on a library thread still has callbacks to run there). The count is
//! checked and the runtime stopped under one lock, so a client made meanwhile either counts or
//! waits.

use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use crate::boundary::fallible;
use crate::error::OfferkitError;
use crate::failure::Failure;
use crate::runtime::{RUNTIME, in_callback, on_library_thread};
use crate::status::OfferkitStatus;

/// Client and pager handles alive, and clients whose requests or callbacks are not all done
/// (freed handles included: their tasks still run on the runtime).
pub(crate) struct Live {
    clients: usize,
    pagers: usize,
    working: usize,
}

static LIVE: Mutex<Live> = Mutex::new(Live {
    clients: 0,
    pagers: 0,
    working: 0,
});
/// Notified whenever a count drops.
static LIVE_CHANGED: Condvar = Condvar::new();

/// How long `offerkit_shutdown` waits for freed clients to finish their last steps on the
/// library thread (a task returning after its callback, a callback owed after a free from a
/// library thread) before it reports `BUSY`.
pub const OFFERKIT_SHUTDOWN_SETTLE_MS: u64 = 5_000;

/// The count of live handles, locked: held by `offerkit_client_new` while it makes a client, so
/// a shutdown cannot stop the runtime the new client is joining.
pub(crate) fn live() -> MutexGuard<'static, Live> {
    LIVE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What an [`Alive`] counts.
#[derive(Clone, Copy)]
enum What {
    Client,
    Pager,
    Working,
}

/// One client handle, pager handle or working client counted as alive until dropped.
pub(crate) struct Alive(What);

impl Alive {
    /// Counts a client handle (under the lock `live` returned).
    pub(crate) fn client(live: &mut Live) -> Self {
        live.clients += 1;
        Alive(What::Client)
    }

    /// Counts a client's requests and callbacks (under the lock `live` returned).
    pub(crate) fn working(live: &mut Live) -> Self {
        live.working += 1;
        Alive(What::Working)
    }

    /// Counts a pager handle.
    pub(crate) fn pager() -> Self {
        live().pagers += 1;
        Alive(What::Pager)
    }
}

impl Drop for Alive {
    fn drop(&mut self) {
        let mut live = live();
        match self.0 {
            What::Client => live.clients -= 1,
            What::Pager => live.pagers -= 1,
            What::Working => live.working -= 1,
        }
        LIVE_CHANGED.notify_all();
    }
}

/// `BUSY` naming the client and pager handles alive, if any.
fn in_use(live: &Live) -> Option<Failure> {
    (live.clients > 0 || live.pagers > 0).then(|| {
        Failure::busy(format!(
            "offerkit_shutdown: the library is in use by {} client(s) and {} pager(s); free \
             them first",
            live.clients, live.pagers
        ))
    })
}

/// Stops the library: removes the log callback (dropping log messages still queued for
/// `offerkit_log_poll`), stops the runtime — its I/O thread and DNS thread are joined (a DNS
/// look-up under way is waited for) and everything it allocated is released — and frees every
/// other global the library made. Idempotent: `OFFERKIT_STATUS_OK` when nothing runs (also
/// before any use, and when called again). Afterwards the library may be used again: the next
/// `offerkit_client_new` starts a fresh runtime.
///
/// Fails with `OFFERKIT_STATUS_BUSY`, stopping nothing, while any `OfferkitClient` or
/// `OfferkitPlayerOffersPager` is alive; the message says how many. Once every handle is freed,
/// it waits (up to `OFFERKIT_SHUTDOWN_SETTLE_MS`) for their last steps on the library thread —
/// a task returning after its callback, callbacks still owed by a client freed from inside its
/// own callback on a library thread — and is `BUSY` if they take longer. Fails
/// with `OFFERKIT_STATUS_WOULD_DEADLOCK` on a library thread or inside any callback offerkit
/// runs (it would wait for itself). Request handles, results and errors outlive it: free them
/// as usual, before or after. Call it from one thread, at the end of the host's use of offerkit
/// (e.g. before unloading the library, or before exit).
///
/// What stays allocated: once a log callback has been set (`offerkit_set_log_callback`), 112
/// bytes in two blocks stay, still reachable, until the process ends — the logging library's
/// global dispatcher (16 bytes) and its list of dispatchers (96 bytes). That library (tracing
/// 0.1) has no way to free either, so no shutdown can release them; they are made once per
/// process and reused by every later start, so they never grow. Everything else the library
/// allocated is released. A leak checker that wants zero bytes in use at exit suppresses
/// exactly these two stacks: `bindings/c/tests/tracing-core.supp` (valgrind) names them.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_shutdown(out_error: *mut *mut OfferkitError) -> OfferkitStatus {
    fallible!(out_error, || {
        if on_library_thread() || in_callback() {
            return Err(Failure::would_deadlock_shutdown());
        }
        let mut live = live();
        if let Some(busy) = in_use(&live) {
            return Err(busy);
        }
        // Every handle is freed: what is left finishes on its own, promptly.
        let deadline = Instant::now() + Duration::from_millis(OFFERKIT_SHUTDOWN_SETTLE_MS);
        while live.working > 0 && live.clients == 0 && live.pagers == 0 {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            live = LIVE_CHANGED
                .wait_timeout(live, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        if let Some(busy) = in_use(&live) {
            return Err(busy);
        }
        if live.working > 0 {
            return Err(Failure::busy(format!(
                "offerkit_shutdown: {} freed client(s) still run callbacks owed on a library \
                 thread; try again once they have returned",
                live.working
            )));
        }
        crate::log::shut_down();
        RUNTIME.shutdown();
        drop(live);
        Ok(())
    })
}
