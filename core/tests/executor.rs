//! The executor seam from the other side: executors that misbehave the ways a host's HTTP stack
//! can (never answers, answers too much, fails each way, is cancelled), and what offerkit asks
//! of every executor (the headers it sends, the settings it refuses with one). The same suite
//! over real HTTP through a second stack is the `OFFERKIT_TEST_EXECUTOR=conn` run of every
//! other test file (see common/host_executor.rs).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use offerkit::{
    BoxFuture, ClientConfig, ErrorKind, HttpExecutor, HttpFailure, HttpFailureKind, HttpRequest,
    HttpResponse, Method, OfferClient, OffersOptions, Proxy, RetryPolicy,
};

/// What a scripted executor does with each attempt.
#[derive(Clone)]
enum Answer {
    /// Never answers (the future stays pending until dropped).
    Hang,
    Fail(HttpFailureKind, Option<u16>),
    Respond(u16, Vec<(&'static str, &'static str)>, &'static [u8]),
    /// Answers with a body of this many bytes.
    Big(u16, usize),
}

/// An executor that records every request, answers with `answer`, and counts how many of its
/// futures were dropped before they finished (cancelled).
struct Scripted {
    answer: Answer,
    seen: Arc<Mutex<Vec<HttpRequest>>>,
    dropped: Arc<AtomicUsize>,
}

/// Counts a drop of the future that holds it unless `finished` was called first.
struct DropCount {
    dropped: Arc<AtomicUsize>,
    finished: bool,
}

impl DropCount {
    fn finished(&mut self) {
        self.finished = true;
    }
}

impl Drop for DropCount {
    fn drop(&mut self) {
        if !self.finished {
            self.dropped.fetch_add(1, Ordering::SeqCst);
        }
    }
}

impl HttpExecutor for Scripted {
    fn execute(
        &self,
        request: HttpRequest,
    ) -> BoxFuture<'static, Result<HttpResponse, HttpFailure>> {
        self.seen.lock().unwrap().push(request);
        let answer = self.answer.clone();
        let dropped = self.dropped.clone();
        Box::pin(async move {
            let mut guard = DropCount {
                dropped,
                finished: false,
            };
            let outcome = match answer {
                Answer::Hang => std::future::pending().await,
                Answer::Fail(kind, status) => {
                    let failure = HttpFailure::new(kind, "the host's stack said no");
                    Err(match status {
                        Some(status) => failure.with_status(status),
                        None => failure,
                    })
                }
                Answer::Respond(status, headers, body) => Ok(HttpResponse {
                    status,
                    headers: headers
                        .into_iter()
                        .map(|(n, v)| (n.to_owned(), v.to_owned()))
                        .collect(),
                    body: Bytes::from_static(body),
                }),
                Answer::Big(status, len) => Ok(HttpResponse {
                    status,
                    headers: Vec::new(),
                    body: Bytes::from(vec![b' '; len]),
                }),
            };
            guard.finished();
            outcome
        })
    }
}

struct Harness {
    client: OfferClient,
    seen: Arc<Mutex<Vec<HttpRequest>>>,
    dropped: Arc<AtomicUsize>,
}

fn harness(answer: Answer, edit: impl FnOnce(&mut ClientConfig)) -> Harness {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let dropped = Arc::new(AtomicUsize::new(0));
    let mut config = ClientConfig::new("https://offers.example.com/api")
        .with_access_token("executor-token")
        .with_retry(RetryPolicy {
            max_retries: 2,
            initial_backoff: Duration::from_millis(5),
            max_backoff: Duration::from_millis(10),
            ..RetryPolicy::default()
        })
        .with_executor(Scripted {
            answer,
            seen: seen.clone(),
            dropped: dropped.clone(),
        });
    edit(&mut config);
    Harness {
        client: OfferClient::new(config).unwrap(),
        seen,
        dropped,
    }
}

async fn offers(client: &OfferClient) -> offerkit::Result<Vec<offerkit::Offer>> {
    // Bounded: a hang fails the test instead of stalling the suite.
    tokio::time::timeout(
        Duration::from_secs(30),
        client.offers("demo", &OffersOptions::default()),
    )
    .await
    .expect("the call ends")
}

const OFFERS: &[u8] =
    br#"{"data":{"offers":[{"id":"o-1","name":"Spin","total_payout_usd":1.5,"creatives":{"name":"Spin","description":"Spin the wheel"}}]}}"#;

#[tokio::test]
async fn the_request_carries_exactly_what_the_contract_says() {
    let h = harness(
        Answer::Respond(200, vec![("Content-Type", "application/json")], OFFERS),
        |_| {},
    );
    let offers = offers(&h.client).await.unwrap();
    assert_eq!(offers.len(), 1);
    assert_eq!(offers[0].id.as_deref(), Some("o-1"));
    let seen = h.seen.lock().unwrap();
    assert_eq!(seen.len(), 1);
    let request = &seen[0];
    assert_eq!(request.method, Method::Post);
    assert_eq!(request.url, "https://offers.example.com/api/v1/offers");
    assert_eq!(
        request.header("authorization"),
        Some("Bearer executor-token")
    );
    assert_eq!(request.header("accept"), Some("application/json"));
    assert_eq!(request.header("content-type"), Some("application/json"));
    assert!(
        request
            .header("user-agent")
            .unwrap()
            .starts_with("offerkit/")
    );
    assert_eq!(request.header("accept-encoding"), None);
    assert_eq!(request.timeout, offerkit::DEFAULT_TIMEOUT);
    assert_eq!(request.max_response_bytes, offerkit::DEFAULT_MAX_BODY_BYTES);
    let body: serde_json::Value = serde_json::from_slice(request.body.as_ref().unwrap()).unwrap();
    assert_eq!(body["variables"]["player_id"], "demo");
    assert!(body["query"].as_str().unwrap().contains("offers"));
}

#[tokio::test]
async fn an_executor_that_never_answers_costs_the_attempt_timeout_then_retries() {
    let h = harness(Answer::Hang, |c| {
        c.timeout = Duration::from_millis(100);
        c.deadline = Duration::from_secs(10);
    });
    let err = offers(&h.client).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Timeout, "{err}");
    assert!(err.message().contains("0.1 s"), "{err}");
    // One attempt and two retries, each ended (its future dropped) by offerkit's own bound.
    assert_eq!(h.seen.lock().unwrap().len(), 3);
    assert_eq!(h.dropped.load(Ordering::SeqCst), 3);
}

#[tokio::test]
async fn the_deadline_bounds_an_executor_that_never_answers() {
    let h = harness(Answer::Hang, |c| {
        c.timeout = Duration::from_secs(60);
        c.deadline = Duration::from_millis(200);
    });
    let err = offers(&h.client).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Timeout, "{err}");
    let seen = h.seen.lock().unwrap();
    assert_eq!(seen.len(), 1);
    // The attempt was offered no more than what remained of the deadline.
    assert!(
        seen[0].timeout <= Duration::from_millis(200),
        "{:?}",
        seen[0].timeout
    );
    assert_eq!(h.dropped.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn failure_kinds_map_to_error_kinds_and_keep_the_status() {
    for (kind, status, expected, retried) in [
        (HttpFailureKind::Network, None, ErrorKind::Network, true),
        (HttpFailureKind::Timeout, None, ErrorKind::Timeout, true),
        (
            HttpFailureKind::Network,
            Some(200),
            ErrorKind::Network,
            true,
        ),
        (
            HttpFailureKind::TooLarge,
            Some(200),
            ErrorKind::Decode,
            false,
        ),
        // Before any status: none is made up (it was reported as 0).
        (HttpFailureKind::TooLarge, None, ErrorKind::Decode, false),
    ] {
        let h = harness(Answer::Fail(kind, status), |_| {});
        let err = offers(&h.client).await.unwrap_err();
        assert_eq!(err.kind(), expected, "{kind:?}: {err}");
        assert_eq!(err.http_status(), status, "{kind:?}: {err}");
        let attempts = h.seen.lock().unwrap().len();
        assert_eq!(attempts, if retried { 3 } else { 1 }, "{kind:?}");
        // The stack's own words are shown for every kind; a too-large body's name the limit too.
        assert!(err.message().contains("the host's stack said no"), "{err}");
        if kind == HttpFailureKind::TooLarge {
            assert!(err.message().contains("byte limit"), "{err}");
        }
    }
}

#[tokio::test]
async fn a_failure_status_no_response_has_is_no_status() {
    for bad in [0, 99, 600, 999] {
        let h = harness(Answer::Fail(HttpFailureKind::Network, Some(bad)), |_| {});
        let err = offers(&h.client).await.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Network, "{bad}: {err}");
        assert_eq!(err.http_status(), None, "{bad} is no HTTP status");
    }
    let h = harness(Answer::Fail(HttpFailureKind::Timeout, Some(100)), |_| {});
    let err = offers(&h.client).await.unwrap_err();
    assert_eq!(
        err.http_status(),
        Some(100),
        "100 is the first status there is"
    );
}

#[tokio::test]
async fn a_body_over_the_cap_is_refused_whatever_the_executor_gave() {
    let h = harness(Answer::Big(200, 1025), |c| c.max_body_bytes = 1024);
    let err = offers(&h.client).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert_eq!(err.http_status(), Some(200));
    assert!(err.message().contains("1024 byte limit"), "{err}");
    assert_eq!(h.seen.lock().unwrap()[0].max_response_bytes, 1024);
}

#[tokio::test]
async fn a_redirect_the_executor_returns_is_refused_not_followed() {
    let h = harness(
        Answer::Respond(302, vec![("LOCATION", "https://elsewhere.example/")], b""),
        |_| {},
    );
    let err = offers(&h.client).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Rejected, "{err}");
    assert_eq!(err.http_status(), Some(302));
    assert!(
        err.message().contains("https://elsewhere.example/"),
        "{err}"
    );
    assert_eq!(h.seen.lock().unwrap().len(), 1);
}

#[tokio::test]
async fn retry_after_is_read_from_the_executors_headers() {
    let h = harness(
        Answer::Respond(
            429,
            vec![("retry-after", "7")],
            br#"{"message":"slow down"}"#,
        ),
        |_| {},
    );
    let err = offers(&h.client).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::RateLimited, "{err}");
    assert_eq!(err.retry_after(), Some(Duration::from_secs(7)));
}

#[tokio::test]
async fn cancelling_the_call_drops_the_executors_future() {
    let h = harness(Answer::Hang, |_| {});
    let options = OffersOptions::default();
    let call = h.client.offers("demo", &options);
    let outcome = tokio::time::timeout(Duration::from_millis(50), call).await;
    assert!(outcome.is_err(), "the hanging call cannot have finished");
    assert_eq!(h.seen.lock().unwrap().len(), 1);
    assert_eq!(h.dropped.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn settings_that_belong_to_the_hosts_stack_are_refused_with_an_executor() {
    let proxy = ClientConfig::new("https://offers.example.com")
        .with_executor(common::host_executor::ConnExecutor);
    let mut with_proxy = proxy.clone();
    with_proxy.proxy = Proxy::Url("http://127.0.0.1:3128".into());
    let err = OfferClient::new(with_proxy).err().unwrap();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    assert!(err.message().starts_with("proxy:"), "{err}");

    let mut with_roots = proxy.clone();
    with_roots.extra_root_pem = vec!["-----BEGIN CERTIFICATE-----".into()];
    let err = OfferClient::new(with_roots).err().unwrap();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    assert!(err.message().starts_with("extra_root_pem:"), "{err}");

    // The environment's proxy setting (a backend's default) is the host stack's business.
    let mut system = proxy;
    system.proxy = Proxy::System;
    assert!(OfferClient::new(system).is_ok());
}

#[tokio::test]
async fn a_token_with_a_line_break_is_refused_before_the_executor_sees_it() {
    let h = harness(Answer::Respond(200, vec![], OFFERS), |c| {
        c.access_token = Some(offerkit::AccessToken::new("abc\r\nX-Injected: 1"));
    });
    let err = offers(&h.client).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument, "{err}");
    assert!(h.seen.lock().unwrap().is_empty());
}
