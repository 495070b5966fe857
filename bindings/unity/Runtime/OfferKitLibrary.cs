// OfferKitLibrary.cs: the package's clean-up as one call, for whatever ends the managed code
// that used offerkit: the Unity Editor hooks run it before every domain reload, the runner when
// the application quits, and a host outside Unity before it unloads an AppDomain or exits.
using System;
using OfferKit.Interop;

namespace OfferKit
{
    public static class OfferKitLibrary
    {
        /// <summary>
        /// True if the loaded native library has its built-in HTTP transport; false for the lite
        /// library, where every client needs OfferKitClientOptions.HttpExecutor.
        /// </summary>
        public static bool HasBuiltInHttp
        {
            get { return NativeMethods.offerkit_has_builtin_http(); }
        }

        /// <summary>
        /// Makes the executor of a client whose OfferKitClientOptions.HttpExecutor is null when the
        /// native library has no built-in transport (the lite library, what the package ships for
        /// Android and iOS). In Unity the package sets it to UnityWebRequestExecutor before the first
        /// scene loads; outside Unity it makes an HttpClientExecutor. Null: such a client is refused
        /// (InvalidArgument naming the executor). Not used with the full library.
        /// </summary>
        public static Func<IOfferKitHttpExecutor> DefaultHttpExecutor { get; set; } = () => new HttpClientExecutor();

        /// <summary>
        /// Disposes every live client and pager (completing their tasks), removes the log handler,
        /// then stops the native library (offerkit_shutdown): its threads are joined and what it
        /// allocated is released. Clients made afterwards start it again and work as before.
        /// Throws OfferKitException when the library cannot stop: called inside a completion
        /// (Status WouldDeadlock), or while a native client is still in use on another thread
        /// (Status Busy).
        /// </summary>
        public static void Shutdown()
        {
            OfferKitClient.DisposeAll();
            PlayerOffersPager.DisposeAll();
            OfferKitLog.SetHandler(null);
            IntPtr error = IntPtr.Zero;
            uint status = NativeMethods.offerkit_shutdown(ref error);
            if (status == NativeMethods.StatusBusy)
            {
                // Clients and pagers nobody disposed and nobody references any more are freed by
                // their finalizers: let them run, then try once more.
                Owned.FreeError(Tracking.Took(error));
                error = IntPtr.Zero;
                GC.Collect();
                GC.WaitForPendingFinalizers();
                status = NativeMethods.offerkit_shutdown(ref error);
            }
            OfferKitClient.Check(status, error);
        }
    }
}
