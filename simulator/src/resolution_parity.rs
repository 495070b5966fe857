//! Tests that the simulator's shortcuts answer byte for byte as async-graphql's general
//! resolution does: an offer's serde form (what the GET listing writes) and the unboxed
//! resolution of plain selections. They run whole queries through the schema, which is built
//! on the code they check, so they live here rather than beside that code.

use std::sync::Arc;

use crate::catalogue::Catalogue;
use crate::cursor::CursorKey;
use crate::locale::Language;
use crate::offer_view::OfferView;
use crate::schema::{self, SchemaData};

/// Every field of `Offer`, in the type's order (so also the serde order).
const ALL_FIELDS: &str = "id name total_payout_usd
    creatives { name description icon_url instructions categories short_description offer_cta currency_name currency_name_plural }
    campaign_id tracking_type total_amount start_datetime is_multi_reward completion_difficulty
    is_featured_campaign store_id updated_at
    goals { id name description amount payout_usd order is_purchase_goal }
    links { click_url support_url } stats { network_epi }";

/// The resolvers (one per field) and the serde path (every field, for the listing) give
/// the same bytes for the same offers, in every language.
#[tokio::test]
async fn selecting_every_field_gives_the_serialized_offer() {
    let catalogue = Arc::new(Catalogue::generate(7, 40));
    let base_url = "http://127.0.0.1:9";
    let schema = schema::build(SchemaData {
        catalogue: Arc::clone(&catalogue),
        rewards: Arc::default(),
        cursors: CursorKey::new(7),
        base_url: base_url.to_owned(),
    });
    let player = "p x/é&1";
    for (arg, language) in [
        ("en", Language::En),
        ("de", Language::De),
        ("zh-HK", Language::ZhHk),
        ("zh-TW", Language::ZhTw),
    ] {
        let query =
            format!(r#"{{ offers(player_id: "{player}", language: "{arg}") {{ {ALL_FIELDS} }} }}"#);
        let response = schema.execute(query).await;
        assert!(response.errors.is_empty(), "{:?}", response.errors);
        let resolved = serde_json::to_string(&response.data).unwrap_or_default();
        let views: Vec<OfferView<'_>> = catalogue
            .targeted(player)
            .into_iter()
            .map(|o| OfferView::new(o, language, base_url, Some(Arc::from(player))))
            .collect();
        assert!(views.len() > 10);
        let serialized = serde_json::to_string(&views).unwrap_or_default();
        assert_eq!(resolved, format!(r#"{{"offers":{serialized}}}"#), "{arg}");
    }
}

/// `{ fields }` as `{ ... { fields } }`: the same selection, but not plain, so
/// async-graphql resolves it.
fn fragment(fields: &str) -> String {
    format!("... {{ {fields} }}")
}

/// The same selections resolved by `Unboxed` and by async-graphql give the same bytes.
#[tokio::test]
async fn plain_selections_resolve_as_async_graphql_resolves_them() {
    let schema = schema::build(SchemaData {
        catalogue: Arc::new(Catalogue::generate(3, 30)),
        rewards: Arc::default(),
        cursors: CursorKey::new(3),
        base_url: "http://127.0.0.1:9".to_owned(),
    });
    let creatives = "name __typename description icon_url instructions categories \
                     short_description offer_cta currency_name currency_name_plural";
    let goals = "id name __typename description amount payout_usd order is_purchase_goal";
    let offer = |creatives: &str, goals: &str| {
        format!(
            "id __typename n: name total_payout_usd creatives {{ {creatives} }} campaign_id \
             tracking_type total_amount start_datetime is_multi_reward completion_difficulty \
             is_featured_campaign store_id updated_at goals {{ {goals} }} \
             links {{ click_url support_url }} stats {{ network_epi }} \
             c: creatives {{ d: description }}"
        )
    };
    let item = |creatives: &str| {
        format!(
            "id name status total_payout_usd payout_earned_usd creatives {{ {creatives} }} \
             last_activity_at __typename"
        )
    };
    let query = |offer: &str, item: &str| {
        format!(
            r#"{{ offers(player_id: "p/1", language: "de", sort: "epc.desc") {{ {offer} }}
               playerOffers(player_id: "p/1", limit: 4, language: "zh-HK") {{ items {{ {item} }} next_cursor }} }}"#
        )
    };
    let plain = query(&offer(creatives, goals), &item(creatives));
    let fragments = query(
        &fragment(&offer(&fragment(creatives), &fragment(goals))),
        &fragment(&item(&fragment(creatives))),
    );
    let answer = |q: String| {
        let schema = &schema;
        async move {
            let response = schema.execute(q).await;
            assert!(response.errors.is_empty(), "{:?}", response.errors);
            serde_json::to_string(&response.data).unwrap_or_default()
        }
    };
    let unboxed = answer(plain).await;
    assert!(unboxed.len() > 10_000, "{unboxed}");
    assert_eq!(unboxed, answer(fragments).await);
}
