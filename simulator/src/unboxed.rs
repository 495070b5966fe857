//! `Unboxed<T>`: an object type resolved without async-graphql's per-field machinery. For
//! an ordinary selection (plain fields, no fragments, no directives, no response key twice)
//! it calls the type's own field resolvers one after another and collects their values, as
//! `resolve_container_serial` does, minus a boxed future of about 1 kB per field (a third
//! of an `offers` request went into resolving its offers' fields). Any other selection is
//! resolved by async-graphql as before. In the schema it is simply `T`.
//!
//! This skips the per-field hooks of schema extensions; the simulator's schema has none.

use async_graphql::indexmap::IndexMap;
use async_graphql::parser::types::{Field, Selection};
use async_graphql::registry::Registry;
use async_graphql::{
    ContainerType, ContextSelectionSet, OutputType, Positioned, ServerResult, Value,
};
use std::borrow::Cow;

pub struct Unboxed<T>(pub T);

impl<T: ContainerType> OutputType for Unboxed<T> {
    fn type_name() -> Cow<'static, str> {
        T::type_name()
    }

    fn qualified_type_name() -> String {
        T::qualified_type_name()
    }

    fn introspection_type_name(&self) -> Cow<'static, str> {
        self.0.introspection_type_name()
    }

    fn create_type_info(registry: &mut Registry) -> String {
        T::create_type_info(registry)
    }

    async fn resolve(
        &self,
        ctx: &ContextSelectionSet<'_>,
        field: &Positioned<Field>,
    ) -> ServerResult<Value> {
        if !only_plain_fields(ctx) {
            return self.0.resolve(ctx, field).await;
        }
        let mut values = IndexMap::with_capacity(ctx.item.node.items.len());
        for selection in &ctx.item.node.items {
            let Selection::Field(field) = &selection.node else {
                continue;
            };
            let key = field.node.response_key().node.clone();
            if field.node.name.node == "__typename" {
                let name = self.0.introspection_type_name().into_owned();
                values.insert(key, Value::String(name));
                continue;
            }
            // As async-graphql does: a failed field is reported and left out.
            match self.0.resolve_field(&ctx.with_field(field)).await {
                Ok(value) => {
                    values.insert(key, value.unwrap_or_default());
                }
                Err(error) => ctx.add_error(error),
            }
        }
        Ok(if values.is_empty() {
            Value::Null
        } else {
            Value::Object(values)
        })
    }
}

/// Whether the selection is fields only, without directives, each response key once (so no
/// fragments to apply and no values to merge).
fn only_plain_fields(ctx: &ContextSelectionSet<'_>) -> bool {
    let items = &ctx.item.node.items;
    items.iter().enumerate().all(|(i, selection)| {
        let Selection::Field(field) = &selection.node else {
            return false;
        };
        let key = &field.node.response_key().node;
        field.node.directives.is_empty()
            && items[..i].iter().all(|earlier| match &earlier.node {
                Selection::Field(earlier) => earlier.node.response_key().node != *key,
                _ => false,
            })
    })
}

#[cfg(test)]
mod tests {
    use crate::catalogue::Catalogue;
    use crate::cursor::CursorKey;
    use crate::schema::{self, SchemaData};
    use std::sync::Arc;

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
}
