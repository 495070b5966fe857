//! The one tokio runtime of a binding library, built on first use and never one per call, and
//! stopped (its threads joined, every allocation released) only when the host asks.
//!
//! A current-thread runtime driven by one library thread, which runs every spawned task. Its
//! blocking pool, used only by DNS look-ups of host names (`getaddrinfo`), is capped at one
//! thread that exits when idle, so a library never runs more than two threads of its own — what
//! a phone or a game wants — and the current-thread scheduler is smaller than the multi-thread
//! one (docs/c-abi-size.md). Each binding names the threads, so a host's thread list shows which
//! library they belong to. The holder is restartable: [`LibraryRuntime::shutdown`] stops and
//! drops the runtime, and the next [`LibraryRuntime::handle`] builds a fresh one.

use std::cell::Cell;
use std::io;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use tokio::runtime::{Builder, Handle};
use tokio::sync::oneshot;

/// Most threads of the blocking pool (DNS resolution of host names via `getaddrinfo`).
pub const MAX_BLOCKING_THREADS: usize = 1;
/// An idle blocking-pool thread exits after this long.
pub const BLOCKING_KEEP_ALIVE: Duration = Duration::from_secs(10);

thread_local! {
    /// Set on the threads a [`LibraryRuntime`] starts (its library thread and DNS thread).
    static LIBRARY_THREAD: Cell<bool> = const { Cell::new(false) };
}

/// Whether the calling thread is one a [`LibraryRuntime`] started (of any binding): a library
/// thread or a DNS thread. A host thread inside a blocking call is not one.
pub fn is_library_thread() -> bool {
    LIBRARY_THREAD.get()
}

/// The runtime of one library, held in a `static`: built by the first [`handle`] call, stopped
/// by [`shutdown`], built again by the next [`handle`].
///
/// [`handle`]: LibraryRuntime::handle
/// [`shutdown`]: LibraryRuntime::shutdown
pub struct LibraryRuntime {
    thread: &'static str,
    blocking_thread: &'static str,
    running: Mutex<Option<Running>>,
}

/// A started runtime: its handle, the signal that ends its thread, and the thread (which owns
/// the runtime and drops it when it ends).
struct Running {
    handle: Handle,
    stop: oneshot::Sender<()>,
    thread: JoinHandle<()>,
}

impl LibraryRuntime {
    /// A runtime whose library thread is called `thread` and whose DNS thread is called
    /// `blocking_thread`; nothing starts until [`handle`](Self::handle) is first called.
    pub const fn new(thread: &'static str, blocking_thread: &'static str) -> Self {
        LibraryRuntime {
            thread,
            blocking_thread,
            running: Mutex::new(None),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Option<Running>> {
        self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The runtime, built and its thread started if none is running. A failure to build it or
    /// to start the thread is returned (the next call tries again), never a panic.
    pub fn handle(&self) -> io::Result<Handle> {
        let mut running = self.lock();
        if let Some(running) = running.as_ref() {
            return Ok(running.handle.clone());
        }
        let started = self.start()?;
        let handle = started.handle.clone();
        *running = Some(started);
        Ok(handle)
    }

    /// Whether a runtime is running (built and not shut down).
    pub fn is_running(&self) -> bool {
        self.lock().is_some()
    }

    /// Stops the runtime, if one runs: every task still spawned on it is dropped, the library
    /// thread ends and is joined, and the runtime is dropped on it — which joins the DNS thread
    /// too, after a look-up under way has returned. Returns whether one was running. Must not be
    /// called on the library thread itself (it would wait for itself): callers check
    /// [`is_library_thread`] first.
    pub fn shutdown(&self) -> bool {
        let Some(running) = self.lock().take() else {
            return false;
        };
        // The thread may already be gone (a panic cannot happen there, but a send to a
        // finished thread is harmless either way).
        let _ = running.stop.send(());
        drop(running.handle);
        let _ = running.thread.join();
        true
    }

    fn start(&self) -> io::Result<Running> {
        // Built on the library thread itself, so whatever the runtime keeps per thread (the
        // thread's `std::thread::Thread` handle among it) belongs to a thread that ends — and
        // is released — at shutdown, never to the host's thread.
        let (stop, stopped) = oneshot::channel::<()>();
        // A mutex and condvar, not a channel: a channel's blocking receive would make the host
        // thread's `std::thread::Thread` handle, which a C host's main thread never releases.
        let built: Arc<(Mutex<Option<io::Result<Handle>>>, Condvar)> = Arc::default();
        let report = Arc::clone(&built);
        let send = move |result: io::Result<Handle>| {
            let (slot, ready) = &*report;
            *slot.lock().unwrap_or_else(PoisonError::into_inner) = Some(result);
            ready.notify_all();
        };
        let blocking_thread = self.blocking_thread;
        let thread = std::thread::Builder::new()
            .name(self.thread.to_string())
            .spawn(move || {
                LIBRARY_THREAD.set(true);
                let runtime = Builder::new_current_thread()
                    .max_blocking_threads(MAX_BLOCKING_THREADS)
                    .thread_keep_alive(BLOCKING_KEEP_ALIVE)
                    .thread_name(blocking_thread)
                    .on_thread_start(|| LIBRARY_THREAD.set(true))
                    .enable_all()
                    .build();
                let runtime = match runtime {
                    Ok(runtime) => runtime,
                    Err(e) => return send(Err(e)),
                };
                send(Ok(runtime.handle().clone()));
                let _ = runtime.block_on(stopped);
                // Dropped here, outside `block_on`: tasks are dropped, the DNS thread joined.
                drop(runtime);
            })?;
        let result = {
            let (slot, ready) = &*built;
            let mut slot = slot.lock().unwrap_or_else(PoisonError::into_inner);
            loop {
                if let Some(result) = slot.take() {
                    break result;
                }
                if thread.is_finished() {
                    break Err(io::Error::other("the library thread ended while starting"));
                }
                slot = ready
                    .wait_timeout(slot, Duration::from_millis(100))
                    .unwrap_or_else(PoisonError::into_inner)
                    .0;
            }
        };
        let handle = match result {
            Ok(handle) => handle,
            Err(e) => {
                let _ = thread.join();
                return Err(e);
            }
        };
        Ok(Running {
            handle,
            stop,
            thread,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static RUNTIME: LibraryRuntime = LibraryRuntime::new("common-test", "common-test-dns");

    #[test]
    fn tasks_run_on_the_named_library_thread() {
        let handle = RUNTIME.handle().expect("starts");
        let (name, library) = handle
            .block_on(handle.spawn(async {
                (
                    std::thread::current().name().map(str::to_string),
                    is_library_thread(),
                )
            }))
            .expect("joins");
        assert_eq!(name.as_deref(), Some("common-test"));
        assert!(library);
        assert!(!is_library_thread());
    }

    #[test]
    fn blocking_work_runs_on_the_named_dns_thread() {
        let handle = RUNTIME.handle().expect("starts");
        let (name, library) = handle
            .block_on(handle.spawn_blocking(|| {
                (
                    std::thread::current().name().map(str::to_string),
                    is_library_thread(),
                )
            }))
            .expect("joins");
        assert_eq!(name.as_deref(), Some("common-test-dns"));
        assert!(library);
    }

    #[test]
    fn shutdown_joins_the_threads_and_a_later_use_starts_afresh() {
        static OWN: LibraryRuntime = LibraryRuntime::new("common-restart", "common-restart-dns");
        assert!(!OWN.shutdown(), "nothing to stop before first use");
        let first = OWN.handle().expect("starts");
        let thread_id = first
            .block_on(first.spawn(async { std::thread::current().id() }))
            .expect("joins");
        // A task that never ends is dropped by the shutdown, not waited for.
        let (dropped_tx, dropped_rx) = std::sync::mpsc::channel::<()>();
        first.spawn(async move {
            let _signal_on_drop = dropped_tx;
            std::future::pending::<()>().await
        });
        assert!(OWN.is_running());
        assert!(OWN.shutdown());
        assert!(!OWN.is_running());
        assert!(
            dropped_rx.recv().is_err(),
            "the pending task was dropped (its sender with it)"
        );
        // The old handle's runtime is gone: spawning on it gives a task that never runs.
        let late = first.spawn(async { 1 });
        assert!(first.block_on(late).is_err());
        assert!(!OWN.shutdown(), "idempotent");
        let second = OWN.handle().expect("starts again");
        let second_id = second
            .block_on(second.spawn(async { std::thread::current().id() }))
            .expect("joins");
        assert_ne!(thread_id, second_id, "a fresh library thread");
        assert!(OWN.shutdown());
    }
}
