//! Interleaved decode timing for BENCHMARKS.md: typed `decode::offers` and `serde_json::Value`
//! alternate on the same body, so machine noise hits both alike; prints medians and the ratio
//! for 10 / 100 / 1,000 / 10,000 offers, with every field the simulator serves and with the
//! spec's four fields only (the default selection).
//!
//! `cargo run --release -p offerkit --example decode_ratio`

use std::time::Instant;

use offerkit_sim::{SimConfig, Simulator};

const ALL_FIELDS: &str = "id name total_payout_usd campaign_id tracking_type total_amount start_datetime \
    is_multi_reward completion_difficulty is_featured_campaign store_id updated_at \
    creatives { name description icon_url instructions categories short_description offer_cta currency_name currency_name_plural } \
    goals { id name description amount payout_usd order is_purchase_goal } \
    links { click_url support_url } stats { network_epi }";

const SPEC_FIELDS: &str = "id name total_payout_usd creatives { name description }";

async fn body(n: usize, fields: &str) -> Vec<u8> {
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
    let document = format!("{{ offers(player_id: \"bench\", limit: {n}) {{ {fields} }} }}");
    let response = client.graphql(&document, None).await.unwrap();
    serde_json::to_vec(&serde_json::json!({"data": response.data})).unwrap()
}

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
            let body = body(n, fields).await;
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
