// UnityOffers.cs: what a game's code does with the installed Unity package, outside Unity (Mono):
// one OffersAsync against the service, polled on this thread as the package's runner does every
// frame. bindings/unity/Tools~/smoke.sh compiles it against the runtime unpacked from the UPM
// tarball and runs it with only the tarball's Plugins/Linux/x86_64 on the library path.
//
//   mono UnityOffers.exe BASE_URL ACCESS_TOKEN PLAYER_ID
//
// Prints "N offers for PLAYER_ID:", one line per offer, then "library: PATH" (the libofferkit
// file this process mapped, from /proc/self/maps). Exit status 1 on any error.
using System;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;

internal static class UnityOffers
{
    private static int Main(string[] args)
    {
        if (args.Length != 3)
        {
            Console.Error.WriteLine("usage: mono UnityOffers.exe BASE_URL ACCESS_TOKEN PLAYER_ID");
            return 2;
        }
        using (var client = new OfferKitClient(new OfferKitClientOptions(args[0]) { AccessToken = args[1], Deadline = TimeSpan.FromSeconds(20) }))
        {
            Task<OfferList> offers = client.OffersAsync(args[2], new OffersOptions { Limit = 5 });
            while (!offers.IsCompleted)
            {
                if (client.Poll() == 0) Thread.Sleep(5);
            }
            if (offers.IsFaulted)
            {
                Console.Error.WriteLine(offers.Exception.GetBaseException().ToString());
                return 1;
            }
            Console.WriteLine("{0} offers for {1}:", offers.Result.Count, args[2]);
            foreach (Offer offer in offers.Result)
                Console.WriteLine("  {0}  {1}", offer.Id, offer.Name);
        }
        string library = File.ReadAllLines("/proc/self/maps")
            .Select(line => line.Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries).LastOrDefault() ?? "")
            .FirstOrDefault(path => Path.GetFileName(path).StartsWith("libofferkit", StringComparison.Ordinal));
        Console.WriteLine("library: " + (library ?? "(none mapped)"));
        return 0;
    }
}
