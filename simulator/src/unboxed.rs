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
