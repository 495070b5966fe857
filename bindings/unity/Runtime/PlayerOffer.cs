// PlayerOffer.cs: one offer the player engaged with (an item of playerOffers), copied out of the
// native page. Id, Name and Status are null when the service did not send them as text (e.g. a
// replaced selection that leaves them out).
namespace OfferKit
{
    public sealed class PlayerOffer
    {
        private readonly ItemJson _json;

        internal PlayerOffer(string id, string name, string status, string rawJson)
        {
            Id = id;
            Name = name;
            Status = status;
            _json = new ItemJson(rawJson);
        }

        public string Id { get; private set; }

        public string Name { get; private set; }

        /// <summary>"in_progress" or "completed"; null when absent.</summary>
        public string Status { get; private set; }

        public bool IsCompleted { get { return Status == "completed"; } }

        /// <summary>The item as the JSON object the service sent.</summary>
        public string RawJson { get { return _json.Raw; } }

        /// <summary>Any field by dotted path, parsed; null when absent or unreadable (see Offer.Field). Never throws.</summary>
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
            return Name + " (" + Id + ", " + Status + ")";
        }
    }
}
