// The records and enums offerkit returns, under their public names. They are the generated
// classes themselves (no copy per call): plain `data class`es and enums with nothing of the
// generated plumbing on them. The options, the configuration and the errors, whose generated
// form would not read as Kotlin (Long limits, millisecond fields, a printable token), are
// hand-written beside this file.
package com.offerkit

/** One targeted offer. Typed fields are null only when a replaced selection leaves them out. */
typealias Offer = com.offerkit.internal.Offer

/** An offer's creatives: name and description, the rest in `extraJson`. */
typealias Creatives = com.offerkit.internal.Creatives

/** One offer a player has engaged with. */
typealias PlayerOffer = com.offerkit.internal.PlayerOffer

/** One page of `playerOffers`: items, the cursor of the next page and the items skipped. */
typealias PlayerOffersPage = com.offerkit.internal.PlayerOffersPage

/** One page (or all) of the listing. */
typealias ListingPage = com.offerkit.internal.ListingPage

/** Where a listing page is. */
typealias Pagination = com.offerkit.internal.Pagination

/** An item left out as malformed: its position, its id when it had one, and why. */
typealias SkippedItem = com.offerkit.internal.SkippedItem

/** `offers` in detail: skipped items and whether the answer came from the cache. */
typealias CachedOffers = com.offerkit.internal.CachedOffers

/** One failing field of an [OfferException]: where, and per argument its messages. */
typealias FieldError = com.offerkit.internal.FieldError

/** A click URL for a player and the conventions its player id breaks. */
typealias ClickUrl = com.offerkit.internal.ClickUrl

/** The kind of an [OfferException], for a `when` over kinds. */
typealias ErrorKind = com.offerkit.internal.ErrorKind

/** Why the client asks the [AccessTokenProvider] for a token. */
typealias TokenReason = com.offerkit.internal.TokenReason

/** Severity of a log record. */
typealias LogLevel = com.offerkit.internal.LogLevel

/** A player-id convention (see [lintPlayerId]). */
typealias PlayerIdConvention = com.offerkit.internal.PlayerIdConvention
