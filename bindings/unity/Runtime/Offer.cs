// Offer.cs: one offer, copied out of the native list (which is freed at once): the spec's typed
// fields (null when absent: the selection did not ask for them), plus the whole JSON object the
// service sent, for fields asked for with OffersOptions.Select (e.g. "links { click_url }").
namespace OfferKit
{
    public sealed class Offer
    {
        private readonly ItemJson _json;

        internal Offer(string id, string name, double? totalPayoutUsd, string creativeName, string creativeDescription, string rawJson)
        {
            Id = id;
            Name = name;
            TotalPayoutUsd = totalPayoutUsd;
            CreativeName = creativeName;
            CreativeDescription = creativeDescription;
            _json = new ItemJson(rawJson);
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

        /// <summary>The offer as the JSON object the service sent (extra selected fields included).</summary>
        public string RawJson { get { return _json.Raw; } }

        /// <summary>
        /// Any field by dotted path ("links.click_url", "goals.0.name"), parsed (see Json.Parse);
        /// null when absent or unreadable (nested deeper than 128 levels, a number beyond double's
        /// range). Never throws.
        /// </summary>
        public object Field(string dottedPath)
        {
            return _json.Field(dottedPath);
        }

        /// <summary>Like Field, as text (strings unquoted); null when absent.</summary>
        public string FieldText(string dottedPath)
        {
            return _json.FieldText(dottedPath);
        }

        public override string ToString()
        {
            return Name + " (" + Id + ", $" + (TotalPayoutUsd.HasValue
                ? TotalPayoutUsd.Value.ToString(System.Globalization.CultureInfo.InvariantCulture) : "?") + ")";
        }
    }
}
