// TokenBridge.cs: answers the C ABI's token-needed callback with the game's TokenProvider. With
// poll delivery the library queues the token need like a completion, so the callback, and the
// provider it starts, run inside the poll on the polling thread (the main thread in Unity); the
// token is handed back with offerkit_client_set_access_token from wherever the provider's task
// completes, and its failure with offerkit_client_fail_token_request (waiting requests then
// fail, saying why). One provider call at a time: requests that need a token meanwhile wait for
// that one. The provider's CancellationToken is cancelled once nothing waits for its answer: the
// waiting calls were cancelled or ended (no call of the client in flight), the longest a call
// waits for a token has passed (TokenWait, within the Deadline), or the client was disposed. It is
// cancelled on the thread that polls or disposes (the main thread in Unity), never on a timer
// thread, so its registrations may touch engine objects (UnityWebRequest.Abort).
using System;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;

namespace OfferKit.Interop
{
    internal sealed class TokenBridge
    {
        private readonly Func<TokenReason, CancellationToken, Task<string>> _provider;
        private readonly CallsInFlight _calls;
        private readonly TimeSpan _waitBound;
        private CancellationTokenSource _fetchCancel; // of the provider call running, else null
        private long _fetchEndsAt; // Stopwatch timestamp after which nothing waits for that call
        private volatile bool _disposed;
        // Weak: this bridge is rooted by its GCHandle until the client is freed, and must not keep
        // an undisposed client from being finalized (which frees it, then this bridge).
        private readonly WeakReference _client = new WeakReference(null);
        private int _fetching;

        internal TokenBridge(Func<TokenReason, CancellationToken, Task<string>> provider, CallsInFlight calls, TimeSpan waitBound)
        {
            _provider = provider;
            _calls = calls;
            _waitBound = waitBound;
            calls.Idle = () => CancelFetch();
        }

        /// <summary>The client is being disposed: the provider call running, if any, is cancelled.</summary>
        internal void ClientDisposed()
        {
            _disposed = true;
            CancelFetch();
        }

        /// <summary>From every poll: cancels the provider call running once the longest wait for it has passed.</summary>
        internal void Polled()
        {
            if (Volatile.Read(ref _fetchCancel) != null && Stopwatch.GetTimestamp() > Volatile.Read(ref _fetchEndsAt)) CancelFetch();
        }

        /// <summary>Cancels the CancellationToken of the provider call running; whatever its registrations throw stays here.</summary>
        private void CancelFetch()
        {
            CancellationTokenSource cancel = Volatile.Read(ref _fetchCancel);
            if (cancel == null) return;
            try
            {
                cancel.Cancel();
            }
            catch (ObjectDisposedException)
            {
                // the provider call ended meanwhile
            }
            catch (Exception e)
            {
                // A callback the game registered on the token threw (an AggregateException of them).
                OfferKitLog.Write(LogLevel.Warn, "offerkit: a callback registered on the token provider's CancellationToken threw: " + Describe(e));
            }
        }

        internal void Attach(ClientHandle client)
        {
            _client.Target = client;
        }

        /// <summary>From the native callback: inside a poll, on the polling thread.</summary>
        internal void Needed(TokenReason reason)
        {
            // Run by Dispose or a finalizer freeing the client: nothing waits for a token any more.
            if (!DeliveryScope.Polling) return;
            Fetch(reason);
        }

        /// <summary>Logs why, and fails the requests waiting for a token with it (Unauthorized).</summary>
        private static void Refuse(ClientHandle client, string why)
        {
            // Whatever the provider's exception held, the reason must reach C (no U+0000, no lone surrogate).
            why = Utf8.Carryable(why);
            OfferKitLog.Write(LogLevel.Warn, "offerkit: " + why);
            try
            {
                OfferKitClient.FailTokenRequest(client, why);
            }
            catch (Exception e)
            {
                // A client disposed meanwhile: nothing waits any more.
                OfferKitLog.Write(LogLevel.Warn, "offerkit: could not report the token failure: " + Describe(e));
            }
        }

        /// <summary>
        /// "Type: message" of an exception the game threw, even one whose Message throws (then the
        /// type alone): describing a failure must not fail.
        /// </summary>
        internal static string Describe(Exception e)
        {
            if (e == null) return "cancelled";
            string type = e.GetType().Name;
            try
            {
                return type + ": " + e.Message;
            }
            catch (Exception)
            {
                return type + " (its message could not be read)";
            }
        }

        private void Fetch(TokenReason reason)
        {
            if (Interlocked.CompareExchange(ref _fetching, 1, 0) != 0) return; // one fetch at a time
            var client = _client.Target as ClientHandle;
            if (client == null || client.Disposed)
            {
                Volatile.Write(ref _fetching, 0);
                return;
            }
            var cancel = new CancellationTokenSource();
            // The end first: a poll on another thread that sees the source sees its end too.
            Volatile.Write(ref _fetchEndsAt, Stopwatch.GetTimestamp() + (long)(_waitBound.TotalSeconds * Stopwatch.Frequency));
            Volatile.Write(ref _fetchCancel, cancel);
            Task<string> fetch;
            try
            {
                // Nothing to wait for already (the waiting calls ended before the poll ran this):
                // the provider still runs, its token cancelled from the start.
                if (_disposed || _calls.Count == 0) cancel.Cancel();
                fetch = _provider(reason, cancel.Token);
                if (fetch == null) throw new InvalidOperationException("the token provider returned a null Task");
            }
            catch (Exception e)
            {
                EndFetch(cancel);
                Refuse(client, "the token provider failed (" + reason + "): " + Describe(e));
                return;
            }
            fetch.ContinueWith(done =>
            {
                try
                {
                    if (done.Status != TaskStatus.RanToCompletion)
                    {
                        // Reading Exception observes it: a faulted provider task never reaches
                        // TaskScheduler.UnobservedTaskException.
                        Exception e = done.Exception != null ? done.Exception.GetBaseException() : null;
                        // Cancelled by this bridge: nothing waits any more (the calls ended, the
                        // client is gone), or the wait is over and the calls fail with Timeout.
                        if (cancel.IsCancellationRequested) return;
                        Refuse(client, "the token provider failed (" + reason + "): " + Describe(e));
                    }
                    else if (string.IsNullOrEmpty(done.Result))
                    {
                        Refuse(client, "the token provider gave no token (" + reason + ")");
                    }
                    else
                    {
                        SetOrRefuse(client, reason, done.Result);
                    }
                }
                catch (Exception e)
                {
                    // Nothing above throws; should it, it must not end in the continuation's task.
                    OfferKitLog.Internal("token provider", e);
                }
                finally
                {
                    EndFetch(cancel);
                }
            }, TaskContinuationOptions.ExecuteSynchronously);
        }

        /// <summary>The provider call ended: its token is let go (never cancelled afterwards) and the next need may ask again.</summary>
        private void EndFetch(CancellationTokenSource cancel)
        {
            Interlocked.CompareExchange(ref _fetchCancel, null, cancel);
            cancel.Dispose();
            Volatile.Write(ref _fetching, 0);
        }

        /// <summary>
        /// Hands the token to the library; a token it cannot take (U+0000, a lone surrogate, or
        /// refused by the library) fails the waiting requests saying why, instead of leaving them
        /// to time out. A client disposed meanwhile has nothing waiting: Refuse then only logs.
        /// </summary>
        private static void SetOrRefuse(ClientHandle client, TokenReason reason, string token)
        {
            try
            {
                OfferKitClient.SetToken(client, token);
            }
            catch (Exception e)
            {
                Refuse(client, "the token provider gave a token that cannot be used (" + reason + "): " + Describe(e));
            }
        }
    }
}
