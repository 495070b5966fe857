// CacheTests.cs: the response cache through the C# API: a second identical request is answered
// from memory (OfferList.FromCache, no HTTP request), InvalidateCache forgets a player's answers,
// a failed refresh returns the stale answer marked IsStale, and bad cache options are refused.
using System;
using System.Collections.Generic;
using OfferKit;

namespace OfferKit.Tests
{
    public static class CacheTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        public static void ASecondRequestComesFromTheCacheUntilInvalidated()
        {
            using (OfferKitClient client = Sim.Client(o => o.Cache = new OfferKitCacheOptions()))
            {
                var first = MainThread.Result(client.OffersAsync("demo"));
                Check.True(!first.FromCache && !first.IsStale, "first answer from the network");
                var second = MainThread.Result(client.OffersAsync("demo"));
                Check.True(second.FromCache && !second.IsStale, "second answer from the cache");
                Check.Equal(first.Count, second.Count, "same offers");
                Check.Equal(1L, Sim.Stat("graphql"), "one HTTP request");
                client.InvalidateCache("demo");
                Check.True(!(MainThread.Result(client.OffersAsync("demo"))).FromCache, "after InvalidateCache");
                client.ClearCache();
                Check.True(!MainThread.Result(client.ListOffersAsync()).Offers.FromCache, "listing after ClearCache");
                Check.True(MainThread.Result(client.ListOffersAsync()).Offers.FromCache, "listing from the cache");
                Check.Equal(2L, Sim.Stat("graphql"), "GraphQL requests");
                Check.Equal(1L, Sim.Stat("listing"), "listing requests");
            }
        }

        public static void AFailedRefreshReturnsTheStaleAnswer()
        {
            using (OfferKitClient client = Sim.Client(o =>
            {
                o.Cache = new OfferKitCacheOptions { TimeToLive = TimeSpan.Zero, MaxStale = TimeSpan.FromHours(1) };
                o.MaxRetries = 0;
            }))
            {
                OfferList fresh = MainThread.Result(client.OffersAsync("demo"));
                Sim.Fault("{\"kind\":\"status\",\"status\":500}");
                var stale = MainThread.Result(client.OffersAsync("demo"));
                Check.True(stale.FromCache && stale.IsStale, "stale answer");
                Check.True(stale.Age >= TimeSpan.Zero, "age");
                Check.Equal(fresh[0].Id, stale[0].Id, "the same offers");
                Check.Equal(2L, Sim.Stat("graphql"), "the refresh was tried");
            }
            using (OfferKitClient client = Sim.Client())
                Check.True(!(MainThread.Result(client.OffersAsync("demo"))).FromCache, "no cache by default");
        }

        public static void BadCacheOptionsAreRefused()
        {
            // Refused when the client is made, the setting named in the field entry "config".
            Check.Equal("0 is not at least 1", Check.Throws(() => new OfferKitClient(new OfferKitClientOptions(Sim.BaseUrl) { Cache = new OfferKitCacheOptions { MaxEntries = 0 } }),
                ErrorKind.InvalidArgument, "no entries").MessagesFor("Cache.MaxEntries")[0], "no entries named");
            Check.Equal(1, Check.Throws(() => new OfferKitClient(new OfferKitClientOptions(Sim.BaseUrl) { Cache = new OfferKitCacheOptions { TimeToLive = TimeSpan.FromSeconds(-1) } }),
                ErrorKind.InvalidArgument, "negative TTL").MessagesFor("Cache.TimeToLive").Count, "negative TTL named");
            Check.Equal("172800000 ms is more than 24 h", Check.Throws(() => new OfferKitClient(new OfferKitClientOptions(Sim.BaseUrl) { Cache = new OfferKitCacheOptions { MaxStale = TimeSpan.FromDays(2) } }),
                ErrorKind.InvalidArgument, "stale beyond 24 h").MessagesFor("Cache.MaxStale")[0], "stale beyond 24 h named");
        }
    }
}
