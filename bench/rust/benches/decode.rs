//! Decode speed for BENCHMARKS.md: an `offers` response of 10 / 100 / 1,000 / 10,000 offers with
//! every field the simulator serves, decoded into typed offers versus parsed into
//! `serde_json::Value`. The bodies come from the simulator itself, so they are realistic.
//!
//! `cargo bench -p offerkit-bench --bench decode`

#![allow(clippy::unwrap_used, clippy::expect_used)] // a measurement tool: a broken run may stop

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use offerkit_bench::fixture::{ALL_FIELDS, offers_body};

fn decode(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut group = c.benchmark_group("decode_offers");
    for n in [10usize, 100, 1_000, 10_000] {
        let body = runtime.block_on(offers_body(n, ALL_FIELDS)).unwrap();
        let count = offerkit::decode::offers(&body, None).unwrap().offers.len();
        assert!(count >= n * 9 / 10, "{count} offers for {n}");
        eprintln!("decode_offers/{n}: {count} offers, {} bytes", body.len());
        group.throughput(Throughput::Bytes(body.len() as u64));
        group.bench_with_input(BenchmarkId::new("typed", n), &body, |b, body| {
            b.iter(|| offerkit::decode::offers(black_box(body), None).unwrap())
        });
        group.bench_with_input(BenchmarkId::new("value", n), &body, |b, body| {
            b.iter(|| serde_json::from_slice::<serde_json::Value>(black_box(body)).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, decode);
criterion_main!(benches);
