//! `OfferKitListingPage`: one answer of the `GET /v1/offers` listing — its offers and, when
//! `per_page` was sent, where the page is in the listing.

use godot::prelude::*;

use crate::offer::{self, OfferKitOffer};
use crate::skipped;

/// One response of the listing.
#[derive(GodotClass)]
#[class(no_init, base = RefCounted)]
pub(crate) struct OfferKitListingPage {
    /// The page's offers (the spec shows no listing item shape: every typed field may be
    /// empty, everything is in `extra` / `field()` too).
    #[var(no_set)]
    offers: Array<Gd<OfferKitOffer>>,
    /// `{"current_page": int, "per_page": int, "has_more_pages": bool, "next_page": int or
    /// null}`; empty when `per_page` was not sent (every offer at once).
    #[var(no_set)]
    pagination: VarDictionary,
    /// Items left out as malformed (see `OfferKitResult.skipped`).
    #[var(no_set)]
    skipped: VarArray,
    base: Base<RefCounted>,
}

#[godot_api]
impl OfferKitListingPage {}

impl OfferKitListingPage {
    /// The Godot object for core's page (main thread).
    pub(crate) fn from_core(page: offerkit::ListingPage) -> Gd<OfferKitListingPage> {
        let mut pagination = VarDictionary::new();
        if let Some(p) = page.pagination {
            pagination.set("current_page", p.current_page);
            pagination.set("per_page", p.per_page);
            pagination.set("has_more_pages", p.has_more_pages);
            pagination.set(
                "next_page",
                &p.next_page.map_or_else(Variant::nil, |n| n.to_variant()),
            );
        }
        let (offers, skipped) = (offer::offers(page.offers), skipped::skipped(&page.skipped));
        Gd::from_init_fn(|base| OfferKitListingPage {
            offers,
            pagination,
            skipped,
            base,
        })
    }
}
