// ClickNative.cs: the P/Invoke declaration of offerkit_click_url (include/offerkit.h), beside
// NativeMethods.cs so the click helper stays one concept in its own files.
using System;
using System.Runtime.InteropServices;

namespace OfferKit.Interop
{
    internal static class ClickNative
    {
        [DllImport(NativeMethods.Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern uint offerkit_click_url(IntPtr clickUrl, IntPtr playerId, ref IntPtr url, out uint warnings, ref IntPtr error);
    }
}
