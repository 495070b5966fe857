// ExecutorBridge.cs: answers the C ABI's host HTTP executor with the game's IOfferKitHttpExecutor.
// With poll delivery the library queues each attempt like a completion, so execute (and the
// executor's ExecuteAsync it starts) runs inside the poll on the polling thread — the main thread
// in Unity, where UnityWebRequest must be made. The answer goes back with
// offerkit_http_request_respond / _fail from wherever the executor's task completes. Whatever the
// executor throws or returns wrongly fails the attempt as NETWORK with its text: nothing unwinds
// into native code. Each native request is answered at most once and freed exactly once
// (HttpExchange). The cancel callback cancels the exchange's CancellationToken on the polling or
// disposing thread; only its pointer is used there, as a key, never dereferenced.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;

namespace OfferKit.Interop
{
    internal sealed class ExecutorBridge
    {
        private readonly IOfferKitHttpExecutor _executor;
        private readonly object _gate = new object();
        private readonly Dictionary<IntPtr, HttpExchange> _open = new Dictionary<IntPtr, HttpExchange>();

        internal ExecutorBridge(IOfferKitHttpExecutor executor)
        {
            _executor = executor;
        }

        /// <summary>From the native execute callback; owns <paramref name="request"/> from here on.</summary>
        internal void Execute(IntPtr request)
        {
            var exchange = new HttpExchange(this, Tracking.Took(request));
            lock (_gate) _open[request] = exchange;
            OfferKitHttpRequest copy;
            try
            {
                copy = Read(request);
            }
            catch (Exception e)
            {
                exchange.Fail(OfferKitHttpFailure.Network, null, "offerkit C# wrapper could not read the request: " + TokenBridge.Describe(e));
                return;
            }
            Task<OfferKitHttpResponse> running;
            try
            {
                running = _executor.ExecuteAsync(copy, exchange.Token);
                if (running == null) throw new InvalidOperationException("ExecuteAsync returned a null Task");
            }
            catch (Exception e)
            {
                exchange.Fail(OfferKitHttpFailure.Network, null, "the HTTP executor failed: " + TokenBridge.Describe(e));
                return;
            }
            running.ContinueWith(exchange.Finish, TaskContinuationOptions.ExecuteSynchronously);
        }

        /// <summary>From the native cancel callback: the exchange's token is cancelled (its registrations run here).</summary>
        internal void Cancel(IntPtr request)
        {
            HttpExchange exchange;
            lock (_gate)
                if (!_open.TryGetValue(request, out exchange)) return;
            exchange.Cancel();
        }

        internal void Closed(IntPtr request, HttpExchange exchange)
        {
            lock (_gate)
            {
                HttpExchange open;
                if (_open.TryGetValue(request, out open) && open == exchange) _open.Remove(request);
            }
        }

        private static OfferKitHttpRequest Read(IntPtr request)
        {
            string method = Utf8.FromNative(NativeMethods.offerkit_http_request_method(request));
            string url = Utf8.FromNative(NativeMethods.offerkit_http_request_url(request));
            int count = (int)NativeMethods.offerkit_http_request_header_count(request).ToUInt32();
            var headers = new List<KeyValuePair<string, string>>(count);
            for (int i = 0; i < count; i++)
            {
                IntPtr name = IntPtr.Zero, value = IntPtr.Zero, error = IntPtr.Zero;
                OfferKitClient.Check(NativeMethods.offerkit_http_request_header(request, new UIntPtr((uint)i), ref name, ref value, ref error), error);
                headers.Add(new KeyValuePair<string, string>(Utf8.FromNative(name), Utf8.FromNative(value)));
            }
            IntPtr bodyPointer = IntPtr.Zero, bodyError = IntPtr.Zero;
            UIntPtr bodyLength = UIntPtr.Zero;
            OfferKitClient.Check(NativeMethods.offerkit_http_request_body(request, ref bodyPointer, ref bodyLength, ref bodyError), bodyError);
            byte[] body = null;
            if (bodyPointer != IntPtr.Zero)
            {
                body = new byte[(int)bodyLength.ToUInt64()];
                Marshal.Copy(bodyPointer, body, 0, body.Length);
            }
            ulong timeoutMs = NativeMethods.offerkit_http_request_timeout_ms(request);
            ulong max = NativeMethods.offerkit_http_request_max_response_bytes(request).ToUInt64();
            return new OfferKitHttpRequest(NativeMethods.offerkit_http_request_id(request), method, url, headers.AsReadOnly(), body,
                TimeSpan.FromMilliseconds(timeoutMs), max > long.MaxValue ? long.MaxValue : (long)max);
        }
    }
}
