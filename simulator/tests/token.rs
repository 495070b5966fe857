//! Conformance of `POST /v1/users/token`: 201 with a real JWT, 401, 403, 415, 422 shapes.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use common::*;
use offerkit_sim::SimConfig;
use serde_json::json;
use std::time::Duration;

const FORM: &str = "application/x-www-form-urlencoded";

#[tokio::test]
async fn exchange_returns_201_with_a_jwt_whose_exp_matches_expires_in() {
    let sim = start().await;
    let before = now_unix();
    let resp = token_request(
        &sim,
        Some(FORM),
        "grant_type=refresh_token&refresh_token=sim-refresh-token",
    )
    .await;
    assert_eq!(resp.status, 201);
    assert_eq!(resp.header("content-type"), Some("application/json"));
    let body = resp.json();
    assert_eq!(body["message"], "Authorized");
    assert_eq!(body["expires_in"], 3600);
    let token = body["access_token"].as_str().expect("access_token string");
    let claims = jwt_payload(token);
    let exp = claims["exp"].as_i64().expect("exp");
    assert!(
        (before + 3600..=now_unix() + 3600).contains(&exp),
        "exp {exp}"
    );
    assert_eq!(claims["iss"], "offerkit-sim");
    assert_eq!(claims["scope"], "offers:read");
    assert!(claims["iat"].as_i64().is_some() && claims["sub"].is_string());

    // The token is accepted by the offer endpoint.
    let ok = gql_raw(
        &sim,
        token,
        &json!({"query": "{ links(player_id: \"p1\") { offerwall } }"}),
    )
    .await;
    assert_eq!(ok.status, 200);
    assert!(ok.json()["data"]["links"]["offerwall"].is_string());
}

#[tokio::test]
async fn content_type_with_charset_is_accepted() {
    let sim = start().await;
    let resp = token_request(
        &sim,
        Some("application/x-www-form-urlencoded; charset=UTF-8"),
        "grant_type=refresh_token&refresh_token=sim-refresh-token",
    )
    .await;
    assert_eq!(resp.status, 201);
}

#[tokio::test]
async fn configured_refresh_token_and_ttl_are_honoured() {
    let sim = start_with(SimConfig {
        refresh_token: "my-secret".into(),
        token_ttl: Duration::from_secs(60),
        ..SimConfig::default()
    })
    .await;
    let ok = token_request(
        &sim,
        Some(FORM),
        "grant_type=refresh_token&refresh_token=my-secret",
    )
    .await;
    assert_eq!(ok.status, 201);
    assert_eq!(ok.json()["expires_in"], 60);
    let old = token_request(
        &sim,
        Some(FORM),
        "grant_type=refresh_token&refresh_token=sim-refresh-token",
    )
    .await;
    assert_eq!(old.status, 401);
}

#[tokio::test]
async fn unknown_refresh_token_is_401() {
    let sim = start().await;
    let resp = token_request(
        &sim,
        Some(FORM),
        "grant_type=refresh_token&refresh_token=nope",
    )
    .await;
    assert_eq!(resp.status, 401);
    assert_eq!(
        resp.json(),
        json!({"message": "The refresh token is invalid or expired."})
    );
}

#[tokio::test]
async fn refresh_token_without_permission_is_403() {
    let sim = start().await;
    let resp = token_request(
        &sim,
        Some(FORM),
        &format!(
            "grant_type=refresh_token&refresh_token={}",
            offerkit_sim::NO_PERMISSION_REFRESH_TOKEN
        ),
    )
    .await;
    assert_eq!(resp.status, 403);
    assert_eq!(
        resp.json(),
        json!({"message": "This action is unauthorized."})
    );
}

#[tokio::test]
async fn non_form_content_types_are_415() {
    let sim = start().await;
    for ct in [Some("application/json"), Some("text/plain"), None] {
        let resp = token_request(
            &sim,
            ct,
            r#"{"grant_type":"refresh_token","refresh_token":"sim-refresh-token"}"#,
        )
        .await;
        assert_eq!(resp.status, 415, "{ct:?}");
        assert_eq!(
            resp.json(),
            json!({"error": "Unsupported Media Type: send application/x-www-form-urlencoded."})
        );
    }
}

#[tokio::test]
async fn missing_fields_are_422_with_each_missing_field() {
    let sim = start().await;
    let resp = token_request(&sim, Some(FORM), "").await;
    assert_eq!(resp.status, 422);
    assert_eq!(
        resp.json(),
        json!({
            "message": "The refresh token field is required.",
            "errors": {
                "refresh_token": ["The refresh token field is required."],
                "grant_type": ["The grant type field is required."],
            }
        })
    );

    let resp = token_request(
        &sim,
        Some(FORM),
        "refresh_token=sim-refresh-token&grant_type=",
    )
    .await;
    assert_eq!(resp.status, 422);
    assert_eq!(
        resp.json(),
        json!({
            "message": "The grant type field is required.",
            "errors": { "grant_type": ["The grant type field is required."] }
        })
    );

    let resp = token_request(&sim, Some(FORM), "grant_type=refresh_token").await;
    assert_eq!(resp.status, 422);
    let body = resp.json();
    assert_eq!(
        body["errors"],
        json!({"refresh_token": ["The refresh token field is required."]})
    );
}

#[tokio::test]
async fn wrong_grant_type_is_422() {
    let sim = start().await;
    let resp = token_request(
        &sim,
        Some(FORM),
        "grant_type=password&refresh_token=sim-refresh-token",
    )
    .await;
    assert_eq!(resp.status, 422);
    assert_eq!(
        resp.json(),
        json!({
            "message": "The selected grant type is invalid.",
            "errors": { "grant_type": ["The selected grant type is invalid."] }
        })
    );
}

#[tokio::test]
async fn scopeless_refresh_token_gives_a_token_that_gets_403() {
    let sim = start().await;
    let resp = token_request(
        &sim,
        Some(FORM),
        &format!(
            "grant_type=refresh_token&refresh_token={}",
            offerkit_sim::NO_SCOPE_REFRESH_TOKEN
        ),
    )
    .await;
    assert_eq!(resp.status, 201);
    let token = resp.json()["access_token"]
        .as_str()
        .expect("token")
        .to_owned();
    assert_ne!(jwt_payload(&token)["scope"], "offers:read");
    let denied = gql_raw(
        &sim,
        &token,
        &json!({"query": "{ links(player_id: \"p\") { offerwall } }"}),
    )
    .await;
    assert_eq!(denied.status, 403);
    assert_eq!(
        denied.json(),
        json!({"message": "Invalid scope(s) provided."})
    );
}
