//! `OfferkitPlayerOffersPager`: follows `playerOffers`' `next_cursor` page by page until the
//! last one, blocking or asynchronously.

use std::ffi::{c_char, c_void};
use std::future::Future;
use std::sync::Arc;

use offerkit::PlayerOffersPager;

use crate::client::{
    ClientShared, OfferkitPlayerOffersOptions, OfferkitPlayerOffersPageCallback, asynchronous,
    blocking, callback as require_callback, check_out, client_arc, player_offers_options,
};
use crate::error::{Failure, OfferkitError};
use crate::panic::{boundary, guard};
use crate::player_offers::OfferkitPlayerOffersPage;
use crate::request::OfferkitRequest;
use crate::status::OfferkitStatus;
use crate::strings;

/// A pager over every page of `playerOffers`. Owned by the caller: free with
/// `offerkit_player_offers_pager_free` (a `next` under way keeps what it needs alive).
/// Thread-safe: concurrent `next` calls run one after the other. A page that failed on the way
/// (network, timeout, server, …) leaves the position unchanged, so `next` may be called again;
/// a walk that does not advance (a repeated cursor, more than `max_pages` pages) is over.
pub struct OfferkitPlayerOffersPager {
    client: Arc<ClientShared>,
    pager: Arc<tokio::sync::Mutex<PlayerOffersPager>>,
}

fn pager_ref<'a>(
    pager: *const OfferkitPlayerOffersPager,
) -> Result<&'a OfferkitPlayerOffersPager, Failure> {
    // SAFETY: NULL or a live pager (contract).
    unsafe { pager.as_ref() }.ok_or_else(|| Failure::null("pager"))
}

fn next_future(
    pager: &OfferkitPlayerOffersPager,
) -> Result<
    impl Future<Output = Result<Option<offerkit::PlayerOffersPage>, Failure>> + Send + 'static,
    Failure,
> {
    if pager.client.requests.is_closed() {
        return Err(Failure::cancelled("the pager's client was freed"));
    }
    let inner = Arc::clone(&pager.pager);
    Ok(async move { Ok(inner.lock().await.next_page().await?) })
}

fn page_or_end(page: Option<offerkit::PlayerOffersPage>) -> *mut OfferkitPlayerOffersPage {
    page.map_or(std::ptr::null_mut(), OfferkitPlayerOffersPage::into_raw)
}

/// Makes a pager over the pages of `playerOffers` for `player_id`, starting at `options->after`
/// (or the first page). The arguments are checked now (`INVALID_ARGUMENT`, nothing sent); no
/// request is made until `next`. On success `*out_pager` owns the pager.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_player_offers_pager(
    client: *const crate::client::OfferkitClient,
    player_id: *const c_char,
    options: *const OfferkitPlayerOffersOptions,
    out_pager: *mut *mut OfferkitPlayerOffersPager,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    boundary(out_error, || {
        let client = client_arc(client)?;
        check_out(out_pager, "out_pager")?;
        // SAFETY: string and options contracts.
        let player_id = unsafe { strings::required(player_id, "player_id") }?;
        // SAFETY: as above.
        let options = unsafe { player_offers_options(options) }?;
        let pager = client.core.player_offers_pager(player_id, options)?;
        let handle = Box::new(OfferkitPlayerOffersPager {
            client,
            pager: Arc::new(tokio::sync::Mutex::new(pager)),
        });
        // SAFETY: checked non-NULL above.
        unsafe { out_pager.write(Box::into_raw(handle)) };
        Ok(())
    })
}

/// Blocking: fetches the next page (one call, within the deadline). On `OFFERKIT_STATUS_OK`,
/// `*out_page` owns the page, or is NULL when the previous page was the last one (and stays so
/// on later calls). A page whose cursor was seen before in this walk, or a page past the
/// client's `max_pages`, fails with `OFFERKIT_STATUS_DECODE` and ends the walk (later calls
/// give NULL); other failures leave the position unchanged.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_pager_next(
    pager: *const OfferkitPlayerOffersPager,
    out_page: *mut *mut OfferkitPlayerOffersPage,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    boundary(out_error, || {
        let pager = pager_ref(pager)?;
        check_out(out_page, "out_page")?;
        let future = next_future(pager)?;
        blocking(
            "offerkit_player_offers_pager_next",
            future,
            page_or_end,
            out_page,
        )
    })
}

/// Asynchronous `next` (see `offerkit_client_offers_async` for the request rules; the callback
/// gets a NULL page with `OFFERKIT_STATUS_OK` after the last page). Cancelling leaves the
/// pager's position unchanged.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_pager_next_async(
    pager: *const OfferkitPlayerOffersPager,
    callback: OfferkitPlayerOffersPageCallback,
    user_data: *mut c_void,
    out_request: *mut *mut OfferkitRequest,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    boundary(out_error, || {
        let pager = pager_ref(pager)?;
        let callback = require_callback(callback)?;
        let future = next_future(pager)?;
        asynchronous(
            &pager.client.requests,
            future,
            callback,
            user_data,
            page_or_end,
            out_request,
        )
    })
}

/// Frees a pager. `offerkit_player_offers_pager_free(NULL)` does nothing. A `next_async` under
/// way still completes (its callback runs exactly once).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_pager_free(pager: *mut OfferkitPlayerOffersPager) {
    if !pager.is_null() {
        // SAFETY: made by `offerkit_client_player_offers_pager`, freed once (contract).
        guard((), || drop(unsafe { Box::from_raw(pager) }));
    }
}
