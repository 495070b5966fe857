//! `playerOffers`: paging with signed cursors to the end (each item exactly once), the
//! default and maximum limit, statuses, and the invalid-cursor error for forged, altered
//! and borrowed cursors.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use common::*;
use offerkit_sim::{SimConfig, Simulator};
use serde_json::{Value, json};

const PAGE: &str = "query($p: String!, $after: String, $limit: Int) {
  playerOffers(player_id: $p, after: $after, limit: $limit) {
    items { id name status total_payout_usd payout_earned_usd last_activity_at creatives { name } }
    next_cursor
  }
}";

async fn page(sim: &Simulator, player: &str, after: Option<&str>, limit: Option<i64>) -> Value {
    gql(
        sim,
        PAGE,
        json!({"p": player, "after": after, "limit": limit}),
    )
    .await
}

fn invalid_cursor_body() -> Value {
    json!({
        "data": {"playerOffers": null},
        "errors": [{
            "message": "Invalid cursor.",
            "path": ["playerOffers"],
            "extensions": {"reason": "The cursor was not issued by this query for this player. Omit `after` to start at the first page."}
        }]
    })
}

/// The body without `locations` (standard GraphQL, position-dependent).
fn without_locations(mut body: Value) -> Value {
    if let Some(errors) = body["errors"].as_array_mut() {
        for e in errors {
            if let Some(o) = e.as_object_mut() {
                o.remove("locations");
            }
        }
    }
    body
}

#[tokio::test]
async fn paging_to_the_end_returns_every_item_exactly_once() {
    let sim = start_with(SimConfig {
        offer_count: 60,
        ..SimConfig::default()
    })
    .await;
    let expected = sim.player_offer_ids("pager");
    assert!(expected.len() >= 5);
    let mut seen: Vec<String> = Vec::new();
    let mut cursor: Option<String> = None;
    let mut pages = 0;
    loop {
        let body = page(&sim, "pager", cursor.as_deref(), Some(7)).await;
        assert!(body.get("errors").is_none(), "{body}");
        let p = &body["data"]["playerOffers"];
        let items = p["items"].as_array().expect("items");
        assert!(items.len() <= 7);
        seen.extend(
            items
                .iter()
                .map(|i| i["id"].as_str().expect("id").to_owned()),
        );
        pages += 1;
        match p["next_cursor"].as_str() {
            Some(next) => {
                assert_eq!(items.len(), 7, "only the last page is short");
                cursor = Some(next.to_owned());
            }
            None => break,
        }
        assert!(pages < 100, "paging must end");
    }
    assert_eq!(pages, expected.len().div_ceil(7));
    assert_eq!(seen, expected, "every engaged offer once, in order");
}

#[tokio::test]
async fn default_limit_is_fifty() {
    let sim = start_with(SimConfig {
        offer_count: 150,
        ..SimConfig::default()
    })
    .await;
    let player = (0..200)
        .map(|i| format!("p{i}"))
        .find(|p| sim.player_offer_ids(p).len() > 50)
        .expect("some player engaged with more than 50 offers");
    let body = gql(
        &sim,
        "query($p: String!) { playerOffers(player_id: $p) { items { id } next_cursor } }",
        json!({"p": player}),
    )
    .await;
    assert_eq!(
        body["data"]["playerOffers"]["items"]
            .as_array()
            .map(Vec::len),
        Some(50)
    );
    assert!(body["data"]["playerOffers"]["next_cursor"].is_string());
    let body = page(&sim, &player, None, Some(100)).await;
    let n = sim.player_offer_ids(&player).len();
    assert_eq!(
        body["data"]["playerOffers"]["items"]
            .as_array()
            .map(Vec::len),
        Some(n.min(100))
    );
}

#[tokio::test]
async fn engagement_count_is_between_five_and_all() {
    let sim = start_with(SimConfig {
        offer_count: 30,
        ..SimConfig::default()
    })
    .await;
    for p in ["a", "b", "c", "d", "e"] {
        let n = sim.player_offer_ids(p).len();
        assert!((5..=30).contains(&n), "{p}: {n}");
    }
}

#[tokio::test]
async fn items_have_statuses_and_earnings() {
    let sim = start().await;
    let body = page(&sim, "earner", None, Some(100)).await;
    let items = body["data"]["playerOffers"]["items"]
        .as_array()
        .expect("items");
    assert!(!items.is_empty());
    for item in items {
        let status = item["status"].as_str().expect("status");
        let total = item["total_payout_usd"].as_f64().expect("total");
        let earned = item["payout_earned_usd"].as_f64().expect("earned");
        match status {
            "completed" => assert_eq!(earned, total),
            "in_progress" => assert!(earned < total, "{item}"),
            other => panic!("unexpected status {other}"),
        }
        assert!(
            item["last_activity_at"]
                .as_str()
                .is_some_and(|d| d.len() == 19)
        );
        assert!(item["creatives"]["name"].is_string());
    }
}

#[tokio::test]
async fn forged_cursor_is_rejected_with_the_exact_shape() {
    let sim = start().await;
    for forged in [
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "not-a-cursor",
        "",
        "eyJvZmZzZXQiOjEwfQ",
    ] {
        let body = page(&sim, "p1", Some(forged), Some(5)).await;
        assert_eq!(
            without_locations(body.clone()),
            invalid_cursor_body(),
            "{forged}: {body}"
        );
        assert!(body["errors"][0]["extensions"].get("validation").is_none());
    }
}

#[tokio::test]
async fn altered_and_borrowed_cursors_are_rejected() {
    let sim = start().await;
    let first = page(&sim, "owner", None, Some(2)).await;
    let cursor = first["data"]["playerOffers"]["next_cursor"]
        .as_str()
        .expect("cursor")
        .to_owned();

    let mut altered = cursor.clone().into_bytes();
    altered[3] = if altered[3] == b'A' { b'B' } else { b'A' };
    let altered = String::from_utf8(altered).expect("ascii");
    assert_eq!(
        without_locations(page(&sim, "owner", Some(&altered), Some(2)).await),
        invalid_cursor_body()
    );

    assert_eq!(
        without_locations(page(&sim, "someone-else", Some(&cursor), Some(2)).await),
        invalid_cursor_body()
    );

    let other_seed = start_with(SimConfig {
        seed: 9,
        ..SimConfig::default()
    })
    .await;
    assert_eq!(
        without_locations(page(&other_seed, "owner", Some(&cursor), Some(2)).await),
        invalid_cursor_body()
    );

    // The genuine cursor still works and continues where page one stopped.
    let second = page(&sim, "owner", Some(&cursor), Some(2)).await;
    let ids = sim.player_offer_ids("owner");
    let got: Vec<&str> = second["data"]["playerOffers"]["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|i| i["id"].as_str())
        .collect();
    assert_eq!(
        got,
        ids[2..4].iter().map(String::as_str).collect::<Vec<_>>()
    );
}

#[tokio::test]
async fn argument_validation_comes_before_the_cursor_check() {
    let sim = start().await;
    let body = page(&sim, "p1", Some("forged"), Some(500)).await;
    assert_eq!(body["data"], json!({"playerOffers": null}));
    let e = &body["errors"][0];
    assert_eq!(
        e["message"],
        "Validation failed for the field [playerOffers]."
    );
    assert_eq!(
        e["extensions"]["validation"],
        json!({"limit": ["The limit field must not be greater than 100."]})
    );
}
