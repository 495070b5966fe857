//! Property tests (the stable-Rust fuzzing of the decoders): arbitrary bytes and arbitrary
//! JSON shaped like service responses never panic, every outcome is a typed error of the
//! expected kinds, and a non-empty `errors` array is never success; the same for the reporting
//! API's envelope (feature `server`). The corpus in
//! `tests/corpus/` replays edge cases found by hand and by `cargo fuzz` (see fuzz/README.md).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

use offerkit::{ErrorKind, decode, jwt_expiry_unix};
use proptest::prelude::*;
use serde_json::{Value, json};

/// Kinds a response body alone may produce.
fn body_kind(kind: ErrorKind) -> bool {
    matches!(
        kind,
        ErrorKind::Decode | ErrorKind::Query | ErrorKind::Validation | ErrorKind::InvalidCursor
    )
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        "[a-z_ ]{0,12}".prop_map(Value::from),
        Just(json!("123456789012")),
    ]
}

/// Any JSON value, nested a little.
fn any_json() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::btree_map(
                prop_oneof![
                    Just("id".to_string()),
                    Just("name".to_string()),
                    Just("message".to_string()),
                    "[a-z_]{1,8}"
                ],
                inner,
                0..5
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Offer-like objects: right or wrong types for the typed fields, plus extras.
fn offer_like() -> impl Strategy<Value = Value> {
    (
        prop_oneof![Just(json!("987654321")), Just(json!(42)), any_json()],
        prop_oneof![Just(json!("Sky Raiders")), any_json()],
        prop_oneof![Just(json!(1.25)), Just(json!("0.50")), any_json()],
        prop_oneof![Just(json!({"name": "n", "description": "d"})), any_json()],
        any_json(),
    )
        .prop_map(|(id, name, payout, creatives, extra)| {
            json!({"id": id, "name": name, "total_payout_usd": payout, "creatives": creatives, "extra_field": extra})
        })
}

/// GraphQL error entries: plain, validation-shaped, cursor-shaped, or junk.
fn error_entry() -> impl Strategy<Value = Value> {
    prop_oneof![
        any_json().prop_map(|m| json!({"message": m})),
        (any_json(), any_json()).prop_map(|(p, v)| json!({"message": "Validation failed", "path": p, "extensions": {"validation": v}})),
        any_json().prop_map(|r| json!({"message": "Invalid cursor.", "path": ["playerOffers"], "extensions": {"reason": r}})),
        any_json(),
    ]
}

fn response_like() -> impl Strategy<Value = Value> {
    (
        prop_oneof![
            Just(Value::Null),
            prop::collection::vec(offer_like(), 0..4).prop_map(|o| json!({"offers": o})),
            any_json().prop_map(|v| json!({"offers": v})),
            any_json(),
        ],
        prop_oneof![
            Just(None::<Value>),
            prop::collection::vec(error_entry(), 0..3).prop_map(|e| Some(Value::from(e))),
            any_json().prop_map(Some),
        ],
    )
        .prop_map(|(data, errors)| match errors {
            None => json!({"data": data}),
            Some(errors) => json!({"data": data, "errors": errors}),
        })
}

/// Whether a sent offer has every spec-typed field usable (the default selection requires all
/// four): an id as text or an integer, a name as text, a finite payout (or a string holding
/// one), and creatives with a text name and description. Written from the rule, not the code.
fn usable(offer: &Value) -> bool {
    let id = offer
        .get("id")
        .is_some_and(|id| id.is_string() || id.is_i64() || id.is_u64());
    let name = offer.get("name").is_some_and(Value::is_string);
    let payout = match offer.get("total_payout_usd") {
        Some(Value::Number(n)) => n.as_f64().is_some_and(f64::is_finite),
        Some(Value::String(s)) => s.trim().parse::<f64>().is_ok_and(f64::is_finite),
        _ => false,
    };
    let creatives = offer.get("creatives").is_some_and(|c| {
        c.get("name").is_some_and(Value::is_string)
            && c.get("description").is_some_and(Value::is_string)
    });
    id && name && payout && creatives
}

fn normalized(offers: &Value) -> Value {
    let mut offers = offers.clone();
    for offer in offers.as_array_mut().into_iter().flatten() {
        if let Some(id) = offer.get("id").filter(|id| id.is_number()) {
            offer["id"] = Value::from(id.to_string());
        }
        // The payout is typed f64: integers and decimal strings come back as floats.
        let payout = offer.get("total_payout_usd").and_then(|p| match p {
            Value::String(text) => text.trim().parse::<f64>().ok(),
            other => other.as_f64(),
        });
        if let Some(payout) = payout {
            offer["total_payout_usd"] = json!(payout);
        }
    }
    offers
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        let failures = [
            decode::offers(&bytes, None).err(),
            decode::links(&bytes).err(),
            decode::player_offers(&bytes).err(),
            decode::graphql_response(&bytes).err(),
            decode::listing(&bytes, true).err(),
        ];
        for err in failures.into_iter().flatten() {
            prop_assert!(body_kind(err.kind()), "{err}");
        }
        let _ = jwt_expiry_unix(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn response_shaped_json_maps_to_typed_outcomes(response in response_like()) {
        let body = serde_json::to_vec(&response).unwrap();
        let has_errors = response.get("errors").and_then(Value::as_array).is_some_and(|e| !e.is_empty());
        match decode::offers(&body, None) {
            Ok(list) => {
                prop_assert!(!has_errors, "errors array treated as success");
                // Exactly the unusable items are skipped, by position; the others re-encode to
                // the objects that were sent, ids as text and decimal strings as numbers.
                // Usability is judged on the offers as sent (a float id is not usable, though
                // it would normalise to text); the kept ones are compared normalised.
                let as_sent = response["data"]["offers"].as_array().unwrap();
                let bad: Vec<usize> = (0..as_sent.len()).filter(|&i| !usable(&as_sent[i])).collect();
                let sent = normalized(&response["data"]["offers"]);
                let sent = sent.as_array().unwrap();
                let skipped: Vec<usize> = list.skipped.iter().map(|s| s.index).collect();
                prop_assert_eq!(&skipped, &bad);
                prop_assert!(bad.len() < sent.len() || sent.is_empty(), "all bad is an error");
                let good: Vec<Value> = (0..sent.len()).filter(|i| !bad.contains(i)).map(|i| sent[i].clone()).collect();
                prop_assert_eq!(serde_json::to_value(&list.offers).unwrap(), Value::from(good));
            }
            Err(err) => prop_assert!(body_kind(err.kind()), "{err}"),
        }
        match decode::graphql_response(&body) {
            Ok(_) => prop_assert!(!has_errors),
            Err(err) => {
                prop_assert!(body_kind(err.kind()), "{err}");
                if err.kind() == ErrorKind::Validation {
                    prop_assert!(!err.fields().is_empty());
                }
            }
        }
    }

    #[test]
    fn jwt_reader_never_panics(header in "[A-Za-z0-9_-]{0,20}", payload in any_json(), sig in "[A-Za-z0-9_.-]{0,20}") {
        use base64::Engine;
        let encoded = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(payload.to_string());
        let token = format!("{header}.{encoded}.{sig}");
        let exp = jwt_expiry_unix(&token);
        if sig.contains('.') {
            prop_assert_eq!(exp, None);
        } else if let Some(n) = payload.get("exp").and_then(Value::as_i64) {
            prop_assert_eq!(exp, Some(n));
        }
    }
}

#[test]
fn corpus_files_decode_to_typed_outcomes() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let expected = path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .split('-')
            .next()
            .unwrap()
            .to_string();
        let outcome = decode::offers(&bytes, None);
        let got = match &outcome {
            Ok(_) => "ok".to_string(),
            Err(e) => e.kind().as_str().to_string(),
        };
        assert_eq!(got, expected, "{}: {outcome:?}", path.display());
        count += 1;
    }
    assert!(count >= 10, "corpus present ({count} files)");
}

/// Report rows: objects with the spec's row fields (right or wrong types) and unknown ones, or
/// anything else.
#[cfg(feature = "server")]
fn report_row_like() -> impl Strategy<Value = Value> {
    let field = prop_oneof![
        Just("app_id".to_string()),
        Just("date".to_string()),
        Just("platform".to_string()),
        Just("country".to_string()),
        Just("cver".to_string()),
        Just("payout".to_string()),
        Just("gross_clicks".to_string()),
        "[a-z_]{1,10}",
    ];
    prop_oneof![
        4 => prop::collection::btree_map(field, any_json(), 0..6)
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        1 => any_json(),
    ]
}

/// What a reporting body must give: this many rows, a decode error, or either.
#[cfg(feature = "server")]
#[derive(Debug, Clone, Copy)]
enum Expect {
    Rows(usize),
    Rejected,
    Any,
}

/// The envelope shapes the reporting decoder accepts, and others.
#[cfg(feature = "server")]
fn report_envelope_like() -> impl Strategy<Value = (Value, Expect)> {
    (
        prop::collection::vec(report_row_like(), 0..5),
        0..6u8,
        any_json(),
    )
        .prop_map(|(rows, shape, other)| {
            let n = rows.len();
            let rows = Value::from(rows);
            match shape {
                0 => (rows, Expect::Rows(n)),
                1 => (json!({ "data": rows }), Expect::Rows(n)),
                2 => (json!({ "data": { "results": rows } }), Expect::Rows(n)),
                3 => (
                    json!({ "data": { "rows": rows }, "meta": other }),
                    Expect::Rows(n),
                ),
                4 => (json!({ "rows": rows }), Expect::Rejected),
                _ => (other, Expect::Any),
            }
        })
}

#[cfg(feature = "server")]
proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn report_bodies_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        if let Err(err) = decode::report_rows(&bytes) {
            prop_assert_eq!(err.kind(), ErrorKind::Decode, "{}", err);
        }
    }

    #[test]
    fn report_envelopes_give_every_row_or_a_decode_error((body, expect) in report_envelope_like()) {
        let bytes = serde_json::to_vec(&body).unwrap();
        match (decode::report_rows(&bytes), expect) {
            // An accepted shape: one row per object sent (a row that is not an object, or has a
            // wrongly typed field, fails the whole body with a decode error instead).
            (Ok(decoded), Expect::Rows(n)) => prop_assert_eq!(decoded.len(), n),
            (Ok(_), Expect::Rejected) => prop_assert!(false, "accepted {}", body),
            (Ok(_), Expect::Any) => prop_assert!(body.is_array() || body.is_object(), "{}", body),
            (Err(err), _) => prop_assert_eq!(err.kind(), ErrorKind::Decode, "{}", err),
        }
    }

    #[test]
    fn report_rows_with_only_unknown_fields_are_kept(rows in prop::collection::vec(
        prop::collection::btree_map("x_[a-z]{1,8}", any_json(), 0..4), 0..5)) {
        let n = rows.len();
        let body = serde_json::to_vec(&json!({ "data": rows })).unwrap();
        // Every field of the row table is optional: unknown fields alone make a row.
        prop_assert_eq!(decode::report_rows(&body).unwrap().len(), n);
    }
}
