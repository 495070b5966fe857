//! Asynchronous requests: the request handle, cancellation, and delivery of completions.
//!
//! Every `_async` call registers a request with its client, then spawns one task on the shared
//! runtime. The outcome is decided exactly once by an atomic flag: whichever of "the task
//! finished", "`offerkit_request_cancel`" or "`offerkit_client_free`" sets it first delivers,
//! and the others do nothing, so every callback runs exactly once. Delivery runs the callback on
//! the library thread (thread mode) or queues it for `offerkit_client_poll` (poll mode).

use std::collections::{HashMap, VecDeque};
use std::ffi::c_void;
use std::future::Future;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError, Weak};
use std::task::{Context, Poll};

use tokio::task::AbortHandle;

use crate::boundary::infallible;
use crate::config::{OfferkitDelivery, UserData};
use crate::error::OfferkitError;
use crate::failure::Failure;
use crate::handle::{Handle, free_handle};
use crate::panic::panic_failure;
use crate::runtime::{on_library_thread, runtime};
use crate::status::OfferkitStatus;

/// A delivery waiting to run: converts the outcome and calls the host's callback.
type Job = Box<dyn FnOnce() + Send>;

/// The one-shot step that converts an outcome and calls the host's callback.
type Deliver<T> = Box<dyn FnOnce(Result<T, Failure>) + Send>;

/// A query's future, boxed so the task machinery is compiled once per result type rather than
/// once per query (a size choice: see docs/c-abi-size.md).
pub(crate) type BoxedQuery<T> = Pin<Box<dyn Future<Output = Result<T, Failure>> + Send>>;

/// A completion callback of one result type `R`: `(user_data, status, result, error)`.
pub(crate) type Callback<R> =
    unsafe extern "C" fn(*mut c_void, OfferkitStatus, *mut R, *mut OfferkitError);

/// The requests of one client: those in flight, the poll queue, and how many callbacks are
/// still to run.
pub(crate) struct Requests {
    delivery: OfferkitDelivery,
    state: Mutex<State>,
    changed: Condvar,
}

struct State {
    next_id: u64,
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
    unsafe { callback(user_data.0, status, result, error) };
}

impl Requests {
    pub(crate) fn new(delivery: OfferkitDelivery) -> Arc<Self> {
        Arc::new(Requests {
            delivery,
            state: Mutex::new(State {
                next_id: 0,
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
    /// converted by `convert` (a panic there becomes `internal`).
    pub(crate) fn start<T, R>(
        self: &Arc<Self>,
        future: BoxedQuery<T>,
        callback: Callback<R>,
        user_data: *mut c_void,
        convert: fn(T) -> *mut R,
    ) -> Result<Arc<RequestShared>, Failure>
    where
        T: Send + 'static,
        R: 'static,
    {
        let runtime = runtime()?;
        let user_data = UserData(user_data);
        // Shared by the task and the cancellation; the `decided` flag lets only one use it.
        let deliver: Deliver<T> =
            Box::new(move |outcome| invoke(callback, user_data, outcome, convert));
        let deliver = Arc::new(Mutex::new(Some(deliver)));
        let on_cancel: Job = {
            let deliver = Arc::clone(&deliver);
            Box::new(move || {
                if let Some(deliver) = lock(&deliver).take() {
                    deliver(Err(Failure::cancelled("the request was cancelled")));
                }
            })
        };
        let request = {
            let mut state = lock(&self.state);
            if state.closed {
                return Err(Failure::cancelled("the client was freed"));
            }
            state.next_id += 1;
            let request = Arc::new(RequestShared {
                id: state.next_id,
                decided: AtomicBool::new(false),
                abort: Mutex::new(None),
                on_cancel: Mutex::new(Some(on_cancel)),
                owner: Arc::downgrade(self),
            });
            state.in_flight.insert(request.id, Arc::clone(&request));
            state.outstanding += 1;
            request
        };
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
        let handle = runtime.spawn(task).abort_handle();
        *lock(&request.abort) = Some(handle);
        if request.decided.load(Ordering::Acquire) {
            request.abort_task(); // cancelled before the abort handle was stored
        }
        Ok(request)
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

    /// How many completions wait for a poll.
    #[cfg(feature = "test-hooks")]
    pub(crate) fn queued(&self) -> usize {
        lock(&self.state).queue.len()
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
/// still runs exactly once. `offerkit_request_cancel` may be called from any thread, also
/// while the request completes; do not free a request while another thread cancels it.
pub struct OfferkitRequest {
    shared: Arc<RequestShared>,
}

impl OfferkitRequest {
    pub(crate) fn new(shared: Arc<RequestShared>) -> Self {
        OfferkitRequest { shared }
    }
}

impl Handle for OfferkitRequest {
    const NAME: &'static str = "request";
}

/// Cancels a request: if it has not completed yet, its task (and HTTP exchange) is dropped and
/// its callback reports `OFFERKIT_STATUS_CANCELLED` — later, on a library thread (thread
/// delivery) or from `offerkit_client_poll` (poll delivery), never inside this call. Returns
/// true if this call cancelled it, false if it had already completed or been cancelled (or
/// `request` is NULL); either way the callback runs exactly once.
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

/// Frees a request handle without cancelling the request. `offerkit_request_free(NULL)` does
/// nothing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_request_free(request: *mut OfferkitRequest) {
    free_handle(request);
}
