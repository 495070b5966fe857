// BlockingWaitException.cs: what .Result, .Wait() or GetAwaiter().GetResult() on an offerkit task
// throws on the thread that pumps offerkit (the main thread in Unity) while the task is still
// running. The task completes in that thread's next poll, which a blocked thread never reaches:
// without this the game would freeze for good. The task ends with this exception at once.
using System;

namespace OfferKit
{
    public sealed class BlockingWaitException : InvalidOperationException
    {
        internal BlockingWaitException()
            : base("offerkit: a blocking wait (.Result, .Wait(), GetAwaiter().GetResult()) on an unfinished offerkit task, " +
                   "on the thread that pumps offerkit (the main thread in Unity), would never end: the task completes in " +
                   "that thread's next poll. Await the task instead (or yield return task.AsCoroutine() in a coroutine); " +
                   "what it waited for was cancelled.")
        {
        }
    }
}
