// Json.cs: a small JSON reader, so that fields the spec does not type (an offer's extra fields,
// links, raw GraphQL data) can be read without a JSON package: Unity's JsonUtility cannot read
// dictionaries, and plain Mono has no JSON library. Read-only by design, plus Quote for building
// GraphQL variables and ItemJson, the lazily parsed object behind every item's Field. Bounded:
// containers nest at most 128 deep (like core's reader), so hostile input can neither overflow
// the stack nor make a value a double cannot hold.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;
using OfferKit.Interop;

namespace OfferKit
{
    public static class Json
    {
        /// <summary>How deep arrays and objects may nest (the same limit as core's JSON reader).</summary>
        public const int MaxDepth = 128;

        /// <summary>
        /// Parses JSON text into Dictionary&lt;string, object&gt;, List&lt;object&gt;, string, long
        /// (integers that fit), double, bool or null. Throws FormatException on invalid JSON and on
        /// JSON it cannot represent: containers nested deeper than <see cref="MaxDepth"/>, numbers
        /// beyond double's range.
        /// </summary>
        public static object Parse(string text)
        {
            if (text == null) throw new ArgumentNullException("text");
            return Read(text, false);
        }

        /// <summary>
        /// Parses an item the service sent (an offer, a player offer, links: a JSON object) for the
        /// field accessors. A top-level field that cannot be represented (nested deeper than
        /// MaxDepth, a number beyond double's range) reads as null, as core's unreadable fields do,
        /// and the other fields stay readable. Never throws: invalid text (which core never hands
        /// out) reads as null.
        /// </summary>
        internal static object ParseItem(string text)
        {
            if (text == null) return null;
            try
            {
                return Read(text, true);
            }
            catch (FormatException)
            {
                return null;
            }
        }

        private static object Read(string text, bool unreadableFieldsAsNull)
        {
            var reader = new Reader(text, unreadableFieldsAsNull);
            reader.SkipSpace();
            object value = reader.Value(0);
            reader.SkipSpace();
            if (!reader.AtEnd) throw reader.Error("trailing characters");
            return value;
        }

        /// <summary>
        /// The value at a dotted path ("links.click_url", "goals.0.name") below a parsed value, or
        /// null when the path names nothing. Each segment is an object key or an array index; ""
        /// names the empty key (as in core); a null path gives the value itself.
        /// </summary>
        public static object Select(object root, string dottedPath)
        {
            object found;
            return TrySelect(root, dottedPath, out found) ? found : null;
        }

        /// <summary>Like Select, telling a path that names nothing (false) from one that names a JSON null (true, null).</summary>
        public static bool TrySelect(object root, string dottedPath, out object found)
        {
            found = root;
            if (dottedPath == null) return true;
            foreach (string segment in dottedPath.Split('.'))
            {
                var map = found as Dictionary<string, object>;
                var list = found as List<object>;
                int index;
                if (map != null)
                {
                    if (!map.TryGetValue(segment, out found)) return false;
                }
                else if (list != null && int.TryParse(segment, NumberStyles.None, CultureInfo.InvariantCulture, out index))
                {
                    if (index >= list.Count)
                    {
                        found = null;
                        return false;
                    }
                    found = list[index];
                }
                else
                {
                    found = null;
                    return false;
                }
            }
            return true;
        }

        /// <summary>A JSON string literal for <paramref name="value"/> ("null" for null).</summary>
        public static string Quote(string value)
        {
            if (value == null) return "null";
            var sb = new StringBuilder(value.Length + 2);
            sb.Append('"');
            foreach (char c in value)
            {
                switch (c)
                {
                    case '"': sb.Append("\\\""); break;
                    case '\\': sb.Append("\\\\"); break;
                    case '\n': sb.Append("\\n"); break;
                    case '\r': sb.Append("\\r"); break;
                    case '\t': sb.Append("\\t"); break;
                    default:
                        if (c < 0x20) sb.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                        else sb.Append(c);
                        break;
                }
            }
            sb.Append('"');
            return sb.ToString();
        }

        /// <summary>A selected value as text: strings as they are, other values as JSON-ish text, null as null.</summary>
        public static string AsText(object value)
        {
            if (value == null) return null;
            var s = value as string;
            if (s != null) return s;
            if (value is bool) return (bool)value ? "true" : "false";
            if (value is double) return ((double)value).ToString("R", CultureInfo.InvariantCulture);
            if (value is long) return ((long)value).ToString(CultureInfo.InvariantCulture);
            return value.ToString();
        }

        /// <summary>Valid JSON this reader cannot represent (too deep, a number beyond double).</summary>
        private sealed class UnreadableException : FormatException
        {
            internal UnreadableException(string message) : base(message) { }
        }

        private sealed class Reader
        {
            private readonly string _text;
            private readonly bool _unreadableFieldsAsNull;
            private int _at;

            internal Reader(string text, bool unreadableFieldsAsNull)
            {
                _text = text;
                _unreadableFieldsAsNull = unreadableFieldsAsNull;
            }

            internal bool AtEnd { get { return _at >= _text.Length; } }

            internal FormatException Error(string what)
            {
                return new FormatException("invalid JSON at " + _at + ": " + what);
            }

            internal void SkipSpace()
            {
                while (_at < _text.Length && (_text[_at] == ' ' || _text[_at] == '\t' || _text[_at] == '\n' || _text[_at] == '\r')) _at++;
            }

            private char Next()
            {
                if (_at >= _text.Length) throw Error("unexpected end");
                return _text[_at++];
            }

            private void Expect(string word)
            {
                if (string.CompareOrdinal(_text, _at, word, 0, word.Length) != 0) throw Error("expected " + word);
                _at += word.Length;
            }

            /// <summary>A value whose containers are nested <paramref name="depth"/> deep.</summary>
            internal object Value(int depth)
            {
                if (AtEnd) throw Error("unexpected end");
                char c = _text[_at];
                if ((c == '{' || c == '[') && depth >= MaxDepth)
                    throw new UnreadableException("invalid JSON at " + _at + ": nested deeper than " + MaxDepth);
                switch (c)
                {
                    case '{': return Object(depth);
                    case '[': return Array(depth);
                    case '"': return String();
                    case 't': Expect("true"); return true;
                    case 'f': Expect("false"); return false;
                    case 'n': Expect("null"); return null;
                    default:
                        if (c == '-' || (c >= '0' && c <= '9')) return Number();
                        throw Error("unexpected '" + c + "'");
                }
            }

            /// <summary>
            /// A top-level field of an item: an unreadable value becomes null (the other fields stay
            /// readable). Invalid JSON still throws.
            /// </summary>
            private object Field()
            {
                int start = _at;
                try
                {
                    return Value(1);
                }
                catch (UnreadableException)
                {
                    _at = start;
                    SkipValue();
                    return null;
                }
            }

            /// <summary>
            /// Passes over a value without building it and without recursion (its depth is
            /// unbounded): brackets must match, strings are read as strings, anything else is
            /// passed over. Always advances, so it ends on any input.
            /// </summary>
            private void SkipValue()
            {
                var closers = new Stack<char>();
                do
                {
                    SkipSpace();
                    if (AtEnd) throw Error("unexpected end");
                    char c = _text[_at];
                    if (c == '{' || c == '[')
                    {
                        closers.Push(c == '{' ? '}' : ']');
                        _at++;
                    }
                    else if (c == '}' || c == ']')
                    {
                        if (closers.Count == 0 || closers.Pop() != c) throw Error("unbalanced '" + c + "'");
                        _at++;
                    }
                    else if (c == '"')
                    {
                        String();
                    }
                    else if (closers.Count > 0 || (c != ',' && c != ':'))
                    {
                        _at++;
                        while (_at < _text.Length && "{}[]\",: \t\n\r".IndexOf(_text[_at]) < 0) _at++;
                    }
                    else
                    {
                        throw Error("expected a value");
                    }
                } while (closers.Count > 0);
            }

            private Dictionary<string, object> Object(int depth)
            {
                var map = new Dictionary<string, object>();
                if (OpensEmpty('}')) return map;
                do
                {
                    SkipSpace();
                    if (AtEnd || _text[_at] != '"') throw Error("expected a key");
                    string key = String();
                    SkipSpace();
                    if (Next() != ':') throw Error("expected ':'");
                    SkipSpace();
                    map[key] = depth == 0 && _unreadableFieldsAsNull ? Field() : Value(depth + 1);
                } while (!Closes('}'));
                return map;
            }

            private List<object> Array(int depth)
            {
                var list = new List<object>();
                if (OpensEmpty(']')) return list;
                do
                {
                    SkipSpace();
                    list.Add(Value(depth + 1));
                } while (!Closes(']'));
                return list;
            }

            /// <summary>Steps over a container's opening bracket; true (and past
            /// <paramref name="closer"/>) when the container is empty.</summary>
            private bool OpensEmpty(char closer)
            {
                _at++;
                SkipSpace();
                if (AtEnd || _text[_at] != closer) return false;
                _at++;
                return true;
            }

            /// <summary>After a member: true at <paramref name="closer"/>, false at the ',' before
            /// the next one; throws at anything else. Steps past what it read.</summary>
            private bool Closes(char closer)
            {
                SkipSpace();
                char c = Next();
                if (c == closer) return true;
                if (c != ',') throw Error("expected ',' or '" + closer + "'");
                return false;
            }

            private string String()
            {
                _at++; // "
                var sb = new StringBuilder();
                while (true)
                {
                    char c = Next();
                    if (c == '"') return sb.ToString();
                    if (c != '\\')
                    {
                        if (c < 0x20) throw Error("control character in a string");
                        sb.Append(c);
                        continue;
                    }
                    char e = Next();
                    switch (e)
                    {
                        case '"': sb.Append('"'); break;
                        case '\\': sb.Append('\\'); break;
                        case '/': sb.Append('/'); break;
                        case 'b': sb.Append('\b'); break;
                        case 'f': sb.Append('\f'); break;
                        case 'n': sb.Append('\n'); break;
                        case 'r': sb.Append('\r'); break;
                        case 't': sb.Append('\t'); break;
                        case 'u':
                            if (_at + 4 > _text.Length) throw Error("short \\u escape");
                            int code;
                            if (!int.TryParse(_text.Substring(_at, 4), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out code))
                                throw Error("bad \\u escape");
                            _at += 4;
                            sb.Append((char)code);
                            break;
                        default: throw Error("bad escape");
                    }
                }
            }

            private bool Digits()
            {
                int start = _at;
                while (_at < _text.Length && _text[_at] >= '0' && _text[_at] <= '9') _at++;
                return _at > start;
            }

            /// <summary>
            /// A number of JSON's grammar: a long when it is an integer that fits, else a double.
            /// One beyond double's range (1e400; an integer of 400 digits) is unreadable.
            /// </summary>
            private object Number()
            {
                int start = _at;
                if (_text[_at] == '-') _at++;
                if (_at < _text.Length && _text[_at] == '0') _at++;
                else if (!Digits()) throw Error("bad number");
                bool integral = true;
                if (_at < _text.Length && _text[_at] == '.')
                {
                    integral = false;
                    _at++;
                    if (!Digits()) throw Error("bad number");
                }
                if (_at < _text.Length && (_text[_at] == 'e' || _text[_at] == 'E'))
                {
                    integral = false;
                    _at++;
                    if (_at < _text.Length && (_text[_at] == '+' || _text[_at] == '-')) _at++;
                    if (!Digits()) throw Error("bad number");
                }
                string token = _text.Substring(start, _at - start);
                long whole;
                if (integral && long.TryParse(token, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out whole)) return whole;
                double real;
                // Runtimes differ: some fail on overflow, newer ones return infinity. Both are out of range.
                if (double.TryParse(token, NumberStyles.Float, CultureInfo.InvariantCulture, out real) && !double.IsInfinity(real)) return real;
                _at = start;
                throw new UnreadableException("invalid JSON at " + _at + ": number out of range");
            }
        }
    }

    /// <summary>
    /// The JSON object the service sent for one item (an offer, a player offer), parsed on first
    /// use: the one implementation behind each item's RawJson, Field and FieldText.
    /// </summary>
    internal sealed class ItemJson
    {
        private object _parsed;
        private bool _isParsed;

        internal ItemJson(string raw)
        {
            Raw = raw;
        }

        internal string Raw { get; private set; }

        private object Parsed
        {
            get
            {
                if (!_isParsed)
                {
                    _parsed = Json.ParseItem(Raw);
                    _isParsed = true;
                }
                return _parsed;
            }
        }

        /// <summary>Any field by dotted path (see Json.Select); null when absent, null or unreadable. Never throws.</summary>
        internal object Field(string dottedPath)
        {
            return Json.Select(Parsed, dottedPath);
        }

        /// <summary>The field as T: KeyNotFoundException when absent, FieldTypeException when not a T.</summary>
        internal T Field<T>(string dottedPath)
        {
            object value;
            if (!Json.TrySelect(Parsed, dottedPath, out value))
                throw new KeyNotFoundException("offerkit: the item has no field \"" + dottedPath +
                    "\" (ask for it with the query's Select or Selection, or use TryGetField)");
            return FieldConversion.To<T>(dottedPath, value);
        }

        /// <summary>The field as T when present and readable as T (null counts for nullable T); never throws.</summary>
        internal bool TryGetField<T>(string dottedPath, out T value)
        {
            value = default(T);
            object found;
            string why;
            if (!Json.TrySelect(Parsed, dottedPath, out found)) return false;
            return FieldConversion.TryTo(found, out value, out why);
        }

        /// <summary>Like Field, as text (strings unquoted); null when absent.</summary>
        internal string FieldText(string dottedPath)
        {
            return Json.AsText(Field(dottedPath));
        }
    }
}
