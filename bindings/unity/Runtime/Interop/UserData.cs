// UserData.cs: the one way a managed object travels to native code as a callback's user_data: a
// GCHandle that keeps it alive until freed, counted in Tracking.GcHandles (the tests assert every
// one is freed). The callbacks that read it back stay static [MonoPInvokeCallback] methods
// (Callbacks.cs), which catch whatever these throw (only on a bug: a freed or foreign handle), so
// nothing unwinds into native code.
using System;
using System.Runtime.InteropServices;
using System.Threading;

namespace OfferKit.Interop
{
    internal static class UserData
    {
        /// <summary>A GCHandle to <paramref name="target"/>, as user_data; Free or Take releases it.</summary>
        internal static IntPtr Pin(object target)
        {
            GCHandle handle = GCHandle.Alloc(target);
            Interlocked.Increment(ref Tracking.GcHandles);
            return GCHandle.ToIntPtr(handle);
        }

        /// <summary>The object behind <paramref name="userData"/>, which stays pinned.</summary>
        internal static T Get<T>(IntPtr userData) where T : class
        {
            return (T)GCHandle.FromIntPtr(userData).Target;
        }

        /// <summary>Frees the GCHandle behind <paramref name="userData"/>.</summary>
        internal static void Free(IntPtr userData)
        {
            GCHandle.FromIntPtr(userData).Free();
            Interlocked.Decrement(ref Tracking.GcHandles);
        }

        /// <summary>Frees the GCHandle behind <paramref name="userData"/> and returns its object.</summary>
        internal static T Take<T>(IntPtr userData) where T : class
        {
            var target = Get<T>(userData);
            Free(userData);
            return target;
        }
    }
}
