//! How every query runs, in its two forms: blocking on the caller's thread, or started as an
//! `_async` request whose callback gets the outcome exactly once and owns what it is given
//! (result or error). A [`Query`] is core's future, made once the C layer has checked the
//! arguments (NULL, UTF-8, JSON text: returned by the call itself, no callback runs), and the
//! conversion of its value into what C receives; `crate::queries` and the pager make them, and
//! the body of every `_async` function is `started`, which checks the arguments they all
//! share in one order.

use std::ffi::c_void;
use std::future::Future;

use crate::client::ClientShared;
use crate::failure::Failure;
use crate::handle::Handle;
use crate::out::{self, Out};
use crate::request::{BoxedQuery, Callback, CatchPanic, OfferkitRequest};
use crate::runtime::block_on;

/// A handle queries are made from: a client, or a pager (which keeps what its client shares).
pub(crate) trait QueryHandle: Handle {
    /// The client whose requests an `_async` query joins.
    fn client(&self) -> &ClientShared;
}

/// The body of an `_async` query function: reaches `handle`, checks `callback`, then lets `make`
/// check the query's own arguments and make it, and starts it among the client's requests; the
/// request handle goes to `out_request` unless it is NULL.
pub(crate) fn started<H: QueryHandle, T: Send + 'static, R: 'static>(
    handle: *const H,
    callback: Option<Callback<R>>,
    user_data: *mut c_void,
    out_request: *mut *mut OfferkitRequest,
    make: impl FnOnce(&H) -> Result<Query<T, R>, Failure>,
) -> Result<(), Failure> {
    let handle = H::as_ref(handle)?;
    let callback = callback.ok_or_else(|| Failure::null("callback"))?;
    make(handle)?.start(handle.client(), callback, user_data, out_request)
}

/// A query ready to run: core's future and the conversion of its value for C.
pub(crate) struct Query<T, R> {
    future: BoxedQuery<T>,
    convert: fn(T) -> *mut R,
}

impl<T: Send + 'static, R: 'static> Query<T, R> {
    /// Boxes `future` (so the task machinery is compiled once per result type, not per query).
    pub(crate) fn new(
        future: impl Future<Output = Result<T, Failure>> + Send + 'static,
        convert: fn(T) -> *mut R,
    ) -> Self {
        Query {
            future: Box::pin(future),
            convert,
        }
    }

    /// The blocking form: runs the query on this thread (`WOULD_DEADLOCK` on a library thread,
    /// naming `function`) and writes the converted result to `out`.
    pub(crate) fn block(self, function: &str, out: Out<*mut R>) -> Result<(), Failure> {
        let value = block_on(function, CatchPanic(self.future))??;
        out.write((self.convert)(value));
        Ok(())
    }

    /// The `_async` form: starts the query among `client`'s requests; `callback` gets the
    /// outcome. The request handle goes to `out_request` unless it is NULL.
    fn start(
        self,
        client: &ClientShared,
        callback: Callback<R>,
        user_data: *mut c_void,
        out_request: *mut *mut OfferkitRequest,
    ) -> Result<(), Failure> {
        let request = client.requests.start(
            self.future,
            callback,
            user_data,
            self.convert,
            !out_request.is_null(),
        )?;
        out::write_optional(out_request, || request);
        Ok(())
    }
}
