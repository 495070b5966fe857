// DeliveryScope.cs: marks the threads on which the package's callbacks may run game code: the
// thread inside OfferKitClient.Poll (polling) or OfferKitClient.Dispose (disposing). Anywhere
// else (a client freed by its finalizer) completions are handed to the thread pool instead, so
// game code never runs on the finalizer thread, and the TokenProvider is not started.
using System;

namespace OfferKit.Interop
{
    internal static class DeliveryScope
    {
        [ThreadStatic] private static int _depth;
        [ThreadStatic] private static int _polling;

        /// <summary>Inside Poll or Dispose on this thread.</summary>
        internal static bool Active { get { return _depth > 0; } }

        /// <summary>Inside Poll on this thread (not only Dispose).</summary>
        internal static bool Polling { get { return _polling > 0; } }

        internal static void Enter(bool polling = false)
        {
            _depth++;
            if (polling) _polling++;
        }

        internal static void Exit(bool polling = false)
        {
            _depth--;
            if (polling) _polling--;
        }
    }
}
