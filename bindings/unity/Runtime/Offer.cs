// Offer.cs: one offer, copied out of the native list (which is freed at once): the spec's typed
// fields (null when absent: the selection did not ask for them), plus the whole JSON object the
// service sent, for fields asked for with OffersOptions.Select (e.g. "links { click_url }").
namespace OfferKit
{
    public sealed class Offer : OfferKitItem
    {
        internal Offer(string id, string name, double? totalPayoutUsd, string creativeName, string creativeDescription, string rawJson)
            : base(rawJson)
        {
            Id = id;
            Name = name;
            TotalPayoutUsd = totalPayoutUsd;
            CreativeName = creativeName;
            CreativeDescription = creativeDescription;
        }

        /// <summary>The offer id (a long digit string); null when the selection did not ask for it.</summary>
        public string Id { get; private set; }

        /// <summary>null when the selection did not ask for it.</summary>
        public string Name { get; private set; }

        /// <summary>Payout in USD; null when the selection did not ask for it.</summary>
        public double? TotalPayoutUsd { get; private set; }

        /// <summary>creatives.name; null when absent.</summary>
        public string CreativeName { get; private set; }

        /// <summary>creatives.description; null when absent.</summary>
        public string CreativeDescription { get; private set; }

        public override string ToString()
        {
            return Name + " (" + Id + ", $" + (TotalPayoutUsd.HasValue
                ? TotalPayoutUsd.Value.ToString(System.Globalization.CultureInfo.InvariantCulture) : "?") + ")";
        }
    }
}
