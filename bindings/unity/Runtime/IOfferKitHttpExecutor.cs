// IOfferKitHttpExecutor.cs: the seam through which a game sends offerkit's HTTP through its own
// stack (UnityWebRequest, HttpClient, a console's API) instead of the native library's built-in
// one. Everything above one attempt — tokens, retries, the deadline, redirect refusal, error
// mapping — stays in offerkit; the contract an executor follows is in ffi/README.md ("Host HTTP
// executor").
using System.Threading;
using System.Threading.Tasks;

namespace OfferKit
{
    /// <summary>
    /// Sends one HTTP attempt and returns the response as it came: never follow a redirect (offerkit
    /// refuses a 3xx itself), give up after <see cref="OfferKitHttpRequest.Timeout"/>, answer the
    /// body after transfer and content decoding. A 4xx or 5xx is a response, not a failure.
    /// </summary>
    public interface IOfferKitHttpExecutor
    {
        /// <summary>
        /// Started inside the poll, on the polling thread (the main thread in Unity, where
        /// UnityWebRequest must be made); the task may complete on any thread. Must return quickly
        /// (start the transfer, never wait for it). Fail with <see cref="OfferKitHttpException"/> to
        /// say which failure it was (Network, Timeout, TooLarge); anything else it throws or
        /// returns wrongly (a null task or response, a status outside 100–599) fails the attempt as
        /// a network failure carrying the text. <paramref name="cancellationToken"/> is cancelled
        /// when offerkit no longer wants the answer (the call was cancelled or its deadline passed,
        /// the client was disposed), on the polling or disposing thread: abort the transfer then;
        /// whatever the task ends with afterwards is dropped.
        /// </summary>
        Task<OfferKitHttpResponse> ExecuteAsync(OfferKitHttpRequest request, CancellationToken cancellationToken);
    }
}
