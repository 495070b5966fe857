//! The GraphQL schema served at `POST /v1/offers` (async-graphql): root fields `offers`,
//! `links`, `playerOffers`, with snake_case field and argument names as the service uses.
//! The offer types are in `offer_view.rs` (shared with the GET listing's JSON items).
//! Types and fields the spec leaves unshown are the simulator's own (see README.md).
//! Object types are `serial` (fields resolved in turn): no resolver waits, so it is the same
//! answer without a task set per object; lists and nested objects are `Unboxed`.

use async_graphql::indexmap::IndexMap;
use async_graphql::{
    Context, EmptyMutation, EmptySubscription, ErrorExtensions, ID, Name, Object, Result, Schema,
    SimpleObject, Value,
};
use std::sync::Arc;

use crate::catalogue::{Catalogue, Engagement, sort_offers};
use crate::cursor::CursorKey;
use crate::locale::Language;
use crate::mess::Mess;
use crate::mess_paging;
use crate::offer_view::{CreativesView, OfferView};
use crate::query_string::query_string;
use crate::time::format_datetime;
use crate::unboxed::Unboxed;
use crate::validation::{self, Violations};

pub type SimSchema = Schema<QueryRoot, EmptyMutation, EmptySubscription>;

pub const INVALID_CURSOR_MESSAGE: &str = "Invalid cursor.";
pub const INVALID_CURSOR_REASON: &str = "The cursor was not issued by this query for this player. Omit `after` to start at the first page.";

/// What resolvers need, handed to the schema once at start-up.
pub struct SchemaData {
    pub catalogue: Arc<Catalogue>,
    /// Completions made through the rewards loop, shown by `playerOffers`.
    pub rewards: Arc<crate::rewards::Rewards>,
    pub cursors: CursorKey,
    pub base_url: String,
}

/// No extensions: `Unboxed` objects skip their per-field hooks.
pub fn build(data: SchemaData) -> SimSchema {
    Schema::build(QueryRoot, EmptyMutation, EmptySubscription)
        .data(data)
        .finish()
}

/// Result of `links`.
#[derive(Clone, Debug, SimpleObject)]
#[graphql(name = "Links", rename_fields = "snake_case", serial)]
pub struct LinksView {
    pub support_portal: String,
    pub offerwall: String,
}

pub struct PlayerOfferView<'a> {
    engagement: Engagement<'a>,
    language: Language,
}

// The doc comments below are the schema's descriptions.
/// An offer the player engaged with (an item of `playerOffers`).
#[Object(name = "PlayerOffer", rename_fields = "snake_case", serial)]
impl<'a> PlayerOfferView<'a> {
    async fn id(&self) -> ID {
        ID(self.engagement.offer.id.clone())
    }

    async fn name(&self) -> Option<&'a str> {
        Some(&self.engagement.offer.name)
    }

    /// `in_progress` or `completed`.
    async fn status(&self) -> &'static str {
        self.engagement.status.as_str()
    }

    async fn total_payout_usd(&self) -> Option<f64> {
        Some(self.engagement.offer.total_payout_usd)
    }

    async fn payout_earned_usd(&self) -> Option<f64> {
        Some(self.engagement.payout_earned_usd)
    }

    async fn creatives(&self) -> Option<Unboxed<CreativesView<'a>>> {
        Some(Unboxed(CreativesView::new(
            self.engagement.offer,
            self.language,
        )))
    }

    async fn last_activity_at(&self) -> Option<String> {
        Some(format_datetime(self.engagement.last_activity_at))
    }
}

/// One page of `playerOffers`.
#[derive(SimpleObject)]
#[graphql(name = "PlayerOffersPage", rename_fields = "snake_case", serial)]
pub struct PlayerOffersPage<'a> {
    pub items: Vec<Unboxed<PlayerOfferView<'a>>>,
    /// Cursor of the next page; null on the last page.
    pub next_cursor: Option<String>,
}

/// One error for the whole field, every failing argument in `extensions.validation`.
fn validation_error(field: &str, violations: &Violations) -> async_graphql::Error {
    let map: IndexMap<Name, Value> = violations
        .iter()
        .map(|(arg, messages)| {
            (
                Name::new(arg),
                Value::List(messages.iter().cloned().map(Value::String).collect()),
            )
        })
        .collect();
    async_graphql::Error::new(format!("Validation failed for the field [{field}]."))
        .extend_with(|_, e| e.set("validation", Value::Object(map)))
}

fn invalid_cursor() -> async_graphql::Error {
    async_graphql::Error::new(INVALID_CURSOR_MESSAGE)
        .extend_with(|_, e| e.set("reason", INVALID_CURSOR_REASON))
}

/// A failed field resolves to null with its error reported, so sibling fields keep their
/// data (`{"offers": null}`), as the service answers. (async-graphql would otherwise drop
/// the field from `data`.)
fn null_on_error<T>(ctx: &Context<'_>, result: Result<T>) -> Option<T> {
    match result {
        Ok(value) => Some(value),
        Err(error) => {
            ctx.add_error(ctx.set_error_path(error.into_server_error(ctx.item.pos)));
            None
        }
    }
}

fn offers<'a>(
    ctx: &Context<'a>,
    player_id: &str,
    limit: Option<i32>,
    language: Option<&str>,
    sort: Option<&str>,
) -> Result<Vec<Unboxed<OfferView<'a>>>> {
    let args = validation::offers_args(player_id, limit, language, sort)
        .map_err(|v| validation_error("offers", &v))?;
    let data = ctx.data::<SchemaData>()?;
    let player: Arc<str> = Arc::from(player_id);
    let mut offers = data.catalogue.targeted(player_id);
    if let Some((key, direction)) = args.sort {
        sort_offers(&mut offers, key, direction);
    }
    if let Some(limit) = args.limit {
        offers.truncate(limit);
    }
    Ok(offers
        .into_iter()
        .map(|o| {
            Unboxed(OfferView::new(
                o,
                args.language,
                &data.base_url,
                Some(Arc::clone(&player)),
            ))
        })
        .collect())
}

fn links(ctx: &Context<'_>, player_id: &str) -> Result<LinksView> {
    validation::links_args(player_id).map_err(|v| validation_error("links", &v))?;
    let data = ctx.data::<SchemaData>()?;
    let q = query_string(&[("player_id", player_id)]);
    Ok(LinksView {
        support_portal: format!("{}/support?{q}", data.base_url),
        offerwall: format!("{}/offerwall?{q}", data.base_url),
    })
}

fn player_offers<'a>(
    ctx: &Context<'a>,
    player_id: &str,
    language: Option<&str>,
    limit: Option<i32>,
    after: Option<&str>,
) -> Result<PlayerOffersPage<'a>> {
    let args = validation::player_offers_args(player_id, language, limit)
        .map_err(|v| validation_error("playerOffers", &v))?;
    let data = ctx.data::<SchemaData>()?;
    let start = match after {
        None => 0,
        Some(cursor) => data
            .cursors
            .open(player_id, cursor)
            .ok_or_else(invalid_cursor)?,
    };
    let mut engagements = data.catalogue.engagements(player_id);
    data.rewards
        .overlay(player_id, &mut engagements, &data.catalogue);
    let total = engagements.len();
    let end = start.saturating_add(args.limit).min(total);
    // Misbehaviour modes of the request, if any (see graphql.rs and mess_paging.rs).
    let mess = ctx.data_opt::<Mess>().and_then(|mess| {
        mess_paging::player_offers(mess, &data.cursors, player_id, after.map(|_| start), total)
    });
    let shown = if mess.as_ref().is_some_and(|m| m.empty) {
        0
    } else {
        end
    };
    let items = engagements
        .into_iter()
        .take(shown)
        .skip(start)
        .map(|engagement| {
            Unboxed(PlayerOfferView {
                engagement,
                language: args.language,
            })
        })
        .collect();
    let next_cursor = match mess {
        Some(mess) => Some(mess.next_cursor),
        None => (end < total).then(|| data.cursors.issue(player_id, end)),
    };
    Ok(PlayerOffersPage { items, next_cursor })
}

pub struct QueryRoot;

#[Object(name = "Query", rename_args = "snake_case")]
impl QueryRoot {
    /// Offers targeted at the player, optionally sorted (`epc.asc|desc`,
    /// `last_activation.asc|desc`), localised and truncated to `limit` (no default limit).
    #[graphql(name = "offers")]
    async fn offers_field<'a>(
        &self,
        ctx: &Context<'a>,
        player_id: String,
        limit: Option<i32>,
        language: Option<String>,
        sort: Option<String>,
    ) -> Option<Vec<Unboxed<OfferView<'a>>>> {
        null_on_error(
            ctx,
            offers(ctx, &player_id, limit, language.as_deref(), sort.as_deref()),
        )
    }

    /// Tracking links for the player.
    #[graphql(name = "links")]
    async fn links_field(&self, ctx: &Context<'_>, player_id: String) -> Option<LinksView> {
        null_on_error(ctx, links(ctx, &player_id))
    }

    /// Offers the player engaged with, most recent first, `limit` (1..=100, default 50) per
    /// page; pass the previous page's `next_cursor` as `after` for the next one.
    #[graphql(name = "playerOffers")]
    async fn player_offers_field<'a>(
        &self,
        ctx: &Context<'a>,
        player_id: String,
        language: Option<String>,
        limit: Option<i32>,
        after: Option<String>,
    ) -> Option<PlayerOffersPage<'a>> {
        null_on_error(
            ctx,
            player_offers(
                ctx,
                &player_id,
                language.as_deref(),
                limit,
                after.as_deref(),
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// README.md documents the schema; it must be the one served.
    #[test]
    fn readme_shows_the_served_schema() {
        let schema = build(SchemaData {
            catalogue: Arc::new(Catalogue::generate(1, 1)),
            rewards: Arc::default(),
            cursors: CursorKey::new(1),
            base_url: String::new(),
        });
        let sdl = schema.sdl_with_options(
            async_graphql::SDLExportOptions::new()
                .use_space_ident()
                .indent_width(2),
        );
        // The built-in directives and the schema block that follow the types are not repeated there.
        let types = sdl
            .split("\"\"\"\nDirects the executor")
            .next()
            .unwrap_or_default()
            .trim();
        let readme = include_str!("../README.md");
        assert!(readme.contains(types), "update README.md with:\n{types}");
    }
}
