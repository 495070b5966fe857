// OffersOptions.cs: the optional arguments of the offers, playerOffers and links queries (unset:
// not sent). Select adds GraphQL fields to the default selection; Selection replaces it, and the
// typed fields it leaves out are then null (read the rest with Field).
namespace OfferKit
{
    /// <summary>The sort orders the service knows.</summary>
    public static class OfferSort
    {
        public const string EpcAscending = "epc.asc";
        public const string EpcDescending = "epc.desc";
        public const string LastActivationAscending = "last_activation.asc";
        public const string LastActivationDescending = "last_activation.desc";
    }

    public sealed class OffersOptions
    {
        /// <summary>At least 1; null: no limit.</summary>
        public int? Limit { get; set; }

        /// <summary>2 to 5 characters ("en", "de", "zh-HK", "zh-TW"); null: the service's default.</summary>
        public string Language { get; set; }

        /// <summary>One of OfferSort; null: the default order.</summary>
        public string Sort { get; set; }

        /// <summary>Extra GraphQL fields added to the selection, e.g. "links { click_url }"; read them with Offer.Field.</summary>
        public string Select { get; set; }

        /// <summary>
        /// The whole offer selection, replacing the default
        /// "id name total_payout_usd creatives { name description }" (Select is then added to it),
        /// e.g. "id name". The typed fields it leaves out are null. null: the default.
        /// </summary>
        public string Selection { get; set; }
    }

    public sealed class PlayerOffersOptions
    {
        /// <summary>2 to 5 characters; null: the service's default.</summary>
        public string Language { get; set; }

        /// <summary>1 to 100 per page; null: the service's default (50).</summary>
        public int? Limit { get; set; }

        /// <summary>A NextCursor of a previous page of the same query; null: the first page.</summary>
        public string After { get; set; }

        /// <summary>Extra GraphQL fields added to each item's default selection.</summary>
        public string Select { get; set; }

        /// <summary>
        /// The whole playerOffers selection, replacing the default, e.g.
        /// "offers: items { id } next_cursor": the items are read from the one list field it names
        /// (with an alias, as here, too). Not together with Select (InvalidArgument). null: the default.
        /// </summary>
        public string Selection { get; set; }
    }

    public sealed class LinksOptions
    {
        /// <summary>GraphQL fields added to the default selection (support_portal), e.g. "offerwall".</summary>
        public string Select { get; set; }

        /// <summary>The whole links selection, replacing support_portal (Select is then added to it). null: the default.</summary>
        public string Selection { get; set; }
    }
}
