//! Interleaved decode timing for BENCHMARKS.md: typed `decode::offers` and `serde_json::Value`
//! alternate on the same body, so machine noise hits both alike; prints medians and the ratio
//! for 10 / 100 / 1,000 / 10,000 offers, with every field the simulator serves and with the
//! spec's four fields only (the default selection).
//!
//! `cargo run --release -p offerkit-bench --bin decode_ratio`

#![allow(clippy::unwrap_used, clippy::expect_used)] // a measurement tool: a broken run may stop

use std::time::Instant;

use offerkit_bench::fixture::{ALL_FIELDS, SPEC_FIELDS, offers_body};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    println!("| selection | offers | body bytes | typed median | Value median | typed / Value |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for (selection, fields) in [("all fields", ALL_FIELDS), ("spec fields", SPEC_FIELDS)] {
        for n in [10usize, 100, 1_000, 10_000] {
            let body = offers_body(n, fields).await.unwrap();
            let rounds = (200_000 / n).clamp(20, 2_000);
            let (mut typed, mut value) = (Vec::new(), Vec::new());
            let mut count = 0;
            for _ in 0..rounds {
                let t = Instant::now();
                count = std::hint::black_box(offerkit::decode::offers(&body, None).unwrap())
                    .offers
                    .len();
                typed.push(t.elapsed().as_secs_f64() * 1e6);
                let t = Instant::now();
                std::hint::black_box(serde_json::from_slice::<serde_json::Value>(&body).unwrap());
                value.push(t.elapsed().as_secs_f64() * 1e6);
            }
            let (t, v) = (median(typed), median(value));
            println!(
                "| {selection} | {count} | {} | {t:.0} µs | {v:.0} µs | {:.2} |",
                body.len(),
                t / v
            );
        }
    }
}
