// OfferKitOperation.cs: offerkit's tasks in a coroutine, for every Unity version (Awaitable needs
// 2023.1): `var offers = client.OffersAsync(id).AsCoroutine(); yield return offers;` then read
// offers.Error or offers.Result. A CustomYieldInstruction: Unity checks keepWaiting once per frame,
// after the runner's Update has polled, so the coroutine resumes in the frame the task completed.
#if UNITY_5_3_OR_NEWER
using System;
using System.Threading.Tasks;
using UnityEngine;

namespace OfferKit
{
    public sealed class OfferKitOperation<T> : CustomYieldInstruction
    {
        private readonly Task<T> _task;

        internal OfferKitOperation(Task<T> task)
        {
            _task = task;
        }

        /// <summary>The task behind this operation (to await it, or hand it to code that takes tasks).</summary>
        public Task<T> Task { get { return _task; } }

        public override bool keepWaiting { get { return !_task.IsCompleted; } }

        /// <summary>The task ended (with a result, a failure or cancelled).</summary>
        public bool IsDone { get { return _task.IsCompleted; } }

        /// <summary>Ended with a result.</summary>
        public bool Succeeded { get { return _task.Status == TaskStatus.RanToCompletion; } }

        /// <summary>Ended cancelled (Error is then an OperationCanceledException).</summary>
        public bool IsCancelled { get { return _task.IsCanceled; } }

        /// <summary>
        /// Why it did not succeed: the OfferKitException (or ObjectDisposedException,
        /// BlockingWaitException) it failed with, an OperationCanceledException when cancelled;
        /// null while running and after a success.
        /// </summary>
        public Exception Error
        {
            get
            {
                if (!_task.IsCompleted || _task.Status == TaskStatus.RanToCompletion) return null;
                if (_task.IsCanceled) return new OperationCanceledException("the offerkit call was cancelled");
                AggregateException all = _task.Exception;
                return all.InnerExceptions.Count == 1 ? all.InnerExceptions[0] : all;
            }
        }

        /// <summary>
        /// The result. Throws what the task failed with (see Error), and InvalidOperationException
        /// while it is still running (yield return this operation first).
        /// </summary>
        public T Result
        {
            get
            {
                if (!_task.IsCompleted)
                    throw new InvalidOperationException("offerkit: the operation is still running: yield return it before reading Result");
                return _task.GetAwaiter().GetResult();
            }
        }
    }

    public static class OfferKitCoroutines
    {
        /// <summary>The task as something a coroutine can yield return (see OfferKitOperation).</summary>
        public static OfferKitOperation<T> AsCoroutine<T>(this Task<T> task)
        {
            if (task == null) throw new ArgumentNullException("task");
            return new OfferKitOperation<T>(task);
        }
    }
}
#endif
