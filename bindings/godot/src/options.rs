//! The options dictionaries of the queries, as core's option structs. Keys and types are
//! checked here; every value rule (limits, languages, sorts, selections) is core's.

use godot::prelude::*;

use crate::failure::Failure;
use crate::settings::Settings;

/// `offers(player_id, {"limit", "language", "sort", "select", "selection"})`.
pub(crate) fn offers(dict: &VarDictionary) -> Result<offerkit::OffersOptions, Failure> {
    let s = Settings::new(
        dict,
        "offers",
        &["limit", "language", "sort", "select", "selection"],
    )?;
    Ok(offerkit::OffersOptions {
        limit: s.int("limit")?,
        language: s.string("language")?,
        sort: s.string("sort")?,
        select: s.string("select")?,
        selection: s.string("selection")?,
    })
}

/// `links(player_id, {"select", "selection"})`.
pub(crate) fn links(dict: &VarDictionary) -> Result<offerkit::LinksOptions, Failure> {
    let s = Settings::new(dict, "links", &["select", "selection"])?;
    Ok(offerkit::LinksOptions {
        select: s.string("select")?,
        selection: s.string("selection")?,
    })
}

/// `player_offers(player_id, {"limit", "language", "after", "select", "selection"})`.
pub(crate) fn player_offers(
    dict: &VarDictionary,
) -> Result<offerkit::PlayerOffersOptions, Failure> {
    let s = Settings::new(
        dict,
        "playerOffers",
        &["limit", "language", "after", "select", "selection"],
    )?;
    Ok(offerkit::PlayerOffersOptions {
        limit: s.int("limit")?,
        language: s.string("language")?,
        after: s.string("after")?,
        select: s.string("select")?,
        selection: s.string("selection")?,
    })
}

/// `list_offers({"per_page", "page"})`.
pub(crate) fn listing(dict: &VarDictionary) -> Result<offerkit::ListingOptions, Failure> {
    let s = Settings::new(dict, "listing", &["per_page", "page"])?;
    Ok(offerkit::ListingOptions {
        per_page: s.int("per_page")?,
        page: s.int("page")?,
    })
}
