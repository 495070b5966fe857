//! The reporting client against the simulator: typed rows, every query parameter reaching the
//! service (and its exact wire form), the tolerant envelope, 401 for an expired key, 422 and
//! 429 mapping, and the client-side limiter on a hand-moved clock (no minute-long sleeps).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking
#![cfg(feature = "server")]

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::{eventually, fast_retries, sim};
use offerkit::server::{
    ApiKey, Cver, EstDateTime, GroupBy, ManualClock, REPORT_RATE_LIMIT, REPORT_RATE_WINDOW,
    RateLimiter, ReportClient, ReportConfig, ReportField, ReportQuery, ReportQueryBuilder,
};
use offerkit::{ClientConfig, ErrorKind};
use offerkit_sim::{Fault, FaultKind, REPORT_API_KEY, Simulator};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn t(text: &str) -> EstDateTime {
    EstDateTime::parse(text).unwrap()
}

/// Three days of March 2025.
fn query() -> ReportQueryBuilder {
    ReportQuery::builder().date_range(t("2025-03-01 00:00:00"), t("2025-03-03 23:59:59"))
}

fn report_config(sim: &Simulator, key: &str) -> ReportConfig {
    ReportConfig::new(sim.base_url(), ApiKey::new(key)).with_http(
        common::host_executor::chosen(ClientConfig::new(sim.base_url())).with_retry(fast_retries()),
    )
}

fn client(sim: &Simulator, key: &str) -> ReportClient {
    ReportClient::new(report_config(sim, key)).unwrap()
}

fn with_clock(config: ReportConfig, clock: &Arc<ManualClock>) -> ReportConfig {
    config.with_limiter(Arc::new(RateLimiter::with_clock(
        REPORT_RATE_LIMIT,
        REPORT_RATE_WINDOW,
        clock.clone(),
    )))
}

#[tokio::test]
async fn grouped_rows_are_typed() {
    let sim = sim().await;
    let q = query()
        .group_by([GroupBy::Date, GroupBy::AppId])
        .build()
        .unwrap();
    let rows = client(&sim, REPORT_API_KEY).report(&q).await.unwrap();
    assert_eq!(rows.len(), 9, "3 days x 3 apps");
    assert_eq!(rows[0].date.as_deref(), Some("2025-03-01"));
    assert_eq!(rows[8].date.as_deref(), Some("2025-03-03"));
    for row in &rows {
        assert!(matches!(row.app_id, Some(1001..=1003)));
        assert!(row.app_name.is_some() && row.payout.is_some() && row.ecpm.is_some());
        assert!(row.distinct_clicks <= row.gross_clicks);
        assert!(
            matches!(row.cver, Some(Cver::Text(_))),
            "the simulator sends text"
        );
        assert!(row.cver.as_ref().and_then(Cver::as_f64).is_some());
        assert!(row.extra.is_empty(), "{:?}", row.extra);
    }
    let by_date = query().group_by([GroupBy::Date]).build().unwrap();
    let rows = client(&sim, REPORT_API_KEY).report(&by_date).await.unwrap();
    assert_eq!(rows.len(), 3);
    assert!(
        rows.iter().all(|r| r.app_id.is_none()),
        "not grouped by app: null"
    );
    assert_eq!(sim.stats().report, 2);
}

#[tokio::test]
async fn every_parameter_reaches_the_service() {
    let sim = sim().await;
    let c = client(&sim, REPORT_API_KEY);

    let q = query()
        .group_by([GroupBy::Country])
        .fields([ReportField::CountryName, ReportField::Payout])
        .countries(["de", "HK"])
        .build()
        .unwrap();
    let rows = c.report(&q).await.unwrap();
    let names: Vec<_> = rows
        .iter()
        .filter_map(|r| r.country_name.as_deref())
        .collect();
    assert_eq!(names, ["Germany", "Hong Kong"]);
    for r in &rows {
        assert_eq!(
            r.field_names(),
            ["country_name", "payout"],
            "only the fields asked for"
        );
    }

    let q = query()
        .group_by([GroupBy::AppId, GroupBy::Platform])
        .apps([1002])
        .platforms(["ios", "web"])
        .build()
        .unwrap();
    let rows = c.report(&q).await.unwrap();
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r.app_id == Some(1002)));
    let platforms: Vec<_> = rows
        .iter()
        .filter_map(|r| r.platform_name.as_deref())
        .collect();
    assert_eq!(platforms, ["iOS", "Web"]);

    let q = ReportQuery::builder()
        .group_by([GroupBy::Date, GroupBy::Offer])
        .date_range(t("2024-02-28 12:00:00"), t("2024-03-01 08:30:00"))
        .fields([ReportField::Date, ReportField::OfferName, ReportField::Cver])
        .build()
        .unwrap();
    let rows = c.report(&q).await.unwrap();
    let mut dates: Vec<_> = rows.iter().filter_map(|r| r.date.clone()).collect();
    dates.dedup();
    assert_eq!(
        dates,
        ["2024-02-28", "2024-02-29", "2024-03-01"],
        "leap day included"
    );
    assert_eq!(rows.len(), 3 * 3, "three offers a day");
    assert!(
        rows.iter()
            .all(|r| r.offer_name.is_some() && r.payout.is_none())
    );
}

/// A one-shot HTTP server that records the request head and answers `{"data":[]}`.
async fn capture_one_request() -> (String, tokio::task::JoinHandle<String>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let handle = tokio::spawn(async move {
        let (mut socket, _) = listener.accept().await.unwrap();
        let mut head = Vec::new();
        let mut buf = [0u8; 1024];
        while !head.windows(4).any(|w| w == b"\r\n\r\n") {
            let n = socket.read(&mut buf).await.unwrap();
            assert!(n > 0, "connection closed before the request head ended");
            head.extend_from_slice(&buf[..n]);
        }
        let body = br#"{"data":[]}"#;
        let response = format!(
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
            body.len()
        );
        socket.write_all(response.as_bytes()).await.unwrap();
        socket.write_all(body).await.unwrap();
        String::from_utf8(head).unwrap()
    });
    (url, handle)
}

#[tokio::test]
async fn the_wire_form_is_exactly_the_encoded_query() {
    let (url, head) = capture_one_request().await;
    let q = query()
        .group_by([GroupBy::AppId, GroupBy::Date])
        .fields([ReportField::Payout])
        .apps([1001, 1003])
        .platforms(["android"])
        .countries(["us"])
        .build()
        .unwrap();
    let c = ReportClient::new(ReportConfig::new(url, ApiKey::new("wire-key"))).unwrap();
    assert!(c.report(&q).await.unwrap().is_empty());
    let head = head.await.unwrap();
    let request_line = head.lines().next().unwrap();
    assert_eq!(
        request_line,
        "GET /v1/report?group_by[]=app_id&group_by[]=date\
         &date_range[start_date]=2025-03-01+00%3A00%3A00&date_range[end_date]=2025-03-03+23%3A59%3A59\
         &fields[]=payout&filter_by[]=app_id&filter_by[]=platform&filter_by[]=country\
         &apps[]=1001&apps[]=1003&platforms[]=android&countries[]=US HTTP/1.1"
    );
    assert_eq!(
        request_line,
        format!("GET /v1/report?{} HTTP/1.1", q.encode())
    );
    let lower = head.to_ascii_lowercase();
    assert!(lower.contains("\r\naccept: application/json\r\n"), "{head}");
    assert!(
        lower.contains("\r\nauthorization: bearer wire-key\r\n"),
        "{head}"
    );
}

#[tokio::test]
async fn tolerant_envelopes_and_cver_as_number() {
    let sim = sim().await;
    let c = client(&sim, REPORT_API_KEY);
    let q = query().group_by([GroupBy::Date]).build().unwrap();
    let answer = |body: &str| {
        sim.inject(
            Fault::new(FaultKind::Status {
                status: 200,
                retry_after_secs: None,
                body: Some(body.to_owned()),
            })
            .on_path("/v1/report"),
        );
    };
    answer(r#"[{"date":"2025-03-01","cver":1.5,"payout":"2.25","app_id":"1001"}]"#);
    let rows = c.report(&q).await.unwrap();
    assert_eq!(rows[0].cver, Some(Cver::Number(1.5)));
    assert_eq!((rows[0].payout, rows[0].app_id), (Some(2.25), Some(1001)));
    answer(r#"{"status":"ok","data":{"results":[{"date":"2025-03-02"}]}}"#);
    assert_eq!(
        c.report(&q).await.unwrap()[0].date.as_deref(),
        Some("2025-03-02")
    );
    answer(r#"{"data":{"rows":[{},{}]}}"#);
    assert_eq!(c.report(&q).await.unwrap().len(), 2);
    answer(r#"{"rows":[]}"#);
    assert_eq!(c.report(&q).await.unwrap_err().kind(), ErrorKind::Decode);
}

#[tokio::test]
async fn expired_and_unknown_keys_are_unauthorized() {
    let sim = sim().await;
    let q = query().group_by([GroupBy::Date]).build().unwrap();
    let live = sim.issue_report_key(600);
    assert_eq!(client(&sim, &live).report(&q).await.unwrap().len(), 3);
    let expired = sim.issue_report_key(-60);
    let err = client(&sim, &expired).report(&q).await.unwrap_err();
    assert_eq!(
        (err.kind(), err.http_status()),
        (ErrorKind::Unauthorized, Some(401))
    );
    assert!(err.message().contains("expired"), "{err}");
    let err = client(&sim, "no-such-key").report(&q).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unauthorized);
    let err = ReportClient::new(report_config(&sim, "")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
}

#[tokio::test]
async fn a_server_422_keeps_its_field_errors() {
    let sim = sim().await;
    sim.inject(
        Fault::new(FaultKind::Status {
            status: 422,
            retry_after_secs: None,
            body: Some(
                r#"{"message":"The selected group by.0 is invalid.","errors":{"group_by.0":["The selected group by.0 is invalid."]}}"#
                    .into(),
            ),
        })
        .on_path("/v1/report"),
    );
    let q = query().group_by([GroupBy::Date]).build().unwrap();
    let err = client(&sim, REPORT_API_KEY).report(&q).await.unwrap_err();
    assert_eq!(
        (err.kind(), err.http_status()),
        (ErrorKind::Unprocessable, Some(422))
    );
    assert!(err.fields()[0].path.is_empty());
    assert_eq!(
        err.fields()[0].arguments["group_by.0"],
        ["The selected group by.0 is invalid."]
    );
}

#[tokio::test]
async fn eleventh_request_fails_fast_without_being_sent() {
    let sim = sim().await;
    let clock = ManualClock::new();
    let key = sim.issue_report_key(3600);
    let c = ReportClient::new(with_clock(report_config(&sim, &key), &clock).fail_fast()).unwrap();
    let q = query().group_by([GroupBy::Date]).build().unwrap();
    for _ in 0..REPORT_RATE_LIMIT {
        c.report(&q).await.unwrap();
        clock.advance(Duration::from_secs(1));
    }
    let err = c.report(&q).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::RateLimited);
    assert_eq!(err.http_status(), None, "refused locally");
    assert_eq!(err.retry_after(), Some(Duration::from_secs(50)));
    assert_eq!(
        sim.stats().report,
        REPORT_RATE_LIMIT as u64,
        "the 11th was not sent"
    );

    // A minute after the first request a slot is free again.
    clock.advance(Duration::from_secs(50));
    sim.reset_report_limits(); // the simulator's own window runs on real time
    assert_eq!(c.report(&q).await.unwrap().len(), 3);
    assert_eq!(sim.stats().report, REPORT_RATE_LIMIT as u64 + 1);
}

#[tokio::test]
async fn eleventh_request_waits_for_a_slot_by_default() {
    let sim = sim().await;
    let clock = ManualClock::new();
    let key = sim.issue_report_key(3600);
    // A wait for a slot counts against the call's deadline: give it room for a whole window.
    let mut config = report_config(&sim, &key);
    config.http.deadline = REPORT_RATE_WINDOW * 2;
    let c = ReportClient::new(with_clock(config, &clock)).unwrap();
    let q = query().group_by([GroupBy::Date]).build().unwrap();
    for _ in 0..REPORT_RATE_LIMIT {
        c.report(&q).await.unwrap();
    }
    let waiting = tokio::spawn({
        let (c, q) = (c.clone(), q.clone());
        async move { c.report(&q).await }
    });
    eventually("the 11th request waits on the clock", || {
        clock.sleepers() == 1
    })
    .await;
    assert!(!waiting.is_finished());
    assert_eq!(
        sim.stats().report,
        REPORT_RATE_LIMIT as u64,
        "not sent while waiting"
    );
    sim.reset_report_limits();
    clock.advance(REPORT_RATE_WINDOW);
    assert_eq!(waiting.await.unwrap().unwrap().len(), 3);
    assert_eq!(sim.stats().report, REPORT_RATE_LIMIT as u64 + 1);
}

#[tokio::test]
async fn server_429_is_rate_limited_and_holds_the_key_off() {
    let sim = sim().await;
    let key = sim.issue_report_key(3600);
    let q = query().group_by([GroupBy::Date]).build().unwrap();
    // Another process using the same key spent the server's budget.
    let other = client(&sim, &key);
    for _ in 0..REPORT_RATE_LIMIT {
        other.report(&q).await.unwrap();
    }
    let clock = ManualClock::new();
    let c = ReportClient::new(with_clock(report_config(&sim, &key), &clock).fail_fast()).unwrap();
    let err = c.report(&q).await.unwrap_err();
    assert_eq!(
        (err.kind(), err.http_status()),
        (ErrorKind::RateLimited, Some(429))
    );
    let wait = err.retry_after().expect("Retry-After");
    assert!(wait >= Duration::from_secs(1) && wait <= REPORT_RATE_WINDOW);
    assert_eq!(sim.stats().report, 11);

    // Held off for the Retry-After: refused locally, nothing sent.
    let err = c.report(&q).await.unwrap_err();
    assert_eq!(
        (err.kind(), err.http_status()),
        (ErrorKind::RateLimited, None)
    );
    assert_eq!(sim.stats().report, 11);
    clock.advance(wait);
    sim.reset_report_limits();
    c.report(&q).await.unwrap();
    assert_eq!(sim.stats().report, 12);
}

#[tokio::test]
async fn retries_take_their_own_slots() {
    let sim = sim().await;
    let clock = ManualClock::new();
    let key = sim.issue_report_key(3600);
    let limiter = Arc::new(RateLimiter::with_clock(
        2,
        REPORT_RATE_WINDOW,
        clock.clone(),
    ));
    let c = ReportClient::new(report_config(&sim, &key).with_limiter(limiter).fail_fast()).unwrap();
    sim.inject(
        Fault::new(FaultKind::Status {
            status: 503,
            retry_after_secs: None,
            body: None,
        })
        .on_path("/v1/report"),
    );
    let q = query().group_by([GroupBy::Date]).build().unwrap();
    assert_eq!(
        c.report(&q).await.unwrap().len(),
        3,
        "retried after the 503"
    );
    assert_eq!(sim.stats().report, 2);
    let err = c.report(&q).await.unwrap_err();
    assert_eq!(
        err.kind(),
        ErrorKind::RateLimited,
        "the retry used the second slot"
    );
}
