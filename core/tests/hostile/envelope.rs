//! 200 answers whose body is not the GraphQL envelope the spec shows: `errors` of the wrong
//! type, `data` of the wrong type, lists holding non-objects, HTML, nothing, text/plain, a BOM.
//! Spec errors item 4: a non-empty `errors` array is never success, whatever `data` holds;
//! anything else that is not the spec's shape is a `decode` error carrying status 200, and one
//! bad item is skipped rather than failing its list.

use offerkit::ErrorKind;

use super::server::{Server, Step, ok, response};
use super::{client, good_offer, offers, offers_body};

async fn answer(body: String) -> offerkit::Result<offerkit::OfferList> {
    let server = Server::always(move || ok(&body)).await;
    offers(&client(&server)).await
}

/// The `data` member variants a sloppy service pairs with its `errors`.
fn data_variants() -> Vec<String> {
    vec![
        String::new(),
        r#","data":null"#.to_owned(),
        format!(r#","data":{{"offers":[{}]}}"#, good_offer("1")),
    ]
}

#[tokio::test]
async fn errors_that_are_not_an_array_are_decode_errors_never_success() {
    for errors in [r#""boom""#, r#"{"message":"boom"}"#, "42", "true"] {
        for data in data_variants() {
            let body = format!(r#"{{"errors":{errors}{data}}}"#);
            let err = answer(body.clone()).await.unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Decode, "{body}: {err}");
            assert_eq!(err.http_status(), Some(200), "{body}");
        }
    }
}

#[tokio::test]
async fn an_errors_array_of_non_objects_is_a_query_error_never_success() {
    for (errors, words) in [
        (r#"["Internal error"]"#, "Internal error"),
        ("[42]", "42"),
        ("[null]", "null"),
        ("[[]]", "[]"),
    ] {
        for data in data_variants() {
            let body = format!(r#"{{"errors":{errors}{data}}}"#);
            let err = answer(body.clone()).await.unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Query, "{body}: {err}");
            assert_eq!(err.http_status(), Some(200), "{body}");
            assert!(err.message().contains(words), "{body}: {err}");
        }
    }
}

#[tokio::test]
async fn an_empty_or_null_errors_member_with_data_is_success() {
    for errors in ["[]", "null"] {
        let body = format!(
            r#"{{"errors":{errors},"data":{{"offers":[{}]}}}}"#,
            good_offer("7")
        );
        let list = answer(body).await.unwrap();
        assert_eq!(list.offers[0].id.as_deref(), Some("7"));
    }
}

#[tokio::test]
async fn data_of_the_wrong_type_is_decode_with_status_200() {
    for body in [
        r#"{"data":"offers"}"#,
        r#"{"data":5}"#,
        r#"{"data":[]}"#,
        r#"{"data":[[]]}"#,
        r#"{"data":true}"#,
        r#"{"data":null}"#,
        r#"{}"#,
        r#"[]"#,
        r#""data""#,
        r#"{"data":{}}"#,
        r#"{"data":{"offers":null}}"#,
        r#"{"data":{"offers":{}}}"#,
        r#"{"data":{"offers":{"0":{"id":"1"}}}}"#,
        r#"{"data":{"offers":"[]"}}"#,
        r#"{"data":{"offers":7}}"#,
    ] {
        let err = answer(body.to_owned()).await.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Decode, "{body}: {err}");
        assert_eq!(err.http_status(), Some(200), "{body}");
    }
}

#[tokio::test]
async fn items_that_are_not_offers_are_skipped_and_the_rest_kept() {
    let items = [
        good_offer("1"),
        "null".to_owned(),
        r#""an offer""#.to_owned(),
        r#"[1,2]"#.to_owned(),
        "42".to_owned(),
        "1e400".to_owned(),
        "true".to_owned(),
        good_offer("8"),
    ]
    .join(",");
    let list = answer(offers_body(&items)).await.unwrap();
    let ids: Vec<&str> = list.offers.iter().filter_map(|o| o.id.as_deref()).collect();
    assert_eq!(ids, ["1", "8"]);
    let skipped: Vec<usize> = list.skipped.iter().map(|s| s.index).collect();
    assert_eq!(skipped, [1, 2, 3, 4, 5, 6]);
    for (at, what) in [(0, "null"), (1, "string"), (2, "array"), (3, "number")] {
        assert!(
            list.skipped[at].reason.contains(what),
            "{}",
            list.skipped[at]
        );
    }
}

#[tokio::test]
async fn a_list_of_nothing_but_bad_items_is_decode_with_status_200() {
    let err = answer(offers_body(r#"null,"x",[],5,1e400"#))
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert_eq!(err.http_status(), Some(200));
    assert!(err.message().contains('5'), "says how many: {err}");
}

#[tokio::test]
async fn an_empty_list_is_success() {
    assert!(answer(offers_body("")).await.unwrap().offers.is_empty());
}

/// A 200 whose body is `body` with `content_type`.
async fn raw_answer(
    content_type: &'static str,
    body: Vec<u8>,
) -> offerkit::Result<offerkit::OfferList> {
    let server = Server::always(move || {
        vec![Step::Send(response(
            200,
            &[("Content-Type", content_type)],
            &body,
        ))]
    })
    .await;
    offers(&client(&server)).await
}

#[tokio::test]
async fn html_and_other_non_json_200_bodies_are_decode_with_status_200() {
    for body in [
        &b"<!DOCTYPE html><html><body>Maintenance</body></html>"[..],
        b"   \r\n  ",
        b"OK",
        b"{\"data\":{\"offers\":[",
        b"{\"data\":{\"offers\":[]}} trailing words",
        b"{\"data\":{\"offers\":[]}}{\"data\":{\"offers\":[]}}",
    ] {
        let err = raw_answer("text/html", body.to_vec()).await.unwrap_err();
        assert_eq!(
            err.kind(),
            ErrorKind::Decode,
            "{}: {err}",
            String::from_utf8_lossy(body)
        );
        assert_eq!(err.http_status(), Some(200));
    }
}

/// The spec asks for JSON bodies but says nothing about the response's `Content-Type`: the
/// body decides, so JSON labelled text/plain (or unlabelled) is read like any other.
#[tokio::test]
async fn json_labelled_text_plain_is_read_by_its_body() {
    for content_type in [
        "text/plain",
        "application/octet-stream",
        "text/html; charset=utf-8",
    ] {
        let list = raw_answer(content_type, offers_body(&good_offer("3")).into_bytes())
            .await
            .unwrap();
        assert_eq!(list.offers[0].id.as_deref(), Some("3"), "{content_type}");
    }
}

/// RFC 8259 §8.1: a parser may ignore a byte order mark; a sloppy gateway adds one.
#[tokio::test]
async fn a_byte_order_mark_before_the_json_is_ignored() {
    let mut body = b"\xEF\xBB\xBF".to_vec();
    body.extend_from_slice(offers_body(&good_offer("4")).as_bytes());
    let list = raw_answer("application/json", body).await.unwrap();
    assert_eq!(list.offers[0].id.as_deref(), Some("4"));
}

#[tokio::test]
async fn links_and_player_offers_of_the_wrong_type_are_decode_with_status_200() {
    use offerkit::{LinksOptions, PlayerOffersOptions};
    for links in [r#""https://x""#, "[]", "null", "5"] {
        let body = format!(r#"{{"data":{{"links":{links}}}}}"#);
        let server = Server::always(move || ok(&body)).await;
        let err = super::bounded(
            super::DEADLINE * 10,
            client(&server).links("player-1", &LinksOptions::default()),
        )
        .await
        .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Decode, "links {links}: {err}");
        assert_eq!(err.http_status(), Some(200));
    }
    for page in [
        "[]",
        "null",
        r#""items""#,
        r#"{"items":{"0":{"id":"1"}},"next_cursor":null}"#,
    ] {
        let body = format!(r#"{{"data":{{"playerOffers":{page}}}}}"#);
        let server = Server::always(move || ok(&body)).await;
        let err = super::bounded(
            super::DEADLINE * 10,
            client(&server).player_offers("player-1", &PlayerOffersOptions::default()),
        )
        .await
        .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Decode, "playerOffers {page}: {err}");
        assert_eq!(err.http_status(), Some(200));
    }
}
