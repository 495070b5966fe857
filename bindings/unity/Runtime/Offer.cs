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
        /// A field by dotted path ("links.click_url", "goals.0.name", "creatives.icon_url") as
        /// <typeparamref name="T"/>: string, bool, long, int, double, decimal (any numeric type
        /// that holds the number exactly), their nullable forms (JSON null reads as null), object,
        /// or the parsed containers (IReadOnlyDictionary&lt;string, object&gt;, IReadOnlyList&lt;object&gt;;
        /// see Json.Parse); a null path: the whole item. Throws KeyNotFoundException when the item has no such field (ask for
        /// it with Select), FieldTypeException when its value is not a <typeparamref name="T"/>.
        /// A field core could not read (nested deeper than 128 levels, a number beyond double's
        /// range) reads as null.
        /// </summary>
        public T Field<T>(string dottedPath)
        {
            return _json.Field<T>(dottedPath);
        }

        /// <summary>
        /// Like Field&lt;T&gt;, for fields that may be missing: false when the item has no such
        /// field or its value is not a <typeparamref name="T"/> (then <paramref name="value"/> is
        /// default). Never throws.
        /// </summary>
        public bool TryGetField<T>(string dottedPath, out T value)
        {
            return _json.TryGetField(dottedPath, out value);
        }

        /// <summary>Any field as display text (strings as they are, numbers and booleans as in JSON); null when absent or null. Never throws.</summary>
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
