// HttpExchange.cs: one native OfferkitHttpRequest held by the C# side: answered at most once,
// freed exactly once (whichever of the executor's task, a failure to start it, or nothing —
// after a cancel — ends it), and its CancellationToken cancelled when offerkit says so.
using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace OfferKit.Interop
{
    internal sealed class HttpExchange
    {
        private readonly ExecutorBridge _bridge;
        private readonly IntPtr _request;
        private readonly CancellationTokenSource _cancel = new CancellationTokenSource();
        private int _ended;

        internal HttpExchange(ExecutorBridge bridge, IntPtr request)
        {
            _bridge = bridge;
            _request = request;
        }

        internal CancellationToken Token { get { return _cancel.Token; } }

        /// <summary>offerkit no longer wants the answer; the game's registrations run on this thread, contained.</summary>
        internal void Cancel()
        {
            if (Volatile.Read(ref _ended) != 0) return;
            try
            {
                if (DeliveryScope.Active) _cancel.Cancel();
                else ThreadPool.QueueUserWorkItem(_ => CancelQuietly()); // a finalizer freeing the client: not there
            }
            catch (ObjectDisposedException)
            {
            }
            catch (Exception e)
            {
                OfferKitLog.Write(LogLevel.Warn, "offerkit: a callback registered on the HTTP executor's CancellationToken threw: " + TokenBridge.Describe(e));
            }
        }

        private void CancelQuietly()
        {
            try
            {
                _cancel.Cancel();
            }
            catch (Exception)
            {
                // ended meanwhile, or a registration threw: nothing waits for it
            }
        }

        /// <summary>The executor's task ended: its answer goes back (or nothing, if offerkit stopped waiting), then the request is freed.</summary>
        internal void Finish(Task<OfferKitHttpResponse> done)
        {
            try
            {
                if (done.Status == TaskStatus.RanToCompletion)
                {
                    Respond(done.Result);
                    return;
                }
                Exception e = done.Exception != null ? done.Exception.GetBaseException() : null; // observed here
                if (_cancel.IsCancellationRequested)
                {
                    End(); // nobody waits for an answer
                    return;
                }
                var http = e as OfferKitHttpException;
                if (http != null) Fail(http.Failure, http.Status, SafeMessage(http));
                else Fail(OfferKitHttpFailure.Network, null, "the HTTP executor failed: " + TokenBridge.Describe(e));
            }
            catch (Exception e)
            {
                OfferKitLog.Internal("HTTP executor answer", e);
                End();
            }
        }

        private static string SafeMessage(Exception e)
        {
            try
            {
                return e.Message;
            }
            catch (Exception)
            {
                return e.GetType().Name;
            }
        }

        private void Respond(OfferKitHttpResponse response)
        {
            if (response == null)
            {
                Fail(OfferKitHttpFailure.Network, null, "the HTTP executor returned no response (null)");
                return;
            }
            if (response.Status < 100 || response.Status > 599)
            {
                Fail(OfferKitHttpFailure.Network, null, "the HTTP executor returned status " + response.Status + ", not 100 to 599");
                return;
            }
            if (!Claim()) return;
            try
            {
                using (var strings = new NativeStrings())
                {
                    var names = new List<IntPtr>();
                    var values = new List<IntPtr>();
                    foreach (KeyValuePair<string, string> header in response.Headers)
                    {
                        if (header.Key == null) continue;
                        names.Add(strings.Add(Utf8.Carryable(header.Key), "header name"));
                        values.Add(strings.Add(Utf8.Carryable(header.Value ?? ""), "header value"));
                    }
                    IntPtr error = IntPtr.Zero;
                    NativeMethods.offerkit_http_request_respond(_request, (uint)response.Status, names.ToArray(), values.ToArray(),
                        new UIntPtr((uint)names.Count), response.Body, new UIntPtr((uint)response.Body.Length), ref error);
                    Owned.FreeError(Tracking.Took(error)); // CANCELLED: nobody waited; harmless
                }
            }
            finally
            {
                Free();
            }
        }

        /// <summary>Fails the attempt with <paramref name="failure"/> (and the status that had arrived, if any), then frees the request.</summary>
        internal void Fail(OfferKitHttpFailure failure, int? status, string message)
        {
            if (!Claim()) return;
            try
            {
                using (var strings = new NativeStrings())
                {
                    IntPtr text = strings.Add(Utf8.Carryable(message ?? "the HTTP executor failed"), "message");
                    IntPtr error = IntPtr.Zero;
                    uint result = status.HasValue && status.Value >= 100 && status.Value <= 599
                        ? NativeMethods.offerkit_http_request_fail_after_status(_request, (uint)failure, (uint)status.Value, text, ref error)
                        : NativeMethods.offerkit_http_request_fail(_request, (uint)failure, text, ref error);
                    Owned.FreeError(Tracking.Took(error));
                    if (result == NativeMethods.StatusOutOfRange) // a failure number the game cast: still a network failure
                    {
                        error = IntPtr.Zero;
                        NativeMethods.offerkit_http_request_fail(_request, (uint)OfferKitHttpFailure.Network, text, ref error);
                        Owned.FreeError(Tracking.Took(error));
                    }
                }
            }
            finally
            {
                Free();
            }
        }

        /// <summary>Frees the request without answering (offerkit stopped waiting).</summary>
        private void End()
        {
            if (Claim()) Free();
        }

        private bool Claim()
        {
            return Interlocked.Exchange(ref _ended, 1) == 0;
        }

        private void Free()
        {
            _bridge.Closed(_request, this);
            NativeMethods.offerkit_http_request_free(_request);
            Tracking.Freed();
            _cancel.Dispose();
        }
    }
}
