// OfferList.cs: the offers of one answer, and where the answer came from: with the response
// cache on (OfferKitClientOptions.Cache), an answer may come from memory, or be a stale one kept
// because the service could not be reached. OffersAsync and ListAllOffersAsync return this type
// (as IReadOnlyList<Offer>). Items the service sent malformed are not in the list but in Skipped.
// When every item of an answer is malformed the call fails (ErrorKind.Decode) instead.
using System;
using System.Collections;
using System.Collections.Generic;

namespace OfferKit
{
    public sealed class OfferList : IReadOnlyList<Offer>
    {
        private readonly List<Offer> _offers;

        internal OfferList(List<Offer> offers, IReadOnlyList<SkippedItem> skipped, bool fromCache, bool isStale, TimeSpan age)
        {
            _offers = offers;
            Skipped = skipped;
            FromCache = fromCache;
            IsStale = isStale;
            Age = age;
        }

        /// <summary>
        /// The items of the answer that were left out because they were malformed (position in the
        /// answer, id if usable, why); empty when there were none.
        /// </summary>
        public IReadOnlyList<SkippedItem> Skipped { get; private set; }

        /// <summary>Answered from the response cache (fresh or stale).</summary>
        public bool FromCache { get; private set; }

        /// <summary>A stale cached answer, returned because a refresh failed (network, timeout, server error).</summary>
        public bool IsStale { get; private set; }

        /// <summary>Age of the answer (zero when it came from the network just now).</summary>
        public TimeSpan Age { get; private set; }

        public int Count { get { return _offers.Count; } }

        public Offer this[int index] { get { return _offers[index]; } }

        public IEnumerator<Offer> GetEnumerator()
        {
            return _offers.GetEnumerator();
        }

        IEnumerator IEnumerable.GetEnumerator()
        {
            return _offers.GetEnumerator();
        }
    }
}
