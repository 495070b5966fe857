//! The refresh token and the reporting API key never show up in `Debug` output, error
//! messages or log events — not even when a server echoes them back.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking
#![cfg(feature = "server")]

mod common;

use std::fmt::Write as _;
use std::sync::{Arc, Mutex, OnceLock};

use common::{config, sim};
use offerkit::server::{
    ApiKey, EstDateTime, GroupBy, RefreshToken, ReportClient, ReportConfig, ReportQuery,
    TokenExchanger,
};
use offerkit::{ClientConfig, Error, OfferClient, OffersOptions};
use offerkit_sim::{Fault, FaultKind, SimConfig, Simulator};

const REFRESH: &str = "rt-live-9c1f7d0b2a";
const API_KEY: &str = "ak-live-51e6b8f3d7";

/// Every event and span field, as text: a minimal subscriber (no extra dependency).
#[derive(Clone, Default)]
struct Capture(Arc<Mutex<String>>);

/// The process-wide capture: a global subscriber, because a thread-local one misses events
/// whose call sites another test thread registered first. Every test of this file installs
/// it, so everything they log is checked.
fn capture() -> &'static Capture {
    static CAPTURE: OnceLock<Capture> = OnceLock::new();
    CAPTURE.get_or_init(|| {
        let capture = Capture::default();
        tracing::subscriber::set_global_default(capture.clone())
            .expect("no other global subscriber in this test binary");
        capture
    })
}

struct Fields<'a>(&'a mut String);

impl tracing::field::Visit for Fields<'_> {
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        let _ = write!(self.0, " {}={:?}", field.name(), value);
    }
}

impl tracing::Subscriber for Capture {
    fn enabled(&self, _: &tracing::Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, span: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        let mut text = self.0.lock().unwrap();
        span.record(&mut Fields(&mut text));
        tracing::span::Id::from_u64(1)
    }
    fn record(&self, _: &tracing::span::Id, values: &tracing::span::Record<'_>) {
        values.record(&mut Fields(&mut self.0.lock().unwrap()));
    }
    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}
    fn event(&self, event: &tracing::Event<'_>) {
        let mut text = self.0.lock().unwrap();
        text.push('\n');
        text.push_str(event.metadata().target());
        event.record(&mut Fields(&mut text));
    }
    fn enter(&self, _: &tracing::span::Id) {}
    fn exit(&self, _: &tracing::span::Id) {}
}

fn assert_clean(what: &str, text: &str) {
    for secret in [REFRESH, API_KEY] {
        assert!(!text.contains(secret), "{what} shows a secret: {text}");
    }
}

fn assert_error_clean(err: &Error) {
    assert_clean("error", &format!("{err} {err:?} {}", err.message()));
}

fn echo(status: u16, path: &str, secret: &str) -> Fault {
    Fault::new(FaultKind::Status {
        status,
        retry_after_secs: None,
        body: Some(format!(
            r#"{{"message":"credential {secret} was refused","errors":{{"refresh_token":["{secret} is unknown"]}}}}"#
        )),
    })
    .on_path(path)
}

async fn start() -> Simulator {
    Simulator::start(SimConfig {
        refresh_token: REFRESH.into(),
        ..SimConfig::default()
    })
    .await
    .unwrap()
}

#[tokio::test]
async fn debug_output_is_redacted() {
    capture();
    let sim = sim().await;
    let exchanger = TokenExchanger::new(&config(&sim), RefreshToken::new(REFRESH)).unwrap();
    let report_config = ReportConfig::new(sim.base_url(), ApiKey::new(API_KEY));
    let reports = ReportClient::new(report_config.clone()).unwrap();
    let client_config: ClientConfig = config(&sim).with_token_provider(exchanger.clone());
    for text in [
        format!("{exchanger:?}"),
        format!("{reports:?} {reports:#?}"),
        format!("{report_config:?}"),
        format!("{client_config:?}"),
        format!("{:?} {}", RefreshToken::new(REFRESH), ApiKey::new(API_KEY)),
    ] {
        assert_clean("Debug", &text);
        assert!(
            text.contains("redacted") || text.contains("token_provider: true"),
            "{text}"
        );
    }
}

#[tokio::test]
async fn echoed_secrets_are_scrubbed_from_errors() {
    capture();
    let sim = sim().await;
    let exchanger = TokenExchanger::new(&config(&sim), RefreshToken::new(REFRESH)).unwrap();
    for status in [401, 403, 422, 500] {
        sim.inject(echo(status, "/v1/users/token", REFRESH));
        let err = exchanger.exchange().await.unwrap_err();
        assert_eq!(err.http_status(), Some(status));
        assert!(err.message().contains("<redacted>"), "{err}");
        assert_error_clean(&err);
        for field in err.fields() {
            assert_clean("field", &format!("{field:?}"));
        }
    }
    let reports =
        ReportClient::new(ReportConfig::new(sim.base_url(), ApiKey::new(API_KEY))).unwrap();
    sim.inject(echo(401, "/v1/report", API_KEY));
    let q = ReportQuery::builder()
        .group_by([GroupBy::Date])
        .date_range(
            EstDateTime::parse("2025-01-01 00:00:00").unwrap(),
            EstDateTime::parse("2025-01-01 23:59:59").unwrap(),
        )
        .build()
        .unwrap();
    let err = reports.report(&q).await.unwrap_err();
    assert!(err.message().contains("<redacted>"), "{err}");
    assert_error_clean(&err);
}

#[tokio::test]
async fn network_errors_do_not_carry_secrets() {
    capture();
    let dead = ClientConfig::new("http://127.0.0.1:9").with_retry(offerkit::RetryPolicy::none());
    let err = TokenExchanger::new(&dead, RefreshToken::new(REFRESH))
        .unwrap()
        .exchange()
        .await
        .unwrap_err();
    assert_eq!(err.kind(), offerkit::ErrorKind::Network);
    assert_error_clean(&err);
}

#[tokio::test]
async fn log_events_never_carry_secrets() {
    let capture = capture();
    let sim = start().await;
    let exchanger = TokenExchanger::new(&config(&sim), RefreshToken::new(REFRESH)).unwrap();
    let client = OfferClient::new(config(&sim).with_token_provider(exchanger.clone())).unwrap();
    client.offers("p", &OffersOptions::default()).await.unwrap();
    sim.inject(echo(401, "/v1/users/token", REFRESH));
    exchanger.exchange().await.unwrap_err();

    let key = sim.issue_report_key(600);
    let reports =
        ReportClient::new(ReportConfig::new(sim.base_url(), ApiKey::new(API_KEY))).unwrap();
    let q = ReportQuery::builder()
        .group_by([GroupBy::Date])
        .date_range(
            EstDateTime::parse("2025-01-01 00:00:00").unwrap(),
            EstDateTime::parse("2025-01-02 00:00:00").unwrap(),
        )
        .build()
        .unwrap();
    reports.report(&q).await.unwrap_err(); // API_KEY is unknown to the simulator: 401
    let good =
        ReportClient::new(ReportConfig::new(sim.base_url(), ApiKey::new(key.as_str()))).unwrap();
    good.report(&q).await.unwrap();

    let logged = capture.0.lock().unwrap().clone();
    assert!(
        logged.contains("refresh-token exchange"),
        "events were captured: {logged}"
    );
    assert!(logged.contains("report request"), "{logged}");
    assert_clean("log", &logged);
    assert!(!logged.contains(&key), "minted key logged: {logged}");
}
