// Handles.cs: SafeHandles owning the long-lived native objects (client, pager). A SafeHandle is
// reference-counted around every P/Invoke that takes it, so Dispose while another thread is in a
// call with the handle frees the native object only once that call has returned; and a client
// nobody disposed is still freed, once, by its finalizer. The client's poll is the exception:
// the C ABI allows freeing a client inside one of its own poll callbacks, so Dispose inside a
// completion gives up the poll's reference and frees the client at once, inside that poll.
using System;
using System.Runtime.InteropServices;
using System.Threading;

namespace OfferKit.Interop
{
    internal sealed class ClientHandle : SafeHandle
    {
        // The client this thread is polling, and whether that poll still holds its reference.
        [ThreadStatic] private static ClientHandle _polled;
        [ThreadStatic] private static bool _pollHoldsReference;

        private IntPtr _tokenBridge;
        private IntPtr _executorBridge;
        private int _disposed;

        internal ClientHandle(IntPtr client, IntPtr tokenBridge, IntPtr executorBridge)
            : base(IntPtr.Zero, true)
        {
            SetHandle(client);
            _tokenBridge = tokenBridge;
            _executorBridge = executorBridge;
        }

        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

        /// <summary>True once the owner's Dispose began (the native client may live a moment longer).</summary>
        internal bool Disposed { get { return Volatile.Read(ref _disposed) != 0 || IsClosed; } }

        /// <summary>Marks the handle disposed; false if it already was. Then, called inside this
        /// client's own poll, drops that poll's reference, so that Dispose frees the client now.</summary>
        internal bool MarkDisposed()
        {
            if (Interlocked.Exchange(ref _disposed, 1) != 0) return false;
            if (_polled == this && _pollHoldsReference)
            {
                _pollHoldsReference = false;
                DangerousRelease();
            }
            return true;
        }

        /// <summary>offerkit_client_poll, holding a reference that Dispose inside a callback may drop.</summary>
        internal UIntPtr Poll(int max)
        {
            bool added = false;
            DangerousAddRef(ref added); // throws ObjectDisposedException once released
            ClientHandle outer = _polled;
            _polled = this;
            _pollHoldsReference = true;
            try
            {
                return NativeMethods.offerkit_client_poll(DangerousGetHandle(), new UIntPtr((uint)Math.Max(0, max)));
            }
            finally
            {
                if (_pollHoldsReference) DangerousRelease();
                _pollHoldsReference = false;
                _polled = outer;
            }
        }

        protected override bool ReleaseHandle()
        {
            try
            {
                // Cancels what is in flight and runs every owed completion before returning; after
                // it, neither the token-needed callback nor the HTTP executor's run again, so
                // their GCHandles can go (requests the executor still holds keep their bridge
                // alive as ordinary references, and are freed when their tasks end).
                NativeMethods.offerkit_client_free(handle);
                Tracking.Freed();
                if (_tokenBridge != IntPtr.Zero) UserData.Free(_tokenBridge);
                _tokenBridge = IntPtr.Zero;
                if (_executorBridge != IntPtr.Zero) UserData.Free(_executorBridge);
                _executorBridge = IntPtr.Zero;
                return true;
            }
            catch (Exception e)
            {
                OfferKitLog.Internal("client free", e);
                return false;
            }
        }
    }

    internal sealed class PagerHandle : SafeHandle
    {
        internal PagerHandle(IntPtr pager)
            : base(IntPtr.Zero, true)
        {
            SetHandle(pager);
        }

        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

        protected override bool ReleaseHandle()
        {
            try
            {
                // A next request under way still completes (its callback runs exactly once).
                NativeMethods.offerkit_player_offers_pager_free(handle);
                Tracking.Freed();
                return true;
            }
            catch (Exception e)
            {
                OfferKitLog.Internal("pager free", e);
                return false;
            }
        }
    }
}
