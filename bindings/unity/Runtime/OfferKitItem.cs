// OfferKitItem.cs: what every item the service sends (an Offer, a PlayerOffer) offers alike: the
// JSON object as it arrived and its fields by dotted path, for fields asked for with Select. One
// home for these accessors; only this package derives from it (the constructor is internal).
namespace OfferKit
{
    public abstract class OfferKitItem
    {
        private readonly ItemJson _json;

        internal OfferKitItem(string rawJson)
        {
            _json = new ItemJson(rawJson);
        }

        /// <summary>The item as the JSON object the service sent (extra selected fields included).</summary>
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
    }
}
