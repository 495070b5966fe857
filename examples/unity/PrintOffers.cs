// PrintOffers.cs: the C# API of the Unity package outside Unity (plain Mono or .NET): prints a
// player's offers. The loop at the bottom is what the package's hidden runner does once per frame
// in Unity: poll, so completions run on this ("main") thread.
//
//   mcs -out:PrintOffers.exe -recurse:'bindings/unity/Runtime/*.cs' examples/unity/PrintOffers.cs
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
        using (var client = new OfferKitClient(new OfferKitClientOptions(baseUrl) { AccessToken = token }))
        {
            string playerId = args[0];
            PlayerIdConventions broken = PlayerId.Lint(playerId);
            if (broken != PlayerIdConventions.None)
                Console.Error.WriteLine("note: player id " + string.Join(", ", PlayerId.Describe(broken)) + " (sent anyway)");
            Task<IReadOnlyList<Offer>> offers = client.OffersAsync(playerId, new OffersOptions { Limit = 5, Sort = OfferSort.EpcDescending });
            while (!offers.IsCompleted)
            {
                if (client.Poll() == 0) Thread.Sleep(5); // a game does this once per frame
            }
            if (offers.IsFaulted)
            {
                var error = offers.Exception.GetBaseException() as OfferKitException;
                Console.Error.WriteLine(error != null ? error.KindName + ": " + error.Message : offers.Exception.GetBaseException().ToString());
                return 1;
            }
            foreach (Offer offer in offers.Result)
                Console.WriteLine("{0,-22} {1,8:0.00} USD  {2}", offer.Id, offer.TotalPayoutUsd, offer.Name);
        }
        return 0;
    }
}
