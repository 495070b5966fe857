// OfferKitCacheOptions.cs: the response cache of offers and the listing (off unless set on
// OfferKitClientOptions.Cache): fresh answers from memory, one HTTP request for identical
// concurrent calls, and stale answers when the service cannot be reached.
using System;

namespace OfferKit
{
    public sealed class OfferKitCacheOptions
    {
        public OfferKitCacheOptions()
        {
            TimeToLive = TimeSpan.FromMinutes(5);
            MaxEntries = 256;
            MaxStale = TimeSpan.FromHours(1);
        }

        /// <summary>Answers younger than this come from memory (0 to 24 h; zero: always refresh, still coalescing).</summary>
        public TimeSpan TimeToLive { get; set; }

        /// <summary>At least 1.</summary>
        public int MaxEntries { get; set; }

        /// <summary>How old an answer may be to stand in when a refresh fails (up to 24 h; TimeSpan.Zero: no answer is that young, so never).</summary>
        public TimeSpan MaxStale { get; set; }
    }
}
