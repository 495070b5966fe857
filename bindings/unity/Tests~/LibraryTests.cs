// LibraryTests.cs: OfferKitLibrary.Shutdown, the package's clean-up (Editor reloads, quitting):
// it disposes every client and pager, removes the log handler and stops the native library —
// its threads are gone afterwards — and the next client starts the library again. Refused inside
// a completion; harmless twice.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;

namespace OfferKit.Tests
{
    public static class LibraryTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        public static void ShutdownDisposesEverythingStopsTheLibraryAndItStartsAgain()
        {
            int logged = 0;
            OfferKitLog.SetHandler((level, message) => Interlocked.Increment(ref logged), LogLevel.Trace);
            OfferKitClient client = Sim.Client();
            PlayerOffersPager pager = client.CreatePlayerOffersPager("demo", new PlayerOffersOptions { Limit = 2 });
            Check.Equal(2, MainThread.Result(pager.NextAsync()).Items.Count, "first page");
            Sim.Fault("{\"kind\":\"latency\",\"ms\":20000}");
            Task<Links> slow = client.LinksAsync("demo");
            MainThread.Until(() => Sim.Stat("in_flight") == 1, "a request in flight");
            Check.True(ConcurrencyTests.LibraryThreads() >= 1, "the library runs a thread");

            OfferKitLibrary.Shutdown();

            Check.True(slow.IsCanceled, "the request in flight: " + slow.Status);
            Check.True(client.IsDisposed, "the client is disposed");
            Task<PlayerOffersPage> page = pager.NextAsync();
            Check.True(page.IsFaulted && page.Exception.GetBaseException() is ObjectDisposedException, "the pager is disposed: " + page.Status);
            ConcurrencyTests.NoLibraryThreads("threads of the library after Shutdown");
            int before = Volatile.Read(ref logged);

            // The library starts again with the next client, without the old log handler.
            using (OfferKitClient again = Sim.Client())
                Check.Equal(3, MainThread.Result(again.OffersAsync("demo", new OffersOptions { Limit = 3 })).Count, "offers after Shutdown");
            OfferKitClient.PollAll();
            Check.Equal(before, Volatile.Read(ref logged), "the removed log handler was called");
            Check.True(ConcurrencyTests.LibraryThreads() >= 1, "the library runs again");
            MainThread.Until(() => Sim.Stat("aborted") == 1, "the simulator to see the hang-up");
        }

        public static void ShutdownInsideACompletionIsRefused()
        {
            OfferKitClient client = Sim.Client();
            OfferKitException refused = null;
            Task inside = client.LinksAsync("demo").ContinueWith(t =>
            {
                try
                {
                    OfferKitLibrary.Shutdown();
                }
                catch (OfferKitException e)
                {
                    refused = e;
                }
            }, TaskContinuationOptions.ExecuteSynchronously);
            MainThread.Wait(inside);
            Check.True(refused != null, "Shutdown inside a completion did not fail");
            Check.Equal(OfferKitStatus.WouldDeadlock, refused.Status, "status (" + refused.Message + ")");
            Check.Equal(ErrorKind.InvalidArgument, refused.Kind, "kind");
            Check.True(client.IsDisposed, "the clients were disposed all the same");
            OfferKitLibrary.Shutdown(); // outside any callback: stops it
            ConcurrencyTests.NoLibraryThreads("threads of the library after Shutdown");
        }

        public static void ShutdownTwiceIsHarmless()
        {
            OfferKitLibrary.Shutdown();
            OfferKitLibrary.Shutdown();
            using (OfferKitClient client = Sim.Client())
                Check.Contains(MainThread.Result(client.LinksAsync("demo")).SupportPortal, "/support", "links after two Shutdowns");
        }
    }
}
