// Links.cs: the result of the links query (the player's support portal and offerwall URLs).
// The selection is configurable (LinksOptions), so the whole object is kept and readable by
// field name.
using System.Collections.Generic;

namespace OfferKit
{
    public sealed class Links
    {
        private readonly Dictionary<string, object> _fields;

        internal Links(string rawJson)
        {
            RawJson = rawJson;
            _fields = Json.ParseItem(rawJson) as Dictionary<string, object> ?? new Dictionary<string, object>();
        }

        /// <summary>support_portal (selected by default), or null when not selected.</summary>
        public string SupportPortal { get { return Get("support_portal"); } }

        /// <summary>offerwall, or null when not selected.</summary>
        public string Offerwall { get { return Get("offerwall"); } }

        /// <summary>The links object as the service sent it.</summary>
        public string RawJson { get; private set; }

        /// <summary>A selected field as text, or null (also when unreadable: see Offer.Field).</summary>
        public string Get(string field)
        {
            object value;
            return _fields.TryGetValue(field, out value) ? Json.AsText(value) : null;
        }
    }
}
