//! Every transport-level error kind, retries and cancellation, provoked with the simulator's
//! fault injection over real HTTP.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use std::time::{Duration, Instant};

use offerkit::{ErrorKind, ListingOptions, OfferClient, OffersOptions, RetryPolicy};
use offerkit_sim::{Fault, FaultKind, Simulator};

fn status(status: u16, retry_after_secs: Option<u64>, body: Option<&str>) -> FaultKind {
    FaultKind::Status {
        status,
        retry_after_secs,
        body: body.map(String::from),
    }
}

async fn offers(client: &OfferClient) -> offerkit::Result<Vec<offerkit::Offer>> {
    client
        .offers(
            "demo",
            &OffersOptions {
                limit: Some(2),
                ..Default::default()
            },
        )
        .await
}

fn client_with(sim: &Simulator, edit: impl FnOnce(&mut offerkit::ClientConfig)) -> OfferClient {
    let mut config =
        common::config(sim).with_access_token(sim.issue_token(Duration::from_secs(3600)));
    edit(&mut config);
    OfferClient::new(config).unwrap()
}

#[tokio::test]
async fn gateway_errors_are_retried_until_success() {
    let sim = common::sim().await;
    sim.inject(Fault::new(status(503, None, None)).times(1));
    sim.inject(Fault::new(status(502, None, None)).times(1));
    assert_eq!(offers(&common::client(&sim)).await.unwrap().len(), 2);
    assert_eq!(sim.stats().graphql, 3, "two retries then success");
}

#[tokio::test]
async fn persistent_gateway_errors_give_server_after_the_retries() {
    let sim = common::sim().await;
    sim.inject(Fault::new(status(504, None, None)).times(10));
    let err = offers(&common::client(&sim)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Server);
    assert_eq!(err.http_status(), Some(504));
    assert_eq!(sim.stats().graphql, 3, "first attempt + 2 retries");
}

#[tokio::test]
async fn retries_can_be_disabled() {
    let sim = common::sim().await;
    sim.inject(Fault::new(status(503, None, None)).times(10));
    let client = client_with(&sim, |c| c.retry = RetryPolicy::none());
    assert_eq!(offers(&client).await.unwrap_err().kind(), ErrorKind::Server);
    assert_eq!(sim.stats().graphql, 1);
}

#[tokio::test]
async fn retry_after_is_honoured() {
    let sim = common::sim().await;
    sim.inject(Fault::new(status(503, Some(1), None)));
    let started = Instant::now();
    offers(&common::client(&sim)).await.unwrap();
    assert!(
        started.elapsed() >= Duration::from_secs(1),
        "waited for Retry-After"
    );
    assert_eq!(sim.stats().graphql, 2);
}

#[tokio::test]
async fn other_statuses_are_mapped_and_never_retried() {
    let cases = [
        (500, ErrorKind::Server),
        (599, ErrorKind::Server),
        (404, ErrorKind::Rejected),
        (400, ErrorKind::Rejected),
        (405, ErrorKind::Rejected),
        (409, ErrorKind::Rejected),
        (401, ErrorKind::Unauthorized),
        (403, ErrorKind::Forbidden),
        (429, ErrorKind::RateLimited),
    ];
    for (code, kind) in cases {
        let sim = common::sim().await;
        sim.inject(Fault::new(status(code, Some(7), None)).times(5));
        let err = offers(&common::client(&sim)).await.unwrap_err();
        assert_eq!(err.kind(), kind, "{code}");
        assert_eq!(err.http_status(), Some(code));
        assert_eq!(sim.stats().graphql, 1, "{code} is not retried");
        if code == 429 {
            assert_eq!(err.retry_after(), Some(Duration::from_secs(7)));
            assert!(err.message().contains("retry after 7 s"), "{err}");
        }
        if kind == ErrorKind::Rejected {
            assert!(err.message().contains("base_url"), "{err}");
        }
    }
}

#[tokio::test]
async fn unsupported_media_type_and_unprocessable_bodies_are_read() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    sim.inject(Fault::new(status(
        415,
        None,
        Some(r#"{"error":"Unsupported Media Type: send application/json."}"#),
    )));
    let err = offers(&client).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::UnsupportedMediaType);
    assert!(err.message().contains("send application/json"));

    sim.inject(Fault::new(status(
        422,
        None,
        Some(r#"{"message":"The per page field is required when page is present.","errors":{"per_page":["The per page field is required when page is present."]}}"#),
    )));
    let err = client
        .list_offers(ListingOptions::default())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unprocessable);
    assert_eq!(err.fields().len(), 1);
    assert!(err.fields()[0].path.is_empty());
    assert_eq!(
        err.fields()[0].arguments["per_page"],
        ["The per page field is required when page is present."]
    );
}

#[tokio::test]
async fn dropped_connections_are_retried_then_network() {
    let sim = common::sim().await;
    sim.inject(Fault::new(FaultKind::DropMidBody));
    assert!(
        offers(&common::client(&sim)).await.is_ok(),
        "one drop is retried"
    );

    sim.inject(Fault::new(FaultKind::DropMidBody).times(3));
    let err = offers(&common::client(&sim)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Network, "{err}");
}

#[tokio::test]
async fn refused_connection_is_network() {
    let sim = common::sim().await;
    let base = sim.base_url();
    sim.shutdown().await;
    let config = common::host_executor::chosen(offerkit::ClientConfig::new(base))
        .with_access_token("t")
        .with_retry(RetryPolicy::none());
    let err = offers(&OfferClient::new(config).unwrap())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Network);
    assert!(err.http_status().is_none());
}

#[tokio::test]
async fn slow_responses_time_out_and_a_retry_can_succeed() {
    let sim = common::sim().await;
    // The retry must fit in one timeout on a loaded machine (debug build, parallel tests).
    let client = client_with(&sim, |c| c.timeout = Duration::from_millis(1000));
    sim.inject(Fault::new(FaultKind::Latency { ms: 20_000 }));
    assert!(
        offers(&client).await.is_ok(),
        "the retry after a timeout succeeds"
    );

    sim.inject(Fault::new(FaultKind::Latency { ms: 20_000 }).times(3));
    let err = offers(&client).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Timeout, "{err}");
}

#[tokio::test]
async fn malformed_non_json_and_oversized_bodies_are_decode_errors() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    sim.inject(Fault::new(FaultKind::MalformedJson));
    assert_eq!(offers(&client).await.unwrap_err().kind(), ErrorKind::Decode);
    sim.inject(Fault::new(FaultKind::NonJson));
    assert_eq!(offers(&client).await.unwrap_err().kind(), ErrorKind::Decode);
    sim.inject(Fault::new(FaultKind::OversizedBody {
        bytes: 17 * 1024 * 1024,
    }));
    let err = offers(&client).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode);
    assert!(err.message().contains("limit"), "{err}");
    assert_eq!(sim.stats().graphql, 3, "decode errors are not retried");

    // The cap is configurable: a normal response over a tiny cap fails the same way.
    let tiny = client_with(&sim, |c| c.max_body_bytes = 100);
    assert_eq!(offers(&tiny).await.unwrap_err().kind(), ErrorKind::Decode);
}

#[tokio::test]
async fn dropping_the_future_aborts_the_http_request() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    sim.inject(Fault::new(FaultKind::Latency { ms: 5000 }));
    let task = tokio::spawn(async move { offers(&client).await });
    common::eventually("request in flight", || sim.stats().in_flight == 1).await;
    task.abort();
    assert!(task.await.unwrap_err().is_cancelled());
    common::eventually("server saw the hang-up", || sim.stats().aborted == 1).await;
    assert_eq!(sim.stats().in_flight, 0);
}

#[tokio::test]
async fn http_is_refused_off_loopback_and_paths_are_prefixed() {
    for url in [
        "http://offers.example.com",
        "ftp://offers.example.com",
        "nonsense",
    ] {
        let err = OfferClient::new(offerkit::ClientConfig::new(url))
            .err()
            .unwrap();
        assert_eq!(err.kind(), ErrorKind::InvalidArgument, "{url}");
    }
    let mut insecure = offerkit::ClientConfig::new("http://offers.example.com");
    insecure.allow_insecure_http = true;
    assert!(OfferClient::new(insecure).is_ok());

    // A path prefix is kept: the simulator serves no prefix, so it answers 404, which the
    // client reports as `rejected` with the status and a hint.
    let sim = common::sim().await;
    let config = common::host_executor::chosen(offerkit::ClientConfig::new(format!(
        "{}/gateway",
        sim.base_url()
    )))
    .with_access_token(sim.issue_token(Duration::from_secs(60)));
    let err = offers(&OfferClient::new(config).unwrap())
        .await
        .unwrap_err();
    assert_eq!(
        (err.kind(), err.http_status()),
        (ErrorKind::Rejected, Some(404))
    );
    assert!(err.message().contains("base_url"), "{err}");
    assert_eq!(
        sim.stats().graphql,
        0,
        "the request went to /gateway/v1/offers"
    );
}
