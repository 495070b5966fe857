//! The library version, at compile time (header constants) and at run time. It is the release
//! version of the top Cargo.toml (`scripts/version.sh --check` fails when they differ): the C
//! ABI follows semantic versioning, so a release that adds to it raises the minor version.

use std::ffi::c_char;

/// Major version of the library this header belongs to.
pub const OFFERKIT_VERSION_MAJOR: u32 = 1;
/// Minor version of the library this header belongs to.
pub const OFFERKIT_VERSION_MINOR: u32 = 1;
/// Patch version of the library this header belongs to.
pub const OFFERKIT_VERSION_PATCH: u32 = 0;

/// The version text, `MAJOR.MINOR.PATCH` of the constants above.
const VERSION: &std::ffi::CStr = c"1.1.0";

/// The version of the loaded library, e.g. `"1.1.0"` (compare with the header's
/// `OFFERKIT_VERSION_*`). Static storage: never free it. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn offerkit_version() -> *const c_char {
    // Without the boundary: returns a constant, cannot panic.
    VERSION.as_ptr()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_constants_match_the_version_text() {
        let parts = [
            OFFERKIT_VERSION_MAJOR,
            OFFERKIT_VERSION_MINOR,
            OFFERKIT_VERSION_PATCH,
        ]
        .map(|p| p.to_string())
        .join(".");
        assert_eq!(parts, "1.1.0");
        // SAFETY: a static NUL-terminated string of this library.
        let runtime = unsafe { std::ffi::CStr::from_ptr(offerkit_version()) };
        assert_eq!(runtime.to_str().unwrap(), parts);
    }
}
