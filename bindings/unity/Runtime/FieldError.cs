// FieldError.cs: one field entry of an error (a failing GraphQL field, or the failing arguments
// of a local check, or the fields of a 422), with the service's messages per argument.
using System.Collections.Generic;

namespace OfferKit
{
    public sealed class FieldError
    {
        internal FieldError(string path, IReadOnlyList<string> argumentNames,
            IReadOnlyDictionary<string, IReadOnlyList<string>> messages)
        {
            Path = path;
            ArgumentNames = argumentNames;
            Messages = messages;
        }

        /// <summary>The field's path joined with '.', e.g. "offers"; null when the entry has none (422).</summary>
        public string Path { get; private set; }

        /// <summary>The failing arguments, in name order (e.g. "limit", "sort").</summary>
        public IReadOnlyList<string> ArgumentNames { get; private set; }

        /// <summary>Messages per argument, in the service's words.</summary>
        public IReadOnlyDictionary<string, IReadOnlyList<string>> Messages { get; private set; }

        public override string ToString()
        {
            var parts = new List<string>();
            foreach (string name in ArgumentNames)
                parts.Add(name + ": " + string.Join(" ", Messages[name]));
            return (Path != null ? Path + " " : "") + string.Join("; ", parts);
        }
    }
}
