//! One deadline bounds a whole call: attempts, backoff, `Retry-After` waits and the wait for
//! the host's token. Each test shows a call that would take a minute or for ever without it.
//! The time bounds asserted here are ten times the deadline: they prove the bound exists, not
//! a speed.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use std::time::{Duration, Instant};

use offerkit::{
    AccessToken, ClientConfig, ErrorKind, OfferClient, OffersOptions, Result, TokenReason,
};
use offerkit_sim::{Fault, FaultKind, Simulator};

fn limit2() -> OffersOptions {
    OffersOptions {
        limit: Some(2),
        ..Default::default()
    }
}

fn storm(sim: &Simulator, status: u16, secs: u64) {
    sim.inject(
        Fault::new(FaultKind::Status {
            status,
            retry_after_secs: Some(secs),
            body: None,
        })
        .times(50),
    );
}

fn with_deadline(sim: &Simulator, deadline: Duration) -> ClientConfig {
    common::config(sim)
        .with_access_token(sim.issue_token(Duration::from_secs(3600)))
        .with_deadline(deadline)
}

#[tokio::test]
async fn a_retry_after_beyond_the_deadline_is_not_waited_for() {
    let sim = common::sim().await;
    storm(&sim, 503, 30);
    let client = OfferClient::new(with_deadline(&sim, Duration::from_secs(2))).unwrap();
    let started = Instant::now();
    let err = client.offers("demo", &limit2()).await.unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(20), "bounded");
    assert_eq!(err.kind(), ErrorKind::Server);
    assert_eq!(err.http_status(), Some(503));
    assert_eq!(err.retry_after(), Some(Duration::from_secs(30)), "as sent");
    assert!(err.message().contains("not retried"), "{err}");
    assert_eq!(
        sim.stats().graphql,
        1,
        "one attempt: the wait would pass the deadline"
    );
}

#[tokio::test]
async fn a_rate_limit_reports_the_services_retry_after() {
    let sim = common::sim().await;
    storm(&sim, 429, 45);
    let client = OfferClient::new(with_deadline(&sim, Duration::from_secs(2))).unwrap();
    let err = client.offers("demo", &limit2()).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::RateLimited);
    assert_eq!(err.retry_after(), Some(Duration::from_secs(45)));
    assert_eq!(sim.stats().graphql, 1);
}

#[tokio::test]
async fn a_short_retry_after_within_the_deadline_is_waited_for() {
    let sim = common::sim().await;
    sim.inject(Fault::new(FaultKind::Status {
        status: 503,
        retry_after_secs: Some(1),
        body: None,
    }));
    let client = OfferClient::new(with_deadline(&sim, Duration::from_secs(20))).unwrap();
    assert_eq!(client.offers("demo", &limit2()).await.unwrap().len(), 2);
    assert_eq!(sim.stats().graphql, 2);
}

#[tokio::test]
async fn slow_attempts_stop_at_the_deadline_not_after_every_retry() {
    let sim = common::sim().await;
    sim.inject(Fault::new(FaultKind::Latency { ms: 20_000 }).times(5));
    let mut config = with_deadline(&sim, Duration::from_secs(1));
    config.timeout = Duration::from_secs(10);
    let client = OfferClient::new(config).unwrap();
    let started = Instant::now();
    let err = client.offers("demo", &limit2()).await.unwrap_err();
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "bounded by 1 s, not 3 × 10 s"
    );
    assert_eq!(err.kind(), ErrorKind::Timeout);
}

#[tokio::test]
async fn a_token_provider_that_never_answers_is_bounded_by_the_deadline() {
    let sim = common::sim().await;
    let provider = |_reason: TokenReason| async {
        tokio::time::sleep(Duration::from_secs(3600)).await;
        Result::Ok(AccessToken::new("late"))
    };
    let mut config = common::config(&sim)
        .with_token_provider(provider)
        .with_deadline(Duration::from_millis(500));
    config.token_provider_timeout = Some(Duration::from_secs(3600));
    let client = OfferClient::new(config).unwrap();
    let started = Instant::now();
    let err = client.offers("demo", &limit2()).await.unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(err.kind(), ErrorKind::Timeout);
    assert!(err.message().contains("deadline"), "{err}");
    assert_eq!(sim.stats().graphql, 0);
}

#[tokio::test]
async fn a_notified_host_that_never_answers_is_bounded_by_the_deadline() {
    let sim = common::sim().await;
    let mut config = common::config(&sim).with_deadline(Duration::from_millis(500));
    config.token_needed = Some(std::sync::Arc::new(|_reason| {}));
    config.token_provider_timeout = Some(Duration::from_secs(3600));
    let client = OfferClient::new(config).unwrap();
    let started = Instant::now();
    let err = client.offers("demo", &limit2()).await.unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(err.kind(), ErrorKind::Timeout);
}

#[tokio::test]
async fn a_zero_deadline_or_page_cap_is_refused() {
    let sim = common::sim().await;
    let err = OfferClient::new(with_deadline(&sim, Duration::ZERO))
        .err()
        .unwrap();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    assert!(err.message().contains("deadline"), "{err}");
    let mut config = with_deadline(&sim, Duration::from_secs(1));
    config.max_pages = 0;
    let err = OfferClient::new(config).err().unwrap();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    assert!(err.message().contains("max_pages"), "{err}");
}

#[tokio::test]
async fn the_default_deadline_is_thirty_seconds() {
    let config = ClientConfig::new("https://offers.example.com");
    assert_eq!(config.deadline, Duration::from_secs(30));
    assert_eq!(offerkit::DEFAULT_DEADLINE, Duration::from_secs(30));
    assert_eq!(config.max_pages, 1000);
}
