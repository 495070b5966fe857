// Utf8.cs: strings across the boundary, UTF-8 both ways (the C ABI's only encoding). The default
// P/Invoke string marshalling differs between platforms (ANSI on Windows, UTF-8 elsewhere), so
// strings are copied by hand into native memory that this file also frees.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text;

namespace OfferKit.Interop
{
    internal static class Utf8
    {
        /// <summary>Refuses lone surrogates instead of replacing them.</summary>
        internal static readonly UTF8Encoding Strict = new UTF8Encoding(false, true);

        /// <summary>Copies a borrowed NUL-terminated UTF-8 string (null for NULL).</summary>
        internal static string FromNative(IntPtr pointer)
        {
            if (pointer == IntPtr.Zero) return null;
            int length = 0;
            while (Marshal.ReadByte(pointer, length) != 0) length++;
            if (length == 0) return string.Empty;
            var bytes = new byte[length];
            Marshal.Copy(pointer, bytes, 0, length);
            return Encoding.UTF8.GetString(bytes);
        }

        /// <summary>
        /// <paramref name="text"/> with what a C string cannot carry (U+0000, lone surrogates)
        /// replaced by U+FFFD: for messages of the package's own, which must always get through.
        /// </summary>
        internal static string Carryable(string text)
        {
            if (text == null) return null;
            var carried = new StringBuilder(text.Length);
            for (int i = 0; i < text.Length; i++)
            {
                char c = text[i];
                if (char.IsHighSurrogate(c) && i + 1 < text.Length && char.IsLowSurrogate(text[i + 1]))
                {
                    carried.Append(c).Append(text[++i]);
                }
                else if (c == '\0' || char.IsSurrogate(c))
                {
                    carried.Append('\uFFFD');
                }
                else
                {
                    carried.Append(c);
                }
            }
            return carried.ToString();
        }

        /// <summary>Copies an owned string and frees it (exactly once, also if copying fails).</summary>
        internal static string TakeOwned(IntPtr pointer)
        {
            try
            {
                return FromNative(pointer);
            }
            finally
            {
                Owned.FreeString(pointer);
            }
        }
    }

    /// <summary>
    /// The UTF-8 copies of one call's string arguments, in native memory; Dispose frees them all.
    /// </summary>
    internal sealed class NativeStrings : IDisposable
    {
        private readonly List<IntPtr> _allocations = new List<IntPtr>(4);

        /// <summary>
        /// A NUL-terminated UTF-8 copy of <paramref name="value"/> (IntPtr.Zero for null). Text a
        /// C string cannot carry (U+0000, lone surrogates) is refused with a typed error.
        /// </summary>
        internal IntPtr Add(string value, string argument)
        {
            if (value == null) return IntPtr.Zero;
            if (value.IndexOf('\0') >= 0)
                throw OfferKitException.Local(ErrorKind.InvalidArgument, OfferKitStatus.InvalidArgument,
                    argument + " contains U+0000, which a C string cannot carry");
            byte[] bytes;
            try
            {
                bytes = Utf8.Strict.GetBytes(value);
            }
            catch (EncoderFallbackException)
            {
                throw OfferKitException.Local(ErrorKind.InvalidArgument, OfferKitStatus.InvalidUtf8,
                    argument + " is not valid Unicode (a lone surrogate)");
            }
            IntPtr memory = Marshal.AllocHGlobal(bytes.Length + 1);
            _allocations.Add(memory);
            Marshal.Copy(bytes, 0, memory, bytes.Length);
            Marshal.WriteByte(memory, bytes.Length, 0);
            return memory;
        }

        public void Dispose()
        {
            foreach (IntPtr memory in _allocations) Marshal.FreeHGlobal(memory);
            _allocations.Clear();
        }
    }
}
