//! Shared set-up of the core's integration tests: a fresh simulator per test on a free
//! loopback port, and clients configured for it (fast retries so tests stay quick).
#![allow(dead_code)]

pub mod host_executor;

use std::time::Duration;

use offerkit::{ClientConfig, OfferClient, RetryPolicy};
use offerkit_sim::{SimConfig, Simulator};

pub async fn sim() -> Simulator {
    Simulator::start(SimConfig::default())
        .await
        .expect("simulator starts")
}

pub fn fast_retries() -> RetryPolicy {
    RetryPolicy {
        initial_backoff: Duration::from_millis(5),
        max_backoff: Duration::from_millis(20),
        ..RetryPolicy::default()
    }
}

/// A config for `sim` with fast retries and no token, sending through the executor the run
/// chose (see host_executor.rs).
pub fn config(sim: &Simulator) -> ClientConfig {
    host_executor::chosen(ClientConfig::new(sim.base_url()).with_retry(fast_retries()))
}

/// A config for `sim` with fast retries and no token, always on the built-in executor (for
/// the tests of its own settings: proxies, extra roots).
pub fn builtin_config(sim: &Simulator) -> ClientConfig {
    ClientConfig::new(sim.base_url()).with_retry(fast_retries())
}

/// A client holding a valid token for `sim`.
pub fn client(sim: &Simulator) -> OfferClient {
    OfferClient::new(config(sim).with_access_token(sim.issue_token(Duration::from_secs(3600))))
        .expect("client builds")
}

/// Waits (bounded by time, generously: CI machines are slower) until `check` holds; panics
/// with `what` otherwise.
pub async fn eventually(what: &str, mut check: impl FnMut() -> bool) {
    let until = std::time::Instant::now() + Duration::from_secs(30);
    while std::time::Instant::now() < until {
        if check() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("timed out waiting for: {what}");
}
