// TokenBridge.cs: answers the C ABI's token-needed callback with the game's TokenProvider. With
// poll delivery the library queues the token need like a completion, so the callback, and the
// provider it starts, run inside the poll on the polling thread (the main thread in Unity); the
// token is handed back with offerkit_client_set_access_token from wherever the provider's task
// completes, and its failure with offerkit_client_fail_token_request (waiting requests then
// fail, saying why). One provider call at a time: requests that need a token meanwhile wait for
// that one.
using System;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;

namespace OfferKit.Interop
{
    internal sealed class TokenBridge
    {
        private readonly Func<TokenReason, Task<string>> _provider;
        // Weak: this bridge is rooted by its GCHandle until the client is freed, and must not keep
        // an undisposed client from being finalized (which frees it, then this bridge).
        private readonly WeakReference _client = new WeakReference(null);
        private int _fetching;

        internal TokenBridge(Func<TokenReason, Task<string>> provider)
        {
            _provider = provider;
        }

        /// <summary>The GCHandle passed as the callback's user_data; freed by ClientHandle after offerkit_client_free.</summary>
        internal IntPtr Pin()
        {
            Interlocked.Increment(ref Tracking.GcHandles);
            return GCHandle.ToIntPtr(GCHandle.Alloc(this));
        }

        internal static void Unpin(IntPtr userData)
        {
            GCHandle.FromIntPtr(userData).Free();
            Interlocked.Decrement(ref Tracking.GcHandles);
        }

        internal static TokenBridge FromUserData(IntPtr userData)
        {
            return (TokenBridge)GCHandle.FromIntPtr(userData).Target;
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
            Task<string> fetch;
            try
            {
                fetch = _provider(reason);
                if (fetch == null) throw new InvalidOperationException("the token provider returned a null Task");
            }
            catch (Exception e)
            {
                Volatile.Write(ref _fetching, 0);
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
                    Volatile.Write(ref _fetching, 0);
                }
            }, TaskContinuationOptions.ExecuteSynchronously);
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
