// PrintOffers.cs: the C# API of the Unity package outside Unity (plain Mono or .NET): prints a
// player's offers. The loop at the bottom is what the package's hidden runner does once per frame
// in Unity: poll, so completions run on this ("main") thread.
//
//   mcs -out:PrintOffers.exe -recurse:'bindings/unity/Runtime/*.cs' bindings/unity/Example~/PrintOffers.cs
//   OFFERKIT_BASE_URL=https://... OFFERKIT_ACCESS_TOKEN=... LD_LIBRARY_PATH=<dir of libofferkit.so> mono PrintOffers.exe player-42
using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;

internal static class PrintOffers
{
    private static int Main(string[] args)
    {
        string baseUrl = Environment.GetEnvironmentVariable("OFFERKIT_BASE_URL");
        string token = Environment.GetEnvironmentVariable("OFFERKIT_ACCESS_TOKEN");
        if (string.IsNullOrEmpty(baseUrl) || args.Length != 1)
        {
            Console.Error.WriteLine("usage: OFFERKIT_BASE_URL=... OFFERKIT_ACCESS_TOKEN=... mono PrintOffers.exe PLAYER_ID");
            return 2;
        }
        // Deadline: the most the call below takes, retries and Retry-After waits included.
        using (var client = new OfferKitClient(new OfferKitClientOptions(baseUrl) { AccessToken = token, Deadline = TimeSpan.FromSeconds(20) }))
        {
            string playerId = args[0];
            PlayerIdConventions broken = PlayerId.Lint(playerId);
            if (broken != PlayerIdConventions.None)
                Console.Error.WriteLine("note: player id " + string.Join(", ", PlayerId.Describe(broken)) + " (sent anyway)");
            Task<OfferList> offers = client.OffersAsync(playerId, new OffersOptions { Limit = 5, Sort = OfferSort.EpcDescending });
            while (!offers.IsCompleted)
            {
                if (client.Poll() == 0) Thread.Sleep(5); // a game does this once per frame
            }
            if (offers.IsFaulted)
            {
                var error = offers.Exception.GetBaseException() as OfferKitException;
                // Rejected with HTTP 404 usually means a wrong OFFERKIT_BASE_URL (e.g. a missing path prefix).
                Console.Error.WriteLine(error != null
                    ? error.KindName + (error.HttpStatus.HasValue ? " (HTTP " + error.HttpStatus.Value + ")" : "") + ": " + error.Message
                    : offers.Exception.GetBaseException().ToString());
                return 1;
            }
            OfferList list = offers.Result;
            foreach (Offer offer in list)
                Console.WriteLine("{0,-22} {1,8} USD  {2}", offer.Id,
                    offer.TotalPayoutUsd.HasValue ? offer.TotalPayoutUsd.Value.ToString("0.00") : "?", offer.Name);
            // Items the service sent malformed are left out of the list, not fatal.
            foreach (SkippedItem skipped in list.Skipped)
                Console.Error.WriteLine("note: item {0} ({1}) left out: {2}", skipped.Index, skipped.Id ?? "no id", skipped.Reason);
        }
        return 0;
    }
}
