//! The `/_sim` control endpoint used by other languages' tests: fault injection in flat and
//! nested JSON, clearing, stats, minted tokens, the catalogue helper; none of it counted.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use common::*;
use offerkit_sim::Simulator;
use serde_json::{Value, json};

async fn control(sim: &Simulator, method: &str, path: &str, body: &str) -> Resp {
    send(
        sim,
        method,
        path,
        &[("content-type", "application/json")],
        body.to_owned(),
    )
    .await
}

#[tokio::test]
async fn faults_flat_and_nested_are_queued_and_applied() {
    let sim = start().await;
    let resp = control(
        &sim,
        "POST",
        "/_sim/faults",
        r#"{"kind":"status","status":503,"times":2,"path":"/v1/offers"}"#,
    )
    .await;
    assert_eq!(resp.status, 200);
    assert_eq!(
        resp.json(),
        json!({"faults": [{"kind":"status","status":503,"times":2,"path":"/v1/offers"}]})
    );
    let resp = control(
        &sim,
        "POST",
        "/_sim/faults",
        r#"{"kind":{"kind":"latency","ms":5},"method":"GET"}"#,
    )
    .await;
    assert_eq!(
        resp.json()["faults"][1],
        json!({"kind":"latency","ms":5,"times":1,"method":"GET"})
    );
    assert_eq!(
        control(&sim, "GET", "/_sim/faults", "").await.json()["faults"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );

    let token = sim.issue_token(hour());
    let q = json!({"query": "{ links(player_id: \"p\") { offerwall } }"});
    assert_eq!(gql_raw(&sim, &token, &q).await.status, 503);
    assert_eq!(gql_raw(&sim, &token, &q).await.status, 503);
    assert_eq!(gql_raw(&sim, &token, &q).await.status, 200);
}

#[tokio::test]
async fn every_fault_kind_parses() {
    let sim = start().await;
    for body in [
        r#"{"kind":"latency","ms":10}"#,
        r#"{"kind":"status","status":500,"retry_after_secs":3,"body":"{}"}"#,
        r#"{"kind":"drop_mid_body"}"#,
        r#"{"kind":"malformed_json"}"#,
        r#"{"kind":"oversized_body","bytes":1000}"#,
        r#"{"kind":"non_json"}"#,
    ] {
        assert_eq!(
            control(&sim, "POST", "/_sim/faults", body).await.status,
            200,
            "{body}"
        );
    }
    assert_eq!(sim.pending_faults().len(), 6);
    let cleared = control(&sim, "DELETE", "/_sim/faults", "").await;
    assert_eq!(cleared.json(), json!({"faults": []}));
    assert!(sim.pending_faults().is_empty());
}

#[tokio::test]
async fn invalid_faults_are_400() {
    let sim = start().await;
    for body in [
        "not json",
        r#"{"kind":"explode"}"#,
        r#"{"kind":"status"}"#,
        r#"{"kind":"status","status":42}"#,
    ] {
        let resp = control(&sim, "POST", "/_sim/faults", body).await;
        assert_eq!(resp.status, 400, "{body}");
        assert!(resp.json()["error"].as_str().is_some_and(|e| !e.is_empty()));
    }
    assert!(sim.pending_faults().is_empty());
}

#[tokio::test]
async fn stats_endpoint_shape_and_reset() {
    let sim = start().await;
    get(&sim, "/v1/offers", None).await;
    let stats = control(&sim, "GET", "/_sim/stats", "").await.json();
    assert_eq!(
        stats,
        json!({"requests": 1, "graphql": 0, "listing": 1, "token": 0, "report": 0, "aborted": 0, "in_flight": 0})
    );
    let reset = control(&sim, "POST", "/_sim/stats/reset", "").await.json();
    assert_eq!(reset["requests"], 0);
    assert_eq!(sim.stats().listing, 0);
}

#[tokio::test]
async fn minted_tokens_follow_ttl_and_scope() {
    let sim = start().await;
    let q = json!({"query": "{ links(player_id: \"p\") { offerwall } }"});
    let mint = |body: &'static str| {
        let sim = &sim;
        async move { control(sim, "POST", "/_sim/tokens", body).await }
    };
    let resp = mint(r#"{"ttl_secs": 3600, "scoped": true}"#).await;
    assert_eq!(resp.status, 200);
    let body = resp.json();
    assert_eq!(body["expires_in"], 3600);
    let token = body["access_token"].as_str().expect("token");
    assert_eq!(gql_raw(&sim, token, &q).await.status, 200);

    let expired = mint(r#"{"ttl_secs": -10}"#).await.json();
    let token = expired["access_token"].as_str().expect("token");
    assert!(jwt_payload(token)["exp"].as_i64().expect("exp") < now_unix());
    assert_eq!(gql_raw(&sim, token, &q).await.status, 401);

    let scopeless = mint(r#"{"scoped": false}"#).await.json();
    assert_eq!(
        gql_raw(&sim, scopeless["access_token"].as_str().expect("token"), &q)
            .await
            .status,
        403
    );

    let default = mint("").await.json();
    assert_eq!(default["expires_in"], 3600);
    assert_eq!(mint(r#"{"ttl": 5}"#).await.status, 400);
}

#[tokio::test]
async fn catalogue_helper_lists_sort_keys() {
    let sim = start().await;
    let body = control(&sim, "GET", "/_sim/catalogue", "").await.json();
    let offers = body["offers"].as_array().expect("offers");
    assert_eq!(offers.len(), 50);
    assert_eq!(offers, &sim.catalogue());
    assert!(
        offers
            .iter()
            .all(|o| o["epc"].is_f64() && o["last_activation"].is_i64())
    );
}

#[tokio::test]
async fn control_requests_are_not_counted() {
    let sim = start().await;
    control(&sim, "GET", "/_sim/stats", "").await;
    control(&sim, "POST", "/_sim/tokens", "").await;
    control(&sim, "DELETE", "/_sim/faults", "").await;
    assert_eq!(sim.stats(), offerkit_sim::Stats::default());
    let unknown = control(&sim, "GET", "/_sim/nothing", "").await;
    assert_eq!(unknown.status, 404);
    let _: Value = unknown.json();
}
