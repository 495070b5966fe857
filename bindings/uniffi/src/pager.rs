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

/// One exported pager around one of core's pagers: `next_page()` runs on the shared runtime,
/// one call at a time, and converts core's page to the binding's record.
macro_rules! pager {
    ($(#[$doc:meta])* $name:ident, $core:ty, $page:ident) => {
        $(#[$doc])*
        #[derive(uniffi::Object)]
        pub struct $name {
            inner: Arc<Mutex<$core>>,
            cancel: Arc<Canceller>,
        }

        impl $name {
            pub(crate) fn new(pager: $core, cancel: Arc<Canceller>) -> Arc<Self> {
                Arc::new($name {
                    inner: Arc::new(Mutex::new(pager)),
                    cancel,
                })
            }
        }

        #[uniffi::export(async_runtime = "tokio")]
        impl $name {
            /// The next page, or null after the last one.
            pub async fn next_page(&self) -> Result<Option<$page>, OfferError> {
                let pager = self.inner.clone();
                let page = runtime::run(self.cancel.ticket(), async move {
                    pager.lock().await.next_page().await
                })
                .await?;
                Ok(page.map($page::from))
            }
        }
    };
}

pager!(
    /// Pages of `playerOffers`, following `next_cursor` until it is null.
    PlayerOffersPager,
    offerkit::PlayerOffersPager,
    PlayerOffersPage
);

pager!(
    /// Pages of the `GET /v1/offers` listing, from page 1 while `has_more_pages` is true.
    ListingPager,
    offerkit::ListingPager,
    ListingPage
);
