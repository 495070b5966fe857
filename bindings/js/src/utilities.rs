//! The functions that need no client: a tracking URL for a player, and the player-id
//! conventions (`lintPlayerId`, `shortPlayerId`).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{failure, json};

/// A player-id convention an id breaks: its stable code and what it means.
#[derive(Serialize)]
struct Convention {
    code: &'static str,
    description: &'static str,
}

fn conventions(list: &[offerkit::Convention]) -> Vec<Convention> {
    list.iter()
        .map(|c| Convention {
            code: c.as_str(),
            description: c.describe(),
        })
        .collect()
}

/// `{ url, warnings }`: the offer's tracking URL with the player's id set.
#[wasm_bindgen(js_name = clickUrl)]
pub fn click_url(offer_click_url: &str, player_id: &str) -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct ClickUrl {
        url: String,
        warnings: Vec<Convention>,
    }
    let click = offerkit::click_url(offer_click_url, player_id).map_err(failure::from_core)?;
    Ok(json::to_js(&ClickUrl {
        url: click.url,
        warnings: conventions(&click.warnings),
    }))
}

/// The conventions `id` breaks (none: an empty array).
#[wasm_bindgen(js_name = lintPlayerId)]
pub fn lint_player_id(id: &str) -> JsValue {
    json::to_js(&conventions(&offerkit::lint_player_id(id)))
}

/// A player id that follows every convention, made from an internal id.
#[wasm_bindgen(js_name = shortPlayerId)]
pub fn short_player_id(internal_id: &str) -> String {
    offerkit::short_player_id(internal_id).as_str().to_string()
}
