//! Secrets derived from the seed. The JWT and cursor keys come from one seed so two
//! simulators with the same seed accept each other's tokens and cursors, and nothing
//! random leaks into the output.

use hmac::{Hmac, Mac};
use sha2::Sha256;

pub type HmacSha256 = Hmac<Sha256>;

/// HMAC-SHA256 of `parts` (concatenated) under `key`.
pub fn hmac(key: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut mac = keyed(key);
    for part in parts {
        mac.update(part);
    }
    mac.finalize().into_bytes().into()
}

/// A fresh HMAC-SHA256 state; any key length is valid for HMAC.
pub fn keyed(key: &[u8]) -> HmacSha256 {
    match HmacSha256::new_from_slice(key) {
        Ok(mac) => mac,
        Err(_) => unreachable!("HMAC accepts keys of any length"),
    }
}

/// A purpose-specific 32-byte key derived from the seed.
pub fn derive(seed: u64, purpose: &str) -> [u8; 32] {
    hmac(
        b"offerkit-sim/v1",
        &[&seed.to_be_bytes(), purpose.as_bytes()],
    )
}
