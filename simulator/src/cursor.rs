//! `playerOffers` pagination cursors: opaque base64url tokens that carry the next offset and
//! an HMAC binding it to the player id, so a forged, altered or borrowed cursor is detected
//! (and reported) instead of silently restarting at page one.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use hmac::Mac;

use crate::keys;

const OFFSET_LEN: usize = 8;
const MAC_LEN: usize = 32;

pub struct CursorKey([u8; 32]);

impl CursorKey {
    pub fn new(seed: u64) -> CursorKey {
        CursorKey(keys::derive(seed, "playerOffers-cursor"))
    }

    fn mac(&self, player_id: &str, offset: &[u8; OFFSET_LEN]) -> keys::HmacSha256 {
        let mut mac = keys::keyed(&self.0);
        mac.update(b"playerOffers\0");
        mac.update(&(player_id.len() as u64).to_be_bytes());
        mac.update(player_id.as_bytes());
        mac.update(offset);
        mac
    }

    /// A cursor that resumes `player_id`'s list at `offset`.
    pub fn issue(&self, player_id: &str, offset: usize) -> String {
        let offset = (offset as u64).to_be_bytes();
        let mut raw = Vec::with_capacity(OFFSET_LEN + MAC_LEN);
        raw.extend_from_slice(&offset);
        raw.extend_from_slice(&self.mac(player_id, &offset).finalize().into_bytes());
        B64.encode(raw)
    }

    /// The offset of a cursor this key issued for `player_id`; `None` for anything else.
    pub fn open(&self, player_id: &str, cursor: &str) -> Option<usize> {
        let raw = B64.decode(cursor).ok()?;
        if raw.len() != OFFSET_LEN + MAC_LEN {
            return None;
        }
        let (offset, tag) = raw.split_at(OFFSET_LEN);
        let offset: [u8; OFFSET_LEN] = offset.try_into().ok()?;
        self.mac(player_id, &offset).verify_slice(tag).ok()?;
        usize::try_from(u64::from_be_bytes(offset)).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_binds_player() {
        let key = CursorKey::new(42);
        let c = key.issue("p1", 50);
        assert_eq!(key.open("p1", &c), Some(50));
        assert_eq!(key.open("p2", &c), None);
        assert_eq!(CursorKey::new(43).open("p1", &c), None);
        assert!(
            c.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        );
    }

    #[test]
    fn altered_or_garbage_cursors_fail() {
        let key = CursorKey::new(42);
        let c = key.issue("p1", 50);
        let mut altered = c.clone().into_bytes();
        altered[2] = if altered[2] == b'A' { b'B' } else { b'A' };
        let altered = String::from_utf8(altered).unwrap_or_default();
        assert_eq!(key.open("p1", &altered), None);
        assert_eq!(key.open("p1", "not a cursor"), None);
        assert_eq!(key.open("p1", ""), None);
        assert_eq!(key.open("p1", &B64.encode(b"50")), None);
    }
}
