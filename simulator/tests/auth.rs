//! HTTP-level rules of `/v1/offers` (GraphQL POST and listing GET): 401, 403, 415, and the
//! 200 `data: null` answer to a body that is not a GraphQL request.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use common::*;
use offerkit_sim::SimConfig;
use serde_json::json;

const QUERY: &str = r#"{"query":"{ links(player_id: \"p1\") { offerwall } }"}"#;

async fn post_offers(
    sim: &offerkit_sim::Simulator,
    auth: Option<&str>,
    content_type: Option<&str>,
    body: &str,
) -> Resp {
    let mut headers = Vec::new();
    if let Some(a) = auth {
        headers.push(("authorization", a));
    }
    if let Some(c) = content_type {
        headers.push(("content-type", c));
    }
    send(sim, "POST", "/v1/offers", &headers, body.to_owned()).await
}

fn assert_unauthenticated(resp: &Resp) {
    assert_eq!(resp.status, 401, "{}", resp.text());
    assert_eq!(resp.json(), json!({"message": "Unauthenticated."}));
}

#[tokio::test]
async fn missing_or_non_bearer_authorization_is_401() {
    let sim = start().await;
    let token = sim.issue_token(hour());
    assert_unauthenticated(&post_offers(&sim, None, Some("application/json"), QUERY).await);
    assert_unauthenticated(
        &post_offers(
            &sim,
            Some(&format!("Basic {token}")),
            Some("application/json"),
            QUERY,
        )
        .await,
    );
    assert_unauthenticated(
        &post_offers(&sim, Some("Bearer"), Some("application/json"), QUERY).await,
    );
    assert_unauthenticated(
        &post_offers(
            &sim,
            Some("Bearer not-a-jwt"),
            Some("application/json"),
            QUERY,
        )
        .await,
    );
    // Scheme is case-insensitive.
    let ok = post_offers(
        &sim,
        Some(&format!("bearer {token}")),
        Some("application/json"),
        QUERY,
    )
    .await;
    assert_eq!(ok.status, 200);
}

#[tokio::test]
async fn forged_or_tampered_token_is_401() {
    let sim = start().await;
    let other = start_with(SimConfig {
        seed: 7,
        ..SimConfig::default()
    })
    .await;
    let foreign = other.issue_token(hour());
    assert_unauthenticated(
        &gql_raw(&sim, &foreign, &serde_json::from_str(QUERY).expect("json")).await,
    );

    let token = sim.issue_token(hour());
    let mut parts: Vec<String> = token.split('.').map(str::to_owned).collect();
    // Re-encode the payload with a later exp, keeping the old signature.
    let mut claims = jwt_payload(&token);
    claims["exp"] = json!(claims["exp"].as_i64().expect("exp") + 100_000);
    use base64::Engine;
    parts[1] = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(claims.to_string());
    let tampered = parts.join(".");
    assert_unauthenticated(
        &gql_raw(&sim, &tampered, &serde_json::from_str(QUERY).expect("json")).await,
    );
}

#[tokio::test]
async fn expired_token_is_401() {
    let sim = start().await;
    let expired = sim.issue_token_expiring_at(now_unix() - 5);
    assert!(jwt_payload(&expired)["exp"].as_i64().expect("exp") < now_unix());
    assert_unauthenticated(
        &gql_raw(&sim, &expired, &serde_json::from_str(QUERY).expect("json")).await,
    );
    assert_unauthenticated(&get(&sim, "/v1/offers", Some(&expired)).await);
}

#[tokio::test]
async fn token_without_scope_is_403_on_graphql_and_listing() {
    let sim = start().await;
    let token = sim.issue_token_without_scope();
    let resp = gql_raw(&sim, &token, &serde_json::from_str(QUERY).expect("json")).await;
    assert_eq!(resp.status, 403);
    assert_eq!(
        resp.json(),
        json!({"message": "Invalid scope(s) provided."})
    );
    let resp = get(&sim, "/v1/offers", Some(&token)).await;
    assert_eq!(resp.status, 403);
    assert_eq!(
        resp.json(),
        json!({"message": "Invalid scope(s) provided."})
    );
    assert_unauthenticated(&get(&sim, "/v1/offers", None).await);
}

#[tokio::test]
async fn graphql_needs_json_content_type() {
    let sim = start().await;
    let auth = format!("Bearer {}", sim.issue_token(hour()));
    for ct in [
        Some("text/plain"),
        Some("application/graphql"),
        Some("application/x-www-form-urlencoded"),
        None,
    ] {
        let resp = post_offers(&sim, Some(&auth), ct, QUERY).await;
        assert_eq!(resp.status, 415, "{ct:?}");
        assert_eq!(
            resp.json(),
            json!({"error": "Unsupported Media Type: send application/json."})
        );
    }
    let ok = post_offers(
        &sim,
        Some(&auth),
        Some("application/json; charset=utf-8"),
        QUERY,
    )
    .await;
    assert_eq!(ok.status, 200);
}

#[tokio::test]
async fn auth_is_checked_before_content_type() {
    let sim = start().await;
    assert_unauthenticated(&post_offers(&sim, None, Some("text/plain"), QUERY).await);
}

#[tokio::test]
async fn body_that_is_not_a_graphql_request_is_200_with_data_null() {
    let sim = start().await;
    let auth = format!("Bearer {}", sim.issue_token(hour()));
    for body in [
        "this is not json",
        "{\"variables\":{}}",
        "{\"query\":42}",
        "[]",
    ] {
        let resp = post_offers(&sim, Some(&auth), Some("application/json"), body).await;
        assert_eq!(resp.status, 200, "{body}");
        let json = resp.json();
        assert_eq!(json["data"], serde_json::Value::Null, "{body}");
        let errors = json["errors"].as_array().expect("errors array");
        assert_eq!(errors.len(), 1);
        assert!(errors[0]["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
}
