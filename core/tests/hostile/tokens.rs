//! A service that keeps refusing the token: spec step 4 allows one refresh after a 401, so a
//! second 401 is final (`unauthorized`), whatever body the 401 carries.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use offerkit::{AccessToken, ErrorKind, OfferClient, TokenReason};

use super::server::{Server, Step, json, response};
use super::{TOKEN, client, config, offers};

#[tokio::test]
async fn two_401s_refresh_the_token_once_then_unauthorized() {
    let server =
        Server::always(|| vec![Step::Send(json(401, r#"{"message":"Unauthenticated."}"#))]).await;
    let asked = Arc::new(Mutex::new(Vec::new()));
    let reasons = asked.clone();
    let provider = move |reason: TokenReason| {
        reasons.lock().unwrap().push(reason);
        std::future::ready(Ok(AccessToken::new("refreshed-token")))
    };
    let client = OfferClient::new(config(&server).with_token_provider(provider)).unwrap();
    let err = offers(&client).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unauthorized, "{err}");
    assert_eq!(err.http_status(), Some(401));
    assert!(err.message().contains("Unauthenticated."), "{err}");
    assert_eq!(
        *asked.lock().unwrap(),
        [TokenReason::Rejected],
        "one refresh"
    );
    let sent: Vec<Option<String>> = server
        .requests()
        .iter()
        .map(|r| r.header("authorization").map(str::to_owned))
        .collect();
    assert_eq!(
        sent,
        [
            Some(format!("Bearer {TOKEN}")),
            Some("Bearer refreshed-token".to_owned())
        ]
    );
}

#[tokio::test]
async fn a_401_without_a_token_source_is_final_at_once() {
    let server =
        Server::always(|| vec![Step::Send(json(401, r#"{"message":"Unauthenticated."}"#))]).await;
    let err = offers(&client(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unauthorized, "{err}");
    assert_eq!(err.http_status(), Some(401));
    assert_eq!(server.request_count(), 1);
}

#[tokio::test]
async fn a_401_or_403_with_an_html_body_keeps_its_kind() {
    for (status, kind) in [(401, ErrorKind::Unauthorized), (403, ErrorKind::Forbidden)] {
        let server = Server::always(move || {
            vec![Step::Send(response(
                status,
                &[("Content-Type", "text/html")],
                b"<html><body>Access denied</body></html>",
            ))]
        })
        .await;
        let err = offers(&client(&server)).await.unwrap_err();
        assert_eq!(err.kind(), kind, "{status}: {err}");
        assert_eq!(err.http_status(), Some(status));
    }
}

#[tokio::test]
async fn a_provider_whose_token_is_refused_on_every_call_is_asked_once_per_call() {
    let server = Server::always(|| vec![Step::Send(json(401, r#"{"message":"no"}"#))]).await;
    let calls = Arc::new(AtomicUsize::new(0));
    let counter = calls.clone();
    let provider = move |_reason: TokenReason| {
        counter.fetch_add(1, Ordering::SeqCst);
        std::future::ready(Ok(AccessToken::new("refused-too")))
    };
    let client = OfferClient::new(config(&server).with_token_provider(provider)).unwrap();
    for _ in 0..3 {
        assert_eq!(
            offers(&client).await.unwrap_err().kind(),
            ErrorKind::Unauthorized
        );
    }
    assert_eq!(
        calls.load(Ordering::SeqCst),
        3,
        "one refresh per call, no loop"
    );
    assert_eq!(server.request_count(), 6, "two requests per call");
}
