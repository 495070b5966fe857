//! The click: the tracking URL of an offer for one player (core's `offerkit::click_url`), so
//! the id sent at click time is exactly the id the reward's postback will carry.

use crate::error::OfferError;
use crate::player_id::{PlayerIdConvention, lint_player_id};

/// A tracking URL and the conventions the player's id breaks (empty: none).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ClickUrl {
    pub url: String,
    pub warnings: Vec<PlayerIdConvention>,
}

/// The tracking URL of an offer for `player_id`. `offer_click_url` is the offer's
/// `links.click_url` (select `links { click_url }`), with or without a player id: every
/// `player_id` parameter it has is removed and `player_id=<the id>` (form-encoded) is appended
/// at the end of its query; the other parameters keep their order and bytes (empty ones, `&&`,
/// are dropped), and so does the fragment. Fails with
/// `OfferError.InvalidArgument` for an empty or over-long id (a click without a player id
/// lands on the service's 404 page) or a click URL that is not an absolute http(s) URL.
#[uniffi::export]
pub fn click_url(offer_click_url: String, player_id: String) -> Result<ClickUrl, OfferError> {
    let built = offerkit::click_url(&offer_click_url, &player_id)?;
    Ok(ClickUrl {
        url: built.url,
        warnings: if built.warnings.is_empty() {
            Vec::new()
        } else {
            lint_player_id(player_id)
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_player_and_warns() {
        let built = click_url(
            "https://t.example/click/1?player_id=x".into(),
            "Player.One".into(),
        )
        .unwrap();
        assert_eq!(built.url, "https://t.example/click/1?player_id=Player.One");
        assert_eq!(
            built.warnings,
            [PlayerIdConvention::Uppercase, PlayerIdConvention::Period]
        );
        assert!(matches!(
            click_url("https://t.example/click/1".into(), String::new()),
            Err(OfferError::InvalidArgument { .. })
        ));
    }
}
