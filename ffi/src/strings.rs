//! Strings across the boundary: arguments are NUL-terminated UTF-8 (checked, never assumed);
//! results are NUL-terminated UTF-8 that the caller frees with `offerkit_string_free` (owned) or
//! that live as long as the handle they came from (borrowed), as each function documents.
//!
//! A string argument is read here and nowhere else, under the header's contract: a non-NULL
//! `const char *` points to a NUL-terminated string that lives for the whole call (as
//! `crate::handle` reads handles under it).

use std::ffi::{CStr, CString, c_char};

use crate::failure::Failure;
use crate::panic::infallible;

/// A required string argument `name`: `NULL_ARGUMENT` for NULL, `INVALID_UTF8` for bytes that
/// are not UTF-8.
pub(crate) fn required<'a>(ptr: *const c_char, name: &str) -> Result<&'a str, Failure> {
    optional(ptr, name)?.ok_or_else(|| Failure::null(name))
}

/// An optional string argument `name`: NULL is `None`; `INVALID_UTF8` for bytes that are not
/// UTF-8.
pub(crate) fn optional<'a>(ptr: *const c_char, name: &str) -> Result<Option<&'a str>, Failure> {
    if ptr.is_null() {
        return Ok(None);
    }
    // SAFETY: not NULL, so NUL-terminated and alive for the call (the contract above).
    let bytes = unsafe { CStr::from_ptr(ptr) };
    bytes
        .to_str()
        .map(Some)
        .map_err(|e| Failure::utf8(name, e.valid_up_to()))
}

/// An optional string argument, copied: NULL is `None`.
pub(crate) fn optional_string(ptr: *const c_char, name: &str) -> Result<Option<String>, Failure> {
    Ok(optional(ptr, name)?.map(str::to_string))
}

/// `text` as a C string; a U+0000 inside (which C cannot carry) ends the C string there.
pub(crate) fn c_text(text: &str) -> CString {
    let end = text.find('\0').unwrap_or(text.len());
    CString::new(&text[..end]).unwrap_or_default()
}

/// A C string for an optional value, and the pointer to hand out for it (NULL when absent).
pub(crate) fn c_opt(text: Option<&str>) -> Option<CString> {
    text.map(c_text)
}

/// The borrowed pointer of an optional C string: NULL when absent.
pub(crate) fn ptr(text: &Option<CString>) -> *const c_char {
    text.as_ref().map_or(std::ptr::null(), |c| c.as_ptr())
}

/// An owned C string for the caller (free with `offerkit_string_free`).
pub(crate) fn owned(text: &str) -> *mut c_char {
    c_text(text).into_raw()
}

/// An owned C string for the caller, from a value of its own (a query's JSON text).
pub(crate) fn into_owned(text: String) -> *mut c_char {
    owned(&text)
}

/// Frees a string this library handed out as owned (`char *` results, e.g. JSON text).
/// `offerkit_string_free(NULL)` does nothing. Never pass a borrowed (`const char *`) string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_string_free(string: *mut c_char) {
    infallible((), || {
        if !string.is_null() {
            // SAFETY: made by `CString::into_raw` in this library and freed once (contract).
            drop(unsafe { CString::from_raw(string) });
        }
        Ok(())
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nul_ends_the_c_string() {
        assert_eq!(c_text("ab\0cd").to_str().unwrap(), "ab");
        assert_eq!(c_text("plain").to_str().unwrap(), "plain");
    }

    #[test]
    fn invalid_utf8_is_reported_with_the_argument_name() {
        let bad = [0x66u8, 0xff, 0x00];
        let err = required(bad.as_ptr().cast(), "player_id").unwrap_err();
        assert_eq!(err.status, crate::status::OfferkitStatus::InvalidUtf8);
        assert_eq!(
            err.error.message(),
            "argument `player_id` is not valid UTF-8 (byte 1)"
        );
        let err = required(std::ptr::null(), "x").unwrap_err();
        assert_eq!(err.status, crate::status::OfferkitStatus::NullArgument);
    }
}
