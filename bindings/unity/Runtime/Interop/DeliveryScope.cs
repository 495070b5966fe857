// DeliveryScope.cs: marks the threads on which a poll-delivery client may run its completions
// inline: the thread inside OfferKitClient.Poll or OfferKitClient.Dispose. Anywhere else (a
// client freed by its finalizer) the completions are handed to the thread pool instead, so game
// code never runs on the finalizer thread.
using System;

namespace OfferKit.Interop
{
    internal static class DeliveryScope
    {
        [ThreadStatic] private static int _depth;

        internal static bool Active { get { return _depth > 0; } }

        internal static void Enter()
        {
            _depth++;
        }

        internal static void Exit()
        {
            _depth--;
        }
    }
}
