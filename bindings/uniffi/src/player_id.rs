//! Player-id helpers: the service's one rule (1 to 255 characters), the platform conventions
//! it does not check, and the stable short id for longer internal identifiers.

use crate::error::OfferError;

/// A break of the platform's player-id conventions (reported, never rejected: the service
/// accepts such ids, but the id must match the one used at click time).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum PlayerIdConvention {
    /// Contains uppercase letters.
    Uppercase,
    /// Contains periods.
    Period,
    /// Contains white space.
    Space,
    /// Contains anything else that is not a lowercase ASCII letter, digit, `-` or `_`.
    OtherCharacter,
}

/// Checks the rule the service enforces (1 to 255 characters); fails with
/// `OfferError.InvalidArgument` naming `player_id`, as a query would, without a round trip.
#[uniffi::export]
pub fn check_player_id(player_id: String) -> Result<(), OfferError> {
    offerkit::PlayerId::new(player_id)?;
    Ok(())
}

/// Every convention `player_id` breaks (empty when it follows them all).
#[uniffi::export]
pub fn lint_player_id(player_id: String) -> Vec<PlayerIdConvention> {
    offerkit::lint_player_id(&player_id)
        .into_iter()
        .map(|c| match c {
            offerkit::Convention::Uppercase => PlayerIdConvention::Uppercase,
            offerkit::Convention::Period => PlayerIdConvention::Period,
            offerkit::Convention::Space => PlayerIdConvention::Space,
            offerkit::Convention::OtherCharacter => PlayerIdConvention::OtherCharacter,
        })
        .collect()
}

/// A stable, valid, convention-following player id for any internal identifier: `"p-"` and
/// the first 16 bytes of SHA-256 of its UTF-8 bytes in lowercase hex (34 characters). Every
/// offerkit binding gives the same answer.
#[uniffi::export]
pub fn short_player_id(internal_id: String) -> String {
    offerkit::short_player_id(&internal_id).to_string()
}
