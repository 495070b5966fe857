// ConcurrencyTests.cs: 200 requests at once on one client, every completion (and every await
// continuation) on the "main" thread that pumps; and many requests started from several threads,
// completed on the main thread too.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;

namespace OfferKit.Tests
{
    public static class ConcurrencyTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        private static async Task<string> OneOf(OfferKitClient client, int i, List<int> threads)
        {
            string summary;
            switch (i % 4)
            {
                case 0:
                    IReadOnlyList<Offer> offers = await client.OffersAsync("p-" + i, new OffersOptions { Limit = 3 });
                    summary = string.Join(",", offers.Select(o => o.Id));
                    break;
                case 1:
                    summary = (await client.LinksAsync("p-" + i)).SupportPortal;
                    break;
                case 2:
                    summary = string.Join(",", (await client.PlayerOffersAsync("p-" + i, new PlayerOffersOptions { Limit = 2 })).Items.Select(x => x.Id));
                    break;
                default:
                    summary = await client.GraphQLAsync("query($p: String!) { offers(player_id: $p, limit: 1) { id } }", "{\"p\":\"p-" + i + "\"}");
                    break;
            }
            lock (threads) threads.Add(Thread.CurrentThread.ManagedThreadId);
            return summary;
        }

        /// <summary>Threads of this process named by the library (Linux: /proc/self/task/*/comm).
        /// A thread that ends between the listing and the read is not counted.</summary>
        internal static int LibraryThreads()
        {
            return System.IO.Directory.GetDirectories("/proc/self/task").Count(task =>
            {
                try
                {
                    return System.IO.File.ReadAllText(System.IO.Path.Combine(task, "comm")).StartsWith("offerkit", StringComparison.Ordinal);
                }
                catch (System.IO.IOException)
                {
                    return false; // the thread ended meanwhile
                }
            });
        }

        /// <summary>Fails unless the library's threads are gone. The library joins them before
        /// Shutdown returns, but the kernel removes a joined thread's /proc entry a moment later
        /// (it wakes the joiner first, then finishes the exit), so the count may read one for a
        /// few microseconds; a thread still listed after a second was not joined.</summary>
        internal static void NoLibraryThreads(string what)
        {
            var clock = System.Diagnostics.Stopwatch.StartNew();
            int left;
            while ((left = LibraryThreads()) != 0 && clock.ElapsedMilliseconds < 1000)
                Thread.Sleep(1);
            Check.Equal(0, left, what);
        }

        public static void TwoHundredConcurrentRequestsCompleteOnTheMainThread()
        {
            using (OfferKitClient client = Sim.Client())
            {
                var threads = new List<int>();
                List<Task<string>> tasks = Enumerable.Range(0, 200).Select(i => OneOf(client, i, threads)).ToList();
                Check.True(tasks.All(t => !t.IsCompleted), "a task completed before any poll");
                int polled = 0;
                MainThread.Until(() =>
                {
                    polled += client.Poll();
                    return tasks.All(t => t.IsCompleted);
                }, "200 tasks");
                foreach (Task<string> t in tasks)
                    Check.True(t.Status == TaskStatus.RanToCompletion, "a task " + t.Status + (t.Exception != null ? ": " + t.Exception.GetBaseException().Message : ""));
                Check.Equal(200, threads.Count, "continuations");
                Check.True(threads.All(id => id == MainThread.Id), "a continuation ran off the main thread");
                Check.Equal(200L, Sim.Stat("graphql"), "requests");
                int libraryThreads = LibraryThreads();
                Check.True(libraryThreads >= 1 && libraryThreads <= 2, "offerkit threads: " + libraryThreads + " (the library runs at most two)");
                Console.WriteLine("     (200 requests in flight at once: {0} offerkit thread(s) in the process)", libraryThreads);
                // Each result is the player's own: spot-check against sequential queries.
                for (int i = 0; i < 8; i++)
                    Check.Equal(MainThread.Result(OneOf(client, i, threads)), tasks[i].Result, "result of request " + i);
            }
        }

        public static void ManyThreadsStartRequestsAndTheMainThreadCompletesThem()
        {
            using (OfferKitClient client = Sim.Client())
            {
                var tasks = new List<Task<OfferList>>();
                var starters = Enumerable.Range(0, 4).Select(t => new Thread(() =>
                {
                    for (int i = 0; i < 25; i++)
                    {
                        Task<OfferList> task = client.OffersAsync("thread-" + t, new OffersOptions { Limit = 2 });
                        lock (tasks) tasks.Add(task);
                    }
                })).ToList();
                starters.ForEach(s => s.Start());
                starters.ForEach(s => s.Join());
                var threads = new List<int>();
                List<Task> continuations = tasks.Select(task => (Task)task.ContinueWith(t =>
                {
                    lock (threads) threads.Add(Thread.CurrentThread.ManagedThreadId);
                }, TaskContinuationOptions.ExecuteSynchronously)).ToList();
                MainThread.Wait(Task.WhenAll(continuations));
                Check.True(tasks.All(t => t.Result.Count == 2), "two offers each");
                Check.Equal(100, threads.Count, "continuations");
                Check.True(threads.All(id => id == MainThread.Id), "a continuation ran off the polling main thread");
                Check.Equal(100L, Sim.Stat("graphql"), "requests");
            }
        }
    }
}
