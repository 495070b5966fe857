// What an OfferClient is built from, in Kotlin terms: durations as `kotlin.time.Duration`
// and a `toString()` that never shows the access token or a proxy's credentials. The core
// decides which values it refuses (a value out of bounds fails `OfferClient(…)` with
// `OfferException.InvalidArgument` naming the setting by its property here: `timeout`,
// `deadline`, `maxPages`, `maxRetries`, `cacheTtl`, `cacheMaxStale`); nothing is checked here.
package com.offerkit

import kotlin.time.Duration
import kotlin.time.Duration.Companion.hours
import kotlin.time.Duration.Companion.seconds

/**
 * Configuration of an [OfferClient]; only [baseUrl] is required.
 *
 * @property baseUrl the service, e.g. `https://offers.example.com` (may carry a path prefix).
 *   `https://` always; `http://` only to loopback or with [allowInsecureHttp].
 * @property timeout one attempt, whole body included (never more than what is left of
 *   [deadline]); also bounds the wait for the token provider. 1 ms to 24 h.
 * @property deadline a whole call: every attempt, retry, backoff and `Retry-After` wait. A
 *   `Retry-After` ending after it is not waited for: the call fails at once with the
 *   service's error and its `retryAfter`. 1 ms to 24 h.
 * @property maxPages most pages a pager walks before it fails with `Decode`. At least 1.
 * @property proxyUrl every request goes through this proxy; null: direct. The environment
 *   (`HTTPS_PROXY`, …) is never read.
 * @property maxRetries retries of a read after 502/503/504, a broken connection or a
 *   timeout. 0 to 10.
 * @property extraRootPem extra trusted root certificates (PEM), on top of the web PKI roots.
 * @property allowInsecureHttp plain `http://` to hosts other than loopback. Never in production.
 * @property accessToken a token to start with; replace it with [OfferClient.setAccessToken].
 * @property userAgent the `User-Agent` header; default `offerkit/<version>`.
 * @property cacheTtl turns on the response cache of [OfferClient.offers] (answers younger than
 *   this come from memory; outages are bridged with the last good answer). Null: no cache.
 *   Recommended: 5 minutes.
 * @property cacheMaxStale oldest cached answer returned (marked stale) when a refresh fails.
 */
data class ClientConfig(
    val baseUrl: String,
    val timeout: Duration = 10.seconds,
    val deadline: Duration = 30.seconds,
    val maxPages: Int = 1000,
    val proxyUrl: String? = null,
    val maxRetries: Int = 2,
    val extraRootPem: List<String> = emptyList(),
    val allowInsecureHttp: Boolean = false,
    val accessToken: String? = null,
    val userAgent: String? = null,
    val cacheTtl: Duration? = null,
    val cacheMaxStale: Duration = 1.hours,
) {
    /** Every setting but the secrets: the access token and a proxy's credentials are hidden. */
    override fun toString(): String =
        "ClientConfig(baseUrl=$baseUrl, timeout=$timeout, deadline=$deadline, maxPages=$maxPages, " +
            "proxyUrl=${if (proxyUrl == null) "null" else "<set>"}, maxRetries=$maxRetries, " +
            "extraRootPem=${extraRootPem.size} certificate(s), allowInsecureHttp=$allowInsecureHttp, " +
            "accessToken=${if (accessToken == null) "null" else "<set>"}, userAgent=$userAgent, " +
            "cacheTtl=$cacheTtl, cacheMaxStale=$cacheMaxStale)"

    internal companion object {
        /**
         * The library's name of each setting it may refuse (as its record spells it) → the
         * property here, so a refused config names the properties the app set.
         */
        val SETTING_NAMES = mapOf(
            "timeoutMs" to "timeout",
            "deadlineMs" to "deadline",
            "maxPages" to "maxPages",
            "maxRetries" to "maxRetries",
            "cacheTtlMs" to "cacheTtl",
            "cacheMaxStaleMs" to "cacheMaxStale",
        )
    }

    internal fun toFfi() = com.offerkit.internal.ClientConfig(
        baseUrl = baseUrl,
        timeoutMs = timeout.inWholeMilliseconds,
        deadlineMs = deadline.inWholeMilliseconds,
        maxPages = maxPages,
        proxyUrl = proxyUrl,
        maxRetries = maxRetries,
        extraRootPem = extraRootPem,
        allowInsecureHttp = allowInsecureHttp,
        accessToken = accessToken,
        userAgent = userAgent,
        cacheTtlMs = cacheTtl?.inWholeMilliseconds,
        cacheMaxStaleMs = cacheMaxStale.inWholeMilliseconds,
    )
}
