// The platform's own HTTP stack as an HttpExecutor: java.net.HttpURLConnection, which on Android
// is the system's (its CAs, the user's CAs the app trusts, its proxy and network security
// config). The client uses it when the native library has no transport of its own (the mobile
// flavour, what `offerkit-android` carries) and the app gave no executor; an app may pass it anywhere.
// HttpURLConnection blocks, so each attempt runs on Dispatchers.IO, and a timeout or a
// cancelled call disconnects it, which unblocks the thread at once.
package com.offerkit

import java.io.IOException
import java.io.InputStream
import java.net.HttpURLConnection
import java.net.SocketTimeoutException
import java.net.URL
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.TimeoutCancellationException
import kotlinx.coroutines.async
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.withTimeout

/**
 * An [HttpExecutor] on `java.net.HttpURLConnection`. It follows no redirect, sends the request
 * as given, reads the whole body (at most [HttpRequest.maxResponseBytes]: more is
 * [HttpFailureKind.TOO_LARGE]), and gives up after [HttpRequest.timeout]
 * ([HttpFailureKind.TIMEOUT]); a connection, DNS or TLS failure is [HttpFailureKind.NETWORK].
 */
class HttpUrlConnectionExecutor : HttpExecutor {
    override suspend fun execute(request: HttpRequest): HttpResponse {
        val connection = try {
            URL(request.url).openConnection() as HttpURLConnection
        } catch (e: Exception) {
            throw HttpExecutorFailure(HttpFailureKind.NETWORK, "cannot open ${request.url}: $e", cause = e)
        }
        return coroutineScope {
            // The attempt's failure is its result, not the child's: a child that failed would
            // fail this scope too, and the "Socket closed" of a connection this timeout just
            // disconnected could then win over the timeout it really was.
            val exchange = async(Dispatchers.IO) { runCatching { exchange(connection, request) } }
            try {
                withTimeout(request.timeout) { exchange.await() }.getOrThrow()
            } catch (e: TimeoutCancellationException) {
                connection.disconnect()
                exchange.cancel()
                throw HttpExecutorFailure(HttpFailureKind.TIMEOUT, "no complete answer within ${request.timeout}")
            } catch (e: CancellationException) {
                connection.disconnect()
                exchange.cancel()
                throw e
            }
        }
    }

    private fun exchange(connection: HttpURLConnection, request: HttpRequest): HttpResponse {
        var status: Int? = null
        try {
            val millis = request.timeout.inWholeMilliseconds.coerceIn(1, Int.MAX_VALUE.toLong()).toInt()
            connection.connectTimeout = millis
            connection.readTimeout = millis
            connection.instanceFollowRedirects = false
            connection.useCaches = false
            connection.requestMethod = request.method
            for ((name, value) in request.headers) connection.addRequestProperty(name, value)
            val body = request.body
            if (body != null) {
                connection.doOutput = true
                connection.setFixedLengthStreamingMode(body.size)
                connection.outputStream.use { it.write(body) }
            }
            status = connection.responseCode
            // Below 400 the body is the input stream; from 400 on, the error stream (null when
            // there is none to read: the JVM's keeps no body of a 401 it answered itself).
            val stream = (if (status >= 400) connection.errorStream else connection.inputStream)
                ?: return HttpResponse(status, headersOf(connection))
            val bytes = stream.use { readCapped(it, request.maxResponseBytes, status) }
            // The JVM's HttpURLConnection ends a body the server cut short as if it were whole;
            // its declared length tells (Android's throws itself, and drops the header when it
            // decompresses).
            val declared = connection.contentLengthLong
            if (declared >= 0 && declared != bytes.size.toLong() && status != 204 && status != 304) {
                throw HttpExecutorFailure(
                    HttpFailureKind.NETWORK,
                    "the connection closed after ${bytes.size} of the $declared bytes the answer declared",
                    status,
                )
            }
            return HttpResponse(status, headersOf(connection), bytes)
        } catch (e: HttpExecutorFailure) {
            throw e
        } catch (e: SocketTimeoutException) {
            throw HttpExecutorFailure(HttpFailureKind.TIMEOUT, e.toString(), status, e)
        } catch (e: IOException) {
            throw HttpExecutorFailure(HttpFailureKind.NETWORK, e.toString(), status, e)
        } catch (e: RuntimeException) {
            // HttpURLConnection throws these for what it refuses to send (a bad method, a header
            // with a line break): the attempt failed without an answer.
            throw HttpExecutorFailure(HttpFailureKind.NETWORK, e.toString(), status, e)
        }
    }

    /** The answer's headers (the status line, which HttpURLConnection lists under null, left out). */
    private fun headersOf(connection: HttpURLConnection): List<Pair<String, String>> =
        connection.headerFields.flatMap { (name, values) -> if (name == null) emptyList() else values.map { name to it } }

    private fun readCapped(stream: InputStream, max: Long, status: Int): ByteArray {
        val out = java.io.ByteArrayOutputStream()
        val buffer = ByteArray(16 * 1024)
        while (true) {
            val n = stream.read(buffer)
            if (n < 0) return out.toByteArray()
            if (out.size().toLong() + n > max) {
                throw HttpExecutorFailure(HttpFailureKind.TOO_LARGE, "the body is longer than $max bytes", status)
            }
            out.write(buffer, 0, n)
        }
    }
}
