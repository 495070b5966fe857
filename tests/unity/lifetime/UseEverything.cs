// UseEverything.cs: what a game does with the package, written from its README alone: a log
// handler, a client per delivery mode the package offers, each getting its token from a
// TokenProvider, a query awaited on the "main" thread that polls like the Unity runner, and
// Dispose. Shared by the programs that check that such a process exits and that such an
// AppDomain unloads (ExitAfterMain.cs, UnloadDomain.cs).
using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;

internal static class UseEverything
{
    /// <summary>Runs everything against the service at <paramref name="baseUrl"/>; throws on failure.</summary>
    internal static void Run(string baseUrl, string token)
    {
        int logged = 0, provided = 0;
        OfferKitLog.SetHandler((level, message) => Interlocked.Increment(ref logged), LogLevel.Trace);
        foreach (Delivery delivery in (Delivery[])Enum.GetValues(typeof(Delivery)))
        {
            var options = new OfferKitClientOptions(baseUrl)
            {
                Delivery = delivery,
                TokenProvider = reason =>
                {
                    Interlocked.Increment(ref provided);
                    return Task.FromResult(token); // a game fetches it from its backend
                },
            };
            using (var client = new OfferKitClient(options))
            {
                Task<IReadOnlyList<Offer>> offers = client.OffersAsync("demo", new OffersOptions { Limit = 2 });
                var clock = System.Diagnostics.Stopwatch.StartNew();
                while (!offers.IsCompleted)
                {
                    // What the hidden runner does once per frame.
                    if (OfferKitClient.PollAll() == 0) Thread.Sleep(5);
                    if (clock.Elapsed > TimeSpan.FromSeconds(30)) throw new TimeoutException(delivery + ": no answer");
                }
                if (offers.Result.Count != 2) throw new InvalidOperationException(delivery + ": " + offers.Result.Count + " offers");
                Console.WriteLine("{0}: {1} offers", delivery, offers.Result.Count);
            }
        }
        if (Volatile.Read(ref provided) < 1) throw new InvalidOperationException("the token provider was never asked");
        if (Volatile.Read(ref logged) < 1) throw new InvalidOperationException("the log handler never received anything");
        Console.WriteLine("token provider asked {0} time(s), log handler called {1} time(s)", provided, logged);
    }

    /// <summary>Milliseconds since the Unix epoch (the script compares it with its own clock).</summary>
    internal static long NowMs()
    {
        return (long)(DateTime.UtcNow - new DateTime(1970, 1, 1, 0, 0, 0, DateTimeKind.Utc)).TotalMilliseconds;
    }
}
