// TokenTests.cs: the token-needed event: a 401 makes the client ask the game's TokenProvider
// (reason Rejected) and retry once with the new token; a missing or expiring token asks too;
// SetAccessToken answers from any thread; a failing provider fails the waiting requests saying why; tokens never reach
// the log.
using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;

namespace OfferKit.Tests
{
    public static class TokenTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        /// <summary>A provider that records its calls (reason, thread) and fetches from the simulator like a backend would.</summary>
        private sealed class Provider
        {
            internal readonly List<TokenReason> Reasons = new List<TokenReason>();
            internal readonly List<int> Threads = new List<int>();

            internal Task<string> Fetch(TokenReason reason, CancellationToken cancel)
            {
                lock (Reasons)
                {
                    Reasons.Add(reason);
                    Threads.Add(Thread.CurrentThread.ManagedThreadId);
                }
                return Task.Run(() => Program.Sim.Token()); // the "backend" answers on another thread
            }
        }

        public static void A401AsksTheProviderThenTheRequestSucceeds()
        {
            var provider = new Provider();
            using (OfferKitClient client = Sim.Client(o => o.TokenProvider = provider.Fetch))
            {
                Sim.Fault("{\"kind\":\"status\",\"status\":401,\"times\":1}");
                OfferList offers = MainThread.Result(client.OffersAsync("demo"));
                Check.True(offers.Count > 0, "offers after the new token");
                Check.Equal("Rejected", string.Join(",", provider.Reasons), "provider calls");
                Check.Equal(MainThread.Id, provider.Threads[0], "provider started on the main thread");
                Check.Equal(2L, Sim.Stat("graphql"), "the 401 and the retry");
            }
        }

        public static void AMissingTokenAsksTheProvider()
        {
            var provider = new Provider();
            var options = new OfferKitClientOptions(Sim.BaseUrl) { TokenProvider = provider.Fetch };
            using (var client = Transport.Client(options))
            {
                Task<OfferList> first = client.OffersAsync("demo");
                Task<Links> second = client.LinksAsync("demo");
                Check.True(MainThread.Result(first).Count > 0, "offers");
                Check.Contains(MainThread.Result(second).SupportPortal, "/support", "links");
                Check.Equal("Missing", string.Join(",", provider.Reasons), "one provider call for both requests");
                Check.Equal(2L, Sim.Stat("graphql"), "requests");
            }
        }

        public static void AnExpiringTokenAsksTheProviderAhead()
        {
            var provider = new Provider();
            using (OfferKitClient client = Sim.Client(o =>
            {
                o.AccessToken = Sim.Token(30); // within the 60 s refresh margin
                o.TokenProvider = provider.Fetch;
            }))
            {
                Check.True(MainThread.Result(client.OffersAsync("demo")).Count > 0, "offers");
                Check.True(provider.Reasons.Contains(TokenReason.Expiring), "reasons: " + string.Join(",", provider.Reasons));
            }
        }

        public static void TheTokenNeedWaitsForThePoll()
        {
            var provider = new Provider();
            using (var client = Transport.Client(new OfferKitClientOptions(Sim.BaseUrl) { TokenProvider = provider.Fetch }))
            {
                Task<OfferList> offers = client.OffersAsync("demo");
                // Nobody polls: the library queues the token need for the next poll instead of
                // calling into managed code from its own thread.
                var clock = System.Diagnostics.Stopwatch.StartNew();
                while (client.PendingCallbacks == 0)
                {
                    Check.True(clock.Elapsed < TimeSpan.FromSeconds(60), "the token need was never queued");
                    Thread.Sleep(1);
                }
                Check.Equal(1, client.PendingCallbacks, "callbacks queued");
                lock (provider.Reasons) Check.Equal(0, provider.Reasons.Count, "provider calls before any poll");
                Check.Equal(0L, Sim.Stat("requests"), "sent without a token");
                Check.True(MainThread.Result(offers).Count > 0, "offers");
                Check.Equal("Missing", string.Join(",", provider.Reasons), "provider calls");
                Check.Equal(MainThread.Id, provider.Threads[0], "provider started on the polling main thread");
                Check.Equal(0, client.PendingCallbacks, "callbacks queued after the poll");
            }
        }

        public static void SetAccessTokenFromAnyThread()
        {
            using (var client = Transport.Client(new OfferKitClientOptions(Sim.BaseUrl)))
            {
                Check.Fails(client.OffersAsync("demo"), ErrorKind.Unauthorized, "no token yet");
                var setter = new Thread(() => client.SetAccessToken(Sim.Token()));
                setter.Start();
                setter.Join();
                Check.True(MainThread.Result(client.OffersAsync("demo")).Count > 0, "offers with the token");
                client.SetAccessToken(null);
                Check.Fails(client.OffersAsync("demo"), ErrorKind.Unauthorized, "token forgotten");
                Check.Throws(() => client.SetAccessToken("bad\0token"), ErrorKind.InvalidArgument, "NUL in a token");
            }
        }

        public static void AFailingProviderFailsTheRequestSayingWhy()
        {
            int calls = 0;
            Func<TokenReason, CancellationToken, Task<string>> throwing = (reason, cancel) =>
            {
                Interlocked.Increment(ref calls);
                throw new InvalidOperationException("backend down");
            };
            // A long token wait: the failure must arrive because the provider failed, not by timing out.
            var options = new OfferKitClientOptions(Sim.BaseUrl) { TokenProvider = throwing, TokenWait = TimeSpan.FromSeconds(60) };
            var started = DateTime.UtcNow;
            using (var client = Transport.Client(options))
            {
                var e = Check.Fails(client.OffersAsync("demo"), ErrorKind.Unauthorized, "provider threw");
                Check.True(e.Message.Contains("backend down"), "the provider's message: " + e.Message);
                Check.True(calls >= 1, "provider called");
            }
            Func<TokenReason, CancellationToken, Task<string>> faulted = (reason, cancel) => Task.FromException<string>(new TimeoutException("backend slow"));
            options = new OfferKitClientOptions(Sim.BaseUrl) { TokenProvider = faulted, TokenWait = TimeSpan.FromSeconds(60) };
            using (var client = Transport.Client(options))
            {
                var e = Check.Fails(client.LinksAsync("demo"), ErrorKind.Unauthorized, "faulted provider task");
                Check.True(e.Message.Contains("backend slow"), "the task's exception: " + e.Message);
            }
            Func<TokenReason, CancellationToken, Task<string>> empty = (reason, cancel) => Task.FromResult("");
            options = new OfferKitClientOptions(Sim.BaseUrl) { TokenProvider = empty, TokenWait = TimeSpan.FromSeconds(60) };
            using (var client = Transport.Client(options))
            {
                var e = Check.Fails(client.LinksAsync("demo"), ErrorKind.Unauthorized, "empty token");
                Check.True(e.Message.Contains("no token"), "says the token was empty: " + e.Message);
            }
            Check.True(DateTime.UtcNow - started < TimeSpan.FromSeconds(30), "failed at once, not after the 60 s wait");
            // A provider that never answers still ends in a timeout.
            options = new OfferKitClientOptions(Sim.BaseUrl)
            {
                TokenProvider = (reason, cancel) => new TaskCompletionSource<string>().Task,
                TokenWait = TimeSpan.FromMilliseconds(300),
            };
            using (var client = Transport.Client(options))
                Check.Fails(client.LinksAsync("demo"), ErrorKind.Timeout, "provider never answers");
            Check.Equal(0L, Sim.Stat("requests"), "nothing sent without a token");
        }

        public static void TokensNeverReachTheLog()
        {
            var messages = new List<string>();
            string token = Sim.Token();
            OfferKitLog.SetHandler((level, message) => { lock (messages) messages.Add(message); }, LogLevel.Trace);
            try
            {
                using (var client = Transport.Client(new OfferKitClientOptions(Sim.BaseUrl) { AccessToken = token }))
                {
                    Sim.Fault("{\"kind\":\"status\",\"status\":503}");
                    Check.True(MainThread.Result(client.OffersAsync("demo")).Count > 0, "offers");
                }
            }
            finally
            {
                OfferKitLog.SetHandler(null);
            }
            lock (messages)
            {
                Check.True(messages.Count > 0, "no log messages at trace level");
                foreach (string m in messages)
                    Check.True(m.IndexOf(token, StringComparison.Ordinal) < 0 && m.IndexOf(token.Split('.')[2], StringComparison.Ordinal) < 0,
                        "a token in the log");
            }
        }
    }
}
