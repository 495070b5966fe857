// OfferKitAwaitable.cs: offerkit's tasks as UnityEngine.Awaitable (Unity 2023.1 and newer), the
// engine's own pooled awaitable: `await client.OffersAsync(id).AsAwaitable()`. The task completes
// inside the runner's poll on the main thread, so the Awaitable does too and the code after the
// await continues on the main thread, in the same frame. A Unity Awaitable may be awaited only
// once (the engine pools them): call AsAwaitable again for a second await, or keep the Task.
#if UNITY_2023_1_OR_NEWER
using System;
using System.Threading;
using System.Threading.Tasks;
using UnityEngine;

namespace OfferKit
{
    public static class OfferKitAwaitable
    {
        /// <summary>
        /// An Awaitable that completes as <paramref name="task"/> does: with its result, its
        /// exception (an OfferKitException, ObjectDisposedException, BlockingWaitException), or
        /// cancelled (awaiting it then throws OperationCanceledException).
        /// </summary>
        public static Awaitable<T> AsAwaitable<T>(this Task<T> task)
        {
            if (task == null) throw new ArgumentNullException("task");
            var source = new AwaitableCompletionSource<T>();
            if (task.IsCompleted) Transfer(task, source);
            else
                task.ContinueWith((done, state) => Transfer(done, (AwaitableCompletionSource<T>)state), source,
                    CancellationToken.None, TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
            return source.Awaitable;
        }

        /// <summary>An Awaitable that completes as <paramref name="task"/> does (see AsAwaitable&lt;T&gt;).</summary>
        public static Awaitable AsAwaitable(this Task task)
        {
            if (task == null) throw new ArgumentNullException("task");
            var source = new AwaitableCompletionSource();
            if (task.IsCompleted) Transfer(task, source);
            else
                task.ContinueWith((done, state) => Transfer(done, (AwaitableCompletionSource)state), source,
                    CancellationToken.None, TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
            return source.Awaitable;
        }

        private static void Transfer<T>(Task<T> done, AwaitableCompletionSource<T> source)
        {
            if (done.IsCanceled) source.TrySetCanceled();
            else if (done.IsFaulted) source.TrySetException(Failure(done));
            else source.TrySetResult(done.Result);
        }

        private static void Transfer(Task done, AwaitableCompletionSource source)
        {
            if (done.IsCanceled) source.TrySetCanceled();
            else if (done.IsFaulted) source.TrySetException(Failure(done));
            else source.TrySetResult();
        }

        /// <summary>The task's one exception as thrown by an await (reading it observes it), else the aggregate.</summary>
        private static Exception Failure(Task done)
        {
            AggregateException all = done.Exception;
            return all.InnerExceptions.Count == 1 ? all.InnerExceptions[0] : all;
        }
    }
}
#endif
