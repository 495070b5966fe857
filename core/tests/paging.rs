//! Following pages to the end: `playerOffers` cursors (and forged ones), and the paginated
//! GET listing.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use std::collections::HashSet;

use offerkit::{ErrorKind, ListingOptions, PlayerOffersOptions};
use offerkit_sim::{ENGAGED_WITH_ALL_PREFIX, Fault, FaultKind, SimConfig, Simulator};

#[tokio::test]
async fn player_offers_pager_reaches_the_last_page_with_every_item_once() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    let expected = sim.player_offer_ids("demo");
    assert!(expected.len() > 7, "the test needs several pages");
    let options = PlayerOffersOptions {
        limit: Some(7),
        ..Default::default()
    };
    let mut pager = client.player_offers_pager("demo", options).unwrap();
    let mut ids = Vec::new();
    let mut pages = 0;
    while let Some(page) = pager.next_page().await.unwrap() {
        pages += 1;
        assert!(page.items.len() <= 7);
        for item in &page.items {
            let status = item.status.as_deref().unwrap();
            assert!(status == "in_progress" || status == "completed", "{status}");
        }
        ids.extend(page.items.into_iter().filter_map(|i| i.id));
    }
    assert_eq!(ids, expected);
    assert_eq!(pages, expected.len().div_ceil(7));
    assert!(pager.next_page().await.unwrap().is_none(), "stays finished");
}

#[tokio::test]
async fn player_offers_default_limit_is_fifty() {
    // 150 offers, and a `many-` player has engaged with every one of them: more than any page.
    let sim = Simulator::start(SimConfig {
        offer_count: 150,
        ..SimConfig::default()
    })
    .await
    .unwrap();
    let player = format!("{ENGAGED_WITH_ALL_PREFIX}pager");
    let expected = sim.player_offer_ids(&player);
    assert_eq!(expected.len(), 150);
    let client = common::client(&sim);

    let page = client
        .player_offers(&player, &PlayerOffersOptions::default())
        .await
        .unwrap();
    let ids: Vec<String> = page.items.into_iter().filter_map(|i| i.id).collect();
    assert_eq!(ids, expected[..50], "no limit sent: the service's 50");
    assert!(page.next_cursor.is_some());

    let hundred = client
        .player_offers(
            &player,
            &PlayerOffersOptions {
                limit: Some(100),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let ids: Vec<String> = hundred.items.into_iter().filter_map(|i| i.id).collect();
    assert_eq!(ids, expected[..100]);
    assert!(hundred.next_cursor.is_some());
}

#[tokio::test]
async fn cursors_the_service_did_not_issue_are_invalid_cursor_errors() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    let first = client
        .player_offers(
            "demo",
            &PlayerOffersOptions {
                limit: Some(2),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let cursor = first.next_cursor.unwrap();
    let mut altered = cursor.clone();
    let last = altered.pop().unwrap();
    altered.push(if last == 'A' { 'B' } else { 'A' });
    for (player, after) in [
        ("demo", "forged".to_string()),
        ("demo", altered),
        ("someone-else", cursor),
    ] {
        let options = PlayerOffersOptions {
            after: Some(after.clone()),
            ..Default::default()
        };
        let err = client.player_offers(player, &options).await.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidCursor, "{player} {after}");
        let reason = err.reason().unwrap();
        assert!(reason.to_lowercase().contains("omit"), "{reason}");
        assert!(err.fields().is_empty(), "no validation entries");
        assert_eq!(
            err.response().unwrap()["data"]["playerOffers"],
            serde_json::Value::Null
        );
    }
}

#[tokio::test]
async fn listing_without_per_page_returns_everything_unpaginated() {
    let sim = common::sim().await;
    let listing = common::client(&sim)
        .list_offers(ListingOptions::default())
        .await
        .unwrap();
    assert!(listing.pagination.is_none());
    let ids: Vec<String> = listing.offers.iter().filter_map(|o| o.id.clone()).collect();
    let catalogue: Vec<String> = sim
        .catalogue()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids, catalogue);
}

#[tokio::test]
async fn listing_pages_follow_has_more_pages_to_the_end() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    let page = client
        .list_offers(ListingOptions {
            per_page: Some(10),
            page: Some(2),
        })
        .await
        .unwrap();
    let pagination = page.pagination.unwrap();
    assert_eq!((pagination.current_page, pagination.per_page), (2, 10));
    assert_eq!(
        (pagination.has_more_pages, pagination.next_page),
        (true, Some(3))
    );
    assert_eq!(page.offers.len(), 10);

    let beyond = client
        .list_offers(ListingOptions {
            per_page: Some(10),
            page: Some(99),
        })
        .await
        .unwrap();
    assert!(beyond.offers.is_empty());
    assert_eq!(beyond.pagination.unwrap().next_page, None);

    let all = client
        .list_offers_pager(7)
        .unwrap()
        .collect_all()
        .await
        .unwrap()
        .offers;
    assert_eq!(all.len(), sim.catalogue().len());
    let unique: HashSet<&str> = all.iter().filter_map(|o| o.id.as_deref()).collect();
    assert_eq!(unique.len(), all.len(), "no offer twice");
    assert_eq!(
        sim.stats().listing,
        2 + sim.catalogue().len().div_ceil(7) as u64
    );
}

#[tokio::test]
async fn a_listing_walk_can_start_at_a_later_page() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    let all = client
        .list_offers_pager(10)
        .unwrap()
        .collect_all()
        .await
        .unwrap();
    let mut pager = client.list_offers_pager_from(10, 3).unwrap();
    let third = pager.next_page().await.unwrap().unwrap();
    assert_eq!(third.pagination.unwrap().current_page, 3);
    let ids = |offers: &[offerkit::Offer]| -> Vec<String> {
        offers.iter().filter_map(|o| o.id.clone()).collect()
    };
    assert_eq!(ids(&third.offers), ids(&all.offers[20..30]));
    let rest = pager.collect_all().await.unwrap();
    assert_eq!(ids(&rest.offers), ids(&all.offers[30..]));
    // Both numbers are validated at once, as for one page.
    for (per_page, page) in [(0, 1), (10, 0), (101, 2)] {
        let Err(error) = client.list_offers_pager_from(per_page, page) else {
            panic!("{per_page} {page} accepted");
        };
        assert_eq!(
            error.kind(),
            ErrorKind::InvalidArgument,
            "{per_page} {page}"
        );
    }
}

#[tokio::test]
async fn a_failed_page_can_be_fetched_again() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    let mut pager = client.list_offers_pager(20).unwrap();
    let first = pager.next_page().await.unwrap().unwrap();
    assert_eq!(first.pagination.unwrap().current_page, 1);
    sim.inject(Fault::new(FaultKind::Status {
        status: 500,
        retry_after_secs: None,
        body: None,
    }));
    assert_eq!(
        pager.next_page().await.unwrap_err().kind(),
        ErrorKind::Server
    );
    let second = pager.next_page().await.unwrap().unwrap();
    assert_eq!(
        second.pagination.unwrap().current_page,
        2,
        "the pager kept its place"
    );
}

#[tokio::test]
async fn a_replaced_player_offers_selection_reads_the_list_it_names() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    // The list under another key (an alias), fewer fields, and no `next_cursor` selected.
    let options = PlayerOffersOptions {
        selection: Some("offers: items { id } ".into()),
        limit: Some(3),
        ..Default::default()
    };
    let page = client.player_offers("demo", &options).await.unwrap();
    let expected: Vec<String> = sim.player_offer_ids("demo").into_iter().take(3).collect();
    let ids: Vec<String> = page.items.iter().filter_map(|i| i.id.clone()).collect();
    assert_eq!(ids, expected);
    assert!(
        page.items
            .iter()
            .all(|i| i.name.is_none() && i.status.is_none())
    );
    assert_eq!(page.next_cursor, None, "not selected: no next page");
    // With next_cursor, a pager walks the replaced selection to the end.
    let options = PlayerOffersOptions {
        selection: Some("next_cursor rows: items { id status }".into()),
        limit: Some(4),
        ..Default::default()
    };
    let all = client
        .player_offers_pager("demo", options)
        .unwrap()
        .collect_all()
        .await
        .unwrap();
    assert!(all.skipped.is_empty() && all.next_cursor.is_none());
    let ids: Vec<String> = all.items.into_iter().filter_map(|i| i.id).collect();
    assert_eq!(ids, sim.player_offer_ids("demo"));
    // `select` has no place in a replaced selection.
    let both = PlayerOffersOptions {
        selection: Some("items { id }".into()),
        select: Some("name".into()),
        ..Default::default()
    };
    let err = client.player_offers_pager("demo", both).err().unwrap();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
}
