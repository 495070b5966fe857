// Delivery.cs: where an OfferKitClient completes its tasks.
namespace OfferKit
{
    public enum Delivery
    {
        /// <summary>
        /// Completions are queued by the native library and run when the game polls, on the polling
        /// thread: in Unity, the hidden OfferKit runner polls every client in Update (the main
        /// thread). Elsewhere call OfferKitClient.PollAll (or client.Poll) from your loop. The default.
        /// </summary>
        MainThreadPoll = 0,

        /// <summary>
        /// Completions run as soon as a request ends: tasks complete on a library thread and their
        /// continuations are queued (to the awaiting SynchronizationContext, or the thread pool),
        /// never run on the library thread. No polling needed.
        /// </summary>
        LibraryThread = 1,
    }
}
