//! The path prefix: the service under `/api` (links and redirects included), the gateway's
//! HTML 404 for every other path, `/_sim` at the root, and prefixes refused at start.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use common::*;
use offerkit_sim::{Fault, FaultKind, REPORT_API_KEY, SimConfig, Simulator};
use serde_json::{Value, json};

const RANGE: &str =
    "date_range[start_date]=2025-03-01+00:00:00&date_range[end_date]=2025-03-02+23:59:59";

#[tokio::test]
async fn path_prefix_serves_the_service_under_it_and_a_gateway_404_elsewhere() {
    let sim = start_with(SimConfig {
        path_prefix: Some("/api".into()),
        ..SimConfig::default()
    })
    .await;
    assert_eq!(sim.base_url(), format!("http://{}/api", sim.addr()));
    let token = sim.issue_token(hour());
    let auth = format!("Bearer {token}");
    let headers = [("authorization", auth.as_str())];

    for (method, path) in [
        ("GET", "/v1/offers"),
        ("POST", "/v1/offers"),
        ("POST", "/v1/users/token"),
        ("GET", "/click/1?player_id=p"),
        ("GET", "/"),
    ] {
        let resp = send(&sim, method, path, &headers, "").await;
        assert_eq!(resp.status, 404, "{method} {path}");
        assert_eq!(resp.header("content-type"), Some("text/html"));
        let text = resp.text();
        assert!(
            text.starts_with("<html>")
                && text.contains("404 Not Found")
                && text.ends_with("</html>\r\n"),
            "{text}"
        );
    }
    assert_eq!(sim.stats().requests, 0, "the gateway answered those");

    let resp = send(&sim, "GET", "/api/v1/offers", &headers, "").await;
    assert_eq!(resp.status, 200);
    let offers = resp.json()["data"]["offers"].clone();
    let first = offers[0]["id"].as_str().expect("id").to_owned();
    let click = offers[0]["links"]["click_url"].as_str().expect("click_url");
    assert_eq!(click, format!("{}/click/{first}", sim.base_url()));

    let graphql = send(
        &sim,
        "POST",
        "/api/v1/offers",
        &[("authorization", &auth), ("content-type", "application/json")],
        json!({"query": "{ links(player_id: \"p\") { offerwall } offers(player_id: \"p\", limit: 1) { links { click_url } } }"}).to_string(),
    )
    .await;
    let body = graphql.json();
    assert_eq!(
        body["data"]["links"]["offerwall"],
        json!(format!("{}/offerwall?player_id=p", sim.base_url()))
    );
    let click = body["data"]["offers"][0]["links"]["click_url"]
        .as_str()
        .expect("click_url");
    assert!(
        click.starts_with(&format!("{}/click/", sim.base_url())),
        "{click}"
    );

    let exchanged = send(
        &sim,
        "POST",
        "/api/v1/users/token",
        &[("content-type", "application/x-www-form-urlencoded")],
        "grant_type=refresh_token&refresh_token=sim-refresh-token",
    )
    .await;
    assert_eq!(exchanged.status, 201);
    let report = send(
        &sim,
        "GET",
        &format!("/api/v1/report?group_by[]=date&{RANGE}"),
        &[("authorization", &format!("Bearer {REPORT_API_KEY}"))],
        "",
    )
    .await;
    assert_eq!(report.status, 200);

    // Tracking links and their redirects keep the prefix.
    let clicked = send(
        &sim,
        "GET",
        &format!("/api/click/{first}?player_id=p"),
        &[],
        "",
    )
    .await;
    assert_eq!(clicked.status, 302);
    assert_eq!(
        clicked.header("location"),
        Some(format!("/api/landing/{first}").as_str())
    );
    let landing = send(&sim, "GET", &format!("/api/landing/{first}"), &[], "").await;
    assert_eq!(landing.status, 200);
    let no_player = send(&sim, "GET", &format!("/api/click/{first}"), &[], "").await;
    assert_eq!(no_player.header("location"), Some("/api/404"));

    // Faults and stats name the service's own paths; /_sim stays at the root.
    sim.inject(Fault::new(FaultKind::MalformedJson).on_path("/v1/offers"));
    let faulted = send(&sim, "GET", "/api/v1/offers", &headers, "").await;
    assert!(serde_json::from_slice::<Value>(&faulted.body).is_err());
    let stats = send(&sim, "GET", "/_sim/stats", &[], "").await.json();
    assert_eq!(stats["requests"], json!(5));
    assert_eq!(stats["listing"], json!(2));
    assert_eq!(
        send(&sim, "GET", "/api/_sim/stats", &[], "").await.status,
        404
    );
}

#[tokio::test]
async fn an_invalid_path_prefix_is_refused_at_start() {
    for bad in ["api", "/a b", "/_sim", "/{x}"] {
        let started = Simulator::start(SimConfig {
            path_prefix: Some(bad.into()),
            ..SimConfig::default()
        })
        .await;
        let err = started.err().expect("refused");
        assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput, "{bad}");
    }
    let slash = start_with(SimConfig {
        path_prefix: Some("/".into()),
        ..SimConfig::default()
    })
    .await;
    assert_eq!(slash.base_url(), format!("http://{}", slash.addr()));
}
