//! Hostile and sloppy services: raw loopback servers that misbehave one way each, written from
//! the spec and the public API only. Every test asserts the client's typed outcome (kind, HTTP
//! status, what the message must name) and bounds its own run, so a hang fails the test
//! instead of stalling the suite.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

#[path = "common/host_executor.rs"]
mod host_executor;

#[path = "hostile/server.rs"]
mod server;

#[path = "hostile/transport.rs"]
mod transport;

#[path = "hostile/statuses.rs"]
mod statuses;

#[path = "hostile/tokens.rs"]
mod tokens;

#[path = "hostile/envelope.rs"]
mod envelope;

#[path = "hostile/values.rs"]
mod values;

#[path = "hostile/paging.rs"]
mod paging;

#[cfg(feature = "server")]
#[path = "hostile/server_endpoints.rs"]
mod server_endpoints;

use std::future::Future;
use std::time::Duration;

use offerkit::{ClientConfig, OfferClient, OfferList, OffersOptions, RetryPolicy};

use server::Server;

/// The access token every client starts with (opaque: no JWT, so it never expires).
pub const TOKEN: &str = "hostile-token";

/// Retries after a first attempt: a retried failure shows as `1 + RETRIES` requests.
pub const RETRIES: u32 = 2;

/// The deadline of the clients here unless a test sets another.
pub const DEADLINE: Duration = Duration::from_secs(5);

/// A client config for `server`: a token, quick retries, a 5 s deadline, the executor the run
/// chose (see common/host_executor.rs).
pub fn config(server: &Server) -> ClientConfig {
    host_executor::chosen(ClientConfig::new(server.url()))
        .with_access_token(TOKEN)
        .with_retry(RetryPolicy {
            max_retries: RETRIES,
            initial_backoff: Duration::from_millis(5),
            max_backoff: Duration::from_millis(20),
            ..RetryPolicy::default()
        })
        .with_timeout(DEADLINE)
        .with_deadline(DEADLINE)
}

pub fn client(server: &Server) -> OfferClient {
    OfferClient::new(config(server)).expect("client builds")
}

/// Runs `call`, failing the test if it takes longer than `limit` (ten times the deadline the
/// client was given: a bound that proves the call cannot hang, not a speed).
pub async fn bounded<T>(limit: Duration, call: impl Future<Output = T>) -> T {
    tokio::time::timeout(limit, call)
        .await
        .unwrap_or_else(|_| panic!("the call did not return within {limit:?}: it hangs"))
}

/// `offers_fetched("player-1")` with default options, bounded by ten times [`DEADLINE`].
pub async fn offers(client: &OfferClient) -> offerkit::Result<OfferList> {
    bounded(
        DEADLINE * 10,
        client.offers_fetched("player-1", &OffersOptions::default()),
    )
    .await
    .map(|fetched| fetched.value)
}

/// One offer with the four fields the spec types, all well formed.
pub fn good_offer(id: &str) -> String {
    format!(
        r#"{{"id":"{id}","name":"Offer {id}","total_payout_usd":1.25,"creatives":{{"name":"c","description":"d"}}}}"#
    )
}

/// An `offers` answer holding `items` (JSON text of the list's items, comma-separated).
pub fn offers_body(items: &str) -> String {
    format!(r#"{{"data":{{"offers":[{items}]}}}}"#)
}
