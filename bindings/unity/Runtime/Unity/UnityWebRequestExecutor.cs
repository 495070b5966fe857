// UnityWebRequestExecutor.cs: an IOfferKitHttpExecutor on UnityWebRequest, so offerkit's HTTP goes
// through the engine's own stack: the platform's TLS and certificate store, WebGL (where the
// native library's sockets do not exist) and consoles. ExecuteAsync runs inside the poll on the
// main thread (the package's only delivery mode), which is where UnityWebRequest must be made;
// cancellation arrives there too, so Abort is called on the main thread.
#if UNITY_5_3_OR_NEWER
using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using UnityEngine.Networking;

namespace OfferKit.Unity
{
    public sealed class UnityWebRequestExecutor : IOfferKitHttpExecutor
    {
        // Headers UnityWebRequest refuses in SetRequestHeader (it, or the browser on WebGL, sets
        // them itself). offerkit sends none of them today but User-Agent; skipping them here keeps
        // a refused header from failing the attempt. Anything else SetRequestHeader throws for is
        // skipped as well (and logged).
        private static readonly HashSet<string> Forbidden = new HashSet<string>(StringComparer.OrdinalIgnoreCase)
        {
            "accept-charset", "access-control-request-headers", "access-control-request-method", "connection",
            "content-length", "date", "dnt", "expect", "host", "keep-alive", "origin", "referer", "te", "trailer",
            "transfer-encoding", "upgrade", "via", "x-unity-version",
#if UNITY_WEBGL && !UNITY_EDITOR
            "user-agent", "cookie", "cookie2",
#endif
        };

        public Task<OfferKitHttpResponse> ExecuteAsync(OfferKitHttpRequest request, CancellationToken cancellationToken)
        {
            var answer = new TaskCompletionSource<OfferKitHttpResponse>();
            var www = new UnityWebRequest(request.Url, request.Method);
            try
            {
                www.redirectLimit = 0; // offerkit refuses a redirect itself: answer the 3xx as it came
                www.timeout = (int)Math.Min(int.MaxValue, Math.Ceiling(request.Timeout.TotalSeconds)); // whole seconds, rounded up
                www.downloadHandler = new DownloadHandlerBuffer();
                if (request.Body != null) www.uploadHandler = new UploadHandlerRaw(request.Body);
                foreach (KeyValuePair<string, string> header in request.Headers)
                {
                    if (Forbidden.Contains(header.Key)) continue;
                    if (request.Body != null && header.Key.Equals("content-type", StringComparison.OrdinalIgnoreCase))
                        www.uploadHandler.contentType = header.Value;
                    try
                    {
                        www.SetRequestHeader(header.Key, header.Value);
                    }
                    catch (Exception e)
                    {
                        OfferKitLog.Write(LogLevel.Debug, "offerkit: UnityWebRequest refused the header " + header.Key + ": " + e.Message);
                    }
                }
                UnityWebRequestAsyncOperation operation = www.SendWebRequest();
                CancellationTokenRegistration abort = cancellationToken.Register(www.Abort);
                operation.completed += _ =>
                {
                    abort.Dispose();
                    Action settle;
                    try
                    {
                        settle = Outcome(www, cancellationToken, answer);
                    }
                    catch (Exception e)
                    {
                        settle = () => answer.TrySetException(e);
                    }
                    finally
                    {
                        // Before the answer, not after: whoever the answer wakes (offerkit, the
                        // game) finds the request and its native buffers already released.
                        www.Dispose();
                    }
                    settle();
                };
            }
            catch (Exception)
            {
                www.Dispose();
                throw; // a network failure carrying the text
            }
            return answer.Task;
        }

        /// <summary>
        /// Reads everything the answer needs out of the finished request and returns the step that
        /// gives it, to run once the request is disposed.
        /// </summary>
        private static Action Outcome(UnityWebRequest www, CancellationToken cancellationToken,
            TaskCompletionSource<OfferKitHttpResponse> answer)
        {
            if (cancellationToken.IsCancellationRequested)
                return () => answer.TrySetCanceled(); // aborted: nobody waits for an answer
            Exception failure;
            switch (www.result)
            {
                case UnityWebRequest.Result.Success:
                case UnityWebRequest.Result.ProtocolError: // a 4xx or 5xx is a response, offerkit's to judge
                    var headers = new List<KeyValuePair<string, string>>();
                    Dictionary<string, string> received = www.GetResponseHeaders();
                    if (received != null) headers.AddRange(received);
                    var response = new OfferKitHttpResponse((int)www.responseCode, headers, www.downloadHandler.data);
                    return () => answer.TrySetResult(response);
                case UnityWebRequest.Result.ConnectionError:
                    bool timedOut = string.Equals(www.error, "Request timeout", StringComparison.OrdinalIgnoreCase);
                    failure = new OfferKitHttpException(timedOut ? OfferKitHttpFailure.Timeout : OfferKitHttpFailure.Network,
                        www.error ?? "connection error");
                    break;
                default: // DataProcessingError: the body broke off after the status line
                    failure = www.responseCode >= 100 && www.responseCode <= 599
                        ? new OfferKitHttpException(OfferKitHttpFailure.Network, (int)www.responseCode, www.error ?? "data processing error")
                        : new OfferKitHttpException(OfferKitHttpFailure.Network, www.error ?? "data processing error");
                    break;
            }
            return () => answer.TrySetException(failure);
        }
    }
}
#endif
