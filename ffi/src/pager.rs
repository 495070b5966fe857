//! `OfferkitPlayerOffersPager`: follows `playerOffers`' `next_cursor` page by page until the
//! last one, blocking or asynchronously.

use std::ffi::{c_char, c_void};
use std::sync::Arc;

use offerkit::{PlayerOffersPage, PlayerOffersPager};

use crate::boundary::fallible;
use crate::client::{ClientShared, OfferkitClient};
use crate::error::OfferkitError;
use crate::failure::Failure;
use crate::handle::{Handle, free_handle};
use crate::options::OfferkitPlayerOffersOptions;
use crate::out::Out;
use crate::player_offers::OfferkitPlayerOffersPage;
use crate::queries::OfferkitPlayerOffersPageCallback;
use crate::query::{self, Query, QueryHandle};
use crate::request::OfferkitRequest;
use crate::shutdown::Alive;
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
    /// Counted as alive for `offerkit_shutdown` until freed.
    _alive: Alive,
}

impl Handle for OfferkitPlayerOffersPager {
    const NAME: &'static str = "pager";
}

impl QueryHandle for OfferkitPlayerOffersPager {
    fn client(&self) -> &ClientShared {
        &self.client
    }
}

impl OfferkitPlayerOffersPager {
    /// The query of the next page: NULL after the last one. `CANCELLED` once the client is
    /// freed.
    fn next(&self) -> Result<Query<Option<PlayerOffersPage>, OfferkitPlayerOffersPage>, Failure> {
        if self.client.requests.is_closed() {
            return Err(Failure::cancelled("the pager's client was freed"));
        }
        let inner = Arc::clone(&self.pager);
        Ok(Query::new(
            async move { Ok(inner.lock().await.next_page().await?) },
            |page| page.map_or(std::ptr::null_mut(), OfferkitPlayerOffersPage::into_raw),
        ))
    }
}

/// Makes a pager over the pages of `playerOffers` for `player_id`, starting at the `after` of
/// `options` (NULL, or `after` unset: the first page; the options are copied). The arguments are checked now (`INVALID_ARGUMENT`, nothing sent); no
/// request is made until `next`. On success `*out_pager` owns the pager.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_client_player_offers_pager(
    client: *const OfferkitClient,
    player_id: *const c_char,
    options: *const OfferkitPlayerOffersOptions,
    out_pager: *mut *mut OfferkitPlayerOffersPager,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let client = Arc::clone(&OfferkitClient::as_ref(client)?.shared);
        let out = Out::required(out_pager, "out_pager")?;
        let player_id = strings::required(player_id, "player_id")?;
        let options = OfferkitPlayerOffersOptions::to_core(options);
        let pager = client.core.player_offers_pager(player_id, options)?;
        let pager = OfferkitPlayerOffersPager {
            client,
            pager: Arc::new(tokio::sync::Mutex::new(pager)),
            _alive: Alive::pager(),
        };
        out.write(pager.into_ptr());
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
    fallible!(out_error, || {
        let pager = OfferkitPlayerOffersPager::as_ref(pager)?;
        let out = Out::required(out_page, "out_page")?;
        pager
            .next()?
            .block("offerkit_player_offers_pager_next", out)
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
    fallible!(out_error, || {
        query::started(pager, callback, user_data, out_request, |pager| {
            pager.next()
        })
    })
}

/// Frees a pager. `offerkit_player_offers_pager_free(NULL)` does nothing. A `next_async` under
/// way still completes (its callback runs exactly once).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_pager_free(pager: *mut OfferkitPlayerOffersPager) {
    free_handle(pager);
}
