//! Any bytes as a reporting API body: rows or a decode error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|body: &[u8]| {
    if let Err(err) = offerkit::decode::report_rows(body) {
        assert_eq!(err.kind(), offerkit::ErrorKind::Decode);
    }
});
