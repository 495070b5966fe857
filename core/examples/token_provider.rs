//! Short-lived tokens from your own backend: an [`AccessTokenProvider`] that the client asks
//! when it has no token, shortly before its token expires, and once after a 401. Apps never
//! hold the refresh token; the backend that does (e.g. `examples/token-broker`) hands out
//! access tokens.
//!
//! ```sh
//! OFFERKIT_BASE_URL=https://offers.example.com OFFERKIT_TOKEN_URL=https://backend.example.com/offer-token \
//!     cargo run -p offerkit --example token_provider
//! ```
//!
//! - `OFFERKIT_BASE_URL`: the service
//! - `OFFERKIT_TOKEN_URL`: where the backend issues tokens (`POST`, answering
//!   `{"access_token", "expires_in"}`); against the simulator, its `/_sim/tokens`
//! - `OFFERKIT_PLAYER_SESSION`: sent to the backend as a bearer, if set, so it knows the player
//! - `OFFERKIT_PLAYER_ID`: whose offers (default `demo-player`)
//!
//! Prints each time the client asks for a token (`asked the backend for a token (REASON)`),
//! then the offers and the support link, both fetched with the one token; on failure the error
//! (`kind: message`) on stderr, exit status 1. Tokens are never printed.

mod support;

use std::process::ExitCode;
use std::time::Duration;

use offerkit::{
    AccessToken, AccessTokenProvider, BoxFuture, ClientConfig, Error, ErrorKind, LinksOptions,
    OfferClient, OffersOptions, TokenReason,
};
use serde::Deserialize;

/// The backend's answer.
#[derive(Deserialize)]
struct TokenAnswer {
    access_token: String,
    /// Seconds the token stays valid.
    expires_in: u64,
}

/// Fetches access tokens from the app's backend.
struct BackendTokens {
    http: reqwest::Client,
    url: String,
    session: Option<String>,
}

impl BackendTokens {
    fn new(url: String, session: Option<String>) -> offerkit::Result<Self> {
        // This reqwest build leaves the choice of TLS crypto to the program: use ring.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .build()
            .map_err(|e| Error::new(ErrorKind::Internal, e.to_string()))?;
        Ok(BackendTokens { http, url, session })
    }

    async fn fetch(&self) -> offerkit::Result<AccessToken> {
        let network = |e: reqwest::Error| Error::new(ErrorKind::Network, e.to_string());
        let mut request = self.http.post(&self.url);
        if let Some(session) = &self.session {
            request = request.bearer_auth(session);
        }
        let response = request.send().await.map_err(network)?;
        if !response.status().is_success() {
            // The client fails the waiting calls with this error (no token, no request).
            return Err(Error::new(
                ErrorKind::Unauthorized,
                format!("the backend issued no token (HTTP {})", response.status()),
            ));
        }
        let answer: TokenAnswer = response.json().await.map_err(network)?;
        // A JWT's own `exp` wins over `expires_in` when the token has one.
        Ok(AccessToken::with_expires_in(
            answer.access_token,
            Duration::from_secs(answer.expires_in),
        ))
    }
}

impl AccessTokenProvider for BackendTokens {
    fn access_token(&self, reason: TokenReason) -> BoxFuture<'_, offerkit::Result<AccessToken>> {
        // Concurrent calls that need a token share this one ask.
        println!("asked the backend for a token ({})", reason.as_str());
        Box::pin(self.fetch())
    }
}

async fn run() -> offerkit::Result<()> {
    let player_id = support::player_id();
    let tokens = BackendTokens::new(
        support::env("OFFERKIT_TOKEN_URL")?,
        std::env::var("OFFERKIT_PLAYER_SESSION").ok(),
    )?;
    // No token up front: the provider is asked before the first request.
    let client = OfferClient::new(
        ClientConfig::new(support::env("OFFERKIT_BASE_URL")?).with_token_provider(tokens),
    )?;
    let offers = client
        .offers(
            &player_id,
            &OffersOptions {
                limit: Some(3),
                ..Default::default()
            },
        )
        .await?;
    println!("{} offers for {player_id}:", offers.len());
    for offer in &offers {
        let id = offer.id.as_deref().unwrap_or("?");
        println!("  {id}  {}", offer.name.as_deref().unwrap_or("?"));
    }
    // The second call reuses the token: it is fresh for a while yet.
    let links = client.links(&player_id, &LinksOptions::default()).await?;
    if let Some(support) = links.get("support_portal") {
        println!("support: {}", support.as_str().unwrap_or_default());
    }
    Ok(())
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    support::exit(run().await)
}
