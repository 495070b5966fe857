// JsonTests.cs: the package's JSON reader on hostile text, without a service: nesting far beyond
// the depth limit (no stack overflow), numbers beyond double's range, huge integers, odd keys,
// U+0000 in strings; Json.Parse refuses what it cannot represent with a FormatException, the item
// accessors (Offer.Field, PlayerOffer.Field, Links) read such a top-level field as null, as core
// does, and keep the other fields readable; and mangled text never gets anything but a
// FormatException out of the reader.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using OfferKit;

namespace OfferKit.Tests
{
    public static class JsonTests
    {
        private static string Nested(int depth, string inner = "1")
        {
            return new string('[', depth) + inner + new string(']', depth);
        }

        private static void Refused(string text, string what)
        {
            try
            {
                Json.Parse(text);
            }
            catch (FormatException)
            {
                return;
            }
            throw new TestFailure(what + ": parsed without a FormatException");
        }

        public static void ParseRefusesNestingBeyondTheLimitWithoutOverflowingTheStack()
        {
            Check.Equal(128, Json.MaxDepth, "the limit (core's)");
            object deepest = Json.Parse(Nested(128));
            for (int i = 0; i < 127; i++) deepest = ((List<object>)deepest)[0];
            Check.Equal(1L, ((List<object>)deepest)[0], "the value inside 128 arrays");
            Refused(Nested(129), "129 arrays");
            Refused(Nested(1000), "1000 arrays");
            Refused(Nested(1000000), "a million arrays");
            Refused(new StringBuilder().Insert(0, "{\"a\":", 5000).Append('1').Append('}', 5000).ToString(), "5000 objects");
        }

        public static void ParseReadsHugeIntegersAsDoublesAndRefusesNumbersBeyondDouble()
        {
            Check.Equal((object)long.MaxValue, Json.Parse("9223372036854775807"), "the largest long");
            Check.Equal((object)9223372036854775808.0, Json.Parse("9223372036854775808"), "one more is a double");
            Check.Equal((object)1.2345678901234568E+29, Json.Parse("123456789012345678901234567890"), "30 digits");
            Check.Equal((object)0.0, Json.Parse("1e-400"), "underflow is zero");
            Check.Equal((object)(-0.5), Json.Parse("-5e-1"), "exponent");
            Refused("1e400", "1e400");
            Refused("-1e400", "-1e400");
            Refused(new string('9', 400), "a 400-digit integer");
            foreach (string bad in new[] { "01", "1.", ".5", "-", "1e", "1e+", "+1", "1-2", "0x10", "NaN", "Infinity" })
                Refused(bad, "'" + bad + "'");
        }

        /// <summary>An offer as the simulator's odd_extra mode sends it, followed by a field that must still be read.</summary>
        private static string OddOffer()
        {
            return "{\"id\":\"101\",\"name\":\"Odd\",\"total_payout_usd\":1.5," +
                   "\"x_deep\":" + Nested(1000, "\"]]]}}}\"") + "," +
                   "\"x_huge\":1e400,\"x_bigint\":123456789012345678901234567890," +
                   "\"\":\"empty key\",\"a.b\":\"dotted key\",\"x_nul\":\"a\\u0000b\",\"x_unicode_\\u00e9\":\"\u00fc\"," +
                   "\"links\":{\"click_url\":\"https://x.example/c\"}," +
                   "\"x_wrapped\":{\"ok\":1,\"deep\":" + Nested(200) + ",\"big\":[1e400]}," +
                   "\"x_shallow\":" + Nested(127) + ",\"after\":[1,2],\"last\":true}";
        }

        public static void ItemAccessorsReadHostileFieldsAsNullAndTheRestAsSent()
        {
            var offer = new Offer("101", "Odd", 1.5, null, null, OddOffer());
            Check.Equal("101", offer.FieldText("id"), "id");
            Check.True(offer.Field<object>("x_deep") == null, "x_deep (1000 deep) is unreadable");
            Check.Equal((double?)null, offer.Field<double?>("x_huge"), "x_huge (1e400) is unreadable: null");
            Check.ThrowsType<FieldTypeException>(() => offer.Field<double>("x_huge"), "an unreadable number as a double");
            Check.Equal(1.2345678901234568E+29, offer.Field<double>("x_bigint"), "x_bigint");
            Check.Contains(Check.ThrowsType<FieldTypeException>(() => offer.Field<long>("x_bigint"), "x_bigint as a long").Message,
                "out of range", "x_bigint as a long");
            Check.Equal("empty key", offer.FieldText(""), "the empty key");
            Check.NoField(offer, "a.b", "a dotted path does not name a dotted key");
            Check.Equal("dotted key", (string)offer.Field<IReadOnlyDictionary<string, object>>(null)["a.b"], "the dotted key, from the whole object");
            Check.Equal("a\u0000b", offer.FieldText("x_nul"), "U+0000 kept");
            Check.Equal("\u00fc", offer.FieldText("x_unicode_\u00e9"), "non-ASCII key and value");
            Check.Equal("https://x.example/c", offer.FieldText("links.click_url"), "a field beside the deep ones");
            Check.True(offer.Field<object>("x_wrapped") == null, "a field with a part 200 deep is unreadable as a whole (as in core)");
            Check.NoField(offer, "x_wrapped.ok", "nothing below an unreadable field");
            Check.Equal(1, offer.Field<IReadOnlyList<object>>("x_shallow").Count, "128 levels in all are readable");
            Check.Equal(2L, offer.Field<long>("after.1"), "after the deep ones");
            Check.Equal(true, offer.Field<bool>("last"), "the last field");

            var item = new PlayerOffer("7", null, null, OddOffer());
            Check.True(item.Field<object>("x_deep") == null && item.Field<string>("x_huge") == null, "player offer: unreadable fields");
            Check.Equal("empty key", item.FieldText(""), "player offer: the empty key");

            var links = new Links("{\"support_portal\":\"https://s.example\",\"x\":" + Nested(1000) + ",\"offerwall\":\"https://o.example\",\"n\":1e999}");
            Check.Equal("https://s.example", links.SupportPortal, "links beside a deep value");
            Check.Equal("https://o.example", links.Offerwall, "links after a deep value");
            Check.True(links.Get("x") == null && links.Get("n") == null, "links: unreadable fields are null");
        }

        public static void ItemAccessorsNeverThrowOnTextThatIsNotJson()
        {
            foreach (string text in new[] { "", "{", "{\"a\":", "[" + new string('[', 100000), "{\"a\":1}}", "\"\\u12\"", "nul", "{\"a\" 1}" })
            {
                var offer = new Offer(null, null, null, null, null, text);
                Check.NoField(offer, "a", "Field on '" + (text.Length > 20 ? text.Substring(0, 20) + "..." : text) + "'");
                Check.True(new Links(text).SupportPortal == null, "Links on a bad text");
            }
        }

        private static string Mangle(string valid, Random random)
        {
            const string alphabet = "{}[]\",:\\0123456789eE+-.tfnu \u0000\u00e9";
            var text = new StringBuilder(valid);
            int edits = 1 + random.Next(4);
            for (int e = 0; e < edits && text.Length > 0; e++)
            {
                int at = random.Next(text.Length);
                switch (random.Next(3))
                {
                    case 0: text[at] = alphabet[random.Next(alphabet.Length)]; break;
                    case 1: text.Remove(at, Math.Min(1 + random.Next(8), text.Length - at)); break;
                    default: text.Insert(at, alphabet[random.Next(alphabet.Length)]); break;
                }
            }
            return text.ToString();
        }

        public static void MangledTextOnlyEverGivesAFormatException()
        {
            // Deterministic mutations of valid documents: Parse either parses or throws a
            // FormatException; the item accessors never throw.
            const int Rounds = 1500;
            var random = new Random(11);
            string plain = "{\"id\":\"1\",\"n\":[1,-2.5e3,true,false,null,\"a\\\"b\\u00e9\"],\"o\":{\"k\":" + Nested(100) + "}}";
            Json.Parse(plain);
            string odd = OddOffer();
            int refused = 0, parsed = 0;
            for (int round = 0; round < Rounds; round++)
            {
                try
                {
                    Json.Parse(Mangle(plain, random));
                    parsed++;
                }
                catch (FormatException)
                {
                    refused++;
                }
                string ignored;
                new Offer(null, null, null, null, null, Mangle(odd, random)).TryGetField("links.click_url", out ignored);
            }
            Check.True(refused > 100 && parsed > 10, refused + " mangled texts refused, " + parsed + " parsed: the mutations do not bite");
            Check.Equal(Rounds, refused + parsed, "every round ended");
        }
    }
}
