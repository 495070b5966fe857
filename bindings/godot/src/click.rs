//! A click URL as GDScript gets it: an `OfferKitResult` whose `value` is the tracking URL for
//! the player and whose `warnings` name the player-id conventions it breaks (core decides
//! both; see `offerkit::click_url`).

use godot::prelude::*;

use crate::failure::Failure;
use crate::result::{OfferKitResult, Origin};

pub(crate) fn result(click: offerkit::Result<offerkit::ClickUrl>) -> Gd<OfferKitResult> {
    match click {
        Ok(click) => {
            let warnings: PackedStringArray = click
                .warnings
                .iter()
                .map(|c| GString::from(c.as_str()))
                .collect();
            OfferKitResult::success_with(
                GString::from(click.url.as_str()).to_variant(),
                VarArray::new(),
                &Origin::default(),
                warnings,
            )
        }
        Err(e) => OfferKitResult::failure(&Failure::from(e)),
    }
}
