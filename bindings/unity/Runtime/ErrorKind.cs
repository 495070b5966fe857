// ErrorKind.cs: the error taxonomy shared by every offerkit binding (core's 16 kinds), and the
// C ABI's one status enum: 0, the kinds under the same numbers 1-16, and the codes of the C
// interface itself (100-107), which this package reports as kind InvalidArgument.
namespace OfferKit
{
    /// <summary>What went wrong: exactly core's kinds (snake_case names in <see cref="OfferKitException.KindName"/>).</summary>
    public enum ErrorKind
    {
        /// <summary>A value the spec rejects; checked before sending, nothing was sent.</summary>
        InvalidArgument = 1,
        /// <summary>HTTP 401 (or no token at all).</summary>
        Unauthorized = 2,
        /// <summary>HTTP 403: the token lacks the scope.</summary>
        Forbidden = 3,
        /// <summary>GraphQL validation errors: see <see cref="OfferKitException.Fields"/>.</summary>
        Validation = 4,
        /// <summary>GraphQL query errors (data null).</summary>
        Query = 5,
        /// <summary>A playerOffers cursor the service did not issue: see <see cref="OfferKitException.Reason"/>.</summary>
        InvalidCursor = 6,
        /// <summary>HTTP 415.</summary>
        UnsupportedMediaType = 7,
        /// <summary>HTTP 422: one field entry with an empty path.</summary>
        Unprocessable = 8,
        /// <summary>HTTP 429: see <see cref="OfferKitException.RetryAfter"/>.</summary>
        RateLimited = 9,
        /// <summary>HTTP 5xx (retried for 502/503/504 within the deadline).</summary>
        Server = 10,
        /// <summary>The connection failed or broke.</summary>
        Network = 11,
        /// <summary>The request (or the wait for a token) took too long.</summary>
        Timeout = 12,
        /// <summary>Cancelled. Async calls report it as an OperationCanceledException instead.</summary>
        Cancelled = 13,
        /// <summary>The response was not what the spec describes.</summary>
        Decode = 14,
        /// <summary>A bug inside offerkit (a caught panic, or a failure inside this wrapper).</summary>
        Internal = 15,
        /// <summary>
        /// Another HTTP 4xx (400, 404, 405, 409, ...) or a redirect (never followed): the service
        /// refused the request as sent; a wrong base URL or path prefix is the usual cause. See
        /// <see cref="OfferKitException.HttpStatus"/>. Not retried, never answered from the cache.
        /// </summary>
        Rejected = 16,
    }

    /// <summary>
    /// The C ABI's status codes (OfferkitStatus): 0, each kind under its own number (so a status
    /// from 1 to 16 casts to its <see cref="ErrorKind"/>), and the C interface's own codes (100
    /// and up, kind InvalidArgument).
    /// </summary>
    public enum OfferKitStatus
    {
        Ok = 0,
        InvalidArgument = (int)ErrorKind.InvalidArgument,
        Unauthorized = (int)ErrorKind.Unauthorized,
        Forbidden = (int)ErrorKind.Forbidden,
        Validation = (int)ErrorKind.Validation,
        Query = (int)ErrorKind.Query,
        InvalidCursor = (int)ErrorKind.InvalidCursor,
        UnsupportedMediaType = (int)ErrorKind.UnsupportedMediaType,
        Unprocessable = (int)ErrorKind.Unprocessable,
        RateLimited = (int)ErrorKind.RateLimited,
        Server = (int)ErrorKind.Server,
        Network = (int)ErrorKind.Network,
        Timeout = (int)ErrorKind.Timeout,
        Cancelled = (int)ErrorKind.Cancelled,
        Decode = (int)ErrorKind.Decode,
        Internal = (int)ErrorKind.Internal,
        Rejected = (int)ErrorKind.Rejected,
        /// <summary>A required argument was null (kind InvalidArgument).</summary>
        NullArgument = 100,
        /// <summary>A string was not valid Unicode (kind InvalidArgument).</summary>
        InvalidUtf8 = 101,
        /// <summary>A number was outside its range (kind InvalidArgument).</summary>
        OutOfRange = 102,
        /// <summary>A call that would wait for itself, e.g. OfferKitLibrary.Shutdown inside a completion (kind InvalidArgument).</summary>
        WouldDeadlock = 103,
        /// <summary>Nothing at the path asked for (kind InvalidArgument; the package's own readers answer null instead).</summary>
        NotFound = 104,
        /// <summary>The native library is still in use, e.g. OfferKitLibrary.Shutdown while a client is in a call on another thread (kind InvalidArgument).</summary>
        Busy = 105,
        /// <summary>A second answer to a host HTTP executor's request; the first stands (kind InvalidArgument).</summary>
        AlreadyAnswered = 106,
        /// <summary>A function this build of the native library has not got, e.g. Proxy with the lite library, which has no built-in HTTP transport (kind InvalidArgument).</summary>
        NotAvailable = 107,
    }
}
