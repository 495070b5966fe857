//! `OfferKitPlayerOffersPager` and `OfferKitListingPager`: walks over every page, one request
//! per `next_page()`. Core decides which page comes next and ends a walk that does not advance
//! (a repeated cursor, a page number that does not grow, more than `max_pages` pages) with a
//! `DECODE` error; here a page becomes an object, and the end of the walk a null `value`:
//!
//! ```gdscript
//! var pager := client.player_offers_pager("player-1", {"limit": 20})
//! while true:
//!     var result: OfferKitResult = await pager.next_page().completed
//!     if not result.ok or result.value == null:
//!         break
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use godot::prelude::*;
use offerkit::BoxFuture;
use tokio::sync::Mutex;

use crate::failure::Failure;
use crate::listing::OfferKitListingPage;
use crate::player_offers::OfferKitPlayerOffersPage;
use crate::request::OfferKitRequest;
use crate::requests;
use crate::result::{OfferKitResult, Origin};
use crate::skipped;

/// Core's two pagers, seen alike: one page per call, `None` after the last.
trait Pages: Send + 'static {
    type Page: Send + 'static;
    fn next(&mut self) -> BoxFuture<'_, offerkit::Result<Option<Self::Page>>>;
}

impl Pages for offerkit::PlayerOffersPager {
    type Page = offerkit::PlayerOffersPage;
    fn next(&mut self) -> BoxFuture<'_, offerkit::Result<Option<Self::Page>>> {
        Box::pin(self.next_page())
    }
}

impl Pages for offerkit::ListingPager {
    type Page = offerkit::ListingPage;
    fn next(&mut self) -> BoxFuture<'_, offerkit::Result<Option<Self::Page>>> {
        Box::pin(self.next_page())
    }
}

/// A walk: core's pager (shared with the call in flight), or why it could not start.
enum Walk<P> {
    Ready {
        pager: Arc<Mutex<P>>,
        client: u64,
        closed: Arc<AtomicBool>,
    },
    Failed {
        client: u64,
        failure: Failure,
    },
}

impl<P: Pages> Walk<P> {
    fn new(client: u64, closed: Arc<AtomicBool>, pager: Result<P, Failure>) -> Self {
        match pager {
            Ok(pager) => Walk::Ready {
                pager: Arc::new(Mutex::new(pager)),
                client,
                closed,
            },
            Err(failure) => Walk::Failed { client, failure },
        }
    }

    /// Starts one `next_page` of core's pager (pages of one walk come one after another).
    fn next<C>(&self, convert: C) -> Gd<OfferKitRequest>
    where
        C: FnOnce(Option<P::Page>) -> Gd<OfferKitResult> + Send + 'static,
    {
        match self {
            Walk::Failed { client, failure } => requests::fail(*client, failure.clone()),
            Walk::Ready { client, closed, .. } if closed.load(Ordering::Acquire) => {
                requests::fail(*client, Failure::cancelled("the pager's client was freed"))
            }
            Walk::Ready { pager, client, .. } => {
                let pager = pager.clone();
                requests::start(
                    *client,
                    async move {
                        let mut pager = pager.lock().await;
                        pager.next().await.map_err(Failure::from)
                    },
                    convert,
                )
            }
        }
    }
}

/// Every page of `playerOffers`, following `next_cursor`.
#[derive(GodotClass)]
#[class(no_init, base = RefCounted)]
pub(crate) struct OfferKitPlayerOffersPager {
    walk: Walk<offerkit::PlayerOffersPager>,
    base: Base<RefCounted>,
}

#[godot_api]
impl OfferKitPlayerOffersPager {
    /// The next page: `value` is an `OfferKitPlayerOffersPage`, or null after the last one.
    /// A failed page may be asked for again (the pager keeps its place).
    #[func]
    fn next_page(&self) -> Gd<OfferKitRequest> {
        self.walk.next(|page| match page {
            Some(page) => {
                let skipped = skipped::skipped(&page.skipped);
                let page = OfferKitPlayerOffersPage::from_core(page);
                OfferKitResult::success_from(page.to_variant(), skipped, &Origin::default())
            }
            None => OfferKitResult::success(Variant::nil()),
        })
    }
}

impl OfferKitPlayerOffersPager {
    /// A pager of client `client` (whose `closed` flag stops it), or why it cannot walk.
    pub(crate) fn create(
        client: u64,
        closed: Arc<AtomicBool>,
        pager: Result<offerkit::PlayerOffersPager, Failure>,
    ) -> Gd<OfferKitPlayerOffersPager> {
        let walk = Walk::new(client, closed, pager);
        Gd::from_init_fn(|base| OfferKitPlayerOffersPager { walk, base })
    }

    pub(crate) fn failed(client: u64, failure: Failure) -> Gd<OfferKitPlayerOffersPager> {
        Gd::from_init_fn(|base| OfferKitPlayerOffersPager {
            walk: Walk::Failed { client, failure },
            base,
        })
    }
}

/// Every page of the listing, by page number.
#[derive(GodotClass)]
#[class(no_init, base = RefCounted)]
pub(crate) struct OfferKitListingPager {
    walk: Walk<offerkit::ListingPager>,
    base: Base<RefCounted>,
}

#[godot_api]
impl OfferKitListingPager {
    /// The next page: `value` is an `OfferKitListingPage`, or null after the last one.
    #[func]
    fn next_page(&self) -> Gd<OfferKitRequest> {
        self.walk.next(|page| match page {
            Some(page) => {
                let skipped = skipped::skipped(&page.skipped);
                let page = OfferKitListingPage::from_core(page);
                OfferKitResult::success_from(page.to_variant(), skipped, &Origin::default())
            }
            None => OfferKitResult::success(Variant::nil()),
        })
    }
}

impl OfferKitListingPager {
    /// A pager of client `client` (whose `closed` flag stops it), or why it cannot walk.
    pub(crate) fn create(
        client: u64,
        closed: Arc<AtomicBool>,
        pager: Result<offerkit::ListingPager, Failure>,
    ) -> Gd<OfferKitListingPager> {
        let walk = Walk::new(client, closed, pager);
        Gd::from_init_fn(|base| OfferKitListingPager { walk, base })
    }

    pub(crate) fn failed(client: u64, failure: Failure) -> Gd<OfferKitListingPager> {
        Gd::from_init_fn(|base| OfferKitListingPager {
            walk: Walk::Failed { client, failure },
            base,
        })
    }
}
