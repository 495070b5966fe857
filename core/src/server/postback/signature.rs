//! HMAC-SHA256 as postbacks use it: a MAC over bytes under the postback key, written as hex.
//! Checking goes through `hmac`'s own `verify_slice`, which compares in constant time, so a
//! forger learns nothing from how fast a wrong signature is refused.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::key::PostbackKey;

type HmacSha256 = Hmac<Sha256>;

/// Length of a hex-encoded HMAC-SHA256.
pub const SIGNATURE_HEX_LEN: usize = 64;

#[cfg(test)]
thread_local! {
    /// MACs set up on this thread: tests count them to show which refusals hash nothing.
    pub(super) static MACS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

fn mac(key: &PostbackKey) -> HmacSha256 {
    #[cfg(test)]
    MACS.with(|n| n.set(n.get() + 1));
    // HMAC accepts keys of any length; `new_from_slice` cannot fail for it.
    HmacSha256::new_from_slice(key.bytes()).unwrap_or_else(|_| unreachable!("HMAC takes any key"))
}

/// Lowercase hex HMAC-SHA256 of `message` under `key` (what a sender puts in the
/// `Signature` header or the `verifier` parameter).
pub fn sign(key: &PostbackKey, message: &[u8]) -> String {
    let mut mac = mac(key);
    mac.update(message);
    hex(&mac.finalize().into_bytes())
}

/// Whether `signature` (hex, either case, surrounding white space ignored) is the MAC of
/// `message`. Anything that is not 64 hex digits is simply not a match.
pub fn matches(key: &PostbackKey, message: &[u8], signature: &str) -> bool {
    let Some(expected) = unhex(signature.trim()) else {
        return false;
    };
    let mut mac = mac(key);
    mac.update(message);
    mac.verify_slice(&expected).is_ok()
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0x0f)]));
    }
    out
}

fn unhex(text: &str) -> Option<[u8; 32]> {
    if text.len() != SIGNATURE_HEX_LEN {
        return None;
    }
    let mut out = [0u8; 32];
    for (slot, pair) in out.iter_mut().zip(text.as_bytes().chunks_exact(2)) {
        let digit = |c: u8| char::from(c).to_digit(16);
        let (hi, lo) = (digit(pair[0])?, digit(pair[1])?);
        *slot = u8::try_from(hi * 16 + lo).ok()?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected MACs computed outside offerkit:
    //   printf '%s' MESSAGE | openssl dgst -sha256 -hmac KEY
    // and the RFC 4231 test case 2 (key "Jefe").
    #[test]
    fn published_and_independent_vectors() {
        assert_eq!(
            sign(&PostbackKey::new("Jefe"), b"what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        assert_eq!(
            sign(
                &PostbackKey::new("key"),
                b"The quick brown fox jumps over the lazy dog"
            ),
            "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8"
        );
    }

    #[test]
    fn matches_accepts_either_case_and_refuses_everything_else() {
        let key = PostbackKey::new("Jefe");
        let good = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";
        let message = b"what do ya want for nothing?";
        assert!(matches(&key, message, good));
        assert!(matches(&key, message, &good.to_uppercase()));
        assert!(matches(&key, message, &format!(" {good}\n")));
        assert!(!matches(&key, b"what do ya want for nothing!", good));
        assert!(!matches(&PostbackKey::new("jefe"), message, good));
        assert!(!matches(&key, message, &good[..63]), "truncated");
        assert!(!matches(&key, message, &good[..32]), "half");
        assert!(!matches(&key, message, ""));
        assert!(!matches(&key, message, &format!("{good}00")));
        let mut flipped = good.to_owned();
        flipped.replace_range(63.., "4");
        assert!(!matches(&key, message, &flipped), "last digit changed");
        assert!(!matches(&key, message, &"zz".repeat(32)));
        assert!(
            !matches(&key, message, &"é".repeat(32)),
            "non-ASCII of the right length"
        );
    }
}
