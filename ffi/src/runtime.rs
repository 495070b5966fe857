//! The one tokio runtime of the whole library, built on first use and never per call.
//!
//! A current-thread runtime driven by one library thread (`offerkit`), which runs every spawned
//! task (connections, `_async` requests) and the completion callbacks of thread delivery. Its
//! blocking pool, used only by DNS look-ups of host names (`getaddrinfo`), is capped at one
//! thread (`offerkit-dns`), so the library never runs more than two threads of its own. Blocking
//! calls run their future on the caller's thread with `Handle::block_on`, while the library
//! thread drives I/O and timers. Built by `offerkit_bindings_common::runtime` (see there why a
//! current-thread runtime); this module adds the C ABI's rules for blocking calls.

use std::future::Future;

use offerkit_bindings_common::runtime::LibraryRuntime;
use tokio::runtime::Handle;

use crate::failure::Failure;

static RUNTIME: LibraryRuntime = LibraryRuntime::new("offerkit", "offerkit-dns");

/// The shared runtime (built, and its thread started, on first use).
pub(crate) fn runtime() -> Result<&'static Handle, Failure> {
    RUNTIME
        .handle()
        .map_err(|e| Failure::internal(format!("cannot start the offerkit runtime: {e}")))
}

/// Whether this thread is inside the runtime: the library thread, or a host thread inside a
/// blocking call (where a callback such as token-needed or log may run).
pub(crate) fn on_library_thread() -> bool {
    Handle::try_current().is_ok()
}

/// Runs `future` to completion on the calling thread; refuses (instead of deadlocking or
/// panicking) on a library thread.
pub(crate) fn block_on<F: Future>(function: &str, future: F) -> Result<F::Output, Failure> {
    if on_library_thread() {
        return Err(Failure::would_deadlock(function));
    }
    Ok(runtime()?.block_on(future))
}
