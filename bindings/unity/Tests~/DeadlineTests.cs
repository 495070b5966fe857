// DeadlineTests.cs: the bounds of a call: OfferKitClientOptions.Deadline is the worst case any
// call takes (attempts, retries, Retry-After waits, the wait for a token), and MaxPages caps a
// pager's walk. Times are checked with wide margins: what matters is seconds against minutes.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Threading.Tasks;
using OfferKit;

namespace OfferKit.Tests
{
    public static class DeadlineTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        public static void ARetryAfterBeyondTheDeadlineFailsAtOnce()
        {
            using (OfferKitClient client = Sim.Client(o => o.Deadline = TimeSpan.FromSeconds(10)))
            {
                Sim.Fault("{\"kind\":\"status\",\"status\":503,\"retry_after_secs\":30,\"times\":10}");
                var clock = Stopwatch.StartNew();
                OfferKitException e = Check.Fails(client.OffersAsync("demo"), ErrorKind.Server, "503 with Retry-After: 30");
                // At once: well short of the 10 s deadline it would have waited for.
                Check.True(clock.Elapsed < TimeSpan.FromSeconds(5), "waited " + clock.ElapsedMilliseconds + " ms for a wait it could not finish");
                Check.Equal((int?)503, e.HttpStatus, "HTTP status");
                Check.Equal((TimeSpan?)TimeSpan.FromSeconds(30), e.RetryAfter, "the service's Retry-After");
                Check.Equal(1L, Sim.Stat("requests"), "one request, no retry");
            }
        }

        public static void TheDeadlineEndsASlowResponseBeforeItsTimeout()
        {
            var options = new Action<OfferKitClientOptions>(o =>
            {
                o.Timeout = TimeSpan.FromSeconds(20);
                o.Deadline = TimeSpan.FromMilliseconds(500);
            });
            using (OfferKitClient client = Sim.Client(options))
            {
                Sim.Fault("{\"kind\":\"latency\",\"ms\":8000}");
                var clock = Stopwatch.StartNew();
                Check.Fails(client.OffersAsync("demo"), ErrorKind.Timeout, "latency 8 s, deadline 500 ms");
                Check.True(clock.Elapsed < TimeSpan.FromSeconds(5), "took " + clock.ElapsedMilliseconds + " ms");
            }
        }

        public static void TheDeadlineBoundsTheWaitForAToken()
        {
            var options = new OfferKitClientOptions(Sim.BaseUrl)
            {
                TokenProvider = (reason, cancel) => new TaskCompletionSource<string>().Task, // never answers
                TokenWait = TimeSpan.FromSeconds(60),
                Deadline = TimeSpan.FromMilliseconds(500),
            };
            using (var client = new OfferKitClient(options))
            {
                var clock = Stopwatch.StartNew();
                Check.Fails(client.LinksAsync("demo"), ErrorKind.Timeout, "provider never answers");
                Check.True(clock.Elapsed < TimeSpan.FromSeconds(10), "took " + clock.ElapsedMilliseconds + " ms, not the deadline");
            }
            Check.Equal(0L, Sim.Stat("requests"), "nothing sent without a token");
        }

        public static void DeadlineAndMaxPagesOutOfRangeAreRefused()
        {
            foreach (TimeSpan deadline in new[] { TimeSpan.Zero, TimeSpan.FromMilliseconds(-1), TimeSpan.FromDays(2) })
            {
                OfferKitException e = Check.Throws(() => new OfferKitClient(new OfferKitClientOptions(Sim.BaseUrl) { Deadline = deadline }),
                    ErrorKind.InvalidArgument, "deadline " + deadline);
                // Refused when the client is made, by core's check of every setting.
                Check.Equal(OfferKitStatus.InvalidArgument, e.Status, "status for deadline " + deadline);
                Check.Equal("config", e.Fields[0].Path, "the field entry of deadline " + deadline);
                Check.Equal(1, e.MessagesFor("Deadline").Count, "deadline " + deadline + " is named as the option");
            }
            foreach (int maxPages in new[] { 0, -1, int.MinValue })
                Check.Equal("0 is not at least 1",
                    Check.Throws(() => new OfferKitClient(new OfferKitClientOptions(Sim.BaseUrl) { MaxPages = maxPages }),
                        ErrorKind.InvalidArgument, "max pages " + maxPages).MessagesFor("MaxPages")[0], "max pages " + maxPages);
            using (var client = new OfferKitClient(new OfferKitClientOptions(Sim.BaseUrl) { Deadline = TimeSpan.FromDays(1), MaxPages = int.MaxValue }))
                Check.True(!client.IsDisposed, "the largest values are accepted");
        }

        public static void MaxPagesStopsThePagerWithDecode()
        {
            using (OfferKitClient client = Sim.Client(o => o.MaxPages = 2))
            {
                using (PlayerOffersPager pager = client.CreatePlayerOffersPager("demo", new PlayerOffersOptions { Limit = 1 }))
                {
                    PlayerOffersPage first = MainThread.Result(pager.NextAsync());
                    PlayerOffersPage second = MainThread.Result(pager.NextAsync());
                    Check.True(first.HasMore && second.HasMore, "demo has more than two player offers");
                    OfferKitException e = Check.Fails(pager.NextAsync(), ErrorKind.Decode, "a third page");
                    Check.Contains(e.Message, "max_pages", "message");
                    Check.True(MainThread.Result(pager.NextAsync()) == null && pager.IsFinished, "the walk has ended");
                }
                Check.Equal(2L, Sim.Stat("graphql"), "requests: the two pages");
                Sim.Reset();
                // The catalogue needs three pages of 20.
                OfferKitException all = Check.Fails(client.ListAllOffersAsync(20), ErrorKind.Decode, "every page with a cap of 2");
                Check.Contains(all.Message, "max_pages", "message");
                Check.Equal(2L, Sim.Stat("listing"), "listing requests");
            }
        }
    }
}
