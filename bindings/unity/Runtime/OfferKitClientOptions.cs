// OfferKitClientOptions.cs: everything an OfferKitClient is made from (the C ABI's config).
using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace OfferKit
{
    public sealed class OfferKitClientOptions
    {
        public OfferKitClientOptions(string baseUrl)
        {
            BaseUrl = baseUrl;
            ExtraRootCertificatesPem = new List<string>();
        }

        /// <summary>The service, https://... (http:// only for loopback hosts unless AllowInsecureHttp).</summary>
        public string BaseUrl { get; set; }

        /// <summary>Whole-request timeout of one attempt (default 10 s).</summary>
        public TimeSpan? Timeout { get; set; }

        /// <summary>
        /// The most any one call takes (default 30 s; 1 ms to 24 h): every attempt, retry backoff,
        /// Retry-After wait and the wait for a token happen within it. A Retry-After that would end
        /// after it is not waited for: the call fails at once, with the service's RetryAfter.
        /// </summary>
        public TimeSpan? Deadline { get; set; }

        /// <summary>
        /// The most pages a pager (CreatePlayerOffersPager, ListAllOffersAsync) walks before it fails
        /// with ErrorKind.Decode (default 1000; at least 1). A walk also ends with Decode when a
        /// cursor repeats or a listing page number does not grow.
        /// </summary>
        public int? MaxPages { get; set; }

        /// <summary>
        /// Sends every request through this proxy, "http://[user:password@]host:port"; null (the
        /// default): direct connections. Environment variables such as HTTPS_PROXY are never read,
        /// so a game does not inherit a proxy from the player's machine.
        /// </summary>
        public string Proxy { get; set; }

        /// <summary>Connection set-up timeout (default 5 s).</summary>
        public TimeSpan? ConnectTimeout { get; set; }

        /// <summary>Retries of transient failures (502/503/504, connection errors, timeouts), 0 to 10 (default 2).</summary>
        public int? MaxRetries { get; set; }

        /// <summary>First retry backoff (random up to this, doubling per retry; default 200 ms).</summary>
        public TimeSpan? RetryBackoffInitial { get; set; }

        /// <summary>Largest retry backoff (default 5 s). Set together with RetryBackoffInitial.</summary>
        public TimeSpan? RetryBackoffMax { get; set; }

        /// <summary>Extra trusted root certificates (PEM), added to the built-in web roots.</summary>
        public List<string> ExtraRootCertificatesPem { get; private set; }

        /// <summary>Allows http:// to hosts other than loopback. Testing only.</summary>
        public bool AllowInsecureHttp { get; set; }

        /// <summary>The access token to start with (optional; see TokenProvider).</summary>
        public string AccessToken { get; set; }

        /// <summary>
        /// Called when the client has no token, when its token is about to expire, and once after a
        /// 401: fetch a short-lived access token from your backend (never ship a refresh token in a
        /// game) and return it. Started inside the poll, on the main thread in Unity (so
        /// UnityWebRequest can be used); its Task may complete on any thread. Requests wait for it
        /// up to TokenWait (within their Deadline). A failed or empty answer fails the waiting
        /// requests at once with an OfferKitException of Kind Unauthorized saying why; so does
        /// anything it throws. Its CancellationToken is cancelled when nothing waits for the
        /// answer any more: the waiting calls were cancelled or ended, TokenWait (or the Deadline)
        /// passed, or the client was disposed; stop the backend request then (UnityWebRequest.Abort:
        /// the token is cancelled on the main thread, inside the poll or Dispose).
        /// </summary>
        public Func<TokenReason, CancellationToken, Task<string>> TokenProvider { get; set; }

        /// <summary>How long requests wait for the TokenProvider (default: the request timeout).</summary>
        public TimeSpan? TokenWait { get; set; }

        /// <summary>
        /// Sends every HTTP attempt through the game's own stack instead of the native library's
        /// built-in one: UnityWebRequestExecutor in Unity (also WebGL and consoles),
        /// HttpClientExecutor in .NET, or your own (the contract: ffi/README.md, "Host
        /// HTTP executor"). With the lite native library (OfferKitLibrary.HasBuiltInHttp false: the
        /// package's Android and iOS library) a null one is OfferKitLibrary.DefaultHttpExecutor's
        /// (UnityWebRequestExecutor in Unity). With it, Proxy and ExtraRootCertificatesPem are refused (InvalidArgument: set
        /// them in your stack) and ConnectTimeout is not used. Its ExecuteAsync starts inside the
        /// poll, on the main thread in Unity.
        /// </summary>
        public IOfferKitHttpExecutor HttpExecutor { get; set; }

        /// <summary>The response cache of offers and the listing; null (the default): off.</summary>
        public OfferKitCacheOptions Cache { get; set; }
    }
}
