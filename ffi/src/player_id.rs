//! Player-id helpers: core's rule (1 to 255 characters), its conventions lint, and its stable
//! short id.

use std::ffi::{CStr, c_char};

use offerkit::{Convention, PlayerId};

use crate::boundary::fallible;
use crate::error::OfferkitError;
use crate::out::Out;
use crate::panic::infallible;
use crate::status::OfferkitStatus;
use crate::strings;

/// Lint flag: the id contains uppercase letters.
pub const OFFERKIT_PLAYER_ID_UPPERCASE: u32 = 1;
/// Lint flag: the id contains periods.
pub const OFFERKIT_PLAYER_ID_PERIOD: u32 = 2;
/// Lint flag: the id contains white space.
pub const OFFERKIT_PLAYER_ID_SPACE: u32 = 4;
/// Lint flag: the id contains other characters than lowercase ASCII letters, digits, `-`, `_`.
pub const OFFERKIT_PLAYER_ID_OTHER_CHARACTER: u32 = 8;

const CONVENTIONS: [(u32, Convention); 4] = [
    (OFFERKIT_PLAYER_ID_UPPERCASE, Convention::Uppercase),
    (OFFERKIT_PLAYER_ID_PERIOD, Convention::Period),
    (OFFERKIT_PLAYER_ID_SPACE, Convention::Space),
    (
        OFFERKIT_PLAYER_ID_OTHER_CHARACTER,
        Convention::OtherCharacter,
    ),
];

/// Core's names and descriptions as static C strings (nothing allocated: a library that is
/// shut down leaves no global behind); the unit test below checks them against core's.
const TEXTS: [(u32, &CStr, &CStr); 4] = [
    (
        OFFERKIT_PLAYER_ID_UPPERCASE,
        c"uppercase",
        c"contains uppercase letters",
    ),
    (OFFERKIT_PLAYER_ID_PERIOD, c"period", c"contains periods"),
    (OFFERKIT_PLAYER_ID_SPACE, c"space", c"contains spaces"),
    (
        OFFERKIT_PLAYER_ID_OTHER_CHARACTER,
        c"other_character",
        c"contains characters other than lowercase letters, digits, '-' and '_'",
    ),
];

/// Checks the service's rule for a player id (1 to 255 characters): `OFFERKIT_STATUS_OK`, or
/// `OFFERKIT_STATUS_INVALID_ARGUMENT` with the service's message on the `player_id` argument.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_id_validate(
    player_id: *const c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let id = strings::required(player_id, "player_id")?;
        PlayerId::new(id)?;
        Ok(())
    })
}

/// Writes to `*out_flags` the conventions `player_id` breaks, as `OFFERKIT_PLAYER_ID_*` flags
/// OR-ed together (0: follows them all). Conventions are advice: the service accepts such ids.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_id_lint(
    player_id: *const c_char,
    out_flags: *mut u32,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let id = strings::required(player_id, "player_id")?;
        let out = Out::required(out_flags, "out_flags")?;
        out.write(convention_flags(&offerkit::lint_player_id(id)));
        Ok(())
    })
}

/// The `OFFERKIT_PLAYER_ID_*` flags of `conventions`, OR-ed together.
pub(crate) fn convention_flags(conventions: &[Convention]) -> u32 {
    conventions
        .iter()
        .filter_map(|c| CONVENTIONS.iter().find(|(_, k)| k == c).map(|(f, _)| *f))
        .fold(0, |all, flag| all | flag)
}

/// The name (or with `describe`, the description) of exactly one flag; NULL for anything else.
fn text_of(flag: u32, describe: bool) -> *const c_char {
    TEXTS
        .iter()
        .find(|(f, _, _)| *f == flag)
        .map_or(std::ptr::null(), |(_, name, description)| {
            if describe {
                description.as_ptr()
            } else {
                name.as_ptr()
            }
        })
}

/// The stable name of one lint flag (`"uppercase"`, `"period"`, `"space"`,
/// `"other_character"`), or NULL if `flag` is not exactly one flag. Static storage.
#[unsafe(no_mangle)]
pub extern "C" fn offerkit_player_id_convention_name(flag: u32) -> *const c_char {
    infallible(std::ptr::null(), || Ok(text_of(flag, false)))
}

/// A sentence describing one lint flag (e.g. `"contains periods"`), or NULL if `flag` is not
/// exactly one flag. Static storage.
#[unsafe(no_mangle)]
pub extern "C" fn offerkit_player_id_convention_describe(flag: u32) -> *const c_char {
    infallible(std::ptr::null(), || Ok(text_of(flag, true)))
}

/// Derives a stable, valid, convention-following player id from any internal identifier:
/// `"p-"` and the lowercase hex of the first 16 bytes of SHA-256 over the UTF-8 bytes of
/// `internal_id` (34 characters; every binding gives the same answer). On success `*out_id` is
/// an owned string (free with `offerkit_string_free`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_player_id_short(
    internal_id: *const c_char,
    out_id: *mut *mut c_char,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let internal = strings::required(internal_id, "internal_id")?;
        let out = Out::required(out_id, "out_id")?;
        out.write(strings::owned(offerkit::short_player_id(internal).as_str()));
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_texts_are_cores() {
        for (flag, convention) in CONVENTIONS {
            let (_, name, description) = TEXTS
                .iter()
                .find(|(f, _, _)| *f == flag)
                .expect("every flag has texts");
            assert_eq!(name.to_str().unwrap(), convention.as_str());
            assert_eq!(description.to_str().unwrap(), convention.describe());
        }
    }
}
