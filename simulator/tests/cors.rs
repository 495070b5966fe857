//! The CORS mode: with it, preflights are answered for any origin (and never counted nor
//! faulted) and answers carry the headers a browser needs, `Retry-After` made visible; without
//! it, no answer carries them, so a browser refuses every one.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use common::*;
use offerkit_sim::{Fault, FaultKind, SimConfig, Simulator};

const ORIGIN: &str = "http://127.0.0.1:5173";

fn preflight_headers() -> [(&'static str, &'static str); 3] {
    [
        ("origin", ORIGIN),
        ("access-control-request-method", "POST"),
        (
            "access-control-request-headers",
            "authorization,content-type,user-agent",
        ),
    ]
}

/// `GET /v1/offers` as a page on another origin sends it, with a valid token.
async fn offers_from_a_page(sim: &Simulator) -> Resp {
    let auth = format!("Bearer {}", sim.issue_token(hour()));
    send(
        sim,
        "GET",
        "/v1/offers",
        &[("origin", ORIGIN), ("authorization", &auth)],
        "",
    )
    .await
}

#[tokio::test]
async fn cors_mode_answers_preflights_and_exposes_headers() {
    let sim = start_with(SimConfig {
        cors: true,
        ..SimConfig::default()
    })
    .await;
    for path in ["/v1/offers", "/v1/users/token", "/_sim/stats"] {
        let resp = send(&sim, "OPTIONS", path, &preflight_headers(), "").await;
        assert!(
            resp.status == 200 || resp.status == 204,
            "{path}: {}",
            resp.status
        );
        assert_eq!(
            resp.header("access-control-allow-origin"),
            Some("*"),
            "{path}"
        );
        let methods = resp
            .header("access-control-allow-methods")
            .unwrap_or_default()
            .to_string();
        assert!(
            methods.contains("POST") && methods.contains("GET"),
            "{methods}"
        );
        assert_eq!(resp.header("access-control-allow-headers"), Some("*"));
    }
    assert_eq!(
        sim.stats().requests,
        0,
        "preflights are not requests of the service"
    );

    sim.inject(Fault::new(FaultKind::Status {
        status: 429,
        retry_after_secs: Some(3),
        body: None,
    }));
    let resp = offers_from_a_page(&sim).await;
    assert_eq!(
        resp.status, 429,
        "the fault was not used up by the preflights"
    );
    assert_eq!(resp.header("access-control-allow-origin"), Some("*"));
    assert_eq!(resp.header("access-control-expose-headers"), Some("*"));
    assert_eq!(resp.header("retry-after"), Some("3"));
    let resp = offers_from_a_page(&sim).await;
    assert_eq!(resp.status, 200);
    assert_eq!(resp.header("access-control-allow-origin"), Some("*"));
    assert_eq!(sim.stats().requests, 2);
}

#[tokio::test]
async fn without_cors_mode_no_answer_lets_a_browser_read_it() {
    let sim = start().await;
    let resp = send(&sim, "OPTIONS", "/v1/offers", &preflight_headers(), "").await;
    assert_eq!(resp.header("access-control-allow-origin"), None);
    let resp = offers_from_a_page(&sim).await;
    assert_eq!(resp.status, 200);
    assert_eq!(resp.header("access-control-allow-origin"), None);
    assert_eq!(resp.header("access-control-expose-headers"), None);
}
