//! Same seed, same bytes: two simulators with one seed answer identically (apart from their
//! own port in URLs); another seed gives another catalogue.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use common::*;
use offerkit_sim::{SimConfig, Simulator};
use serde_json::json;

const QUERY: &str = r#"{
  offers(player_id: "det", sort: "epc.desc", language: "de") {
    id name total_payout_usd campaign_id tracking_type total_amount start_datetime is_multi_reward
    completion_difficulty is_featured_campaign store_id updated_at stats { network_epi }
    creatives { name description icon_url instructions categories short_description offer_cta currency_name currency_name_plural }
    goals { id name description amount payout_usd order is_purchase_goal }
  }
  playerOffers(player_id: "det", limit: 3) { items { id status payout_earned_usd last_activity_at } next_cursor }
}"#;

async fn body_of(sim: &Simulator) -> bytes::Bytes {
    let token = sim.issue_token(hour());
    gql_raw(sim, &token, &json!({ "query": QUERY })).await.body
}

async fn listing_without_port(sim: &Simulator) -> String {
    get(sim, "/v1/offers", Some(&sim.issue_token(hour())))
        .await
        .text()
        .replace(&sim.base_url(), "BASE")
}

#[tokio::test]
async fn same_seed_gives_the_same_bytes() {
    let a = start_with(SimConfig {
        seed: 1234,
        ..SimConfig::default()
    })
    .await;
    let b = start_with(SimConfig {
        seed: 1234,
        ..SimConfig::default()
    })
    .await;
    assert_ne!(a.base_url(), b.base_url());
    let (body_a, body_b) = (body_of(&a).await, body_of(&b).await);
    assert!(body_a.len() > 1000);
    assert_eq!(body_a, body_b);
    assert_eq!(body_a, body_of(&a).await, "stable across calls");
    assert_eq!(
        listing_without_port(&a).await,
        listing_without_port(&b).await
    );
    assert_eq!(a.catalogue(), b.catalogue());
}

#[tokio::test]
async fn another_seed_gives_another_catalogue() {
    let a = start_with(SimConfig {
        seed: 1,
        ..SimConfig::default()
    })
    .await;
    let b = start_with(SimConfig {
        seed: 2,
        ..SimConfig::default()
    })
    .await;
    assert_ne!(body_of(&a).await, body_of(&b).await);
    assert_ne!(a.catalogue(), b.catalogue());
}
