//! The server side's long-lived credentials — the refresh token and the reporting API key —
//! in types that never show their value in `Debug`, `Display`, logs or errors, and that
//! overwrite their bytes when dropped.
//!
//! Only the copies these types own are wiped: a request body or header handed to the HTTP
//! stack is a transient copy outside their control.

use std::fmt;

use zeroize::Zeroize;

/// A secret string: redacted when formatted, zeroed on drop, not serializable.
#[derive(Clone)]
pub struct Secret(Box<str>);

impl Secret {
    /// Takes the value, wiping the `String` it came in.
    pub fn new(value: impl Into<String>) -> Self {
        let mut value: String = value.into();
        // Copy into an exact-size box first: `into_boxed_str` may reallocate and free the
        // old buffer without wiping it.
        let secret = Secret(Box::from(value.as_str()));
        value.zeroize();
        secret
    }

    /// The value, for the one place that sends it. Never log or format it.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// Whether the value is the empty string (no credential was given).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Overwrites the bytes with zeros (what `Drop` does).
    fn wipe(&mut self) {
        self.0.as_mut().zeroize();
    }
}

impl Drop for Secret {
    fn drop(&mut self) {
        self.wipe();
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(<redacted>)")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

/// A type wrapping a [`Secret`]: built from text, never shown by `Debug` or `Display`. Every
/// server-side key is one, so none can be formatted by accident.
macro_rules! secret_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub struct $name($crate::server::Secret);

        impl $name {
            /// Takes the value, wiping the `String` it came in.
            pub fn new(value: impl Into<String>) -> Self {
                $name($crate::server::Secret::new(value))
            }

            /// Whether the value is the empty string (no credential was given).
            pub fn is_empty(&self) -> bool {
                self.0.is_empty()
            }
        }

        impl From<String> for $name {
            fn from(value: String) -> Self {
                $name::new(value)
            }
        }

        impl From<&str> for $name {
            fn from(value: &str) -> Self {
                $name::new(value)
            }
        }

        impl ::std::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, "{}(<redacted>)", stringify!($name))
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str("<redacted>")
            }
        }
    };
}
pub(crate) use secret_type;

/// A credential the client sends as it is (a secret type with a public `expose`).
macro_rules! credential {
    ($(#[$doc:meta])* $name:ident) => {
        secret_type!($(#[$doc])* $name);

        impl $name {
            /// The value, for the one place that sends it. Never log or format it.
            pub fn expose(&self) -> &str {
                self.0.expose()
            }
        }
    };
}

credential!(
    /// The long-lived refresh token the operator issued. Server-side only: never put it in a
    /// game client.
    RefreshToken
);

credential!(
    /// The reporting API key from the publisher dashboard (valid for one year).
    ApiKey
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formatting_never_shows_the_value() {
        let value = "rt-live-4f9a2c7e";
        let shown = [
            format!("{:?}", Secret::new(value)),
            format!("{}", Secret::new(value)),
            format!("{:?}", RefreshToken::new(value)),
            format!("{:#?}", RefreshToken::from(value)),
            format!("{}", ApiKey::new(value.to_string())),
            format!("{:?}", Some(ApiKey::new(value))),
        ];
        for text in &shown {
            assert!(!text.contains(value), "{text}");
            assert!(text.contains("<redacted>"), "{text}");
        }
        assert_eq!(RefreshToken::new(value).expose(), value);
    }

    #[test]
    fn wipe_overwrites_every_byte() {
        let mut secret = Secret::new("api-key-0123456789");
        let len = secret.expose().len();
        secret.wipe();
        assert_eq!(secret.expose().len(), len, "wiped in place");
        assert!(secret.expose().bytes().all(|b| b == 0));
    }
}
