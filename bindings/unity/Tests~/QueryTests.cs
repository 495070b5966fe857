// QueryTests.cs: every query of the C# API against the simulator: offers (with each option),
// links, playerOffers pages and the pager, the GET listing (all, one page, every page) and raw
// GraphQL, with the results checked against what the service holds.
using System;
using System.Collections.Generic;
using System.Linq;
using OfferKit;

namespace OfferKit.Tests
{
    public static class QueryTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        public static void OffersReturnTheTypedFieldsAndTheRawObject()
        {
            using (OfferKitClient client = Sim.Client())
            {
                OfferList offers = MainThread.Result(client.OffersAsync("demo"));
                Check.True(offers.Count > 0, "no offers for demo");
                Dictionary<string, double> catalogue = Sim.CatalogueEpc();
                foreach (Offer offer in offers)
                {
                    Check.True(catalogue.ContainsKey(offer.Id), "offer " + offer.Id + " is not in the catalogue");
                    Check.True(!string.IsNullOrEmpty(offer.Name), "an offer without a name");
                    Check.True(offer.TotalPayoutUsd.HasValue && offer.TotalPayoutUsd.Value > 0, "payout of " + offer.Id);
                    Check.True(!string.IsNullOrEmpty(offer.CreativeName), "creative name of " + offer.Id);
                    Check.Equal(offer.Id, offer.FieldText("id"), "raw JSON id");
                    Check.Equal(offer.CreativeDescription, offer.FieldText("creatives.description"), "raw JSON creative description");
                }
                Check.Equal(offers.Count, offers.Select(o => o.Id).Distinct().Count(), "distinct ids");
                Check.Equal(0, offers.Skipped.Count, "nothing skipped");
                Check.Equal(1L, Sim.Stat("graphql"), "GraphQL requests");
            }
        }

        public static void OffersHonourLimitSortLanguageAndExtraSelection()
        {
            using (OfferKitClient client = Sim.Client())
            {
                var options = new OffersOptions
                {
                    Limit = 4,
                    Sort = OfferSort.EpcDescending,
                    Language = "de",
                    Select = "links { click_url } goals { name }",
                };
                OfferList german = MainThread.Result(client.OffersAsync("demo", options));
                Check.Equal(4, german.Count, "limit");
                Dictionary<string, double> epc = Sim.CatalogueEpc();
                for (int i = 1; i < german.Count; i++)
                    Check.True(epc[german[i - 1].Id] >= epc[german[i].Id], "not sorted by epc descending at " + i);
                foreach (Offer offer in german)
                {
                    Check.Contains(offer.FieldText("links.click_url"), "/click/" + offer.Id, "click_url");
                    Check.Contains(offer.FieldText("links.click_url"), "player_id=demo", "click_url player");
                    Check.True(offer.Field<IReadOnlyList<object>>("goals") != null, "goals selected");
                }
                OfferList english = MainThread.Result(client.OffersAsync("demo",
                    new OffersOptions { Limit = 4, Sort = OfferSort.EpcDescending, Language = "en" }));
                Check.Equal(string.Join(",", german.Select(o => o.Id)), string.Join(",", english.Select(o => o.Id)), "same offers in both languages");
                Check.True(german.Zip(english, (g, e) => g.CreativeDescription != e.CreativeDescription).Any(d => d),
                    "German creatives are not localised");
                Check.NoField(english[0], "links", "links not selected");
            }
        }

        public static void LinksUseTheDefaultOrAChosenSelection()
        {
            using (OfferKitClient client = Sim.Client())
            {
                Links links = MainThread.Result(client.LinksAsync("player-7"));
                Check.Contains(links.SupportPortal, "/support", "support_portal");
                Check.Contains(links.SupportPortal, "player-7", "support_portal player");
                Check.True(links.Offerwall == null, "offerwall was not selected");
                Links both = MainThread.Result(client.LinksAsync("player-7", new LinksOptions { Selection = "support_portal offerwall" }));
                Check.Contains(both.Offerwall, "/offerwall", "offerwall");
                Check.Contains(both.RawJson, "\"support_portal\"", "raw JSON");
            }
        }

        public static void PlayerOffersPagesFollowTheCursor()
        {
            using (OfferKitClient client = Sim.Client())
            {
                PlayerOffersPage first = MainThread.Result(client.PlayerOffersAsync("demo", new PlayerOffersOptions { Limit = 2 }));
                Check.Equal(2, first.Items.Count, "first page size");
                Check.True(first.HasMore && first.NextCursor != null, "a next cursor");
                PlayerOffersPage second = MainThread.Result(client.PlayerOffersAsync("demo",
                    new PlayerOffersOptions { Limit = 2, After = first.NextCursor }));
                Check.True(second.Items.Count > 0, "second page");
                Check.True(!first.Items.Select(i => i.Id).Intersect(second.Items.Select(i => i.Id)).Any(), "pages overlap");
                foreach (PlayerOffer item in first.Items.Concat(second.Items))
                {
                    Check.True(item.Status == "in_progress" || item.Status == "completed", "status " + item.Status);
                    Check.Equal(item.IsCompleted, item.Status == "completed", "IsCompleted");
                    Check.Equal(item.Id, item.Field<string>("id"), "raw item id");
                }
            }
        }

        public static void ThePagerReadsEveryPageOnceAndThenReportsTheEnd()
        {
            using (OfferKitClient client = Sim.Client())
            {
                PlayerOffersPage whole = MainThread.Result(client.PlayerOffersAsync("demo", new PlayerOffersOptions { Limit = 100 }));
                Check.True(!whole.HasMore, "demo has more than 100 player offers");
                using (PlayerOffersPager pager = client.CreatePlayerOffersPager("demo", new PlayerOffersOptions { Limit = 3 }))
                {
                    PlayerOffersPage page = MainThread.Result(pager.NextAsync());
                    Check.Equal(3, page.Items.Count, "first page");
                    IReadOnlyList<PlayerOffer> rest = MainThread.Result(pager.ReadAllAsync());
                    List<string> ids = page.Items.Concat(rest).Select(i => i.Id).ToList();
                    Check.Equal(string.Join(",", whole.Items.Select(i => i.Id)), string.Join(",", ids), "pager items");
                    Check.True(pager.IsFinished, "IsFinished");
                    Check.True(MainThread.Result(pager.NextAsync()) == null, "a page after the end");
                }
                Check.Equal((long)(1 + (whole.Items.Count + 2) / 3), Sim.Stat("graphql"), "requests: one per page plus the whole");
            }
        }

        public static void PagerArgumentsAreCheckedWhenItIsMade()
        {
            using (OfferKitClient client = Sim.Client())
            {
                OfferKitException e = Check.Throws(() => client.CreatePlayerOffersPager("demo", new PlayerOffersOptions { Limit = 101 }),
                    ErrorKind.InvalidArgument, "limit 101");
                Check.Contains(string.Join(" ", e.MessagesFor("limit")), "must not be greater than 100", "message");
                Check.Equal(0L, Sim.Stat("requests"), "nothing sent");
            }
        }

        public static void ListingAllOnePageAndEveryPage()
        {
            using (OfferKitClient client = Sim.Client())
            {
                OfferListPage all = MainThread.Result(client.ListOffersAsync());
                Check.Equal(Sim.CatalogueEpc().Count, all.Offers.Count, "whole catalogue");
                Check.True(all.Pagination == null, "no pagination without per_page");

                OfferListPage page2 = MainThread.Result(client.ListOffersAsync(10, 2));
                Check.Equal(10, page2.Offers.Count, "page size");
                Check.True(page2.Pagination != null, "pagination");
                Check.Equal(2L, page2.Pagination.CurrentPage, "current_page");
                Check.Equal(10L, page2.Pagination.PerPage, "per_page");
                Check.True(page2.Pagination.HasMorePages, "has_more_pages");
                Check.Equal((long?)3, page2.Pagination.NextPage, "next_page");
                Check.Equal(string.Join(",", all.Offers.Skip(10).Take(10).Select(o => o.Id)),
                    string.Join(",", page2.Offers.Select(o => o.Id)), "page 2 content");

                OfferList everyPage = MainThread.Result(client.ListAllOffersAsync(20));
                Check.Equal(string.Join(",", all.Offers.Select(o => o.Id)), string.Join(",", everyPage.Select(o => o.Id)), "every page");
                Check.Equal(1L + 1 + 3, Sim.Stat("listing"), "listing requests");
            }
        }

        public static void RawGraphQLReturnsTheDataWithVariables()
        {
            using (OfferKitClient client = Sim.Client())
            {
                string data = MainThread.Result(client.GraphQLAsync(
                    "query($p: String!, $n: Int) { offers(player_id: $p, limit: $n) { id name } links(player_id: $p) { offerwall } }",
                    "{\"p\":" + Json.Quote("demo") + ",\"n\":2}"));
                var root = (Dictionary<string, object>)Json.Parse(data);
                Check.Equal(2, ((List<object>)root["offers"]).Count, "offers");
                Check.Contains(Json.AsText(Json.Select(root, "links.offerwall")), "/offerwall", "links");
                OfferList typed = MainThread.Result(client.OffersAsync("demo", new OffersOptions { Limit = 2 }));
                Check.Equal(typed[0].Id, Json.AsText(Json.Select(root, "offers.0.id")), "same first offer");
            }
        }
    }
}
