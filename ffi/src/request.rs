//! Asynchronous requests: the request handle, cancellation, and delivery of completions.
//!
//! Every `_async` call registers a request with its client, then spawns one task on the shared
//! runtime. The outcome is decided exactly once by an atomic flag: whichever of "the task
//! finished", "`offerkit_request_cancel`" or "`offerkit_client_free`" sets it first delivers,
//! and the others do nothing, so every callback runs exactly once. Delivery runs the callback on
//! the library thread (thread mode) or queues it for `offerkit_client_poll` (poll mode); the
//! poll queue also carries other callbacks of the client that must run on the polling thread
//! (token-needed, `crate::token_hook`).
//!
//! The request handle C holds is reference-counted: the host's handle (when it asked for one)
//! and the pending delivery each hold a reference, so the callback receives the very pointer
//! the `_async` call handed out even when the host has freed its handle first.

use std::collections::{HashMap, VecDeque};
use std::ffi::c_void;
use std::future::Future;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError, Weak};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use tokio::task::AbortHandle;

use crate::delivery::OfferkitDelivery;
use crate::error::OfferkitError;
use crate::failure::Failure;
use crate::handle::{Handle, free_handle};
use crate::panic::{infallible, panic_failure};
use crate::runtime::{CallbackScope, on_library_thread, runtime};
use crate::shutdown::Alive;
use crate::status::OfferkitStatus;
use crate::user_data::UserData;

/// A callback waiting to run: a delivery (converts the outcome and calls the host's completion
/// callback) or another callback of the client queued for poll.
pub(crate) type Job = Box<dyn FnOnce() + Send>;

/// The one-shot step that converts an outcome and calls the host's callback.
type Deliver<T> = Box<dyn FnOnce(Result<T, Failure>) + Send>;

/// A query's future, boxed so the task machinery is compiled once per result type rather than
/// once per query (a size choice: see docs/c-abi-size.md).
pub(crate) type BoxedQuery<T> = Pin<Box<dyn Future<Output = Result<T, Failure>> + Send>>;

/// A completion callback of one result type `R`: `(user_data, request, status, result, error)`.
pub(crate) type Callback<R> = unsafe extern "C" fn(
    *mut c_void,
    *const OfferkitRequest,
    OfferkitStatus,
    *mut R,
    *mut OfferkitError,
);

/// The id of the next request, process-wide (never 0).
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// The requests of one client: those in flight, the poll queue, and how many callbacks are
/// still to run. The client counts as alive (for `offerkit_shutdown`) until this is dropped,
/// after the last task and callback of the client.
pub(crate) struct Requests {
    delivery: OfferkitDelivery,
    state: Mutex<State>,
    changed: Condvar,
    _alive: Alive,
}

struct State {
    in_flight: HashMap<u64, Arc<RequestShared>>,
    queue: VecDeque<Job>,
    /// Requests started whose callback has not finished running.
    outstanding: usize,
    closed: bool,
    /// `close` returned without waiting (it ran on a library thread): from now on a completion
    /// that would be queued runs at once instead, since nobody will poll this client again.
    abandoned: bool,
}

/// One request, shared by its task, its handle and its client.
pub(crate) struct RequestShared {
    id: u64,
    decided: AtomicBool,
    abort: Mutex<Option<AbortHandle>>,
    on_cancel: Mutex<Option<Job>>,
    owner: Weak<Requests>,
}

thread_local! {
    /// The `Requests` (by address) whose completion callbacks run on this thread, innermost
    /// last (a callback may poll another client, or its own, and so nest).
    static RUNNING_CALLBACKS_OF: std::cell::RefCell<Vec<usize>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl RequestShared {
    /// Claims the right to deliver; true for exactly one caller.
    fn decide(&self) -> bool {
        self.decided
            .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
    }

    fn abort_task(&self) {
        if let Some(handle) = lock(&self.abort).take() {
            handle.abort();
        }
    }
}

/// Polls a future, turning a panic inside it into an `internal` failure.
pub(crate) struct CatchPanic<F: ?Sized>(pub(crate) Pin<Box<F>>);

impl<T, F: Future<Output = Result<T, Failure>> + ?Sized> Future for CatchPanic<F> {
    type Output = Result<T, Failure>;
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let inner = self.0.as_mut();
        match catch_unwind(AssertUnwindSafe(|| inner.poll(cx))) {
            Ok(poll) => poll,
            Err(payload) => Poll::Ready(Err(panic_failure(payload.as_ref()))),
        }
    }
}

/// Converts an outcome and calls `callback` once with it; the callback owns what it gets.
fn invoke<T, R>(
    callback: Callback<R>,
    user_data: UserData,
    request: &RequestRef,
    outcome: Result<T, Failure>,
    convert: fn(T) -> *mut R,
) {
    let converted = outcome.and_then(|value| {
        catch_unwind(AssertUnwindSafe(|| convert(value)))
            .map_err(|payload| panic_failure(payload.as_ref()))
    });
    let (status, result, error) = match converted {
        Ok(result) => (OfferkitStatus::Ok, result, std::ptr::null_mut()),
        Err(failure) => (
            failure.status,
            std::ptr::null_mut(),
            OfferkitError::into_raw(failure),
        ),
    };
    // SAFETY: the host registered this callback for exactly this call (contract: it must not
    // unwind; an unwind out of an `extern "C"` function aborts instead).
    unsafe { callback(user_data.0, request.0, status, result, error) };
}

impl Requests {
    pub(crate) fn new(delivery: OfferkitDelivery, alive: Alive) -> Arc<Self> {
        Arc::new(Requests {
            delivery,
            _alive: alive,
            state: Mutex::new(State {
                in_flight: HashMap::new(),
                queue: VecDeque::new(),
                outstanding: 0,
                closed: false,
                abandoned: false,
            }),
            changed: Condvar::new(),
        })
    }

    pub(crate) fn is_closed(&self) -> bool {
        lock(&self.state).closed
    }

    /// Registers a request and spawns `future`; its outcome reaches `callback` exactly once,
    /// converted by `convert` (a panic there becomes `internal`). Returns the request handle,
    /// holding a reference for the host when `for_host` (the host frees it), none otherwise.
    pub(crate) fn start<T, R>(
        self: &Arc<Self>,
        future: BoxedQuery<T>,
        callback: Callback<R>,
        user_data: *mut c_void,
        convert: fn(T) -> *mut R,
        for_host: bool,
    ) -> Result<*mut OfferkitRequest, Failure>
    where
        T: Send + 'static,
        R: 'static,
    {
        let runtime = runtime()?;
        let user_data = UserData(user_data);
        let request = Arc::new(RequestShared {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            decided: AtomicBool::new(false),
            abort: Mutex::new(None),
            on_cancel: Mutex::new(None),
            owner: Arc::downgrade(self),
        });
        // One reference for the delivery, one for the host's handle if it wants one.
        let handle = OfferkitRequest {
            shared: Arc::clone(&request),
            refs: AtomicUsize::new(1 + usize::from(for_host)),
        }
        .into_ptr();
        let delivery_ref = RequestRef(handle);
        // Shared by the task and the cancellation; the `decided` flag lets only one use it.
        let deliver: Deliver<T> = Box::new(move |outcome| {
            invoke(callback, user_data, &delivery_ref, outcome, convert);
        });
        let deliver = Arc::new(Mutex::new(Some(deliver)));
        *lock(&request.on_cancel) = Some({
            let deliver = Arc::clone(&deliver);
            Box::new(move || {
                if let Some(deliver) = lock(&deliver).take() {
                    deliver(Err(Failure::cancelled("the request was cancelled")));
                }
            })
        });
        {
            let mut state = lock(&self.state);
            if state.closed {
                drop(state);
                // Nothing was started: the handle is not handed out and no callback runs.
                lock(&request.on_cancel).take();
                drop(deliver);
                if for_host {
                    unref(handle);
                }
                return Err(Failure::cancelled("the client was freed"));
            }
            state.in_flight.insert(request.id, Arc::clone(&request));
            state.outstanding += 1;
        }
        let task = {
            let request = Arc::clone(&request);
            let requests = Arc::clone(self);
            let future = CatchPanic(future);
            async move {
                let outcome = future.await;
                if requests.decide(&request) {
                    requests.dispatch(Box::new(move || {
                        if let Some(deliver) = lock(&deliver).take() {
                            deliver(outcome);
                        }
                    }));
                }
            }
        };
        let abort = runtime.spawn(task).abort_handle();
        *lock(&request.abort) = Some(abort);
        if request.decided.load(Ordering::Acquire) {
            request.abort_task(); // cancelled before the abort handle was stored
        }
        Ok(handle)
    }

    /// Claims delivery for `request` and forgets it as in flight.
    fn decide(&self, request: &RequestShared) -> bool {
        if !request.decide() {
            return false;
        }
        lock(&self.state).in_flight.remove(&request.id);
        true
    }

    /// Runs a job and counts its callback as done.
    fn run(&self, job: Job) {
        // Remember whose callback this thread is running, so that freeing this client from
        // inside it does not wait for the very callback that frees it.
        let me = self as *const Requests as usize;
        RUNNING_CALLBACKS_OF.with(|r| r.borrow_mut().push(me));
        infallible((), || {
            let _inside = CallbackScope::enter();
            job();
            Ok(())
        });
        RUNNING_CALLBACKS_OF.with(|r| r.borrow_mut().pop());
        let mut state = lock(&self.state);
        state.outstanding -= 1;
        self.changed.notify_all();
    }

    /// Delivers a finished request from its task (on a library thread).
    fn dispatch(&self, job: Job) {
        match self.delivery {
            OfferkitDelivery::Thread => self.run(job),
            OfferkitDelivery::Poll => {
                crate::test_hooks::before_queueing();
                self.enqueue(job)
            }
        }
    }

    fn enqueue(&self, job: Job) {
        let mut state = lock(&self.state);
        if state.abandoned {
            drop(state);
            self.run(job);
            return;
        }
        state.queue.push_back(job);
        self.changed.notify_all();
    }

    /// Cancels `request` if it is still undecided; its callback reports `cancelled` on a
    /// library thread (thread mode) or at the next poll (poll mode).
    pub(crate) fn cancel(self: &Arc<Self>, request: &Arc<RequestShared>) -> bool {
        if !self.decide(request) {
            return false;
        }
        request.abort_task();
        let job = lock(&request.on_cancel)
            .take()
            .unwrap_or_else(|| Box::new(|| {}));
        match self.delivery {
            OfferkitDelivery::Poll => self.enqueue(job),
            OfferkitDelivery::Thread => {
                let requests = Arc::clone(self);
                match runtime() {
                    Ok(rt) => {
                        rt.spawn(async move { requests.run(job) });
                    }
                    Err(_) => self.run(job), // unreachable: a request implies a runtime
                }
            }
        }
        true
    }

    /// Queues another callback of the client (token-needed) for poll, counted like a
    /// completion; false (nothing queued) once the client is being freed.
    pub(crate) fn queue_callback(&self, job: Job) -> bool {
        let mut state = lock(&self.state);
        if state.closed {
            return false;
        }
        state.outstanding += 1;
        state.queue.push_back(job);
        self.changed.notify_all();
        true
    }

    /// How many callbacks wait for a poll (0 in thread delivery).
    pub(crate) fn pending(&self) -> usize {
        lock(&self.state).queue.len()
    }

    pub(crate) fn delivery(&self) -> OfferkitDelivery {
        self.delivery
    }

    /// Waits until a callback is queued for poll, or `timeout` has passed.
    pub(crate) fn wait_queued(&self, timeout: Duration) {
        let deadline = Instant::now().checked_add(timeout);
        let mut state = lock(&self.state);
        while state.queue.is_empty() {
            let left = match deadline {
                Some(deadline) => deadline.saturating_duration_since(Instant::now()),
                None => timeout,
            };
            if left.is_zero() {
                break;
            }
            state = self
                .changed
                .wait_timeout(state, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    /// Runs up to `max` queued callbacks (0: those queued now) on this thread.
    pub(crate) fn poll(&self, max: usize) -> usize {
        let limit = if max == 0 {
            lock(&self.state).queue.len()
        } else {
            max
        };
        let mut ran = 0;
        while ran < limit {
            let Some(job) = lock(&self.state).queue.pop_front() else {
                break;
            };
            self.run(job);
            ran += 1;
        }
        ran
    }

    /// The client is being freed: cancel what is in flight, deliver every outstanding callback
    /// (cancellations and queued completions run here, on the calling thread) and wait for
    /// callbacks running on library threads — unless this is a library thread itself. Freed
    /// from inside its own callbacks on a host thread (poll delivery), it waits for everything
    /// but those callbacks, which cannot finish before it returns: a completion the library
    /// thread has decided but not queued yet is then still delivered here, not after.
    pub(crate) fn close(&self) {
        let pending: Vec<Arc<RequestShared>> = {
            let mut state = lock(&self.state);
            state.closed = true;
            state.in_flight.drain().map(|(_, r)| r).collect()
        };
        for request in pending {
            if request.decide() {
                request.abort_task();
                if let Some(job) = lock(&request.on_cancel).take() {
                    self.run(job);
                } else {
                    self.run(Box::new(|| {}));
                }
            }
        }
        let me = self as *const Requests as usize;
        // This thread's own callbacks of this client count as outstanding until they return.
        let own = RUNNING_CALLBACKS_OF.with(|r| r.borrow().iter().filter(|&&a| a == me).count());
        let library_thread = on_library_thread();
        let mut state = lock(&self.state);
        loop {
            if let Some(job) = state.queue.pop_front() {
                drop(state);
                self.run(job);
                state = lock(&self.state);
                continue;
            }
            if state.outstanding <= own {
                break;
            }
            if library_thread {
                state.abandoned = true;
                break;
            }
            state = self
                .changed
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// A request started by an `_async` call. Owned by the caller: free it with
/// `offerkit_request_free` whenever convenient — freeing does not cancel, and the callback
/// still runs exactly once, receiving this same pointer (reference-counted inside: freed for
/// good once both the host's handle and the delivery are done). `offerkit_request_cancel` may be
/// called from any thread, also while the request completes; do not free a request while
/// another thread cancels it.
pub struct OfferkitRequest {
    shared: Arc<RequestShared>,
    refs: AtomicUsize,
}

impl Handle for OfferkitRequest {
    const NAME: &'static str = "request";

    /// Gives up the host's reference; the delivery may still hold one.
    fn release(self: Box<Self>) {
        unref(Box::into_raw(self));
    }
}

/// Drops one reference to a request handle; the last one frees it.
fn unref(ptr: *mut OfferkitRequest) {
    // SAFETY: made by `Handle::into_ptr` in `Requests::start`; `refs` counts the holders (the
    // host's handle, the delivery), so it is live until the last of them gets here.
    let last = unsafe { &*ptr }.refs.fetch_sub(1, Ordering::AcqRel) == 1;
    if last {
        // SAFETY: the last holder: nobody else can reach it any more.
        drop(unsafe { Box::from_raw(ptr) });
    }
}

/// The delivery's reference to its request handle, given up when the delivery is done (or
/// dropped without running).
struct RequestRef(*mut OfferkitRequest);

// SAFETY: the handle it points to is `Sync` (an `Arc` and an atomic), and the reference count
// makes it live for as long as this exists, on whichever thread.
unsafe impl Send for RequestRef {}

impl Drop for RequestRef {
    fn drop(&mut self) {
        unref(self.0);
    }
}

/// Cancels a request: if it has not completed yet, its task (and HTTP exchange) is dropped and
/// its callback reports `OFFERKIT_STATUS_CANCELLED` — later, on a library thread (thread
/// delivery) or from `offerkit_client_poll` (poll delivery), never inside this call. Returns
/// true if this call cancelled it, false if it had already completed or been cancelled (also
/// inside its own callback), or `request` is NULL; either way the callback runs exactly once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_request_cancel(request: *const OfferkitRequest) -> bool {
    infallible(false, || {
        let request = OfferkitRequest::as_ref(request)?;
        Ok(match request.shared.owner.upgrade() {
            Some(requests) => requests.cancel(&request.shared),
            None => false, // its client is gone, and freeing the client decided every request
        })
    })
}

/// The request's id: unique among the requests of this process, never 0 (0 for NULL). Lets one
/// callback serve many requests. Thread-safe.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_request_id(request: *const OfferkitRequest) -> u64 {
    infallible(0, || Ok(OfferkitRequest::as_ref(request)?.shared.id))
}

/// Frees a request handle without cancelling the request. `offerkit_request_free(NULL)` does
/// nothing. The callback still receives the same pointer (valid during its call).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_request_free(request: *mut OfferkitRequest) {
    free_handle(request);
}
