// OfferKitHttpResponse.cs: what an IOfferKitHttpExecutor answers: the response as it came, whatever
// its status (a 4xx, 5xx or 3xx is offerkit's to judge).
using System.Collections.Generic;

namespace OfferKit
{
    public sealed class OfferKitHttpResponse
    {
        /// <param name="status">The HTTP status, 100 to 599.</param>
        /// <param name="headers">The response headers (offerkit reads Retry-After and Location); null: none.</param>
        /// <param name="body">The whole body after transfer and content decoding; null: empty.</param>
        public OfferKitHttpResponse(int status, IEnumerable<KeyValuePair<string, string>> headers = null, byte[] body = null)
        {
            Status = status;
            Headers = headers != null ? new List<KeyValuePair<string, string>>(headers) : new List<KeyValuePair<string, string>>();
            Body = body ?? new byte[0];
        }

        public int Status { get; private set; }

        public IReadOnlyList<KeyValuePair<string, string>> Headers { get; private set; }

        public byte[] Body { get; private set; }
    }
}
