//! The postback key: the shared secret the service signs postbacks with. It lives in a
//! [`Secret`] so it never shows in `Debug`, `Display`, logs or errors and is wiped on drop.

use std::fmt;

use crate::server::Secret;

/// The HMAC key of postbacks, from the publisher dashboard. Server-side only.
#[derive(Clone)]
pub struct PostbackKey(Secret);

impl PostbackKey {
    pub fn new(value: impl Into<String>) -> Self {
        PostbackKey(Secret::new(value))
    }

    /// The key bytes, for the one place that computes a MAC. Never log or format them.
    pub(crate) fn bytes(&self) -> &[u8] {
        self.0.expose().as_bytes()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl From<String> for PostbackKey {
    fn from(value: String) -> Self {
        PostbackKey::new(value)
    }
}

impl From<&str> for PostbackKey {
    fn from(value: &str) -> Self {
        PostbackKey::new(value)
    }
}

impl fmt::Debug for PostbackKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PostbackKey(<redacted>)")
    }
}

impl fmt::Display for PostbackKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
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
