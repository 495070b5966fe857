//! Any bytes as a listing body, paginated or not: typed outcome, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|body: &[u8]| {
    for paginated in [false, true] {
        if let Err(err) = offerkit::decode::listing(body, paginated) {
            assert_eq!(err.kind(), offerkit::ErrorKind::Decode);
        }
    }
});
