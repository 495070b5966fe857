// The app's token provider and its bridge to the generated callback interface. The bridge
// runs the provider as a child of the client's scope (never GlobalScope), so closing the
// client, or the end of the app's scope, cancels it; whatever it throws is handed back to the
// waiting call (an `OfferException` keeps its kind; anything else, `Error`s included, fails
// the call at once as `Unauthorized` with its text) and reaches no uncaught-exception handler.
package com.offerkit

import com.offerkit.internal.AccessTokenProvider as GeneratedProvider
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.async

/**
 * Implemented by the app: a fresh, short-lived access token (the JWT text, without `Bearer `),
 * typically from the studio's own backend, which holds the refresh token. Concurrent requests
 * share one call. Must not call back into the same client's queries.
 */
fun interface AccessTokenProvider {
    suspend fun accessToken(reason: TokenReason): String
}

/** The provider as the generated client calls it: run in [scope], its failures returned. */
internal class TokenProviderBridge(
    private val provider: AccessTokenProvider,
    private val scope: CoroutineScope,
) : GeneratedProvider {
    override suspend fun accessToken(reason: TokenReason): String {
        // `async` keeps a failure in the Deferred: it cancels neither the scope nor reaches a
        // handler; `await` hands it to the generated glue, which reports it to the call.
        val answer = scope.async { provider.accessToken(reason) }
        try {
            return answer.await()
        } catch (e: OfferException) {
            throw e.toGenerated()
        } finally {
            answer.cancel()
        }
    }
}
