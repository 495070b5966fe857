//! The host's HTTP executor of one client (`offerkit_config_set_http_executor`): core's
//! `HttpExecutor` seam, carried to C. Each attempt becomes an `OfferkitHttpRequest` handed to the
//! host's execute callback; the attempt's future waits for the one answer; dropping the future
//! (the call was cancelled, its deadline passed) marks the request cancelled and tells the host
//! through its cancel callback. `offerkit_client_free` switches the executor off — telling the
//! host of every request it still holds, and waiting for a callback under way on another
//! thread — so the host's callbacks never run once the client is gone.
//!
//! Where the callbacks run follows the client's delivery, as for token-needed
//! (`crate::token_hook`): on the thread running the attempt (a library thread for `_async`
//! calls, the caller's thread for blocking calls) in thread delivery; in poll delivery never on
//! a library thread — an `_async` call's execute and cancel are queued with the client's
//! completions and run inside `offerkit_client_poll`, a blocking call's run inline on the
//! thread making it.

use std::cell::Cell;
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError, RwLock, Weak};

use offerkit::{BoxFuture, HttpExecutor, HttpFailure, HttpFailureKind, HttpRequest};
use offerkit_bindings_common::runtime::is_library_thread;
use tokio::sync::oneshot;

use crate::http_request::{Answer, OfferkitHttpRequest};
use crate::request::Requests;
use crate::runtime::CallbackScope;
use crate::user_data::UserData;

/// Sends one HTTP attempt through the host's stack. `request` is the host's reference: read it
/// with the `offerkit_http_request_*` accessors, answer it once (`offerkit_http_request_respond`
/// or `offerkit_http_request_fail`, now or later, from any thread), then free it
/// (`offerkit_http_request_free`; freed unanswered, the attempt fails as network). Must return
/// quickly (hand the request to the stack, do not wait for the answer), not unwind, and not
/// free the client. Where it runs: see `offerkit_config_set_http_executor`.
pub type OfferkitHttpExecuteCallback =
    Option<unsafe extern "C" fn(user_data: *mut c_void, request: *mut OfferkitHttpRequest)>;

/// Tells the host, once, that offerkit no longer wants the answer to `request` (its call was
/// cancelled, its deadline passed, its client is being freed): stop the transfer; an answer is
/// now refused with `OFFERKIT_STATUS_CANCELLED`, and the host still frees its reference.
/// `request` is borrowed for the call (valid even if the host frees it meanwhile on another
/// thread). Never called for a request the host has answered or freed. Same rules as execute.
pub type OfferkitHttpCancelCallback =
    Option<unsafe extern "C" fn(user_data: *mut c_void, request: *const OfferkitHttpRequest)>;

pub(crate) type ExecuteFn = unsafe extern "C" fn(*mut c_void, *mut OfferkitHttpRequest);
pub(crate) type CancelFn = unsafe extern "C" fn(*mut c_void, *const OfferkitHttpRequest);

/// The host's executor as a config keeps it.
#[derive(Clone, Copy)]
pub(crate) struct ExecutorCallbacks {
    pub(crate) execute: ExecuteFn,
    pub(crate) cancel: Option<CancelFn>,
    pub(crate) user_data: UserData,
}

/// The host's callbacks, the client's poll queue, the requests the host holds, and the switch
/// that turns them off.
pub(crate) struct ExecutorHook {
    callbacks: ExecutorCallbacks,
    poll_queue: Option<Weak<Requests>>,
    /// Requests handed to the host whose attempt still waits, by id.
    live: Mutex<HashMap<u64, Weak<OfferkitHttpRequest>>>,
    off: AtomicBool,
    gate: RwLock<()>,
}

thread_local! {
    static IN_EXECUTOR_CALLBACK: Cell<u32> = const { Cell::new(0) };
}

/// The message of an attempt whose client was freed before the host saw it.
const CLIENT_FREED: &str = "the client was freed before its HTTP executor got the request";

impl ExecutorHook {
    pub(crate) fn new(callbacks: ExecutorCallbacks, poll_queue: Option<Weak<Requests>>) -> Self {
        ExecutorHook {
            callbacks,
            poll_queue,
            live: Mutex::new(HashMap::new()),
            off: AtomicBool::new(false),
            gate: RwLock::new(()),
        }
    }

    /// Runs `job` now, or (poll delivery, on a library thread) queues it for the client's next
    /// poll; false when it can run nowhere (the client is being freed).
    fn run_or_queue(&self, job: impl FnOnce() + Send + 'static) -> bool {
        if let Some(queue) = &self.poll_queue {
            if is_library_thread() {
                return queue
                    .upgrade()
                    .is_some_and(|requests| requests.queue_callback(Box::new(job)));
            }
        }
        job();
        true
    }

    /// Hands `request` to the host (now or at the next poll); once the hook is off, answers it
    /// as network itself.
    fn execute(self: &Arc<Self>, request: Arc<OfferkitHttpRequest>) {
        let hook = Arc::clone(self);
        let queued = Arc::clone(&request);
        let handed = self.run_or_queue(move || hook.call_execute(queued));
        if !handed {
            request.answer_internally(Err(HttpFailure::new(
                HttpFailureKind::Network,
                CLIENT_FREED,
            )));
        }
    }

    fn call_execute(&self, request: Arc<OfferkitHttpRequest>) {
        let _running = self.gate.read().unwrap_or_else(PoisonError::into_inner);
        if self.off.load(Ordering::Acquire) || request.is_cancelled() {
            // Never reached the host: nothing for it to free or be told about.
            request.answer_internally(Err(HttpFailure::new(
                HttpFailureKind::Network,
                CLIENT_FREED,
            )));
            return;
        }
        self.live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(request.id(), Arc::downgrade(&request));
        let host = OfferkitHttpRequest::into_host(request);
        let _inside = CallbackScope::enter();
        IN_EXECUTOR_CALLBACK.set(IN_EXECUTOR_CALLBACK.get() + 1);
        // SAFETY: the host's callback and user data, valid until the client is freed (contract);
        // `host` is a reference the host now owns and frees.
        unsafe { (self.callbacks.execute)(self.callbacks.user_data.0, host) };
        IN_EXECUTOR_CALLBACK.set(IN_EXECUTOR_CALLBACK.get() - 1);
    }

    /// The attempt no longer waits for `request` (its future was dropped unanswered): marks it
    /// cancelled and tells the host, unless it was told already or has answered or freed it.
    fn dropped(self: &Arc<Self>, request: Arc<OfferkitHttpRequest>) {
        self.forget(&request);
        if !request.cancel() || !request.awaits_host() || self.callbacks.cancel.is_none() {
            return;
        }
        let hook = Arc::clone(self);
        self.run_or_queue(move || {
            let _running = hook.gate.read().unwrap_or_else(PoisonError::into_inner);
            if !hook.off.load(Ordering::Acquire) {
                hook.call_cancel(&request);
            }
        });
    }

    fn forget(&self, request: &OfferkitHttpRequest) {
        self.live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&request.id());
    }

    /// Calls the host's cancel callback on this thread if the host still holds `request`.
    fn call_cancel(&self, request: &Arc<OfferkitHttpRequest>) {
        let Some(cancel) = self.callbacks.cancel else {
            return;
        };
        if !request.awaits_host() {
            return;
        }
        let _inside = CallbackScope::enter();
        IN_EXECUTOR_CALLBACK.set(IN_EXECUTOR_CALLBACK.get() + 1);
        // SAFETY: the host's callback and user data (valid until the client is freed); the
        // request is kept alive by `request` for the call.
        unsafe { cancel(self.callbacks.user_data.0, Arc::as_ptr(request)) };
        IN_EXECUTOR_CALLBACK.set(IN_EXECUTOR_CALLBACK.get() - 1);
    }

    /// The client is being freed: no callback runs after this returns. Waits for a callback
    /// running on another thread, then tells the host (on this thread) of every request it
    /// still holds unanswered.
    pub(crate) fn switch_off(&self) {
        self.off.store(true, Ordering::Release);
        if IN_EXECUTOR_CALLBACK.get() == 0 {
            drop(self.gate.write().unwrap_or_else(PoisonError::into_inner));
        }
        let held: Vec<Arc<OfferkitHttpRequest>> = self
            .live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .drain()
            .filter_map(|(_, request)| request.upgrade())
            .collect();
        for request in held {
            if request.cancel() {
                self.call_cancel(&request);
            }
        }
    }
}

/// Core's executor for a client with a host executor.
pub(crate) struct HostExecutor(pub(crate) Arc<ExecutorHook>);

/// Tells the hook when an attempt's future is dropped before its answer arrived.
struct Waiting {
    hook: Arc<ExecutorHook>,
    request: Option<Arc<OfferkitHttpRequest>>,
}

impl Drop for Waiting {
    fn drop(&mut self) {
        if let Some(request) = self.request.take() {
            self.hook.dropped(request);
        }
    }
}

impl HttpExecutor for HostExecutor {
    fn execute(&self, request: HttpRequest) -> BoxFuture<'static, Answer> {
        let hook = Arc::clone(&self.0);
        Box::pin(async move {
            let (reply, answer) = oneshot::channel();
            let request = OfferkitHttpRequest::new(request, reply);
            let mut waiting = Waiting {
                hook: Arc::clone(&hook),
                request: Some(Arc::clone(&request)),
            };
            hook.execute(request);
            let answer = answer.await;
            if let Some(request) = waiting.request.take() {
                hook.forget(&request);
            }
            answer.unwrap_or_else(|_| {
                Err(HttpFailure::new(
                    HttpFailureKind::Network,
                    "the host executor released the request without answering",
                ))
            })
        })
    }
}
