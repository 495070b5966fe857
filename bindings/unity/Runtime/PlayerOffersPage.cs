// PlayerOffersPage.cs: one page of playerOffers, the cursor of the next one, and the items the
// service sent malformed (not objects), which are left out.
using System.Collections.Generic;

namespace OfferKit
{
    public sealed class PlayerOffersPage
    {
        internal PlayerOffersPage(IReadOnlyList<PlayerOffer> items, string nextCursor, IReadOnlyList<SkippedItem> skipped)
        {
            Items = items;
            NextCursor = nextCursor;
            Skipped = skipped;
        }

        public IReadOnlyList<PlayerOffer> Items { get; private set; }

        /// <summary>Pass as PlayerOffersOptions.After for the next page; null on the last page.</summary>
        public string NextCursor { get; private set; }

        public bool HasMore { get { return NextCursor != null; } }

        /// <summary>The items of this page left out because they were malformed; empty when there were none.</summary>
        public IReadOnlyList<SkippedItem> Skipped { get; private set; }
    }
}
