//! Latency probe for BENCHMARKS.md: one `offers` call (limit 20) at a time over keep-alive, either
//! through the offerkit client (`--mode core`) or through a minimal reqwest program sending the
//! identical request and parsing the body into `serde_json::Value` (`--mode raw`, the floor).
//! Prints one JSON array of per-call latencies in microseconds after `--warmup` calls.
//!
//! `cargo run --release -p offerkit-bench --bin latency -- --mode core --url URL --token T --calls 100`

#![allow(clippy::unwrap_used, clippy::expect_used)] // a measurement tool: a broken run may stop

use std::sync::Arc;
use std::time::{Duration, Instant};

use offerkit::{ClientConfig, OfferClient, OffersOptions};
use offerkit_bench::args::{arg, arg_or};
use serde_json::{Value, json};

/// The document offerkit sends for `offers` (kept identical so both modes do the same work).
const DOCUMENT: &str = "query Offers($player_id: String!, $limit: Int, $language: String, $sort: String) \
     { offers(player_id: $player_id, limit: $limit, language: $language, sort: $sort) { \
     id name total_payout_usd creatives { name description } } }";

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mode = arg("--mode").unwrap_or_else(|| "core".into());
    let url = arg("--url").expect("--url");
    let token = arg("--token").expect("--token");
    let calls: usize = arg_or("--calls", 100);
    let warmup: usize = arg_or("--warmup", 20);
    let player = arg("--player").unwrap_or_else(|| "bench-player".into());

    let mut samples = Vec::with_capacity(calls);
    match mode.as_str() {
        "core" => {
            let client = OfferClient::new(ClientConfig::new(url).with_access_token(token)).unwrap();
            let options = OffersOptions {
                limit: Some(20),
                ..Default::default()
            };
            for i in 0..warmup + calls {
                let started = Instant::now();
                let offers = client.offers(&player, &options).await.unwrap();
                let took = started.elapsed();
                assert_eq!(offers.len(), 20);
                if i >= warmup {
                    samples.push(took);
                }
            }
        }
        "raw" => {
            let tls = rustls::ClientConfig::builder_with_provider(Arc::new(
                rustls::crypto::ring::default_provider(),
            ))
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_root_certificates(rustls::RootCertStore::empty())
            .with_no_client_auth();
            let http = reqwest::Client::builder()
                .tls_backend_preconfigured(tls)
                .no_proxy()
                .build()
                .unwrap();
            let endpoint = format!("{url}/v1/offers");
            let body = json!({"query": DOCUMENT, "variables": {"player_id": player, "limit": 20}});
            for i in 0..warmup + calls {
                let started = Instant::now();
                let bytes = http
                    .post(&endpoint)
                    .bearer_auth(&token)
                    .header("accept", "application/json")
                    .json(&body)
                    .send()
                    .await
                    .unwrap()
                    .bytes()
                    .await
                    .unwrap();
                let value: Value = serde_json::from_slice(&bytes).unwrap();
                let took = started.elapsed();
                assert_eq!(value["data"]["offers"].as_array().map(Vec::len), Some(20));
                if i >= warmup {
                    samples.push(took);
                }
            }
        }
        other => panic!("unknown --mode {other}"),
    }
    let micros: Vec<u128> = samples.iter().map(Duration::as_micros).collect();
    println!("{}", serde_json::to_string(&micros).unwrap());
}
