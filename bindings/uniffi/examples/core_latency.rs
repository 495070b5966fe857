//! The Rust core's own latency of `offers`, the baseline of the Python overhead budget:
//! sequential calls on one client, as bindings/python/bench/bench_offers.py does through the
//! bindings. Run by bindings/uniffi/bench.sh.
//!
//! `core_latency BASE_URL TOKEN CALLS` prints one JSON line: median/mean/p90 in microseconds.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a measurement tool: a broken run may stop

use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, base_url, token, calls] = args.as_slice() else {
        eprintln!("usage: core_latency BASE_URL TOKEN CALLS");
        std::process::exit(2);
    };
    let calls: usize = calls.parse().expect("CALLS is a number");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let client = offerkit::OfferClient::new(
        offerkit::ClientConfig::new(base_url.as_str()).with_access_token(token.as_str()),
    )
    .expect("client");
    let options = offerkit::OffersOptions {
        limit: Some(10),
        ..Default::default()
    };
    let samples: Vec<Duration> = runtime.block_on(async {
        client
            .offers("bench-player", &options)
            .await
            .expect("warm-up");
        let mut samples = Vec::with_capacity(calls);
        for _ in 0..calls {
            let started = Instant::now();
            let offers = client
                .offers("bench-player", &options)
                .await
                .expect("offers");
            samples.push(started.elapsed());
            assert_eq!(offers.len(), 10);
        }
        samples
    });
    println!("{}", summary("rust core", &samples));
}

fn summary(what: &str, samples: &[Duration]) -> String {
    let mut us: Vec<f64> = samples.iter().map(|d| d.as_secs_f64() * 1e6).collect();
    us.sort_by(f64::total_cmp);
    let mean = us.iter().sum::<f64>() / us.len() as f64;
    format!(
        "{{\"what\":\"{what}\",\"calls\":{},\"median_us\":{:.1},\"mean_us\":{mean:.1},\"p90_us\":{:.1}}}",
        us.len(),
        us[us.len() / 2],
        us[us.len() * 9 / 10],
    )
}
