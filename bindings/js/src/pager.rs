//! Core's pagers for JavaScript: `next()` is one call (a `Call`, cancellable) that settles with
//! the next page or `null` after the last. The TypeScript layer makes them `for await` loops.
//! The pager travels inside the call while a page is fetched; a call cancelled mid-page takes
//! the pager with it, so the walk ends there (its next `next()` settles with `null`).

use std::cell::RefCell;
use std::future::Future;
use std::rc::Rc;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::call::{self, Call};
use crate::{failure, json};

/// What both of core's pagers do: give the next page.
trait Pages: 'static {
    type Page: Serialize;
    fn next_page(&mut self) -> impl Future<Output = offerkit::Result<Option<Self::Page>>>;
}

impl Pages for offerkit::PlayerOffersPager {
    type Page = offerkit::PlayerOffersPage;
    fn next_page(&mut self) -> impl Future<Output = offerkit::Result<Option<Self::Page>>> {
        offerkit::PlayerOffersPager::next_page(self)
    }
}

impl Pages for offerkit::ListingPager {
    type Page = offerkit::ListingPage;
    fn next_page(&mut self) -> impl Future<Output = offerkit::Result<Option<Self::Page>>> {
        offerkit::ListingPager::next_page(self)
    }
}

/// A pager between calls: `None` while a page is fetched, and after a cancelled one.
type Slot<P> = Rc<RefCell<Option<P>>>;

fn next<P: Pages>(slot: &Slot<P>) -> Call {
    let slot = Rc::clone(slot);
    call::start(async move {
        let Some(mut pager) = slot.borrow_mut().take() else {
            return Ok(JsValue::NULL);
        };
        let page = pager.next_page().await;
        slot.borrow_mut().replace(pager);
        match page {
            Ok(Some(page)) => Ok(json::to_js(&page)),
            Ok(None) => Ok(JsValue::NULL),
            Err(e) => Err(failure::from_core(e)),
        }
    })
}

/// Every page of `playerOffers`, by `next_cursor`.
#[wasm_bindgen]
pub struct PlayerOffersPager {
    slot: Slot<offerkit::PlayerOffersPager>,
}

impl PlayerOffersPager {
    pub(crate) fn new(pager: offerkit::PlayerOffersPager) -> Self {
        PlayerOffersPager {
            slot: Rc::new(RefCell::new(Some(pager))),
        }
    }
}

#[wasm_bindgen]
impl PlayerOffersPager {
    /// The next page, or `null` after the last one (or after the walk was cancelled).
    pub fn next(&self) -> Call {
        next(&self.slot)
    }
}

/// Every page of the listing, by page number.
#[wasm_bindgen]
pub struct ListingPager {
    slot: Slot<offerkit::ListingPager>,
}

impl ListingPager {
    pub(crate) fn new(pager: offerkit::ListingPager) -> Self {
        ListingPager {
            slot: Rc::new(RefCell::new(Some(pager))),
        }
    }
}

#[wasm_bindgen]
impl ListingPager {
    /// The next page, or `null` after the last one (or after the walk was cancelled).
    pub fn next(&self) -> Call {
        next(&self.slot)
    }
}
