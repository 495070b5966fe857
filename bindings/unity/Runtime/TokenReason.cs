// TokenReason.cs: why a client asks the game for an access token (OfferKitClientOptions.TokenProvider).
namespace OfferKit
{
    public enum TokenReason
    {
        /// <summary>The client has no token.</summary>
        Missing = 1,
        /// <summary>The current token expires within 60 s.</summary>
        Expiring = 2,
        /// <summary>The service answered 401 to the current token; the request is retried once with the new one.</summary>
        Rejected = 3,
    }
}
