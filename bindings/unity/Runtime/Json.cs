// Json.cs: a small JSON reader, so that fields the spec does not type (an offer's extra fields,
// links, raw GraphQL data) can be read without a JSON package: Unity's JsonUtility cannot read
// dictionaries, and plain Mono has no JSON library. Read-only by design, plus Quote for building
// GraphQL variables.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace OfferKit
{
    public static class Json
    {
        /// <summary>
        /// Parses JSON text into Dictionary&lt;string, object&gt;, List&lt;object&gt;, string, long
        /// (integers that fit), double, bool or null. Throws FormatException on invalid JSON.
        /// </summary>
        public static object Parse(string text)
        {
            if (text == null) throw new ArgumentNullException("text");
            var reader = new Reader(text);
            reader.SkipSpace();
            object value = reader.Value(0);
            reader.SkipSpace();
            if (!reader.AtEnd) throw reader.Error("trailing characters");
            return value;
        }

        /// <summary>
        /// The value at a dotted path ("links.click_url", "goals.0.name") below a parsed value, or
        /// null when the path names nothing.
        /// </summary>
        public static object Select(object root, string dottedPath)
        {
            if (string.IsNullOrEmpty(dottedPath)) return root;
            object current = root;
            foreach (string segment in dottedPath.Split('.'))
            {
                var map = current as Dictionary<string, object>;
                var list = current as List<object>;
                int index;
                if (map != null)
                {
                    if (!map.TryGetValue(segment, out current)) return null;
                }
                else if (list != null && int.TryParse(segment, NumberStyles.None, CultureInfo.InvariantCulture, out index))
                {
                    if (index >= list.Count) return null;
                    current = list[index];
                }
                else
                {
                    return null;
                }
            }
            return current;
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

        private sealed class Reader
        {
            private const int MaxDepth = 128;
            private readonly string _text;
            private int _at;

            internal Reader(string text)
            {
                _text = text;
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

            internal object Value(int depth)
            {
                if (depth > MaxDepth) throw Error("nested too deeply");
                if (AtEnd) throw Error("unexpected end");
                char c = _text[_at];
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

            private Dictionary<string, object> Object(int depth)
            {
                var map = new Dictionary<string, object>();
                _at++; // {
                SkipSpace();
                if (!AtEnd && _text[_at] == '}')
                {
                    _at++;
                    return map;
                }
                while (true)
                {
                    SkipSpace();
                    if (AtEnd || _text[_at] != '"') throw Error("expected a key");
                    string key = String();
                    SkipSpace();
                    if (Next() != ':') throw Error("expected ':'");
                    SkipSpace();
                    map[key] = Value(depth + 1);
                    SkipSpace();
                    char c = Next();
                    if (c == '}') return map;
                    if (c != ',') throw Error("expected ',' or '}'");
                }
            }

            private List<object> Array(int depth)
            {
                var list = new List<object>();
                _at++; // [
                SkipSpace();
                if (!AtEnd && _text[_at] == ']')
                {
                    _at++;
                    return list;
                }
                while (true)
                {
                    SkipSpace();
                    list.Add(Value(depth + 1));
                    SkipSpace();
                    char c = Next();
                    if (c == ']') return list;
                    if (c != ',') throw Error("expected ',' or ']'");
                }
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

            private object Number()
            {
                int start = _at;
                if (_text[_at] == '-') _at++;
                bool integral = true;
                while (_at < _text.Length)
                {
                    char c = _text[_at];
                    if (c >= '0' && c <= '9') _at++;
                    else if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-')
                    {
                        integral = false;
                        _at++;
                    }
                    else break;
                }
                string token = _text.Substring(start, _at - start);
                long whole;
                if (integral && long.TryParse(token, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out whole)) return whole;
                double real;
                if (double.TryParse(token, NumberStyles.Float, CultureInfo.InvariantCulture, out real)) return real;
                throw Error("bad number '" + token + "'");
            }
        }
    }
}
