//! The one tokio runtime of a binding library, built on first use and never one per call.
//!
//! A current-thread runtime driven by one library thread, which runs every spawned task. Its
//! blocking pool, used only by DNS look-ups of host names (`getaddrinfo`), is capped at one
//! thread that exits when idle, so a library never runs more than two threads of its own — what
//! a phone or a game wants — and the current-thread scheduler is smaller than the multi-thread
//! one (docs/c-abi-size.md). Each binding names the threads, so a host's thread list shows which
//! library they belong to.

use std::io;
use std::sync::OnceLock;
use std::time::Duration;

use tokio::runtime::{Builder, Handle};

/// Most threads of the blocking pool (DNS resolution of host names via `getaddrinfo`).
pub const MAX_BLOCKING_THREADS: usize = 1;
/// An idle blocking-pool thread exits after this long.
pub const BLOCKING_KEEP_ALIVE: Duration = Duration::from_secs(10);

/// The runtime of one library, held in a `static` and built by the first [`handle`] call.
///
/// [`handle`]: LibraryRuntime::handle
pub struct LibraryRuntime {
    thread: &'static str,
    blocking_thread: &'static str,
    built: OnceLock<io::Result<Handle>>,
}

impl LibraryRuntime {
    /// A runtime whose library thread is called `thread` and whose DNS thread is called
    /// `blocking_thread`; nothing starts until [`handle`](Self::handle) is first called.
    pub const fn new(thread: &'static str, blocking_thread: &'static str) -> Self {
        LibraryRuntime {
            thread,
            blocking_thread,
            built: OnceLock::new(),
        }
    }

    /// The runtime, built and its thread started on the first call. A failure to build it or
    /// to start the thread is returned (to every later call too), never a panic.
    pub fn handle(&self) -> Result<&Handle, &io::Error> {
        self.built.get_or_init(|| self.start()).as_ref()
    }

    fn start(&self) -> io::Result<Handle> {
        let runtime = Builder::new_current_thread()
            .max_blocking_threads(MAX_BLOCKING_THREADS)
            .thread_keep_alive(BLOCKING_KEEP_ALIVE)
            .thread_name(self.blocking_thread)
            .enable_all()
            .build()?;
        let handle = runtime.handle().clone();
        std::thread::Builder::new()
            .name(self.thread.to_string())
            .spawn(move || runtime.block_on(std::future::pending::<()>()))?;
        Ok(handle)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static RUNTIME: LibraryRuntime = LibraryRuntime::new("common-test", "common-test-dns");

    #[test]
    fn tasks_run_on_the_named_library_thread() {
        let handle = RUNTIME.handle().expect("starts");
        let name = handle
            .block_on(handle.spawn(async { std::thread::current().name().map(str::to_string) }))
            .expect("joins");
        assert_eq!(name.as_deref(), Some("common-test"));
        // Built once: the same runtime every time.
        assert!(std::ptr::eq(handle, RUNTIME.handle().expect("built")));
    }

    #[test]
    fn blocking_work_runs_on_the_named_dns_thread() {
        let handle = RUNTIME.handle().expect("starts");
        let name = handle
            .block_on(handle.spawn_blocking(|| std::thread::current().name().map(str::to_string)))
            .expect("joins");
        assert_eq!(name.as_deref(), Some("common-test-dns"));
    }
}
