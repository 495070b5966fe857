//! Decode speed for BENCHMARKS.md: an `offers` response of 10 / 100 / 1,000 / 10,000 offers with
//! every field the simulator serves, decoded into typed offers versus parsed into
//! `serde_json::Value`. The bodies come from the simulator itself, so they are realistic.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use offerkit_sim::{SimConfig, Simulator};

const ALL_FIELDS: &str = "id name total_payout_usd campaign_id tracking_type total_amount start_datetime \
    is_multi_reward completion_difficulty is_featured_campaign store_id updated_at \
    creatives { name description icon_url instructions categories short_description offer_cta currency_name currency_name_plural } \
    goals { id name description amount payout_usd order is_purchase_goal } \
    links { click_url support_url } stats { network_epi }";

/// An `offers` body with about `n` offers (a catalogue of `n / 0.6` targets about `n`).
fn body(runtime: &tokio::runtime::Runtime, n: usize) -> Vec<u8> {
    runtime.block_on(async {
        let sim = Simulator::start(SimConfig {
            offer_count: n * 5 / 3 + 2,
            ..SimConfig::default()
        })
        .await
        .unwrap();
        let token = sim.issue_token(std::time::Duration::from_secs(600));
        let client = offerkit::OfferClient::new(
            offerkit::ClientConfig::new(sim.base_url()).with_access_token(token),
        )
        .unwrap();
        let document = format!("{{ offers(player_id: \"bench\", limit: {n}) {{ {ALL_FIELDS} }} }}");
        let response = client.graphql(&document, None).await.unwrap();
        serde_json::to_vec(&serde_json::json!({"data": response.data})).unwrap()
    })
}

fn decode(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut group = c.benchmark_group("decode_offers");
    for n in [10usize, 100, 1_000, 10_000] {
        let body = body(&runtime, n);
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
