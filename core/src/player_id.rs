//! Player ids: the one rule the service enforces, the conventions it does not, and a stable
//! way to derive a valid id from a longer internal one.
//!
//! The service only checks length (1–255 characters). The platform conventions (lowercase
//! letters, digits, `-` and `_`) matter because the id must match the one used at click time,
//! so the lint reports breaks without rejecting. [`short_player_id`] is specified precisely so
//! every binding derives the same id from the same input.

use std::fmt;

use sha2::{Digest, Sha256};

use crate::error::{Error, FieldError, Result};
use crate::validate;

/// A player id that passes the service's own rule (1 to 255 characters).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(String);

impl PlayerId {
    /// Checks the service's rule; fails with `invalid_argument` on the `player_id` argument.
    pub fn new(id: impl Into<String>) -> Result<Self> {
        let id = id.into();
        let mut field = FieldError::new(&[]);
        validate::player_id(&mut field, &id);
        if field.is_empty() {
            Ok(PlayerId(id))
        } else {
            Err(Error::invalid_arguments(vec![field]))
        }
    }

    /// The id as given.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The convention problems of this id (empty when it follows them all).
    pub fn lint(&self) -> Vec<Convention> {
        lint_player_id(&self.0)
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl AsRef<str> for PlayerId {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

/// A break of the platform's player-id conventions (reported, never rejected).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Convention {
    /// Contains uppercase letters.
    Uppercase,
    /// Contains periods.
    Period,
    /// Contains white space.
    Space,
    /// Contains anything else that is not a lowercase ASCII letter, digit, `-` or `_`
    /// (emojis, accented letters, other punctuation).
    OtherCharacter,
}

impl Convention {
    /// A stable snake_case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Convention::Uppercase => "uppercase",
            Convention::Period => "period",
            Convention::Space => "space",
            Convention::OtherCharacter => "other_character",
        }
    }

    /// A sentence for a warning.
    pub fn describe(self) -> &'static str {
        match self {
            Convention::Uppercase => "contains uppercase letters",
            Convention::Period => "contains periods",
            Convention::Space => "contains spaces",
            Convention::OtherCharacter => {
                "contains characters other than lowercase letters, digits, '-' and '_'"
            }
        }
    }
}

/// Every convention `id` breaks, each reported once, in the order of [`Convention`].
pub fn lint_player_id(id: &str) -> Vec<Convention> {
    let (mut upper, mut period, mut space, mut other) = (false, false, false, false);
    for c in id.chars() {
        match c {
            'a'..='z' | '0'..='9' | '-' | '_' => {}
            c if c.is_uppercase() => upper = true,
            '.' => period = true,
            c if c.is_whitespace() => space = true,
            _ => other = true,
        }
    }
    [
        (upper, Convention::Uppercase),
        (period, Convention::Period),
        (space, Convention::Space),
        (other, Convention::OtherCharacter),
    ]
    .into_iter()
    .filter_map(|(hit, convention)| hit.then_some(convention))
    .collect()
}

/// A stable, valid, convention-following player id for any internal identifier.
///
/// Algorithm (every binding must give the same answer): `"p-"` followed by the lowercase
/// hexadecimal form of the first 16 bytes of SHA-256 over the UTF-8 bytes of `internal_id`.
/// The result is always 34 characters. Example: `short_player_id("")` is
/// `"p-e3b0c44298fc1c149afbf4c8996fb924"`.
pub fn short_player_id(internal_id: &str) -> PlayerId {
    let digest = Sha256::digest(internal_id.as_bytes());
    let mut id = String::with_capacity(34);
    id.push_str("p-");
    for byte in &digest[..16] {
        id.push(char::from(HEX[usize::from(byte >> 4)]));
        id.push(char::from(HEX[usize::from(byte & 0x0f)]));
    }
    PlayerId(id)
}

const HEX: &[u8; 16] = b"0123456789abcdef";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    #[test]
    fn length_is_the_only_enforced_rule() {
        assert!(PlayerId::new("Player.One with spaces 😀").is_ok());
        assert_eq!(
            PlayerId::new("").unwrap_err().kind(),
            ErrorKind::InvalidArgument
        );
        assert!(PlayerId::new("x".repeat(255)).is_ok());
        let err = PlayerId::new("x".repeat(256)).unwrap_err();
        assert_eq!(
            err.fields()[0].arguments["player_id"],
            ["The player id field must not be greater than 255 characters."]
        );
    }

    #[test]
    fn lint_reports_each_convention_once() {
        assert!(lint_player_id("player_1-a").is_empty());
        assert_eq!(
            lint_player_id("Player.One"),
            [Convention::Uppercase, Convention::Period]
        );
        assert_eq!(lint_player_id("a b\tc"), [Convention::Space]);
        assert_eq!(lint_player_id("émoji😀!"), [Convention::OtherCharacter]);
        assert_eq!(
            lint_player_id("A. b!"),
            [
                Convention::Uppercase,
                Convention::Period,
                Convention::Space,
                Convention::OtherCharacter
            ]
        );
    }

    #[test]
    fn short_id_is_documented_sha256_prefix() {
        // SHA-256("") and SHA-256("abc") are published test vectors.
        assert_eq!(
            short_player_id("").as_str(),
            "p-e3b0c44298fc1c149afbf4c8996fb924"
        );
        assert_eq!(
            short_player_id("abc").as_str(),
            "p-ba7816bf8f01cfea414140de5dae2223"
        );
        let long = "internal:".repeat(100);
        let id = short_player_id(&long);
        assert_eq!(id.as_str().len(), 34);
        assert!(id.lint().is_empty());
        assert_eq!(id, short_player_id(&long));
    }
}
