// EngineAdapterTests.cs: the coroutine form (AsCoroutine, every Unity version) and the Awaitable
// form (AsAwaitable, Unity 2023.1+) of offerkit's tasks, against the simulator, driven as the
// engine drives them: a coroutine's yield instruction is asked MoveNext once per frame after the
// runner polled, and code after an await of an Awaitable runs when it completes. Compiled only
// into the test program built with the engine's defines against the working stand-ins of
// bindings/unity/Tests~/stubs/UnityEngine.Coroutines.cs (see bindings/unity/Tools~/test.sh).
#if UNITY_5_3_OR_NEWER
using System;
using System.Collections;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;

namespace OfferKit.Tests
{
    public static class EngineAdapterTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        /// <summary>Runs frames (a poll, then the coroutine's MoveNext) until the instruction stops waiting.</summary>
        private static int Frames(IEnumerator instruction)
        {
            var clock = Stopwatch.StartNew();
            int frames = 0;
            while (true)
            {
                OfferKitClient.PollAll(); // the runner's Update
                frames++;
                if (!instruction.MoveNext()) return frames;
                if (clock.Elapsed > TimeSpan.FromSeconds(60)) throw new TestFailure("the coroutine never resumed");
                Thread.Sleep(1);
            }
        }

        public static void ACoroutineYieldsUntilTheResultIsThere()
        {
            using (OfferKitClient client = Sim.Client())
            {
                OfferKitOperation<OfferList> offers = client.OffersAsync("demo", new OffersOptions { Limit = 2 }).AsCoroutine();
                // Not polled yet: still running, so Result refuses and Error is null.
                Check.True(!offers.IsDone && offers.keepWaiting, "running before the first frame");
                Check.ThrowsType<InvalidOperationException>(() => { var unused = offers.Result; }, "Result while running");
                Check.True(Frames(offers) >= 1, "frames ran");
                Check.True(offers.IsDone && offers.Succeeded && !offers.IsCancelled, "succeeded");
                Check.True(offers.Error == null, "no error");
                Check.Equal(2, offers.Result.Count, "the offers");
                Check.True(offers.Task.IsCompleted, "the task behind it");
            }
        }

        public static void ACoroutineSeesFailuresAndCancellations()
        {
            using (OfferKitClient client = Sim.Client())
            {
                Sim.Fault("{\"kind\":\"status\",\"status\":403}");
                OfferKitOperation<Links> forbidden = client.LinksAsync("demo").AsCoroutine();
                Frames(forbidden);
                Check.True(forbidden.IsDone && !forbidden.Succeeded, "failed");
                var error = forbidden.Error as OfferKitException;
                Check.True(error != null, "Error is the OfferKitException: " + forbidden.Error);
                Check.Equal(ErrorKind.Forbidden, error.Kind, "kind");
                Check.Equal((int?)403, error.HttpStatus, "HTTP status");
                Check.Equal(ErrorKind.Forbidden, Check.Throws(() => { var unused = forbidden.Result; }, ErrorKind.Forbidden, "Result rethrows").Kind, "Result");

                OfferKitOperation<Links> cancelled = client.LinksAsync("demo", null, new CancellationToken(true)).AsCoroutine();
                Frames(cancelled);
                Check.True(cancelled.IsCancelled && cancelled.Error is OperationCanceledException, "cancelled: " + cancelled.Error);
                Check.ThrowsType<OperationCanceledException>(() => { var unused = cancelled.Result; }, "Result of a cancelled operation");
            }
        }

#if UNITY_2023_1_OR_NEWER
        private static async Task<int> CountOnMainThread(OfferKitClient client, int[] continuedOn)
        {
            OfferList offers = await client.OffersAsync("demo", new OffersOptions { Limit = 3 }).AsAwaitable();
            continuedOn[0] = Thread.CurrentThread.ManagedThreadId;
            await ((Task)client.LinksAsync("demo")).AsAwaitable(); // the non-generic form
            return offers.Count;
        }

        public static void AnAwaitableCompletesOnThePollingThread()
        {
            using (OfferKitClient client = Sim.Client())
            {
                var continuedOn = new int[1];
                Task<int> count = CountOnMainThread(client, continuedOn);
                Check.Equal(3, MainThread.Result(count), "the offers, through an Awaitable");
                Check.Equal(MainThread.Id, continuedOn[0], "the code after the await ran on the polling thread");
            }
        }

        private static async Task<string> AwaitFailure(Task<Links> links)
        {
            try
            {
                await links.AsAwaitable();
                return "no exception";
            }
            catch (OfferKitException e)
            {
                return e.KindName;
            }
            catch (OperationCanceledException)
            {
                return "cancelled";
            }
        }

        public static void AnAwaitableThrowsWhatTheTaskFailedWith()
        {
            using (OfferKitClient client = Sim.Client())
            {
                Sim.Fault("{\"kind\":\"status\",\"status\":403}");
                Check.Equal("forbidden", MainThread.Result(AwaitFailure(client.LinksAsync("demo"))), "a failure");
                Check.Equal("invalid_argument", MainThread.Result(AwaitFailure(client.LinksAsync(""))), "a failure at start (already completed)");
                Check.Equal("cancelled", MainThread.Result(AwaitFailure(client.LinksAsync("demo", null, new CancellationToken(true)))), "cancelled");
            }
        }
#endif
    }
}
#endif
