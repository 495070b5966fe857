//! The client against the simulator's misbehaviour modes, over real HTTP: each behaviour of a
//! service that differs from the spec's promises, with the outcome the client must give.
//! Expected positions and reasons follow the modes' documented rules (simulator/README.md).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use std::collections::HashSet;
use std::time::{Duration, Instant};

use offerkit::{
    ClientConfig, ErrorKind, ListingOptions, OfferClient, OffersOptions, PlayerOffersOptions,
};
use offerkit_sim::{Mess, SimConfig, Simulator};

async fn sim_with(mess: Mess) -> Simulator {
    let sim = common::sim().await;
    sim.set_mess(mess);
    sim
}

fn client_with(sim: &Simulator, edit: impl FnOnce(&mut ClientConfig)) -> OfferClient {
    let mut config =
        common::config(sim).with_access_token(sim.issue_token(Duration::from_secs(3600)));
    edit(&mut config);
    OfferClient::new(config).unwrap()
}

/// The reason `bad_fields` gives the item at `index` (positions 1, 5, 9, … broken in turn).
fn bad_fields_reason(index: usize) -> Option<&'static str> {
    let reason = match (index / 4) % 4 {
        0 => "name is null",
        1 => r#"total_payout_usd is a string ("lots"), not a number"#,
        2 => "creatives is missing",
        _ => "creatives.description is the number 12, not text",
    };
    (index % 4 == 1).then_some(reason)
}

#[tokio::test]
async fn bad_fields_skip_exactly_the_broken_offers_and_keep_the_rest_in_order() {
    let sim = sim_with(Mess {
        bad_fields: true,
        ..Mess::default()
    })
    .await;
    let client = common::client(&sim);
    let fetched = client
        .offers_fetched("demo", &OffersOptions::default())
        .await
        .unwrap();
    let targeted = sim.targeted_offer_ids("demo");
    assert!(targeted.len() >= 14, "every breakage appears");
    let expected_kept: Vec<&String> = targeted
        .iter()
        .enumerate()
        .filter(|(i, _)| bad_fields_reason(*i).is_none())
        .map(|(_, id)| id)
        .collect();
    let kept: Vec<&String> = fetched
        .value
        .offers
        .iter()
        .map(|o| o.id.as_ref().unwrap())
        .collect();
    assert_eq!(kept, expected_kept);
    let skipped: Vec<(usize, Option<&str>, &str)> = fetched
        .value
        .skipped
        .iter()
        .map(|s| (s.index, s.id.as_deref(), s.reason.as_str()))
        .collect();
    let expected: Vec<(usize, Option<&str>, &str)> = targeted
        .iter()
        .enumerate()
        .filter_map(|(i, id)| Some((i, Some(id.as_str()), bad_fields_reason(i)?)))
        .collect();
    assert_eq!(skipped, expected);
    // A selection without the broken fields asks nothing of them: nothing is skipped.
    let ids_only = OffersOptions {
        selection: Some("id".into()),
        ..OffersOptions::default()
    };
    let fetched = client.offers_fetched("demo", &ids_only).await.unwrap();
    assert!(fetched.value.skipped.is_empty());
    assert_eq!(fetched.value.offers.len(), targeted.len());
}

#[tokio::test]
async fn bad_fields_in_player_offers_and_the_listing() {
    let sim = sim_with(Mess {
        bad_fields: true,
        ..Mess::default()
    })
    .await;
    let client = common::client(&sim);
    let page = client
        .player_offers("demo", &PlayerOffersOptions::default())
        .await
        .unwrap();
    let ids = sim.player_offer_ids("demo");
    assert_eq!(page.skipped.len(), 1);
    assert_eq!(page.skipped[0].index, 1);
    assert_eq!(page.skipped[0].reason, "the item is null, not an object");
    assert_eq!(page.items.len(), ids.len().min(50) - 1);
    assert_eq!(page.items[1].id.as_deref(), Some(ids[2].as_str()));
    assert_eq!(page.items[1].status, None, "a status of 5 is not text");
    assert_eq!(page.items[1].field("status"), Some(serde_json::json!(5)));
    // The listing's items have no required field: every object is kept, broken fields absent.
    let listing = client.list_offers(ListingOptions::default()).await.unwrap();
    assert!(listing.skipped.is_empty());
    assert_eq!(listing.offers.len(), sim.catalogue().len());
    assert_eq!(listing.offers[1].name, None);
    assert_eq!(listing.offers[5].total_payout_usd, None);
}

#[tokio::test]
async fn an_answer_of_nothing_but_bad_offers_is_a_decode_error_with_status_200() {
    let sim = sim_with(Mess {
        all_bad_fields: true,
        ..Mess::default()
    })
    .await;
    let err = common::client(&sim)
        .offers("demo", &OffersOptions::default())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode);
    assert_eq!(err.http_status(), Some(200));
    assert!(err.message().contains("name is null"), "{err}");
}

#[tokio::test]
async fn odd_extra_fields_are_kept_as_sent_and_never_fail_a_call() {
    let sim = sim_with(Mess {
        odd_extra: true,
        ..Mess::default()
    })
    .await;
    let client = common::client(&sim);
    let offers = client
        .offers("demo", &OffersOptions::default())
        .await
        .unwrap();
    assert_eq!(offers.len(), sim.targeted_offer_ids("demo").len());
    let first = &offers[0];
    let deep = format!("{}{}", "[".repeat(1000), "]".repeat(1000));
    assert_eq!(first.extra.raw("x_deep").unwrap().get(), deep);
    assert_eq!(first.extra.raw("x_huge").unwrap().get(), "1e400");
    assert_eq!(
        first.extra.raw("x_bigint").unwrap().get(),
        "123456789012345678901234567890"
    );
    assert_eq!(first.field("a.b"), None, "a dotted key is not a path");
    assert_eq!(
        first.extra.get("a.b"),
        Some(serde_json::json!("dotted key"))
    );
    assert_eq!(first.extra.get(""), Some(serde_json::json!("empty key")));
    assert_eq!(first.field("x_nul"), Some(serde_json::json!("a\u{0}b")));
    assert_eq!(first.field("x_unicode_é"), Some(serde_json::json!("ü")));
    assert_eq!(
        first.field("x_deep"),
        None,
        "too deep to parse: absent, not a panic"
    );
    let text = serde_json::to_string(first).unwrap();
    assert!(text.contains(&deep) && text.contains("1e400"));
    let page = client
        .player_offers("demo", &PlayerOffersOptions::default())
        .await
        .unwrap();
    assert!(page.skipped.is_empty());
    assert!(page.items[0].extra.contains_key("x_deep"));
}

#[tokio::test]
async fn raw_graphql_hands_back_odd_values_as_the_service_sent_them() {
    let sim = sim_with(Mess {
        odd_extra: true,
        ..Mess::default()
    })
    .await;
    let client = common::client(&sim);
    let response = client
        .graphql("{ offers(player_id: \"demo\", limit: 1) { id } }", None)
        .await
        .unwrap();
    let deep = format!("{}{}", "[".repeat(1000), "]".repeat(1000));
    let data = response.data_json();
    assert!(data.contains(&format!(r#""x_deep":{deep}"#)), "any depth");
    assert!(
        data.contains(r#""x_bigint":123456789012345678901234567890"#),
        "{data}"
    );
    assert!(data.contains(r#""x_huge":1e400"#), "{data}");
}

#[tokio::test]
async fn a_cycle_of_cursors_ends_the_walk_with_a_decode_error() {
    let sim = sim_with(Mess {
        cursor_cycle: true,
        ..Mess::default()
    })
    .await;
    let client = common::client(&sim);
    let mut pager = client
        .player_offers_pager("demo", PlayerOffersOptions::default())
        .unwrap();
    // First page → A, A → B, B → A again: the third page repeats a cursor.
    assert!(pager.next_page().await.unwrap().is_some());
    assert!(pager.next_page().await.unwrap().is_some());
    let err = pager.next_page().await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode);
    assert!(err.message().contains("cycle"), "{err}");
    assert_eq!(
        err.http_status(),
        Some(200),
        "the page that repeated arrived with 200"
    );
    assert!(
        pager.next_page().await.unwrap().is_none(),
        "the walk is over"
    );
    assert_eq!(sim.stats().graphql, 3);
}

#[tokio::test]
async fn endless_empty_pages_stop_at_the_page_cap() {
    let sim = sim_with(Mess {
        endless_empty_pages: true,
        ..Mess::default()
    })
    .await;
    let client = client_with(&sim, |c| c.max_pages = 25);
    let err = client
        .player_offers_pager("demo", PlayerOffersOptions::default())
        .unwrap()
        .collect_all()
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode);
    assert!(err.message().contains("25 pages"), "{err}");
    assert_eq!(
        err.http_status(),
        None,
        "the page past the cap is never requested"
    );
    assert_eq!(sim.stats().graphql, 25);
}

#[tokio::test]
async fn a_listing_whose_page_never_grows_ends_at_once() {
    let sim = sim_with(Mess {
        listing_stall: true,
        ..Mess::default()
    })
    .await;
    let client = common::client(&sim);
    let err = client
        .list_offers_pager(10)
        .unwrap()
        .collect_all()
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode);
    assert!(err.message().contains("does not follow page 1"), "{err}");
    assert_eq!(
        err.http_status(),
        Some(200),
        "the stalled page arrived with 200"
    );
    assert_eq!(sim.stats().listing, 1);
}

#[tokio::test]
async fn a_retry_after_storm_is_bounded_by_the_deadline() {
    let sim = sim_with(Mess {
        retry_after_storm: Some(30),
        ..Mess::default()
    })
    .await;
    let client = client_with(&sim, |c| c.deadline = Duration::from_secs(2));
    let started = Instant::now();
    let err = client
        .offers("demo", &OffersOptions::default())
        .await
        .unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(20));
    assert_eq!(err.kind(), ErrorKind::Server);
    assert_eq!(err.http_status(), Some(503));
    assert_eq!(err.retry_after(), Some(Duration::from_secs(30)));
    assert_eq!(sim.stats().graphql, 1);
}

#[tokio::test]
async fn a_service_behind_a_path_prefix_works_there_and_rejects_elsewhere() {
    let sim = Simulator::start(SimConfig {
        path_prefix: Some("/api".into()),
        ..SimConfig::default()
    })
    .await
    .unwrap();
    assert!(sim.base_url().ends_with("/api"));
    let token = sim.issue_token(Duration::from_secs(60));
    let right = OfferClient::new(
        common::host_executor::chosen(ClientConfig::new(sim.base_url()))
            .with_access_token(token.clone()),
    )
    .unwrap();
    assert!(
        !right
            .offers("demo", &OffersOptions::default())
            .await
            .unwrap()
            .is_empty()
    );
    let root = format!("http://{}", sim.addr());
    let wrong = OfferClient::new(
        common::host_executor::chosen(ClientConfig::new(root)).with_access_token(token),
    )
    .unwrap();
    let err = wrong
        .offers("demo", &OffersOptions::default())
        .await
        .unwrap_err();
    assert_eq!(
        (err.kind(), err.http_status()),
        (ErrorKind::Rejected, Some(404))
    );
    assert!(err.message().contains("base_url"), "{err}");
}

#[tokio::test]
async fn many_pages_of_a_real_walk_are_not_mistaken_for_a_cycle() {
    let sim = Simulator::start(SimConfig {
        offer_count: 150,
        ..SimConfig::default()
    })
    .await
    .unwrap();
    let client = common::client(&sim);
    let page = client
        .player_offers_pager(
            "many-walker",
            PlayerOffersOptions {
                limit: Some(3),
                ..Default::default()
            },
        )
        .unwrap()
        .collect_all()
        .await
        .unwrap();
    let ids: Vec<String> = page.items.into_iter().filter_map(|i| i.id).collect();
    assert_eq!(ids.len(), 150);
    assert_eq!(ids.iter().collect::<HashSet<_>>().len(), 150);
    assert_eq!(ids, sim.player_offer_ids("many-walker"));
}
