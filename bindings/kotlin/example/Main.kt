// Prints the offers of one player: what an Android app does, on the JVM.
//
//   OFFERKIT_BASE_URL   the service (default: a local simulator at http://127.0.0.1:8080)
//   OFFERKIT_TOKEN_URL  where the app gets short-lived access tokens: in a real app the studio's
//                       own backend (which holds the refresh token); here the simulator's
//                       /_sim/tokens endpoint stands in for it.
//   OFFERKIT_PLAYER_ID  (default "demo-player")
//
// Run by bindings/uniffi/test.sh; see bindings/kotlin/README.md for an Android project.
package example

import com.offerkit.*
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withContext
import kotlin.time.Duration.Companion.seconds
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse

/** Fetches an access token from the app's backend when offerkit asks for one. */
class BackendTokens(private val url: String) : AccessTokenProvider {
    private val http = HttpClient.newHttpClient()

    override suspend fun accessToken(reason: TokenReason): String {
        val request = HttpRequest.newBuilder(URI.create(url))
            .POST(HttpRequest.BodyPublishers.ofString("{}"))
            .build()
        // Off the caller's thread: the provider runs in the scope given to the client.
        val body = withContext(Dispatchers.IO) { http.send(request, HttpResponse.BodyHandlers.ofString()).body() }
        return Regex("\"access_token\":\"([^\"]+)\"").find(body)?.groupValues?.get(1)
            ?: throw OfferException.Unauthorized("no access_token in the backend's answer")
    }
}

fun main() = runBlocking {
    val baseUrl = System.getenv("OFFERKIT_BASE_URL") ?: "http://127.0.0.1:8080"
    val tokenUrl = System.getenv("OFFERKIT_TOKEN_URL") ?: "$baseUrl/_sim/tokens"
    val player = System.getenv("OFFERKIT_PLAYER_ID") ?: "demo-player"

    // One client per app. `use` closes it (in an app: close it with the scope that owns it,
    // or pass that scope, `OfferClient(config, tokens, viewModelScope)`, and it closes itself).
    OfferClient(ClientConfig(baseUrl = baseUrl), BackendTokens(tokenUrl), this).use { client ->
        try {
            val offers = client.offers(player, OffersOptions(limit = 5, sort = "epc.desc"))
            println("${offers.size} offers for $player:")
            for (offer in offers) {
                // Typed fields are nullable: null only when a replaced selection leaves them
                // out, so with the default selection they are always there.
                println("  %-16s %-32s $%.2f".format(offer.id, offer.name, offer.totalPayoutUsd ?: 0.0))
            }
        } catch (e: OfferException) {
            // One sealed class: branch on the kinds you handle, show the message otherwise.
            when (e) {
                is OfferException.RateLimited -> println("busy, retry in ${e.retryAfter ?: 60.seconds}")
                else -> println("could not load offers (${e.kind}, HTTP ${e.httpStatus}): ${e.message}")
            }
        }
    }
}
