// HostCallbackTests.cs: whatever the game's own callbacks do wrong is contained by the package.
// A TokenProvider that throws (any type, even an exception whose message cannot be read), faults,
// is cancelled, returns a null Task, or gives no token or one C cannot carry: the waiting call
// fails at once with Unauthorized saying why — not Timeout (the token wait is long, so a hang
// would show as that kind), and nothing is sent. A log handler that throws is ignored and calls
// still succeed. In every case nothing reaches AppDomain.UnhandledException or
// TaskScheduler.UnobservedTaskException (collected after a forced GC and the finalizers).
using System;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;

namespace OfferKit.Tests
{
    public static class HostCallbackTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        /// <summary>Longer than any answer takes, shorter than the harness's hang guard.</summary>
        private static readonly TimeSpan LongTokenWait = TimeSpan.FromSeconds(20);

        /// <summary>An exception type of the game's own.</summary>
        private sealed class GameBackendError : Exception
        {
            internal GameBackendError(string message) : base(message) { }
        }

        /// <summary>An exception whose message (and so its ToString) throws when read.</summary>
        private sealed class UnreadableError : Exception
        {
            public override string Message { get { throw new InvalidOperationException("message unreadable"); } }
        }

        /// <summary>Records what reaches the process-wide handlers of uncaught and unobserved exceptions.</summary>
        private sealed class Escapes : IDisposable
        {
            private readonly List<string> _seen = new List<string>();

            internal Escapes()
            {
                AppDomain.CurrentDomain.UnhandledException += OnUnhandled;
                TaskScheduler.UnobservedTaskException += OnUnobserved;
            }

            private void OnUnhandled(object sender, UnhandledExceptionEventArgs e)
            {
                lock (_seen) _seen.Add("unhandled: " + Describe(e.ExceptionObject));
            }

            private void OnUnobserved(object sender, UnobservedTaskExceptionEventArgs e)
            {
                lock (_seen) _seen.Add("unobserved: " + Describe(e.Exception));
                e.SetObserved();
            }

            private static string Describe(object e)
            {
                try
                {
                    return e.ToString();
                }
                catch (Exception)
                {
                    return e.GetType().Name;
                }
            }

            /// <summary>Collects every task that went unreferenced, then asserts nothing escaped.</summary>
            internal void CheckNone()
            {
                for (int i = 0; i < 3; i++)
                {
                    GC.Collect();
                    GC.WaitForPendingFinalizers();
                }
                lock (_seen) Check.True(_seen.Count == 0, "escaped to the process: " + string.Join("\n", _seen));
            }

            public void Dispose()
            {
                AppDomain.CurrentDomain.UnhandledException -= OnUnhandled;
                TaskScheduler.UnobservedTaskException -= OnUnobserved;
            }
        }

        private static Task<string> FaultLater(Exception e)
        {
            var pending = new TaskCompletionSource<string>();
            ThreadPool.QueueUserWorkItem(_ => pending.SetException(e));
            return pending.Task;
        }

        private static Task<string> CancelLater()
        {
            var pending = new TaskCompletionSource<string>();
            ThreadPool.QueueUserWorkItem(_ => pending.SetCanceled());
            return pending.Task;
        }

        /// <summary>One client with this provider: its first call fails with Unauthorized containing <paramref name="says"/>.</summary>
        private static void FailsSaying(string what, Func<TokenReason, Task<string>> provider, string says)
        {
            int calls = 0;
            var options = new OfferKitClientOptions(Sim.BaseUrl)
            {
                TokenProvider = (reason, cancel) =>
                {
                    Interlocked.Increment(ref calls);
                    return provider(reason);
                },
                TokenWait = LongTokenWait,
            };
            using (var client = new OfferKitClient(options))
            {
                OfferKitException e = Check.Fails(client.OffersAsync("demo"), ErrorKind.Unauthorized, what);
                Check.Contains(e.Message, says, what + ": the message says why");
                Check.Equal(1, Volatile.Read(ref calls), what + ": provider calls");
                // The client stays usable: the next call asks the provider again, and fails the same way.
                e = Check.Fails(client.LinksAsync("demo"), ErrorKind.Unauthorized, what + " (second call)");
                Check.Contains(e.Message, says, what + " (second call): the message says why");
                Check.Equal(2, Volatile.Read(ref calls), what + ": provider calls after the second call");
            }
        }

        public static void EveryWayATokenProviderFailsEndsTheWaitingCallWithUnauthorized()
        {
            using (var escapes = new Escapes())
            {
                FailsSaying("throws InvalidOperationException", r => { throw new InvalidOperationException("backend down"); }, "backend down");
                FailsSaying("throws the game's own exception type", r => { throw new GameBackendError("login expired"); }, "GameBackendError: login expired");
                FailsSaying("throws IOException", r => { throw new IOException("disk gone"); }, "disk gone");
                FailsSaying("throws an exception whose message cannot be read", r => { throw new UnreadableError(); }, "UnreadableError");
                FailsSaying("throws an exception whose message holds U+0000", r => { throw new GameBackendError("nul\0inside"); }, "nul");
                FailsSaying("returns a faulted Task", r => Task.FromException<string>(new TimeoutException("backend slow")), "backend slow");
                FailsSaying("returns a Task that faults later, on another thread", r => FaultLater(new GameBackendError("late failure")), "late failure");
                FailsSaying("returns a null Task", r => null, "null Task");
                FailsSaying("returns a cancelled Task", r => Task.FromCanceled<string>(new CancellationToken(true)), "cancelled");
                FailsSaying("returns a Task cancelled later, on another thread", r => CancelLater(), "cancelled");
                FailsSaying("gives a null token", r => Task.FromResult<string>(null), "no token");
                FailsSaying("gives an empty token", r => Task.FromResult(""), "no token");
                FailsSaying("gives a token with U+0000", r => Task.FromResult("bad\0token"), "U+0000");
                FailsSaying("gives a token with a lone surrogate", r => Task.FromResult("bad\uD800token"), "surrogate");
                Check.Equal(0L, Sim.Stat("requests"), "nothing sent without a token");
                escapes.CheckNone();
            }
        }

        public static void AThrowingLogHandlerIsIgnoredAndCallsStillSucceed()
        {
            using (var escapes = new Escapes())
            {
                int calls = 0;
                OfferKitLog.SetHandler((level, message) =>
                {
                    Interlocked.Increment(ref calls);
                    throw new GameBackendError("the game's log is broken");
                }, LogLevel.Trace);
                try
                {
                    using (OfferKitClient client = Sim.Client())
                    {
                        Check.True(MainThread.Result(client.OffersAsync("demo")).Count > 0, "offers");
                        Check.True(Volatile.Read(ref calls) > 0, "the handler was called (trace level)");
                        int before = Volatile.Read(ref calls);
                        Check.True(MainThread.Result(client.LinksAsync("demo")).SupportPortal != null, "links after the handler threw");
                        Check.True(Volatile.Read(ref calls) > before, "the handler is still called after throwing");
                    }
                    // A handler whose exception cannot even be described.
                    OfferKitLog.SetHandler((level, message) => { throw new UnreadableError(); }, LogLevel.Trace);
                    using (OfferKitClient client = Sim.Client())
                        Check.True(MainThread.Result(client.OffersAsync("demo")).Count > 0, "offers with an unreadable exception in the handler");
                    // The wrapper's own warnings go to the handler too: a failing provider with a throwing handler.
                    var options = new OfferKitClientOptions(Sim.BaseUrl)
                    {
                        TokenProvider = (r, cancel) => { throw new GameBackendError("backend down"); },
                        TokenWait = LongTokenWait,
                    };
                    using (var client = new OfferKitClient(options))
                    {
                        OfferKitException e = Check.Fails(client.OffersAsync("demo"), ErrorKind.Unauthorized, "provider and log handler both throw");
                        Check.Contains(e.Message, "backend down", "the provider's message");
                    }
                }
                finally
                {
                    OfferKitLog.SetHandler(null);
                }
                escapes.CheckNone();
            }
        }
    }
}
