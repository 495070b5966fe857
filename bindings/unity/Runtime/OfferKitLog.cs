// OfferKitLog.cs: the process-wide log of offerkit (the Rust core's messages and this wrapper's
// own warnings) routed to one handler the game sets, e.g. UnityEngine.Debug.Log. The native
// library queues its messages (log poll delivery) and the handler runs where the game polls:
// inside OfferKitClient.Poll/PollAll (the Unity runner: the main thread, once per frame), never
// on a thread of the library. Exceptions it throws are ignored. Tokens are never part of a message.
using System;
using System.Collections.Concurrent;
using System.Threading;
using OfferKit.Interop;

namespace OfferKit
{
    public static class OfferKitLog
    {
        /// <summary>The wrapper's own messages waiting for the next poll (as many as the library keeps).</summary>
        private const int MaxQueued = 1024;

        private static readonly object Gate = new object();
        private static readonly ConcurrentQueue<QueuedMessage> Queued = new ConcurrentQueue<QueuedMessage>();
        private static Action<LogLevel, string> _handler;
        private static LogLevel _maxLevel = LogLevel.Off;

        private struct QueuedMessage
        {
            internal LogLevel Level;
            internal string Message;
        }

        /// <summary>
        /// Sets (or with null, removes) the handler, receiving messages up to <paramref name="maxLevel"/>.
        /// Messages are delivered by the next poll, on the polling thread (OfferKitClient.PollAll,
        /// which the Unity runner calls every frame). When this returns, the previous handler
        /// receives nothing more, and messages still queued for it are dropped.
        /// </summary>
        public static void SetHandler(Action<LogLevel, string> handler, LogLevel maxLevel = LogLevel.Info)
        {
            lock (Gate)
            {
                uint status = handler != null
                    ? NativeMethods.offerkit_set_log_callback(Callbacks.Log, IntPtr.Zero, (uint)maxLevel, NativeMethods.DeliveryPoll)
                    : NativeMethods.offerkit_set_log_callback(null, IntPtr.Zero, 0, NativeMethods.DeliveryPoll);
                if (status != NativeMethods.StatusOk) throw OfferKitException.Adopt(status, IntPtr.Zero);
                Volatile.Write(ref _handler, handler);
                _maxLevel = handler != null ? maxLevel : LogLevel.Off;
                QueuedMessage dropped;
                while (Queued.TryDequeue(out dropped)) { }
            }
        }

        /// <summary>Delivers the queued messages (this wrapper's and the library's) on this thread; how many.</summary>
        internal static int Poll()
        {
            return PollQueued() + (int)NativeMethods.offerkit_log_poll(UIntPtr.Zero).ToUInt32();
        }

        /// <summary>Delivers this wrapper's queued messages on this thread (a client's poll delivers the library's); how many.</summary>
        internal static int PollQueued()
        {
            int ran = 0;
            QueuedMessage message;
            while (Queued.TryDequeue(out message))
            {
                Deliver(message.Level, message.Message);
                ran++;
            }
            return ran;
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

        /// <summary>A message of this wrapper (not of the native library), delivered by the next poll.</summary>
        internal static void Write(LogLevel level, string message)
        {
            if (level > _maxLevel || Volatile.Read(ref _handler) == null) return;
            if (Queued.Count >= MaxQueued) return;
            Queued.Enqueue(new QueuedMessage { Level = level, Message = message });
        }

        /// <summary>A failure inside this wrapper that had nowhere else to go.</summary>
        internal static void Internal(string where, Exception e)
        {
            string described;
            try
            {
                described = e.ToString();
            }
            catch (Exception)
            {
                // An exception of the game's whose ToString throws: this runs inside the catch of
                // a native callback, where nothing may throw.
                described = e.GetType().FullName;
            }
            Write(LogLevel.Error, "offerkit C# wrapper (" + where + "): " + described);
        }
    }
}
