// The player-id helpers and click URLs, with the public exception: checks offerkit makes
// before a round trip, and the stable short id for a longer internal identifier.
package com.offerkit

/** Checks the rule the service enforces (1 to 255 characters); throws [OfferException.InvalidArgument]. */
fun checkPlayerId(playerId: String) = mapped { com.offerkit.internal.checkPlayerId(playerId) }

/** Every convention [playerId] breaks (empty when it follows them all). */
fun lintPlayerId(playerId: String): List<PlayerIdConvention> = com.offerkit.internal.lintPlayerId(playerId)

/** A stable, valid 34-character player id (`p-` and 16 bytes of SHA-256 in hex) for any internal id. */
fun shortPlayerId(internalId: String): String = com.offerkit.internal.shortPlayerId(internalId)

/**
 * The tracking URL of an offer for [playerId]: [offerClickUrl] (the offer's `links.click_url`)
 * with every `player_id` parameter removed and `player_id=<the id>` appended at the end of its
 * query (the other parameters keep their order and bytes; empty ones are dropped). Throws [OfferException.InvalidArgument] for a bad
 * id or a click URL that is not an absolute http(s) URL.
 */
fun clickUrl(offerClickUrl: String, playerId: String): ClickUrl =
    mapped { com.offerkit.internal.clickUrl(offerClickUrl, playerId) }
