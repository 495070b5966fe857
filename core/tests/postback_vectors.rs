//! Signature vectors for v3 and v2 postbacks, computed outside offerkit (Python's `hmac` and
//! `urllib.parse.quote(s, safe="")`, which is RFC 3986 encoding), and the refusals every
//! receiver relies on: forged, truncated, unsigned, replayed, oversized.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking
#![cfg(feature = "server")]

use offerkit::ErrorKind;
use offerkit::server::postback::{
    ConversionKind, PostbackFormat, PostbackKey, PostbackVerifier, ReplayWindow, sign_v2_url,
    sign_v3,
};

const KEY: &str = "pbk-vectors-7f3a";
const BASE: &str = "https://game.example.com/rewards/postback";
const NOW: i64 = 1_732_406_400;

fn verifier() -> PostbackVerifier {
    PostbackVerifier::new(KEY).unwrap()
}

const BODY_1: &str = r#"{"request_id":"r-1","timestamp":1732406400,"data":{"player_id":"player-1","amount":100,"payout":0.75,"conversion_id":"c-100","offer_id":"9001","offer_name":"Dragon Quest","conversion_type":"reward"}}"#;
const SIG_1: &str = "8dfda9f95423ff949f9ce6be4d778e9d200cffe32e60570388ad2cef0b48724f";
const BODY_2: &str = r#"{"request_id":"r-2","timestamp":1732406400,"data":{"player_id":"pé \u00e9","amount":0,"conversion_id":"c-101","conversion_type":"install"}}"#;
const SIG_2: &str = "eaaf44a165f3ab7ec0ce7395eb8f567bc0fede2bc5c99804b105bb6f7ded202c";

#[test]
fn v3_vectors() {
    let key = PostbackKey::new(KEY);
    assert_eq!(sign_v3(&key, BODY_1.as_bytes()), SIG_1);
    assert_eq!(sign_v3(&key, BODY_2.as_bytes()), SIG_2);
    let c = verifier()
        .verify_v3_at(Some(SIG_1), BODY_1.as_bytes(), NOW)
        .unwrap();
    assert_eq!(
        (
            c.format,
            c.conversion_id.as_str(),
            c.player_id.as_str(),
            c.amount
        ),
        (PostbackFormat::V3, "c-100", "player-1", 100)
    );
    let c = verifier()
        .verify_v3_at(Some(SIG_2), BODY_2.as_bytes(), NOW)
        .unwrap();
    assert_eq!(
        c.player_id, "pé é",
        "JSON escapes decoded, nothing normalised"
    );
    assert_eq!((c.kind, c.amount), (ConversionKind::Install, 0));
}

#[test]
fn v3_forged_truncated_and_unsigned_are_401() {
    let v = verifier();
    let cases: Vec<(Option<String>, Vec<u8>)> = vec![
        (None, BODY_1.into()),
        (Some(String::new()), BODY_1.into()),
        (Some(SIG_1[..63].to_owned()), BODY_1.into()),
        (Some(SIG_2.to_owned()), BODY_1.into()),
        (Some(SIG_1.to_owned()), BODY_1.replace("100", "1000").into()),
        (Some(SIG_1.to_owned()), BODY_1[..BODY_1.len() - 1].into()),
        (Some(SIG_1.to_owned()), format!("{BODY_1}\n").into()),
        (
            Some(sign_v3(&PostbackKey::new("another-key"), BODY_1.as_bytes())),
            BODY_1.into(),
        ),
    ];
    for (signature, body) in cases {
        let err = v
            .verify_v3_at(signature.as_deref(), &body, NOW)
            .unwrap_err();
        assert_eq!(
            (err.kind(), err.http_status()),
            (ErrorKind::Unauthorized, Some(401)),
            "{signature:?}"
        );
    }
}

#[test]
fn v3_signed_but_malformed_is_400_and_oversized_is_413() {
    let key = PostbackKey::new(KEY);
    let body = br#"{"request_id":"r","data":{"amount":5,"conversion_id":"c"}}"#;
    let err = verifier()
        .verify_v3_at(Some(&sign_v3(&key, body)), body, NOW)
        .unwrap_err();
    assert_eq!(
        (err.kind(), err.http_status()),
        (ErrorKind::InvalidArgument, Some(400))
    );
    let small = verifier().with_max_bytes(64);
    let err = small
        .verify_v3_at(Some(SIG_1), BODY_1.as_bytes(), NOW)
        .unwrap_err();
    assert_eq!(err.http_status(), Some(413));
}

#[test]
fn v3_replay_window_when_set() {
    let v =
        verifier().with_replay_window(Some(ReplayWindow::new(std::time::Duration::from_secs(600))));
    assert!(
        v.verify_v3_at(Some(SIG_1), BODY_1.as_bytes(), NOW + 600)
            .is_ok()
    );
    let err = v
        .verify_v3_at(Some(SIG_1), BODY_1.as_bytes(), NOW + 601)
        .unwrap_err();
    assert_eq!(
        (err.kind(), err.http_status()),
        (ErrorKind::Unauthorized, Some(401))
    );
    assert!(err.message().contains("replay window"), "{}", err.message());
    // Without a window (the default) an old postback is still credited — by the ledger, once.
    assert!(
        verifier()
            .verify_v3_at(Some(SIG_1), BODY_1.as_bytes(), NOW + 86_400 * 30)
            .is_ok()
    );
}

/// Canonical URLs and their verifiers (Python: quote(value, safe="") per pair).
const V2: [(&str, &str); 3] = [
    (
        "player_id=player-1&amount=100&payout=0.75&transaction_id=t-1&request_id=r-1",
        "dd2f0f4f8e176525ca862486ca05fb830f200ea1fb5d1fe3f23ace16d94d59cb",
    ),
    (
        "player_id=Player%20One&amount=5&transaction_id=t%202%2Bx&offer_name=Caf%C3%A9%20%C3%BCber%20%F0%9F%98%80&empty=",
        "cc6da11030c84a77cead70c44e247c8f8c03045e4c697bf970ff812a9e2dc07a",
    ),
    (
        "transaction_id=t-3&amount=7&player_id=a%2Fb%3Fc%3Dd%26e",
        "3be366620c74a7ab3efb4cbfd3c6f8cef5e002f4ceaefcfad19cb46cf815cf79",
    ),
];

#[test]
fn v2_vectors() {
    let key = PostbackKey::new(KEY);
    for (query, verifier_hex) in V2 {
        let url = format!("{BASE}?{query}");
        assert_eq!(
            sign_v2_url(&key, &url),
            format!("{url}&verifier={verifier_hex}")
        );
        let received = format!("{query}&verifier={verifier_hex}");
        assert!(
            verifier().verify_v2_at(&[BASE], &received, NOW).is_ok(),
            "{query}"
        );
    }
    let c = verifier()
        .verify_v2_at(&[BASE], &format!("{}&verifier={}", V2[1].0, V2[1].1), NOW)
        .unwrap();
    assert_eq!(c.player_id, "Player One");
    assert_eq!(c.conversion_id, "t 2+x");
    assert_eq!(c.offer_name.as_deref(), Some("Café über 😀"));
    assert_eq!(c.extra["empty"], "");
    let c = verifier()
        .verify_v2_at(&[BASE], &format!("{}&verifier={}", V2[2].0, V2[2].1), NOW)
        .unwrap();
    assert_eq!(c.player_id, "a/b?c=d&e");
}

#[test]
fn v2_equivalent_encodings_verify_and_reordering_does_not() {
    let (query, hex) = V2[1];
    let accepted = [
        // the verifier anywhere
        format!("verifier={hex}&{query}"),
        // lowercase hex escapes and an escaped unreserved byte, as a proxy might write them
        format!(
            "{}&verifier={hex}",
            query
                .replace("%C3%A9", "%c3%a9")
                .replace("amount=5", "amount=%35")
        ),
        // raw UTF-8 left unescaped by a lenient client
        format!("{}&verifier={hex}", query.replace("Caf%C3%A9", "Café")),
        // an uppercase verifier
        format!("{query}&verifier={}", hex.to_uppercase()),
    ];
    for received in &accepted {
        assert!(
            verifier().verify_v2_at(&[BASE], received, NOW).is_ok(),
            "{received}"
        );
    }
    let refused = [
        // parameter order is signed
        format!(
            "amount=5&player_id=Player%20One&transaction_id=t%202%2Bx&offer_name=Caf%C3%A9%20%C3%BCber%20%F0%9F%98%80&empty=&verifier={hex}"
        ),
        // `+` is a plus sign, not a space: "Player+One" is another player
        format!(
            "{}&verifier={hex}",
            query.replace("Player%20One", "Player+One")
        ),
        // an empty value dropped
        format!("{}&verifier={hex}", query.replace("&empty=", "")),
        // another amount
        format!("{}&verifier={hex}", query.replace("amount=5", "amount=50")),
        // truncated or missing verifier, two verifiers
        format!("{query}&verifier={}", &hex[..60]),
        query.to_owned(),
        format!("{query}&verifier={hex}&verifier={hex}"),
    ];
    for received in &refused {
        let err = verifier().verify_v2_at(&[BASE], received, NOW).unwrap_err();
        assert_eq!(
            (err.kind(), err.http_status()),
            (ErrorKind::Unauthorized, Some(401)),
            "{received}"
        );
    }
    // Another registered URL is another signed text.
    let err = verifier()
        .verify_v2_at(
            &["https://game.example.com/other"],
            &format!("{query}&verifier={hex}"),
            NOW,
        )
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unauthorized);
}

#[test]
fn v2_verbatim_form_for_form_encoding_senders() {
    // Signed as sent, with `+` for the space (Python: hmac over the URL text as is).
    let query = "player_id=Player+One&amount=5&transaction_id=t-4";
    let hex = "4dbce5406ed489dcaf3720309d65fdb9964e0b8a28536248eaad0547e0ed93eb";
    let c = verifier()
        .verify_v2_at(&[BASE], &format!("{query}&verifier={hex}"), NOW)
        .unwrap();
    assert_eq!(
        c.player_id, "Player+One",
        "credited exactly as sent: + is not decoded"
    );
}

#[test]
fn v2_replay_window_applies_when_the_url_has_a_timestamp() {
    let query = "player_id=p&amount=1&transaction_id=t-5&timestamp=1732406400";
    let hex = "b24a4c4f606c20a7ba3ec2ca2d023842f10fcaad50774a4fb11b418de9bf7d80";
    let received = format!("{query}&verifier={hex}");
    let v =
        verifier().with_replay_window(Some(ReplayWindow::new(std::time::Duration::from_secs(60))));
    assert!(v.verify_v2_at(&[BASE], &received, NOW + 60).is_ok());
    let err = v.verify_v2_at(&[BASE], &received, NOW + 61).unwrap_err();
    assert_eq!(err.http_status(), Some(401));
    // The v2 format has no timestamp of its own: without one the window does not apply.
    let (q1, h1) = V2[0];
    assert!(
        v.verify_v2_at(&[BASE], &format!("{q1}&verifier={h1}"), NOW + 86_400)
            .is_ok()
    );
}

#[test]
fn empty_key_is_refused_and_debug_hides_the_key() {
    assert_eq!(
        PostbackVerifier::new("").unwrap_err().kind(),
        ErrorKind::InvalidArgument
    );
    let shown = format!("{:?}", verifier());
    assert!(!shown.contains(KEY), "{shown}");
}

mod properties {
    use super::*;
    use offerkit::server::postback::canonical;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

        /// Any query: no panic, and the canonical form is a fixed point (canonicalising it
        /// again changes nothing), so two hops of re-encoding sign the same text.
        #[test]
        fn canonical_form_is_stable(query in "[a-zA-Z0-9%&=+ ._~/?#é😀-]{0,60}") {
            let once = canonical::canonical(BASE, &query);
            let rest = once.strip_prefix(BASE).unwrap_or_default().trim_start_matches('?');
            prop_assert_eq!(canonical::canonical(BASE, rest), once.clone());
            let _ = verifier().verify_v2_at(&[BASE], &query, NOW);
        }

        /// Any bytes as a v3 body, signed or not: a typed answer, never a panic.
        #[test]
        fn any_v3_body_gets_an_answer(body in proptest::collection::vec(any::<u8>(), 0..300), sign in any::<bool>()) {
            let signature = sign.then(|| sign_v3(&PostbackKey::new(KEY), &body));
            match verifier().verify_v3_at(signature.as_deref(), &body, NOW) {
                Ok(c) => prop_assert!(!c.player_id.is_empty() && !c.conversion_id.is_empty()),
                Err(e) => prop_assert!(e.http_status().is_some()),
            }
        }
    }
}
