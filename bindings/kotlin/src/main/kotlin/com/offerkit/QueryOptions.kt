// The options of the queries, with `Int` counts (the generated records take `Long`, which an
// `Int` literal does not satisfy). Converted to the generated records at each call.
package com.offerkit

/**
 * Options of [OfferClient.offers]. `limit`: at most this many offers, 1 or more (the
 * service's rule for `offers` has no maximum; null sends none, and the service then applies no
 * limit). `select` adds GraphQL fields to the default selection (they arrive in
 * `extraJson`); `selection` replaces it (typed fields it leaves out are null).
 */
data class OffersOptions(
    val limit: Int? = null,
    val language: String? = null,
    val sort: String? = null,
    val select: String? = null,
    val selection: String? = null,
) {
    internal fun toFfi() = com.offerkit.internal.OffersOptions(limit?.toLong(), language, sort, select, selection)
}

/**
 * Options of [OfferClient.playerOffers] and [OfferClient.playerOffersPages]: `limit` items
 * per page, from the page after the cursor `after` (or the first).
 */
data class PlayerOffersOptions(
    val language: String? = null,
    val limit: Int? = null,
    val after: String? = null,
    val select: String? = null,
    val selection: String? = null,
) {
    internal fun toFfi() = com.offerkit.internal.PlayerOffersOptions(language, limit?.toLong(), after, select, selection)
}

/** Options of [OfferClient.listOffers]: no `perPage` lists everything at once. */
data class ListingOptions(
    val perPage: Int? = null,
    val page: Int? = null,
) {
    internal fun toFfi() = com.offerkit.internal.ListingOptions(perPage?.toLong(), page?.toLong())
}
