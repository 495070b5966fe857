//! The calls in flight: each is a task on the runtime thread and an `OfferKitRequest` held
//! here (main thread) until its result is delivered — once, during a frame, by the pump. A
//! cancelled call (its own `cancel()`, its client's `cancel_all()`, or its client freed) has
//! its task aborted, which drops the HTTP request, and is delivered as `CANCELLED` even when
//! its answer had already arrived but was not yet delivered.
//!
//! A GDScript function that `await`s a request and whose object is freed first would leak
//! what its stack holds (the request among it): when Godot frees such an object it disconnects
//! the waiting function state, and clears its stack only if something else still holds the
//! state; the connection usually held the last reference, and a function state freed that way
//! keeps its stack (godotengine/godot#99383). So the registry holds every function state
//! awaiting a pending request (found on the request's `completed` connections, a deferred call
//! after the request is made and again each frame) until the request is delivered: the stack
//! is then always cleared, and nothing leaks.

use std::cell::RefCell;
use std::collections::HashMap;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicU64, Ordering};

use futures_util::FutureExt;
use godot::prelude::*;
use offerkit_bindings_common::panic::panic_message;
use tokio::task::AbortHandle;

use crate::failure::Failure;
use crate::request::OfferKitRequest;
use crate::result::OfferKitResult;
use crate::{mailbox, pump, runtime};

struct Entry {
    request: Gd<OfferKitRequest>,
    /// The serial of the client that started the call.
    client: u64,
    abort: Option<AbortHandle>,
    /// Set by a cancellation: the result delivered is then `CANCELLED` with this text.
    cancelled: Option<String>,
    /// The GDScript function states awaiting `completed` (see the module comment).
    awaiting: Vec<Gd<RefCounted>>,
}

thread_local! {
    static PENDING: RefCell<HashMap<u64, Entry>> = RefCell::new(HashMap::new());
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// Starts `call` on the runtime for client `client`; on the main thread, `convert` makes the
/// result object from its answer. Returns the handle GDScript awaits (main thread only).
pub(crate) fn start<T, F, C>(client: u64, call: F, convert: C) -> Gd<OfferKitRequest>
where
    F: Future<Output = Result<T, Failure>> + Send + 'static,
    T: Send + 'static,
    C: FnOnce(T) -> Gd<OfferKitResult> + Send + 'static,
{
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    let abort = match runtime::handle() {
        Ok(handle) => {
            let task = handle.spawn(async move {
                let outcome = match AssertUnwindSafe(call).catch_unwind().await {
                    Ok(outcome) => outcome,
                    Err(panic) => Err(Failure::internal(format!(
                        "offerkit panicked: {}",
                        panic_message(panic.as_ref()).unwrap_or("(no message)")
                    ))),
                };
                mailbox::post(move || {
                    deliver(id, move || match outcome {
                        Ok(value) => convert(value),
                        Err(failure) => OfferKitResult::failure(&failure),
                    });
                });
            });
            Some(task.abort_handle())
        }
        Err(failure) => {
            mailbox::post(move || deliver(id, move || OfferKitResult::failure(&failure)));
            None
        }
    };
    register(id, client, abort)
}

/// A call that fails before it starts (a Godot value core cannot take); delivered like any
/// other result, during a later frame.
pub(crate) fn fail(client: u64, failure: Failure) -> Gd<OfferKitRequest> {
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    mailbox::post(move || deliver(id, move || OfferKitResult::failure(&failure)));
    register(id, client, None)
}

fn register(id: u64, client: u64, abort: Option<AbortHandle>) -> Gd<OfferKitRequest> {
    pump::ensure_connected();
    pump::every_frame(hold_all_awaiting);
    let mut request = OfferKitRequest::create(id, cancel);
    let entry = Entry {
        request: request.clone(),
        client,
        abort,
        cancelled: None,
        awaiting: Vec::new(),
    };
    PENDING.with(|pending| pending.borrow_mut().insert(id, entry));
    // The caller `await`s right after this returns; a deferred call runs before the end of the
    // frame, when a node freed with `queue_free()` goes.
    request.run_deferred_gd(move |_| hold_awaiting(id));
    request
}

/// Holds the function states now awaiting call `id` (main thread).
fn hold_awaiting(id: u64) {
    PENDING.with(|pending| {
        let mut pending = pending.borrow_mut();
        let Some(entry) = pending.get_mut(&id) else {
            return;
        };
        let connections = entry
            .request
            .upcast_ref::<RefCounted>()
            .get_signal_connection_list("completed");
        for connection in connections.iter_shared() {
            let Some(object) = connection
                .get("callable")
                .and_then(|c| c.try_to::<Callable>().ok())
                .and_then(|c| c.object())
            else {
                continue;
            };
            if !object.is_class("GDScriptFunctionState") {
                continue;
            }
            let Ok(state) = object.try_cast::<RefCounted>() else {
                continue;
            };
            if !entry
                .awaiting
                .iter()
                .any(|held| held.instance_id() == state.instance_id())
            {
                entry.awaiting.push(state);
            }
        }
    });
}

/// Holds the function states awaiting any pending call (main thread, once per frame).
fn hold_all_awaiting() {
    let ids: Vec<u64> = PENDING.with(|pending| pending.borrow().keys().copied().collect());
    for id in ids {
        hold_awaiting(id);
    }
}

/// Completes call `id` (main thread, from a mailbox job): stores the result on the request
/// and emits `completed`. Only the first delivery of a call counts.
fn deliver(id: u64, make: impl FnOnce() -> Gd<OfferKitResult>) {
    let Some(entry) = PENDING.with(|pending| pending.borrow_mut().remove(&id)) else {
        return;
    };
    let result = match &entry.cancelled {
        Some(why) => OfferKitResult::failure(&Failure::cancelled(why)),
        None => make(),
    };
    let mut request = entry.request;
    request.bind_mut().set_result(result.clone());
    // No borrow of ours is held here: the handlers may start or cancel calls.
    request.signals().completed().emit(&result);
    // Resumed (or disconnected by Godot when their object was freed, stack cleared): let go.
    drop(entry.awaiting);
}

/// Cancels call `id` if it is still pending (main thread).
pub(crate) fn cancel(id: u64, why: &str) {
    let cancelled = PENDING.with(|pending| {
        let mut pending = pending.borrow_mut();
        let Some(entry) = pending.get_mut(&id) else {
            return false;
        };
        if entry.cancelled.is_some() {
            return false;
        }
        entry.cancelled = Some(why.to_string());
        if let Some(abort) = &entry.abort {
            abort.abort();
        }
        true
    });
    if cancelled {
        let why = why.to_string();
        mailbox::post(move || {
            deliver(id, move || {
                OfferKitResult::failure(&Failure::cancelled(&why))
            })
        });
    }
}

/// Cancels every pending call of client `client` (main thread).
pub(crate) fn cancel_client(client: u64, why: &str) {
    let ids: Vec<u64> = PENDING
        .try_with(|pending| {
            pending
                .borrow()
                .iter()
                .filter(|(_, entry)| entry.client == client)
                .map(|(id, _)| *id)
                .collect()
        })
        .unwrap_or_default();
    for id in ids {
        cancel(id, why);
    }
}

/// How many calls of client `client` have not completed yet.
pub(crate) fn pending_of(client: u64) -> usize {
    PENDING.with(|pending| {
        pending
            .borrow()
            .values()
            .filter(|e| e.client == client)
            .count()
    })
}

/// Aborts and forgets every call (the extension is being unloaded).
pub(crate) fn forget_all() {
    let all = PENDING
        .try_with(|pending| std::mem::take(&mut *pending.borrow_mut()))
        .unwrap_or_default();
    for entry in all.values() {
        if let Some(abort) = &entry.abort {
            abort.abort();
        }
    }
}
