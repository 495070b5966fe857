//! One call in flight: its promise, and `cancel()`, which the TypeScript layer wires to the
//! caller's `AbortSignal`. Cancelling drops core's future where it stands, and with it the
//! attempt in flight, whose `fetch` the executor then aborts (src/js_executor.rs): the service
//! sees the connection closed. A call cancelled before it started sends nothing.

use std::future::Future;

use futures_util::future::{AbortHandle, Aborted, abortable};
use js_sys::Promise;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::future_to_promise;

use crate::failure;

/// A call's promise and its cancel switch.
#[wasm_bindgen]
pub struct Call {
    promise: Promise,
    abort: AbortHandle,
}

#[wasm_bindgen]
impl Call {
    /// Settles with the call's value, or rejects with a failure object (`ts/src/errors.ts`).
    #[wasm_bindgen(getter)]
    pub fn promise(&self) -> Promise {
        self.promise.clone()
    }

    /// Stops the call: its promise rejects with `cancelled` (unless it already settled).
    pub fn cancel(&self) {
        self.abort.abort();
    }
}

/// Starts `work` on the JavaScript event loop.
pub(crate) fn start<F>(work: F) -> Call
where
    F: Future<Output = Result<JsValue, JsValue>> + 'static,
{
    let (work, abort) = abortable(work);
    let promise = future_to_promise(async move {
        match work.await {
            Ok(settled) => settled,
            Err(Aborted) => Err(failure::cancelled()),
        }
    });
    Call { promise, abort }
}
