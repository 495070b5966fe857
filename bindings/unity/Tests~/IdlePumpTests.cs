// IdlePumpTests.cs: a game pumps offerkit every frame (OfferKitRunner.Update calls
// OfferKitClient.PollAll), almost always with nothing to deliver; that pump must put nothing on
// the managed heap, or it feeds the garbage collector's pauses frame after frame. Counted with
// the runtime's allocation counter of the calling thread after a request has come and gone and
// the log handler is set, as in a running game. What it costs in time is BENCHMARKS.md's.
using System;
using OfferKit;

namespace OfferKit.Tests
{
    public static class IdlePumpTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        private const int Frames = 10000;

        public static void AnIdlePumpAllocatesNothingOnTheManagedHeap()
        {
            int logged = 0;
            OfferKitLog.SetHandler((level, message) => logged++, LogLevel.Trace);
            try
            {
                using (OfferKitClient client = Sim.Client())
                using (OfferKitClient second = Sim.Client())
                {
                    Check.Equal(2, MainThread.Result(client.OffersAsync("demo", new OffersOptions { Limit = 2 })).Count, "offers");
                    Check.Equal(1, MainThread.Result(second.OffersAsync("demo", new OffersOptions { Limit = 1 })).Count, "offers of the second client");
                    for (int frame = 0; frame < 100; frame++) OfferKitClient.PollAll(); // first calls: JIT, lazies
                    Check.Equal(0, client.PendingCallbacks + second.PendingCallbacks, "callbacks queued");

                    long before = GC.GetAllocatedBytesForCurrentThread();
                    int ran = 0;
                    for (int frame = 0; frame < Frames; frame++) ran += OfferKitClient.PollAll();
                    long pumped = GC.GetAllocatedBytesForCurrentThread() - before;

                    before = GC.GetAllocatedBytesForCurrentThread();
                    for (int frame = 0; frame < Frames; frame++) ran += client.Poll();
                    long polled = GC.GetAllocatedBytesForCurrentThread() - before;

                    Check.Equal(0, ran, "callbacks run by idle pumps");
                    Check.Equal(0L, pumped, "bytes allocated by " + Frames + " idle OfferKitClient.PollAll() calls");
                    Check.Equal(0L, polled, "bytes allocated by " + Frames + " idle client.Poll() calls");
                }
            }
            finally
            {
                OfferKitLog.SetHandler(null);
            }
        }

        public static void TheAllocationCounterSeesThisThreadsAllocations()
        {
            // Without this, a runtime whose counter stays at 0 would pass the test above.
            long before = GC.GetAllocatedBytesForCurrentThread();
            object[] held = new object[Frames];
            for (int i = 0; i < held.Length; i++) held[i] = new object();
            long after = GC.GetAllocatedBytesForCurrentThread();
            GC.KeepAlive(held);
            Check.True(after - before >= Frames * IntPtr.Size, "counted " + (after - before) + " bytes for " + Frames + " objects");
        }
    }
}
