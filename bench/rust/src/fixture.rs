//! The decode benchmarks' input: an `offers` response body made by the simulator itself, so the
//! bytes are realistic, with every field it serves or only the spec's four.

use std::error::Error;
use std::time::Duration;

use offerkit::{ClientConfig, OfferClient};
use offerkit_sim::{SimConfig, Simulator};

/// Every offer field the simulator serves.
pub const ALL_FIELDS: &str = "id name total_payout_usd campaign_id tracking_type total_amount start_datetime \
    is_multi_reward completion_difficulty is_featured_campaign store_id updated_at \
    creatives { name description icon_url instructions categories short_description offer_cta currency_name currency_name_plural } \
    goals { id name description amount payout_usd order is_purchase_goal } \
    links { click_url support_url } stats { network_epi }";

/// The four fields the spec types (the client's default selection).
pub const SPEC_FIELDS: &str = "id name total_payout_usd creatives { name description }";

/// An `offers` body `{"data": …}` with about `n` offers selecting `fields` (a catalogue of
/// `n / 0.6` offers targets about `n` at one player).
pub async fn offers_body(n: usize, fields: &str) -> Result<Vec<u8>, Box<dyn Error>> {
    let sim = Simulator::start(SimConfig {
        offer_count: n * 5 / 3 + 2,
        ..SimConfig::default()
    })
    .await?;
    let token = sim.issue_token(Duration::from_secs(600));
    let client = OfferClient::new(ClientConfig::new(sim.base_url()).with_access_token(token))?;
    let document = format!("{{ offers(player_id: \"bench\", limit: {n}) {{ {fields} }} }}");
    let response = client.graphql(&document, None).await?;
    Ok(format!(r#"{{"data":{}}}"#, response.data_json()).into_bytes())
}
