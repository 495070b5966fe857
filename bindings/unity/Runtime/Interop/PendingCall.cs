// PendingCall.cs: the managed side of one asynchronous request. It is what user_data points at
// (through UserData, freed exactly once, in the completion), it owns the OfferkitRequest handle
// (freed exactly once, whichever of "the call returned" and "the completion ran" comes last),
// and it links a CancellationToken to offerkit_request_cancel.
using System;
using System.Threading;
using System.Threading.Tasks;

namespace OfferKit.Interop
{
    internal abstract class PendingCall
    {
        private readonly object _gate = new object();
        private IntPtr _request;
        private bool _completed;
        private CancellationTokenRegistration _registration;
        private bool _registered;
        private CallsInFlight _inFlight;
        protected readonly CancellationToken Token;

        protected PendingCall(CancellationToken token)
        {
            Token = token;
        }

        /// <summary>Counted in <paramref name="inFlight"/> until its completion runs; call before Started.</summary>
        internal void Track(CallsInFlight inFlight)
        {
            _inFlight = inFlight;
            inFlight.Started();
        }

        /// <summary>The start call failed: its completion never runs, so it is no longer counted.</summary>
        internal void Untrack()
        {
            CallsInFlight inFlight = _inFlight;
            _inFlight = null;
            if (inFlight != null) inFlight.Ended();
        }

        /// <summary>The start call returned OK with <paramref name="request"/> (owned here from now on).</summary>
        internal void Started(IntPtr request)
        {
            bool freeNow;
            lock (_gate)
            {
                freeNow = _completed;
                if (!freeNow)
                {
                    _request = request;
                    if (Token.CanBeCanceled)
                    {
                        // Runs CancelNative at once if the token is already cancelled (the lock is re-entrant).
                        _registration = Token.Register(CancelNative);
                        _registered = true;
                    }
                }
            }
            if (freeNow) Owned.FreeRequest(request);
        }

        /// <summary>Asks the library to cancel the request (its completion then says Cancelled).</summary>
        protected void CancelNative()
        {
            try
            {
                lock (_gate)
                {
                    // Under the lock: the completion cannot free the request meanwhile. Cancel never
                    // runs the callback inside itself, so this cannot re-enter Deliver.
                    if (!_completed && _request != IntPtr.Zero) NativeMethods.offerkit_request_cancel(_request);
                }
            }
            catch (Exception e)
            {
                OfferKitLog.Internal("cancel", e);
            }
        }

        /// <summary>
        /// The completion: runs once, from the native callback. Takes ownership of result and error
        /// and frees both, and the request handle, whatever happens.
        /// </summary>
        internal void Deliver(uint status, IntPtr result, IntPtr error)
        {
            IntPtr request;
            CancellationTokenRegistration registration;
            bool registered;
            lock (_gate)
            {
                _completed = true;
                request = _request;
                _request = IntPtr.Zero;
                registration = _registration;
                registered = _registered;
                _registered = false;
            }
            try
            {
                if (status == NativeMethods.StatusOk)
                {
                    Owned.FreeError(error); // NULL by contract
                    Succeed(result);
                }
                else
                {
                    FreeResult(result); // NULL by contract
                    OfferKitException failure = OfferKitException.Adopt(status, error);
                    if (failure.Kind == ErrorKind.Cancelled) Cancel();
                    else Fail(failure);
                }
            }
            catch (Exception e)
            {
                Fail(OfferKitException.Internal(e));
            }
            finally
            {
                Owned.FreeRequest(request);
                if (registered) registration.Dispose();
                CallsInFlight inFlight = _inFlight;
                _inFlight = null;
                if (inFlight != null) inFlight.Ended();
            }
        }

        /// <summary>Converts and frees the result, then completes the task.</summary>
        protected abstract void Succeed(IntPtr result);

        protected abstract void FreeResult(IntPtr result);

        protected abstract void Fail(Exception failure);

        protected abstract void Cancel();

        /// <summary>The start call failed: nothing was started and the callback never runs.</summary>
        internal abstract void FailAtStart(Exception failure);

        internal abstract void CancelAtStart();
    }

    /// <summary>A call whose task gets a <typeparamref name="T"/> made from the native result.</summary>
    internal sealed class PendingCall<T> : PendingCall
    {
        // Continuations run inside the completion, so on the polling thread (the main thread). A
        // blocking wait on that thread ends the task at once and cancels the request.
        private readonly PumpTaskSource<T> _completion;
        private readonly Func<IntPtr, T> _convert;
        private readonly Action<IntPtr> _free;

        internal PendingCall(Func<IntPtr, T> convert, Action<IntPtr> free, CancellationToken token)
            : base(token)
        {
            _convert = convert;
            _free = free;
            _completion = new PumpTaskSource<T>(CancelNative);
        }

        internal Task<T> Task { get { return _completion.Task; } }

        protected override void Succeed(IntPtr result)
        {
            T value;
            try
            {
                value = _convert(result);
            }
            finally
            {
                _free(result);
            }
            Complete(() => _completion.TrySetResult(value));
        }

        /// <summary>Completes the task here, or on the thread pool when that would run game code
        /// on a thread that is not polling or disposing (a finalizer: see DeliveryScope).</summary>
        private void Complete(Action complete)
        {
            if (DeliveryScope.Active) complete();
            else ThreadPool.QueueUserWorkItem(_ => complete());
        }

        protected override void FreeResult(IntPtr result)
        {
            _free(result);
        }

        internal override void FailAtStart(Exception failure)
        {
            _completion.TrySetException(failure);
        }

        internal override void CancelAtStart()
        {
            _completion.TrySetCanceled();
        }

        protected override void Fail(Exception failure)
        {
            Complete(() => _completion.TrySetException(failure));
        }

        protected override void Cancel()
        {
            Complete(() => _completion.TrySetCanceled());
        }
    }
}
