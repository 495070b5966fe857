//! An offer as the service shows it, computed field by field from the catalogue's [`Offer`]:
//! the GraphQL types `Offer`, `Creatives` and `Goal` resolve only the fields a query selects
//! (a query for four fields does not build goals, links and localised texts), and the GET
//! listing serializes the same values with every field, in the types' field order.
//!
//! The types are `serial`: no resolver ever waits, so fields resolved one after another give
//! the same answer, without async-graphql's task set per object (FuturesUnordered). Nested
//! objects are handed out as `Unboxed` (see unboxed.rs).

use async_graphql::{ID, Object, SimpleObject};
use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};
use std::sync::Arc;

use crate::catalogue::{Goal, Offer};
use crate::locale::{Fill, Language, Texts, fill};
use crate::query_string::query_string;
use crate::time::format_datetime;
use crate::unboxed::Unboxed;

/// One offer for one reader: in their language, with links for their player id (`None` in
/// the GET listing, whose click URLs carry no player).
#[derive(Clone)]
pub struct OfferView<'a> {
    offer: &'a Offer,
    language: Language,
    base_url: &'a str,
    player_id: Option<Arc<str>>,
}

impl<'a> OfferView<'a> {
    pub fn new(
        offer: &'a Offer,
        language: Language,
        base_url: &'a str,
        player_id: Option<Arc<str>>,
    ) -> OfferView<'a> {
        OfferView {
            offer,
            language,
            base_url,
            player_id,
        }
    }

    fn creatives_view(&self) -> CreativesView<'a> {
        CreativesView::new(self.offer, self.language)
    }

    fn goal_views(&self) -> Vec<Option<GoalView<'a>>> {
        self.offer
            .goals
            .iter()
            .map(|goal| {
                Some(GoalView {
                    offer: self.offer,
                    goal,
                    language: self.language,
                })
            })
            .collect()
    }

    fn links_view(&self) -> OfferLinksView {
        let (base_url, id) = (self.base_url, &self.offer.id);
        let (click_url, support_url) = match self.player_id.as_deref() {
            Some(p) => (
                format!(
                    "{base_url}/click/{id}?{}",
                    query_string(&[("player_id", p)])
                ),
                format!(
                    "{base_url}/support?{}",
                    query_string(&[("player_id", p), ("offer_id", id)])
                ),
            ),
            None => (
                format!("{base_url}/click/{id}"),
                format!("{base_url}/support?{}", query_string(&[("offer_id", id)])),
            ),
        };
        OfferLinksView {
            click_url: Some(click_url),
            support_url: Some(support_url),
        }
    }

    fn stats_view(&self) -> OfferStatsView {
        OfferStatsView {
            network_epi: Some(self.offer.network_epi),
        }
    }
}

// No doc comments on the fields below: they would become field descriptions in the schema.
/// An offer as the service shows it (no `epc`: that is only a sort key).
#[Object(name = "Offer", rename_fields = "snake_case", serial)]
impl<'a> OfferView<'a> {
    async fn id(&self) -> ID {
        ID(self.offer.id.clone())
    }

    async fn name(&self) -> Option<&'a str> {
        Some(&self.offer.name)
    }

    async fn total_payout_usd(&self) -> Option<f64> {
        Some(self.offer.total_payout_usd)
    }

    async fn creatives(&self) -> Option<Unboxed<CreativesView<'a>>> {
        Some(Unboxed(self.creatives_view()))
    }

    async fn campaign_id(&self) -> Option<i32> {
        Some(self.offer.campaign_id)
    }

    async fn tracking_type(&self) -> Option<&'static str> {
        Some(self.offer.tracking_type)
    }

    async fn total_amount(&self) -> Option<f64> {
        Some(self.offer.total_amount)
    }

    async fn start_datetime(&self) -> Option<String> {
        Some(format_datetime(self.offer.start_datetime))
    }

    async fn is_multi_reward(&self) -> Option<bool> {
        Some(self.offer.is_multi_reward)
    }

    async fn completion_difficulty(&self) -> Option<i32> {
        Some(self.offer.completion_difficulty)
    }

    async fn is_featured_campaign(&self) -> Option<bool> {
        Some(self.offer.is_featured_campaign)
    }

    async fn store_id(&self) -> Option<&'a str> {
        Some(&self.offer.store_id)
    }

    async fn updated_at(&self) -> Option<String> {
        Some(format_datetime(self.offer.updated_at))
    }

    async fn goals(&self) -> Option<Vec<Option<Unboxed<GoalView<'a>>>>> {
        Some(
            self.goal_views()
                .into_iter()
                .map(|g| g.map(Unboxed))
                .collect(),
        )
    }

    async fn links(&self) -> Option<OfferLinksView> {
        Some(self.links_view())
    }

    async fn stats(&self) -> Option<OfferStatsView> {
        Some(self.stats_view())
    }
}

/// Every field, in the order of the GraphQL type (the GET listing's items).
impl Serialize for OfferView<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let o = self.offer;
        let mut s = serializer.serialize_struct("Offer", 16)?;
        s.serialize_field("id", &o.id)?;
        s.serialize_field("name", &o.name)?;
        s.serialize_field("total_payout_usd", &o.total_payout_usd)?;
        s.serialize_field("creatives", &self.creatives_view())?;
        s.serialize_field("campaign_id", &o.campaign_id)?;
        s.serialize_field("tracking_type", o.tracking_type)?;
        s.serialize_field("total_amount", &o.total_amount)?;
        s.serialize_field("start_datetime", &format_datetime(o.start_datetime))?;
        s.serialize_field("is_multi_reward", &o.is_multi_reward)?;
        s.serialize_field("completion_difficulty", &o.completion_difficulty)?;
        s.serialize_field("is_featured_campaign", &o.is_featured_campaign)?;
        s.serialize_field("store_id", &o.store_id)?;
        s.serialize_field("updated_at", &format_datetime(o.updated_at))?;
        s.serialize_field("goals", &self.goal_views())?;
        s.serialize_field("links", &self.links_view())?;
        s.serialize_field("stats", &self.stats_view())?;
        s.end()
    }
}

/// An offer's localised texts.
pub struct CreativesView<'a> {
    offer: &'a Offer,
    texts: &'static Texts,
}

impl<'a> CreativesView<'a> {
    pub fn new(offer: &'a Offer, language: Language) -> CreativesView<'a> {
        CreativesView {
            offer,
            texts: language.texts(),
        }
    }

    fn fill(&self, template: &str) -> String {
        fill(
            template,
            &Fill {
                app: &self.offer.name,
                level: self.offer.level,
                amount: self.offer.total_amount,
                currency: self.texts.currency_name_plural,
            },
        )
    }

    fn description_text(&self) -> String {
        self.fill(self.texts.description)
    }

    fn icon_url_text(&self) -> String {
        format!(
            "https://cdn.offerkit-sim.invalid/icons/{}.png",
            self.offer.id
        )
    }

    fn instruction_texts(&self) -> Vec<Option<String>> {
        self.texts
            .instructions
            .iter()
            .map(|i| Some(self.fill(i)))
            .collect()
    }

    fn category_names(&self) -> [Option<&'static str>; 2] {
        [
            Some(self.texts.category),
            Some(self.texts.genres[self.offer.genre]),
        ]
    }

    fn short_description_text(&self) -> String {
        self.fill(self.texts.short_description)
    }
}

#[Object(name = "Creatives", rename_fields = "snake_case", serial)]
impl<'a> CreativesView<'a> {
    async fn name(&self) -> Option<&'a str> {
        Some(&self.offer.name)
    }

    async fn description(&self) -> Option<String> {
        Some(self.description_text())
    }

    async fn icon_url(&self) -> Option<String> {
        Some(self.icon_url_text())
    }

    async fn instructions(&self) -> Option<Vec<Option<String>>> {
        Some(self.instruction_texts())
    }

    async fn categories(&self) -> Option<Vec<Option<&'static str>>> {
        Some(self.category_names().to_vec())
    }

    async fn short_description(&self) -> Option<String> {
        Some(self.short_description_text())
    }

    async fn offer_cta(&self) -> Option<&'static str> {
        Some(self.texts.offer_cta)
    }

    async fn currency_name(&self) -> Option<&'static str> {
        Some(self.texts.currency_name)
    }

    async fn currency_name_plural(&self) -> Option<&'static str> {
        Some(self.texts.currency_name_plural)
    }
}

impl Serialize for CreativesView<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Creatives", 9)?;
        s.serialize_field("name", &self.offer.name)?;
        s.serialize_field("description", &self.description_text())?;
        s.serialize_field("icon_url", &self.icon_url_text())?;
        s.serialize_field("instructions", &self.instruction_texts())?;
        s.serialize_field("categories", &self.category_names())?;
        s.serialize_field("short_description", &self.short_description_text())?;
        s.serialize_field("offer_cta", self.texts.offer_cta)?;
        s.serialize_field("currency_name", self.texts.currency_name)?;
        s.serialize_field("currency_name_plural", self.texts.currency_name_plural)?;
        s.end()
    }
}

/// One goal (reward step) of an offer, localised.
pub struct GoalView<'a> {
    offer: &'a Offer,
    goal: &'a Goal,
    language: Language,
}

impl GoalView<'_> {
    fn fill(&self, template: &str) -> String {
        let t = self.language.texts();
        fill(
            template,
            &Fill {
                app: &self.offer.name,
                level: self.goal.level.unwrap_or(self.offer.level),
                amount: self.goal.amount,
                currency: t.currency_name_plural,
            },
        )
    }

    fn name_text(&self) -> String {
        let t = self.language.texts();
        self.fill(match self.goal.level {
            Some(_) => t.goal_level_name,
            None => t.goal_purchase_name,
        })
    }

    fn description_text(&self) -> String {
        let t = self.language.texts();
        self.fill(match self.goal.level {
            Some(_) => t.goal_level_description,
            None => t.goal_purchase_description,
        })
    }
}

#[Object(name = "Goal", rename_fields = "snake_case", serial)]
impl GoalView<'_> {
    async fn id(&self) -> Option<ID> {
        Some(ID(self.goal.id.clone()))
    }

    async fn name(&self) -> Option<String> {
        Some(self.name_text())
    }

    async fn description(&self) -> Option<String> {
        Some(self.description_text())
    }

    async fn amount(&self) -> Option<f64> {
        Some(self.goal.amount)
    }

    async fn payout_usd(&self) -> Option<f64> {
        Some(self.goal.payout_usd)
    }

    async fn order(&self) -> Option<i32> {
        Some(self.goal.order)
    }

    async fn is_purchase_goal(&self) -> Option<bool> {
        Some(self.goal.level.is_none())
    }
}

impl Serialize for GoalView<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let g = self.goal;
        let mut s = serializer.serialize_struct("Goal", 7)?;
        s.serialize_field("id", &g.id)?;
        s.serialize_field("name", &self.name_text())?;
        s.serialize_field("description", &self.description_text())?;
        s.serialize_field("amount", &g.amount)?;
        s.serialize_field("payout_usd", &g.payout_usd)?;
        s.serialize_field("order", &g.order)?;
        s.serialize_field("is_purchase_goal", &g.level.is_none())?;
        s.end()
    }
}

#[derive(Clone, Debug, Serialize, SimpleObject)]
#[graphql(name = "OfferLinks", rename_fields = "snake_case", serial)]
pub struct OfferLinksView {
    pub click_url: Option<String>,
    pub support_url: Option<String>,
}

#[derive(Clone, Debug, Serialize, SimpleObject)]
#[graphql(name = "OfferStats", rename_fields = "snake_case", serial)]
pub struct OfferStatsView {
    pub network_epi: Option<f64>,
}
