//! Fault injection: each fault kind as a client sees it on the wire, FIFO matching by path
//! and method with `times`, faults applying before auth, and `aborted` counting a client
//! that hangs up during a latency fault.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use common::*;
use offerkit_sim::{Fault, FaultKind, Simulator};
use serde_json::json;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const QUERY: &str = r#"{ links(player_id: "p") { offerwall } }"#;

async fn offers(sim: &Simulator) -> Resp {
    let token = sim.issue_token(hour());
    gql_raw(sim, &token, &json!({ "query": QUERY })).await
}

async fn try_offers(sim: &Simulator) -> Result<Resp, BodyError> {
    let auth = format!("Bearer {}", sim.issue_token(hour()));
    try_send(
        sim,
        "POST",
        "/v1/offers",
        &[
            ("authorization", &auth),
            ("content-type", "application/json"),
        ],
        json!({ "query": QUERY }).to_string(),
    )
    .await
}

fn status(status: u16) -> FaultKind {
    FaultKind::Status {
        status,
        retry_after_secs: None,
        body: None,
    }
}

async fn wait_for(what: &str, mut condition: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while !condition() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn status_fault_with_retry_after_then_normal_again() {
    let sim = start().await;
    sim.inject(Fault::new(FaultKind::Status {
        status: 503,
        retry_after_secs: Some(7),
        body: None,
    }));
    let resp = offers(&sim).await;
    assert_eq!(resp.status, 503);
    assert_eq!(resp.header("retry-after"), Some("7"));
    assert_eq!(resp.header("content-type"), Some("application/json"));
    assert_eq!(resp.json(), json!({"message": "Simulated 503"}));
    assert_eq!(offers(&sim).await.status, 200, "applies once by default");
}

/// A faulted answer comes after the whole request, as from a service that reads what it is
/// sent. Answered mid-upload, the connection would be reset under a client that writes its body
/// after its headers, and that client would see a network error instead of the fault.
#[tokio::test]
async fn a_fault_answers_only_after_the_request_body() {
    let sim = start().await;
    sim.inject(Fault::new(status(429)));
    let token = sim.issue_token(hour());
    let body = json!({ "query": QUERY }).to_string();
    let head = format!(
        "POST /v1/offers HTTP/1.1\r\nhost: x\r\nauthorization: Bearer {token}\r\n\
         content-type: application/json\r\ncontent-length: {}\r\n\r\n",
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(sim.addr())
        .await
        .expect("connect");
    stream
        .write_all(head.as_bytes())
        .await
        .expect("write the head");
    let mut first = [0u8; 1];
    let early = tokio::time::timeout(Duration::from_millis(300), stream.read(&mut first)).await;
    assert!(
        early.is_err(),
        "answered before the body was sent: {early:?}"
    );
    stream
        .write_all(body.as_bytes())
        .await
        .expect("write the body");
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(10), async {
        let mut chunk = [0u8; 4096];
        while !answer.windows(4).any(|w| w == b"\r\n\r\n") {
            let n = stream.read(&mut chunk).await.expect("read the answer");
            assert!(n > 0, "closed before the answer's head");
            answer.extend_from_slice(&chunk[..n]);
        }
    })
    .await;
    assert!(read.is_ok(), "no answer within 10 s");
    let text = String::from_utf8_lossy(&answer);
    assert!(text.starts_with("HTTP/1.1 429 "), "{text}");
}

#[tokio::test]
async fn status_fault_with_custom_body_and_no_retry_after() {
    let sim = start().await;
    sim.inject(Fault::new(FaultKind::Status {
        status: 429,
        retry_after_secs: None,
        body: Some(r#"{"message":"slow down"}"#.into()),
    }));
    let resp = offers(&sim).await;
    assert_eq!(resp.status, 429);
    assert_eq!(resp.header("retry-after"), None);
    assert_eq!(resp.json(), json!({"message": "slow down"}));
}

#[tokio::test]
async fn times_path_and_method_select_requests_in_fifo_order() {
    let sim = start().await;
    sim.inject(
        Fault::new(status(500))
            .times(2)
            .on_path("/v1/users/token")
            .on_method("post"),
    );
    sim.inject(
        Fault::new(status(502))
            .on_path("/v1/offers")
            .on_method("GET"),
    );
    sim.inject(Fault::new(status(504)).on_path("/v1/offers"));
    sim.inject(Fault::new(status(503)).times(2));

    // POST /v1/offers skips the token and GET faults and takes the 504 first.
    assert_eq!(offers(&sim).await.status, 504);
    assert_eq!(offers(&sim).await.status, 503);
    let listing = get(&sim, "/v1/offers", Some(&sim.issue_token(hour()))).await;
    assert_eq!(listing.status, 502);
    let form = Some("application/x-www-form-urlencoded");
    for _ in 0..2 {
        assert_eq!(
            token_request(
                &sim,
                form,
                "grant_type=refresh_token&refresh_token=sim-refresh-token"
            )
            .await
            .status,
            500
        );
    }
    assert_eq!(
        token_request(
            &sim,
            form,
            "grant_type=refresh_token&refresh_token=sim-refresh-token"
        )
        .await
        .status,
        503
    );
    assert!(sim.pending_faults().is_empty());
    assert_eq!(offers(&sim).await.status, 200);
}

#[tokio::test]
async fn faults_apply_before_auth() {
    let sim = start().await;
    sim.inject(Fault::new(status(503)));
    let resp = send(&sim, "POST", "/v1/offers", &[], "{}").await;
    assert_eq!(resp.status, 503);
    let resp = send(&sim, "POST", "/v1/offers", &[], "{}").await;
    assert_eq!(resp.status, 401);
}

#[tokio::test]
async fn faults_never_touch_control_or_tracking_paths() {
    let sim = start().await;
    sim.inject(Fault::new(status(500)).times(5));
    assert_eq!(get(&sim, "/_sim/stats", None).await.status, 200);
    assert_eq!(get(&sim, "/404", None).await.status, 404);
    assert_eq!(sim.pending_faults()[0].times, 5);
}

#[tokio::test]
async fn clear_faults_removes_everything() {
    let sim = start().await;
    sim.inject(Fault::new(status(500)).times(3));
    sim.clear_faults();
    assert!(sim.pending_faults().is_empty());
    assert_eq!(offers(&sim).await.status, 200);
}

#[tokio::test]
async fn latency_delays_then_answers_normally() {
    let sim = start().await;
    sim.inject(Fault::new(FaultKind::Latency { ms: 300 }));
    let started = Instant::now();
    let resp = offers(&sim).await;
    assert!(
        started.elapsed() >= Duration::from_millis(300),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(resp.status, 200);
    assert!(resp.json()["data"]["links"]["offerwall"].is_string());
}

#[tokio::test]
async fn drop_mid_body_sends_headers_and_part_of_the_body_then_closes() {
    let sim = start().await;
    sim.inject(Fault::new(FaultKind::DropMidBody));
    let err = match try_offers(&sim).await {
        Ok(resp) => panic!("body should fail, got {} bytes", resp.body.len()),
        Err(e) => e,
    };
    assert_eq!(err.status, 200);
    let declared: usize = err
        .headers
        .get("content-length")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("content-length");
    assert!(
        err.received > 0 && err.received < declared,
        "received {} of {declared}",
        err.received
    );
    assert_eq!(offers(&sim).await.status, 200, "the next request is normal");
}

#[tokio::test]
async fn malformed_json_is_200_json_that_does_not_parse() {
    let sim = start().await;
    sim.inject(Fault::new(FaultKind::MalformedJson));
    let resp = offers(&sim).await;
    assert_eq!(resp.status, 200);
    assert_eq!(resp.header("content-type"), Some("application/json"));
    assert!(!resp.body.is_empty());
    assert!(serde_json::from_slice::<serde_json::Value>(&resp.body).is_err());
}

#[tokio::test]
async fn oversized_body_has_exactly_the_requested_size() {
    let sim = start().await;
    let size = 300_000;
    sim.inject(Fault::new(FaultKind::OversizedBody { bytes: size }));
    let resp = offers(&sim).await;
    assert_eq!(resp.status, 200);
    assert_eq!(resp.header("content-length"), Some("300000"));
    assert_eq!(resp.body.len(), size);
    let parsed: serde_json::Value = serde_json::from_slice(&resp.body).expect("valid JSON");
    assert_eq!(parsed["data"], json!({"offers": []}));

    sim.inject(Fault::new(FaultKind::OversizedBody { bytes: 10 }));
    assert_eq!(offers(&sim).await.body.len(), 10);
}

#[tokio::test]
async fn non_json_is_200_html() {
    let sim = start().await;
    sim.inject(Fault::new(FaultKind::NonJson));
    let resp = offers(&sim).await;
    assert_eq!(resp.status, 200);
    assert!(
        resp.header("content-type")
            .is_some_and(|c| c.starts_with("text/html"))
    );
    assert!(resp.text().starts_with("<html>"));
}

#[tokio::test]
async fn client_hanging_up_during_latency_counts_as_aborted() {
    let sim = start().await;
    sim.inject(Fault::new(FaultKind::Latency { ms: 10_000 }).times(2));
    let token = sim.issue_token(hour());
    let body = json!({ "query": QUERY }).to_string();
    let raw_post = format!(
        "POST /v1/offers HTTP/1.1\r\nhost: x\r\nauthorization: Bearer {token}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    let raw_get =
        format!("GET /v1/offers HTTP/1.1\r\nhost: x\r\nauthorization: Bearer {token}\r\n\r\n");
    for (n, raw) in [raw_post, raw_get].into_iter().enumerate() {
        let mut stream = tokio::net::TcpStream::connect(sim.addr())
            .await
            .expect("connect");
        stream.write_all(raw.as_bytes()).await.expect("write");
        wait_for("the request to be in flight", || sim.stats().in_flight == 1).await;
        assert_eq!(sim.stats().aborted, n as u64);
        drop(stream);
        wait_for("the abort to be counted", || {
            let s = sim.stats();
            s.aborted == n as u64 + 1 && s.in_flight == 0
        })
        .await;
    }
}

#[tokio::test]
async fn stats_count_each_endpoint_and_reset() {
    let sim = start().await;
    let token = sim.issue_token(hour());
    offers(&sim).await;
    offers(&sim).await;
    get(&sim, "/v1/offers", Some(&token)).await;
    token_request(&sim, Some("application/x-www-form-urlencoded"), "").await;
    get(&sim, "/v1/report", None).await;
    get(&sim, "/v1/nowhere", None).await;
    get(&sim, "/_sim/stats", None).await;
    let s = sim.stats();
    assert_eq!(
        (
            s.requests,
            s.graphql,
            s.listing,
            s.token,
            s.report,
            s.aborted,
            s.in_flight
        ),
        (6, 2, 1, 1, 1, 0, 0)
    );
    sim.reset_stats();
    assert_eq!(sim.stats(), offerkit_sim::Stats::default());
}
