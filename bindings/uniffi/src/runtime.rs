//! The one tokio runtime of the bindings: built on first use, never one per call. A
//! current-thread runtime driven by one library thread (`offerkit-worker`), whose blocking pool
//! (DNS look-ups of host names only) is capped at one thread (`offerkit-worker-dns`): at most
//! two threads of our own, as a phone wants (built by `offerkit_bindings_common::runtime`,
//! which says why).
//!
//! uniffi's `async_runtime = "tokio"` wraps each exported future in `async_compat::Compat`,
//! which only *enters* a tokio context while the foreign executor (Kotlin coroutines, Swift
//! tasks, asyncio) polls it; outside any runtime that context is async-compat's own
//! single-thread fallback. So every call is spawned here and its `JoinHandle` awaited: the
//! HTTP work always runs on this runtime, and dropping the foreign future (coroutine
//! cancelled, task dropped) aborts the spawned task, which drops the request.

use std::any::Any;
use std::future::Future;
use std::pin::Pin;

use offerkit_bindings_common::panic::panic_message;
use offerkit_bindings_common::runtime::LibraryRuntime;
use tokio::runtime::Handle;
use tokio::task::AbortHandle;

use crate::error::OfferError;

static RUNTIME: LibraryRuntime = LibraryRuntime::new("offerkit-worker", "offerkit-worker-dns");

/// The shared runtime (built, and its thread started, on first use); `Internal` when the
/// system refuses a thread.
pub(crate) fn get() -> Result<Handle, OfferError> {
    RUNTIME.handle().map_err(|e| OfferError::Internal {
        detail: format!("offerkit: cannot start the library runtime: {e}"),
    })
}

/// Runs `future` on the shared runtime and waits for it; dropping the returned future aborts
/// the task (and so the HTTP request). `cancel` fires when the client's `cancel_all` is called.
pub(crate) async fn run<F, T>(cancel: Cancel, future: F) -> Result<T, OfferError>
where
    F: Future<Output = offerkit::Result<T>> + Send + 'static,
    T: Send + 'static,
{
    let erased: Task = Box::pin(async move { Ok(Box::new(future.await?) as Box<dyn Any + Send>) });
    let output = run_erased(cancel, erased).await?;
    output
        .downcast::<T>()
        .map(|value| *value)
        .map_err(|_| OfferError::Internal {
            detail: "offerkit: a call returned an unexpected type".to_string(),
        })
}

/// One type-erased call: every query shares this single instantiation of the spawn, join and
/// select machinery (one generic instantiation per query cost ~20 KB of the library).
type Task = Pin<Box<dyn Future<Output = offerkit::Result<Box<dyn Any + Send>>> + Send>>;

async fn run_erased(cancel: Cancel, future: Task) -> Result<Box<dyn Any + Send>, OfferError> {
    let task = get()?.spawn(async move {
        tokio::select! {
            biased;
            () = cancel.fired() => Err(OfferError::cancelled("cancelled by cancel_all()")),
            result = future => result.map_err(OfferError::from),
        }
    });
    let _abort_on_drop = AbortOnDrop(task.abort_handle());
    match task.await {
        Ok(result) => result,
        Err(join) if join.is_panic() => Err(panicked(join.into_panic().as_ref())),
        Err(_) => Err(OfferError::cancelled("the request was cancelled")),
    }
}

/// The error a call that panicked fails with (its panic caught on the runtime).
pub(crate) fn panicked(payload: &(dyn Any + Send)) -> OfferError {
    OfferError::Internal {
        detail: format!(
            "offerkit panicked: {}",
            panic_message(payload).unwrap_or("(no message)")
        ),
    }
}

/// A ticket taken when a call starts; it fires if `cancel_all` is called afterwards.
pub(crate) struct Cancel(tokio::sync::watch::Receiver<u64>);

impl Cancel {
    /// Completes when `cancel_all` is called (never, once the client is gone).
    async fn fired(mut self) {
        if self.0.changed().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// The source of [`Cancel`] tickets of one client.
pub(crate) struct Canceller(tokio::sync::watch::Sender<u64>);

impl Canceller {
    pub(crate) fn new() -> Self {
        Canceller(tokio::sync::watch::Sender::new(0))
    }

    /// A ticket for a call starting now.
    pub(crate) fn ticket(&self) -> Cancel {
        let mut receiver = self.0.subscribe();
        receiver.mark_unchanged();
        Cancel(receiver)
    }

    /// Fires every ticket taken so far.
    pub(crate) fn cancel_all(&self) {
        self.0
            .send_modify(|generation| *generation = generation.wrapping_add(1));
    }
}

struct AbortOnDrop(AbortHandle);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}
