// OfferKitLog.cs: the process-wide log of offerkit (the Rust core's messages and this wrapper's
// own warnings) routed to one handler the game sets, e.g. UnityEngine.Debug.Log. The handler runs
// on any thread, also on several at once; exceptions it throws are ignored. Tokens are never
// part of a message.
using System;
using System.Threading;
using OfferKit.Interop;

namespace OfferKit
{
    public static class OfferKitLog
    {
        private static readonly object Gate = new object();
        private static Action<LogLevel, string> _handler;
        private static LogLevel _maxLevel = LogLevel.Off;

        /// <summary>
        /// Sets (or with null, removes) the handler, receiving messages up to <paramref name="maxLevel"/>.
        /// When this returns, the previous handler receives nothing more from the native library.
        /// </summary>
        public static void SetHandler(Action<LogLevel, string> handler, LogLevel maxLevel = LogLevel.Info)
        {
            lock (Gate)
            {
                uint status = handler != null
                    ? NativeMethods.offerkit_set_log_callback(Callbacks.Log, IntPtr.Zero, (uint)maxLevel)
                    : NativeMethods.offerkit_set_log_callback(null, IntPtr.Zero, 0);
                if (status != NativeMethods.StatusOk) throw OfferKitException.Adopt(status, IntPtr.Zero);
                Volatile.Write(ref _handler, handler);
                _maxLevel = handler != null ? maxLevel : LogLevel.Off;
            }
        }

        internal static void Deliver(LogLevel level, string message)
        {
            Action<LogLevel, string> handler = Volatile.Read(ref _handler);
            if (handler == null || message == null) return;
            try
            {
                handler(level, message);
            }
            catch (Exception)
            {
                // ignored: see the class comment
            }
        }

        /// <summary>A message of this wrapper (not of the native library).</summary>
        internal static void Write(LogLevel level, string message)
        {
            if (level <= _maxLevel) Deliver(level, message);
        }

        /// <summary>A failure inside this wrapper that had nowhere else to go.</summary>
        internal static void Internal(string where, Exception e)
        {
            Write(LogLevel.Error, "offerkit C# wrapper (" + where + "): " + e);
        }
    }
}
