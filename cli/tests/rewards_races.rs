//! Same-id races between receiver processes: 64 copies of one conversion, split over two
//! `offerkit rewards serve` processes sharing one PostgreSQL database, each copy held one byte
//! short of complete until all 64 are in, then released together. One is credited, 63 are
//! duplicates, the balance holds the amount once. (The ledger's own tests hold a row in an
//! open transaction to show that the second credit waits; this is the same rule end to end.)

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use std::sync::Arc;

use common::rewards::*;
use offerkit::server::postback::{PostbackKey, sign_v3};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::Barrier;

const COPIES: usize = 64;

/// One signed copy, sent but for its last byte; after `barrier`, the byte, then the answer:
/// (status, "result").
async fn held_copy(addr: String, request_id: String, barrier: Arc<Barrier>) -> (u16, String) {
    let body = v3_body("conv-raced", "p-raced", 70, &request_id);
    let signature = sign_v3(&PostbackKey::new(KEY), &body);
    let head = format!(
        "POST /postback HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nSignature: {signature}\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
    stream.set_nodelay(true).unwrap();
    stream.write_all(head.as_bytes()).await.unwrap();
    let (most, last) = body.split_at(body.len() - 1);
    stream.write_all(most).await.unwrap();
    stream.flush().await.unwrap();
    barrier.wait().await;
    stream.write_all(last).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let (status, _, value) = parse_answer(&raw).unwrap();
    let result = value["result"].as_str().map(str::to_owned);
    (status, result.unwrap_or_else(|| value.to_string()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sixty_four_copies_across_two_receiver_processes_credit_once() {
    let Some(db) = postgres_url("copies").await else {
        return;
    };
    let (a, b) = (Receiver::start(&db, &[]), Receiver::start(&db, &[]));
    let barrier = Arc::new(Barrier::new(COPIES));
    let copies: Vec<_> = (0..COPIES)
        .map(|i| {
            let addr = if i % 2 == 0 { &a.addr } else { &b.addr };
            tokio::spawn(held_copy(addr.clone(), format!("r-{i}"), barrier.clone()))
        })
        .collect();
    let mut answers = Vec::new();
    for copy in copies {
        answers.push(copy.await.unwrap());
    }
    let credited = answers
        .iter()
        .filter(|(s, r)| *s == 200 && r == "credited")
        .count();
    let duplicates = answers
        .iter()
        .filter(|(s, r)| *s == 200 && r == "duplicate")
        .count();
    assert_eq!(
        (credited, duplicates),
        (1, COPIES - 1),
        "one credit, the rest duplicates: {answers:?}"
    );
    assert_eq!(balance(&a.addr, "p-raced").await, (70, 1));
    assert_eq!(balance(&b.addr, "p-raced").await, (70, 1));
    let credits = a.stop().matches("postback credited").count()
        + b.stop().matches("postback credited").count();
    assert_eq!(credits, 1);
}
