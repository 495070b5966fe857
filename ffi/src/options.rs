//! The options structs of the queries (`OfferkitOffersOptions`, `OfferkitPlayerOffersOptions`)
//! and their conversion to core's options: a NULL string or a 0 number is "not sent", every
//! string is checked (NULL-safe, UTF-8) and copied under its `options.*` name.

use std::ffi::c_char;

use offerkit::{OffersOptions, PlayerOffersOptions};

use crate::failure::Failure;
use crate::strings::optional_string;

/// Options of `offers`. Zero-initialise, then set what you need: a NULL string or a 0 number
/// is not sent (every valid number is at least 1; negative numbers are sent to core's checks,
/// which refuse them with `INVALID_ARGUMENT`). A NULL options pointer means all unset.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OfferkitOffersOptions {
    /// At least 1; 0: no limit.
    pub limit: i64,
    /// 2 to 5 characters (`en`, `zh-HK`); NULL: the service's default.
    pub language: *const c_char,
    /// `epc.asc`, `epc.desc`, `last_activation.asc` or `last_activation.desc`; NULL: default.
    pub sort: *const c_char,
    /// GraphQL fields added to the selection, e.g. `links { click_url }`.
    pub select: *const c_char,
    /// The whole offer selection, replacing the default `id name total_payout_usd creatives {
    /// name description }` (`select` is then added to it); NULL: the default. The spec fields
    /// it leaves out are NULL (NaN) in the views.
    pub selection: *const c_char,
}

/// Options of `playerOffers` (same conventions as `OfferkitOffersOptions`).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OfferkitPlayerOffersOptions {
    /// 2 to 5 characters; NULL: the service's default.
    pub language: *const c_char,
    /// 1 to 100; 0: the service's default (50).
    pub limit: i64,
    /// A `next_cursor` of a previous page of the same query; NULL: the first page.
    pub after: *const c_char,
    /// GraphQL fields added to each item's default selection.
    pub select: *const c_char,
    /// The whole `playerOffers` selection, replacing the default (e.g.
    /// `offers: items { id } next_cursor`): the items are read from the one list field it
    /// names. Not together with `select`.
    pub selection: *const c_char,
}

/// A number option: 0 is "not sent".
pub(crate) fn optional_number(value: i64) -> Option<i64> {
    (value != 0).then_some(value)
}

impl OfferkitOffersOptions {
    /// Core's options; NULL `options` is all unset.
    pub(crate) fn to_core(options: *const Self) -> Result<OffersOptions, Failure> {
        // SAFETY: NULL or a valid struct, alive for the call (the header's contract).
        let Some(o) = (unsafe { options.as_ref() }) else {
            return Ok(OffersOptions::default());
        };
        Ok(OffersOptions {
            limit: optional_number(o.limit),
            language: optional_string(o.language, "options.language")?,
            sort: optional_string(o.sort, "options.sort")?,
            select: optional_string(o.select, "options.select")?,
            selection: optional_string(o.selection, "options.selection")?,
        })
    }
}

impl OfferkitPlayerOffersOptions {
    /// Core's options; NULL `options` is all unset.
    pub(crate) fn to_core(options: *const Self) -> Result<PlayerOffersOptions, Failure> {
        // SAFETY: NULL or a valid struct, alive for the call (the header's contract).
        let Some(o) = (unsafe { options.as_ref() }) else {
            return Ok(PlayerOffersOptions::default());
        };
        Ok(PlayerOffersOptions {
            language: optional_string(o.language, "options.language")?,
            limit: optional_number(o.limit),
            after: optional_string(o.after, "options.after")?,
            select: optional_string(o.select, "options.select")?,
            selection: optional_string(o.selection, "options.selection")?,
        })
    }
}
