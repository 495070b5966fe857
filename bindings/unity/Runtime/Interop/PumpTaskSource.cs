// PumpTaskSource.cs: what TaskCompletionSource is to other libraries, for the tasks this package
// returns: the task's outcome is set once (result, failure or cancellation) and the task then
// runs at once on the setting thread (so continuations run inside the poll, on the main thread in
// Unity). Its task belongs to PumpScheduler, which ends a blocking wait on the pumping thread with
// a BlockingWaitException instead of a hang (see PumpScheduler); the source is then told, so the
// work behind it can stop (a request is cancelled).
using System;
using System.Threading;
using System.Threading.Tasks;

namespace OfferKit.Interop
{
    internal interface IPumpTaskSource
    {
        /// <summary>A thread blocks on the task on the thread that pumps offerkit.</summary>
        void BlockedOnPumpThread();
    }

    internal sealed class PumpTaskSource<T> : IPumpTaskSource
    {
        // Cancelled only inside the task's own body, to end the task as Canceled.
        private readonly CancellationTokenSource _cancel = new CancellationTokenSource();
        private readonly Task<T> _task;
        private readonly Action _onBlocked;
        private int _set;
        private volatile bool _hasOutcome;
        private T _result;
        private Exception _failure;
        private bool _cancelled;

        /// <param name="onBlocked">Called once when a blocking wait on the pumping thread ends the task (may be null).</param>
        internal PumpTaskSource(Action onBlocked = null)
        {
            _onBlocked = onBlocked;
            // HideScheduler: code run by the task's continuations sees the default scheduler, so
            // Task.Factory.StartNew in game code never lands on PumpScheduler.
            _task = new Task<T>(state => ((PumpTaskSource<T>)state).Body(), this, _cancel.Token, TaskCreationOptions.HideScheduler);
            _task.Start(PumpScheduler.Instance);
        }

        internal Task<T> Task { get { return _task; } }

        internal bool TrySetResult(T result)
        {
            if (Interlocked.Exchange(ref _set, 1) != 0) return false;
            _result = result;
            return Finish();
        }

        internal bool TrySetException(Exception failure)
        {
            if (Interlocked.Exchange(ref _set, 1) != 0) return false;
            _failure = failure;
            return Finish();
        }

        internal bool TrySetCanceled()
        {
            if (Interlocked.Exchange(ref _set, 1) != 0) return false;
            _cancelled = true;
            return Finish();
        }

        /// <summary>Takes the outcome of <paramref name="done"/> (a completed task).</summary>
        internal bool TrySetFrom(Task<T> done)
        {
            if (done.IsCanceled) return TrySetCanceled();
            if (done.IsFaulted) return TrySetException(done.Exception.InnerExceptions.Count == 1 ? done.Exception.InnerException : done.Exception);
            return TrySetResult(done.Result);
        }

        private bool Finish()
        {
            _hasOutcome = true;
            return PumpScheduler.Instance.Run(_task);
        }

        void IPumpTaskSource.BlockedOnPumpThread()
        {
            if (_hasOutcome || _onBlocked == null) return;
            try
            {
                _onBlocked();
            }
            catch (Exception e)
            {
                OfferKitLog.Internal("blocking wait", e);
            }
        }

        private T Body()
        {
            // Run without an outcome: only PumpScheduler.TryExecuteTaskInline does that, for a
            // blocking wait on the pumping thread.
            if (!_hasOutcome) throw new BlockingWaitException();
            if (_failure != null) throw _failure;
            if (_cancelled)
            {
                _cancel.Cancel();
                throw new OperationCanceledException(_cancel.Token);
            }
            return _result;
        }
    }
}
