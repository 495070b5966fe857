// Bring your own HTTP: the app's stack (OkHttp, java.net.http, Ktor) carries offerkit's
// requests, for its proxies, certificate pinning, user CAs and metrics. Everything above one
// attempt — headers, retries, Retry-After, the call's deadline, redirect refusal, the body cap,
// error mapping — stays in offerkit. The bridge runs the app's executor as a child of the
// client's scope (never GlobalScope); cancelling the call cancels it; whatever it throws fails
// that attempt as a network failure carrying its text, and reaches no uncaught-exception handler.
package com.offerkit

import com.offerkit.internal.HttpExecutor as GeneratedExecutor
import com.offerkit.internal.HttpExecutorException as GeneratedFailure
import com.offerkit.internal.HttpHeader as GeneratedHeader
import com.offerkit.internal.HttpRequest as GeneratedRequest
import com.offerkit.internal.HttpResponse as GeneratedResponse
import kotlin.time.Duration
import kotlin.time.Duration.Companion.milliseconds
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.async

/**
 * The app's HTTP stack, as offerkit uses it. Send the request exactly as given and answer once:
 * - never follow a redirect (answer the 3xx as it is; offerkit refuses it, naming its `Location`);
 * - answer with the whole body after transfer decoding (offerkit sends no `Accept-Encoding`; a
 *   stack that adds one, as OkHttp does, must decompress, which OkHttp does);
 * - give up after [HttpRequest.timeout] with [HttpExecutorFailure] of kind
 *   [HttpFailureKind.TIMEOUT] (offerkit stops waiting 500 ms later in any case);
 * - a connection, DNS or TLS failure (a refused certificate included) is
 *   [HttpFailureKind.NETWORK]. Anything else thrown counts as one too.
 * Many attempts may be in flight at once.
 */
fun interface HttpExecutor {
    suspend fun execute(request: HttpRequest): HttpResponse
}

/** One attempt to send. The `authorization` header carries the access token: never log it ([toString] hides it). */
class HttpRequest(
    /** `GET` or `POST`. */
    val method: String,
    val url: String,
    /** Header names and values, in the order to send them. */
    val headers: List<Pair<String, String>>,
    val body: ByteArray?,
    /** How long this attempt may take, body included. */
    val timeout: Duration,
    /** The largest body offerkit accepts. */
    val maxResponseBytes: Long,
) {
    /** The value of header [name] (any case), or null. */
    fun header(name: String): String? = headers.firstOrNull { it.first.equals(name, ignoreCase = true) }?.second

    override fun toString(): String {
        val shown = headers.map { (name, value) ->
            if (name.equals("authorization", ignoreCase = true)) "$name: ***" else "$name: $value"
        }
        return "HttpRequest(method=$method, url=$url, headers=$shown, bodyBytes=${body?.size}, timeout=$timeout)"
    }
}

/** A complete answer: [status] 100 to 599, the headers, the whole body. */
class HttpResponse(
    val status: Int,
    val headers: List<Pair<String, String>> = emptyList(),
    val body: ByteArray = ByteArray(0),
) {
    override fun toString(): String = "HttpResponse(status=$status, headers=$headers, bodyBytes=${body.size})"
}

/** Why an attempt got no complete answer. */
enum class HttpFailureKind {
    /** No connection, DNS or TLS failure, or the connection broke before the answer was whole. */
    NETWORK,

    /** The attempt took longer than [HttpRequest.timeout]. */
    TIMEOUT,

    /** The body is longer than [HttpRequest.maxResponseBytes]. */
    TOO_LARGE,
}

/**
 * Thrown by an [HttpExecutor] for an attempt that got no complete answer; [httpStatus] is the
 * status when the failure came after it (a body that broke off).
 */
class HttpExecutorFailure(
    val kind: HttpFailureKind,
    message: String,
    val httpStatus: Int? = null,
    cause: Throwable? = null,
) : java.io.IOException(message, cause)

/** The app's executor as the generated client calls it: run in [scope], its failures returned. */
internal class HttpExecutorBridge(
    private val executor: HttpExecutor,
    private val scope: CoroutineScope,
) : GeneratedExecutor {
    override suspend fun execute(request: GeneratedRequest): GeneratedResponse {
        val mine = HttpRequest(
            method = request.method,
            url = request.url,
            headers = request.headers.map { it.name to it.value },
            body = request.body,
            timeout = request.timeoutMs.milliseconds,
            maxResponseBytes = request.maxResponseBytes,
        )
        // `async` keeps a failure in the Deferred: it cancels neither the scope nor reaches a
        // handler; `await` hands it to the generated glue, which reports it to the call.
        val answer = scope.async { executor.execute(mine) }
        try {
            val response = answer.await()
            return GeneratedResponse(
                status = response.status,
                headers = response.headers.map { (name, value) -> GeneratedHeader(name, value) },
                body = response.body,
            )
        } catch (e: HttpExecutorFailure) {
            val detail = e.message ?: e.kind.name.lowercase()
            throw when (e.kind) {
                HttpFailureKind.NETWORK -> GeneratedFailure.Network(detail, e.httpStatus)
                HttpFailureKind.TIMEOUT -> GeneratedFailure.Timeout(detail, e.httpStatus)
                HttpFailureKind.TOO_LARGE -> GeneratedFailure.TooLarge(detail, e.httpStatus)
            }
        } finally {
            answer.cancel()
        }
    }
}
