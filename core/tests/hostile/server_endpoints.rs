//! The server feature's endpoints, slow, silent or sloppy: the token endpoint (`POST
//! /v1/users/token`) and the reporting endpoint (`GET /v1/report`). An exchange or a report is
//! a call like any other: bounded by the client's deadline, its failures typed and carrying the
//! status that arrived, whatever `Retry-After` the service sends.

use std::sync::Arc;
use std::time::Duration;

use offerkit::server::{
    ApiKey, EstDateTime, GroupBy, ManualClock, REPORT_RATE_LIMIT, REPORT_RATE_WINDOW, RateLimiter,
    ReportClient, ReportConfig, ReportQuery, TokenExchanger,
};
use offerkit::{ClientConfig, ErrorKind, OfferClient};

use super::server::{Server, Step, json, response};
use super::{RETRIES, bounded, config};

const SHORT: Duration = Duration::from_secs(1);

/// A config for `server` without an access token, a long attempt timeout and a 1 s deadline.
fn short_deadline(server: &Server) -> ClientConfig {
    let mut config = config(server);
    config.access_token = None;
    config.timeout = Duration::from_secs(30);
    config.deadline = SHORT;
    config
}

fn exchanger(config: &ClientConfig) -> TokenExchanger {
    TokenExchanger::new(config, "refresh-secret").unwrap()
}

#[tokio::test]
async fn a_token_endpoint_that_never_answers_is_ended_by_the_deadline() {
    let server = Server::always(|| vec![Step::Hang]).await;
    let config = short_deadline(&server);
    let err = bounded(SHORT * 10, exchanger(&config).exchange())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Timeout, "{err}");
}

#[tokio::test]
async fn a_token_endpoint_dripping_its_answer_is_ended_by_the_deadline() {
    let server = Server::always(|| {
        vec![Step::Drip {
            bytes: json(
                201,
                r#"{"message":"Authorized","access_token":"t","expires_in":3600}"#,
            ),
            every: Duration::from_millis(100),
        }]
    })
    .await;
    let config = short_deadline(&server);
    let err = bounded(SHORT * 10, exchanger(&config).exchange())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Timeout, "{err}");
}

#[tokio::test]
async fn a_slow_token_endpoint_behind_an_offer_call_is_bounded_by_its_deadline() {
    let server = Server::always(|| vec![Step::Hang]).await;
    let config = short_deadline(&server);
    let client = OfferClient::new(config.clone().with_token_provider(exchanger(&config))).unwrap();
    let err = bounded(SHORT * 10, client.offers("player-1", &Default::default()))
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Timeout, "{err}");
    assert!(
        server
            .requests()
            .iter()
            .all(|r| r.target.ends_with("/v1/users/token")),
        "no offer request without a token"
    );
}

#[tokio::test]
async fn a_token_endpoint_asking_for_30_s_against_a_2_s_deadline_is_one_request() {
    let server =
        Server::always(|| vec![Step::Send(response(503, &[("Retry-After", "30")], b""))]).await;
    let mut config = short_deadline(&server);
    config.deadline = Duration::from_secs(2);
    let err = bounded(Duration::from_secs(20), exchanger(&config).exchange())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Server, "{err}");
    assert_eq!(err.http_status(), Some(503));
    assert_eq!(err.retry_after(), Some(Duration::from_secs(30)), "as sent");
    assert_eq!(server.request_count(), 1);
}

#[tokio::test]
async fn a_token_endpoint_cutting_its_answer_short_is_network_with_status_after_retries() {
    let server = Server::always(|| {
        vec![Step::Send(
            b"HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 300\r\nConnection: close\r\n\r\n{\"access_"
                .to_vec(),
        )]
    })
    .await;
    let err = bounded(
        Duration::from_secs(50),
        exchanger(&config(&server)).exchange(),
    )
    .await
    .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Network, "{err}");
    assert_eq!(err.http_status(), Some(201));
    assert_eq!(server.request_count(), 1 + RETRIES as usize);
}

#[tokio::test]
async fn a_token_answer_that_is_not_the_spec_s_json_is_decode_with_its_status() {
    for body in [
        "<html>Login</html>",
        "",
        r#"{"message":"Authorized"}"#,
        r#"{"message":"Authorized","access_token":42,"expires_in":3600}"#,
        r#"{"message":"Authorized","access_token":"opaque","expires_in":"lots"}"#,
    ] {
        let server = Server::always(move || {
            vec![Step::Send(response(
                201,
                &[("Content-Type", "application/json")],
                body.as_bytes(),
            ))]
        })
        .await;
        let err = bounded(
            Duration::from_secs(50),
            exchanger(&config(&server)).exchange(),
        )
        .await
        .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Decode, "{body}: {err}");
        assert_eq!(err.http_status(), Some(201), "{body}");
        assert!(!err.message().contains("refresh-secret"), "{err}");
    }
}

#[tokio::test]
async fn a_token_endpoint_redirect_is_rejected_and_not_followed() {
    let other = Server::always(|| {
        vec![Step::Send(json(
            201,
            r#"{"access_token":"t","expires_in":60}"#,
        ))]
    })
    .await;
    let location = format!("{}/v1/users/token", other.url());
    let sent = location.clone();
    let server =
        Server::always(move || vec![Step::Send(response(307, &[("Location", &sent)], b""))]).await;
    let err = bounded(
        Duration::from_secs(50),
        exchanger(&config(&server)).exchange(),
    )
    .await
    .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Rejected, "{err}");
    assert_eq!(err.http_status(), Some(307));
    assert!(err.message().contains(&location), "{err}");
    assert_eq!(
        other.connections(),
        0,
        "the refresh token never goes elsewhere"
    );
}

fn report_client(config: ClientConfig) -> ReportClient {
    let url = config.base_url.clone();
    ReportClient::new(ReportConfig::new(url, ApiKey::new("report-key")).with_http(config)).unwrap()
}

fn report_query() -> ReportQuery {
    let at = |t| EstDateTime::parse(t).unwrap();
    ReportQuery::builder()
        .group_by([GroupBy::Date])
        .date_range(at("2025-03-01 00:00:00"), at("2025-03-01 23:59:59"))
        .build()
        .unwrap()
}

#[tokio::test]
async fn a_report_endpoint_that_never_answers_is_ended_by_the_deadline() {
    let server = Server::always(|| vec![Step::Hang]).await;
    let client = report_client(short_deadline(&server));
    let err = bounded(SHORT * 10, client.report(&report_query()))
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Timeout, "{err}");
}

#[tokio::test]
async fn a_report_429_asking_for_longer_than_time_is_rate_limited_never_a_crash_or_a_hang() {
    for asked in ["18446744073709551615", "99999999999999999999999"] {
        let server = Server::always(move || {
            vec![Step::Send(response(429, &[("Retry-After", asked)], b"{}"))]
        })
        .await;
        let client = report_client(short_deadline(&server));
        let err = bounded(SHORT * 10, client.report(&report_query()))
            .await
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::RateLimited, "{asked}: {err}");
        assert_eq!(err.http_status(), Some(429));
        // The key is now held off for that long: the next call says so within its deadline
        // instead of waiting for ever.
        let err = bounded(SHORT * 10, client.report(&report_query()))
            .await
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::RateLimited, "{asked}: {err}");
        assert!(err.retry_after().is_some(), "{err}");
        assert_eq!(server.request_count(), 1, "{asked}: held off, not sent");
    }
}

/// The same in a backend that has run for an hour: the hold-off must not overflow its clock.
#[tokio::test]
async fn a_report_429_asking_for_longer_than_time_after_an_hour_of_uptime_is_rate_limited() {
    let server = Server::always(|| {
        vec![Step::Send(response(
            429,
            &[("Retry-After", "18446744073709551615")],
            b"{}",
        ))]
    })
    .await;
    let clock = ManualClock::new();
    clock.advance(Duration::from_secs(3600));
    let limiter = RateLimiter::with_clock(REPORT_RATE_LIMIT, REPORT_RATE_WINDOW, clock);
    let config = short_deadline(&server);
    let client = ReportClient::new(
        ReportConfig::new(server.url(), ApiKey::new("report-key"))
            .with_http(config)
            .with_limiter(Arc::new(limiter)),
    )
    .unwrap();
    let err = bounded(SHORT * 10, client.report(&report_query()))
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::RateLimited, "{err}");
    assert_eq!(err.http_status(), Some(429));
}

#[tokio::test]
async fn a_report_body_that_is_not_json_is_decode_with_its_status() {
    let server = Server::always(|| {
        vec![Step::Send(response(
            200,
            &[("Content-Type", "text/html")],
            b"<html>Report</html>",
        ))]
    })
    .await;
    let err = bounded(
        Duration::from_secs(50),
        report_client(config(&server)).report(&report_query()),
    )
    .await
    .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert_eq!(err.http_status(), Some(200));
}
