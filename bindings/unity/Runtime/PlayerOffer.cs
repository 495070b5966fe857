// PlayerOffer.cs: one offer the player engaged with (an item of playerOffers), copied out of the
// native page. Id, Name and Status are null when the service did not send them as text (e.g. a
// replaced selection that leaves them out).
namespace OfferKit
{
    public sealed class PlayerOffer : OfferKitItem
    {
        internal PlayerOffer(string id, string name, string status, string rawJson)
            : base(rawJson)
        {
            Id = id;
            Name = name;
            Status = status;
        }

        public string Id { get; private set; }

        public string Name { get; private set; }

        /// <summary>"in_progress" or "completed"; null when absent.</summary>
        public string Status { get; private set; }

        public bool IsCompleted { get { return Status == "completed"; } }

        public override string ToString()
        {
            return Name + " (" + Id + ", " + Status + ")";
        }
    }
}
