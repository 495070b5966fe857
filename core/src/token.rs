//! Host-supplied access tokens: the types a host uses to hand the client a token.
//!
//! Client builds never see the refresh token: the host app either sets a short-lived access
//! token (and replaces it whenever it likes) or implements [`AccessTokenProvider`], which the
//! client asks when it has no token, when the token is about to expire, and once after a 401.
//! When and how the client asks lives in `token_refresh.rs`; this file only defines what the
//! host sees.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::error::Result;
use crate::jwt;
use crate::runtime;

/// A boxed future, as returned by [`AccessTokenProvider::access_token`].
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Why the client asks the provider for a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TokenReason {
    /// The client has no token yet.
    Missing,
    /// The current token expires within the refresh skew.
    Expiring,
    /// The service answered 401 to the current token.
    Rejected,
}

impl TokenReason {
    /// `"missing"`, `"expiring"` or `"rejected"`.
    pub fn as_str(self) -> &'static str {
        match self {
            TokenReason::Missing => "missing",
            TokenReason::Expiring => "expiring",
            TokenReason::Rejected => "rejected",
        }
    }
}

/// A short-lived bearer token and, when known, its expiry. `Debug` never shows the secret.
#[derive(Clone, PartialEq, Eq)]
pub struct AccessToken {
    secret: Arc<str>,
    expires_at: Option<SystemTime>,
}

impl AccessToken {
    /// A token whose expiry is read from its JWT `exp` claim (if it is a JWT).
    pub fn new(secret: impl Into<String>) -> Self {
        let secret: String = secret.into();
        let expires_at = jwt::expiry_unix(&secret).map(unix_to_system_time);
        AccessToken {
            secret: secret.into(),
            expires_at,
        }
    }

    /// A token with an `expires_in` from the token response; a JWT `exp` claim, when present,
    /// wins because it is the service's own statement.
    pub fn with_expires_in(secret: impl Into<String>, expires_in: Duration) -> Self {
        let mut token = AccessToken::new(secret);
        if token.expires_at.is_none() {
            token.expires_at = runtime::now().checked_add(expires_in);
        }
        token
    }

    /// The bearer value. Handle with care: never log it.
    pub fn secret(&self) -> &str {
        &self.secret
    }

    /// When the token expires, if known.
    pub fn expires_at(&self) -> Option<SystemTime> {
        self.expires_at
    }

    /// Whether the token expires within `skew` from now (a token of unknown expiry never does).
    pub(crate) fn expires_within(&self, skew: Duration) -> bool {
        match self.expires_at {
            Some(at) => at
                .duration_since(runtime::now())
                .map_or(true, |left| left <= skew),
            None => false,
        }
    }
}

impl fmt::Debug for AccessToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AccessToken")
            .field("secret", &"<redacted>")
            .field("expires_at", &self.expires_at)
            .finish()
    }
}

fn unix_to_system_time(secs: i64) -> SystemTime {
    if secs >= 0 {
        UNIX_EPOCH + Duration::from_secs(secs.unsigned_abs())
    } else {
        UNIX_EPOCH - Duration::from_secs(secs.unsigned_abs())
    }
}

/// Implemented by the host to hand the client a fresh access token (typically fetched from the
/// studio's own backend, which holds the refresh token). Closures `Fn(TokenReason) -> impl
/// Future<Output = Result<AccessToken>>` implement it.
pub trait AccessTokenProvider: Send + Sync + 'static {
    /// A fresh token, asked for `reason`. An error fails the calls waiting for the token with
    /// that error.
    fn access_token(&self, reason: TokenReason) -> BoxFuture<'_, Result<AccessToken>>;
}

impl<F, Fut> AccessTokenProvider for F
where
    F: Fn(TokenReason) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<AccessToken>> + Send + 'static,
{
    fn access_token(&self, reason: TokenReason) -> BoxFuture<'_, Result<AccessToken>> {
        Box::pin(self(reason))
    }
}

/// A notification-style token source for hosts that cannot return a future (C, C#): the
/// client calls it with the reason and then waits, up to the provider timeout, until the host
/// sets a token on the client — from inside the call or later, from any thread.
pub type TokenNeeded = Arc<dyn Fn(TokenReason) + Send + Sync>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_never_shows_the_secret() {
        let token = AccessToken::new("super-secret-value");
        let shown = format!("{token:?}");
        assert!(!shown.contains("super-secret-value"), "{shown}");
        assert!(shown.contains("redacted"));
    }

    #[test]
    fn expires_in_is_used_when_there_is_no_exp() {
        let token = AccessToken::with_expires_in("opaque", Duration::from_secs(30));
        assert!(token.expires_within(Duration::from_secs(60)));
        assert!(!token.expires_within(Duration::from_secs(10)));
        assert!(!AccessToken::new("opaque").expires_within(Duration::from_secs(3600)));
    }
}
