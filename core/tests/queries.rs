//! The spec's queries against the simulator over real HTTP: `offers` (limit, language, sort,
//! extra selection), `links`, the player id rules, and raw GraphQL.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use offerkit::{ErrorKind, LinksOptions, OffersOptions, lookup};
use serde_json::json;

#[tokio::test]
async fn offers_returns_the_players_targeted_offers_typed() {
    let sim = common::sim().await;
    let offers = common::client(&sim)
        .offers("demo", &OffersOptions::default())
        .await
        .unwrap();
    let ids: Vec<String> = offers.iter().filter_map(|o| o.id.clone()).collect();
    assert_eq!(ids, sim.targeted_offer_ids("demo"));
    let catalogue = sim.catalogue();
    for offer in &offers {
        let id = offer.id.as_deref().unwrap();
        let entry = catalogue.iter().find(|c| c["id"] == id).unwrap();
        assert_eq!(offer.name.as_deref(), entry["name"].as_str());
        assert_eq!(offer.total_payout_usd, entry["total_payout_usd"].as_f64());
        let creatives = offer.creatives.as_ref().unwrap();
        assert!(!creatives.name.as_deref().unwrap().is_empty());
        assert!(!creatives.description.as_deref().unwrap().is_empty());
        assert!(
            offer.extra.is_empty(),
            "default selection has only the spec's fields"
        );
    }
    // Targeting is per player.
    assert_ne!(
        sim.targeted_offer_ids("demo"),
        sim.targeted_offer_ids("other-player")
    );
}

#[tokio::test]
async fn extra_selection_lands_in_extra_and_is_reachable_by_path() {
    let sim = common::sim().await;
    let options = OffersOptions {
        select: Some("links { click_url } campaign_id creatives { icon_url }".into()),
        limit: Some(2),
        ..OffersOptions::default()
    };
    let offers = common::client(&sim).offers("demo", &options).await.unwrap();
    assert_eq!(offers.len(), 2);
    for offer in offers {
        let click = offer.field("links.click_url").unwrap();
        let click = click.as_str().unwrap();
        assert!(click.contains("player_id=demo"), "{click}");
        assert!(offer.extra.get("campaign_id").unwrap().is_i64());
        let creatives = offer.creatives.unwrap();
        assert!(creatives.extra.get("icon_url").unwrap().is_string());
        assert!(creatives.name.is_some(), "select adds to the default");
    }
}

#[tokio::test]
async fn a_replaced_selection_asks_only_for_what_it_names() {
    let sim = common::sim().await;
    let options = OffersOptions {
        selection: Some("id tracking_type creatives { icon_url }".into()),
        limit: Some(3),
        ..OffersOptions::default()
    };
    let offers = common::client(&sim).offers("demo", &options).await.unwrap();
    let expected: Vec<String> = sim.targeted_offer_ids("demo").into_iter().take(3).collect();
    let ids: Vec<String> = offers.iter().filter_map(|o| o.id.clone()).collect();
    assert_eq!(ids, expected);
    for offer in &offers {
        assert_eq!((offer.name.as_ref(), offer.total_payout_usd), (None, None));
        let creatives = offer.creatives.as_ref().unwrap();
        assert_eq!(
            (creatives.name.as_ref(), creatives.description.as_ref()),
            (None, None)
        );
        assert!(creatives.extra.get("icon_url").unwrap().is_string());
        assert!(offer.extra.get("tracking_type").unwrap().is_string());
    }
    // `select` adds to a replaced selection too.
    let options = OffersOptions {
        selection: Some("name".into()),
        select: Some("campaign_id".into()),
        limit: Some(1),
        ..OffersOptions::default()
    };
    let offer = common::client(&sim)
        .offers("demo", &options)
        .await
        .unwrap()
        .remove(0);
    assert!(offer.id.is_none() && offer.name.is_some());
    assert!(offer.extra.contains_key("campaign_id"));
}

#[tokio::test]
async fn limit_truncates_and_sort_orders_by_the_hidden_keys() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    let all = sim.targeted_offer_ids("demo");
    let limited = client
        .offers(
            "demo",
            &OffersOptions {
                limit: Some(3),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(limited.len(), 3);
    assert_eq!(
        limited
            .iter()
            .filter_map(|o| o.id.clone())
            .collect::<Vec<_>>(),
        all.iter().take(3).cloned().collect::<Vec<_>>()
    );

    let catalogue = sim.catalogue();
    let key = |id: &str, field: &str| -> f64 {
        catalogue.iter().find(|c| c["id"] == id).unwrap()[field]
            .as_f64()
            .unwrap()
    };
    for (sort, field, ascending) in [
        ("epc.asc", "epc", true),
        ("epc.desc", "epc", false),
        ("last_activation.asc", "last_activation", true),
        ("last_activation.desc", "last_activation", false),
    ] {
        let offers = client
            .offers(
                "demo",
                &OffersOptions {
                    sort: Some(sort.into()),
                    ..Default::default()
                },
            )
            .await
            .unwrap();
        assert_eq!(offers.len(), all.len(), "{sort} keeps every offer");
        let keys: Vec<f64> = offers
            .iter()
            .map(|o| key(o.id.as_deref().unwrap(), field))
            .collect();
        for pair in keys.windows(2) {
            assert!(
                if ascending {
                    pair[0] <= pair[1]
                } else {
                    pair[0] >= pair[1]
                },
                "{sort}: {keys:?}"
            );
        }
    }
}

#[tokio::test]
async fn language_localises_and_unknown_languages_fall_back_to_english() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    let get = |language: &'static str| {
        let client = client.clone();
        async move {
            let options = OffersOptions {
                language: Some(language.into()),
                limit: Some(1),
                ..Default::default()
            };
            client
                .offers("demo", &options)
                .await
                .unwrap()
                .remove(0)
                .creatives
                .unwrap()
        }
    };
    let en = get("en").await;
    assert_ne!(get("de").await, en);
    assert_ne!(get("zh-HK").await, en);
    assert_eq!(get("fr").await, en);
}

#[tokio::test]
async fn convention_breaking_player_ids_are_accepted_by_the_service() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    let offers = client
        .offers("Player.One With Spaces", &OffersOptions::default())
        .await
        .unwrap();
    assert!(!offers.is_empty());
    assert!(!offerkit::lint_player_id("Player.One With Spaces").is_empty());
    // 255 characters is the limit, counted in characters.
    assert!(
        client
            .offers(&"é".repeat(255), &OffersOptions::default())
            .await
            .is_ok()
    );
}

#[tokio::test]
async fn links_default_and_custom_selection() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    let links = client
        .links("demo", &LinksOptions::default())
        .await
        .unwrap();
    assert_eq!(links.keys().collect::<Vec<_>>(), ["support_portal"]);
    let portal = links.get("support_portal").unwrap();
    assert!(portal.as_str().unwrap().contains("demo"));
    let added = client
        .links(
            "demo",
            &LinksOptions {
                select: Some("offerwall".into()),
                ..LinksOptions::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(
        added.keys().collect::<Vec<_>>(),
        ["support_portal", "offerwall"]
    );
    let replaced = client
        .links(
            "demo",
            &LinksOptions {
                selection: Some("offerwall".into()),
                ..LinksOptions::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(replaced.keys().collect::<Vec<_>>(), ["offerwall"]);
    assert!(replaced.get("offerwall").unwrap().is_string());
}

#[tokio::test]
async fn raw_graphql_returns_data_and_introspection_works() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    let response = client
        .graphql(
            "query($p: String!) { offers(player_id: $p, limit: 2) { id } }",
            Some(json!({"p": "demo"})),
        )
        .await
        .unwrap();
    let data = response.data_value().unwrap();
    assert_eq!(data["offers"].as_array().unwrap().len(), 2);
    assert!(response.errors.is_empty());
    let schema = client
        .graphql("{ __schema { queryType { name } } }", None)
        .await
        .unwrap();
    assert!(lookup(&schema.data_value().unwrap(), "__schema.queryType.name").is_some());
    let err = client.graphql("{ x }", Some(json!([1]))).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    let err = client.graphql("  ", None).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    assert_eq!(sim.stats().graphql, 2, "invalid raw calls send nothing");
}
