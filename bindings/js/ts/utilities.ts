// The functions that need no client: a player's tracking URL and the player-id conventions.

import * as wasm from "./wasm/offerkit_js.js";
import { now } from "./call.js";
import { expectText as text } from "./errors.js";
import type { ClickUrl, Convention } from "./types.js";

/** The offer's tracking URL (`links.click_url`) with `player_id` set, and the id's warnings. */
export function clickUrl(offerClickUrl: string, playerId: string): ClickUrl {
  text("clickUrl", "offerClickUrl", offerClickUrl);
  text("clickUrl", "playerId", playerId);
  return now(() => wasm.clickUrl(offerClickUrl, playerId) as ClickUrl);
}

/** The conventions `playerId` breaks; empty when it follows them all. */
export function lintPlayerId(playerId: string): Convention[] {
  text("lintPlayerId", "playerId", playerId);
  return wasm.lintPlayerId(playerId) as Convention[];
}

/** A player id that follows every convention, made from your internal id. */
export function shortPlayerId(internalId: string): string {
  text("shortPlayerId", "internalId", internalId);
  return wasm.shortPlayerId(internalId);
}

