// ThreadTests.cs: no thread of the native library ever runs managed code: every callback of the
// package — completions (and the code after an await), the TokenProvider, the log handler —
// runs on the thread that polls (here the test's "main" thread, in Unity the runner's Update),
// and nothing reaches the log handler without a poll.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;

namespace OfferKit.Tests
{
    public static class ThreadTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        public static void EveryCallbackRunsOnThePollingThread()
        {
            var threads = new Dictionary<string, HashSet<int>>();
            Action<string> seen = what =>
            {
                lock (threads)
                {
                    if (!threads.ContainsKey(what)) threads[what] = new HashSet<int>();
                    threads[what].Add(Thread.CurrentThread.ManagedThreadId);
                }
            };
            OfferKitLog.SetHandler((level, message) => seen("log handler"), LogLevel.Trace);
            try
            {
                var options = new OfferKitClientOptions(Sim.BaseUrl)
                {
                    TokenProvider = (reason, cancel) =>
                    {
                        seen("token provider (" + reason + ")");
                        return Task.Run(() => Sim.Token()); // the "backend" answers on another thread
                    },
                };
                using (var client = new OfferKitClient(options))
                using (PlayerOffersPager pager = client.CreatePlayerOffersPager("demo", new PlayerOffersOptions { Limit = 2 }))
                using (var cts = new CancellationTokenSource())
                {
                    Sim.Fault("{\"kind\":\"latency\",\"ms\":20000,\"times\":1,\"path\":\"/v1/offers\",\"method\":\"GET\"}");
                    Task slow = client.ListOffersAsync(null, null, cts.Token).ContinueWith(t => seen("cancelled completion"),
                        TaskContinuationOptions.ExecuteSynchronously);
                    var tasks = new List<Task>
                    {
                        client.OffersAsync("demo").ContinueWith(t => seen("offers completion"), TaskContinuationOptions.ExecuteSynchronously),
                        client.LinksAsync("demo").ContinueWith(t => seen("links completion"), TaskContinuationOptions.ExecuteSynchronously),
                        pager.NextAsync().ContinueWith(t => seen("page completion"), TaskContinuationOptions.ExecuteSynchronously),
                        client.GraphQLAsync("{ __typename }").ContinueWith(t => seen("graphql completion"), TaskContinuationOptions.ExecuteSynchronously),
                        client.OffersAsync("").ContinueWith(t => seen("failed completion"), TaskContinuationOptions.ExecuteSynchronously),
                        AwaitOnce(client, seen),
                    };
                    MainThread.Wait(Task.WhenAll(tasks));
                    MainThread.Until(() => Sim.Stat("in_flight") == 1, "the slow request at the simulator");
                    // A 401: the provider is asked again (reason Rejected), and the request retried.
                    Sim.Fault("{\"kind\":\"status\",\"status\":401,\"times\":1}");
                    MainThread.Wait(client.LinksAsync("demo").ContinueWith(t => seen("links after a 401"), TaskContinuationOptions.ExecuteSynchronously));
                    cts.Cancel();
                    MainThread.Wait(slow);
                }
                MainThread.Until(() => { lock (threads) return threads.ContainsKey("log handler"); }, "a log message");
            }
            finally
            {
                OfferKitLog.SetHandler(null);
            }
            lock (threads)
            {
                string[] expected =
                {
                    "after await", "cancelled completion", "failed completion", "graphql completion", "links after a 401",
                    "links completion", "log handler", "offers completion", "page completion", "token provider (Missing)",
                    "token provider (Rejected)",
                };
                Check.Equal(string.Join(", ", expected), string.Join(", ", threads.Keys.OrderBy(k => k, StringComparer.Ordinal)), "callbacks seen");
                foreach (KeyValuePair<string, HashSet<int>> callback in threads)
                    Check.Equal(MainThread.Id.ToString(), string.Join(",", callback.Value), callback.Key + " ran on thread(s)");
            }
        }

        private static async Task AwaitOnce(OfferKitClient client, Action<string> seen)
        {
            await client.PlayerOffersAsync("demo");
            seen("after await");
        }

        public static void LogMessagesWaitForAPoll()
        {
            int delivered = 0;
            OfferKitLog.SetHandler((level, message) => Interlocked.Increment(ref delivered), LogLevel.Trace);
            try
            {
                OfferKitClient client = Sim.Client();
                Task<Links> links = client.LinksAsync("demo");
                // Answered, but nobody polls: the library's log messages about it wait in its queue.
                var clock = System.Diagnostics.Stopwatch.StartNew();
                while (Sim.Stat("graphql") < 1 || Sim.Stat("in_flight") > 0 || client.PendingCallbacks == 0)
                {
                    Check.True(clock.Elapsed < TimeSpan.FromSeconds(60), "the simulator never answered");
                    Thread.Sleep(5);
                }
                Check.Equal(0, Volatile.Read(ref delivered), "log messages delivered without a poll");
                MainThread.Result(links);
                client.Dispose();
                MainThread.Until(() => Volatile.Read(ref delivered) > 0, "log messages delivered by a poll");
            }
            finally
            {
                OfferKitLog.SetHandler(null);
            }
        }
    }
}
