// Callbacks.cs: the only functions native code calls. Each is static and marked
// [MonoPInvokeCallback] (IL2CPP can call nothing else), finds its instance through the GCHandle in
// user_data, and catches every exception: nothing ever unwinds into native code. The delegates
// live in static fields, so they are never collected while the library holds them.
using System;
using System.Threading;
using AOT;

namespace OfferKit.Interop
{
    internal static class Callbacks
    {
        [ThreadStatic] private static bool _threadSeen;

        /// <summary>
        /// A library thread entering managed code is attached to the runtime as a foreground
        /// thread, which would keep Mono from exiting: mark it background on its first callback.
        /// </summary>
        private static void Enter()
        {
            if (_threadSeen) return;
            _threadSeen = true;
            try
            {
                Thread.CurrentThread.IsBackground = true;
            }
            catch (Exception)
            {
                // not allowed on this runtime: harmless
            }
        }
        internal static readonly OfferListCallback OfferList = OnOfferList;
        internal static readonly JsonCallback Json = OnJson;
        internal static readonly PlayerOffersPageCallback Page = OnPage;
        internal static readonly TokenNeededCallback TokenNeeded = OnTokenNeeded;
        internal static readonly LogCallback Log = OnLog;

        [MonoPInvokeCallback(typeof(OfferListCallback))]
        private static void OnOfferList(IntPtr userData, uint status, IntPtr list, IntPtr error)
        {
            Complete(userData, status, list, error);
        }

        [MonoPInvokeCallback(typeof(JsonCallback))]
        private static void OnJson(IntPtr userData, uint status, IntPtr json, IntPtr error)
        {
            Complete(userData, status, json, error);
        }

        [MonoPInvokeCallback(typeof(PlayerOffersPageCallback))]
        private static void OnPage(IntPtr userData, uint status, IntPtr page, IntPtr error)
        {
            Complete(userData, status, page, error);
        }

        private static void Complete(IntPtr userData, uint status, IntPtr result, IntPtr error)
        {
            try
            {
                Enter();
                Tracking.Took(result);
                Tracking.Took(error);
                PendingCall.Unpin(userData).Deliver(status, result, error);
            }
            catch (Exception e)
            {
                OfferKitLog.Internal("completion", e);
            }
        }

        [MonoPInvokeCallback(typeof(TokenNeededCallback))]
        private static void OnTokenNeeded(IntPtr userData, uint reason)
        {
            try
            {
                Enter();
                TokenBridge.FromUserData(userData).Needed((TokenReason)reason);
            }
            catch (Exception e)
            {
                OfferKitLog.Internal("token-needed", e);
            }
        }

        [MonoPInvokeCallback(typeof(LogCallback))]
        private static void OnLog(IntPtr userData, uint level, IntPtr message)
        {
            try
            {
                Enter();
                OfferKitLog.Deliver((LogLevel)level, Utf8.FromNative(message));
            }
            catch (Exception)
            {
                // A throwing log handler is ignored: nothing may unwind into native code.
            }
        }
    }
}
