// The Kotlin bindings on the JVM against the simulator (address in OFFERKIT_SIM_URL, started by
// scripts/test-uniffi.sh): every query, every OfferException kind (fault injection; cancellation
// through coroutine cancellation and cancelAll), the token provider on a 401, 100 concurrent
// calls, pagers to the end, and coroutine cancellation aborting the HTTP request.
//
// A tiny harness (no test framework jar needed): each `test` runs in runBlocking with a 30 s
// bound, and the run ends with the line "N passed, M failed".
package offerkittest

import com.offerkit.*
import kotlinx.coroutines.*
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.util.concurrent.CopyOnWriteArrayList
import kotlin.system.exitProcess

val SIM: String = System.getenv("OFFERKIT_SIM_URL") ?: error("OFFERKIT_SIM_URL is not set")

/** The simulator's /_sim control endpoint. */
object Sim {
    private val http = HttpClient.newHttpClient()

    private fun call(method: String, path: String, body: String? = null): String {
        val request = HttpRequest.newBuilder(URI.create(SIM + path))
            .header("Content-Type", "application/json")
            .method(method, body?.let { HttpRequest.BodyPublishers.ofString(it) } ?: HttpRequest.BodyPublishers.noBody())
            .build()
        val response = http.send(request, HttpResponse.BodyHandlers.ofString())
        check(response.statusCode() == 200) { "$method $path: ${response.statusCode()} ${response.body()}" }
        return response.body()
    }

    fun fault(json: String) { call("POST", "/_sim/faults", json) }

    fun clear() {
        call("DELETE", "/_sim/faults")
        // Let the previous test's aborted or slow exchanges finish before counting anew.
        val until = System.nanoTime() + 30_000_000_000L
        while (stat("in_flight") > 0L && System.nanoTime() < until) Thread.sleep(20)
        call("POST", "/_sim/stats/reset")
    }

    fun stat(name: String): Long =
        Regex("\"$name\":(\\d+)").find(call("GET", "/_sim/stats"))!!.groupValues[1].toLong()

    fun token(scoped: Boolean = true): String =
        Regex("\"access_token\":\"([^\"]+)\"").find(call("POST", "/_sim/tokens", "{\"scoped\":$scoped}"))!!.groupValues[1]

    suspend fun eventually(what: String, check: () -> Boolean) {
        val until = System.nanoTime() + 30_000_000_000L // by time: CI machines are slower
        while (System.nanoTime() < until) {
            if (check()) return
            delay(20)
        }
        throw AssertionError("timed out waiting for: $what")
    }
}

// Generous timeouts (slow CI machines); the timeout tests set their own.
fun config(accessToken: String? = Sim.token(), timeoutMs: Long = 30_000, maxRetries: Int = 0) =
    ClientConfig(baseUrl = SIM, timeoutMs = timeoutMs, maxRetries = maxRetries, accessToken = accessToken)

fun client(accessToken: String? = Sim.token(), timeoutMs: Long = 30_000, maxRetries: Int = 0) =
    OfferClient(config(accessToken, timeoutMs, maxRetries))

suspend fun OfferClient.one(): List<Offer> = offers("player-1", OffersOptions(limit = 1))

fun assertTrue(condition: Boolean, message: () -> String = { "assertion failed" }) {
    if (!condition) throw AssertionError(message())
}

fun <T> assertEquals(expected: T, actual: T, what: String = "") {
    if (expected != actual) throw AssertionError("$what: expected <$expected>, got <$actual>")
}

/** Runs `block` and returns the OfferException of type E it throws. */
suspend inline fun <reified E : OfferException> assertThrows(block: suspend () -> Unit): E {
    try {
        block()
    } catch (e: OfferException) {
        if (e is E) {
            val message = e.message ?: ""
            assertTrue(message.isNotBlank() && !message.contains("detail=")) { "not a readable message: $message" }
            return e
        }
        throw AssertionError("expected ${E::class.simpleName}, got ${e::class.simpleName}: ${e.message}")
    }
    throw AssertionError("expected ${E::class.simpleName}, nothing was thrown")
}

class Provider(private val answer: () -> String) : AccessTokenProvider {
    val reasons = CopyOnWriteArrayList<TokenReason>()
    override suspend fun accessToken(reason: TokenReason): String {
        reasons.add(reason)
        yield() // a real provider suspends on its backend call
        return answer()
    }
}

var passed = 0
var failed = 0

fun test(name: String, body: suspend CoroutineScope.() -> Unit) {
    Sim.clear()
    try {
        runBlocking { withTimeout(30_000) { body() } }
        passed++
        println("ok   $name")
    } catch (e: Throwable) {
        failed++
        println("FAIL $name: $e")
        e.printStackTrace(System.out)
    }
}

fun main() {
    test("offers have typed fields and extra JSON") {
        val offers = client().offers("player-1", OffersOptions(limit = 3))
        assertEquals(3, offers.size, "offers")
        for (offer in offers) {
            // The default selection names every typed field, so none is null.
            assertTrue(offer.id!!.all { it.isDigit() } && offer.name!!.isNotEmpty())
            assertTrue(offer.totalPayoutUsd!! >= 0.0)
            assertTrue(offer.creatives!!.name != null && offer.creatives!!.description != null)
            assertEquals("{}", offer.extraJson, "extra")
        }
        val selected = client().offers("player-1", OffersOptions(limit = 1, select = "campaign_id links { click_url }"))
        assertTrue(selected[0].extraJson.contains("\"campaign_id\"") && selected[0].extraJson.contains("player_id=player-1")) {
            selected[0].extraJson
        }
        assertEquals(2L, Sim.stat("graphql"), "graphql requests")
    }

    test("response cache: hits, stale answers during an outage, invalidation") {
        val cached = OfferClient(config().copy(cacheTtlMs = 60_000L))
        val first = cached.offersCached("player-1", OffersOptions(limit = 2))
        assertTrue(!first.fromCache && !first.stale) { "first call goes to the network" }
        val second = cached.offersCached("player-1", OffersOptions(limit = 2))
        assertTrue(second.fromCache && !second.stale) { "second call is a hit" }
        assertEquals(first.offers, second.offers, "same offers")
        assertEquals(1L, Sim.stat("graphql"), "one request")
        cached.invalidate("player-1")
        assertTrue(!cached.offersCached("player-1", OffersOptions(limit = 2)).fromCache) { "invalidated" }

        val bridging = OfferClient(config().copy(cacheTtlMs = 0L, maxRetries = 0))
        bridging.offers("player-1", OffersOptions(limit = 2))
        Sim.fault("""{"kind":"status","status":503,"times":1}""")
        val stale = bridging.offersCached("player-1", OffersOptions(limit = 2))
        assertTrue(stale.fromCache && stale.stale) { "outage bridged with a stale answer" }
        assertEquals(2, stale.offers.size, "stale offers")
    }

    test("links, raw GraphQL and the listing") {
        val c = client()
        assertTrue(c.links("player-1").contains("\"support_portal\""))
        val data = c.graphql("query(\$p: String!) { offers(player_id: \$p, limit: 2) { id } }", "{\"p\":\"player-1\"}")
        assertTrue(data.startsWith("{\"offers\":[{\"id\":")) { data }
        val all = c.listOffers()
        assertEquals(null, all.pagination, "pagination of the whole listing")
        assertEquals(50, all.offers.size, "offers in the listing")
        val page = c.listOffers(ListingOptions(perPage = 20, page = 3))
        assertEquals(Pagination(currentPage = 3, perPage = 20, hasMorePages = false, nextPage = null), page.pagination)
        assertEquals(all.offers.drop(40).map { it.id }, page.offers.map { it.id }, "last page")
    }

    test("playerOffers page and pager to the end") {
        val c = client()
        val whole = c.playerOffers("pager-player", PlayerOffersOptions(limit = 100))
        assertEquals(null, whole.nextCursor, "cursor of a complete page")
        assertTrue(whole.items.size >= 3) { "items: ${whole.items.size}" }
        val pager = c.playerOffersPager("pager-player", PlayerOffersOptions(limit = 2))
        val seen = mutableListOf<String?>()
        while (true) {
            val next = pager.nextPage() ?: break
            assertTrue(next.items.size <= 2)
            seen += next.items.map { it.id }
        }
        assertEquals(whole.items.map { it.id }, seen, "paged items")
        assertEquals(null, pager.nextPage(), "after the end")

        val listing = c.listingPager(15)
        var total = 0
        while (true) total += (listing.nextPage() ?: break).offers.size
        assertEquals(50, total, "listing pager")
    }

    test("invalid_argument before sending") {
        val e = assertThrows<OfferException.InvalidArgument> {
            client().offers("player-1", OffersOptions(limit = 0, language = "toolong"))
        }
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind())
        assertEquals(listOf("The limit field must be at least 1."), e.fields[0].arguments["limit"], "limit messages")
        assertTrue(e.fields[0].arguments.containsKey("language"))
        assertTrue(e.toString().startsWith("invalid_argument: ")) { e.toString() }
        assertEquals(0L, Sim.stat("requests"), "requests")
        assertThrows<OfferException.InvalidArgument> { checkPlayerId("x".repeat(256)) }
        assertThrows<OfferException.InvalidArgument> { OfferClient(ClientConfig(baseUrl = "http://offers.example.com")) }
    }

    test("unauthorized and forbidden") {
        assertEquals(401, assertThrows<OfferException.Unauthorized> { client("not-a-token").one() }.httpStatus)
        assertEquals(null, assertThrows<OfferException.Unauthorized> { client(accessToken = null).one() }.httpStatus)
        assertEquals(403, assertThrows<OfferException.Forbidden> { client(Sim.token(scoped = false)).one() }.httpStatus)
    }

    test("validation, query and invalid_cursor from the service") {
        val c = client()
        val v = assertThrows<OfferException.Validation> { c.graphql("{ offers(player_id: \"p\", limit: 0) { id } }") }
        assertEquals(listOf("offers"), v.fields[0].path, "path")
        assertEquals(listOf("The limit field must be at least 1."), v.fields[0].arguments["limit"], "messages")
        assertTrue(v.responseJson!!.contains("\"errors\""))
        assertThrows<OfferException.Query> { c.graphql("{ nope }") }
        val cursor = assertThrows<OfferException.InvalidCursor> {
            c.playerOffers("player-1", PlayerOffersOptions(after = "forged"))
        }
        assertTrue(cursor.reason!!.contains("Omit `after`")) { cursor.reason.orEmpty() }
    }

    test("HTTP statuses: 415, 422, 429, 5xx") {
        val c = client()
        Sim.fault("""{"kind":"status","status":415,"body":"{\"error\":\"send application/json\"}"}""")
        assertTrue(assertThrows<OfferException.UnsupportedMediaType> { c.one() }.message.contains("send application/json"))
        Sim.fault("""{"kind":"status","status":422,"body":"{\"message\":\"m\",\"errors\":{\"per_page\":[\"The per page field is required when page is present.\"]}}"}""")
        val unprocessable = assertThrows<OfferException.Unprocessable> { c.listOffers() }
        assertEquals(422, unprocessable.httpStatus)
        assertEquals(listOf("The per page field is required when page is present."), unprocessable.fields[0].arguments["per_page"])
        Sim.fault("""{"kind":"status","status":429,"retry_after_secs":7}""")
        val limited = assertThrows<OfferException.RateLimited> { c.one() }
        assertEquals(7L, limited.retryAfterSecs, "retry after")
        assertTrue(limited.message.contains("retry after 7 s"))
        Sim.fault("""{"kind":"status","status":503,"times":5}""")
        assertEquals(503, assertThrows<OfferException.Server> { c.one() }.httpStatus)
    }

    test("network, timeout and decode") {
        Sim.fault("""{"kind":"drop_mid_body"}""")
        assertThrows<OfferException.Network> { client().one() }
        Sim.fault("""{"kind":"latency","ms":30000}""")
        assertThrows<OfferException.Timeout> { client(timeoutMs = 300).one() }
        Sim.fault("""{"kind":"non_json"}""")
        assertThrows<OfferException.Decode> { client().one() }
        Sim.fault("""{"kind":"status","status":502,"times":2}""")
        assertEquals(1, client(maxRetries = 2).one().size, "502 twice, then success")
    }

    test("cancelled: cancelAll fails calls in flight, later calls work") {
        val c = client()
        Sim.fault("""{"kind":"latency","ms":30000}""")
        val call = async { runCatching { c.one() } }
        Sim.eventually("request in flight") { Sim.stat("in_flight") == 1L }
        c.cancelAll()
        val e = call.await().exceptionOrNull()
        assertTrue(e is OfferException.Cancelled) { "got $e" }
        assertEquals(ErrorKind.CANCELLED, (e as OfferException).kind())
        Sim.eventually("server saw the hang-up") { Sim.stat("aborted") == 1L }
        assertEquals(1, c.one().size, "after cancelAll")
    }

    test("cancelled: cancelling the coroutine aborts the HTTP request") {
        val c = client()
        Sim.fault("""{"kind":"latency","ms":30000}""")
        val job = launch { c.one() }
        Sim.eventually("request in flight") { Sim.stat("in_flight") == 1L }
        job.cancelAndJoin()
        assertTrue(job.isCancelled)
        Sim.eventually("server saw the hang-up") { Sim.stat("aborted") == 1L && Sim.stat("in_flight") == 0L }
        // withTimeout around a call cancels it the same way.
        Sim.fault("""{"kind":"latency","ms":30000}""")
        val timedOut = withTimeoutOrNull(2_000) { c.one() }
        assertEquals(null, timedOut, "withTimeoutOrNull")
        // Whatever reached the server was aborted (on a slow machine the second call may not
        // have arrived within the 2 s).
        Sim.eventually("second hang-up") {
            Sim.stat("in_flight") == 0L && Sim.stat("aborted") == Sim.stat("graphql")
        }
    }

    test("provider: asked on a 401, then the request succeeds") {
        val provider = Provider { Sim.token() }
        val c = OfferClient(config("rejected-by-the-service"), provider)
        assertEquals(2, c.offers("player-1", OffersOptions(limit = 2)).size, "offers")
        assertEquals(listOf(TokenReason.REJECTED), provider.reasons.toList(), "reasons")
        assertEquals(2L, Sim.stat("graphql"), "the 401, then the retry")
        c.one()
        assertEquals(listOf(TokenReason.REJECTED), provider.reasons.toList(), "token reused")

        val fresh = Provider { Sim.token() }
        OfferClient(config(accessToken = null), fresh).one()
        assertEquals(listOf(TokenReason.MISSING), fresh.reasons.toList(), "no token yet")
    }

    test("provider exceptions become typed errors") {
        val broken = OfferClient(config(accessToken = null), Provider { throw java.io.IOException("backend unreachable") })
        val e = assertThrows<OfferException.Unauthorized> { broken.one() }
        assertTrue(e.message.contains("backend unreachable")) { e.message }
        val banned = OfferClient(config(accessToken = null), Provider { throw OfferException.Forbidden("player banned", null) })
        assertEquals("player banned", assertThrows<OfferException.Forbidden> { banned.one() }.message)
        val buggy = OfferClient(config(accessToken = null), Provider { throw OfferException.Internal("host bug") })
        assertThrows<OfferException.Internal> { buggy.one() }
        assertEquals(0L, Sim.stat("graphql"), "nothing sent without a token")
    }

    test("100 concurrent calls") {
        val c = client()
        val results = (1..100).map { i ->
            async(Dispatchers.Default) { c.offers("player-${i % 7}", OffersOptions(limit = 2)) }
        }.awaitAll()
        assertTrue(results.all { it.size == 2 })
        assertEquals(100L, Sim.stat("graphql"), "requests")
        val workers = Thread.getAllStackTraces().keys.count { it.name.startsWith("offerkit-worker") }
        // JNA names attached native threads itself; count the OS threads instead.
        val native = java.io.File("/proc/self/task").listFiles()!!.count {
            java.io.File(it, "comm").readText().trim().startsWith("offerkit-worker")
        }
        assertTrue(native in 1..2) { "offerkit worker threads: $native (JVM view $workers)" }
    }

    test("player-id helpers, logger and version") {
        assertEquals("p-e3b0c44298fc1c149afbf4c8996fb924", shortPlayerId(""))
        assertEquals(listOf(PlayerIdConvention.UPPERCASE, PlayerIdConvention.PERIOD), lintPlayerId("Player.One"))
        val records = CopyOnWriteArrayList<String>()
        setLogger(object : Logger {
            override fun log(level: LogLevel, target: String, message: String) {
                records.add("$level $target $message")
            }
        }, LogLevel.DEBUG)
        try {
            client().one()
        } finally {
            setLogger(null, LogLevel.INFO)
        }
        assertTrue(records.any { it.startsWith("DEBUG offerkit") && it.contains("status=200") }) { records.toString() }
        assertEquals("0.1.0", version())
    }

    println("$passed passed, $failed failed")
    exitProcess(if (failed == 0) 0 else 1)
}
