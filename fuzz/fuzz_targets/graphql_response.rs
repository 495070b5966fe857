//! Any bytes as a GraphQL response body: typed outcome, never a panic; errors never success.
#![no_main]

use libfuzzer_sys::fuzz_target;
use offerkit::{ErrorKind, decode};

fuzz_target!(|body: &[u8]| {
    for outcome in [
        decode::offers(body).map(drop),
        decode::links(body).map(drop),
        decode::player_offers(body).map(drop),
        decode::graphql_response(body).map(drop),
    ] {
        if let Err(err) = outcome {
            assert!(matches!(
                err.kind(),
                ErrorKind::Decode | ErrorKind::Query | ErrorKind::Validation | ErrorKind::InvalidCursor
            ));
        }
    }
});
