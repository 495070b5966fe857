//! `GET /v1/offers`: the whole catalogue without `per_page`, pagination to the end with it,
//! and the 422 answers for bad `per_page` / `page`.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use common::*;
use offerkit_sim::Simulator;
use serde_json::{Value, json};

async fn listing(sim: &Simulator, query: &str) -> Resp {
    get(
        sim,
        &format!("/v1/offers{query}"),
        Some(&sim.issue_token(hour())),
    )
    .await
}

fn catalogue_ids(sim: &Simulator) -> Vec<String> {
    sim.catalogue()
        .iter()
        .map(|o| o["id"].as_str().expect("id").to_owned())
        .collect()
}

#[tokio::test]
async fn without_per_page_every_offer_comes_at_once_without_pagination() {
    let sim = start().await;
    let resp = listing(&sim, "").await;
    assert_eq!(resp.status, 200);
    let body = resp.json();
    assert_eq!(body["status"], "success");
    let data = body["data"].as_object().expect("data object");
    assert!(!data.contains_key("pagination"));
    let offers = data["offers"].as_array().expect("offers");
    let ids: Vec<String> = offers
        .iter()
        .map(|o| o["id"].as_str().expect("id").to_owned())
        .collect();
    assert_eq!(ids, catalogue_ids(&sim));
    for o in offers {
        for field in [
            "name",
            "total_payout_usd",
            "creatives",
            "campaign_id",
            "tracking_type",
            "total_amount",
            "start_datetime",
            "is_multi_reward",
            "completion_difficulty",
            "is_featured_campaign",
            "store_id",
            "updated_at",
            "goals",
            "links",
            "stats",
        ] {
            assert!(
                o.get(field).is_some_and(|v| !v.is_null()),
                "{field} missing: {o}"
            );
        }
        assert!(o.get("epc").is_none() && o.get("last_activation").is_none());
        assert!(o["creatives"]["description"].is_string());
    }
}

#[tokio::test]
async fn pages_cover_the_catalogue_exactly_once() {
    let sim = start().await;
    let mut ids: Vec<String> = Vec::new();
    let mut page = 1;
    loop {
        let body = listing(&sim, &format!("?per_page=7&page={page}"))
            .await
            .json();
        let p = &body["data"]["pagination"];
        assert_eq!(p["current_page"], page);
        assert_eq!(p["per_page"], 7);
        let offers = body["data"]["offers"].as_array().expect("offers");
        ids.extend(
            offers
                .iter()
                .map(|o| o["id"].as_str().expect("id").to_owned()),
        );
        let more = p["has_more_pages"].as_bool().expect("has_more_pages");
        if more {
            assert_eq!(p["next_page"], page + 1);
            assert_eq!(offers.len(), 7);
            page += 1;
        } else {
            assert_eq!(p["next_page"], Value::Null);
            break;
        }
        assert!(page < 50);
    }
    assert_eq!(page, 8, "50 offers in pages of 7");
    assert_eq!(ids, catalogue_ids(&sim));
}

#[tokio::test]
async fn page_defaults_to_one_and_pages_past_the_end_are_empty() {
    let sim = start().await;
    let first = listing(&sim, "?per_page=10").await.json();
    assert_eq!(
        first["data"]["pagination"],
        json!({"current_page": 1, "per_page": 10, "has_more_pages": true, "next_page": 2})
    );
    let exact_end = listing(&sim, "?per_page=10&page=5").await.json();
    assert_eq!(
        exact_end["data"]["offers"].as_array().map(Vec::len),
        Some(10)
    );
    assert_eq!(exact_end["data"]["pagination"]["has_more_pages"], false);
    let beyond = listing(&sim, "?per_page=10&page=9").await.json();
    assert_eq!(beyond["data"]["offers"], json!([]));
    assert_eq!(
        beyond["data"]["pagination"],
        json!({"current_page": 9, "per_page": 10, "has_more_pages": false, "next_page": null})
    );
    let all = listing(&sim, "?per_page=100").await.json();
    assert_eq!(all["data"]["offers"].as_array().map(Vec::len), Some(50));
}

#[tokio::test]
async fn bad_paging_parameters_are_422() {
    let sim = start().await;
    let cases = [
        (
            "?page=2",
            "per_page",
            "The per page field is required when page is present.",
        ),
        (
            "?per_page=0",
            "per_page",
            "The per page field must be between 1 and 100.",
        ),
        (
            "?per_page=101",
            "per_page",
            "The per page field must be between 1 and 100.",
        ),
        (
            "?per_page=ten",
            "per_page",
            "The per page field must be an integer.",
        ),
        (
            "?per_page=10&page=0",
            "page",
            "The page field must be at least 1.",
        ),
        (
            "?per_page=10&page=two",
            "page",
            "The page field must be an integer.",
        ),
    ];
    for (query, field, message) in cases {
        let resp = listing(&sim, query).await;
        assert_eq!(resp.status, 422, "{query}");
        assert_eq!(
            resp.json(),
            json!({"message": message, "errors": { field: [message] }}),
            "{query}"
        );
    }
    let both = listing(&sim, "?per_page=500&page=-1").await;
    assert_eq!(both.status, 422);
    let body = both.json();
    assert_eq!(
        body["message"],
        "The per page field must be between 1 and 100."
    );
    assert_eq!(body["errors"].as_object().map(|e| e.len()), Some(2));
}
