// Every failure of an offerkit call, as one sealed exception hierarchy whose base carries what
// most handlers read: `kind` (a plain enum property), `httpStatus` and `fields`. The generated
// exceptions put those on some subclasses only and compute the kind with a native call; this
// is the one error type apps see, converted from (and, for a token provider, to) the
// generated one.
package com.offerkit

import kotlin.time.Duration
import kotlin.time.Duration.Companion.seconds
import com.offerkit.internal.OfferException as Generated

/**
 * Every failure of an offerkit call. Catch the subclasses you handle
 * (`catch (e: OfferException.RateLimited) { e.retryAfter }`) or branch on [kind]; [message]
 * is the readable text (`HTTP 403: …`, `The limit field must be at least 1.`).
 *
 * A token provider may throw one (say [Forbidden] for a banned player): the waiting call
 * then fails with it, kind kept.
 *
 * @property kind the kind, one per subclass.
 * @property httpStatus the response's status when one arrived, else null.
 * @property fields the failing fields (validation, invalid arguments, HTTP 422), else empty.
 */
sealed class OfferException(
    override val message: String,
    val kind: ErrorKind,
    val httpStatus: Int? = null,
    val fields: List<FieldError> = emptyList(),
) : Exception(message) {
    /** `invalid_argument: …`: the kind as every offerkit binding writes it, then the message. */
    override fun toString(): String = "${kind.name.lowercase()}: $message"

    /** A value the spec rejects; nothing was sent. [fields] names each argument and why. */
    class InvalidArgument(message: String, fields: List<FieldError> = emptyList()) :
        OfferException(message, ErrorKind.INVALID_ARGUMENT, null, fields)

    /** HTTP 401 (a new token did not help), no token, or the token provider failed. */
    class Unauthorized(message: String, httpStatus: Int? = null) :
        OfferException(message, ErrorKind.UNAUTHORIZED, httpStatus)

    /** HTTP 403: the token lacks the required scope. */
    class Forbidden(message: String, httpStatus: Int? = null) :
        OfferException(message, ErrorKind.FORBIDDEN, httpStatus)

    /**
     * GraphQL validation errors: [fields] holds every failing field's messages; [httpStatus] is
     * the status they came with (200, or a 4xx carrying GraphQL errors).
     */
    class Validation(
        message: String,
        fields: List<FieldError>,
        val responseJson: String?,
        httpStatus: Int? = null,
    ) : OfferException(message, ErrorKind.VALIDATION, httpStatus, fields)

    /** GraphQL query errors (unknown field, missing argument, syntax), with their status. */
    class Query(message: String, val responseJson: String?, httpStatus: Int? = null) :
        OfferException(message, ErrorKind.QUERY, httpStatus)

    /** A cursor the service did not issue; [reason] is its explanation. */
    class InvalidCursor(
        message: String,
        val reason: String?,
        val responseJson: String?,
        httpStatus: Int? = null,
    ) : OfferException(message, ErrorKind.INVALID_CURSOR, httpStatus)

    /** HTTP 415. */
    class UnsupportedMediaType(message: String, httpStatus: Int? = null) :
        OfferException(message, ErrorKind.UNSUPPORTED_MEDIA_TYPE, httpStatus)

    /** HTTP 422, with the body's per-field messages in [fields]. */
    class Unprocessable(message: String, httpStatus: Int?, fields: List<FieldError>) :
        OfferException(message, ErrorKind.UNPROCESSABLE, httpStatus, fields)

    /** HTTP 429; [retryAfter] is the server's `Retry-After` when it sent one. */
    class RateLimited(message: String, httpStatus: Int?, val retryAfter: Duration?) :
        OfferException(message, ErrorKind.RATE_LIMITED, httpStatus)

    /** HTTP 5xx after retries; [retryAfter] is the server's `Retry-After` when it sent one. */
    class Server(message: String, httpStatus: Int?, val retryAfter: Duration?) :
        OfferException(message, ErrorKind.SERVER, httpStatus)

    /**
     * The connection failed or broke (after retries). [httpStatus] is set when it broke after
     * the status line had arrived (a body cut off; an executor's failure after the status).
     */
    class Network(message: String, httpStatus: Int? = null) :
        OfferException(message, ErrorKind.NETWORK, httpStatus)

    /**
     * An attempt took longer than `timeout`, or the call longer than `deadline`. [httpStatus]
     * is set when the status line had arrived before the time ran out.
     */
    class Timeout(message: String, httpStatus: Int? = null) :
        OfferException(message, ErrorKind.TIMEOUT, httpStatus)

    /**
     * The call was stopped by the client: [OfferClient.cancelAll], or [OfferClient.close]
     * (calls in flight, and every call after it). Cancelling the caller's own coroutine ends
     * the call with the coroutine's `CancellationException` instead.
     */
    class Cancelled(message: String) : OfferException(message, ErrorKind.CANCELLED)

    /**
     * The response was not what the spec describes, or a pager's walk did not end. [httpStatus]
     * is the status of the answer that showed it (none past `maxPages`: that page is never
     * requested).
     */
    class Decode(message: String, httpStatus: Int? = null) :
        OfferException(message, ErrorKind.DECODE, httpStatus)

    /** A bug inside offerkit. */
    class Internal(message: String) : OfferException(message, ErrorKind.INTERNAL)

    /** A status the spec does not name (400, 404, 409, …) or a redirect: check `baseUrl`. */
    class Rejected(message: String, httpStatus: Int? = null) :
        OfferException(message, ErrorKind.REJECTED, httpStatus)
}

/** The public exception for a generated one. */
internal fun Generated.toPublic(): OfferException = when (this) {
    is Generated.InvalidArgument -> OfferException.InvalidArgument(detail, fields)
    is Generated.Unauthorized -> OfferException.Unauthorized(detail, httpStatus)
    is Generated.Forbidden -> OfferException.Forbidden(detail, httpStatus)
    is Generated.Validation -> OfferException.Validation(detail, fields, responseJson, httpStatus)
    is Generated.Query -> OfferException.Query(detail, responseJson, httpStatus)
    is Generated.InvalidCursor -> OfferException.InvalidCursor(detail, reason, responseJson, httpStatus)
    is Generated.UnsupportedMediaType -> OfferException.UnsupportedMediaType(detail, httpStatus)
    is Generated.Unprocessable -> OfferException.Unprocessable(detail, httpStatus, fields)
    is Generated.RateLimited -> OfferException.RateLimited(detail, httpStatus, retryAfterSecs?.seconds)
    is Generated.Server -> OfferException.Server(detail, httpStatus, retryAfterSecs?.seconds)
    is Generated.Network -> OfferException.Network(detail, httpStatus)
    is Generated.Timeout -> OfferException.Timeout(detail, httpStatus)
    is Generated.Cancelled -> OfferException.Cancelled(detail)
    is Generated.Decode -> OfferException.Decode(detail, httpStatus)
    is Generated.Internal -> OfferException.Internal(detail)
    is Generated.Rejected -> OfferException.Rejected(detail, httpStatus)
}

/** The generated exception for a public one (what a token provider threw, kind kept). */
internal fun OfferException.toGenerated(): Generated = when (this) {
    is OfferException.InvalidArgument -> Generated.InvalidArgument(message, fields)
    is OfferException.Unauthorized -> Generated.Unauthorized(message, httpStatus)
    is OfferException.Forbidden -> Generated.Forbidden(message, httpStatus)
    is OfferException.Validation -> Generated.Validation(message, httpStatus, fields, responseJson)
    is OfferException.Query -> Generated.Query(message, httpStatus, responseJson)
    is OfferException.InvalidCursor -> Generated.InvalidCursor(message, httpStatus, reason, responseJson)
    is OfferException.UnsupportedMediaType -> Generated.UnsupportedMediaType(message, httpStatus)
    is OfferException.Unprocessable -> Generated.Unprocessable(message, httpStatus, fields)
    is OfferException.RateLimited -> Generated.RateLimited(message, httpStatus, retryAfter?.inWholeSeconds)
    is OfferException.Server -> Generated.Server(message, httpStatus, retryAfter?.inWholeSeconds)
    is OfferException.Network -> Generated.Network(message, httpStatus)
    is OfferException.Timeout -> Generated.Timeout(message, httpStatus)
    is OfferException.Cancelled -> Generated.Cancelled(message)
    is OfferException.Decode -> Generated.Decode(message, httpStatus)
    is OfferException.Internal -> Generated.Internal(message)
    is OfferException.Rejected -> Generated.Rejected(message, httpStatus)
}

/** Runs a synchronous generated call, its failures as the public exception. */
internal inline fun <T> mapped(block: () -> T): T = try {
    block()
} catch (e: Generated) {
    throw e.toPublic()
}
