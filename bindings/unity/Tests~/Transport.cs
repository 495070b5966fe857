// Transport.cs: which HTTP stack the clients of a test use. The query, error, token and
// cancellation tests run twice (AllTests): once on the native library's built-in transport, once
// with every attempt carried by the package's HttpClientExecutor (the game's own stack), so the
// same expectations hold for both.
using System;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;

namespace OfferKit.Tests
{
    internal static class Transport
    {
        /// <summary>The classes whose tests also run through the executor.</summary>
        internal static readonly string[] ThroughExecutor = { "QueryTests", "ErrorTests", "TokenTests", "TokenCancellationTests", "CancellationTests" };

        private static Counting _shared;

        /// <summary>HttpClientExecutor, counting the attempts it carried.</summary>
        private sealed class Counting : IOfferKitHttpExecutor
        {
            private readonly HttpClientExecutor _inner = new HttpClientExecutor();
            internal int Attempts;

            public Task<OfferKitHttpResponse> ExecuteAsync(OfferKitHttpRequest request, CancellationToken cancellationToken)
            {
                Interlocked.Increment(ref Attempts);
                return _inner.ExecuteAsync(request, cancellationToken);
            }
        }

        /// <summary>The executor the current test's clients use, or null (the built-in transport).</summary>
        internal static IOfferKitHttpExecutor Current { get; private set; }

        /// <summary>
        /// Runs <paramref name="test"/> with every client made through Client() on HttpClientExecutor,
        /// and fails it if the simulator got requests but the executor carried none.
        /// </summary>
        internal static void RunThroughExecutor(Action test)
        {
            if (_shared == null) _shared = new Counting(); // one per process, like an app's
            Interlocked.Exchange(ref _shared.Attempts, 0);
            Current = _shared;
            try
            {
                test();
            }
            finally
            {
                Current = null;
            }
            if (Volatile.Read(ref _shared.Attempts) == 0 && Program.Sim.Stat("requests") > 0)
                throw new TestFailure("the simulator got requests, but none went through the executor");
        }

        /// <summary>new OfferKitClient(options), on the current test's transport.</summary>
        internal static OfferKitClient Client(OfferKitClientOptions options)
        {
            if (Current != null && options.HttpExecutor == null) options.HttpExecutor = Current;
            return new OfferKitClient(options);
        }
    }
}
