//! `OfferKitRequest`: the handle every asynchronous call returns at once. Its `completed`
//! signal is emitted exactly once, on the main thread during a frame (never inside the call
//! that started it), with the call's `OfferKitResult`:
//!
//! ```gdscript
//! var result: OfferKitResult = await client.offers("player-1", {"limit": 20}).completed
//! ```
//!
//! The addon keeps the request alive until it has completed, so the handle may be dropped.

use godot::prelude::*;

use crate::result::OfferKitResult;

/// One call in flight (or finished).
#[derive(GodotClass)]
#[class(no_init, base = RefCounted)]
pub(crate) struct OfferKitRequest {
    /// The call's result once `completed` was emitted; null before.
    #[var(no_set)]
    result: Option<Gd<OfferKitResult>>,
    id: u64,
    /// Cancels call `id` (the registry of calls in flight, which owns this request).
    cancel: fn(u64, &str),
    base: Base<RefCounted>,
}

#[godot_api]
impl OfferKitRequest {
    /// Emitted once, on the main thread during a frame, when the call has finished.
    #[signal]
    pub(crate) fn completed(result: Gd<OfferKitResult>);

    /// Stops the call: `completed` then comes (next frame) with a `CANCELLED` error, unless it
    /// was already emitted. The HTTP request is aborted.
    #[func]
    fn cancel(&self) {
        (self.cancel)(self.id, "cancelled by OfferKitRequest.cancel()");
    }

    /// Whether `completed` has been emitted.
    #[func]
    fn is_done(&self) -> bool {
        self.result.is_some()
    }
}

impl OfferKitRequest {
    pub(crate) fn create(id: u64, cancel: fn(u64, &str)) -> Gd<OfferKitRequest> {
        Gd::from_init_fn(|base| OfferKitRequest {
            result: None,
            id,
            cancel,
            base,
        })
    }

    /// Stores the result (main thread, by `requests::deliver`, before `completed` is emitted).
    pub(crate) fn set_result(&mut self, result: Gd<OfferKitResult>) {
        self.result = Some(result);
    }
}
