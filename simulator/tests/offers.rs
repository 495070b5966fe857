//! The `offers` and `links` queries: targeting, default order, sort orders checked against
//! the internal epc / last_activation, limit, localisation and fallback, and the link URLs.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use common::*;
use serde_json::{Value, json};
use std::collections::HashMap;

const ALL_FIELDS: &str = "id name total_payout_usd campaign_id tracking_type total_amount start_datetime is_multi_reward
    completion_difficulty is_featured_campaign store_id updated_at
    creatives { name description icon_url instructions categories short_description offer_cta currency_name currency_name_plural }
    goals { id name description amount payout_usd order is_purchase_goal }
    links { click_url support_url } stats { network_epi }";

async fn offer_ids(sim: &offerkit_sim::Simulator, args: &str) -> Vec<String> {
    let body = gql(sim, &format!("{{ offers({args}) {{ id }} }}"), json!({})).await;
    assert!(body.get("errors").is_none(), "{body}");
    body["data"]["offers"]
        .as_array()
        .expect("offers")
        .iter()
        .map(|o| o["id"].as_str().expect("id string").to_owned())
        .collect()
}

/// id → (epc, last_activation) from the simulator's test helper.
fn sort_keys(sim: &offerkit_sim::Simulator) -> HashMap<String, (f64, i64)> {
    sim.catalogue()
        .into_iter()
        .map(|o| {
            let id = o["id"].as_str().expect("id").to_owned();
            (
                id,
                (
                    o["epc"].as_f64().expect("epc"),
                    o["last_activation"].as_i64().expect("last_activation"),
                ),
            )
        })
        .collect()
}

#[tokio::test]
async fn targets_a_deterministic_subset_in_the_default_order() {
    let sim = start().await;
    let ids = offer_ids(&sim, r#"player_id: "player-1""#).await;
    assert_eq!(ids, sim.targeted_offer_ids("player-1"));
    assert!(
        (15..=45).contains(&ids.len()),
        "about 60% of 50, got {}",
        ids.len()
    );
    assert!(
        ids.iter()
            .all(|id| id.len() >= 10 && id.bytes().all(|b| b.is_ascii_digit()))
    );
    let catalogue: Vec<String> = sim
        .catalogue()
        .iter()
        .map(|o| o["id"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert!(ids.iter().all(|id| catalogue.contains(id)));
    assert_eq!(
        offer_ids(&sim, r#"player_id: "player-1""#).await,
        ids,
        "same answer twice"
    );
    assert_ne!(
        offer_ids(&sim, r#"player_id: "player-2""#).await,
        ids,
        "players differ"
    );
}

#[tokio::test]
async fn sort_orders_follow_the_internal_keys() {
    let sim = start().await;
    let keys = sort_keys(&sim);
    let base = offer_ids(&sim, r#"player_id: "sorter""#).await;
    for (sort, check) in [
        (
            "epc.asc",
            Box::new(|a: &(f64, i64), b: &(f64, i64)| a.0 <= b.0)
                as Box<dyn Fn(&(f64, i64), &(f64, i64)) -> bool>,
        ),
        ("epc.desc", Box::new(|a, b| a.0 >= b.0)),
        ("last_activation.asc", Box::new(|a, b| a.1 <= b.1)),
        ("last_activation.desc", Box::new(|a, b| a.1 >= b.1)),
    ] {
        let ids = offer_ids(&sim, &format!(r#"player_id: "sorter", sort: "{sort}""#)).await;
        let mut sorted_set = ids.clone();
        sorted_set.sort();
        let mut base_set = base.clone();
        base_set.sort();
        assert_eq!(sorted_set, base_set, "{sort} keeps the same offers");
        assert!(
            ids.windows(2).all(|w| check(&keys[&w[0]], &keys[&w[1]])),
            "{sort}: {ids:?}"
        );
    }
    let asc = offer_ids(&sim, r#"player_id: "sorter", sort: "epc.asc""#).await;
    let desc = offer_ids(&sim, r#"player_id: "sorter", sort: "epc.desc""#).await;
    assert_ne!(asc, desc);
}

#[tokio::test]
async fn limit_truncates_the_sorted_list_and_there_is_no_default_limit() {
    let sim = start_with(offerkit_sim::SimConfig {
        offer_count: 200,
        ..Default::default()
    })
    .await;
    let all = offer_ids(&sim, r#"player_id: "p", sort: "epc.desc""#).await;
    assert!(all.len() > 100, "no default limit: {}", all.len());
    let three = offer_ids(&sim, r#"player_id: "p", sort: "epc.desc", limit: 3"#).await;
    assert_eq!(three, all[..3]);
    let big = offer_ids(&sim, r#"player_id: "p", limit: 100000"#).await;
    assert_eq!(big.len(), all.len());
}

async fn creatives(sim: &offerkit_sim::Simulator, language: Option<&str>) -> Vec<Value> {
    let lang = language
        .map(|l| format!(r#", language: "{l}""#))
        .unwrap_or_default();
    let body = gql(
        sim,
        &format!(r#"{{ offers(player_id: "p", limit: 3{lang}) {{ id creatives {{ name description short_description offer_cta currency_name }} goals {{ name }} }} }}"#),
        json!({}),
    )
    .await;
    body["data"]["offers"].as_array().expect("offers").clone()
}

#[tokio::test]
async fn languages_localise_and_unknown_ones_fall_back_to_english() {
    let sim = start().await;
    let en = creatives(&sim, None).await;
    assert_eq!(creatives(&sim, Some("en")).await, en);
    assert_eq!(creatives(&sim, Some("fr")).await, en, "fr falls back to en");
    assert_eq!(creatives(&sim, Some("xx-YY")).await, en);
    assert!(
        en[0]["creatives"]["description"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Install ")
    );
    assert_eq!(en[0]["creatives"]["offer_cta"], "Play now");
    let de = creatives(&sim, Some("de")).await;
    assert_eq!(de[0]["creatives"]["offer_cta"], "Jetzt spielen");
    assert!(
        de[0]["creatives"]["description"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Installiere ")
    );
    let hk = creatives(&sim, Some("zh-HK")).await;
    let tw = creatives(&sim, Some("zh-TW")).await;
    assert_eq!(hk[0]["creatives"]["offer_cta"], "立即遊玩");
    assert_eq!(tw[0]["creatives"]["offer_cta"], "立即開玩");
    assert_ne!(hk, tw);
    // Same offers in every language; only texts change.
    for other in [&de, &hk, &tw] {
        let ids = |v: &Vec<Value>| v.iter().map(|o| o["id"].clone()).collect::<Vec<_>>();
        assert_eq!(ids(other), ids(&en));
        assert_eq!(other[0]["creatives"]["name"], en[0]["creatives"]["name"]);
    }
}

#[tokio::test]
async fn every_documented_field_is_served_with_its_type() {
    let sim = start().await;
    let body = gql(
        &sim,
        &format!(r#"{{ offers(player_id: "p x/é") {{ {ALL_FIELDS} }} }}"#),
        json!({}),
    )
    .await;
    assert!(body.get("errors").is_none(), "{body}");
    let offers = body["data"]["offers"].as_array().expect("offers");
    assert!(!offers.is_empty());
    let base = sim.base_url();
    for o in offers {
        let id = o["id"].as_str().expect("id");
        assert!(
            o["name"].is_string() && o["total_payout_usd"].is_f64() && o["campaign_id"].is_i64()
        );
        assert!(
            ["CPC", "CPA", "CPE", "CPI"].contains(&o["tracking_type"].as_str().unwrap_or_default())
        );
        for date_field in ["start_datetime", "updated_at"] {
            let d = o[date_field].as_str().expect("date");
            assert_eq!(d.len(), 19, "{d}");
            assert_eq!((&d[4..5], &d[10..11], &d[13..14]), ("-", " ", ":"));
        }
        assert!(o["is_multi_reward"].is_boolean() && o["is_featured_campaign"].is_boolean());
        assert!((1..=5).contains(&o["completion_difficulty"].as_i64().unwrap_or_default()));
        assert!(o["store_id"].is_string() && o["total_amount"].is_number());
        assert!(
            o["creatives"]["instructions"]
                .as_array()
                .is_some_and(|i| !i.is_empty())
        );
        assert!(
            o["creatives"]["categories"]
                .as_array()
                .is_some_and(|c| !c.is_empty())
        );
        let goals = o["goals"].as_array().expect("goals");
        assert!(!goals.is_empty());
        assert_eq!(o["is_multi_reward"].as_bool(), Some(goals.len() > 1));
        assert!(
            goals
                .iter()
                .all(|g| g["is_purchase_goal"].is_boolean() && g["order"].is_i64())
        );
        assert_eq!(
            o["links"]["click_url"].as_str().expect("click_url"),
            format!("{base}/click/{id}?player_id=p+x%2F%C3%A9")
        );
        assert!(
            o["links"]["support_url"]
                .as_str()
                .unwrap_or_default()
                .starts_with(&base)
        );
        assert!(o["stats"]["network_epi"].is_number());
    }
}

#[tokio::test]
async fn links_carry_the_player_id() {
    let sim = start().await;
    let body = gql(
        &sim,
        r#"{ links(player_id: "player_7") { support_portal offerwall } }"#,
        json!({}),
    )
    .await;
    let links = &body["data"]["links"];
    assert!(
        links["support_portal"]
            .as_str()
            .is_some_and(|u| u.contains("player_id=player_7")),
        "{body}"
    );
    assert!(
        links["offerwall"]
            .as_str()
            .is_some_and(|u| u.contains("player_id=player_7")),
        "{body}"
    );
    let page = get(
        &sim,
        links["support_portal"]
            .as_str()
            .unwrap_or_default()
            .trim_start_matches(&sim.base_url()),
        None,
    )
    .await;
    assert_eq!(page.status, 200);
}

#[tokio::test]
async fn empty_catalogue_answers_an_empty_list() {
    let sim = start_with(offerkit_sim::SimConfig {
        offer_count: 0,
        ..Default::default()
    })
    .await;
    assert!(offer_ids(&sim, r#"player_id: "p""#).await.is_empty());
    let body = gql(
        &sim,
        r#"{ playerOffers(player_id: "p") { items { id } next_cursor } }"#,
        json!({}),
    )
    .await;
    assert_eq!(
        body["data"]["playerOffers"],
        json!({"items": [], "next_cursor": null})
    );
}
