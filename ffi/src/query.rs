//! How every query runs, in its two forms: blocking on the caller's thread, or started as an
//! `_async` request whose callback gets the outcome exactly once and owns what it is given
//! (result or error). A [`Query`] is core's future, made once the C layer has checked the
//! arguments (NULL, UTF-8, JSON text: returned by the call itself, no callback runs), and the
//! conversion of its value into what C receives; the `query_*` modules make them.

use std::ffi::{c_char, c_void};
use std::future::Future;

use crate::client::ClientShared;
use crate::error::{Failure, OfferkitError};
use crate::handle::Handle;
use crate::offers::OfferkitOfferList;
use crate::out::{self, Out};
use crate::player_offers::OfferkitPlayerOffersPage;
use crate::request::{BoxedQuery, Callback, CatchPanic, OfferkitRequest};
use crate::runtime::block_on;
use crate::status::OfferkitStatus;

/// Receives the outcome of an `_async` call returning offers: on `OFFERKIT_STATUS_OK`, `list` is
/// an owned list (free with `offerkit_offer_list_free`) and `error` is NULL; otherwise `list` is
/// NULL and `error` is an owned error (free with `offerkit_error_free`) whose kind equals
/// `status`. Runs exactly once per request (see `offerkit_config_set_delivery` for where).
pub type OfferkitOfferListCallback = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        status: OfferkitStatus,
        list: *mut OfferkitOfferList,
        error: *mut OfferkitError,
    ),
>;

/// Receives the outcome of an `_async` call returning a `playerOffers` page: like
/// `OfferkitOfferListCallback`, with an owned page (free with `offerkit_player_offers_page_free`).
/// From `offerkit_player_offers_pager_next_async`, `page` is NULL with `OFFERKIT_STATUS_OK` when
/// the pager had already passed the last page.
pub type OfferkitPlayerOffersPageCallback = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        status: OfferkitStatus,
        page: *mut OfferkitPlayerOffersPage,
        error: *mut OfferkitError,
    ),
>;

/// Receives the outcome of an `_async` call returning JSON text (`links`, raw GraphQL): like
/// `OfferkitOfferListCallback`, with an owned string (free with `offerkit_string_free`).
pub type OfferkitJsonCallback = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        status: OfferkitStatus,
        json: *mut c_char,
        error: *mut OfferkitError,
    ),
>;

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
    pub(crate) fn start(
        self,
        client: &ClientShared,
        callback: Callback<R>,
        user_data: *mut c_void,
        out_request: *mut *mut OfferkitRequest,
    ) -> Result<(), Failure> {
        let request = client
            .requests
            .start(self.future, callback, user_data, self.convert)?;
        out::write_optional(out_request, || OfferkitRequest::new(request).into_ptr());
        Ok(())
    }
}

/// The completion callback of an `_async` call, which must not be NULL.
pub(crate) fn required_callback<R>(callback: Option<Callback<R>>) -> Result<Callback<R>, Failure> {
    callback.ok_or_else(|| Failure::null("callback"))
}
