//! Throughput probe for BENCHMARKS.md: `--concurrency` tasks call `offers` (limit 20) on one
//! client for `--seconds`, and the program prints `{"requests", "seconds", "rps", "errors"}`.
//!
//! `cargo run --release -p offerkit-bench --bin throughput -- --url URL --token T --concurrency 64`

#![allow(clippy::unwrap_used, clippy::expect_used)] // a measurement tool: a broken run may stop

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use offerkit::{ClientConfig, OfferClient, OffersOptions};
use offerkit_bench::args::{arg, arg_or};
use serde_json::json;

fn main() {
    let url = arg("--url").expect("--url");
    let token = arg("--token").expect("--token");
    let concurrency: usize = arg_or("--concurrency", 64);
    let seconds: u64 = arg_or("--seconds", 10);
    let threads: usize = arg_or("--threads", 2);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async move {
        let client = OfferClient::new(ClientConfig::new(url).with_access_token(token)).unwrap();
        let done = Arc::new(AtomicU64::new(0));
        let errors = Arc::new(AtomicU64::new(0));
        let started = Instant::now();
        let until = started + Duration::from_secs(seconds);
        let tasks: Vec<_> = (0..concurrency)
            .map(|i| {
                let (client, done, errors) = (client.clone(), done.clone(), errors.clone());
                tokio::spawn(async move {
                    let options = OffersOptions {
                        limit: Some(20),
                        ..Default::default()
                    };
                    let player = format!("bench-{i}");
                    while Instant::now() < until {
                        match client.offers(&player, &options).await {
                            Ok(_) => done.fetch_add(1, Ordering::Relaxed),
                            Err(_) => errors.fetch_add(1, Ordering::Relaxed),
                        };
                    }
                })
            })
            .collect();
        for task in tasks {
            task.await.unwrap();
        }
        let elapsed = started.elapsed().as_secs_f64();
        let requests = done.load(Ordering::Relaxed);
        println!(
            "{}",
            json!({"requests": requests, "seconds": elapsed, "rps": requests as f64 / elapsed,
                   "errors": errors.load(Ordering::Relaxed), "concurrency": concurrency})
        );
    });
}
