//! Bytes that come too slowly, stop too early, arrive broken, are too many, or never come.
//! Each ends in a typed `timeout`, `network` or `decode` error carrying the status when one
//! arrived; connection-level failures are retried (1 + RETRIES requests), the others not.

use std::time::Duration;

use offerkit::{ErrorKind, RetryPolicy};

use super::server::{Server, Step, json};
use super::{RETRIES, bounded, config, good_offer, offers, offers_body};

const DRIP: Duration = Duration::from_millis(100);

/// `bytes` split after the blank line that ends the response head.
fn split_head(bytes: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let end = bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a response head")
        + 4;
    (bytes[..end].to_vec(), bytes[end..].to_vec())
}

fn good_response() -> Vec<u8> {
    json(200, &offers_body(&good_offer("1")))
}

#[tokio::test]
async fn a_body_dripped_one_byte_every_100_ms_times_out_with_its_status() {
    let server = Server::always(|| {
        let (head, body) = split_head(&good_response());
        vec![
            Step::Send(head),
            Step::Drip {
                bytes: body,
                every: DRIP,
            },
        ]
    })
    .await;
    let mut config = config(&server);
    config.timeout = Duration::from_secs(1);
    config.retry = RetryPolicy::none();
    let client = offerkit::OfferClient::new(config).unwrap();
    let err = offers(&client).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Timeout, "{err}");
    assert_eq!(err.http_status(), Some(200), "the head had arrived");
    assert_eq!(server.request_count(), 1);
}

#[tokio::test]
async fn a_dripped_body_with_retries_still_ends_at_the_deadline() {
    let server = Server::always(|| {
        let (head, body) = split_head(&good_response());
        vec![
            Step::Send(head),
            Step::Drip {
                bytes: body,
                every: DRIP,
            },
        ]
    })
    .await;
    let mut config = config(&server);
    config.timeout = Duration::from_secs(30);
    config.deadline = Duration::from_millis(1500);
    let client = offerkit::OfferClient::new(config).unwrap();
    let err = bounded(
        Duration::from_secs(15),
        client.offers("player-1", &Default::default()),
    )
    .await
    .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Timeout, "{err}");
}

#[tokio::test]
async fn dripped_headers_time_out_without_a_status() {
    let server = Server::always(|| {
        vec![Step::Drip {
            bytes: good_response(),
            every: DRIP,
        }]
    })
    .await;
    let mut config = config(&server);
    config.timeout = Duration::from_secs(1);
    config.retry = RetryPolicy::none();
    let err = offers(&offerkit::OfferClient::new(config).unwrap())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Timeout, "{err}");
    assert_eq!(err.http_status(), None, "no status line was complete");
}

#[tokio::test]
async fn a_server_that_never_answers_is_ended_by_the_deadline() {
    let server = Server::always(|| vec![Step::Hang]).await;
    let mut config = config(&server);
    config.timeout = Duration::from_secs(30);
    config.deadline = Duration::from_secs(1);
    let client = offerkit::OfferClient::new(config).unwrap();
    let err = bounded(
        Duration::from_secs(10),
        client.offers("player-1", &Default::default()),
    )
    .await
    .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Timeout, "{err}");
    assert_eq!(err.http_status(), None);
}

#[tokio::test]
async fn a_body_cut_short_of_its_content_length_is_network_with_status_200() {
    let server = Server::always(|| {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\
                    Connection: close\r\n\r\n";
        vec![Step::Send(
            format!("{head}{{\"data\":{{\"offers\":[").into_bytes(),
        )]
    })
    .await;
    let err = offers(&super::client(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Network, "{err}");
    assert_eq!(err.http_status(), Some(200));
    assert_eq!(server.request_count(), 1 + RETRIES as usize, "retried");
}

#[tokio::test]
async fn a_close_before_any_byte_is_network_without_a_status() {
    let server = Server::always(Vec::new).await;
    let err = offers(&super::client(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Network, "{err}");
    assert_eq!(err.http_status(), None);
    assert_eq!(server.request_count(), 1 + RETRIES as usize, "retried");
}

#[tokio::test]
async fn a_reset_is_network() {
    let server = Server::always(|| vec![Step::Reset]).await;
    let err = offers(&super::client(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Network, "{err}");
    assert_eq!(err.http_status(), None);
    assert_eq!(server.request_count(), 1 + RETRIES as usize, "retried");
}

#[tokio::test]
async fn a_reset_mid_body_is_network_with_status_200() {
    let server = Server::always(|| {
        let (head, body) = split_head(&good_response());
        vec![
            Step::Send(head),
            Step::Send(body[..10].to_vec()),
            Step::Pause(Duration::from_millis(200)),
            Step::Reset,
        ]
    })
    .await;
    let err = offers(&super::client(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Network, "{err}");
    assert_eq!(err.http_status(), Some(200));
}

#[tokio::test]
async fn an_answer_that_is_not_http_is_network() {
    let server = Server::always(|| vec![Step::Send(b"SSH-2.0-OpenSSH_9.2\r\n".to_vec())]).await;
    let err = offers(&super::client(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Network, "{err}");
    assert_eq!(err.http_status(), None);
}

const CHUNKED_HEAD: &str = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\
                            Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n";

#[tokio::test]
async fn a_malformed_chunk_is_network_with_status_200() {
    let server = Server::always(|| {
        vec![Step::Send(
            format!("{CHUNKED_HEAD}9\r\n{{\"data\":{{\r\nzz\r\n\"offers\":[]}}}}\r\n0\r\n\r\n")
                .into_bytes(),
        )]
    })
    .await;
    let err = offers(&super::client(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Network, "{err}");
    assert_eq!(err.http_status(), Some(200));
}

#[tokio::test]
async fn a_chunk_shorter_than_its_size_is_network_with_status_200() {
    let server = Server::always(|| {
        vec![Step::Send(
            format!("{CHUNKED_HEAD}100\r\n{{\"data\":{{").into_bytes(),
        )]
    })
    .await;
    let err = offers(&super::client(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Network, "{err}");
    assert_eq!(err.http_status(), Some(200));
}

/// A long but well-formed `offers` answer of at least `bytes` bytes.
fn long_body(bytes: usize) -> String {
    let one = good_offer("1");
    let items = vec![one.as_str(); bytes / one.len() + 1].join(",");
    offers_body(&items)
}

#[tokio::test]
async fn a_body_over_the_cap_without_content_length_is_decode_with_status() {
    let server = Server::always(|| {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n";
        vec![Step::Send(
            format!("{head}{}", long_body(64 * 1024)).into_bytes(),
        )]
    })
    .await;
    let mut config = config(&server);
    config.max_body_bytes = 4096;
    let err = offers(&offerkit::OfferClient::new(config).unwrap())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert_eq!(err.http_status(), Some(200));
    assert!(err.message().contains("4096"), "names the cap: {err}");
    assert_eq!(server.request_count(), 1, "not retried");
}

#[tokio::test]
async fn a_chunked_body_over_the_cap_is_decode_with_status() {
    let server = Server::always(|| {
        let body = long_body(64 * 1024);
        let mut out = CHUNKED_HEAD.to_string();
        for chunk in body.as_bytes().chunks(1000) {
            out.push_str(&format!("{:x}\r\n", chunk.len()));
            out.push_str(std::str::from_utf8(chunk).unwrap());
            out.push_str("\r\n");
        }
        out.push_str("0\r\n\r\n");
        vec![Step::Send(out.into_bytes())]
    })
    .await;
    let mut config = config(&server);
    config.max_body_bytes = 4096;
    let err = offers(&offerkit::OfferClient::new(config).unwrap())
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert_eq!(err.http_status(), Some(200));
    assert_eq!(server.request_count(), 1, "not retried");
}

#[tokio::test]
async fn a_body_exactly_at_the_cap_is_accepted() {
    let body = offers_body(&good_offer("1"));
    let cap = body.len();
    let server = Server::always(move || {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n";
        vec![Step::Send(
            format!("{head}{}", offers_body(&good_offer("1"))).into_bytes(),
        )]
    })
    .await;
    let mut config = config(&server);
    config.max_body_bytes = cap;
    let list = offers(&offerkit::OfferClient::new(config).unwrap())
        .await
        .unwrap();
    assert_eq!(list.offers.len(), 1);
}

#[tokio::test]
async fn no_content_and_an_empty_200_are_decode_with_their_status() {
    for status in [200, 204] {
        let server = Server::always(move || {
            vec![Step::Send(
                format!("HTTP/1.1 {status} X\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                    .into_bytes(),
            )]
        })
        .await;
        let err = offers(&super::client(&server)).await.unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Decode, "{status}: {err}");
        assert_eq!(err.http_status(), Some(status));
        assert_eq!(server.request_count(), 1, "not retried");
    }
}

#[tokio::test]
async fn two_different_content_lengths_are_network_never_a_guess() {
    let server = Server::always(|| {
        let body = offers_body(&good_offer("1"));
        vec![Step::Send(
            format!(
                "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nContent-Length: 5\r\n\
                 Connection: close\r\n\r\n{body}",
                body.len()
            )
            .into_bytes(),
        )]
    })
    .await;
    let err = offers(&super::client(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Network, "{err}");
    assert_eq!(err.http_status(), None, "the head itself is refused");
}

#[tokio::test]
async fn a_head_of_thousands_of_headers_is_network() {
    let server = Server::always(|| {
        let mut head = "HTTP/1.1 200 OK\r\n".to_string();
        for i in 0..5000 {
            head.push_str(&format!("X-Filler-{i}: {}\r\n", "y".repeat(64)));
        }
        head.push_str("Content-Length: 2\r\nConnection: close\r\n\r\n{}");
        vec![Step::Send(head.into_bytes())]
    })
    .await;
    let err = offers(&super::client(&server)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Network, "{err}");
    assert_eq!(err.http_status(), None);
}

#[tokio::test]
async fn an_http_1_0_answer_ended_by_closing_is_read() {
    let server = Server::always(|| {
        vec![Step::Send(
            format!(
                "HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n{}",
                offers_body(&good_offer("10"))
            )
            .into_bytes(),
        )]
    })
    .await;
    let list = offers(&super::client(&server)).await.unwrap();
    assert_eq!(list.offers[0].id.as_deref(), Some("10"));
}
