// OfferKitHttpFailure.cs: why an IOfferKitHttpExecutor got no complete response (the C ABI's
// OfferkitHttpFailure, under the same numbers).
namespace OfferKit
{
    public enum OfferKitHttpFailure
    {
        /// <summary>No connection, a DNS or TLS failure, a connection that broke: becomes ErrorKind.Network (retried).</summary>
        Network = 1,
        /// <summary>The attempt took longer than OfferKitHttpRequest.Timeout: becomes ErrorKind.Timeout (retried).</summary>
        Timeout = 2,
        /// <summary>The body was longer than OfferKitHttpRequest.MaxResponseBytes: becomes ErrorKind.Decode.</summary>
        TooLarge = 3,
    }
}
