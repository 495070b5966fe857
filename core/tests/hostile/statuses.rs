//! Statuses the spec does not name, from the service or whatever stands in front of it:
//! redirects (never followed, the other host never contacted), gateway pages, 4xx of every
//! sort, and `Retry-After` in each form a sloppy server sends. Only 502/503/504 are retried,
//! and never past the deadline.

use std::time::{Duration, SystemTime};

use offerkit::ErrorKind;

use super::server::{Server, Step, json, ok, response};
use super::{RETRIES, bounded, client, config, good_offer, offers, offers_body};

#[tokio::test]
async fn redirects_to_another_host_are_rejected_and_never_followed() {
    for status in [301, 302, 307, 308] {
        let other = Server::always(|| ok(&offers_body(&good_offer("elsewhere")))).await;
        let location = format!("{}/v1/offers", other.url());
        let sent = location.clone();
        let server = Server::always(move || {
            vec![Step::Send(response(
                status,
                &[("Location", &sent), ("Content-Type", "text/html")],
                b"<a href=\"elsewhere\">moved</a>",
            ))]
        })
        .await;
        let err = offers(&client(&server)).await.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Rejected, "{status}: {err}");
        assert_eq!(err.http_status(), Some(status));
        assert!(err.message().contains(&location), "{status}: {err}");
        assert_eq!(server.request_count(), 1, "{status}: not retried");
        assert_eq!(
            other.connections(),
            0,
            "{status}: the other host is never contacted"
        );
    }
}

#[tokio::test]
async fn a_redirect_without_a_location_is_rejected_with_its_status() {
    let server = Server::always(|| vec![Step::Send(response(302, &[], b""))]).await;
    let err = offers(&client(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Rejected, "{err}");
    assert_eq!(err.http_status(), Some(302));
    assert_eq!(server.request_count(), 1);
}

/// Statuses beyond the five classes are the service's (or its gateway's) fault, like a 5xx,
/// but only the gateway statuses 502/503/504 are worth a retry.
#[tokio::test]
async fn a_status_beyond_599_is_server_and_not_retried() {
    let server = Server::always(|| vec![Step::Send(response(999, &[], b"???"))]).await;
    let err = offers(&client(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Server, "{err}");
    assert_eq!(err.http_status(), Some(999));
    assert_eq!(server.request_count(), 1);
}

#[tokio::test]
async fn a_gateway_404_page_is_rejected_and_points_at_base_url() {
    let server = Server::always(|| {
        vec![Step::Send(response(
            404,
            &[("Content-Type", "text/html"), ("Server", "nginx")],
            b"<html><head><title>404 Not Found</title></head><body><center><h1>404 Not Found</h1></center><hr><center>nginx</center></body></html>",
        ))]
    })
    .await;
    let err = offers(&client(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Rejected, "{err}");
    assert_eq!(err.http_status(), Some(404));
    assert!(err.message().contains("base_url"), "{err}");
    assert_eq!(server.request_count(), 1, "not retried");
}

#[tokio::test]
async fn other_4xx_are_rejected_with_their_status_and_never_retried() {
    for (status, headers, body) in [
        (405, vec![("Allow", "GET")], "Method Not Allowed"),
        (418, vec![], "I'm a teapot"),
        (
            400,
            vec![("Content-Type", "application/json")],
            r#"{"message":"Bad request"}"#,
        ),
        (409, vec![], ""),
    ] {
        let server =
            Server::always(move || vec![Step::Send(response(status, &headers, body.as_bytes()))])
                .await;
        let err = offers(&client(&server)).await.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Rejected, "{status}: {err}");
        assert_eq!(err.http_status(), Some(status));
        assert_eq!(server.request_count(), 1, "{status}: not retried");
    }
}

#[tokio::test]
async fn a_400_carrying_graphql_errors_is_a_query_error_with_status_400() {
    let server = Server::always(|| {
        vec![Step::Send(json(
            400,
            r#"{"errors":[{"message":"Syntax Error: Expected Name, found <EOF>."}],"data":null}"#,
        ))]
    })
    .await;
    let err = offers(&client(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Query, "{err}");
    assert_eq!(err.http_status(), Some(400));
    assert!(err.message().contains("Expected Name"), "{err}");
}

/// A server answering every request with `status` and `Retry-After: value`.
async fn answering(status: u16, retry_after: String) -> Server {
    Server::always(move || {
        vec![Step::Send(response(
            status,
            &[("Retry-After", &retry_after)],
            b"{}",
        ))]
    })
    .await
}

fn http_date_in(offset: Duration) -> String {
    httpdate::fmt_http_date(SystemTime::now() + offset)
}

#[tokio::test]
async fn a_retry_after_date_an_hour_away_is_reported_not_waited_for() {
    for (status, kind) in [(503, ErrorKind::Server), (429, ErrorKind::RateLimited)] {
        let server = answering(status, http_date_in(Duration::from_secs(3600))).await;
        let err = offers(&client(&server)).await.unwrap_err();
        assert_eq!(err.kind(), kind, "{err}");
        assert_eq!(err.http_status(), Some(status));
        let wait = err.retry_after().expect("the date is read");
        assert!(
            wait > Duration::from_secs(3500) && wait <= Duration::from_secs(3600),
            "{wait:?}"
        );
        assert_eq!(server.request_count(), 1, "{status}: not waited for");
    }
}

#[tokio::test]
async fn a_retry_after_date_in_the_past_means_retry_now() {
    let server = answering(503, "Wed, 21 Oct 2015 07:28:00 GMT".into()).await;
    let err = offers(&client(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Server, "{err}");
    assert_eq!(err.retry_after(), Some(Duration::ZERO));
    assert_eq!(server.request_count(), 1 + RETRIES as usize);
}

#[tokio::test]
async fn a_huge_retry_after_is_a_very_long_wait_never_a_quick_retry() {
    // Fits in 64 bits: kept as sent.
    let server = answering(429, "86400000000".into()).await;
    let err = offers(&client(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::RateLimited, "{err}");
    assert_eq!(err.retry_after(), Some(Duration::from_secs(86_400_000_000)));

    // Larger than any wait a clock can hold: still "wait", never "retry at once".
    for status in [503, 429] {
        let server = answering(status, "99999999999999999999999999".into()).await;
        let err = offers(&client(&server)).await.unwrap_err();
        assert_eq!(err.http_status(), Some(status), "{err}");
        let wait = err.retry_after().expect("a wait is reported");
        assert!(wait >= Duration::from_secs(u64::MAX), "{wait:?}");
        assert_eq!(server.request_count(), 1, "{status}: not retried");
    }
}

#[tokio::test]
async fn a_garbage_retry_after_is_ignored() {
    for garbage in ["soon", "-5", "1.5", "", "30 seconds"] {
        let server = answering(503, garbage.into()).await;
        let err = offers(&client(&server)).await.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Server, "{garbage:?}: {err}");
        assert_eq!(err.retry_after(), None, "{garbage:?}");
        assert_eq!(
            server.request_count(),
            1 + RETRIES as usize,
            "{garbage:?}: retried with the client's own backoff"
        );

        let server = answering(429, garbage.into()).await;
        let err = offers(&client(&server)).await.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::RateLimited, "{garbage:?}: {err}");
        assert_eq!(err.retry_after(), None, "{garbage:?}");
        assert_eq!(server.request_count(), 1, "{garbage:?}: 429 is not retried");
    }
}

#[tokio::test]
async fn a_503_storm_asking_for_30_s_against_a_2_s_deadline_is_one_request() {
    let server = answering(503, "30".into()).await;
    let mut config = config(&server);
    config.deadline = Duration::from_secs(2);
    let client = offerkit::OfferClient::new(config).unwrap();
    let err = bounded(
        Duration::from_secs(20),
        client.offers("player-1", &Default::default()),
    )
    .await
    .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Server, "{err}");
    assert_eq!(err.http_status(), Some(503));
    assert_eq!(err.retry_after(), Some(Duration::from_secs(30)), "as sent");
    assert_eq!(server.request_count(), 1);
}

#[tokio::test]
async fn a_short_retry_after_is_waited_for_then_the_answer_is_used() {
    let server = Server::start(|n, _| {
        if n == 0 {
            vec![Step::Send(response(503, &[("Retry-After", "1")], b""))]
        } else {
            ok(&offers_body(&good_offer("1")))
        }
    })
    .await;
    let started = std::time::Instant::now();
    let list = offers(&client(&server)).await.unwrap();
    assert_eq!(list.offers.len(), 1);
    assert!(
        started.elapsed() >= Duration::from_secs(1),
        "waited as asked"
    );
    assert_eq!(server.request_count(), 2);
}
