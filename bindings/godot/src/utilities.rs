//! `OfferKit`: static helpers that need no client — player-id checks, the stable short id, a
//! click URL for any tracking link — and `poll()` for games whose main loop is not a
//! SceneTree. Each answer is core's (the same in every binding).

use godot::prelude::*;

use crate::click;
use crate::error::OfferKitError;
use crate::failure::Failure;
use crate::pump;
use crate::result::OfferKitResult;

/// Static helpers (`OfferKit.short_player_id("…")`); not instantiable.
#[derive(GodotClass)]
#[class(no_init, base = RefCounted)]
pub(crate) struct OfferKit {
    base: Base<RefCounted>,
}

#[godot_api]
impl OfferKit {
    /// The addon's version (the release version of offerkit).
    #[func]
    fn version() -> GString {
        GString::from(env!("CARGO_PKG_VERSION"))
    }

    /// Null when the service accepts `player_id` (1 to 255 characters), else the
    /// `INVALID_ARGUMENT` error it would get.
    #[func]
    fn check_player_id(player_id: GString) -> Option<Gd<OfferKitError>> {
        offerkit::PlayerId::new(player_id.to_string())
            .err()
            .map(|e| OfferKitError::from_failure(&Failure::from(e)))
    }

    /// The platform conventions `player_id` breaks ("uppercase", "period", "space",
    /// "other_character"); empty when it follows them all. Never rejects.
    #[func]
    fn lint_player_id(player_id: GString) -> PackedStringArray {
        offerkit::lint_player_id(&player_id.to_string())
            .iter()
            .map(|c| GString::from(c.as_str()))
            .collect()
    }

    /// A stable, valid, convention-following player id for any internal id: `"p-"` and 32
    /// hex digits (the same answer in every offerkit binding).
    #[func]
    fn short_player_id(internal_id: GString) -> GString {
        GString::from(offerkit::short_player_id(&internal_id.to_string()).as_str())
    }

    /// The tracking URL `offer_click_url` with `player_id` set to exactly `player_id`: an
    /// `OfferKitResult` (`value` the URL, `warnings` the conventions the id breaks; an empty
    /// or over-long id, or a URL that is not http(s), fails with `INVALID_ARGUMENT`).
    #[func]
    fn click_url(offer_click_url: GString, player_id: GString) -> Gd<OfferKitResult> {
        click::result(offerkit::click_url(
            &offer_click_url.to_string(),
            &player_id.to_string(),
        ))
    }

    /// Delivers finished calls now. Only for games whose main loop is not a SceneTree (call it
    /// once per frame, on the main thread); with a SceneTree the addon does this itself.
    #[func]
    fn poll() {
        pump::poll();
    }
}
