// SkippedItem.cs: an item the service sent that was left out of a result because it was
// malformed (a required field null, missing or of the wrong type, or not an object at all).
// Core decides what is malformed; this is its verdict, copied out of the native list or page.
namespace OfferKit
{
    public sealed class SkippedItem
    {
        internal SkippedItem(int index, string id, string reason)
        {
            Index = index;
            Id = id;
            Reason = reason;
        }

        /// <summary>0-based position of the item in the list as the service sent it (across every page for ListAllOffersAsync).</summary>
        public int Index { get; private set; }

        /// <summary>The item's id when it had a usable one, else null.</summary>
        public string Id { get; private set; }

        /// <summary>Why it was left out, e.g. "name is null".</summary>
        public string Reason { get; private set; }

        public override string ToString()
        {
            return "#" + Index + (Id != null ? " (" + Id + ")" : "") + ": " + Reason;
        }
    }
}
