// Callbacks.cs: the only functions native code calls. Each is static and marked
// [MonoPInvokeCallback] (IL2CPP can call nothing else), finds its instance through the GCHandle in
// user_data, and catches every exception: nothing ever unwinds into native code. The delegates
// live in static fields, so they are never collected while the library holds them. With poll
// delivery (the package's only mode) every one of them runs on a thread of the host — inside
// OfferKitClient.Poll/PollAll or Dispose — never on a thread of the native library.
using System;
using AOT;

namespace OfferKit.Interop
{
    internal static class Callbacks
    {
        internal static readonly OfferListCallback OfferList = OnOfferList;
        internal static readonly JsonCallback Json = OnJson;
        internal static readonly PlayerOffersPageCallback Page = OnPage;
        internal static readonly TokenNeededCallback TokenNeeded = OnTokenNeeded;
        internal static readonly LogCallback Log = OnLog;
        internal static readonly HttpExecuteCallback HttpExecute = OnHttpExecute;
        internal static readonly HttpCancelCallback HttpCancel = OnHttpCancel;

        [MonoPInvokeCallback(typeof(OfferListCallback))]
        private static void OnOfferList(IntPtr userData, IntPtr request, uint status, IntPtr list, IntPtr error)
        {
            Complete(userData, status, list, error);
        }

        [MonoPInvokeCallback(typeof(JsonCallback))]
        private static void OnJson(IntPtr userData, IntPtr request, uint status, IntPtr json, IntPtr error)
        {
            Complete(userData, status, json, error);
        }

        [MonoPInvokeCallback(typeof(PlayerOffersPageCallback))]
        private static void OnPage(IntPtr userData, IntPtr request, uint status, IntPtr page, IntPtr error)
        {
            Complete(userData, status, page, error);
        }

        private static void Complete(IntPtr userData, uint status, IntPtr result, IntPtr error)
        {
            try
            {
                Tracking.Took(result);
                Tracking.Took(error);
                UserData.Take<PendingCall>(userData).Deliver(status, result, error);
            }
            catch (Exception e)
            {
                OfferKitLog.Internal("completion", e);
            }
        }

        [MonoPInvokeCallback(typeof(TokenNeededCallback))]
        private static void OnTokenNeeded(IntPtr userData, IntPtr client, uint reason)
        {
            try
            {
                UserData.Get<TokenBridge>(userData).Needed((TokenReason)reason);
            }
            catch (Exception e)
            {
                OfferKitLog.Internal("token-needed", e);
            }
        }

        [MonoPInvokeCallback(typeof(HttpExecuteCallback))]
        private static void OnHttpExecute(IntPtr userData, IntPtr request)
        {
            try
            {
                UserData.Get<ExecutorBridge>(userData).Execute(request);
            }
            catch (Exception e)
            {
                // Execute answers and frees the request whatever the executor does; this is a
                // bug of the wrapper: the request is released unanswered (a network failure).
                OfferKitLog.Internal("HTTP executor", e);
            }
        }

        [MonoPInvokeCallback(typeof(HttpCancelCallback))]
        private static void OnHttpCancel(IntPtr userData, IntPtr request)
        {
            try
            {
                UserData.Get<ExecutorBridge>(userData).Cancel(request);
            }
            catch (Exception e)
            {
                OfferKitLog.Internal("HTTP executor cancel", e);
            }
        }

        [MonoPInvokeCallback(typeof(LogCallback))]
        private static void OnLog(IntPtr userData, uint level, IntPtr message)
        {
            try
            {
                OfferKitLog.Deliver((LogLevel)level, Utf8.FromNative(message));
            }
            catch (Exception)
            {
                // A throwing log handler is ignored: nothing may unwind into native code.
            }
        }
    }
}
