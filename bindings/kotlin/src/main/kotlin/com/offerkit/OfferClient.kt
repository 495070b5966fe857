// The client apps use: the generated client behind Kotlin idioms. `suspend` calls with `Int`
// counts and the public exceptions, pagers as cold `Flow`s, `Closeable` with close-and-cancel,
// and a token provider that runs in a scope the client owns (or the app's), never in
// GlobalScope. Everything the calls do (HTTP, validation, retries, error mapping) is the core's.
package com.offerkit

import com.offerkit.internal.OfferClient as GeneratedClient
import com.offerkit.internal.OfferException as Generated
import java.io.Closeable
import java.util.concurrent.atomic.AtomicBoolean
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.DisposableHandle
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.currentCoroutineContext
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flow
import kotlin.coroutines.ContinuationInterceptor
import kotlin.coroutines.CoroutineContext
import kotlin.coroutines.EmptyCoroutineContext

/**
 * A client of the Offer Personalization Service. Thread-safe: share one per app; calls may run
 * concurrently from any coroutine. Cancelling a call's coroutine aborts its HTTP request.
 *
 * [tokenProvider] is asked for a token when the client has none, ahead of expiry and once
 * after a 401. It runs in [scope] when one is given (`viewModelScope`, `lifecycleScope`; the
 * client then closes itself when that scope ends), else in a scope of the client's own on
 * `Dispatchers.Default`. [close] cancels that scope.
 *
 * [httpExecutor]: the app's own HTTP stack carries the requests instead of offerkit's (see
 * [HttpExecutor]); it runs in the same scope as the provider. A proxy or extra root
 * certificates in [config] are then refused: they belong to that stack. With the mobile
 * flavour of the library (`offerkit-android`'s, no transport of its own:
 * [hasBuiltinTransport] is false) a client without one uses [HttpUrlConnectionExecutor], the
 * platform's stack.
 *
 * @throws OfferException.InvalidArgument for a bad base address, proxy, certificate or a
 *   setting out of its bounds ([OfferException.fields] names each one).
 */
class OfferClient(
    config: ClientConfig,
    tokenProvider: AccessTokenProvider? = null,
    scope: CoroutineScope? = null,
    httpExecutor: HttpExecutor? = null,
) : Closeable {
    private val closed = AtomicBoolean(false)

    /** Parent of the token provider's coroutines. */
    private val providerJob = SupervisorJob()

    /**
     * Cancelled by [close]; every call in flight watches it. It has no children, so it
     * completes, and tells the calls, at once: before the provider's coroutines are cancelled,
     * whose failure would otherwise reach a waiting call first (as `Unauthorized`).
     */
    private val closing = Job()

    private val inner: GeneratedClient = try {
        mapped {
            val native = config.toFfi()
            com.offerkit.internal.checkClientConfig(native, ClientConfig.SETTING_NAMES)
            val providerScope = CoroutineScope(providerContext(scope) + providerJob)
            GeneratedClient(
                native,
                tokenProvider?.let { TokenProviderBridge(it, providerScope) },
                (httpExecutor ?: if (hasBuiltinTransport()) null else HttpUrlConnectionExecutor())
                    ?.let { HttpExecutorBridge(it, providerScope) },
            )
        }
    } catch (e: Throwable) {
        providerJob.cancel()
        closing.cancel()
        throw e
    }

    /** Closes the client when the app's scope ends. */
    private val scopeWatch: DisposableHandle? = scope?.coroutineContext?.get(Job)?.invokeOnCompletion { close() }

    /**
     * Closes the client: calls in flight (and pages of a pager being collected) end with
     * [OfferException.Cancelled] and their HTTP requests are aborted; the token provider's
     * coroutines are cancelled; every later call fails with [OfferException.Cancelled]. The
     * native side is freed once the calls in flight have returned. Idempotent.
     */
    override fun close() {
        if (!closed.compareAndSet(false, true)) return
        closing.cancel()
        providerJob.cancel(CancellationException("the offerkit client was closed"))
        scopeWatch?.dispose()
        inner.close()
    }

    /** Replaces the access token (its JWT `exp` is read); null forgets it. */
    fun setAccessToken(token: String?) = sync { inner.setAccessToken(token) }

    /**
     * Ends every call of this client in flight now (pagers' pages included) with
     * [OfferException.Cancelled]; later calls are not affected.
     */
    fun cancelAll() = sync { inner.cancelAll() }

    /** All targeted offers for [playerId]; malformed ones are left out ([offersCached] says which). */
    suspend fun offers(playerId: String, options: OffersOptions = OffersOptions()): List<Offer> =
        call { inner.offers(playerId, options.toFfi()) }

    /** [offers] in detail: the items skipped, whether the answer came from the cache, and whether it is stale. */
    suspend fun offersCached(playerId: String, options: OffersOptions = OffersOptions()): CachedOffers =
        call { inner.offersCached(playerId, options.toFfi()) }

    /** Forgets every cached answer for [playerId] (no-op without a cache). */
    fun invalidate(playerId: String) = sync { inner.invalidate(playerId) }

    /** Forgets every cached answer (no-op without a cache). */
    fun clearCache() = sync { inner.clearCache() }

    /**
     * The tracking links for [playerId] as the JSON object the service returned. The default
     * selection is `support_portal`; [select] adds fields, [selection] replaces it.
     */
    suspend fun links(playerId: String, select: String? = null, selection: String? = null): String =
        call { inner.links(playerId, select, selection) }

    /** One page of the offers [playerId] has engaged with. */
    suspend fun playerOffers(playerId: String, options: PlayerOffersOptions = PlayerOffersOptions()): PlayerOffersPage =
        call { inner.playerOffers(playerId, options.toFfi()) }

    /**
     * Every page of [playerOffers] from `options.after` (or the first), as a cold flow: each
     * collection walks anew, one request per page, when the collector asks for it. Stopping the
     * collection (`first()`, `take(n)`, cancelling its coroutine) aborts the page in flight and
     * frees the pager. A repeated cursor or more than `maxPages` pages fails the flow with
     * [OfferException.Decode]. Bad arguments fail the flow when it is collected.
     */
    fun playerOffersPages(playerId: String, options: PlayerOffersOptions = PlayerOffersOptions()): Flow<PlayerOffersPage> =
        flow {
            val pager = call { inner.playerOffersPager(playerId, options.toFfi()) }
            pager.use {
                while (true) emit(call { pager.nextPage() } ?: break)
            }
        }

    /** The `GET /v1/offers` listing: everything at once, or one page with `perPage` (and `page`). */
    suspend fun listOffers(options: ListingOptions = ListingOptions()): ListingPage =
        call { inner.listOffers(options.toFfi()) }

    /**
     * Every page of the listing, [perPage] offers at a time from page 1, as a cold flow (see
     * [playerOffersPages]). A page number that does not grow or more than `maxPages` pages
     * fails the flow with [OfferException.Decode].
     */
    fun listingPages(perPage: Int): Flow<ListingPage> = flow {
        val pager = call { inner.listingPager(perPage.toLong()) }
        pager.use {
            while (true) emit(call { pager.nextPage() } ?: break)
        }
    }

    /**
     * Any GraphQL document; [variablesJson] must be a JSON object. Returns `data` as JSON text;
     * GraphQL errors fail with the mapped [OfferException] (its `responseJson` has them all).
     */
    suspend fun graphql(query: String, variablesJson: String? = null): String =
        call { inner.graphql(query, variablesJson) }

    private fun closedError() = OfferException.Cancelled("the offerkit client is closed")

    private inline fun <T> sync(block: () -> T): T {
        if (closed.get()) throw closedError()
        return try {
            mapped(block)
        } catch (e: IllegalStateException) {
            // The generated object refuses calls once freed: closed meanwhile.
            if (closed.get()) throw closedError() else throw e
        }
    }

    /**
     * Runs one suspending generated call: its failures as the public exception, and ended
     * with [OfferException.Cancelled] when the client is closed while it runs (cancelling the
     * call's own coroutine scope aborts the native call and its HTTP request).
     */
    private suspend fun <T> call(block: suspend () -> T): T {
        if (closed.get()) throw closedError()
        val caller = currentCoroutineContext()[Job]
        return try {
            coroutineScope {
                val thisCall = coroutineContext[Job]!!
                val watch = closing.invokeOnCompletion { thisCall.cancel(CancellationException("the offerkit client was closed")) }
                try {
                    block()
                } finally {
                    watch.dispose()
                }
            }
        } catch (e: Generated) {
            throw e.toPublic()
        } catch (e: CancellationException) {
            // The client's closing, not the caller's cancellation: a failure the caller sees.
            if (closed.get() && caller?.isActive != false) throw closedError() else throw e
        } catch (e: IllegalStateException) {
            if (closed.get()) throw closedError() else throw e
        }
    }
}

/** The app's scope minus its Job (the client's own lifetime is the parent), or Default. */
private fun providerContext(scope: CoroutineScope?): CoroutineContext {
    val context = scope?.coroutineContext?.minusKey(Job) ?: EmptyCoroutineContext
    return if (context[ContinuationInterceptor] == null) context + Dispatchers.Default else context
}
