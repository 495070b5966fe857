// UseEverything.cs: what a game does with the package, written from its README alone: a log
// handler, a client getting its token from a TokenProvider, queries (a pager's too) awaited on
// the "main" thread that polls like the Unity runner (the package's one delivery mode), a
// cancelled one, a client whose HTTP goes through the game's own stack (HttpClientExecutor), and
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
        var options = new OfferKitClientOptions(baseUrl)
        {
            TokenProvider = (reason, cancel) =>
            {
                Interlocked.Increment(ref provided);
                return Task.FromResult(token); // a game fetches it from its backend
            },
        };
        using (var client = new OfferKitClient(options))
        using (PlayerOffersPager pager = client.CreatePlayerOffersPager("demo", new PlayerOffersOptions { Limit = 2 }))
        using (var cancel = new CancellationTokenSource())
        {
            Task<OfferList> offers = client.OffersAsync("demo", new OffersOptions { Limit = 2 });
            Task<PlayerOffersPage> page = pager.NextAsync();
            Task<Links> cancelled = client.LinksAsync("demo", null, cancel.Token);
            cancel.Cancel();
            Pump(() => offers.IsCompleted && page.IsCompleted && cancelled.IsCompleted);
            if (offers.Result.Count != 2) throw new InvalidOperationException(offers.Result.Count + " offers");
            if (page.Result.Items.Count != 2) throw new InvalidOperationException(page.Result.Items.Count + " player offers");
            Console.WriteLine("{0} offers, {1} player offers, links {2}", offers.Result.Count, page.Result.Items.Count, cancelled.Status);
        }
        using (var http = new HttpClientExecutor())
        using (var own = new OfferKitClient(new OfferKitClientOptions(baseUrl) { AccessToken = token, HttpExecutor = http }))
        {
            Task<OfferList> offers = own.OffersAsync("demo", new OffersOptions { Limit = 3 });
            Pump(() => offers.IsCompleted);
            if (offers.Result.Count != 3) throw new InvalidOperationException(offers.Result.Count + " offers through HttpClientExecutor");
            Console.WriteLine("{0} offers through HttpClientExecutor", offers.Result.Count);
        }
        Pump(() => Volatile.Read(ref logged) > 0);
        if (Volatile.Read(ref provided) < 1) throw new InvalidOperationException("the token provider was never asked");
        if (Volatile.Read(ref logged) < 1) throw new InvalidOperationException("the log handler never received anything");
        Console.WriteLine("token provider asked {0} time(s), log handler called {1} time(s)", provided, logged);
    }

    /// <summary>What the hidden runner does once per frame, until <paramref name="done"/>.</summary>
    private static void Pump(Func<bool> done)
    {
        var clock = System.Diagnostics.Stopwatch.StartNew();
        while (!done())
        {
            if (OfferKitClient.PollAll() == 0) Thread.Sleep(5);
            if (clock.Elapsed > TimeSpan.FromSeconds(30)) throw new TimeoutException("gave up waiting");
        }
    }

    /// <summary>Milliseconds since the Unix epoch (the script compares it with its own clock).</summary>
    internal static long NowMs()
    {
        return (long)(DateTime.UtcNow - new DateTime(1970, 1, 1, 0, 0, 0, DateTimeKind.Utc)).TotalMilliseconds;
    }
}
