// HttpClientExecutor.cs: an IOfferKitHttpExecutor on System.Net.Http.HttpClient, for the Editor,
// standalone players and plain .NET hosts that want offerkit's HTTP in their own stack (their
// handler, proxy, certificate checks). Redirects are not followed and nothing is decompressed
// unasked, as the executor contract requires (ffi/README.md, "Host HTTP executor").
using System;
using System.Collections.Generic;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;

namespace OfferKit
{
    public sealed class HttpClientExecutor : IOfferKitHttpExecutor, IDisposable
    {
        private readonly HttpClient _client;

        /// <summary>
        /// On a handler of its own: no redirects followed, no automatic decompression, no proxy
        /// (the machine's proxy settings are not inherited; pass your own handler to use one).
        /// </summary>
        public HttpClientExecutor()
            : this(new HttpClientHandler
            {
                AllowAutoRedirect = false,
                AutomaticDecompression = DecompressionMethods.None,
                UseProxy = false,
                UseCookies = false,
            })
        {
        }

        /// <summary>
        /// On <paramref name="handler"/> (disposed with this executor). It must not follow
        /// redirects (HttpClientHandler.AllowAutoRedirect = false): offerkit refuses them itself.
        /// </summary>
        public HttpClientExecutor(HttpMessageHandler handler)
        {
            if (handler == null) throw new ArgumentNullException("handler");
            var clientHandler = handler as HttpClientHandler;
            if (clientHandler != null && clientHandler.AllowAutoRedirect)
                throw new ArgumentException("the handler follows redirects (set AllowAutoRedirect = false)", "handler");
            _client = new HttpClient(handler, true) { Timeout = System.Threading.Timeout.InfiniteTimeSpan };
        }

        public async Task<OfferKitHttpResponse> ExecuteAsync(OfferKitHttpRequest request, CancellationToken cancellationToken)
        {
            using (var timeout = new CancellationTokenSource(request.Timeout))
            using (var both = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, timeout.Token))
            using (HttpRequestMessage message = Message(request))
            {
                try
                {
                    using (HttpResponseMessage response = await _client.SendAsync(message, HttpCompletionOption.ResponseHeadersRead, both.Token)
                               .ConfigureAwait(false))
                    {
                        int status = (int)response.StatusCode;
                        var headers = new List<KeyValuePair<string, string>>();
                        foreach (KeyValuePair<string, IEnumerable<string>> h in response.Headers)
                            headers.Add(new KeyValuePair<string, string>(h.Key, string.Join(", ", h.Value)));
                        if (response.Content != null)
                            foreach (KeyValuePair<string, IEnumerable<string>> h in response.Content.Headers)
                                headers.Add(new KeyValuePair<string, string>(h.Key, string.Join(", ", h.Value)));
                        byte[] body;
                        try
                        {
                            body = await ReadBody(response, request.MaxResponseBytes, status, both.Token).ConfigureAwait(false);
                        }
                        catch (Exception e) when (!(e is OfferKitHttpException) && !(e is OperationCanceledException))
                        {
                            throw new OfferKitHttpException(OfferKitHttpFailure.Network, status, "the response body broke off: " + Describe(e), e);
                        }
                        return new OfferKitHttpResponse(status, headers, body);
                    }
                }
                catch (OperationCanceledException e)
                {
                    if (cancellationToken.IsCancellationRequested) throw; // offerkit stopped waiting
                    throw new OfferKitHttpException(OfferKitHttpFailure.Timeout,
                        "no complete response within " + (long)request.Timeout.TotalMilliseconds + " ms", e);
                }
                catch (HttpRequestException e)
                {
                    throw new OfferKitHttpException(OfferKitHttpFailure.Network, Describe(e), e);
                }
            }
        }

        private static HttpRequestMessage Message(OfferKitHttpRequest request)
        {
            var message = new HttpRequestMessage(new HttpMethod(request.Method), request.Url);
            if (request.Body != null) message.Content = new ByteArrayContent(request.Body);
            foreach (KeyValuePair<string, string> header in request.Headers)
            {
                if (message.Headers.TryAddWithoutValidation(header.Key, header.Value)) continue;
                // Content-Type and the other content headers belong to the body.
                if (message.Content == null) message.Content = new ByteArrayContent(new byte[0]);
                message.Content.Headers.TryAddWithoutValidation(header.Key, header.Value);
            }
            return message;
        }

        /// <summary>The body, stopped past <paramref name="max"/> bytes (TooLarge).</summary>
        private static async Task<byte[]> ReadBody(HttpResponseMessage response, long max, int status, CancellationToken cancellationToken)
        {
            if (response.Content == null) return new byte[0];
            using (Stream stream = await response.Content.ReadAsStreamAsync().ConfigureAwait(false))
            using (var body = new MemoryStream())
            {
                var buffer = new byte[16384];
                int read;
                while ((read = await stream.ReadAsync(buffer, 0, buffer.Length, cancellationToken).ConfigureAwait(false)) > 0)
                {
                    body.Write(buffer, 0, read);
                    if (body.Length > max)
                        throw new OfferKitHttpException(OfferKitHttpFailure.TooLarge, status, "the body is longer than " + max + " bytes");
                }
                return body.ToArray();
            }
        }

        /// <summary>The exception's message and its inner ones' (HttpRequestException says little by itself).</summary>
        private static string Describe(Exception e)
        {
            var parts = new List<string>();
            for (Exception x = e; x != null && parts.Count < 4; x = x.InnerException) parts.Add(x.Message);
            return string.Join(": ", parts);
        }

        public void Dispose()
        {
            _client.Dispose();
        }
    }
}
