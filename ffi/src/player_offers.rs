//! `OfferkitPlayerOffersPage`: one page of `playerOffers` (its items, `next_cursor`, and the
//! items the service sent malformed).

use std::ffi::{CString, c_char};

use offerkit::{PlayerOffer, PlayerOffersPage};

use crate::boundary::fallible;
use crate::error::OfferkitError;
use crate::failure::Failure;
use crate::handle::{Handle, free_handle};
use crate::items::{self, Form, Items};
use crate::panic::infallible;
use crate::skipped::{OfferkitSkippedItem, Skipped};
use crate::status::OfferkitStatus;
use crate::strings::{c_opt, c_text, ptr};

/// The typed fields of one player offer; strings borrowed from the page (valid until
/// `offerkit_player_offers_page_free`), NULL when the service did not send the field as text.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OfferkitPlayerOfferView {
    /// The offer id, as text; NULL when absent.
    pub id: *const c_char,
    /// NULL when absent.
    pub name: *const c_char,
    /// `"in_progress"` or `"completed"` (the simulator's schema); NULL when absent.
    pub status: *const c_char,
}

struct Entry {
    item: PlayerOffer,
    id: Option<CString>,
    name: Option<CString>,
    status: Option<CString>,
}

/// One page of `playerOffers`. Owned by the caller: free with
/// `offerkit_player_offers_page_free`. Immutable: any thread may read it, also at once.
pub struct OfferkitPlayerOffersPage {
    entries: Vec<Entry>,
    next_cursor: Option<CString>,
    skipped: Skipped,
}

impl Handle for OfferkitPlayerOffersPage {
    const NAME: &'static str = "page";
}

impl OfferkitPlayerOffersPage {
    pub(crate) fn into_raw(page: PlayerOffersPage) -> *mut Self {
        crate::test_hooks::conversion_point();
        let entries = page
            .items
            .into_iter()
            .map(|item| Entry {
                id: c_opt(item.id.as_deref()),
                name: c_opt(item.name.as_deref()),
                status: c_opt(item.status.as_deref()),
                item,
            })
            .collect();
        OfferkitPlayerOffersPage {
            entries,
            next_cursor: page.next_cursor.as_deref().map(c_text),
            skipped: Skipped::new(&page.skipped),
        }
        .into_ptr()
    }
}

impl Items for OfferkitPlayerOffersPage {
    type View = OfferkitPlayerOfferView;
    fn len(&self) -> usize {
        self.entries.len()
    }
    fn view(&self, index: usize) -> OfferkitPlayerOfferView {
        let entry = &self.entries[index];
        OfferkitPlayerOfferView {
            id: ptr(&entry.id),
            name: ptr(&entry.name),
            status: ptr(&entry.status),
        }
    }
    fn item_json(&self, index: usize) -> Result<String, Failure> {
        items::to_json(&self.entries[index].item)
    }
    fn field(&self, index: usize, path: &str) -> Option<serde_json::Value> {
        self.entries[index].item.field(path)
    }
}

/// Frees a page. `offerkit_player_offers_page_free(NULL)` does nothing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_page_free(page: *mut OfferkitPlayerOffersPage) {
    free_handle(page);
}

/// How many items the page holds (0 for NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_page_count(
    page: *const OfferkitPlayerOffersPage,
) -> usize {
    infallible(0, || {
        Ok(OfferkitPlayerOffersPage::as_ref(page)?.entries.len())
    })
}

/// The cursor of the next page (pass it as `after`), or NULL on the last page (and for a NULL
/// page). Borrowed: valid until the page is freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_page_next_cursor(
    page: *const OfferkitPlayerOffersPage,
) -> *const c_char {
    infallible(std::ptr::null(), || {
        Ok(ptr(&OfferkitPlayerOffersPage::as_ref(page)?.next_cursor))
    })
}

/// How many items of the service's answer were left out of the page because they were
/// malformed (not objects: no field of these items is required); 0 for NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_page_skipped_count(
    page: *const OfferkitPlayerOffersPage,
) -> usize {
    infallible(0, || {
        Ok(OfferkitPlayerOffersPage::as_ref(page)?.skipped.len())
    })
}

/// Writes skipped item `index` to `*out_item` (strings borrowed from the page).
/// `OUT_OF_RANGE` past the end.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_page_skipped_get(
    page: *const OfferkitPlayerOffersPage,
    index: usize,
    out_item: *mut OfferkitSkippedItem,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        OfferkitPlayerOffersPage::as_ref(page)?
            .skipped
            .get(index, out_item)
    })
}

/// Writes the typed fields of item `index` to `*out_view`. `OUT_OF_RANGE` past the end.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_page_get(
    page: *const OfferkitPlayerOffersPage,
    index: usize,
    out_view: *mut OfferkitPlayerOfferView,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || items::get(page, index, out_view))
}

/// Any field of item `index` by dotted path, as JSON text (owned); `OFFERKIT_STATUS_NOT_FOUND`
/// when the path names nothing. See `offerkit_offer_list_field_json`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_page_field_json(
    page: *const OfferkitPlayerOffersPage,
    index: usize,
    path: *const c_char,
    out_json: *mut *mut c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        items::field(page, index, path, Form::Json, out_json)
    })
}

/// Any field of item `index` by dotted path; strings unquoted (owned);
/// `OFFERKIT_STATUS_NOT_FOUND` when the path names nothing. See
/// `offerkit_offer_list_field_text`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_page_field_text(
    page: *const OfferkitPlayerOffersPage,
    index: usize,
    path: *const c_char,
    out_text: *mut *mut c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        items::field(page, index, path, Form::Text, out_text)
    })
}

/// Item `index` as the JSON object the service sent (owned string).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_page_item_json(
    page: *const OfferkitPlayerOffersPage,
    index: usize,
    out_json: *mut *mut c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || items::item_json(page, index, out_json))
}
