// FieldTypeException.cs: what Offer.Field<T> (and PlayerOffer's) throws when the field is there but
// its JSON value cannot be read as the type asked for: a string read as int, a fraction or a
// number out of range read as an integer, null read as a non-nullable value type. Says the
// field, the type asked for and the JSON type found, so the fix (another T, or TryGetField) is clear.
using System;

namespace OfferKit
{
    public sealed class FieldTypeException : InvalidCastException
    {
        internal FieldTypeException(string path, Type requested, string found, string why = null)
            : base("offerkit: field \"" + path + "\" is " + found + ", which cannot be read as " + requested.Name +
                   (why != null ? " (" + why + ")" : "") + ": ask for another type, or use TryGetField")
        {
            Path = path;
            RequestedType = requested;
            JsonType = found;
        }

        /// <summary>The dotted path asked for.</summary>
        public string Path { get; private set; }

        /// <summary>The T of Field&lt;T&gt;.</summary>
        public Type RequestedType { get; private set; }

        /// <summary>What the field holds: "a string", "a number", "an integer", "a boolean", "an object", "an array" or "null".</summary>
        public string JsonType { get; private set; }
    }
}
