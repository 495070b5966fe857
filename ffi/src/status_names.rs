//! The stable names of statuses and error kinds, for hosts that log or display them: the
//! exported lookups by number, apart from the enums (`crate::status`) that the boundary itself
//! returns, so the boundary and the functions running under it do not depend on each other.

use crate::boundary::infallible;
use crate::status::{OfferkitErrorKind, OfferkitStatus};

/// The stable snake_case name of a status (`"ok"`, `"rate_limited"`, `"null_argument"`, …);
/// `"unknown"` for a number that is not an `OfferkitStatus`. Static storage: never free it.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn offerkit_status_name(status: u32) -> *const std::ffi::c_char {
    infallible(c"unknown".as_ptr(), || {
        let status = OfferkitStatus::from_u32(status);
        Ok(status.map_or(c"unknown", OfferkitStatus::name).as_ptr())
    })
}

/// The stable snake_case name of an error kind, exactly core's (`"invalid_argument"`, …);
/// `"unknown"` for a number that is not an `OfferkitErrorKind`. Static storage. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn offerkit_error_kind_name(kind: u32) -> *const std::ffi::c_char {
    infallible(c"unknown".as_ptr(), || {
        let kind = OfferkitErrorKind::from_u32(kind);
        Ok(kind
            .map_or(c"unknown", |k| OfferkitStatus::from_kind(k).name())
            .as_ptr())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use offerkit::ErrorKind;
    use std::ffi::CStr;

    #[test]
    fn kinds_follow_core_order_and_names() {
        for (i, kind) in ErrorKind::ALL.into_iter().enumerate() {
            let number = OfferkitErrorKind::from_core(kind) as u32;
            assert_eq!(number as usize, i + 1, "{kind}");
            assert_eq!(OfferkitStatus::from_kind(kind) as u32, number);
            // SAFETY: a static NUL-terminated string of this library.
            let name = unsafe { CStr::from_ptr(offerkit_error_kind_name(number)) };
            assert_eq!(name.to_str().unwrap(), kind.as_str());
        }
        // SAFETY: a static NUL-terminated string of this library.
        let unknown = unsafe { CStr::from_ptr(offerkit_error_kind_name(0)) };
        assert_eq!(unknown.to_str().unwrap(), "unknown");
    }

    #[test]
    fn status_numbers_are_stable() {
        let numbers: Vec<u32> = OfferkitStatus::all().map(|s| s as u32).collect();
        assert_eq!(
            numbers,
            [
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 100, 101, 102, 103, 105
            ]
        );
        // SAFETY: a static NUL-terminated string of this library.
        let name = unsafe { CStr::from_ptr(offerkit_status_name(101)) };
        assert_eq!(name.to_str().unwrap(), "invalid_utf8");
        // SAFETY: a static NUL-terminated string of this library.
        let name = unsafe { CStr::from_ptr(offerkit_status_name(99)) };
        assert_eq!(name.to_str().unwrap(), "unknown");
    }
}
