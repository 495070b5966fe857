// MisbehaviourTests.cs: the package against a service that breaks its own contract, over real
// HTTP, with the simulator's misbehaviour modes (PUT /_sim/mess; simulator/README.md). Expected
// answers are computed from each mode's rule and from the same query with the modes off, never
// read back from the package: malformed items skipped with position, id and reason, absent
// fields under replaced selections, hostile extra fields, cursor cycles, endless pages, a
// stalled listing, a Retry-After storm against the deadline, and a wrong path prefix.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using OfferKit;

namespace OfferKit.Tests
{
    public static class MisbehaviourTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        /// <summary>bad_fields breaks position i when i % 4 == 1, with breakage (i / 4) % 4.</summary>
        private static bool Broken(int position)
        {
            return position % 4 == 1;
        }

        /// <summary>The typed field breakage (i / 4) % 4 spoils, as core names it in a reason.</summary>
        private static string SpoiledField(int position)
        {
            return new[] { "name", "total_payout_usd", "creatives", "creatives.description" }[position / 4 % 4];
        }

        private static string Ids(IEnumerable<Offer> offers)
        {
            return string.Join(",", offers.Select(o => o.Id));
        }

        public static void BadOffersAreSkippedWithPositionIdAndReason()
        {
            using (OfferKitClient client = Sim.Client())
            {
                OfferList all = MainThread.Result(client.OffersAsync("demo"));
                Check.True(all.Count >= 18, "demo needs at least 18 offers to meet every breakage, has " + all.Count);
                Sim.Mess("{\"bad_fields\":true}");
                var offers = MainThread.Result(client.OffersAsync("demo"));
                List<int> broken = Enumerable.Range(0, all.Count).Where(Broken).ToList();
                Check.Equal(Ids(all.Where((o, i) => !Broken(i))), Ids(offers), "the intact offers, in order");
                Check.Equal(string.Join(",", broken), string.Join(",", offers.Skipped.Select(s => s.Index)), "skipped positions");
                foreach (SkippedItem skipped in offers.Skipped)
                {
                    Check.Equal(all[skipped.Index].Id, skipped.Id, "id of skipped item " + skipped.Index);
                    Check.True(skipped.Reason.StartsWith(SpoiledField(skipped.Index) + " is", StringComparison.Ordinal),
                        "reason of item " + skipped.Index + " should name " + SpoiledField(skipped.Index) + ": " + skipped.Reason);
                }
                Check.True(offers.All(o => o.Name != null && o.TotalPayoutUsd.HasValue && o.CreativeDescription != null), "the kept offers are whole");
            }
        }

        public static void UnderAReplacedSelectionOnlyTheSelectedFieldsCanBreak()
        {
            using (OfferKitClient client = Sim.Client())
            {
                OfferList all = MainThread.Result(client.OffersAsync("demo", new OffersOptions { Selection = "id name" }));
                Sim.Mess("{\"bad_fields\":true}");
                var offers = MainThread.Result(client.OffersAsync("demo", new OffersOptions { Selection = "id name" }));
                // Only the name breakage touches a key this selection has.
                Func<int, bool> skips = i => Broken(i) && SpoiledField(i) == "name";
                Check.Equal(Ids(all.Where((o, i) => !skips(i))), Ids(offers), "kept offers");
                Check.Equal(string.Join(",", Enumerable.Range(0, all.Count).Where(skips)), string.Join(",", offers.Skipped.Select(s => s.Index)),
                    "skipped positions");
                Check.True(offers.Skipped.All(s => s.Reason == "name is null"), "reasons: " + string.Join("; ", offers.Skipped));
                foreach (Offer offer in offers)
                {
                    Check.True(offer.Name != null, "name of " + offer.Id);
                    Check.True(offer.TotalPayoutUsd == null && offer.CreativeName == null && offer.CreativeDescription == null,
                        "fields outside the selection are absent for " + offer.Id);
                }
            }
        }

        /// <summary>The typed field of an offer that breakage spoils (null when it is absent).</summary>
        private static object Typed(Offer offer, string field)
        {
            switch (field)
            {
                case "name": return offer.Name;
                case "total_payout_usd": return offer.TotalPayoutUsd;
                case "creatives": return offer.CreativeName;
                default: return offer.CreativeDescription;
            }
        }

        public static void BadListingFieldsAreAbsentBecauseTheListingRequiresNone()
        {
            using (OfferKitClient client = Sim.Client())
            {
                IReadOnlyList<Offer> all = MainThread.Result(client.ListOffersAsync()).Offers;
                Sim.Mess("{\"bad_fields\":true}");
                // The listing selects nothing, so no field is required: broken fields are absent, not skipped.
                OfferListPage page = MainThread.Result(client.ListOffersAsync(10, 2));
                Check.Equal(Ids(all.Skip(10).Take(10)), Ids(page.Offers), "page 2: every offer kept");
                Check.Equal(0, page.Skipped.Count, "nothing skipped");
                for (int j = 0; j < page.Offers.Count; j++)
                {
                    Offer offer = page.Offers[j], intact = all[10 + j];
                    foreach (string field in new[] { "name", "total_payout_usd", "creatives", "creatives.description" })
                    {
                        bool spoiled = Broken(j) && SpoiledField(j) == field; // positions count within the page
                        if (spoiled) Check.True(Typed(offer, field) == null, field + " of item " + j + " is broken, yet read as " + Typed(offer, field));
                        else if (!(Broken(j) && SpoiledField(j) == "creatives" && field == "creatives.description"))
                            Check.Equal(Typed(intact, field), Typed(offer, field), field + " of item " + j);
                    }
                }
                Check.Equal("lots", page.Offers[5].FieldText("total_payout_usd"), "the broken payout as sent");
                Check.NoField(page.Offers[9], "creatives", "the removed creatives");
                Check.True(all[19].Field<IReadOnlyDictionary<string, object>>("creatives") != null, "creatives kept elsewhere");

                var walk = MainThread.Result(client.ListAllOffersAsync(20));
                Check.Equal(Ids(all), Ids(walk), "every page: every offer kept");
                Check.Equal(0, walk.Skipped.Count, "nothing skipped");
                Check.Equal(string.Join(",", Enumerable.Range(0, all.Count).Where(i => Broken(i % 20) && SpoiledField(i % 20) == "name")),
                    string.Join(",", Enumerable.Range(0, walk.Count).Where(i => walk[i].Name == null)), "offers without a name across the walk");
                Check.Equal(12, walk[13].Field<int>("creatives.description"), "the broken description as sent (position 13 of page 1)");
                Check.ThrowsType<FieldTypeException>(() => walk[13].Field<string>("creatives.description"), "the broken description is no string");
                Check.True(walk[13].CreativeDescription == null && walk[13].CreativeName == all[13].CreativeName, "only the description is absent");
            }
        }

        public static void BadPlayerOffersItemsUnderTheDefaultAndAReplacedSelection()
        {
            using (OfferKitClient client = Sim.Client())
            {
                PlayerOffersPage intact = MainThread.Result(client.PlayerOffersAsync("demo", new PlayerOffersOptions { Limit = 4 }));
                Check.Equal(4, intact.Items.Count, "four items with the modes off");
                Sim.Mess("{\"bad_fields\":true}");
                PlayerOffersPage page = MainThread.Result(client.PlayerOffersAsync("demo", new PlayerOffersOptions { Limit = 4 }));
                // Item 1 is null (skipped); item 2 has "status": 5 (kept, status not text).
                Check.Equal(string.Join(",", new[] { 0, 2, 3 }.Select(i => intact.Items[i].Id)), string.Join(",", page.Items.Select(i => i.Id)), "kept items");
                Check.Equal(1, page.Skipped.Count, "one skipped");
                Check.Equal(1, page.Skipped[0].Index, "skipped position");
                Check.True(page.Skipped[0].Id == null, "a null item has no id");
                Check.Contains(page.Skipped[0].Reason, "not an object", "reason");
                Check.True(page.Items[1].Status == null, "a status that is not text is absent, yet <" + page.Items[1].Status + ">");
                Check.Equal(5L, page.Items[1].Field<long>("status"), "the status as sent");
                Check.Equal(intact.Items[0].Status, page.Items[0].Status, "an intact status");
                Check.Equal(intact.NextCursor != null, page.NextCursor != null, "the cursor is untouched");

                PlayerOffersPage replaced = MainThread.Result(client.PlayerOffersAsync("demo",
                    new PlayerOffersOptions { Limit = 4, Selection = "offers: items { id } next_cursor" }));
                Check.Equal(string.Join(",", page.Items.Select(i => i.Id)), string.Join(",", replaced.Items.Select(i => i.Id)), "aliased list: kept items");
                Check.Equal("1", string.Join(",", replaced.Skipped.Select(s => s.Index)), "aliased list: skipped");
                Check.True(replaced.Items.All(i => i.Name == null), "name not selected");
                Check.True(replaced.Items[0].Status == null, "status not selected");
                Check.NoField(replaced.Items[0], "status", "status not selected");
                Check.Equal(5L, replaced.Items[1].Field<long>("status"), "status 5 added at the end of item 2");
                Check.True(replaced.NextCursor != null, "next_cursor");
            }
        }

        public static void AnAnswerWithNoUsableItemIsDecodeWithItsStatus200()
        {
            using (OfferKitClient client = Sim.Client())
            {
                Sim.Mess("{\"all_bad_fields\":true}");
                OfferKitException e = Check.Fails(client.OffersAsync("demo"), ErrorKind.Decode, "every offer without a name");
                Check.Equal((int?)200, e.HttpStatus, "HTTP status of the answer");
                Check.Contains(e.Message, "name is null", "the message gives reasons");
                // The listing requires no field: the same offers come back, every name absent.
                OfferListPage listing = MainThread.Result(client.ListOffersAsync());
                Check.True(listing.Offers.Count > 0 && listing.Offers.All(o => o.Name == null && o.Id != null), "listing: names absent");
                e = Check.Fails(client.OffersAsync("demo", new OffersOptions { Selection = "id total_payout_usd" }), ErrorKind.Decode,
                    "a selection without name: the id is null instead");
                Check.Equal((int?)200, e.HttpStatus, "HTTP status");
            }
        }

        public static void OddExtraFieldsLeaveTheTypedFieldsAndTheAccessorsWorking()
        {
            using (OfferKitClient client = Sim.Client())
            {
                OfferList plain = MainThread.Result(client.OffersAsync("demo", new OffersOptions { Limit = 5, Select = "links { click_url }" }));
                PlayerOffersPage plainPage = MainThread.Result(client.PlayerOffersAsync("demo", new PlayerOffersOptions { Limit = 3 }));
                Sim.Mess("{\"odd_extra\":true}");
                var offers = MainThread.Result(client.OffersAsync("demo", new OffersOptions { Limit = 5, Select = "links { click_url }" }));
                Check.Equal(0, offers.Skipped.Count, "nothing skipped");
                Check.Equal(Ids(plain), Ids(offers), "same offers");
                for (int i = 0; i < offers.Count; i++)
                {
                    Offer odd = offers[i];
                    Check.Equal(plain[i].Name, odd.Name, "name");
                    Check.Equal(plain[i].TotalPayoutUsd, odd.TotalPayoutUsd, "payout");
                    Check.Equal(plain[i].CreativeDescription, odd.CreativeDescription, "creative description");
                    Check.Equal(plain[i].FieldText("links.click_url"), odd.FieldText("links.click_url"), "a selected extra field");
                    Check.Equal(odd.Id, odd.FieldText("id"), "id through Field");
                    Check.True(odd.Field<object>("x_deep") == null, "x_deep (1000 deep) reads as null");
                    Check.Equal((double?)null, odd.Field<double?>("x_huge"), "x_huge (1e400) reads as null");
                    Check.Equal(1.2345678901234568E+29, odd.Field<double>("x_bigint"), "x_bigint");
                    Check.Equal("empty key", odd.FieldText(""), "the empty key");
                    Check.Equal("dotted key", (string)odd.Field<IReadOnlyDictionary<string, object>>(null)["a.b"], "the dotted key");
                    Check.Equal("a\u0000b", odd.FieldText("x_nul"), "U+0000 in a value");
                    Check.Equal("\u00fc", odd.FieldText("x_unicode_\u00e9"), "non-ASCII key and value");
                    Check.Contains(odd.RawJson, "\"x_deep\"", "the raw JSON keeps every field");
                }
                PlayerOffersPage page = MainThread.Result(client.PlayerOffersAsync("demo", new PlayerOffersOptions { Limit = 3 }));
                Check.Equal(string.Join(",", plainPage.Items.Select(i => i.Id + "/" + i.Status)),
                    string.Join(",", page.Items.Select(i => i.Id + "/" + i.Status)), "player offers: typed fields");
                Check.True(page.Items.All(i => i.Field<object>("x_deep") == null && i.FieldText("") == "empty key"), "player offers: accessors");
                OfferListPage listing = MainThread.Result(client.ListOffersAsync(5, 1));
                Check.Equal(5, listing.Offers.Count, "listing: every offer kept");
                Check.True(listing.Offers.All(o => o.Name != null && o.Field<object>("x_huge") == null && o.FieldText("a.b") == null), "listing: accessors");
                // Raw GraphQL: data exactly as the service wrote it, any depth, every digit.
                string data = MainThread.Result(client.GraphQLAsync("{ offers(player_id: \"demo\", limit: 1) { id } }"));
                Check.Contains(data, "\"x_deep\":" + new string('[', 1000) + new string(']', 1000), "GraphQL: 1000 arrays deep");
                Check.Contains(data, "\"x_bigint\":123456789012345678901234567890,", "GraphQL: every digit");
                Check.Contains(data, "\"x_huge\":1e400,", "GraphQL: a number no double holds");
            }
        }

        public static void ACursorCycleEndsThePagerWithDecode()
        {
            using (OfferKitClient client = Sim.Client())
            {
                Sim.Mess("{\"cursor_cycle\":true}");
                using (PlayerOffersPager pager = client.CreatePlayerOffersPager("demo", new PlayerOffersOptions { Limit = 2 }))
                {
                    PlayerOffersPage first = MainThread.Result(pager.NextAsync());   // next_cursor A
                    PlayerOffersPage second = MainThread.Result(pager.NextAsync());  // after A: next_cursor B
                    Check.True(first.NextCursor != null && second.NextCursor != null && first.NextCursor != second.NextCursor, "A then B");
                    OfferKitException e = Check.Fails(pager.NextAsync(), ErrorKind.Decode, "after B: next_cursor A again");
                    Check.Contains(e.Message, "cycle", "message");
                    Check.Equal((int?)200, e.HttpStatus, "the page that repeated a cursor came with 200");
                    Check.True(MainThread.Result(pager.NextAsync()) == null && pager.IsFinished, "the walk has ended");
                }
                Check.Equal(3L, Sim.Stat("graphql"), "three pages asked for");
                using (PlayerOffersPager pager = client.CreatePlayerOffersPager("demo", new PlayerOffersOptions { Limit = 2 }))
                    Check.Fails(pager.ReadAllAsync(), ErrorKind.Decode, "ReadAllAsync");
            }
        }

        public static void EndlessEmptyPagesEndAtMaxPagesWithDecode()
        {
            using (OfferKitClient client = Sim.Client(o => o.MaxPages = 20))
            {
                Sim.Mess("{\"endless_empty_pages\":true}");
                using (PlayerOffersPager pager = client.CreatePlayerOffersPager("demo"))
                {
                    OfferKitException e = Check.Fails(pager.ReadAllAsync(), ErrorKind.Decode, "endless empty pages");
                    Check.Contains(e.Message, "max_pages", "message");
                }
                Check.Equal(20L, Sim.Stat("graphql"), "exactly MaxPages requests");
            }
        }

        public static void AStalledListingEndsTheWalkWithDecode()
        {
            using (OfferKitClient client = Sim.Client())
            {
                Sim.Mess("{\"listing_stall\":true}");
                OfferKitException e = Check.Fails(client.ListAllOffersAsync(20), ErrorKind.Decode, "next_page == page");
                Check.Contains(e.Message, "next_page", "message");
                Check.Equal((int?)200, e.HttpStatus, "the stalled page came with 200");
                Check.Equal(1L, Sim.Stat("listing"), "one page asked for");
                OfferListPage one = MainThread.Result(client.ListOffersAsync(20, 1));
                Check.Equal((long?)1, one.Pagination.NextPage, "a single page still reads as sent");
            }
        }

        public static void ARetryAfterStormFailsFastWithinTheDeadline()
        {
            using (OfferKitClient client = Sim.Client(o => o.Deadline = TimeSpan.FromSeconds(10)))
            {
                Sim.Mess("{\"retry_after_storm\":30}");
                var clock = Stopwatch.StartNew();
                OfferKitException e = Check.Fails(client.OffersAsync("demo"), ErrorKind.Server, "storm of 503 + Retry-After: 30");
                // At once: well short of the 10 s deadline it would have waited for.
                Check.True(clock.Elapsed < TimeSpan.FromSeconds(5), "took " + clock.ElapsedMilliseconds + " ms: it waited");
                Check.Equal((int?)503, e.HttpStatus, "HTTP status");
                Check.Equal((TimeSpan?)TimeSpan.FromSeconds(30), e.RetryAfter, "retry-after");
                Check.Equal(1L, Sim.Stat("requests"), "one request");
            }
            Sim.Reset();
            // A Retry-After that fits is waited for: the first attempt and two retries, a second apart.
            using (OfferKitClient client = Sim.Client(o => o.Deadline = TimeSpan.FromSeconds(10)))
            {
                Sim.Mess("{\"retry_after_storm\":1}");
                var clock = Stopwatch.StartNew();
                OfferKitException e = Check.Fails(client.LinksAsync("demo"), ErrorKind.Server, "storm of 503 + Retry-After: 1");
                Check.True(clock.Elapsed >= TimeSpan.FromMilliseconds(1900), "took " + clock.ElapsedMilliseconds + " ms: it did not wait");
                Check.Equal((TimeSpan?)TimeSpan.FromSeconds(1), e.RetryAfter, "retry-after");
                Check.Equal(3L, Sim.Stat("requests"), "the first attempt and two retries");
            }
        }

        public static void AWrongPathPrefixIsRejectedWith404()
        {
            using (Simulator gateway = Simulator.Start(Simulator.Binary, "--path-prefix /api"))
            {
                Check.True(gateway.BaseUrl.EndsWith("/api", StringComparison.Ordinal), "base URL " + gateway.BaseUrl);
                string token = gateway.Token();
                using (var wrong = new OfferKitClient(new OfferKitClientOptions(gateway.ControlUrl) { AccessToken = token }))
                {
                    OfferKitException e = Check.Fails(wrong.OffersAsync("demo"), ErrorKind.Rejected, "no /api prefix");
                    Check.Equal((int?)404, e.HttpStatus, "HTTP status");
                    Check.Equal(OfferKitStatus.Rejected, e.Status, "status");
                    Check.Fails(wrong.ListOffersAsync(), ErrorKind.Rejected, "the listing without the prefix");
                }
                using (var right = new OfferKitClient(new OfferKitClientOptions(gateway.BaseUrl) { AccessToken = token }))
                {
                    Check.True(MainThread.Result(right.OffersAsync("demo")).Count > 0, "offers under the prefix");
                    Check.Contains(MainThread.Result(right.LinksAsync("demo")).SupportPortal, "/api/support", "links under the prefix");
                }
                Check.Equal(2L, gateway.Stat("requests"), "only the prefixed requests reach the service");
            }
        }
    }
}
