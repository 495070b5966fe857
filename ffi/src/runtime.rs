//! The one tokio runtime of the whole library, built on first use and never per call.
//!
//! A current-thread runtime driven by one library thread (`offerkit`), which runs every spawned
//! task (connections, `_async` requests) and the completion callbacks of thread delivery. Its
//! blocking pool, used only by DNS look-ups of host names (`getaddrinfo`), is capped at one
//! thread, so the library never runs more than two threads of its own. Blocking calls run their
//! future on the caller's thread with `Handle::block_on`, while the library thread drives I/O and
//! timers. (A current-thread scheduler is smaller than the multi-thread one, and one worker is
//! all a game client needs: see docs/c-abi-size.md.)

use std::future::Future;
use std::sync::LazyLock;
use std::time::Duration;

use tokio::runtime::{Builder, Handle};

use crate::error::Failure;

/// Most threads of the blocking pool (DNS resolution of host names via `getaddrinfo`).
pub(crate) const MAX_BLOCKING_THREADS: usize = 1;
/// An idle blocking-pool thread exits after this long.
const BLOCKING_KEEP_ALIVE: Duration = Duration::from_secs(10);

static RUNTIME: LazyLock<Result<Handle, String>> = LazyLock::new(|| {
    let runtime = Builder::new_current_thread()
        .max_blocking_threads(MAX_BLOCKING_THREADS)
        .thread_keep_alive(BLOCKING_KEEP_ALIVE)
        .thread_name("offerkit-dns")
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let handle = runtime.handle().clone();
    std::thread::Builder::new()
        .name("offerkit".to_string())
        .spawn(move || runtime.block_on(std::future::pending::<()>()))
        .map_err(|e| e.to_string())?;
    Ok(handle)
});

/// The shared runtime (built, and its thread started, on first use).
pub(crate) fn runtime() -> Result<&'static Handle, Failure> {
    RUNTIME
        .as_ref()
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
