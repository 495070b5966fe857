// Owned.cs: the one place where native objects handed to C# are freed, each with its own free
// function (offerkit.h, "Handles"), and counted: Tracking.NativeObjects returns to zero when
// everything taken was freed exactly once (the tests assert it after every test).
using System;
using System.Threading;

namespace OfferKit.Interop
{
    internal static class Tracking
    {
        /// <summary>Native objects taken over and not yet freed.</summary>
        internal static int NativeObjects;

        /// <summary>GCHandles passed to native code as user_data and not yet freed.</summary>
        internal static int GcHandles;

        /// <summary>Counts a pointer whose ownership C# just received (NULL is not counted).</summary>
        internal static IntPtr Took(IntPtr pointer)
        {
            if (pointer != IntPtr.Zero) Interlocked.Increment(ref NativeObjects);
            return pointer;
        }

        internal static void Freed()
        {
            Interlocked.Decrement(ref NativeObjects);
        }
    }

    internal static class Owned
    {
        internal static void FreeString(IntPtr s)
        {
            if (s == IntPtr.Zero) return;
            NativeMethods.offerkit_string_free(s);
            Tracking.Freed();
        }

        internal static void FreeError(IntPtr error)
        {
            if (error == IntPtr.Zero) return;
            NativeMethods.offerkit_error_free(error);
            Tracking.Freed();
        }

        internal static void FreeOfferList(IntPtr list)
        {
            if (list == IntPtr.Zero) return;
            NativeMethods.offerkit_offer_list_free(list);
            Tracking.Freed();
        }

        internal static void FreePage(IntPtr page)
        {
            if (page == IntPtr.Zero) return;
            NativeMethods.offerkit_player_offers_page_free(page);
            Tracking.Freed();
        }

        internal static void FreeRequest(IntPtr request)
        {
            if (request == IntPtr.Zero) return;
            NativeMethods.offerkit_request_free(request);
            Tracking.Freed();
        }

        internal static void FreeOffersOptions(IntPtr options)
        {
            if (options == IntPtr.Zero) return;
            NativeMethods.offerkit_offers_options_free(options);
            Tracking.Freed();
        }

        internal static void FreePlayerOffersOptions(IntPtr options)
        {
            if (options == IntPtr.Zero) return;
            NativeMethods.offerkit_player_offers_options_free(options);
            Tracking.Freed();
        }

        internal static void FreeListOffersOptions(IntPtr options)
        {
            if (options == IntPtr.Zero) return;
            NativeMethods.offerkit_list_offers_options_free(options);
            Tracking.Freed();
        }

        internal static void FreeConfig(IntPtr config)
        {
            if (config == IntPtr.Zero) return;
            NativeMethods.offerkit_config_free(config);
            Tracking.Freed();
        }
    }
}
