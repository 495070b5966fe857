//! Soak and fault test of the Rust client: for N seconds, several tasks call the simulator
//! while random faults are injected (5xx bursts, latency beyond the timeout, dropped
//! connections, malformed and oversized bodies) and requests are randomly cancelled. It prints
//! requests, each error kind's count, panics, hangs, RSS and open file descriptors, and exits
//! non-zero when an invariant breaks (a panic, a hang past the timeout budget, an `internal`
//! error, descriptors not back to baseline, or RSS growth after warm-up above the bound).
//!
//! `cargo run --release -p offerkit-bench --bin soak -- --seconds 60 --tasks 8`

#![allow(clippy::unwrap_used, clippy::expect_used)] // a measurement tool: a broken run may stop

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use offerkit::{CacheConfig, ClientConfig, ErrorKind, OfferClient, OffersOptions, RetryPolicy};
use offerkit_bench::args::arg_or;
use offerkit_sim::{Fault, FaultKind, SimConfig, Simulator};

const TIMEOUT: Duration = Duration::from_millis(400);
/// Most RSS growth accepted between the end of warm-up and the end of the run.
const RSS_GROWTH_BOUND_KB: u64 = 16 * 1024;

#[derive(Default)]
struct Tally {
    requests: u64,
    ok: u64,
    stale: u64,
    cancelled: u64,
    kinds: BTreeMap<&'static str, u64>,
    panics: u64,
    hangs: u64,
    slowest: Duration,
}

fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        })
        .unwrap_or(0)
}

fn open_fds() -> usize {
    std::fs::read_dir("/proc/self/fd").map_or(0, |d| d.count())
}

fn random_fault() -> Option<Fault> {
    let status = |status| FaultKind::Status {
        status,
        retry_after_secs: None,
        body: None,
    };
    let fault = match fastrand::u32(0..100) {
        0..=59 => return None,
        60..=67 => Fault::new(status(503)).times(fastrand::u32(1..5)),
        68..=71 => Fault::new(status(500)),
        72..=79 => Fault::new(FaultKind::Latency { ms: 600 }),
        80..=87 => Fault::new(FaultKind::DropMidBody),
        88..=93 => Fault::new(FaultKind::MalformedJson),
        _ => Fault::new(FaultKind::OversizedBody { bytes: 2 << 20 }),
    };
    Some(fault)
}

async fn worker(
    client: OfferClient,
    sim: Arc<Simulator>,
    tally: Arc<Mutex<Tally>>,
    until: Instant,
) {
    // Worst honest duration: every attempt times out, plus capped backoff, plus slack for a
    // loaded machine (a real hang is unbounded, so it still shows).
    let budget = TIMEOUT * 3 + Duration::from_millis(200) + Duration::from_secs(5);
    while Instant::now() < until {
        if let Some(fault) = random_fault() {
            sim.inject(fault);
        }
        let player = format!("soak-{}", fastrand::u32(0..20));
        let options = OffersOptions {
            limit: Some(i64::from(fastrand::u8(1..30))),
            ..Default::default()
        };
        let cancel_after =
            (fastrand::u8(0..10) == 0).then(|| Duration::from_millis(fastrand::u64(1..300)));
        let client = client.clone();
        let started = Instant::now();
        let call = tokio::spawn(async move {
            let request = client.offers_fetched(&player, &options);
            match cancel_after {
                Some(after) => tokio::time::timeout(after, request).await.ok(),
                None => Some(request.await),
            }
        });
        let outcome = call.await;
        let elapsed = started.elapsed();
        let mut t = tally.lock().unwrap();
        t.requests += 1;
        t.slowest = t.slowest.max(elapsed);
        if elapsed > budget {
            t.hangs += 1;
        }
        match outcome {
            Err(join) if join.is_panic() => t.panics += 1,
            Err(_) | Ok(None) => t.cancelled += 1,
            Ok(Some(Ok(fetched))) => {
                t.ok += 1;
                t.stale += u64::from(fetched.stale);
            }
            Ok(Some(Err(err))) => *t.kinds.entry(err.kind().as_str()).or_default() += 1,
        }
    }
}

async fn run(seconds: u64, tasks: u64) -> bool {
    let sim = Arc::new(
        Simulator::start(SimConfig::default())
            .await
            .expect("simulator"),
    );
    let fds_before = open_fds();
    let mut config = ClientConfig::new(sim.base_url())
        .with_access_token(sim.issue_token(Duration::from_secs(86_400)))
        .with_timeout(TIMEOUT)
        .with_retry(RetryPolicy {
            initial_backoff: Duration::from_millis(10),
            max_backoff: Duration::from_millis(100),
            ..RetryPolicy::default()
        });
    config.max_body_bytes = 1 << 20;
    config.cache = Some(CacheConfig {
        ttl: Duration::from_millis(50),
        ..CacheConfig::default()
    });
    let client = OfferClient::new(config).expect("client");
    let tally = Arc::new(Mutex::new(Tally::default()));

    let warm_up = Instant::now() + Duration::from_secs(seconds.min(10) / 2 + 1);
    let mut handles: Vec<_> = (0..tasks)
        .map(|_| tokio::spawn(worker(client.clone(), sim.clone(), tally.clone(), warm_up)))
        .collect();
    for h in handles.drain(..) {
        let _ = h.await;
    }
    let rss_after_warm_up = rss_kb();
    let until = Instant::now() + Duration::from_secs(seconds);
    handles = (0..tasks)
        .map(|_| tokio::spawn(worker(client.clone(), sim.clone(), tally.clone(), until)))
        .collect();
    for h in handles {
        let _ = h.await;
    }
    let rss_end = rss_kb();
    drop(client);
    sim.clear_faults();
    // Both ends of each pooled connection live in this process and close asynchronously: wait
    // (bounded) for them to be back at the baseline instead of sleeping a fixed time.
    let settle_until = Instant::now() + Duration::from_secs(10);
    let mut fds_after = open_fds();
    while fds_after > fds_before && Instant::now() < settle_until {
        tokio::time::sleep(Duration::from_millis(50)).await;
        fds_after = open_fds();
    }

    let t = tally.lock().unwrap();
    let internal = t.kinds.get("internal").copied().unwrap_or(0);
    println!(
        "soak: {} s, {} tasks, timeout {:?}",
        seconds, tasks, TIMEOUT
    );
    println!(
        "requests {} ok {} (stale {}) cancelled {} slowest {:?}",
        t.requests, t.ok, t.stale, t.cancelled, t.slowest
    );
    for kind in ErrorKind::ALL {
        println!(
            "  {:<24} {}",
            kind.as_str(),
            t.kinds.get(kind.as_str()).copied().unwrap_or(0)
        );
    }
    println!("untyped errors 0 (every error is an offerkit::Error), internal {internal}");
    println!("panics {} hangs {}", t.panics, t.hangs);
    println!("rss after warm-up {rss_after_warm_up} kB, at end {rss_end} kB");
    println!("open fds before {fds_before}, after {fds_after}");
    let rss_ok = rss_end <= rss_after_warm_up + RSS_GROWTH_BOUND_KB;
    let ok = t.panics == 0
        && t.hangs == 0
        && internal == 0
        && fds_after <= fds_before
        && rss_ok
        && t.ok > 0;
    println!("soak: {}", if ok { "ok" } else { "FAILED" });
    ok
}

fn main() {
    let seconds: u64 = arg_or("--seconds", 30);
    let tasks: u64 = arg_or("--tasks", 8);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    if !runtime.block_on(run(seconds, tasks)) {
        std::process::exit(1);
    }
}
