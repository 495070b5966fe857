//! Postbacks: how virtual currency reaches a player. The service calls the game's server when
//! a player completes an offer; this module checks that such a request really comes from the
//! service and says what it credits.
//!
//! The spec leaves the postback's fields unshown; the formats follow the service's public
//! documentation (README: "where the spec is silent"):
//! - **v3**: `POST`, JSON body `{request_id, timestamp, data: {player_id, amount, payout,
//!   conversion_id, offer_id, offer_name, conversion_type, goal_id, goal_name, campaign_id,
//!   ...}}`, header `Signature` = lowercase hex HMAC-SHA256 of the raw body under the
//!   postback key;
//! - **v2**: `GET` with URL parameters and `verifier` = HMAC-SHA256 of the URL without it
//!   (what exactly is signed: `canonical.rs`).
//!
//! Failures use the one taxonomy, with the HTTP status a receiver answers in
//! [`crate::Error::http_status`]: outside the IP allow-list `forbidden`/403; too large
//! `invalid_argument`/413 (v2: 414); missing or wrong signature `unauthorized`/401; a signed
//! but malformed postback `decode`/400 (not JSON) or `invalid_argument`/400 (fields, listed per
//! field); outside the replay window `unauthorized`/401.
//!
//! ```
//! use offerkit::server::postback::{PostbackKey, PostbackVerifier, sign_v3};
//! let key = PostbackKey::new("pbk-test");
//! let body = br#"{"request_id":"r1","timestamp":1732406400,"data":{"player_id":"p-1","amount":50,"conversion_id":"c-1","conversion_type":"reward"}}"#;
//! let signature = sign_v3(&key, body);
//! let conversion = PostbackVerifier::new(key)?.verify_v3_at(Some(&signature), body, 1732406400)?;
//! assert_eq!((conversion.player_id.as_str(), conversion.amount), ("p-1", 50));
//! # Ok::<(), offerkit::Error>(())
//! ```

mod allow_list;
pub mod canonical;
mod conversion;
mod key;
mod replay;
mod signature;
mod v2;
mod v3;
mod verifier;

pub use allow_list::IpAllowList;
pub use conversion::{Conversion, ConversionKind, MAX_AMOUNT, PostbackFormat};
pub use key::PostbackKey;
pub use replay::ReplayWindow;
pub use signature::SIGNATURE_HEX_LEN;
pub use v3::SIGNATURE_HEADER;
pub use verifier::{DEFAULT_MAX_POSTBACK_BYTES, PostbackVerifier, sign_v2_url, sign_v3};
