//! Pagers: `next_page()` until it returns null. A page that fails (a network error, say) keeps
//! the pager's position, so `next_page()` may be called again; calls on one pager run one at a
//! time. A walk that does not end (a cursor seen before, a listing page number that does not
//! grow, more pages than `ClientConfig.max_pages`) fails once with `OfferError.Decode`, and
//! `next_page()` returns null after that (core's `paging.rs` decides).

use std::sync::Arc;

use tokio::sync::Mutex;

use crate::error::OfferError;
use crate::records::{ListingPage, PlayerOffersPage};
use crate::runtime::{self, Canceller};

/// Pages of `playerOffers`, following `next_cursor` until it is null.
#[derive(uniffi::Object)]
pub struct PlayerOffersPager {
    inner: Arc<Mutex<offerkit::PlayerOffersPager>>,
    cancel: Arc<Canceller>,
}

impl PlayerOffersPager {
    pub(crate) fn new(pager: offerkit::PlayerOffersPager, cancel: Arc<Canceller>) -> Arc<Self> {
        Arc::new(PlayerOffersPager {
            inner: Arc::new(Mutex::new(pager)),
            cancel,
        })
    }
}

#[uniffi::export(async_runtime = "tokio")]
impl PlayerOffersPager {
    /// The next page, or null after the last one.
    pub async fn next_page(&self) -> Result<Option<PlayerOffersPage>, OfferError> {
        let pager = self.inner.clone();
        let page = runtime::run(self.cancel.ticket(), async move {
            pager.lock().await.next_page().await
        })
        .await?;
        Ok(page.map(PlayerOffersPage::from))
    }
}

/// Pages of the `GET /v1/offers` listing, from page 1 while `has_more_pages` is true.
#[derive(uniffi::Object)]
pub struct ListingPager {
    inner: Arc<Mutex<offerkit::ListingPager>>,
    cancel: Arc<Canceller>,
}

impl ListingPager {
    pub(crate) fn new(pager: offerkit::ListingPager, cancel: Arc<Canceller>) -> Arc<Self> {
        Arc::new(ListingPager {
            inner: Arc::new(Mutex::new(pager)),
            cancel,
        })
    }
}

#[uniffi::export(async_runtime = "tokio")]
impl ListingPager {
    /// The next page, or null after the last one.
    pub async fn next_page(&self) -> Result<Option<ListingPage>, OfferError> {
        let pager = self.inner.clone();
        let page = runtime::run(self.cancel.ticket(), async move {
            pager.lock().await.next_page().await
        })
        .await?;
        Ok(page.map(ListingPage::from))
    }
}
