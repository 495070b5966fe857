// PlayerOffersPage.cs: one page of playerOffers and the cursor of the next one.
using System.Collections.Generic;

namespace OfferKit
{
    public sealed class PlayerOffersPage
    {
        internal PlayerOffersPage(IReadOnlyList<PlayerOffer> items, string nextCursor)
        {
            Items = items;
            NextCursor = nextCursor;
        }

        public IReadOnlyList<PlayerOffer> Items { get; private set; }

        /// <summary>Pass as PlayerOffersOptions.After for the next page; null on the last page.</summary>
        public string NextCursor { get; private set; }

        public bool HasMore { get { return NextCursor != null; } }
    }
}
