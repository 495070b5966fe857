//! The spec's validation table, both ways: the client refuses bad arguments before sending
//! (`invalid_argument`, nothing sent), and the service's own answer to the same arguments
//! (sent through raw GraphQL) is `validation` with the same paths, argument names and messages.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use offerkit::{
    ErrorKind, FieldError, ListingOptions, OfferClient, OffersOptions, PlayerOffersOptions,
};
use serde_json::{Value, json};

const OFFERS_DOC: &str = "query($player_id: String!, $limit: Int, $language: String, $sort: String) \
    { offers(player_id: $player_id, limit: $limit, language: $language, sort: $sort) { id } }";
const PLAYER_OFFERS_DOC: &str = "query($player_id: String!, $limit: Int, $language: String) \
    { playerOffers(player_id: $player_id, limit: $limit, language: $language) { next_cursor } }";

/// The service's fields for `document` with `variables` (it must answer `validation`).
async fn server_fields(client: &OfferClient, document: &str, variables: Value) -> Vec<FieldError> {
    let err = client.graphql(document, Some(variables)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Validation, "{err}");
    assert_eq!(err.http_status(), Some(200));
    err.fields().to_vec()
}

#[tokio::test]
async fn offers_arguments_fail_alike_on_both_sides() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    let long = "p".repeat(256);
    let cases: Vec<(OffersOptions, &str, Value)> = vec![
        (OffersOptions::default(), "", json!({"player_id": ""})),
        (
            OffersOptions::default(),
            long.as_str(),
            json!({"player_id": long}),
        ),
        (
            OffersOptions {
                limit: Some(0),
                ..Default::default()
            },
            "p",
            json!({"player_id": "p", "limit": 0}),
        ),
        (
            OffersOptions {
                limit: Some(-5),
                ..Default::default()
            },
            "p",
            json!({"player_id": "p", "limit": -5}),
        ),
        (
            OffersOptions {
                language: Some("english".into()),
                ..Default::default()
            },
            "p",
            json!({"player_id": "p", "language": "english"}),
        ),
        (
            OffersOptions {
                language: Some("e".into()),
                ..Default::default()
            },
            "p",
            json!({"player_id": "p", "language": "e"}),
        ),
        (
            OffersOptions {
                sort: Some("epc".into()),
                ..Default::default()
            },
            "p",
            json!({"player_id": "p", "sort": "epc"}),
        ),
        (
            OffersOptions {
                sort: Some("price.asc".into()),
                ..Default::default()
            },
            "p",
            json!({"player_id": "p", "sort": "price.asc"}),
        ),
        (
            OffersOptions {
                sort: Some("epc.sideways".into()),
                ..Default::default()
            },
            "p",
            json!({"player_id": "p", "sort": "epc.sideways"}),
        ),
        (
            OffersOptions {
                sort: Some("a.b".into()),
                ..Default::default()
            },
            "p",
            json!({"player_id": "p", "sort": "a.b"}),
        ),
        // Spec item 3: every failing argument of one field in one entry.
        (
            OffersOptions {
                limit: Some(0),
                language: Some("toolong".into()),
                sort: Some("x".into()),
                ..Default::default()
            },
            long.as_str(),
            json!({"player_id": long, "limit": 0, "language": "toolong", "sort": "x"}),
        ),
    ];
    for (options, player_id, variables) in cases {
        sim.reset_stats();
        let local = client.offers(player_id, &options).await.unwrap_err();
        assert_eq!(local.kind(), ErrorKind::InvalidArgument);
        assert_eq!(
            sim.stats().requests,
            0,
            "nothing is sent when validation fails"
        );
        let remote = server_fields(&client, OFFERS_DOC, variables.clone()).await;
        assert_eq!(
            local.fields(),
            remote.as_slice(),
            "client and service agree for {variables}"
        );
        assert_eq!(remote.len(), 1);
        assert_eq!(remote[0].path, ["offers"]);
    }
}

#[tokio::test]
async fn player_offers_and_links_arguments_fail_alike_on_both_sides() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    for (limit, language) in [
        (Some(0), None),
        (Some(101), None),
        (None, Some("abcdef")),
        (Some(500), Some("x")),
    ] {
        let options = PlayerOffersOptions {
            limit,
            language: language.map(String::from),
            ..Default::default()
        };
        let local = client.player_offers("p", &options).await.unwrap_err();
        assert_eq!(local.kind(), ErrorKind::InvalidArgument);
        let mut variables = json!({"player_id": "p"});
        if let Some(limit) = limit {
            variables["limit"] = json!(limit);
        }
        if let Some(language) = language {
            variables["language"] = json!(language);
        }
        let remote = server_fields(&client, PLAYER_OFFERS_DOC, variables).await;
        assert_eq!(local.fields(), remote.as_slice());
        assert_eq!(remote[0].path, ["playerOffers"]);
    }
    // The pager validates before its first request, too.
    let err = client
        .player_offers_pager(
            "p",
            PlayerOffersOptions {
                limit: Some(101),
                ..Default::default()
            },
        )
        .err()
        .unwrap();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);

    let long = "x".repeat(256);
    let local = client.links(&long, &Default::default()).await.unwrap_err();
    let remote = server_fields(
        &client,
        "query($p: String!) { links(player_id: $p) { support_portal } }",
        json!({"p": long}),
    )
    .await;
    assert_eq!(local.fields(), remote.as_slice());
    assert_eq!(remote[0].path, ["links"]);
    assert_eq!(
        remote[0].arguments["player_id"],
        ["The player id field must not be greater than 255 characters."]
    );
}

#[tokio::test]
async fn two_failing_fields_give_two_errors_each_with_its_path() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    let err = client
        .graphql(
            "{ offers(player_id: \"p\", limit: 0) { id } playerOffers(player_id: \"p\", limit: 101) { next_cursor } }",
            None,
        )
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Validation);
    let mut paths: Vec<Vec<String>> = err.fields().iter().map(|f| f.path.clone()).collect();
    paths.sort();
    assert_eq!(
        paths,
        [vec!["offers".to_string()], vec!["playerOffers".to_string()]]
    );
    // Spec item 2: the failing fields are null in `data`, which is an object.
    let data = &err.response().unwrap()["data"];
    assert!(data.is_object() && data["offers"].is_null() && data["playerOffers"].is_null());
    assert!(
        err.message()
            .contains("The limit field must not be greater than 100.")
    );
}

#[tokio::test]
async fn query_errors_are_query_kind_with_null_data() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    let cases = [
        ("{ offers { id } }", "missing required player_id"),
        ("{ offers(player_id: \"p\") { nope } }", "nonexistent field"),
        ("{ offers(player_id: ", "malformed query"),
    ];
    for (document, what) in cases {
        let err = client.graphql(document, None).await.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Query, "{what}: {err}");
        assert!(
            err.response().unwrap()["data"].is_null(),
            "{what}: data is null"
        );
        assert!(!err.message().is_empty());
    }
    // An extra selection naming an unknown field is the service's query error, too.
    let options = OffersOptions {
        select: Some("no_such_field".into()),
        ..Default::default()
    };
    let err = client.offers("p", &options).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Query);
    assert!(err.message().contains("no_such_field"), "{err}");
}

#[tokio::test]
async fn listing_arguments_are_checked_before_sending() {
    let sim = common::sim().await;
    let client = common::client(&sim);
    for (per_page, page, argument) in [
        (None, Some(1), "per_page"),
        (Some(0), None, "per_page"),
        (Some(101), None, "per_page"),
        (Some(10), Some(0), "page"),
    ] {
        let err = client
            .list_offers(ListingOptions { per_page, page })
            .await
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidArgument);
        assert!(err.fields()[0].arguments.contains_key(argument));
    }
    assert!(client.list_offers_pager(0).is_err());
    assert_eq!(sim.stats().requests, 0);
}
