//! The click: the tracking URL of an offer, for one player.
//!
//! The spec ties rewards to the click: the postback carries the `player_id` that was sent at
//! click time, and a click without one lands on a 404 page. So a game builds every tracking
//! URL through [`click_url`], which refuses an id the service would refuse (empty, more than
//! 255 characters), warns when the id breaks the platform conventions (uppercase, periods,
//! spaces, other characters — accepted by the service, but then the id must be used exactly
//! so everywhere), and sets `player_id` to exactly that id.
//!
//! The offer's `click_url` (selected with `links { click_url }`, or from the listing, where it
//! has no player) is kept byte for byte except for its `player_id` parameter: any present is
//! removed and the given id is appended, form-encoded (`a b` → `a+b`), as the service's own
//! links carry it.

use url::Url;
use url::form_urlencoded::byte_serialize;

use crate::error::{Error, ErrorKind, FieldError, Result};
use crate::offer::Offer;
use crate::player_id::{Convention, PlayerId, lint_player_id};

/// A tracking URL for one player, and the conventions that player's id breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClickUrl {
    /// The offer's tracking URL with `player_id` set to the given id, ready to open.
    pub url: String,
    /// Empty when the id follows every convention.
    pub warnings: Vec<Convention>,
}

fn bad_url(message: &str) -> Error {
    let mut field = FieldError::new(&["click_url"]);
    field.add("click_url", message);
    Error::invalid_arguments(vec![field])
}

/// The tracking URL `offer_click_url` for `player_id` (see the module comment).
pub fn click_url(offer_click_url: &str, player_id: &str) -> Result<ClickUrl> {
    let id = PlayerId::new(player_id)?;
    let parsed = Url::parse(offer_click_url.trim())
        .map_err(|_| bad_url("The click_url must be an absolute http(s) URL."))?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() {
        return Err(bad_url("The click_url must be an absolute http(s) URL."));
    }
    let text = offer_click_url.trim();
    let (before_fragment, fragment) = match text.split_once('#') {
        Some((head, fragment)) => (head, Some(fragment)),
        None => (text, None),
    };
    let (base, query) = before_fragment
        .split_once('?')
        .unwrap_or((before_fragment, ""));
    let mut pieces: Vec<String> = query
        .split('&')
        .filter(|piece| !piece.is_empty())
        .filter(|piece| {
            let name = piece.split_once('=').map_or(*piece, |(name, _)| name);
            let decoded: String = url::form_urlencoded::parse(name.as_bytes())
                .map(|(k, _)| k.into_owned())
                .collect();
            decoded != "player_id"
        })
        .map(str::to_owned)
        .collect();
    pieces.push(format!(
        "player_id={}",
        byte_serialize(id.as_str().as_bytes()).collect::<String>()
    ));
    let mut url = format!("{base}?{}", pieces.join("&"));
    if let Some(fragment) = fragment {
        url.push('#');
        url.push_str(fragment);
    }
    let warnings = lint_player_id(id.as_str());
    if !warnings.is_empty() {
        let what: Vec<&str> = warnings.iter().map(|c| c.describe()).collect();
        // The caller gets the warnings; the log line is for hosts that only read logs.
        tracing::info!(
            player_id = id.as_str(),
            "the player id {}; the service accepts it, but the postback will carry exactly this id",
            what.join(", ")
        );
    }
    Ok(ClickUrl { url, warnings })
}

impl Offer {
    /// The tracking URL of this offer for `player_id`, from its `links.click_url` (select
    /// `links { click_url }`): see [`click_url`]. `invalid_argument` if the offer has none.
    pub fn click_url(&self, player_id: &str) -> Result<ClickUrl> {
        match self.field("links.click_url") {
            Some(serde_json::Value::String(url)) => click_url(&url, player_id),
            _ => Err(Error::new(
                ErrorKind::InvalidArgument,
                format!(
                    "offer {} has no links.click_url: select `links {{ click_url }}`",
                    self.id.as_deref().unwrap_or("(without an id)")
                ),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_exactly_the_given_player() {
        let cases = [
            (
                "https://t.example/click/1",
                "p-1",
                "https://t.example/click/1?player_id=p-1",
            ),
            (
                "https://t.example/click/1?player_id=other&sub=a%20b",
                "p-1",
                "https://t.example/click/1?sub=a%20b&player_id=p-1",
            ),
            (
                "https://t.example/click/1?a=1&player_id=x&player%5Fid=y&b=2#frag",
                "p 2",
                "https://t.example/click/1?a=1&b=2&player_id=p+2#frag",
            ),
            (
                "https://t.example/c?",
                "é/&=",
                "https://t.example/c?player_id=%C3%A9%2F%26%3D",
            ),
        ];
        for (offer_url, player, expected) in cases {
            assert_eq!(
                click_url(offer_url, player).unwrap().url,
                expected,
                "{offer_url}"
            );
        }
    }

    #[test]
    fn refuses_what_the_service_refuses_and_warns_on_conventions() {
        let err = click_url("https://t.example/click/1", "").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidArgument);
        assert_eq!(
            err.fields()[0].arguments["player_id"],
            ["The player id field is required."]
        );
        assert!(click_url("https://t.example/click/1", &"x".repeat(256)).is_err());
        for bad in [
            "",
            "click/1",
            "ftp://t.example/1",
            "javascript:alert(1)",
            "https://",
        ] {
            let err = click_url(bad, "p-1").unwrap_err();
            assert!(
                err.fields()[0].arguments.contains_key("click_url"),
                "{bad:?}"
            );
        }
        let ok = click_url("https://t.example/click/1", "p_1-a").unwrap();
        assert!(ok.warnings.is_empty());
        let warned = click_url("https://t.example/click/1", "Player.One").unwrap();
        assert_eq!(warned.warnings, [Convention::Uppercase, Convention::Period]);
        assert_eq!(warned.url, "https://t.example/click/1?player_id=Player.One");
    }

    #[test]
    fn from_an_offer() {
        let offer: Offer = serde_json::from_str(
            r#"{"id":"7","name":"n","total_payout_usd":1.0,"creatives":{"name":"a","description":"b"},
                "links":{"click_url":"https://t.example/click/7?player_id=old"}}"#,
        )
        .unwrap();
        assert_eq!(
            offer.click_url("new").unwrap().url,
            "https://t.example/click/7?player_id=new"
        );
        let bare: Offer = serde_json::from_str(
            r#"{"id":"8","name":"n","total_payout_usd":1.0,"creatives":{"name":"a","description":"b"}}"#,
        )
        .unwrap();
        assert_eq!(
            bare.click_url("p").unwrap_err().kind(),
            ErrorKind::InvalidArgument
        );
    }
}
