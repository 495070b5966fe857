// CancellationTests.cs: CancellationToken cancels the native request (the simulator sees the
// hang-up), a token cancelled before the call sends nothing, a cancellation after completion
// changes nothing, and a cancelled pager page leaves the pager where it was.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;

namespace OfferKit.Tests
{
    public static class CancellationTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        public static void CancellingATokenCancelsTheRequestInFlight()
        {
            {
                using (OfferKitClient client = Sim.Client())
                using (var cts = new CancellationTokenSource())
                {
                    Sim.Fault("{\"kind\":\"latency\",\"ms\":20000}");
                    Task<OfferList> task = client.OffersAsync("demo", null, cts.Token);
                    MainThread.Until(() => Sim.Stat("in_flight") == 1, "the request to reach the simulator");
                    cts.Cancel();
                    Check.Cancelled(task, "cancelled task");
                    // Awaiting it throws OperationCanceledException (the task's own token: it ends in
                    // the poll, not on the cancelling thread; test the caller's token, as here).
                    bool threw = false;
                    try
                    {
                        task.GetAwaiter().GetResult();
                    }
                    catch (OperationCanceledException)
                    {
                        threw = cts.IsCancellationRequested;
                    }
                    Check.True(threw, "awaiting the task throws OperationCanceledException");
                    MainThread.Until(() => Sim.Stat("aborted") == 1, "the simulator to see the hang-up");
                }
            }
        }

        public static void AlreadyCancelledTokenSendsNothing()
        {
            using (OfferKitClient client = Sim.Client())
            {
                var cancelled = new CancellationToken(true);
                Check.Cancelled(client.OffersAsync("demo", null, cancelled), "offers");
                Check.Cancelled(client.GraphQLAsync("{ __typename }", null, cancelled), "graphql");
                Check.Cancelled(client.ListOffersAsync(null, null, cancelled), "listing");
                Check.Equal(0L, Sim.Stat("requests"), "nothing sent");
            }
        }

        public static void CancellingAfterCompletionChangesNothing()
        {
            using (OfferKitClient client = Sim.Client())
            using (var cts = new CancellationTokenSource())
            {
                Task<Links> task = client.LinksAsync("demo", null, cts.Token);
                Links links = MainThread.Result(task);
                cts.Cancel();
                Check.Equal(TaskStatus.RanToCompletion, task.Status, "still completed");
                Check.Contains(links.SupportPortal, "/support", "result kept");
            }
        }

        public static void ACancelledPageLeavesThePagerInPlace()
        {
            using (OfferKitClient client = Sim.Client())
            using (PlayerOffersPager pager = client.CreatePlayerOffersPager("demo", new PlayerOffersOptions { Limit = 2 }))
            {
                PlayerOffersPage first = MainThread.Result(pager.NextAsync());
                Sim.Fault("{\"kind\":\"latency\",\"ms\":20000}");
                using (var cts = new CancellationTokenSource())
                {
                    Task<PlayerOffersPage> slow = pager.NextAsync(cts.Token);
                    MainThread.Until(() => Sim.Stat("in_flight") == 1, "the page request in flight");
                    cts.Cancel();
                    Check.Cancelled(slow, "cancelled page");
                }
                PlayerOffersPage second = MainThread.Result(pager.NextAsync());
                PlayerOffersPage expected = MainThread.Result(client.PlayerOffersAsync("demo",
                    new PlayerOffersOptions { Limit = 2, After = first.NextCursor }));
                Check.Equal(string.Join(",", expected.Items.Select(i => i.Id)), string.Join(",", second.Items.Select(i => i.Id)),
                    "the page after the first");
            }
        }

        public static void ManyCancellationsRacingCompletions()
        {
            using (OfferKitClient client = Sim.Client())
            {
                var tasks = new List<Task>();
                var sources = new List<CancellationTokenSource>();
                for (int i = 0; i < 60; i++)
                {
                    var cts = new CancellationTokenSource();
                    sources.Add(cts);
                    tasks.Add(client.LinksAsync("p-" + i, null, cts.Token));
                }
                var cancellers = new Thread(() =>
                {
                    for (int i = 0; i < sources.Count; i += 2) sources[i].Cancel();
                });
                cancellers.Start();
                cancellers.Join();
                MainThread.Wait(Task.WhenAll(tasks.Select(t => t.ContinueWith(_ => { }))));
                for (int i = 0; i < tasks.Count; i++)
                {
                    Check.True(tasks[i].Status == TaskStatus.RanToCompletion || (i % 2 == 0 && tasks[i].IsCanceled),
                        "task " + i + " " + tasks[i].Status);
                }
                foreach (CancellationTokenSource cts in sources) cts.Dispose();
            }
        }
    }
}
