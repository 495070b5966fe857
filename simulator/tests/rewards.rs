//! The simulator's rewards loop against a stub receiver: a click with a player id is needed
//! to complete an offer; the postback is signed as documented (checked here with an HMAC of
//! our own), retried after 1 s and 2 s while the receiver answers non-2xx, given up after
//! 1 + 3 attempts, and resent as duplicates with new request ids.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

mod common;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, Method};
use axum::routing::any;
use bytes::Bytes;
use common::{send, start_with};
use hmac::{Hmac, Mac};
use offerkit_sim::{PostbackFormat, PostbackTarget, SimConfig, Simulator};
use serde_json::{Value, json};
use sha2::Sha256;

const KEY: &str = "pbk-sim-test-5e1d";

#[derive(Clone, Debug)]
struct Received {
    at: Instant,
    method: Method,
    query: Option<String>,
    signature: Option<String>,
    body: Bytes,
}

/// A receiver answering `statuses` in turn (then the last one forever).
#[derive(Clone)]
struct Stub {
    seen: Arc<Mutex<Vec<Received>>>,
    statuses: Arc<Vec<u16>>,
}

async fn receive(
    State(stub): State<Stub>,
    method: Method,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Bytes,
) -> axum::http::StatusCode {
    let mut seen = stub.seen.lock().unwrap();
    seen.push(Received {
        at: Instant::now(),
        method,
        query,
        signature: headers
            .get("signature")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned),
        body,
    });
    let status = stub
        .statuses
        .get(seen.len() - 1)
        .or(stub.statuses.last())
        .copied()
        .unwrap_or(200);
    axum::http::StatusCode::from_u16(status).unwrap()
}

async fn stub(statuses: &[u16]) -> (String, Stub) {
    let stub = Stub {
        seen: Arc::default(),
        statuses: Arc::new(statuses.to_vec()),
    };
    let app = axum::Router::new()
        .route("/postback", any(receive))
        .with_state(stub.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/postback", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, stub)
}

fn hmac_hex(message: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(KEY.as_bytes()).unwrap();
    mac.update(message);
    mac.finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

async fn sim_sending_to(url: &str) -> Simulator {
    start_with(SimConfig {
        postback: Some(PostbackTarget {
            url: url.to_owned(),
            key: KEY.to_owned(),
        }),
        ..SimConfig::default()
    })
    .await
}

async fn click(sim: &Simulator, offer_id: &str, player_id: &str) {
    let path = format!(
        "/click/{offer_id}?player_id={}",
        player_id.replace(' ', "%20")
    );
    assert_eq!(send(sim, "GET", &path, &[], Bytes::new()).await.status, 302);
}

async fn settle(sim: &Simulator) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while sim.postback_attempts().1 > 0 {
        assert!(Instant::now() < deadline, "postbacks still under way");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn v3_is_signed_retried_then_duplicated() {
    let (url, stub) = stub(&[503, 500, 200]).await;
    let sim = sim_sending_to(&url).await;
    let offer = sim.targeted_offer_ids("Player One")[0].clone();
    assert!(
        sim.complete_offer("Player One", &offer, PostbackFormat::V3, 1)
            .is_err(),
        "not clicked yet"
    );
    click(&sim, &offer, "Player One").await;
    let conversion_id = sim
        .complete_offer("Player One", &offer, PostbackFormat::V3, 1)
        .unwrap();
    settle(&sim).await;
    let seen = stub.seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 4, "503, 500, 200, then one duplicate");
    assert!(
        seen[1].at - seen[0].at >= Duration::from_millis(900),
        "first retry after about 1 s"
    );
    assert!(
        seen[2].at - seen[1].at >= Duration::from_millis(1900),
        "second retry after about 2 s"
    );
    let mut request_ids = Vec::new();
    for r in &seen {
        assert_eq!(r.method, Method::POST);
        assert_eq!(
            r.signature.as_deref(),
            Some(hmac_hex(&r.body).as_str()),
            "Signature = hex HMAC of the body"
        );
        let body: Value = serde_json::from_slice(&r.body).unwrap();
        assert_eq!(
            body["data"]["player_id"], "Player One",
            "the id from the click"
        );
        assert_eq!(body["data"]["conversion_id"], conversion_id.as_str());
        assert_eq!(body["data"]["conversion_type"], "reward");
        assert!(body["data"]["amount"].as_i64().unwrap() > 0);
        assert!(body["timestamp"].as_i64().unwrap() > 1_700_000_000);
        request_ids.push(body["request_id"].as_str().unwrap().to_owned());
    }
    assert_eq!(
        request_ids[0], request_ids[2],
        "a retry is the same request"
    );
    assert_ne!(
        request_ids[2], request_ids[3],
        "a duplicate is a new request"
    );
    let (attempts, _) = sim.postback_attempts();
    let statuses: Vec<(u16, bool)> = attempts.iter().map(|a| (a.status, a.duplicate)).collect();
    assert_eq!(
        statuses,
        [(503, false), (500, false), (200, false), (200, true)]
    );
}

#[tokio::test]
async fn v2_verifier_signs_the_url_without_it_and_gives_up_after_four_attempts() {
    let (url, stub) = stub(&[500]).await;
    let sim = sim_sending_to(&url).await;
    let offer = sim.targeted_offer_ids("p-2")[0].clone();
    click(&sim, &offer, "p-2").await;
    let response = send(
        &sim,
        "POST",
        "/_sim/complete",
        &[("content-type", "application/json")],
        json!({"player_id": "p-2", "offer_id": offer, "format": "v2"}).to_string(),
    )
    .await;
    assert_eq!(response.status, 200, "{:?}", response.body);
    settle(&sim).await;
    let seen = stub.seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 4, "one try and three retries, then it gives up");
    let query = seen[0].query.clone().unwrap();
    let (signed, verifier) = query.rsplit_once("&verifier=").unwrap();
    assert_eq!(verifier, hmac_hex(format!("{url}?{signed}").as_bytes()));
    assert!(signed.starts_with("player_id=p-2&amount="), "{signed}");
    assert!(signed.contains("&transaction_id=sim-"), "{signed}");
    let attempts: Value = send(&sim, "GET", "/_sim/postbacks", &[], Bytes::new())
        .await
        .json();
    assert_eq!(attempts["in_flight"], 0);
    assert_eq!(attempts["attempts"].as_array().unwrap().len(), 4);
    assert_eq!(attempts["attempts"][3]["status"], 500);
}

#[tokio::test]
async fn completions_need_a_click_and_a_known_offer() {
    let sim = start_with(SimConfig::default()).await;
    let offer = sim.targeted_offer_ids("p-3")[0].clone();
    let complete = |body: Value| {
        let sim = &sim;
        async move {
            send(sim, "POST", "/_sim/complete", &[], body.to_string())
                .await
                .status
        }
    };
    assert_eq!(
        complete(json!({"player_id": "p-3", "offer_id": offer})).await,
        409
    );
    click(&sim, &offer, "p-3").await;
    assert_eq!(
        complete(json!({"player_id": "P-3", "offer_id": offer})).await,
        409,
        "ids are exact"
    );
    assert_eq!(
        complete(json!({"player_id": "p-3", "offer_id": "404"})).await,
        404
    );
    assert_eq!(complete(json!({"player": "p-3"})).await, 400);
    assert_eq!(
        complete(json!({"player_id": "p-3", "offer_id": offer})).await,
        200
    );
    assert!(
        sim.postback_attempts().0.is_empty(),
        "no target, no postback"
    );
    // A click without a player id records nothing (and lands on the 404 page).
    assert_eq!(
        send(&sim, "GET", &format!("/click/{offer}"), &[], Bytes::new())
            .await
            .status,
        302
    );
}
