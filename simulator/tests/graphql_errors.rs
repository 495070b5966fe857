//! GraphQL error shapes: query errors (`data: null`), resolver validation errors (one per
//! failing field, every failing argument in `extensions.validation`, exact messages), and
//! the schema's names as seen through introspection.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use common::*;
use serde_json::{Value, json};

fn assert_query_error(body: &Value) {
    assert!(
        body.as_object().expect("object").contains_key("data"),
        "data key present: {body}"
    );
    assert_eq!(body["data"], Value::Null, "{body}");
    let errors = body["errors"].as_array().expect("errors");
    assert!(!errors.is_empty());
    for e in errors {
        assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()), "{e}");
        assert!(
            e.get("extensions")
                .and_then(|x| x.get("validation"))
                .is_none(),
            "{e}"
        );
    }
}

#[tokio::test]
async fn unknown_field_is_a_query_error_with_data_null() {
    let sim = start().await;
    let body = gql(&sim, r#"{ offers(player_id: "p1") { id epc } }"#, json!({})).await;
    assert_query_error(&body);
    let message = body["errors"][0]["message"].as_str().unwrap_or_default();
    assert!(message.contains("epc"), "{message}");
    let body = gql(&sim, r#"{ nonsense }"#, json!({})).await;
    assert_query_error(&body);
}

#[tokio::test]
async fn missing_required_argument_is_a_query_error() {
    let sim = start().await;
    let body = gql(&sim, "{ offers { id } }", json!({})).await;
    assert_query_error(&body);
    assert!(
        body["errors"][0]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("player_id")
    );
    let body = gql(
        &sim,
        "query($p: String!) { offers(player_id: $p) { id } }",
        json!({}),
    )
    .await;
    assert_query_error(&body);
}

#[tokio::test]
async fn syntax_error_and_wrong_types_are_query_errors() {
    let sim = start().await;
    assert_query_error(&gql(&sim, "{ offers(player_id: \"p\") { id ", json!({})).await);
    assert_query_error(
        &gql(
            &sim,
            r#"{ offers(player_id: "p", limit: "ten") { id } }"#,
            json!({}),
        )
        .await,
    );
    assert_query_error(
        &gql(
            &sim,
            "query($l: Int) { offers(player_id: \"p\", limit: $l) { id } }",
            json!({"l": "x"}),
        )
        .await,
    );
}

#[tokio::test]
async fn one_error_per_field_with_all_failing_arguments() {
    let sim = start().await;
    let body = gql(
        &sim,
        r#"{ offers(player_id: "", limit: 0, language: "x", sort: "price.up") { id } }"#,
        json!({}),
    )
    .await;
    assert_eq!(body["data"], json!({"offers": null}));
    let errors = body["errors"].as_array().expect("errors");
    assert_eq!(errors.len(), 1, "{body}");
    let e = &errors[0];
    assert_eq!(e["message"], "Validation failed for the field [offers].");
    assert_eq!(e["path"], json!(["offers"]));
    assert_eq!(
        e["extensions"]["validation"],
        json!({
            "player_id": ["The player id field is required."],
            "limit": ["The limit field must be at least 1."],
            "language": ["The language field must be at least 2 characters."],
            "sort": ["The provided sort option (price) is invalid.", "The provided direction (up) is invalid."],
        })
    );
}

#[tokio::test]
async fn two_failing_fields_give_two_errors_with_their_own_paths() {
    let sim = start().await;
    let body = gql(
        &sim,
        r#"{ offers(player_id: "", sort: "epc") { id } links(player_id: "") { offerwall } }"#,
        json!({}),
    )
    .await;
    assert_eq!(body["data"], json!({"offers": null, "links": null}));
    let errors = body["errors"].as_array().expect("errors");
    assert_eq!(errors.len(), 2, "{body}");
    let by_path = |p: &str| {
        errors
            .iter()
            .find(|e| e["path"] == json!([p]))
            .unwrap_or_else(|| panic!("error for {p}: {body}"))
    };
    let offers = by_path("offers");
    assert_eq!(
        offers["message"],
        "Validation failed for the field [offers]."
    );
    assert_eq!(
        offers["extensions"]["validation"],
        json!({
            "player_id": ["The player id field is required."],
            "sort": ["The selected sort is invalid and must be a dot separated string."],
        })
    );
    let links = by_path("links");
    assert_eq!(links["message"], "Validation failed for the field [links].");
    assert_eq!(
        links["extensions"]["validation"],
        json!({"player_id": ["The player id field is required."]})
    );
}

#[tokio::test]
async fn a_failing_field_does_not_null_its_valid_sibling() {
    let sim = start().await;
    let body = gql(
        &sim,
        r#"{ offers(player_id: "p1", limit: 2) { id } links(player_id: "") { offerwall } }"#,
        json!({}),
    )
    .await;
    assert_eq!(body["data"]["offers"].as_array().map(Vec::len), Some(2));
    assert_eq!(body["data"]["links"], Value::Null);
    assert_eq!(body["errors"].as_array().map(Vec::len), Some(1));
}

/// (query, variables, field, argument, message)
fn cases() -> Vec<(
    &'static str,
    Value,
    &'static str,
    &'static str,
    &'static str,
)> {
    let long = "é".repeat(256);
    let p_query = "query($p: String!) { offers(player_id: $p) { id } }";
    vec![
        (
            p_query,
            json!({"p": ""}),
            "offers",
            "player_id",
            "The player id field is required.",
        ),
        (
            p_query,
            json!({"p": long}),
            "offers",
            "player_id",
            "The player id field must not be greater than 255 characters.",
        ),
        (
            "query($p: String!) { links(player_id: $p) { offerwall } }",
            json!({"p": long}),
            "links",
            "player_id",
            "The player id field must not be greater than 255 characters.",
        ),
        (
            "query($p: String!) { playerOffers(player_id: $p) { next_cursor } }",
            json!({"p": long}),
            "playerOffers",
            "player_id",
            "The player id field must not be greater than 255 characters.",
        ),
        (
            "{ playerOffers(player_id: \"\") { next_cursor } }",
            json!({}),
            "playerOffers",
            "player_id",
            "The player id field is required.",
        ),
        (
            "{ offers(player_id: \"p\", limit: 0) { id } }",
            json!({}),
            "offers",
            "limit",
            "The limit field must be at least 1.",
        ),
        (
            "{ offers(player_id: \"p\", limit: -3) { id } }",
            json!({}),
            "offers",
            "limit",
            "The limit field must be at least 1.",
        ),
        (
            "{ playerOffers(player_id: \"p\", limit: 0) { next_cursor } }",
            json!({}),
            "playerOffers",
            "limit",
            "The limit field must be at least 1.",
        ),
        (
            "{ playerOffers(player_id: \"p\", limit: 101) { next_cursor } }",
            json!({}),
            "playerOffers",
            "limit",
            "The limit field must not be greater than 100.",
        ),
        (
            "{ offers(player_id: \"p\", language: \"english\") { id } }",
            json!({}),
            "offers",
            "language",
            "The language field must not be greater than 5 characters.",
        ),
        (
            "{ offers(player_id: \"p\", language: \"e\") { id } }",
            json!({}),
            "offers",
            "language",
            "The language field must be at least 2 characters.",
        ),
        (
            "{ playerOffers(player_id: \"p\", language: \"zh-Hant-HK\") { next_cursor } }",
            json!({}),
            "playerOffers",
            "language",
            "The language field must not be greater than 5 characters.",
        ),
        (
            "{ offers(player_id: \"p\", sort: \"epc\") { id } }",
            json!({}),
            "offers",
            "sort",
            "The selected sort is invalid and must be a dot separated string.",
        ),
        (
            "{ offers(player_id: \"p\", sort: \"price.asc\") { id } }",
            json!({}),
            "offers",
            "sort",
            "The provided sort option (price) is invalid.",
        ),
        (
            "{ offers(player_id: \"p\", sort: \"epc.sideways\") { id } }",
            json!({}),
            "offers",
            "sort",
            "The provided direction (sideways) is invalid.",
        ),
    ]
}

#[tokio::test]
async fn each_validation_message_is_exact() {
    let sim = start().await;
    for (query, vars, field, arg, message) in cases() {
        let body = gql(&sim, query, vars).await;
        assert_eq!(body["data"], json!({ field: null }), "{query}: {body}");
        let errors = body["errors"].as_array().expect("errors");
        assert_eq!(errors.len(), 1, "{query}: {body}");
        assert_eq!(errors[0]["path"], json!([field]));
        assert_eq!(
            errors[0]["message"],
            format!("Validation failed for the field [{field}].")
        );
        assert_eq!(
            errors[0]["extensions"]["validation"],
            json!({ arg: [message] }),
            "{query}"
        );
    }
}

#[tokio::test]
async fn boundaries_are_accepted() {
    let sim = start().await;
    let max_id = "é".repeat(255);
    let body = gql(
        &sim,
        "query($p: String!) { offers(player_id: $p, limit: 1, language: \"zh-TW\", sort: \"epc.asc\") { id } links(player_id: $p) { offerwall } playerOffers(player_id: $p, limit: 100, language: \"de\") { next_cursor } }",
        json!({"p": max_id}),
    )
    .await;
    assert!(body.get("errors").is_none(), "{body}");
    assert_eq!(body["data"]["offers"].as_array().map(Vec::len), Some(1));
    // Case and character conventions are not checked by the service.
    let body = gql(
        &sim,
        r#"{ offers(player_id: "Upper Case.and spaces") { id } }"#,
        json!({}),
    )
    .await;
    assert!(body.get("errors").is_none(), "{body}");
}

#[tokio::test]
async fn introspection_shows_snake_case_names() {
    let sim = start().await;
    let body = gql(
        &sim,
        r#"{ __schema { queryType { fields { name args { name } } } }
             offer: __type(name: "Offer") { fields { name } }
             page: __type(name: "PlayerOffersPage") { fields { name } } }"#,
        json!({}),
    )
    .await;
    let fields = body["data"]["__schema"]["queryType"]["fields"]
        .as_array()
        .expect("fields");
    let names: Vec<&str> = fields.iter().filter_map(|f| f["name"].as_str()).collect();
    assert_eq!(names, ["offers", "links", "playerOffers"]);
    let args = |i: usize| -> Vec<&str> {
        fields[i]["args"]
            .as_array()
            .expect("args")
            .iter()
            .filter_map(|a| a["name"].as_str())
            .collect()
    };
    assert_eq!(args(0), ["player_id", "limit", "language", "sort"]);
    assert_eq!(args(1), ["player_id"]);
    assert_eq!(args(2), ["player_id", "language", "limit", "after"]);
    let offer_fields: Vec<&str> = body["data"]["offer"]["fields"]
        .as_array()
        .expect("offer")
        .iter()
        .filter_map(|f| f["name"].as_str())
        .collect();
    for f in [
        "id",
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
            offer_fields.contains(&f),
            "{f} missing from {offer_fields:?}"
        );
    }
    assert!(!offer_fields.contains(&"epc"));
    let page_fields: Vec<&str> = body["data"]["page"]["fields"]
        .as_array()
        .expect("page")
        .iter()
        .filter_map(|f| f["name"].as_str())
        .collect();
    assert_eq!(page_fields, ["items", "next_cursor"]);
}
