// TokenCancellationTests.cs: the TokenProvider's CancellationToken is cancelled once nothing waits
// for its answer: the waiting call was cancelled, the token wait passed (the call failed with
// Timeout), or the client was disposed — on the polling (main) thread, where a Unity provider may
// abort its UnityWebRequest. Before that it is not cancelled, and a provider that
// honours it ends without leaving anything behind.
using System;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;

namespace OfferKit.Tests
{
    public static class TokenCancellationTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        /// <summary>A provider that never answers by itself: it ends (cancelled) when its token is cancelled.</summary>
        private sealed class Hanging
        {
            internal CancellationToken Token;
            internal int Calls;
            internal int CancelledCallbacks;
            internal int RegistrationThread;

            internal Task<string> Fetch(TokenReason reason, CancellationToken cancel)
            {
                Token = cancel;
                Interlocked.Increment(ref Calls);
                var answer = new TaskCompletionSource<string>();
                cancel.Register(() =>
                {
                    RegistrationThread = Thread.CurrentThread.ManagedThreadId;
                    Interlocked.Increment(ref CancelledCallbacks);
                    answer.TrySetCanceled();
                });
                return answer.Task;
            }
        }

        public static void CancellingTheWaitingCallCancelsTheProvider()
        {
            var provider = new Hanging();
            var options = new OfferKitClientOptions(Sim.BaseUrl) { TokenProvider = provider.Fetch, TokenWait = TimeSpan.FromSeconds(50) };
            using (var client = Transport.Client(options))
            using (var cts = new CancellationTokenSource())
            {
                Task<OfferList> call = client.OffersAsync("demo", null, cts.Token);
                MainThread.Until(() => Volatile.Read(ref provider.Calls) == 1, "the provider to be asked");
                Check.True(provider.Token.CanBeCanceled && !provider.Token.IsCancellationRequested, "not cancelled while the call waits");
                cts.Cancel();
                Check.Cancelled(call, "the call");
                MainThread.Until(() => provider.Token.IsCancellationRequested, "the provider's token to be cancelled");
                MainThread.Until(() => Volatile.Read(ref provider.CancelledCallbacks) == 1, "the provider's registration to run");
                Check.Equal(MainThread.Id, provider.RegistrationThread, "cancelled on the polling thread");
                Check.Equal(0L, Sim.Stat("requests"), "nothing was sent");
            }
        }

        public static void TheTokenWaitPassingCancelsTheProvider()
        {
            var provider = new Hanging();
            var options = new OfferKitClientOptions(Sim.BaseUrl) { TokenProvider = provider.Fetch, TokenWait = TimeSpan.FromMilliseconds(300) };
            using (var client = Transport.Client(options))
            {
                Check.Fails(client.LinksAsync("demo"), ErrorKind.Timeout, "no token within the token wait");
                MainThread.Until(() => Volatile.Read(ref provider.CancelledCallbacks) == 1, "the provider's token to be cancelled");
                Check.Equal(MainThread.Id, provider.RegistrationThread, "cancelled on the polling thread, not a timer's");
                Check.Equal(1, Volatile.Read(ref provider.Calls), "asked once");
            }
        }

        public static void TheDeadlinePassingCancelsTheProvider()
        {
            var provider = new Hanging();
            var options = new OfferKitClientOptions(Sim.BaseUrl)
            {
                TokenProvider = provider.Fetch,
                TokenWait = TimeSpan.FromSeconds(50),
                Deadline = TimeSpan.FromMilliseconds(400),
            };
            using (var client = Transport.Client(options))
            {
                Check.Fails(client.LinksAsync("demo"), ErrorKind.Timeout, "no token within the deadline");
                MainThread.Until(() => provider.Token.IsCancellationRequested, "the provider's token to be cancelled");
            }
        }

        public static void DisposingTheClientCancelsTheProvider()
        {
            var provider = new Hanging();
            var options = new OfferKitClientOptions(Sim.BaseUrl) { TokenProvider = provider.Fetch, TokenWait = TimeSpan.FromSeconds(50) };
            var client = Transport.Client(options);
            Task<OfferList> call = client.OffersAsync("demo");
            MainThread.Until(() => Volatile.Read(ref provider.Calls) == 1, "the provider to be asked");
            Check.True(!provider.Token.IsCancellationRequested, "not cancelled before Dispose");
            client.Dispose();
            Check.True(provider.Token.IsCancellationRequested, "cancelled by Dispose");
            Check.Cancelled(call, "the waiting call");
            Check.Equal(1, Volatile.Read(ref provider.CancelledCallbacks), "the provider's registration ran");
        }

        public static void AThrowingRegistrationOnTheProvidersTokenIsContained()
        {
            int asked = 0;
            var options = new OfferKitClientOptions(Sim.BaseUrl)
            {
                TokenProvider = (reason, cancel) =>
                {
                    Interlocked.Increment(ref asked);
                    cancel.Register(() => { throw new InvalidOperationException("registration failed"); });
                    return new TaskCompletionSource<string>().Task;
                },
                TokenWait = TimeSpan.FromSeconds(50),
            };
            var client = Transport.Client(options);
            Task<OfferList> call = client.OffersAsync("demo");
            MainThread.Until(() => Volatile.Read(ref asked) == 1, "the provider to be asked");
            client.Dispose(); // cancels the token: the registration throws inside Dispose
            Check.Cancelled(call, "the waiting call");
        }
    }
}
