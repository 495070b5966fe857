//! The GraphQL schema served at `POST /v1/offers` (async-graphql): root fields `offers`,
//! `links`, `playerOffers`, with snake_case field and argument names as the service uses.
//! The object types double as the JSON items of the GET listing, so both stay identical.
//! Types and fields the spec leaves unshown are the simulator's own (see README.md).

use async_graphql::indexmap::IndexMap;
use async_graphql::{
    Context, EmptyMutation, EmptySubscription, ErrorExtensions, ID, Name, Object, Result, Schema,
    SimpleObject, Value,
};
use serde::Serialize;
use std::sync::Arc;

use crate::catalogue::{Catalogue, Engagement, Offer, sort_offers};
use crate::cursor::CursorKey;
use crate::locale::{Fill, Language, fill};
use crate::time::format_datetime;
use crate::validation::{self, Violations};

pub type SimSchema = Schema<QueryRoot, EmptyMutation, EmptySubscription>;

pub const INVALID_CURSOR_MESSAGE: &str = "Invalid cursor.";
pub const INVALID_CURSOR_REASON: &str = "The cursor was not issued by this query for this player. Omit `after` to start at the first page.";

/// What resolvers need, handed to the schema once at start-up.
pub struct SchemaData {
    pub catalogue: Arc<Catalogue>,
    pub cursors: CursorKey,
    pub base_url: String,
}

pub fn build(data: SchemaData) -> SimSchema {
    Schema::build(QueryRoot, EmptyMutation, EmptySubscription)
        .data(data)
        .finish()
}

#[derive(Clone, Debug, Serialize, SimpleObject)]
#[graphql(name = "Creatives", rename_fields = "snake_case")]
pub struct CreativesView {
    pub name: Option<String>,
    pub description: Option<String>,
    pub icon_url: Option<String>,
    pub instructions: Option<Vec<Option<String>>>,
    pub categories: Option<Vec<Option<String>>>,
    pub short_description: Option<String>,
    pub offer_cta: Option<String>,
    pub currency_name: Option<String>,
    pub currency_name_plural: Option<String>,
}

#[derive(Clone, Debug, Serialize, SimpleObject)]
#[graphql(name = "Goal", rename_fields = "snake_case")]
pub struct GoalView {
    pub id: Option<ID>,
    pub name: Option<String>,
    pub description: Option<String>,
    pub amount: Option<f64>,
    pub payout_usd: Option<f64>,
    pub order: Option<i32>,
    pub is_purchase_goal: Option<bool>,
}

#[derive(Clone, Debug, Serialize, SimpleObject)]
#[graphql(name = "OfferLinks", rename_fields = "snake_case")]
pub struct OfferLinksView {
    pub click_url: Option<String>,
    pub support_url: Option<String>,
}

#[derive(Clone, Debug, Serialize, SimpleObject)]
#[graphql(name = "OfferStats", rename_fields = "snake_case")]
pub struct OfferStatsView {
    pub network_epi: Option<f64>,
}

/// An offer as the service shows it (no `epc`: that is only a sort key).
#[derive(Clone, Debug, Serialize, SimpleObject)]
#[graphql(name = "Offer", rename_fields = "snake_case")]
pub struct OfferView {
    pub id: ID,
    pub name: Option<String>,
    pub total_payout_usd: Option<f64>,
    pub creatives: Option<CreativesView>,
    pub campaign_id: Option<i32>,
    pub tracking_type: Option<String>,
    pub total_amount: Option<f64>,
    pub start_datetime: Option<String>,
    pub is_multi_reward: Option<bool>,
    pub completion_difficulty: Option<i32>,
    pub is_featured_campaign: Option<bool>,
    pub store_id: Option<String>,
    pub updated_at: Option<String>,
    pub goals: Option<Vec<Option<GoalView>>>,
    pub links: Option<OfferLinksView>,
    pub stats: Option<OfferStatsView>,
}

/// Result of `links`.
#[derive(Clone, Debug, Serialize, SimpleObject)]
#[graphql(name = "Links", rename_fields = "snake_case")]
pub struct LinksView {
    pub support_portal: String,
    pub offerwall: String,
}

/// An offer the player engaged with (an item of `playerOffers`).
#[derive(Clone, Debug, Serialize, SimpleObject)]
#[graphql(name = "PlayerOffer", rename_fields = "snake_case")]
pub struct PlayerOfferView {
    pub id: ID,
    pub name: Option<String>,
    /// `in_progress` or `completed`.
    pub status: String,
    pub total_payout_usd: Option<f64>,
    pub payout_earned_usd: Option<f64>,
    pub creatives: Option<CreativesView>,
    pub last_activity_at: Option<String>,
}

/// One page of `playerOffers`.
#[derive(Clone, Debug, Serialize, SimpleObject)]
#[graphql(name = "PlayerOffersPage", rename_fields = "snake_case")]
pub struct PlayerOffersPage {
    pub items: Vec<PlayerOfferView>,
    /// Cursor of the next page; null on the last page.
    pub next_cursor: Option<String>,
}

/// `?player_id=…` (and more pairs), form-encoded.
pub fn query_string(pairs: &[(&str, &str)]) -> String {
    let mut s = form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs {
        s.append_pair(k, v);
    }
    s.finish()
}

fn creatives(offer: &Offer, language: Language) -> CreativesView {
    let t = language.texts();
    let values = Fill {
        app: &offer.name,
        level: offer.level,
        amount: offer.total_amount,
        currency: t.currency_name_plural,
    };
    CreativesView {
        name: Some(offer.name.clone()),
        description: Some(fill(t.description, &values)),
        icon_url: Some(format!(
            "https://cdn.offerkit-sim.invalid/icons/{}.png",
            offer.id
        )),
        instructions: Some(
            t.instructions
                .iter()
                .map(|i| Some(fill(i, &values)))
                .collect(),
        ),
        categories: Some(vec![
            Some(t.category.to_owned()),
            Some(t.genres[offer.genre].to_owned()),
        ]),
        short_description: Some(fill(t.short_description, &values)),
        offer_cta: Some(t.offer_cta.to_owned()),
        currency_name: Some(t.currency_name.to_owned()),
        currency_name_plural: Some(t.currency_name_plural.to_owned()),
    }
}

/// An offer for `player_id` (`None` in the GET listing, whose click URLs carry no player).
pub fn offer_view(
    offer: &Offer,
    language: Language,
    base_url: &str,
    player_id: Option<&str>,
) -> OfferView {
    let t = language.texts();
    let goals = offer
        .goals
        .iter()
        .map(|g| {
            let values = Fill {
                app: &offer.name,
                level: g.level.unwrap_or(offer.level),
                amount: g.amount,
                currency: t.currency_name_plural,
            };
            let (name, description) = match g.level {
                Some(_) => (t.goal_level_name, t.goal_level_description),
                None => (t.goal_purchase_name, t.goal_purchase_description),
            };
            Some(GoalView {
                id: Some(ID(g.id.clone())),
                name: Some(fill(name, &values)),
                description: Some(fill(description, &values)),
                amount: Some(g.amount),
                payout_usd: Some(g.payout_usd),
                order: Some(g.order),
                is_purchase_goal: Some(g.level.is_none()),
            })
        })
        .collect();
    let (click_url, support_url) = match player_id {
        Some(p) => (
            format!(
                "{base_url}/click/{}?{}",
                offer.id,
                query_string(&[("player_id", p)])
            ),
            format!(
                "{base_url}/support?{}",
                query_string(&[("player_id", p), ("offer_id", &offer.id)])
            ),
        ),
        None => (
            format!("{base_url}/click/{}", offer.id),
            format!(
                "{base_url}/support?{}",
                query_string(&[("offer_id", &offer.id)])
            ),
        ),
    };
    OfferView {
        id: ID(offer.id.clone()),
        name: Some(offer.name.clone()),
        total_payout_usd: Some(offer.total_payout_usd),
        creatives: Some(creatives(offer, language)),
        campaign_id: Some(offer.campaign_id),
        tracking_type: Some(offer.tracking_type.to_owned()),
        total_amount: Some(offer.total_amount),
        start_datetime: Some(format_datetime(offer.start_datetime)),
        is_multi_reward: Some(offer.is_multi_reward),
        completion_difficulty: Some(offer.completion_difficulty),
        is_featured_campaign: Some(offer.is_featured_campaign),
        store_id: Some(offer.store_id.clone()),
        updated_at: Some(format_datetime(offer.updated_at)),
        goals: Some(goals),
        links: Some(OfferLinksView {
            click_url: Some(click_url),
            support_url: Some(support_url),
        }),
        stats: Some(OfferStatsView {
            network_epi: Some(offer.network_epi),
        }),
    }
}

fn player_offer_view(e: &Engagement<'_>, language: Language) -> PlayerOfferView {
    PlayerOfferView {
        id: ID(e.offer.id.clone()),
        name: Some(e.offer.name.clone()),
        status: e.status.as_str().to_owned(),
        total_payout_usd: Some(e.offer.total_payout_usd),
        payout_earned_usd: Some(e.payout_earned_usd),
        creatives: Some(creatives(e.offer, language)),
        last_activity_at: Some(format_datetime(e.last_activity_at)),
    }
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

fn offers(
    ctx: &Context<'_>,
    player_id: &str,
    limit: Option<i32>,
    language: Option<&str>,
    sort: Option<&str>,
) -> Result<Vec<OfferView>> {
    let args = validation::offers_args(player_id, limit, language, sort)
        .map_err(|v| validation_error("offers", &v))?;
    let data = ctx.data::<SchemaData>()?;
    let mut offers = data.catalogue.targeted(player_id);
    if let Some((key, direction)) = args.sort {
        sort_offers(&mut offers, key, direction);
    }
    if let Some(limit) = args.limit {
        offers.truncate(limit);
    }
    Ok(offers
        .into_iter()
        .map(|o| offer_view(o, args.language, &data.base_url, Some(player_id)))
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

fn player_offers(
    ctx: &Context<'_>,
    player_id: &str,
    language: Option<&str>,
    limit: Option<i32>,
    after: Option<&str>,
) -> Result<PlayerOffersPage> {
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
    let engagements = data.catalogue.engagements(player_id);
    let end = start.saturating_add(args.limit).min(engagements.len());
    let items = engagements
        .get(start..end)
        .unwrap_or_default()
        .iter()
        .map(|e| player_offer_view(e, args.language))
        .collect();
    let next_cursor = (end < engagements.len()).then(|| data.cursors.issue(player_id, end));
    Ok(PlayerOffersPage { items, next_cursor })
}

pub struct QueryRoot;

#[Object(name = "Query", rename_args = "snake_case")]
impl QueryRoot {
    /// Offers targeted at the player, optionally sorted (`epc.asc|desc`,
    /// `last_activation.asc|desc`), localised and truncated to `limit` (no default limit).
    #[graphql(name = "offers")]
    async fn offers_field(
        &self,
        ctx: &Context<'_>,
        player_id: String,
        limit: Option<i32>,
        language: Option<String>,
        sort: Option<String>,
    ) -> Option<Vec<OfferView>> {
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
    async fn player_offers_field(
        &self,
        ctx: &Context<'_>,
        player_id: String,
        language: Option<String>,
        limit: Option<i32>,
        after: Option<String>,
    ) -> Option<PlayerOffersPage> {
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
