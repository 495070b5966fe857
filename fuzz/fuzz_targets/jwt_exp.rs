//! Any text as an access token: the `exp` reader never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|token: &str| {
    let _ = offerkit::jwt_expiry_unix(token);
    let _ = offerkit::AccessToken::new(token);
});
