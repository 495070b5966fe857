// TypedFieldTests.cs: Offer.Field<T> and TryGetField<T> read the fields a query selected as the
// type asked for, from offers the simulator sent: numbers as any numeric type that holds them,
// strings, containers; a field that is not there is a KeyNotFoundException (TryGetField: false);
// a value of another type is a FieldTypeException naming the field, the type and what it holds.
using System;
using System.Collections.Generic;
using OfferKit;

namespace OfferKit.Tests
{
    public static class TypedFieldTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        public static void FieldsReadAsTheTypeAskedFor()
        {
            using (OfferKitClient client = Sim.Client())
            {
                OfferList offers = MainThread.Result(client.OffersAsync("demo",
                    new OffersOptions { Limit = 3, Select = "creatives { icon_url } links { click_url }" }));
                Check.True(offers.Count > 0, "offers");
                foreach (Offer offer in offers)
                {
                    Check.Equal(offer.Id, offer.Field<string>("id"), "id as a string");
                    Check.Equal(offer.TotalPayoutUsd.Value, offer.Field<double>("total_payout_usd"), "payout as a double");
                    Check.Equal((decimal)offer.TotalPayoutUsd.Value, offer.Field<decimal>("total_payout_usd"), "payout as a decimal");
                    Check.Equal(offer.TotalPayoutUsd, offer.Field<double?>("total_payout_usd"), "payout as a double?");
                    Check.Equal(offer.CreativeName, offer.Field<string>("creatives.name"), "creatives.name");
                    string icon = offer.Field<string>("creatives.icon_url");
                    Check.True(icon != null && icon.StartsWith("http", StringComparison.Ordinal), "icon_url is a URL: " + icon);
                    IReadOnlyDictionary<string, object> creatives = offer.Field<IReadOnlyDictionary<string, object>>("creatives");
                    Check.Equal(icon, (string)creatives["icon_url"], "the container holds the same value");
                    string clickUrl;
                    Check.True(offer.TryGetField("links.click_url", out clickUrl) && clickUrl.StartsWith("http", StringComparison.Ordinal),
                        "TryGetField of a selected field");
                }
            }
        }

        public static void AMissingFieldOrAnotherTypeIsAClearError()
        {
            using (OfferKitClient client = Sim.Client())
            {
                Offer offer = MainThread.Result(client.OffersAsync("demo", new OffersOptions { Limit = 1 }))[0];
                KeyNotFoundException missing = Check.ThrowsType<KeyNotFoundException>(() => offer.Field<string>("links.click_url"), "not selected");
                Check.Contains(missing.Message, "links.click_url", "the message names the field");
                Check.NoField(offer, "creatives.icon_url", "icon_url not selected");

                FieldTypeException e = Check.ThrowsType<FieldTypeException>(() => offer.Field<int>("name"), "a string as int");
                Check.Equal("name", e.Path, "path");
                Check.Equal(typeof(int), e.RequestedType, "requested type");
                Check.Equal("a string", e.JsonType, "JSON type");
                Check.Contains(e.Message, "Int32", "the message names the type asked for");
                Check.True(e is InvalidCastException, "a FieldTypeException is an InvalidCastException");
                Check.Equal("a number", Check.ThrowsType<FieldTypeException>(() => offer.Field<string>("total_payout_usd"), "a number as string").JsonType,
                    "a number is not a string");
                Check.Equal("an object", Check.ThrowsType<FieldTypeException>(() => offer.Field<double>("creatives"), "an object as double").JsonType,
                    "an object is not a number");

                int wrong;
                Check.True(!offer.TryGetField("name", out wrong) && wrong == 0, "TryGetField of another type: false, default");
            }
        }

        public static void NumbersConvertOnlyWhenTheyFitExactly()
        {
            var offer = new Offer(null, null, null, null, null,
                "{\"whole\":42,\"fraction\":2.5,\"big\":3000000000,\"neg\":-1,\"nothing\":null,\"flag\":false,\"whole_double\":7.0}");
            Check.Equal(42, offer.Field<int>("whole"), "int");
            Check.Equal(42L, offer.Field<long>("whole"), "long");
            Check.Equal(42.0, offer.Field<double>("whole"), "an integer as double");
            Check.Equal((byte)42, offer.Field<byte>("whole"), "byte");
            Check.Equal(7, offer.Field<int>("whole_double"), "7.0 as int");
            Check.Equal(2.5f, offer.Field<float>("fraction"), "float");
            Check.Contains(Check.ThrowsType<FieldTypeException>(() => offer.Field<int>("fraction"), "2.5 as int").Message,
                "not a whole number", "2.5 as int");
            Check.Contains(Check.ThrowsType<FieldTypeException>(() => offer.Field<int>("big"), "3e9 as int").Message,
                "out of range", "3e9 as int");
            Check.Equal(3000000000L, offer.Field<long>("big"), "3e9 as long");
            Check.ThrowsType<FieldTypeException>(() => offer.Field<uint>("neg"), "-1 as uint");
            Check.Equal((int?)null, offer.Field<int?>("nothing"), "null as int?");
            Check.Equal((string)null, offer.Field<string>("nothing"), "null as string");
            Check.Equal("null", Check.ThrowsType<FieldTypeException>(() => offer.Field<int>("nothing"), "null as int").JsonType, "null as int");
            Check.Equal(false, offer.Field<bool>("flag"), "bool");
            Check.Equal((object)42L, offer.Field<object>("whole"), "object: the parsed value");
            int? nothing;
            Check.True(offer.TryGetField("nothing", out nothing) && !nothing.HasValue, "TryGetField of null as int?: true, null");
        }
    }
}
