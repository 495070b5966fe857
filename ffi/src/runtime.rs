//! The one tokio runtime of the whole library, built on first use and never per call, and
//! stopped only by `offerkit_shutdown` (`crate::shutdown`); the next use builds a fresh one.
//!
//! A current-thread runtime driven by one library thread (`offerkit`), which runs every spawned
//! task (connections, `_async` requests) and the completion callbacks of thread delivery. Its
//! blocking pool, used only by DNS look-ups of host names (`getaddrinfo`), is capped at one
//! thread (`offerkit-dns`), so the library never runs more than two threads of its own. Blocking
//! calls run their future on the caller's thread with `Handle::block_on`, while the library
//! thread drives I/O and timers. Built by `offerkit_bindings_common::runtime` (see there why a
//! current-thread runtime); this module adds the C ABI's rules for blocking calls and knows
//! when the calling thread is inside one of the host's callbacks.

use std::cell::Cell;
use std::future::Future;

use offerkit_bindings_common::runtime::LibraryRuntime;
use tokio::runtime::Handle;

use crate::failure::Failure;

pub(crate) static RUNTIME: LibraryRuntime = LibraryRuntime::new("offerkit", "offerkit-dns");

thread_local! {
    /// How many host callbacks (completion, token-needed, log) this thread is inside.
    static IN_CALLBACK: Cell<u32> = const { Cell::new(0) };
}

/// The shared runtime (built, and its thread started, if none runs).
pub(crate) fn runtime() -> Result<Handle, Failure> {
    RUNTIME
        .handle()
        .map_err(|e| Failure::internal(format!("cannot start the offerkit runtime: {e}")))
}

/// Whether this thread is inside the runtime: the library thread, or a host thread inside a
/// blocking call (where a callback such as token-needed or log may run).
pub(crate) fn on_library_thread() -> bool {
    Handle::try_current().is_ok() || offerkit_bindings_common::runtime::is_library_thread()
}

/// Whether this thread is running one of the host's callbacks (any delivery, any thread).
pub(crate) fn in_callback() -> bool {
    IN_CALLBACK.get() > 0
}

/// Marks this thread as inside a host callback until dropped (also when the call unwinds).
pub(crate) struct CallbackScope(());

impl CallbackScope {
    pub(crate) fn enter() -> Self {
        IN_CALLBACK.set(IN_CALLBACK.get() + 1);
        CallbackScope(())
    }
}

impl Drop for CallbackScope {
    fn drop(&mut self) {
        IN_CALLBACK.set(IN_CALLBACK.get().saturating_sub(1));
    }
}

/// Runs `future` to completion on the calling thread; refuses (instead of deadlocking or
/// panicking) on a library thread.
pub(crate) fn block_on<F: Future>(function: &str, future: F) -> Result<F::Output, Failure> {
    if on_library_thread() {
        return Err(Failure::would_deadlock(function));
    }
    Ok(runtime()?.block_on(future))
}
