// PumpThread.cs: which thread pumps offerkit (runs OfferKitClient.Poll/PollAll: the main thread in
// Unity, marked when the runner is installed and by every poll). A task of this package waited on
// with .Result or .Wait() on that thread can never complete, because its completion runs in that
// thread's next poll: PumpScheduler asks this to tell such a wait from a harmless one elsewhere.
using System.Threading;

namespace OfferKit.Interop
{
    internal static class PumpThread
    {
        private static int _id; // ManagedThreadId of the last thread that polled; 0: none yet

        /// <summary>The calling thread pumps offerkit from now on.</summary>
        internal static void Mark()
        {
            Volatile.Write(ref _id, Thread.CurrentThread.ManagedThreadId);
        }

        /// <summary>The calling thread is the one that pumps offerkit.</summary>
        internal static bool IsCurrent
        {
            get
            {
                int id = Volatile.Read(ref _id);
                return id != 0 && id == Thread.CurrentThread.ManagedThreadId;
            }
        }
    }
}
