// SelectionTests.cs: replacing and extending selections (offers, playerOffers, links) against the
// simulator, and what a replaced selection leaves out: the typed fields it did not ask for are
// null, not empty strings or zero, and the rest of the item stays readable through Field.
using System;
using System.Collections.Generic;
using System.Linq;
using OfferKit;

namespace OfferKit.Tests
{
    public static class SelectionTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        public static void AReplacedOfferSelectionLeavesTheOtherTypedFieldsNull()
        {
            using (OfferKitClient client = Sim.Client())
            {
                OfferList full = MainThread.Result(client.OffersAsync("demo", new OffersOptions { Limit = 3 }));
                var offers = MainThread.Result(client.OffersAsync("demo",
                    new OffersOptions { Limit = 3, Selection = "id name", Select = "links { click_url }" }));
                Check.Equal(3, offers.Count, "count");
                Check.Equal(0, offers.Skipped.Count, "nothing skipped");
                Check.Equal(string.Join(",", full.Select(o => o.Id)), string.Join(",", offers.Select(o => o.Id)), "same offers");
                for (int i = 0; i < offers.Count; i++)
                {
                    Offer offer = offers[i];
                    Check.Equal(full[i].Name, offer.Name, "name of " + offer.Id);
                    Check.True(offer.TotalPayoutUsd == null, "payout not selected, yet " + offer.TotalPayoutUsd);
                    Check.True(offer.CreativeName == null, "creative name not selected, yet <" + offer.CreativeName + ">");
                    Check.True(offer.CreativeDescription == null, "creative description not selected");
                    Check.NoField(offer, "total_payout_usd", "payout in the raw JSON");
                    Check.NoField(offer, "creatives", "creatives in the raw JSON");
                    Check.Contains(offer.FieldText("links.click_url"), "/click/" + offer.Id, "the added select");
                    Check.Contains(offer.ToString(), offer.Id, "ToString with an absent payout");
                }
                // The default selection still gives every typed field, the payout as a number.
                Check.True(full.All(o => o.TotalPayoutUsd.HasValue && o.TotalPayoutUsd.Value > 0), "payouts of the default selection");
                Check.Equal(full[0].Field<double>("total_payout_usd"), full[0].TotalPayoutUsd.Value, "typed payout = raw payout");
            }
        }

        public static void AReplacedPlayerOffersSelectionReadsItsOneListField()
        {
            using (OfferKitClient client = Sim.Client())
            {
                PlayerOffersPage full = MainThread.Result(client.PlayerOffersAsync("demo", new PlayerOffersOptions { Limit = 2 }));
                PlayerOffersPage page = MainThread.Result(client.PlayerOffersAsync("demo",
                    new PlayerOffersOptions { Limit = 2, Selection = "offers: items { id } next_cursor" }));
                Check.Equal(2, page.Items.Count, "items read from the aliased list");
                Check.Equal(0, page.Skipped.Count, "nothing skipped");
                Check.Equal(string.Join(",", full.Items.Select(i => i.Id)), string.Join(",", page.Items.Select(i => i.Id)), "same items");
                foreach (PlayerOffer item in page.Items)
                {
                    Check.True(item.Name == null, "name not selected, yet <" + item.Name + ">");
                    Check.True(item.Status == null, "status not selected, yet <" + item.Status + ">");
                    Check.True(!item.IsCompleted, "IsCompleted without a status");
                    Check.Equal(item.Id, item.FieldText("id"), "raw id");
                }
                Check.True(page.HasMore && page.NextCursor != null, "next_cursor selected");
                PlayerOffersPage second = MainThread.Result(client.PlayerOffersAsync("demo",
                    new PlayerOffersOptions { Limit = 2, After = page.NextCursor, Selection = "offers: items { id } next_cursor" }));
                Check.True(second.Items.Count > 0 && !second.Items.Any(i => page.Items.Any(p => p.Id == i.Id)), "the cursor leads on");
            }
        }

        public static void APlayerOffersSelectionWithSelectIsRefusedBeforeSending()
        {
            using (OfferKitClient client = Sim.Client())
            {
                var options = new PlayerOffersOptions { Selection = "items { id } next_cursor", Select = "payout_earned_usd" };
                Check.Fails(client.PlayerOffersAsync("demo", options), ErrorKind.InvalidArgument, "selection and select");
                Check.Throws(() => client.CreatePlayerOffersPager("demo", options), ErrorKind.InvalidArgument, "pager: selection and select");
                Check.Equal(0L, Sim.Stat("requests"), "nothing sent");
            }
        }

        public static void LinksSelectAddsAndSelectionReplaces()
        {
            using (OfferKitClient client = Sim.Client())
            {
                Links plain = MainThread.Result(client.LinksAsync("player-7"));
                Check.Contains(plain.SupportPortal, "/support", "default: support_portal");
                Check.True(plain.Offerwall == null, "default: no offerwall");

                Links added = MainThread.Result(client.LinksAsync("player-7", new LinksOptions { Select = "offerwall" }));
                Check.Equal(plain.SupportPortal, added.SupportPortal, "select keeps support_portal");
                Check.Contains(added.Offerwall, "/offerwall", "select adds offerwall");

                Links replaced = MainThread.Result(client.LinksAsync("player-7", new LinksOptions { Selection = "offerwall" }));
                Check.True(replaced.SupportPortal == null, "selection replaces support_portal, yet <" + replaced.SupportPortal + ">");
                Check.Equal(added.Offerwall, replaced.Offerwall, "selection: offerwall");
                Check.True(replaced.RawJson.IndexOf("support_portal", StringComparison.Ordinal) < 0, "raw JSON without support_portal");

                Links both = MainThread.Result(client.LinksAsync("player-7", new LinksOptions { Selection = "offerwall", Select = "support_portal" }));
                Check.Equal(plain.SupportPortal, both.SupportPortal, "select added to the selection");
                Check.Equal(added.Offerwall, both.Offerwall, "selection kept");
                Check.Equal(4L, Sim.Stat("graphql"), "one request each");
            }
        }
    }
}
