// OfferListPage.cs: a page of the paginated GET /v1/offers listing, with its pagination (null
// when the listing was asked for all at once) and the items left out as malformed.
using System.Collections.Generic;

namespace OfferKit
{
    public sealed class Pagination
    {
        internal Pagination(long currentPage, long perPage, bool hasMorePages, long? nextPage)
        {
            CurrentPage = currentPage;
            PerPage = perPage;
            HasMorePages = hasMorePages;
            NextPage = nextPage;
        }

        public long CurrentPage { get; private set; }
        public long PerPage { get; private set; }
        public bool HasMorePages { get; private set; }

        /// <summary>The next page number, or null when the service gave none.</summary>
        public long? NextPage { get; private set; }
    }

    public sealed class OfferListPage
    {
        internal OfferListPage(OfferList offers, Pagination pagination)
        {
            Offers = offers;
            Pagination = pagination;
        }

        /// <summary>The offers (with FromCache, IsStale and Age).</summary>
        public OfferList Offers { get; private set; }

        /// <summary>The items of this page left out because they were malformed (the same as Offers.Skipped).</summary>
        public IReadOnlyList<SkippedItem> Skipped { get { return Offers.Skipped; } }

        /// <summary>Null for an unpaginated listing (ListOffersAsync with perPage null).</summary>
        public Pagination Pagination { get; private set; }
    }
}
