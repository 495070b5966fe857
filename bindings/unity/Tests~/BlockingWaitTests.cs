// BlockingWaitTests.cs: .Result, .Wait() and GetAwaiter().GetResult() on an unfinished task, on
// the thread that pumps offerkit, end at once with BlockingWaitException (the request is
// cancelled) instead of freezing that thread forever; the same waits on another thread simply
// wait for the pump. A hang guard disposes the client from another thread if the wait does not
// end, so a regression fails the test instead of hanging the run (no timing assertion).
using System;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;

namespace OfferKit.Tests
{
    public static class BlockingWaitTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        /// <summary>Runs <paramref name="wait"/> on this (the pumping) thread; disposes the client from another thread should it hang.</summary>
        private static Exception BlockOnPumpThread(OfferKitClient client, Action wait)
        {
            OfferKitClient.PollAll(); // this thread pumps offerkit
            using (var ended = new ManualResetEventSlim())
            {
                var guard = new Thread(() =>
                {
                    if (!ended.Wait(TimeSpan.FromSeconds(60))) client.Dispose(); // hang guard: completes the task as cancelled
                }) { IsBackground = true };
                guard.Start();
                try
                {
                    wait();
                    return null;
                }
                catch (Exception e)
                {
                    return e;
                }
                finally
                {
                    ended.Set();
                    guard.Join();
                }
            }
        }

        private static BlockingWaitException Unwrap(Exception e, string what)
        {
            var aggregate = e as AggregateException;
            Exception inner = aggregate != null ? aggregate.GetBaseException() : e;
            var blocking = inner as BlockingWaitException;
            Check.True(blocking != null, what + ": expected BlockingWaitException, got " + (e == null ? "no exception" : e.ToString()));
            Check.Contains(blocking.Message, "Await the task instead", what + ": says what to do");
            return blocking;
        }

        public static void ResultOnThePumpThreadThrowsInsteadOfHanging()
        {
            using (OfferKitClient client = Sim.Client())
            {
                Sim.Fault("{\"kind\":\"latency\",\"ms\":20000}");
                Task<OfferList> task = client.OffersAsync("demo");
                // At the simulator first: a wait that throws before the request left would cancel it
                // before anything could see a hang-up (the first request of a process is the slowest).
                MainThread.Until(() => Sim.Stat("in_flight") == 1, "the request to reach the simulator");
                Exception e = BlockOnPumpThread(client, () => { var unused = task.Result; });
                Unwrap(e, ".Result");
                Check.True(task.IsFaulted, "the task ended, faulted: " + task.Status);
                Check.True(task.Exception.GetBaseException() is BlockingWaitException, "the task's exception");
                // The request was cancelled: the simulator sees the hang-up (the harness checks that its
                // completion still freed everything).
                MainThread.Until(() => Sim.Stat("aborted") == 1, "the simulator to see the hang-up");
            }
        }

        public static void WaitAndGetResultOnThePumpThreadThrowToo()
        {
            using (OfferKitClient client = Sim.Client())
            {
                Sim.Fault("{\"kind\":\"latency\",\"ms\":20000,\"times\":5}"); // every request below is slow
                Task<Links> links = client.LinksAsync("demo");
                Unwrap(BlockOnPumpThread(client, () => links.Wait()), ".Wait()");
                Task<string> graphql = client.GraphQLAsync("{ __typename }");
                Unwrap(BlockOnPumpThread(client, () => graphql.GetAwaiter().GetResult()), "GetAwaiter().GetResult()");
                using (PlayerOffersPager pager = client.CreatePlayerOffersPager("demo"))
                {
                    Task<System.Collections.Generic.IReadOnlyList<PlayerOffer>> all = pager.ReadAllAsync();
                    Unwrap(BlockOnPumpThread(client, () => all.Wait()), "ReadAllAsync().Wait()");
                }
            }
        }

        public static void AFinishedTaskIsReadAsUsualOnThePumpThread()
        {
            using (OfferKitClient client = Sim.Client())
            {
                Task<OfferList> task = client.OffersAsync("demo", new OffersOptions { Limit = 2 });
                MainThread.Wait(task);
                Check.Equal(2, task.Result.Count, ".Result of a finished task");
            }
        }

        public static void ABlockingWaitOffThePumpThreadWaitsForThePump()
        {
            using (OfferKitClient client = Sim.Client())
            {
                OfferKitClient.PollAll(); // this thread pumps
                Task<OfferList> task = client.OffersAsync("demo", new OffersOptions { Limit = 3 });
                int count = -1;
                Exception failure = null;
                var waiter = new Thread(() =>
                {
                    try
                    {
                        count = task.Result.Count; // blocks this thread while the main thread pumps
                    }
                    catch (Exception e)
                    {
                        failure = e;
                    }
                });
                waiter.Start();
                MainThread.Until(() => !waiter.IsAlive, "the waiting thread to get the result");
                Check.True(failure == null, "the wait off the pump thread failed: " + failure);
                Check.Equal(3, count, "the result, read by a blocking wait on another thread");
            }
        }

        public static void PollRefusesAMaxBelowOne()
        {
            using (OfferKitClient client = Sim.Client())
            {
                Check.ThrowsType<ArgumentOutOfRangeException>(() => client.Poll(0), "Poll(0)");
                Check.ThrowsType<ArgumentOutOfRangeException>(() => client.Poll(-1), "Poll(-1)");
                Task<Links> links = client.LinksAsync("demo");
                var clock = System.Diagnostics.Stopwatch.StartNew();
                while (client.PendingCallbacks == 0) // not MainThread.Until: it would poll
                {
                    Check.True(clock.Elapsed < TimeSpan.FromSeconds(60), "the completion was never queued");
                    Thread.Sleep(1);
                }
                Check.True(client.Poll(1) >= 1, "Poll(1) runs the completion");
                Check.True(links.IsCompleted, "completed by Poll(1)");
            }
        }
    }
}
