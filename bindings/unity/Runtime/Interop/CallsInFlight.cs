// CallsInFlight.cs: how many asynchronous calls of one client are running (started, completion not
// yet run). The client's TokenProvider is asked for a token only while calls wait for one: when
// the count falls to zero (the waiting calls were cancelled, timed out or ended), nothing waits
// for the provider's answer any more, and its CancellationToken is cancelled (TokenBridge).
using System;
using System.Threading;

namespace OfferKit.Interop
{
    internal sealed class CallsInFlight
    {
        private int _count;

        /// <summary>Run (on the thread that ended the last call) each time the count falls to zero.</summary>
        internal Action Idle;

        internal int Count { get { return Volatile.Read(ref _count); } }

        internal void Started()
        {
            Interlocked.Increment(ref _count);
        }

        internal void Ended()
        {
            if (Interlocked.Decrement(ref _count) != 0) return;
            Action idle = Idle;
            if (idle == null) return;
            try
            {
                idle();
            }
            catch (Exception e)
            {
                OfferKitLog.Internal("calls in flight", e);
            }
        }
    }
}
