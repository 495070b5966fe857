//! Tracking links: a click with a player id redirects to the landing page; without one
//! (or with an empty one) it redirects to a 404 page.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use common::*;
use serde_json::json;

#[tokio::test]
async fn click_with_player_redirects_to_the_landing_page() {
    let sim = start().await;
    let body = gql(
        &sim,
        r#"{ offers(player_id: "clicker", limit: 1) { id links { click_url } } }"#,
        json!({}),
    )
    .await;
    let offer = &body["data"]["offers"][0];
    let id = offer["id"].as_str().expect("id");
    let click = offer["links"]["click_url"].as_str().expect("click_url");
    let path = click
        .strip_prefix(&sim.base_url())
        .expect("click_url on the simulator");
    let resp = get(&sim, path, None).await;
    assert_eq!(resp.status, 302);
    let location = resp.header("location").expect("location").to_owned();
    assert_eq!(location, format!("/landing/{id}"));
    let landing = get(&sim, &location, None).await;
    assert_eq!(landing.status, 200);
    assert!(
        landing
            .header("content-type")
            .is_some_and(|c| c.starts_with("text/html"))
    );
    assert!(landing.text().contains("<html>"));
}

#[tokio::test]
async fn click_without_player_id_leads_to_404() {
    let sim = start().await;
    let id = sim.catalogue()[0]["id"].as_str().expect("id").to_owned();
    for path in [
        format!("/click/{id}"),
        format!("/click/{id}?player_id="),
        format!("/click/{id}?other=1"),
    ] {
        let resp = get(&sim, &path, None).await;
        assert_eq!(resp.status, 302, "{path}");
        assert_eq!(resp.header("location"), Some("/404"), "{path}");
    }
    let not_found = get(&sim, "/404", None).await;
    assert_eq!(not_found.status, 404);
    assert!(not_found.text().contains("404"));
}

#[tokio::test]
async fn click_on_unknown_offer_leads_to_404() {
    let sim = start().await;
    let resp = get(&sim, "/click/123?player_id=p", None).await;
    assert_eq!(resp.status, 302);
    assert_eq!(resp.header("location"), Some("/404"));
}

#[tokio::test]
async fn tracking_requests_are_not_counted_as_api_requests() {
    let sim = start().await;
    get(&sim, "/click/1?player_id=p", None).await;
    get(&sim, "/404", None).await;
    assert_eq!(sim.stats().requests, 0);
}
