//! Strings across the boundary: arguments are NUL-terminated UTF-8 (checked, never assumed);
//! results are NUL-terminated UTF-8 that the caller frees with `offerkit_string_free` (owned) or
//! that live as long as the handle they came from (borrowed), as each function documents.

use std::ffi::{CStr, CString, c_char};

use crate::error::Failure;
use crate::panic::guard;

/// A required string argument.
///
/// # Safety
/// `ptr` is NULL or points to a NUL-terminated string that outlives `'a`.
pub(crate) unsafe fn required<'a>(ptr: *const c_char, name: &str) -> Result<&'a str, Failure> {
    // SAFETY: forwarded from the caller.
    unsafe { optional(ptr, name) }?.ok_or_else(|| Failure::null(name))
}

/// An optional string argument: NULL is `None`.
///
/// # Safety
/// `ptr` is NULL or points to a NUL-terminated string that outlives `'a`.
pub(crate) unsafe fn optional<'a>(
    ptr: *const c_char,
    name: &str,
) -> Result<Option<&'a str>, Failure> {
    if ptr.is_null() {
        return Ok(None);
    }
    // SAFETY: non-NULL and NUL-terminated per the contract.
    let bytes = unsafe { CStr::from_ptr(ptr) };
    bytes.to_str().map(Some).map_err(|_| Failure::utf8(name))
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

/// Frees a string this library handed out as owned (`char *` results, e.g. JSON text).
/// `offerkit_string_free(NULL)` does nothing. Never pass a borrowed (`const char *`) string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_string_free(string: *mut c_char) {
    if !string.is_null() {
        // SAFETY: made by `CString::into_raw` in this library and freed once (contract).
        guard((), || drop(unsafe { CString::from_raw(string) }));
    }
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
        // SAFETY: a NUL-terminated buffer or NULL, alive for the call.
        let err = unsafe { required(bad.as_ptr().cast(), "player_id") }.unwrap_err();
        assert_eq!(err.status, crate::status::OfferkitStatus::InvalidUtf8);
        assert!(err.error.message().contains("player_id"));
        // SAFETY: a NUL-terminated buffer or NULL, alive for the call.
        let err = unsafe { required(std::ptr::null(), "x") }.unwrap_err();
        assert_eq!(err.status, crate::status::OfferkitStatus::NullArgument);
    }
}
