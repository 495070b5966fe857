// DisposeTests.cs: Dispose with requests in flight completes every task before it returns (as
// cancelled, or with a result already queued) and frees everything once, also from inside a
// completion; a disposed client refuses new calls; pagers outliving their client are cancelled.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;
using OfferKit.Interop;

namespace OfferKit.Tests
{
    public static class DisposeTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        public static void DisposeWithRequestsInFlightCompletesEveryTaskBeforeReturning()
        {
            {
                OfferKitClient client = Sim.Client();
                Sim.Fault("{\"kind\":\"latency\",\"ms\":20000,\"times\":5}");
                var tasks = new List<Task>
                {
                    client.OffersAsync("demo"), client.LinksAsync("demo"), client.PlayerOffersAsync("demo"),
                    client.ListOffersAsync(), client.GraphQLAsync("{ __typename }"),
                };
                Check.True(Volatile.Read(ref Tracking.GcHandles) == 5, "five requests pinned");
                MainThread.Until(() => Sim.Stat("in_flight") == 5, "five requests at the simulator");
                client.Dispose();
                foreach (Task t in tasks) Check.True(t.IsCanceled, "a task is " + t.Status + " after Dispose");
                Check.Equal(0, Volatile.Read(ref Tracking.GcHandles), "GCHandles after Dispose");
                Check.Equal(0, Volatile.Read(ref Tracking.NativeObjects), "native objects after Dispose");
                Check.True(client.IsDisposed, "IsDisposed");
                client.Dispose(); // twice is fine
                MainThread.Until(() => Sim.Stat("aborted") == 5, "the simulator to see five hang-ups");
            }
        }

        public static void QueuedResultsAreDeliveredByDispose()
        {
            OfferKitClient client = Sim.Client();
            var tasks = Enumerable.Range(0, 4).Select(i => (Task)client.LinksAsync("p-" + i)).ToList();
            // Answered by the simulator, but not polled (no MainThread.Until here): the results wait
            // in the native queue, or are about to reach it.
            var clock = System.Diagnostics.Stopwatch.StartNew();
            while (Sim.Stat("graphql") < 4 || Sim.Stat("in_flight") > 0)
            {
                Check.True(clock.Elapsed < TimeSpan.FromSeconds(60), "the simulator never answered");
                Thread.Sleep(5);
            }
            Check.True(tasks.All(t => !t.IsCompleted), "completed without a poll");
            client.Dispose();
            foreach (Task t in tasks)
                Check.True(t.Status == TaskStatus.RanToCompletion || t.IsCanceled, "a task is " + t.Status + " after Dispose");
        }

        public static void ADisposedClientRefusesNewCalls()
        {
            OfferKitClient client = Sim.Client();
            client.Dispose();
            Task<OfferList> task = client.OffersAsync("demo");
            MainThread.Wait(task);
            Check.True(task.IsFaulted && task.Exception.GetBaseException() is ObjectDisposedException, "ObjectDisposedException, got " + task.Status);
            Check.Equal(0, client.Poll(), "Poll of a disposed client");
            Check.True(ThrowsDisposed(() => client.SetAccessToken("t")), "SetAccessToken after Dispose");
            Check.True(ThrowsDisposed(() => client.CreatePlayerOffersPager("demo")), "pager after Dispose");
            Check.Equal(0L, Sim.Stat("requests"), "nothing sent");
        }

        private static bool ThrowsDisposed(Action action)
        {
            try
            {
                action();
                return false;
            }
            catch (ObjectDisposedException)
            {
                return true;
            }
        }

        public static void DisposeInsideACompletionFreesTheClient()
        {
            OfferKitClient client = Sim.Client();
            Sim.Fault("{\"kind\":\"latency\",\"ms\":20000,\"times\":3,\"path\":\"/v1/offers\",\"method\":\"GET\"}");
            var slow = Enumerable.Range(0, 3).Select(i => (Task)client.ListOffersAsync()).ToList();
            bool disposedInside = false;
            Task quick = client.LinksAsync("demo").ContinueWith(t =>
            {
                client.Dispose(); // inside offerkit_client_poll, on the main thread
                disposedInside = Thread.CurrentThread.ManagedThreadId == MainThread.Id;
            }, TaskContinuationOptions.ExecuteSynchronously);
            MainThread.Wait(quick);
            Check.True(disposedInside, "the continuation ran inline on the main thread");
            foreach (Task t in slow) Check.True(t.IsCanceled, "a slow task is " + t.Status);
            Check.True(client.IsDisposed, "disposed");
            Check.Equal(0, Volatile.Read(ref Tracking.NativeObjects), "the native client was freed");
        }

        /// <summary>
        /// Dispose inside a completion (the code after an await, run by the poll) takes effect at
        /// once: IsDisposed is true, the requests in flight are cancelled before Dispose returns,
        /// and every later call is refused with ObjectDisposedException (a pager's page is
        /// cancelled) without sending anything.
        /// </summary>
        public static void DisposeInsideACompletionRefusesEveryLaterCallAndSendsNothing()
        {
            OfferKitClient client = Sim.Client();
            PlayerOffersPager pager = client.CreatePlayerOffersPager("demo", new PlayerOffersOptions { Limit = 2 });
            Sim.Fault("{\"kind\":\"latency\",\"ms\":20000,\"times\":2,\"path\":\"/v1/offers\",\"method\":\"GET\"}");
            var slow = Enumerable.Range(0, 2).Select(i => (Task)client.ListOffersAsync()).ToList();
            MainThread.Until(() => Sim.Stat("in_flight") == 2, "two slow requests at the simulator");
            bool disposedAtOnce = false, slowEndedInDispose = false, pollAfter = true;
            var refusedSynchronously = new List<string>();
            var later = new List<Task>();
            Task quick = client.LinksAsync("demo").ContinueWith(t =>
            {
                client.Dispose(); // inside offerkit_client_poll, on the main thread
                disposedAtOnce = client.IsDisposed;
                slowEndedInDispose = slow.All(s => s.IsCanceled);
                later.Add(client.OffersAsync("demo"));
                later.Add(client.LinksAsync("demo"));
                later.Add(client.PlayerOffersAsync("demo"));
                later.Add(client.ListOffersAsync());
                later.Add(client.ListAllOffersAsync());
                later.Add(client.GraphQLAsync("{ __typename }"));
                later.Add(pager.NextAsync());
                if (ThrowsDisposed(() => client.SetAccessToken("t"))) refusedSynchronously.Add("SetAccessToken");
                if (ThrowsDisposed(() => client.InvalidateCache("demo"))) refusedSynchronously.Add("InvalidateCache");
                if (ThrowsDisposed(() => client.ClearCache())) refusedSynchronously.Add("ClearCache");
                if (ThrowsDisposed(() => client.CreatePlayerOffersPager("demo"))) refusedSynchronously.Add("CreatePlayerOffersPager");
                pollAfter = client.Poll() != 0;
            }, TaskContinuationOptions.ExecuteSynchronously);
            MainThread.Wait(quick);
            Check.True(quick.Status == TaskStatus.RanToCompletion, "the continuation ran: " + quick.Status +
                (quick.Exception != null ? " " + quick.Exception.GetBaseException() : ""));
            Check.True(disposedAtOnce, "IsDisposed right after Dispose inside a completion");
            Check.True(slowEndedInDispose, "the requests in flight were cancelled before Dispose returned");
            Check.True(!pollAfter, "Poll after Dispose ran something");
            Check.Equal("SetAccessToken,InvalidateCache,ClearCache,CreatePlayerOffersPager", string.Join(",", refusedSynchronously),
                "calls refused with ObjectDisposedException");
            MainThread.Wait(Task.WhenAll(later.Select(t => t.ContinueWith(_ => { }))));
            for (int i = 0; i < later.Count - 1; i++)
                Check.True(later[i].IsFaulted && later[i].Exception.GetBaseException() is ObjectDisposedException,
                    "later call " + i + ": " + later[i].Status + (later[i].Exception != null ? " " + later[i].Exception.GetBaseException().GetType().Name : ""));
            Check.True(later[later.Count - 1].IsCanceled, "the pager's page after Dispose: " + later[later.Count - 1].Status);
            pager.Dispose();
            // The two slow requests and the quick one; nothing after Dispose.
            Check.Equal(3L, Sim.Stat("requests"), "requests the simulator received");
        }

        public static void APagerOutlivingItsClientIsCancelled()
        {
            OfferKitClient client = Sim.Client();
            PlayerOffersPager pager = client.CreatePlayerOffersPager("demo", new PlayerOffersOptions { Limit = 2 });
            Check.True(MainThread.Result(pager.NextAsync()).Items.Count == 2, "first page");
            client.Dispose();
            Check.Cancelled(pager.NextAsync(), "a page after the client was disposed");
            pager.Dispose();
            pager.Dispose();
            Task<PlayerOffersPage> afterDispose = pager.NextAsync();
            MainThread.Wait(afterDispose);
            Check.True(afterDispose.IsFaulted && afterDispose.Exception.GetBaseException() is ObjectDisposedException, "disposed pager");
        }

        public static void DisposeAllFreesEveryClient()
        {
            var clients = Enumerable.Range(0, 3).Select(i => Sim.Client()).ToList();
            Sim.Fault("{\"kind\":\"latency\",\"ms\":20000,\"times\":3}");
            var tasks = clients.Select(c => (Task)c.OffersAsync("demo")).ToList();
            OfferKitClient.DisposeAll();
            Check.True(clients.All(c => c.IsDisposed), "all disposed");
            Check.True(tasks.All(t => t.IsCanceled), "all cancelled");
        }
    }
}
