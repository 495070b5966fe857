//! `OfferkitOfferList`: the offers of `offers`, of a listing page (with its pagination) and of
//! the whole listing, and the items the service sent malformed (skipped). Each offer's spec
//! fields are read through an `OfferkitOfferView` whose strings live as long as the list (NULL
//! when the selection did not ask for the field); every other field by dotted path, as JSON.

use std::ffi::{CString, c_char};

use offerkit::{Fetched, ListingPage, Offer, OfferList, Pagination, SkippedItem};

use crate::boundary::fallible;
use crate::error::OfferkitError;
use crate::failure::Failure;
use crate::handle::{Handle, free_handle};
use crate::items::{self, Form, Items};
use crate::out::Out;
use crate::panic::infallible;
use crate::skipped::{OfferkitSkippedItem, Skipped};
use crate::status::OfferkitStatus;
use crate::strings::{c_opt, ptr};

/// The spec's fields of one offer. Strings are UTF-8, NUL-terminated, borrowed from the list:
/// valid until `offerkit_offer_list_free`; NULL when the field is absent (the selection did
/// not ask for it). (A U+0000 inside a value ends the C string there; the JSON accessors keep
/// it.)
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OfferkitOfferView {
    /// The offer id, as text; NULL when absent.
    pub id: *const c_char,
    /// NULL when absent.
    pub name: *const c_char,
    /// Payout in USD; NaN when absent (then `has_total_payout_usd` is false).
    pub total_payout_usd: f64,
    /// `creatives.name`; NULL when absent.
    pub creative_name: *const c_char,
    /// `creatives.description`; NULL when absent.
    pub creative_description: *const c_char,
    /// Whether `total_payout_usd` holds the offer's payout.
    pub has_total_payout_usd: bool,
}

/// The pagination object of a paginated listing page.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default)]
pub struct OfferkitPagination {
    pub current_page: i64,
    pub per_page: i64,
    pub has_more_pages: bool,
    /// The next page number, or 0 when the service gave none.
    pub next_page: i64,
}

struct Entry {
    offer: Offer,
    id: Option<CString>,
    name: Option<CString>,
    creative_name: Option<CString>,
    creative_description: Option<CString>,
}

/// A list of offers. Owned by the caller: free with `offerkit_offer_list_free`. Immutable: any
/// thread may read it, also at once.
pub struct OfferkitOfferList {
    entries: Vec<Entry>,
    pagination: Option<Pagination>,
    freshness: Freshness,
    skipped: Skipped,
}

/// Where a list came from (see `offerkit_config_set_cache`).
#[derive(Clone, Copy, Default)]
pub(crate) struct Freshness {
    pub(crate) from_cache: bool,
    pub(crate) stale: bool,
    pub(crate) age_ms: u64,
}

impl Freshness {
    pub(crate) fn of<T>(fetched: &Fetched<T>) -> Self {
        Freshness {
            from_cache: fetched.from_cache,
            stale: fetched.stale,
            age_ms: u64::try_from(fetched.age.as_millis()).unwrap_or(u64::MAX),
        }
    }
}

impl Handle for OfferkitOfferList {
    const NAME: &'static str = "list";
}

impl OfferkitOfferList {
    pub(crate) fn into_raw(
        offers: Vec<Offer>,
        pagination: Option<Pagination>,
        freshness: Freshness,
        skipped: &[SkippedItem],
    ) -> *mut Self {
        crate::test_hooks::conversion_point();
        let entries = offers
            .into_iter()
            .map(|offer| {
                let creatives = offer.creatives.as_ref();
                Entry {
                    id: c_opt(offer.id.as_deref()),
                    name: c_opt(offer.name.as_deref()),
                    creative_name: c_opt(creatives.and_then(|c| c.name.as_deref())),
                    creative_description: c_opt(creatives.and_then(|c| c.description.as_deref())),
                    offer,
                }
            })
            .collect();
        OfferkitOfferList {
            entries,
            pagination,
            freshness,
            skipped: Skipped::new(skipped),
        }
        .into_ptr()
    }

    /// The list of an `offers` answer.
    pub(crate) fn from_offers(fetched: Fetched<OfferList>) -> *mut Self {
        let freshness = Freshness::of(&fetched);
        let list = fetched.value;
        Self::into_raw(list.offers, None, freshness, &list.skipped)
    }

    /// The list of one listing page, with its pagination.
    pub(crate) fn from_listing(fetched: Fetched<ListingPage>) -> *mut Self {
        let freshness = Freshness::of(&fetched);
        let page = fetched.value;
        Self::into_raw(page.offers, page.pagination, freshness, &page.skipped)
    }

    /// The list of every listing page, walked to the end.
    pub(crate) fn from_all_pages(list: OfferList) -> *mut Self {
        Self::into_raw(list.offers, None, Freshness::default(), &list.skipped)
    }
}

impl Items for OfferkitOfferList {
    type View = OfferkitOfferView;
    fn len(&self) -> usize {
        self.entries.len()
    }
    fn view(&self, index: usize) -> OfferkitOfferView {
        let entry = &self.entries[index];
        let payout = entry.offer.total_payout_usd;
        OfferkitOfferView {
            id: ptr(&entry.id),
            name: ptr(&entry.name),
            total_payout_usd: payout.unwrap_or(f64::NAN),
            creative_name: ptr(&entry.creative_name),
            creative_description: ptr(&entry.creative_description),
            has_total_payout_usd: payout.is_some(),
        }
    }
    fn item_json(&self, index: usize) -> Result<String, Failure> {
        items::to_json(&self.entries[index].offer)
    }
    fn field(&self, index: usize, path: &str) -> Option<serde_json::Value> {
        self.entries[index].offer.field(path)
    }
}

/// Frees a list (and every view string from it). `offerkit_offer_list_free(NULL)` does nothing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offer_list_free(list: *mut OfferkitOfferList) {
    free_handle(list);
}

/// How many offers the list holds (0 for NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offer_list_count(list: *const OfferkitOfferList) -> usize {
    infallible(0, || Ok(OfferkitOfferList::as_ref(list)?.entries.len()))
}

/// Whether the list was answered from the response cache (fresh or stale); false for NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offer_list_from_cache(list: *const OfferkitOfferList) -> bool {
    infallible(false, || {
        Ok(OfferkitOfferList::as_ref(list)?.freshness.from_cache)
    })
}

/// Whether the list is a stale cached answer, returned because a refresh failed with a
/// network, timeout or server error; false for NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offer_list_is_stale(list: *const OfferkitOfferList) -> bool {
    infallible(false, || {
        Ok(OfferkitOfferList::as_ref(list)?.freshness.stale)
    })
}

/// Age of the answer in milliseconds (0 when it came from the network just now, or for NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offer_list_age_ms(list: *const OfferkitOfferList) -> u64 {
    infallible(0, || Ok(OfferkitOfferList::as_ref(list)?.freshness.age_ms))
}

/// Writes the spec fields of offer `index` to `*out_view` (strings borrowed from the list).
/// `OUT_OF_RANGE` when `index >= count`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offer_list_get(
    list: *const OfferkitOfferList,
    index: usize,
    out_view: *mut OfferkitOfferView,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || items::get(list, index, out_view))
}

/// How many items of the service's answer were left out of the list because they were
/// malformed (0 for NULL). `offerkit_offer_list_skipped_get` says which and why.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offer_list_skipped_count(
    list: *const OfferkitOfferList,
) -> usize {
    infallible(0, || Ok(OfferkitOfferList::as_ref(list)?.skipped.len()))
}

/// Writes skipped item `index` (position in the service's answer, id or NULL, reason) to
/// `*out_item`; its strings are borrowed from the list. `OUT_OF_RANGE` past the end.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offer_list_skipped_get(
    list: *const OfferkitOfferList,
    index: usize,
    out_item: *mut OfferkitSkippedItem,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        OfferkitOfferList::as_ref(list)?
            .skipped
            .get(index, out_item)
    })
}

/// Any field of offer `index` by dotted path (`"links.click_url"`, `"creatives.icon_url"`,
/// `"goals.0.name"`) as JSON text, e.g. `"\"https://…\""`, `1.5` or `null` (sent as null). On
/// `OFFERKIT_STATUS_OK`, `*out_json` is an owned string (free with `offerkit_string_free`),
/// never NULL. A path that names nothing in the item is `OFFERKIT_STATUS_NOT_FOUND`: the error
/// names the path (field entry: this function, argument `path`) and `*out_json` is untouched.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offer_list_field_json(
    list: *const OfferkitOfferList,
    index: usize,
    path: *const c_char,
    out_json: *mut *mut c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        items::field(list, index, path, Form::Json, out_json)
    })
}

/// Like `offerkit_offer_list_field_json`, but a string value comes unquoted (`https://…`);
/// other values still come as JSON text.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offer_list_field_text(
    list: *const OfferkitOfferList,
    index: usize,
    path: *const c_char,
    out_text: *mut *mut c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        items::field(list, index, path, Form::Text, out_text)
    })
}

/// Offer `index` as the JSON object the service sent (extra selected fields included). On
/// success `*out_json` is an owned string (free with `offerkit_string_free`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offer_list_item_json(
    list: *const OfferkitOfferList,
    index: usize,
    out_json: *mut *mut c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || items::item_json(list, index, out_json))
}

/// The pagination of a paginated listing page: writes `*out_pagination` and returns true, or
/// returns false (writing nothing) when the list has none (offers, an unpaginated listing, all
/// pages) or an argument is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offer_list_pagination(
    list: *const OfferkitOfferList,
    out_pagination: *mut OfferkitPagination,
) -> bool {
    infallible(false, || {
        let list = OfferkitOfferList::as_ref(list)?;
        let (Some(p), Ok(out)) = (
            list.pagination,
            Out::required(out_pagination, "out_pagination"),
        ) else {
            return Ok(false);
        };
        out.write(OfferkitPagination {
            current_page: p.current_page,
            per_page: p.per_page,
            has_more_pages: p.has_more_pages,
            next_page: p.next_page.unwrap_or(0),
        });
        Ok(true)
    })
}
