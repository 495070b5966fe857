// OfferKitHttpRequest.cs: one HTTP attempt offerkit hands to the game's IOfferKitHttpExecutor, copied
// out of the native request, so the executor may read it from any thread for as long as it likes.
using System;
using System.Collections.Generic;

namespace OfferKit
{
    public sealed class OfferKitHttpRequest
    {
        internal OfferKitHttpRequest(ulong id, string method, string url, IReadOnlyList<KeyValuePair<string, string>> headers,
            byte[] body, TimeSpan timeout, long maxResponseBytes)
        {
            Id = id;
            Method = method;
            Url = url;
            Headers = headers;
            Body = body;
            Timeout = timeout;
            MaxResponseBytes = maxResponseBytes;
        }

        /// <summary>For the game's logs: unique among this process's HTTP requests, never 0.</summary>
        public ulong Id { get; private set; }

        /// <summary>"GET" or "POST".</summary>
        public string Method { get; private set; }

        /// <summary>The absolute URL to send to.</summary>
        public string Url { get; private set; }

        /// <summary>
        /// The headers to send, in order. "authorization" carries the player's access token: never
        /// log its value.
        /// </summary>
        public IReadOnlyList<KeyValuePair<string, string>> Headers { get; private set; }

        /// <summary>The body to send (POST), or null (GET).</summary>
        public byte[] Body { get; private set; }

        /// <summary>How long the whole attempt may take, body included; then fail with Timeout.</summary>
        public TimeSpan Timeout { get; private set; }

        /// <summary>The longest body offerkit accepts; a longer one may be cut short with TooLarge.</summary>
        public long MaxResponseBytes { get; private set; }

        /// <summary>Method, URL and id: never the headers (the token).</summary>
        public override string ToString()
        {
            return Method + " " + Url + " (request " + Id + ")";
        }
    }
}
