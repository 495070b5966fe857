//! Host-supplied tokens against the simulator's real JWTs: refresh ahead of expiry, one
//! replacement after a 401, a second 401 is final, shared provider calls, 403 for a token
//! without scope, and replacing the token at any time.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use offerkit::{AccessToken, Error, ErrorKind, OfferClient, OffersOptions, TokenReason};
use offerkit_sim::Simulator;

/// A provider that hands out `token` and records every reason it was asked with.
fn recording_provider(
    token: String,
    reasons: Arc<Mutex<Vec<TokenReason>>>,
) -> impl Fn(TokenReason) -> std::future::Ready<offerkit::Result<AccessToken>> + Send + Sync + 'static
{
    move |reason| {
        reasons.lock().unwrap().push(reason);
        std::future::ready(Ok(AccessToken::new(token.clone())))
    }
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

async fn offers(client: &OfferClient) -> offerkit::Result<Vec<offerkit::Offer>> {
    client
        .offers(
            "demo",
            &OffersOptions {
                limit: Some(1),
                ..Default::default()
            },
        )
        .await
}

fn good(sim: &Simulator) -> String {
    sim.issue_token(Duration::from_secs(3600))
}

#[tokio::test]
async fn missing_token_asks_the_provider() {
    let sim = common::sim().await;
    let reasons = Arc::new(Mutex::new(Vec::new()));
    let config =
        common::config(&sim).with_token_provider(recording_provider(good(&sim), reasons.clone()));
    let client = OfferClient::new(config).unwrap();
    offers(&client).await.unwrap();
    offers(&client).await.unwrap();
    assert_eq!(
        *reasons.lock().unwrap(),
        [TokenReason::Missing],
        "the token is reused"
    );
}

#[tokio::test]
async fn token_expiring_within_the_skew_is_refreshed_before_sending() {
    let sim = common::sim().await;
    let reasons = Arc::new(Mutex::new(Vec::new()));
    // 30 s left is inside the default 60 s skew.
    let config = common::config(&sim)
        .with_access_token(sim.issue_token(Duration::from_secs(30)))
        .with_token_provider(recording_provider(good(&sim), reasons.clone()));
    let client = OfferClient::new(config).unwrap();
    offers(&client).await.unwrap();
    assert_eq!(*reasons.lock().unwrap(), [TokenReason::Expiring]);
    assert_eq!(
        sim.stats().graphql,
        1,
        "refreshed ahead, so no 401 round trip"
    );
}

#[tokio::test]
async fn expired_token_without_provider_is_sent_and_rejected() {
    let sim = common::sim().await;
    let config = common::config(&sim).with_access_token(sim.issue_token_expiring_at(now() - 10));
    let client = OfferClient::new(config).unwrap();
    let err = offers(&client).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unauthorized);
    assert_eq!(err.http_status(), Some(401));
    assert!(err.message().contains("Unauthenticated."), "{err}");
}

#[tokio::test]
async fn a_401_asks_once_with_reason_rejected_and_retries() {
    let sim = common::sim().await;
    let reasons = Arc::new(Mutex::new(Vec::new()));
    // An opaque token the client cannot read an expiry from: only the service can reject it.
    let config = common::config(&sim)
        .with_access_token("revoked-token")
        .with_token_provider(recording_provider(good(&sim), reasons.clone()));
    let client = OfferClient::new(config).unwrap();
    assert_eq!(offers(&client).await.unwrap().len(), 1);
    assert_eq!(*reasons.lock().unwrap(), [TokenReason::Rejected]);
    assert_eq!(sim.stats().graphql, 2);
}

#[tokio::test]
async fn a_second_401_is_unauthorized() {
    let sim = common::sim().await;
    let reasons = Arc::new(Mutex::new(Vec::new()));
    let config = common::config(&sim)
        .with_access_token("revoked-token")
        .with_token_provider(recording_provider("also-revoked".into(), reasons.clone()));
    let client = OfferClient::new(config).unwrap();
    let err = offers(&client).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unauthorized);
    assert_eq!(
        *reasons.lock().unwrap(),
        [TokenReason::Rejected],
        "asked once only"
    );
    assert_eq!(sim.stats().graphql, 2, "one retry only");
}

#[tokio::test]
async fn concurrent_requests_share_one_provider_call() {
    let sim = common::sim().await;
    let calls = Arc::new(AtomicUsize::new(0));
    let token = good(&sim);
    let counter = calls.clone();
    let provider = move |_reason: TokenReason| {
        let (counter, token) = (counter.clone(), token.clone());
        async move {
            counter.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(50)).await;
            Ok(AccessToken::new(token))
        }
    };
    let client = OfferClient::new(common::config(&sim).with_token_provider(provider)).unwrap();
    let tasks: Vec<_> = (0..20)
        .map(|_| {
            let client = client.clone();
            tokio::spawn(async move { offers(&client).await })
        })
        .collect();
    for task in tasks {
        task.await.unwrap().unwrap();
    }
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    assert_eq!(sim.stats().graphql, 20);
}

#[tokio::test]
async fn provider_errors_reach_the_caller_typed() {
    let sim = common::sim().await;
    let provider = |_reason: TokenReason| async {
        Err::<AccessToken, _>(Error::new(ErrorKind::Network, "token backend unreachable"))
    };
    let client = OfferClient::new(common::config(&sim).with_token_provider(provider)).unwrap();
    let err = offers(&client).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Network);
    assert!(err.message().contains("token backend unreachable"));
    assert_eq!(sim.stats().requests, 0);
}

#[tokio::test]
async fn token_without_scope_is_forbidden_and_not_refreshed() {
    let sim = common::sim().await;
    let reasons = Arc::new(Mutex::new(Vec::new()));
    let config = common::config(&sim)
        .with_access_token(sim.issue_token_without_scope())
        .with_token_provider(recording_provider(good(&sim), reasons.clone()));
    let client = OfferClient::new(config).unwrap();
    let err = offers(&client).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Forbidden);
    assert_eq!(err.http_status(), Some(403));
    assert!(reasons.lock().unwrap().is_empty());
}

#[tokio::test]
async fn no_token_at_all_is_unauthorized_without_a_request() {
    let sim = common::sim().await;
    let client = OfferClient::new(common::config(&sim)).unwrap();
    assert_eq!(
        offers(&client).await.unwrap_err().kind(),
        ErrorKind::Unauthorized
    );
    assert_eq!(sim.stats().requests, 0);
}

#[tokio::test]
async fn the_token_can_be_replaced_at_any_time() {
    let sim = common::sim().await;
    let client = OfferClient::new(common::config(&sim).with_access_token("bad")).unwrap();
    assert_eq!(
        offers(&client).await.unwrap_err().kind(),
        ErrorKind::Unauthorized
    );
    client.set_access_token(Some(AccessToken::new(good(&sim))));
    assert!(offers(&client).await.is_ok());
    client.set_access_token(None);
    assert_eq!(
        offers(&client).await.unwrap_err().kind(),
        ErrorKind::Unauthorized
    );
}

#[tokio::test]
async fn tokens_never_appear_in_debug_output_or_errors() {
    let sim = common::sim().await;
    let secret = good(&sim);
    let config = common::config(&sim).with_access_token(secret.clone());
    assert!(!format!("{config:?}").contains(&secret));
    let client = OfferClient::new(config).unwrap();
    sim.inject(offerkit_sim::Fault::new(offerkit_sim::FaultKind::Status {
        status: 500,
        retry_after_secs: None,
        body: None,
    }));
    let err = offers(&client).await.unwrap_err();
    assert!(!format!("{err:?} {err}").contains(&secret));
}

#[tokio::test]
async fn a_notified_host_can_answer_a_401_later_from_another_thread() {
    let sim = common::sim().await;
    let good_token = good(&sim);
    let slot: Arc<std::sync::OnceLock<OfferClient>> = Arc::new(std::sync::OnceLock::new());
    let reasons = Arc::new(Mutex::new(Vec::new()));
    let (handle, seen) = (slot.clone(), reasons.clone());
    let mut config = common::config(&sim).with_access_token("revoked-token");
    config.token_needed = Some(Arc::new(move |reason| {
        seen.lock().unwrap().push(reason);
        let (handle, token) = (handle.clone(), good_token.clone());
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            handle
                .get()
                .unwrap()
                .set_access_token(Some(AccessToken::new(token)));
        });
    }));
    let client = OfferClient::new(config).unwrap();
    assert!(slot.set(client.clone()).is_ok());
    assert_eq!(offers(&client).await.unwrap().len(), 1);
    assert_eq!(*reasons.lock().unwrap(), [TokenReason::Rejected]);
}

#[tokio::test]
async fn a_notified_host_can_refuse_and_every_waiting_request_says_why() {
    let sim = common::sim().await;
    let slot: Arc<std::sync::OnceLock<OfferClient>> = Arc::new(std::sync::OnceLock::new());
    let asked = Arc::new(AtomicUsize::new(0));
    let (handle, counter) = (slot.clone(), asked.clone());
    let mut config = common::config(&sim);
    config.token_provider_timeout = Some(Duration::from_secs(60));
    config.token_needed = Some(Arc::new(move |_reason| {
        counter.fetch_add(1, Ordering::SeqCst);
        let handle = handle.clone();
        std::thread::spawn(move || {
            // Long enough for all four requests to be waiting on a loaded machine (one that asks
            // after the refusal asks again).
            std::thread::sleep(Duration::from_millis(200));
            handle
                .get()
                .unwrap()
                .fail_token_request("the game backend returned 503");
        });
    }));
    let client = OfferClient::new(config).unwrap();
    assert!(slot.set(client.clone()).is_ok());
    let started = std::time::Instant::now();
    let calls: Vec<_> = (0..4)
        .map(|_| {
            let client = client.clone();
            tokio::spawn(async move { offers(&client).await })
        })
        .collect();
    for call in calls {
        let err = call.await.unwrap().unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Unauthorized, "{err}");
        assert!(
            err.to_string().contains("the game backend returned 503"),
            "{err}"
        );
    }
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "not the 60 s wait"
    );
    assert_eq!(
        asked.load(Ordering::SeqCst),
        1,
        "one ask for the four requests"
    );
    assert_eq!(sim.stats().requests, 0, "nothing was sent without a token");
}
