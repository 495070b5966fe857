// OfferList.cs: the offers of one answer, and where the answer came from: with the response
// cache on (OfferKitClientOptions.Cache), an answer may come from memory, or be a stale one kept
// because the service could not be reached. OffersAsync and ListAllOffersAsync return this type
// (as IReadOnlyList<Offer>).
using System;
using System.Collections;
using System.Collections.Generic;

namespace OfferKit
{
    public sealed class OfferList : IReadOnlyList<Offer>
    {
        private readonly List<Offer> _offers;

        internal OfferList(List<Offer> offers, bool fromCache, bool isStale, TimeSpan age)
        {
            _offers = offers;
            FromCache = fromCache;
            IsStale = isStale;
            Age = age;
        }

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
