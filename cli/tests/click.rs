//! `offerkit click-url`: the tracking URL of an offer for a player, from a URL or from the
//! offer as the service lists it — and the simulator takes the click (302 to the landing page)
//! only when it carries a player id.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test fails by panicking

use std::process::{Command, Output};

use offerkit_sim::{SimConfig, Simulator};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn offerkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_offerkit"))
        .args(args)
        .env_remove("OFFERKIT_BASE_URL")
        .env_remove("OFFERKIT_ACCESS_TOKEN")
        .env_remove("OFFERKIT_LOG")
        .output()
        .expect("offerkit runs")
}

fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("{e}: {output:?}"))
}

/// `GET` of a URL on the simulator: (status, Location header).
async fn get(url: &str) -> (u16, String) {
    let rest = url.strip_prefix("http://").unwrap();
    let (host, path) = rest.split_at(rest.find('/').unwrap());
    let mut stream = tokio::net::TcpStream::connect(host).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).await.unwrap();
    let status = raw.split(' ').nth(1).unwrap().parse().unwrap();
    let location = raw
        .lines()
        .find_map(|l| l.strip_prefix("location: "))
        .unwrap_or_default()
        .to_owned();
    (status, location)
}

#[test]
fn from_a_url_the_player_is_replaced_and_conventions_warned() {
    let out = offerkit(&[
        "--json",
        "click-url",
        "--player-id",
        "Player.One",
        "--url",
        "https://t.example/click/7?player_id=old&s=1",
    ]);
    assert!(out.status.success(), "{out:?}");
    let doc = json(&out);
    assert_eq!(
        doc["url"],
        "https://t.example/click/7?s=1&player_id=Player.One"
    );
    assert_eq!(doc["warnings"], serde_json::json!(["uppercase", "period"]));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("warning: the player id contains uppercase letters")
    );

    let out = offerkit(&[
        "click-url",
        "--player-id",
        "p-1",
        "--url",
        "https://t.example/click/7",
    ]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "https://t.example/click/7?player_id=p-1\n"
    );
    assert!(out.stderr.is_empty(), "no warning for a conventional id");
}

#[test]
fn no_click_url_without_a_valid_player_id() {
    for id in ["", &"x".repeat(256)] {
        let out = offerkit(&[
            "--json",
            "click-url",
            "--player-id",
            id,
            "--url",
            "https://t.example/click/7",
        ]);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(json(&out)["error"]["kind"], "invalid_argument");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn from_an_offer_the_simulator_takes_the_click() {
    let sim = Simulator::start(SimConfig::default()).await.unwrap();
    let token = sim.issue_token(std::time::Duration::from_secs(600));
    let offer_id = sim.targeted_offer_ids("p-7")[0].clone();
    let out = Command::new(env!("CARGO_BIN_EXE_offerkit"))
        .args([
            "--json",
            "--base-url",
            &sim.base_url(),
            "--access-token",
            &token,
            "click-url",
            "--player-id",
            "p-7",
            "--offer-id",
            &offer_id,
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let url = json(&out)["url"].as_str().unwrap().to_owned();
    assert_eq!(
        url,
        format!("{}/click/{offer_id}?player_id=p-7", sim.base_url())
    );
    assert_eq!(get(&url).await, (302, format!("/landing/{offer_id}")));
    // Without the player id the same link lands on the 404 page (the spec).
    assert_eq!(
        get(url.split('?').next().unwrap()).await,
        (302, "/404".to_owned())
    );
}
