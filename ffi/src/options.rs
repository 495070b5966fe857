//! The options of the queries as opaque builders (`OfferkitOffersOptions`,
//! `OfferkitPlayerOffersOptions`, `OfferkitListOffersOptions`): every option is unset until a
//! setter sets it, and unset again after its `clear_` (numbers) or a NULL string. A setter
//! stores any value it is given — 0 and negative numbers included — so that core's validation
//! judges every number at query time with the spec's message; no number means "unset". Strings
//! are checked (UTF-8) and copied by the setter, so a query only copies core's options out of
//! the builder: one builder may serve many calls and be freed as soon as a call returns.

use std::ffi::c_char;

use offerkit::{ListingOptions, OffersOptions, PlayerOffersOptions};

use crate::boundary::fallible;
use crate::error::OfferkitError;
use crate::failure::Failure;
use crate::handle::{Handle, free_handle};
use crate::out::Out;
use crate::status::OfferkitStatus;
use crate::strings::optional_string;

/// Options of `offers` (`offerkit_client_offers`): limit, language, sort, select, selection,
/// each unset until set. Made by `offerkit_offers_options_new`, freed by
/// `offerkit_offers_options_free`. Use from one thread at a time (like `OfferkitConfig`); a
/// query copies what it needs during the call.
pub struct OfferkitOffersOptions {
    core: OffersOptions,
}

/// Options of `playerOffers` (`offerkit_client_player_offers`, the pager): limit, language,
/// after, select, selection, each unset until set. Same rules as `OfferkitOffersOptions`.
pub struct OfferkitPlayerOffersOptions {
    core: PlayerOffersOptions,
}

/// Options of the listing (`offerkit_client_list_offers`, `offerkit_client_list_all_offers`):
/// per_page and page, each unset until set. Same rules as `OfferkitOffersOptions`.
pub struct OfferkitListOffersOptions {
    core: ListingOptions,
}

impl Handle for OfferkitOffersOptions {
    const NAME: &'static str = "options";
}

impl Handle for OfferkitPlayerOffersOptions {
    const NAME: &'static str = "options";
}

impl Handle for OfferkitListOffersOptions {
    const NAME: &'static str = "options";
}

/// Core's options of a builder a query was given: a copy (NULL: everything unset, not an
/// error, so no failure is made for it).
pub(crate) fn to_core<H: Handle, T: Clone + Default>(options: *const H, core: fn(&H) -> &T) -> T {
    if options.is_null() {
        return T::default();
    }
    H::as_ref(options).map_or_else(|_| T::default(), |o| core(o).clone())
}

impl OfferkitOffersOptions {
    /// Core's options; NULL `options` is all unset.
    pub(crate) fn to_core(options: *const Self) -> OffersOptions {
        to_core(options, |o: &Self| &o.core)
    }
}

impl OfferkitPlayerOffersOptions {
    /// Core's options; NULL `options` is all unset.
    pub(crate) fn to_core(options: *const Self) -> PlayerOffersOptions {
        to_core(options, |o: &Self| &o.core)
    }
}

impl OfferkitListOffersOptions {
    /// Core's options; NULL `options` is all unset.
    pub(crate) fn to_core(options: *const Self) -> ListingOptions {
        to_core(options, |o: &Self| &o.core)
    }
}

/// The body of every `*_options_new`: a builder with everything unset, written to `out`.
fn make<H: Handle>(value: H, out: *mut *mut H) -> Result<(), Failure> {
    Out::required(out, "out_options")?.write(value.into_ptr());
    Ok(())
}

/// The body of a number setter or `clear_`: stores `value` (`None`: unset) as given.
fn set_number<H: Handle>(
    options: *mut H,
    value: Option<i64>,
    field: fn(&mut H) -> &mut Option<i64>,
) -> Result<(), Failure> {
    *field(H::as_mut(options)?) = value;
    Ok(())
}

/// The body of a string setter: NULL unsets; otherwise UTF-8 checked (argument `name`) and
/// copied.
fn set_string<H: Handle>(
    options: *mut H,
    value: *const c_char,
    name: &str,
    field: fn(&mut H) -> &mut Option<String>,
) -> Result<(), Failure> {
    let options = H::as_mut(options)?;
    *field(options) = optional_string(value, name)?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// offers

/// Makes options for `offers` with everything unset. On success `*out_options` owns them: free
/// with `offerkit_offers_options_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offers_options_new(
    out_options: *mut *mut OfferkitOffersOptions,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        make(
            OfferkitOffersOptions {
                core: OffersOptions::default(),
            },
            out_options,
        )
    })
}

/// Frees options. `offerkit_offers_options_free(NULL)` does nothing. Queries already made with
/// them are not affected.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offers_options_free(options: *mut OfferkitOffersOptions) {
    free_handle(options);
}

/// Sets `limit`, stored as given: the query refuses a value below 1 (`INVALID_ARGUMENT`, the
/// spec's message "The limit field must be at least 1."). Unset: no limit.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offers_options_set_limit(
    options: *mut OfferkitOffersOptions,
    limit: i64,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || set_number(options, Some(limit), |o| &mut o
        .core
        .limit))
}

/// Unsets `limit` (no limit is sent).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offers_options_clear_limit(
    options: *mut OfferkitOffersOptions,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || set_number(options, None, |o| &mut o
        .core
        .limit))
}

/// Sets `language` (2 to 5 characters, e.g. `en`, `zh-HK`; checked by the query), copied;
/// NULL unsets it (the service's default).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offers_options_set_language(
    options: *mut OfferkitOffersOptions,
    language: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || set_string(
        options,
        language,
        "language",
        |o| { &mut o.core.language }
    ))
}

/// Sets `sort` (`epc.asc`, `epc.desc`, `last_activation.asc` or `last_activation.desc`;
/// checked by the query), copied; NULL unsets it (the service's order).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offers_options_set_sort(
    options: *mut OfferkitOffersOptions,
    sort: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || set_string(options, sort, "sort", |o| &mut o
        .core
        .sort))
}

/// Sets `select`: GraphQL fields added to the selection, e.g. `links { click_url }` (read with
/// `offerkit_offer_list_field_json`), copied; NULL unsets it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offers_options_set_select(
    options: *mut OfferkitOffersOptions,
    select: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || set_string(options, select, "select", |o| {
        &mut o.core.select
    }))
}

/// Sets `selection`: the whole offer selection, replacing the default `id name
/// total_payout_usd creatives { name description }` (`select` is then added to it), copied;
/// NULL unsets it (the default). The spec fields it leaves out are NULL (NaN) in the views.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_offers_options_set_selection(
    options: *mut OfferkitOffersOptions,
    selection: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || set_string(
        options,
        selection,
        "selection",
        |o| &mut o.core.selection
    ))
}

// ---------------------------------------------------------------------------------------------
// playerOffers

/// Makes options for `playerOffers` with everything unset. On success `*out_options` owns
/// them: free with `offerkit_player_offers_options_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_options_new(
    out_options: *mut *mut OfferkitPlayerOffersOptions,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        make(
            OfferkitPlayerOffersOptions {
                core: PlayerOffersOptions::default(),
            },
            out_options,
        )
    })
}

/// Frees options. `offerkit_player_offers_options_free(NULL)` does nothing. Queries and pagers
/// already made with them are not affected.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_options_free(
    options: *mut OfferkitPlayerOffersOptions,
) {
    free_handle(options);
}

/// Sets `limit`, stored as given: the query refuses a value outside 1 to 100
/// (`INVALID_ARGUMENT` with the spec's message). Unset: the service's default (50).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_options_set_limit(
    options: *mut OfferkitPlayerOffersOptions,
    limit: i64,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || set_number(options, Some(limit), |o| &mut o
        .core
        .limit))
}

/// Unsets `limit` (the service's default).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_options_clear_limit(
    options: *mut OfferkitPlayerOffersOptions,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || set_number(options, None, |o| &mut o
        .core
        .limit))
}

/// Sets `language` (2 to 5 characters; checked by the query), copied; NULL unsets it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_options_set_language(
    options: *mut OfferkitPlayerOffersOptions,
    language: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || set_string(
        options,
        language,
        "language",
        |o| { &mut o.core.language }
    ))
}

/// Sets `after`: a `next_cursor` of a previous page of the same query, copied; NULL unsets it
/// (the first page).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_options_set_after(
    options: *mut OfferkitPlayerOffersOptions,
    after: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || set_string(options, after, "after", |o| {
        &mut o.core.after
    }))
}

/// Sets `select`: GraphQL fields added to each item's default selection, copied; NULL unsets
/// it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_options_set_select(
    options: *mut OfferkitPlayerOffersOptions,
    select: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || set_string(options, select, "select", |o| {
        &mut o.core.select
    }))
}

/// Sets `selection`: the whole `playerOffers` selection, replacing the default (e.g.
/// `offers: items { id } next_cursor`; the items are read from the one list field it names),
/// copied; NULL unsets it. Not together with `select` (the query refuses both).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_offers_options_set_selection(
    options: *mut OfferkitPlayerOffersOptions,
    selection: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || set_string(
        options,
        selection,
        "selection",
        |o| &mut o.core.selection
    ))
}

// ---------------------------------------------------------------------------------------------
// The listing

/// Makes options for the listing with everything unset. On success `*out_options` owns them:
/// free with `offerkit_list_offers_options_free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_list_offers_options_new(
    out_options: *mut *mut OfferkitListOffersOptions,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        make(
            OfferkitListOffersOptions {
                core: ListingOptions::default(),
            },
            out_options,
        )
    })
}

/// Frees options. `offerkit_list_offers_options_free(NULL)` does nothing.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_list_offers_options_free(
    options: *mut OfferkitListOffersOptions,
) {
    free_handle(options);
}

/// Sets `per_page`, stored as given: the query refuses a value outside 1 to 100
/// (`INVALID_ARGUMENT`, "The per page field must be between 1 and 100."). Set, the listing is
/// paginated; unset, every offer comes at once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_list_offers_options_set_per_page(
    options: *mut OfferkitListOffersOptions,
    per_page: i64,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || set_number(options, Some(per_page), |o| {
        &mut o.core.per_page
    }))
}

/// Unsets `per_page` (no pagination).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_list_offers_options_clear_per_page(
    options: *mut OfferkitListOffersOptions,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || set_number(options, None, |o| &mut o
        .core
        .per_page))
}

/// Sets `page`, stored as given: the query refuses a value below 1, and a page without
/// `per_page` (`INVALID_ARGUMENT` with the spec's messages). Unset: the first page.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_list_offers_options_set_page(
    options: *mut OfferkitListOffersOptions,
    page: i64,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || set_number(options, Some(page), |o| &mut o
        .core
        .page))
}

/// Unsets `page` (the first page).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_list_offers_options_clear_page(
    options: *mut OfferkitListOffersOptions,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || set_number(options, None, |o| &mut o
        .core
        .page))
}
