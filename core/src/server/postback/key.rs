//! The postback key: the shared secret the service signs postbacks with. It lives in a
//! [`Secret`](crate::server::Secret) so it never shows in `Debug`, `Display`, logs or errors
//! and is wiped on drop.

use crate::server::secret::secret_type;

secret_type!(
    /// The HMAC key of postbacks, from the publisher dashboard. Server-side only.
    PostbackKey
);

impl PostbackKey {
    /// The key bytes, for the one place that computes a MAC. Never log or format them.
    pub(crate) fn bytes(&self) -> &[u8] {
        self.0.expose().as_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_formatted() {
        let key = PostbackKey::new("pbk-live-93c1e0");
        for shown in [
            format!("{key:?}"),
            format!("{key}"),
            format!("{:#?}", Some(&key)),
        ] {
            assert!(!shown.contains("pbk-live-93c1e0"), "{shown}");
            assert!(shown.contains("<redacted>"), "{shown}");
        }
        assert_eq!(key.bytes(), b"pbk-live-93c1e0");
    }
}
