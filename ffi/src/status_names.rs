//! The stable names of statuses, for hosts that log or display them: the exported lookup by
//! number, apart from the enum (`crate::status`) that the boundary itself returns, so the
//! boundary and the functions running under it do not depend on each other.

use crate::panic::infallible;
use crate::status::OfferkitStatus;

/// The stable snake_case name of a status: `"ok"`; for 1–16 core's kind names
/// (`"invalid_argument"`, `"rate_limited"`, …, the names every other binding uses); then
/// `"null_argument"` (100), `"invalid_utf8"`, `"out_of_range"`, `"would_deadlock"`,
/// `"not_found"`, `"busy"`, `"already_answered"` (106), `"not_available"` (107). `"unknown"` for
/// a number that is not an `OfferkitStatus`. Static storage: never
/// free it. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn offerkit_status_name(status: u32) -> *const std::ffi::c_char {
    infallible(c"unknown".as_ptr(), || {
        let status = OfferkitStatus::from_u32(status);
        Ok(status.map_or(c"unknown", OfferkitStatus::name).as_ptr())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use offerkit::ErrorKind;
    use std::ffi::CStr;

    fn name(number: u32) -> String {
        // SAFETY: a static NUL-terminated string of this library.
        let name = unsafe { CStr::from_ptr(offerkit_status_name(number)) };
        name.to_str().unwrap().to_string()
    }

    #[test]
    fn statuses_1_to_16_are_core_kinds_in_core_order_with_core_names() {
        for (i, kind) in ErrorKind::ALL.into_iter().enumerate() {
            let number = OfferkitStatus::from_kind(kind) as u32;
            assert_eq!(number as usize, i + 1, "{kind}");
            assert_eq!(name(number), kind.as_str());
        }
        assert_eq!(ErrorKind::ALL.len(), 16);
    }

    #[test]
    fn status_numbers_and_names_are_stable() {
        let numbers: Vec<u32> = OfferkitStatus::all().map(|s| s as u32).collect();
        assert_eq!(
            numbers,
            [
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 100, 101, 102, 103, 104,
                105, 106, 107
            ]
        );
        let own = [
            (0, "ok"),
            (100, "null_argument"),
            (101, "invalid_utf8"),
            (102, "out_of_range"),
            (103, "would_deadlock"),
            (104, "not_found"),
            (105, "busy"),
            (106, "already_answered"),
            (107, "not_available"),
        ];
        for (number, expected) in own {
            assert_eq!(name(number), expected);
        }
        for unknown in [17, 99, 108, u32::MAX] {
            assert_eq!(name(unknown), "unknown");
        }
    }
}
