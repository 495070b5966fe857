//! The host's access token provider: a foreign trait the app implements (Kotlin/Swift/Python),
//! adapted onto the core's `AccessTokenProvider`.
//!
//! The client asks it when it has no token, when the token's JWT `exp` is near, and once after
//! a 401 (then retries the request once). Whatever the host throws becomes an `OfferError`:
//! its own `OfferError` keeps its kind; any other exception becomes `unauthorized`.

use std::sync::Arc;

use offerkit::{AccessToken, BoxFuture, TokenReason as CoreReason};

use crate::error::OfferError;

/// Why the client asks for a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum TokenReason {
    /// The client has no token yet.
    Missing,
    /// The current token expires within a minute.
    Expiring,
    /// The service answered 401 to the current token.
    Rejected,
}

/// Implemented by the app: fetch a short-lived access token, typically from the studio's own
/// backend (which holds the refresh token; the app never does). Concurrent requests share one
/// call. Must not call back into the same client's queries.
#[uniffi::export(foreign, async_runtime = "tokio")]
#[async_trait::async_trait]
pub trait AccessTokenProvider: Send + Sync {
    /// A fresh access token (the JWT text, without `Bearer `).
    async fn access_token(&self, reason: TokenReason) -> Result<String, OfferError>;
}

/// The core's view of a host provider.
pub(crate) struct HostProvider(pub(crate) Arc<dyn AccessTokenProvider>);

impl offerkit::AccessTokenProvider for HostProvider {
    fn access_token(&self, reason: CoreReason) -> BoxFuture<'_, offerkit::Result<AccessToken>> {
        let reason = match reason {
            CoreReason::Missing => TokenReason::Missing,
            CoreReason::Expiring => TokenReason::Expiring,
            CoreReason::Rejected => TokenReason::Rejected,
        };
        Box::pin(async move {
            match self.0.access_token(reason).await {
                Ok(token) => Ok(AccessToken::new(token)),
                Err(err) => Err(err.into()),
            }
        })
    }
}
