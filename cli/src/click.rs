//! `offerkit click-url`: the tracking URL of an offer for a player — from a click URL given
//! with `--url` (no request), or from the offer `--offer-id` as the service lists it for that
//! player (`links { click_url }`). The player id set in it is exactly the one given, so it is
//! the id the reward's postback will carry; an id the service refuses is refused.

use clap::Args;
use offerkit::{ClickUrl, Error, ErrorKind, OfferClient, OffersOptions, Result, click_url};
use serde_json::json;

#[derive(Args)]
pub struct ClickArgs {
    /// The player who clicks (1 to 255 characters; lowercase letters, digits, '-' and '_' by
    /// convention).
    #[arg(long)]
    pub player_id: String,
    /// The offer's click URL (its links.click_url), with or without a player id.
    #[arg(
        long,
        conflicts_with = "offer_id",
        required_unless_present = "offer_id"
    )]
    pub url: Option<String>,
    /// The offer's id: its click URL is taken from the offers listed for the player.
    #[arg(long)]
    pub offer_id: Option<String>,
}

/// The `--url` form, which needs no client.
pub fn offline(args: &ClickArgs) -> Option<Result<ClickUrl>> {
    args.url
        .as_deref()
        .map(|url| click_url(url, &args.player_id))
}

/// The `--offer-id` form: one `offers` query with `links { click_url }`.
pub async fn from_offer(client: &OfferClient, args: &ClickArgs) -> Result<ClickUrl> {
    let wanted = args.offer_id.as_deref().unwrap_or_default();
    offerkit::PlayerId::new(args.player_id.as_str())?;
    let options = OffersOptions {
        select: Some("links { click_url }".to_owned()),
        ..OffersOptions::default()
    };
    let offers = client.offers(&args.player_id, &options).await?;
    let offer = offers
        .iter()
        .find(|o| o.id.as_deref() == Some(wanted))
        .ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidArgument,
                format!(
                    "offer {wanted:?} is not among the {} offers for this player",
                    offers.len()
                ),
            )
        })?;
    offer.click_url(&args.player_id)
}

/// Prints the URL (or `{"url", "warnings"}`), warning on stderr about convention breaks.
pub fn print(built: &ClickUrl, json_output: bool) {
    let warnings: Vec<&str> = built.warnings.iter().map(|c| c.as_str()).collect();
    if !built.warnings.is_empty() {
        let what: Vec<&str> = built.warnings.iter().map(|c| c.describe()).collect();
        eprintln!(
            "warning: the player id {}; the service accepts it, but the reward's postback will \
             carry exactly this id (convention: lowercase letters, digits, '-' and '_')",
            what.join(", ")
        );
    }
    if json_output {
        println!("{}", json!({ "url": built.url, "warnings": warnings }));
    } else {
        println!("{}", built.url);
    }
}
