// Handles.cs: SafeHandles owning the long-lived native objects (client, pager). A SafeHandle is
// reference-counted around every P/Invoke that takes it, so Dispose while a call is using the
// handle (for example Dispose inside a completion run by offerkit_client_poll) frees the native
// object only once that call has returned; and a client nobody disposed is still freed, once,
// by its finalizer.
using System;
using System.Runtime.InteropServices;

namespace OfferKit.Interop
{
    internal sealed class ClientHandle : SafeHandle
    {
        private IntPtr _tokenBridge;

        internal ClientHandle(IntPtr client, IntPtr tokenBridge)
            : base(IntPtr.Zero, true)
        {
            SetHandle(client);
            _tokenBridge = tokenBridge;
        }

        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

        protected override bool ReleaseHandle()
        {
            try
            {
                // Cancels what is in flight and runs every owed completion before returning; after
                // it, the token-needed callback never runs again, so its GCHandle can go.
                NativeMethods.offerkit_client_free(handle);
                Tracking.Freed();
                if (_tokenBridge != IntPtr.Zero) TokenBridge.Unpin(_tokenBridge);
                _tokenBridge = IntPtr.Zero;
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
