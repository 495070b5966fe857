//! The optional response cache against the simulator: TTL hits, stale-if-error, errors that
//! are never hidden, request coalescing, invalidation, and cancellation through a shared request.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use std::time::Duration;

use offerkit::{AccessToken, CacheConfig, ErrorKind, ListingOptions, OfferClient, OffersOptions};
use offerkit_sim::{Fault, FaultKind, Simulator};

fn cached_client(sim: &Simulator, cache: CacheConfig) -> OfferClient {
    let mut config =
        common::config(sim).with_access_token(sim.issue_token(Duration::from_secs(3600)));
    config.cache = Some(cache);
    OfferClient::new(config).unwrap()
}

fn no_ttl() -> CacheConfig {
    CacheConfig {
        ttl: Duration::ZERO,
        ..CacheConfig::default()
    }
}

fn limit(n: i64) -> OffersOptions {
    OffersOptions {
        limit: Some(n),
        ..Default::default()
    }
}

#[tokio::test]
async fn identical_requests_within_the_ttl_are_answered_from_memory() {
    let sim = common::sim().await;
    let client = cached_client(&sim, CacheConfig::default());
    let first = client.offers_fetched("demo", &limit(3)).await.unwrap();
    assert!(!first.from_cache);
    // A latency fault would delay any real request: a hit must not consume it.
    sim.inject(Fault::new(FaultKind::Latency { ms: 5000 }));
    let second = client.offers_fetched("demo", &limit(3)).await.unwrap();
    assert!(second.from_cache && !second.stale);
    assert_eq!(second.value, first.value);
    assert_eq!(sim.stats().graphql, 1);
    assert_eq!(
        sim.pending_faults().len(),
        1,
        "the hit never reached the network"
    );
    sim.clear_faults();

    // Different arguments, selections or players are different entries.
    client.offers("demo", &limit(4)).await.unwrap();
    client.offers("someone", &limit(3)).await.unwrap();
    client.links("demo", &Default::default()).await.unwrap();
    client
        .list_offers(ListingOptions {
            per_page: Some(5),
            page: Some(1),
        })
        .await
        .unwrap();
    client
        .list_offers(ListingOptions {
            per_page: Some(5),
            page: Some(1),
        })
        .await
        .unwrap();
    assert_eq!(sim.stats().graphql, 4);
    assert_eq!(sim.stats().listing, 1);
}

#[tokio::test]
async fn answers_expire_after_the_ttl() {
    let sim = common::sim().await;
    let ttl = CacheConfig {
        ttl: Duration::from_millis(100),
        ..CacheConfig::default()
    };
    let client = cached_client(&sim, ttl);
    client.offers("demo", &limit(1)).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let again = client.offers_fetched("demo", &limit(1)).await.unwrap();
    assert!(!again.from_cache);
    assert_eq!(sim.stats().graphql, 2);
}

#[tokio::test]
async fn outages_are_bridged_with_the_last_good_answer_marked_stale() {
    let sim = common::sim().await;
    let client = cached_client(&sim, no_ttl());
    let good = client.offers("demo", &limit(2)).await.unwrap();
    for fault in [
        FaultKind::Status {
            status: 503,
            retry_after_secs: None,
            body: None,
        },
        FaultKind::Status {
            status: 500,
            retry_after_secs: None,
            body: None,
        },
        FaultKind::Status {
            status: 429,
            retry_after_secs: Some(2),
            body: None,
        },
        FaultKind::DropMidBody,
    ] {
        sim.inject(Fault::new(fault.clone()).times(3));
        let stale = client.offers_fetched("demo", &limit(2)).await.unwrap();
        assert!(stale.stale && stale.from_cache, "{fault:?}");
        assert_eq!(stale.value.offers, good);
        let why = stale.refresh_error.unwrap();
        assert!(
            matches!(
                why.kind(),
                ErrorKind::Server | ErrorKind::Network | ErrorKind::RateLimited
            ),
            "{why}"
        );
        assert!(why.http_status().is_some(), "a response arrived: {why:?}");
        sim.clear_faults();
    }
    // Too old to serve: the error comes through.
    let strict = cached_client(
        &sim,
        CacheConfig {
            ttl: Duration::ZERO,
            max_stale: Duration::ZERO,
            ..CacheConfig::default()
        },
    );
    strict.offers("demo", &limit(2)).await.unwrap();
    sim.inject(
        Fault::new(FaultKind::Status {
            status: 503,
            retry_after_secs: None,
            body: None,
        })
        .times(3),
    );
    assert_eq!(
        strict.offers("demo", &limit(2)).await.unwrap_err().kind(),
        ErrorKind::Server
    );
}

#[tokio::test]
async fn errors_about_the_request_itself_are_never_hidden() {
    let sim = common::sim().await;
    let client = cached_client(&sim, no_ttl());
    client.offers("demo", &limit(2)).await.unwrap();
    client.set_access_token(Some(AccessToken::new("revoked")));
    assert_eq!(
        client.offers("demo", &limit(2)).await.unwrap_err().kind(),
        ErrorKind::Unauthorized
    );
    client.set_access_token(Some(AccessToken::new(sim.issue_token_without_scope())));
    assert_eq!(
        client.offers("demo", &limit(2)).await.unwrap_err().kind(),
        ErrorKind::Forbidden
    );
    client.set_access_token(Some(AccessToken::new(
        sim.issue_token(Duration::from_secs(600)),
    )));
    // Statuses the spec does not name, other than 5xx, say the request is wrong (a wrong
    // base URL, say): never answered from the cache. Nor is a malformed 200.
    for status in [400, 404, 405, 410] {
        sim.inject(Fault::new(FaultKind::Status {
            status,
            retry_after_secs: None,
            body: Some("<html>Not here</html>".into()),
        }));
        let err = client.offers("demo", &limit(2)).await.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Rejected, "{status}");
        assert_eq!(err.http_status(), Some(status));
    }
    sim.inject(Fault::new(FaultKind::MalformedJson));
    let err = client.offers("demo", &limit(2)).await.unwrap_err();
    assert_eq!(
        (err.kind(), err.http_status()),
        (ErrorKind::Decode, Some(200))
    );
    let bad_selection = OffersOptions {
        select: Some("nope".into()),
        ..limit(2)
    };
    assert_eq!(
        client
            .offers("demo", &bad_selection)
            .await
            .unwrap_err()
            .kind(),
        ErrorKind::Query
    );
}

#[tokio::test]
async fn concurrent_identical_requests_share_one_http_request() {
    let sim = common::sim().await;
    let client = cached_client(&sim, no_ttl());
    sim.inject(Fault::new(FaultKind::Latency { ms: 300 }));
    let tasks: Vec<_> = (0..20)
        .map(|_| {
            let client = client.clone();
            tokio::spawn(async move { client.offers("demo", &limit(5)).await })
        })
        .collect();
    let mut results = Vec::new();
    for task in tasks {
        results.push(task.await.unwrap().unwrap());
    }
    assert!(results.windows(2).all(|w| w[0] == w[1]));
    assert_eq!(sim.stats().graphql, 1);
}

#[tokio::test]
async fn a_shared_request_is_aborted_when_every_caller_has_gone() {
    let sim = common::sim().await;
    let client = cached_client(&sim, no_ttl());
    sim.inject(Fault::new(FaultKind::Latency { ms: 5000 }));
    let tasks: Vec<_> = (0..3)
        .map(|_| {
            let client = client.clone();
            tokio::spawn(async move { client.offers("demo", &limit(5)).await })
        })
        .collect();
    common::eventually("request in flight", || sim.stats().in_flight == 1).await;
    for task in &tasks {
        task.abort();
    }
    common::eventually("server saw the hang-up", || sim.stats().aborted == 1).await;
    // The next call starts afresh instead of joining the abandoned request.
    assert_eq!(client.offers("demo", &limit(5)).await.unwrap().len(), 5);
    assert_eq!(sim.stats().graphql, 2);
}

#[tokio::test]
async fn invalidate_and_clear_force_a_refresh() {
    let sim = common::sim().await;
    let client = cached_client(&sim, CacheConfig::default());
    client.offers("demo", &limit(1)).await.unwrap();
    client.offers("other", &limit(1)).await.unwrap();
    client.invalidate("demo");
    assert!(
        !client
            .offers_fetched("demo", &limit(1))
            .await
            .unwrap()
            .from_cache
    );
    assert!(
        client
            .offers_fetched("other", &limit(1))
            .await
            .unwrap()
            .from_cache
    );
    client.clear_cache();
    assert!(
        !client
            .offers_fetched("other", &limit(1))
            .await
            .unwrap()
            .from_cache
    );
    assert_eq!(sim.stats().graphql, 4);
}
