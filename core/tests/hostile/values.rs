//! Values inside a well-formed envelope that a parser may choke on: nesting 10,000 levels deep
//! (in an offer's untyped field, in `errors[].extensions`, in `links`), odd and repeated keys,
//! numbers no float holds, lone surrogates and invalid UTF-8. What the spec types must still be
//! read (or the one item skipped); what it does not type is kept as sent; text that is not
//! JSON at all is a `decode` error with status 200. Never a panic or a stack overflow.

use offerkit::{ErrorKind, LinksOptions, PlayerOffersOptions};
use serde_json::{Value, json};

use super::server::{Server, Step, ok, response};
use super::{DEADLINE, bounded, client, good_offer, offers, offers_body};

const DEPTH: usize = 10_000;

fn deep_array() -> String {
    format!("{}{}", "[".repeat(DEPTH), "]".repeat(DEPTH))
}

fn deep_object() -> String {
    format!("{}1{}", r#"{"a":"#.repeat(DEPTH), "}".repeat(DEPTH))
}

async fn serving(body: String) -> Server {
    Server::always(move || ok(&body)).await
}

#[tokio::test]
async fn nesting_10000_deep_in_an_untyped_field_keeps_the_offer() {
    for deep in [deep_array(), deep_object()] {
        let item = format!(
            r#"{{"id":"1","name":"n","total_payout_usd":2.5,"creatives":{{"name":"c","description":"d","x_deep":{deep}}},"x_deep":{deep}}}"#
        );
        let server = serving(offers_body(&format!("{item},{}", good_offer("2")))).await;
        let list = offers(&client(&server)).await.unwrap();
        assert!(list.skipped.is_empty(), "{:?}", list.skipped);
        let offer = &list.offers[0];
        assert_eq!(offer.name.as_deref(), Some("n"));
        assert_eq!(offer.total_payout_usd, Some(2.5));
        assert_eq!(offer.field("creatives.name"), Some(json!("c")));
        assert_eq!(
            offer.field("x_deep"),
            None,
            "too deep to hand out as a value"
        );
        let text = serde_json::to_string(offer).unwrap();
        assert!(text.contains(&deep), "kept as sent");
        assert_eq!(list.offers[1].id.as_deref(), Some("2"));
    }
}

#[tokio::test]
async fn nesting_10000_deep_in_a_typed_field_skips_only_that_item() {
    let item = format!(
        r#"{{"id":"1","name":{},"total_payout_usd":1,"creatives":{{"name":"c","description":"d"}}}}"#,
        deep_array()
    );
    let server = serving(offers_body(&format!("{item},{}", good_offer("2")))).await;
    let list = offers(&client(&server)).await.unwrap();
    assert_eq!(list.offers.len(), 1);
    assert_eq!(list.skipped.len(), 1);
    assert_eq!(list.skipped[0].index, 0);
    assert_eq!(list.skipped[0].id.as_deref(), Some("1"));
    assert!(
        list.skipped[0].reason.contains("name"),
        "{}",
        list.skipped[0]
    );
}

#[tokio::test]
async fn nesting_10000_deep_in_error_extensions_still_maps_the_errors() {
    let body = format!(
        r#"{{"errors":[{{"message":"Cannot query field \"nope\" on type \"Offer\".","extensions":{{"trace":{}}}}}],"data":null}}"#,
        deep_array()
    );
    let err = offers(&client(&serving(body).await)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Query, "{err}");
    assert_eq!(err.http_status(), Some(200));
    assert!(err.message().contains("Cannot query field"), "{err}");

    // A validation error whose extensions also carry something deep keeps its fields.
    let body = format!(
        r#"{{"data":{{"offers":null}},"errors":[{{"message":"Validation failed for the field [offers].","path":["offers"],"extensions":{{"validation":{{"limit":["The limit field must be at least 1."]}},"debug":{}}}}}]}}"#,
        deep_object()
    );
    let err = offers(&client(&serving(body).await)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Validation, "{err}");
    assert_eq!(err.fields().len(), 1);
    assert_eq!(err.fields()[0].path, ["offers"]);
    assert_eq!(
        err.fields()[0].arguments["limit"],
        ["The limit field must be at least 1."]
    );
}

#[tokio::test]
async fn numbers_no_float_holds_in_error_extensions_still_map_the_errors() {
    let body = r#"{"errors":[{"message":"boom","extensions":{"code":1e400,"id":123456789012345678901234567890}}],"data":null}"#;
    let err = offers(&client(&serving(body.to_owned()).await))
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Query, "{err}");
    assert!(err.message().contains("boom"), "{err}");
}

/// GraphQL responses may carry a top-level `extensions` member; the spec shows none, so
/// whatever it holds is not read.
#[tokio::test]
async fn a_top_level_extensions_member_nested_10000_deep_is_ignored() {
    let body = format!(
        r#"{{"data":{{"offers":[{}]}},"extensions":{{"tracing":{}}}}}"#,
        good_offer("5"),
        deep_object()
    );
    let list = offers(&client(&serving(body).await)).await.unwrap();
    assert_eq!(list.offers[0].id.as_deref(), Some("5"));
}

#[tokio::test]
async fn nesting_10000_deep_in_links_keeps_every_field() {
    let deep = deep_array();
    let body = format!(
        r#"{{"data":{{"links":{{"support_portal":"https://support.example/p","x_deep":{deep}}}}}}}"#
    );
    let links = bounded(
        DEADLINE * 10,
        client(&serving(body).await).links("player-1", &LinksOptions::default()),
    )
    .await
    .unwrap();
    assert_eq!(
        links.get("support_portal"),
        Some(json!("https://support.example/p"))
    );
    assert_eq!(links.get("x_deep"), None);
    assert!(links.to_json().contains(&deep));
}

#[tokio::test]
async fn nesting_10000_deep_in_a_player_offer_keeps_the_item() {
    let body = format!(
        r#"{{"data":{{"playerOffers":{{"items":[{{"id":"9","status":"completed","x_deep":{}}}],"next_cursor":null}}}}}}"#,
        deep_object()
    );
    let page = bounded(
        DEADLINE * 10,
        client(&serving(body).await).player_offers("player-1", &PlayerOffersOptions::default()),
    )
    .await
    .unwrap();
    assert_eq!(page.items.len(), 1);
    assert_eq!(page.items[0].id.as_deref(), Some("9"));
    assert_eq!(page.items[0].status.as_deref(), Some("completed"));
}

#[tokio::test]
async fn raw_graphql_data_nested_10000_deep_comes_back_as_sent() {
    let data = format!(r#"{{"offers":{}}}"#, deep_array());
    let body = format!(r#"{{"data":{data}}}"#);
    let response = bounded(
        DEADLINE * 10,
        client(&serving(body).await).graphql("{ offers(player_id: \"p\") { id } }", None),
    )
    .await
    .unwrap();
    assert_eq!(
        response.data_json(),
        data,
        "a raw call hands back what was sent"
    );
    // Only parsing it into a tree meets serde_json's depth limit, as a decode error.
    assert_eq!(response.data_value().unwrap_err().kind(), ErrorKind::Decode);
}

#[tokio::test]
async fn raw_graphql_numbers_come_back_as_written() {
    let data = r#"{"offers":[{"id":12345678901234567890123,"p":1e400,"q":0.10000000000000000000001,"r":-0}]}"#;
    let body = format!(r#"{{"data":{data}}}"#);
    let response = bounded(
        DEADLINE * 10,
        client(&serving(body).await).graphql("{ offers(player_id: \"p\") { id } }", None),
    )
    .await
    .unwrap();
    assert_eq!(response.data_json(), data);
}

#[tokio::test]
async fn raw_graphql_data_that_is_not_an_object_is_decode() {
    for data in ["[]", "5", r#""text""#, "true"] {
        let body = format!(r#"{{"data":{data}}}"#);
        let err = bounded(
            DEADLINE * 10,
            client(&serving(body).await).graphql("{ offers(player_id: \"p\") { id } }", None),
        )
        .await
        .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Decode, "{data}: {err}");
        assert_eq!(err.http_status(), Some(200));
    }
}

#[tokio::test]
async fn a_whole_body_nested_10000_deep_is_decode() {
    let err = offers(&client(&serving(deep_array()).await))
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert_eq!(err.http_status(), Some(200));
}

#[tokio::test]
async fn empty_escaped_and_repeated_keys_are_read_like_json_parsers_do() {
    let item = r#"{"id":"1","name":"first","name":"second","total_payout_usd":1,
        "creatives":{"name":"c","description":"d"},
        "":"empty key","a.b":"dotted","q\"u\\o\u00e9\ud83d\ude00":"escaped",
        "dup":1,"dup":2,"x_nul":"a\u0000b"}"#;
    let list = offers(&client(&serving(offers_body(item)).await))
        .await
        .unwrap();
    let offer = &list.offers[0];
    assert_eq!(
        offer.name.as_deref(),
        Some("second"),
        "the last of a repeated key"
    );
    assert_eq!(offer.extra.get(""), Some(json!("empty key")));
    assert_eq!(offer.extra.get("a.b"), Some(json!("dotted")));
    assert_eq!(offer.extra.get("q\"u\\oé😀"), Some(json!("escaped")));
    assert_eq!(offer.extra.get("dup"), Some(json!(2)));
    assert_eq!(offer.extra.get("x_nul"), Some(json!("a\u{0}b")));
    let again: Value = serde_json::from_str(&serde_json::to_string(offer).unwrap()).unwrap();
    assert_eq!(
        again["q\"u\\oé😀"],
        json!("escaped"),
        "serializes back to JSON"
    );
    assert_eq!(again[""], json!("empty key"));
}

#[tokio::test]
async fn a_lone_surrogate_skips_a_typed_field_s_item_and_is_kept_elsewhere() {
    let bad_name = r#"{"id":"1","name":"\ud800","total_payout_usd":1,"creatives":{"name":"c","description":"d"}}"#;
    let bad_extra = r#"{"id":"2","name":"n","total_payout_usd":1,"creatives":{"name":"c","description":"d"},"x":"\udfff"}"#;
    let list = offers(&client(
        &serving(offers_body(&format!("{bad_name},{bad_extra}"))).await,
    ))
    .await
    .unwrap();
    assert_eq!(list.skipped.len(), 1);
    assert_eq!(list.skipped[0].index, 0);
    assert_eq!(list.offers.len(), 1);
    assert_eq!(list.offers[0].id.as_deref(), Some("2"));
    assert!(
        serde_json::to_string(&list.offers[0])
            .unwrap()
            .contains(r"\udfff")
    );
}

#[tokio::test]
async fn huge_numbers_skip_typed_fields_and_are_kept_in_untyped_ones() {
    let big = "123456789012345678901234567890";
    let items = [
        // Not a finite number: the payout is unusable, the item skipped.
        r#"{"id":"1","name":"n","total_payout_usd":1e400,"creatives":{"name":"c","description":"d"}}"#.to_owned(),
        // An id no integer type holds: skipped.
        format!(r#"{{"id":{big},"name":"n","total_payout_usd":1,"creatives":{{"name":"c","description":"d"}}}}"#),
        // A payout integer larger than 64 bits is still a finite decimal.
        format!(r#"{{"id":"3","name":"n","total_payout_usd":{big},"creatives":{{"name":"c","description":"d"}}}}"#),
        // Untyped: kept as sent.
        format!(r#"{{"id":"4","name":"n","total_payout_usd":1,"creatives":{{"name":"c","description":"d"}},"x_huge":1e400,"x_big":{big},"x_tiny":1e-400}}"#),
    ]
    .join(",");
    let list = offers(&client(&serving(offers_body(&items)).await))
        .await
        .unwrap();
    let skipped: Vec<(usize, &str)> = list
        .skipped
        .iter()
        .map(|s| (s.index, s.reason.as_str()))
        .collect();
    assert_eq!(skipped.len(), 2, "{skipped:?}");
    assert_eq!(skipped[0].0, 0);
    assert!(skipped[0].1.contains("total_payout_usd"), "{skipped:?}");
    assert_eq!(skipped[1].0, 1);
    assert!(skipped[1].1.contains("id"), "{skipped:?}");
    let ids: Vec<&str> = list.offers.iter().filter_map(|o| o.id.as_deref()).collect();
    assert_eq!(ids, ["3", "4"]);
    assert_eq!(
        list.offers[0].total_payout_usd,
        Some(big.parse::<f64>().unwrap())
    );
    let text = serde_json::to_string(&list.offers[1]).unwrap();
    assert!(text.contains("\"x_huge\":1e400"), "{text}");
    assert!(text.contains(&format!("\"x_big\":{big}")), "{text}");
}

#[tokio::test]
async fn invalid_utf8_in_a_string_is_decode_with_status_200() {
    for (name, body) in [
        (
            "in an offer's name",
            format!(
                r#"{{"data":{{"offers":[{{"id":"1","name":"caf{}","total_payout_usd":1}}]}}}}"#,
                "\u{FFFD}"
            ),
        ),
        (
            "in an untyped field",
            format!(
                r#"{{"data":{{"offers":[{},{{"id":"2","x":"{}"}}]}}}}"#,
                good_offer("1"),
                "\u{FFFD}"
            ),
        ),
        (
            "in an error message",
            format!(
                r#"{{"errors":[{{"message":"bad {}"}}],"data":null}}"#,
                "\u{FFFD}"
            ),
        ),
    ] {
        // Replace the placeholder with bytes that are not UTF-8 (a lone continuation byte
        // and a truncated sequence).
        let bytes: Vec<u8> = body
            .replace('\u{FFFD}', "\u{1}")
            .into_bytes()
            .into_iter()
            .flat_map(|b| {
                if b == 1 {
                    vec![0x80, 0xE2, 0x82]
                } else {
                    vec![b]
                }
            })
            .collect();
        assert!(std::str::from_utf8(&bytes).is_err());
        let server = Server::always(move || {
            vec![Step::Send(response(
                200,
                &[("Content-Type", "application/json")],
                &bytes,
            ))]
        })
        .await;
        let err = offers(&client(&server)).await.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Decode, "{name}: {err}");
        assert_eq!(err.http_status(), Some(200), "{name}");
    }
}

#[tokio::test]
async fn typed_fields_the_selection_left_out_but_the_service_sent_are_shown() {
    // Selected: `id` only. Sent: all four typed fields, one of them unusable.
    let item = r#"{"id":"1","name":"sent anyway","total_payout_usd":2.5,"creatives":{"name":"c","description":"d"}},
        {"id":"2","name":5,"total_payout_usd":"lots"}"#;
    let server = serving(offers_body(item)).await;
    let options = offerkit::OffersOptions {
        selection: Some("id".into()),
        ..Default::default()
    };
    let list = bounded(
        DEADLINE * 10,
        client(&server).offers_fetched("player-1", &options),
    )
    .await
    .unwrap()
    .value;
    assert!(
        list.skipped.is_empty(),
        "not selected: not required, never skipped"
    );
    let first = &list.offers[0];
    assert_eq!(first.name.as_deref(), Some("sent anyway"));
    assert_eq!(first.total_payout_usd, Some(2.5));
    assert_eq!(
        first.creatives.as_ref().and_then(|c| c.name.as_deref()),
        Some("c")
    );
    // Unusable and not required: absent as a typed field, kept as sent in `extra`.
    let second = &list.offers[1];
    assert_eq!(
        (second.name.as_deref(), second.total_payout_usd),
        (None, None)
    );
    assert_eq!(second.extra.get("name"), Some(json!(5)));
}
