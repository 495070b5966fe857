// ExecutorTests.cs: OfferKitClientOptions.HttpExecutor, the game's own HTTP stack. What the
// executor is handed and where it runs; that nothing it does wrongly (throwing, a null task or
// response, a status outside 100-599, answering after a cancel or Dispose, hanging) crashes or
// hangs anything — each becomes the call's typed error; that its CancellationToken follows the
// call; and that redirects and Retry-After it answers are judged by offerkit. The query, error,
// token and cancellation suites also run whole through HttpClientExecutor (AllTests).
using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;

namespace OfferKit.Tests
{
    public static class ExecutorTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        /// <summary>An executor made of a function, recording what it was handed and on which thread.</summary>
        private sealed class Scripted : IOfferKitHttpExecutor
        {
            private readonly Func<OfferKitHttpRequest, CancellationToken, Task<OfferKitHttpResponse>> _execute;
            internal readonly List<OfferKitHttpRequest> Requests = new List<OfferKitHttpRequest>();
            internal readonly List<int> Threads = new List<int>();
            internal readonly List<CancellationToken> Tokens = new List<CancellationToken>();

            internal Scripted(Func<OfferKitHttpRequest, CancellationToken, Task<OfferKitHttpResponse>> execute)
            {
                _execute = execute;
            }

            public Task<OfferKitHttpResponse> ExecuteAsync(OfferKitHttpRequest request, CancellationToken cancellationToken)
            {
                lock (Requests)
                {
                    Requests.Add(request);
                    Threads.Add(Thread.CurrentThread.ManagedThreadId);
                    Tokens.Add(cancellationToken);
                }
                return _execute(request, cancellationToken);
            }
        }

        private static OfferKitClient Client(IOfferKitHttpExecutor executor, Action<OfferKitClientOptions> configure = null)
        {
            return Sim.Client(o =>
            {
                o.HttpExecutor = executor;
                o.MaxRetries = 0;
                if (configure != null) configure(o);
            });
        }

        private static Task<OfferKitHttpResponse> Answer(OfferKitHttpResponse response)
        {
            var done = new TaskCompletionSource<OfferKitHttpResponse>();
            done.SetResult(response);
            return done.Task;
        }

        public static void TheExecutorGetsTheRequestOnThePollingThreadAndItsAnswerIsTheResult()
        {
            using (var http = new HttpClientExecutor())
            {
                var executor = new Scripted(http.ExecuteAsync);
                using (OfferKitClient client = Client(executor))
                {
                    OfferList offers = MainThread.Result(client.OffersAsync("demo", new OffersOptions { Limit = 3 }));
                    Check.Equal(3, offers.Count, "offers through the executor");
                    Check.Equal(1, executor.Requests.Count, "one attempt");
                    OfferKitHttpRequest request = executor.Requests[0];
                    Check.Equal("POST", request.Method, "method");
                    Check.True(request.Url.StartsWith(Sim.BaseUrl, StringComparison.Ordinal), "URL " + request.Url);
                    Check.True(request.Id != 0, "id");
                    Check.True(request.Timeout > TimeSpan.Zero && request.Timeout <= TimeSpan.FromSeconds(10), "timeout " + request.Timeout);
                    Check.True(request.MaxResponseBytes > 0, "max response bytes");
                    string body = Encoding.UTF8.GetString(request.Body);
                    Check.Contains(body, "offers", "GraphQL body");
                    Check.Contains(body, "\"demo\"", "player in the variables");
                    Check.True(request.Headers.Any(h => h.Key.Equals("authorization", StringComparison.OrdinalIgnoreCase) &&
                                                       h.Value.StartsWith("Bearer ", StringComparison.Ordinal)), "authorization header");
                    Check.True(!request.ToString().Contains("Bearer"), "ToString shows no token: " + request);
                    Check.Equal(MainThread.Id, executor.Threads[0], "ExecuteAsync ran on the polling thread");
                    Check.Equal(1L, Sim.Stat("graphql"), "the simulator saw it");
                    OfferListPage listing = MainThread.Result(client.ListOffersAsync());
                    Check.Equal(Sim.CatalogueEpc().Count, listing.Offers.Count, "the whole GET listing through the executor");
                    Check.Equal("GET", executor.Requests[1].Method, "listing method");
                    Check.True(executor.Requests[1].Body == null, "a GET has no body");
                }
            }
        }

        public static void AnExecutorThatThrowsFailsTheCallAsNetwork()
        {
            var executor = new Scripted((r, ct) => { throw new InvalidOperationException("stack exploded"); });
            using (OfferKitClient client = Client(executor))
            {
                OfferKitException e = Check.Fails(client.OffersAsync("demo"), ErrorKind.Network, "throwing executor");
                Check.Contains(e.Message, "stack exploded", "the executor's text");
                Check.Equal(0L, Sim.Stat("requests"), "nothing reached the simulator");
            }
        }

        public static void AFaultedTaskFailsTheCallAsNetwork()
        {
            var executor = new Scripted((r, ct) => Task.Run(new Func<OfferKitHttpResponse>(() => { throw new System.IO.IOException("socket closed"); })));
            using (OfferKitClient client = Client(executor))
                Check.Contains(Check.Fails(client.OffersAsync("demo"), ErrorKind.Network, "faulted task").Message, "socket closed", "text");
        }

        public static void ANullTaskOrResponseFailsTheCallAsNetwork()
        {
            using (OfferKitClient client = Client(new Scripted((r, ct) => null)))
                Check.Contains(Check.Fails(client.OffersAsync("demo"), ErrorKind.Network, "null task").Message, "null Task", "text");
            using (OfferKitClient client = Client(new Scripted((r, ct) => Answer(null))))
                Check.Contains(Check.Fails(client.OffersAsync("demo"), ErrorKind.Network, "null response").Message, "no response", "text");
        }

        public static void AStatusOutside100To599FailsTheCallAsNetwork()
        {
            foreach (int status in new[] { 0, 99, 600, -1 })
            {
                using (OfferKitClient client = Client(new Scripted((r, ct) => Answer(new OfferKitHttpResponse(status)))))
                {
                    OfferKitException e = Check.Fails(client.OffersAsync("demo"), ErrorKind.Network, "status " + status);
                    Check.Contains(e.Message, "status " + status, "text");
                    Check.True(e.HttpStatus == null, "no HTTP status for " + status);
                }
            }
        }

        public static void TheExecutorsFailureKindsBecomeTheCallsKinds()
        {
            using (OfferKitClient client = Client(new Scripted((r, ct) => Task.FromException<OfferKitHttpResponse>(
                       new OfferKitHttpException(OfferKitHttpFailure.Timeout, "took too long")))))
                Check.Contains(Check.Fails(client.OffersAsync("demo"), ErrorKind.Timeout, "Timeout").Message, "took too long", "text");
            using (OfferKitClient client = Client(new Scripted((r, ct) => Task.FromException<OfferKitHttpResponse>(
                       new OfferKitHttpException(OfferKitHttpFailure.TooLarge, 200, "too big")))))
            {
                OfferKitException e = Check.Fails(client.OffersAsync("demo"), ErrorKind.Decode, "TooLarge");
                Check.Equal((int?)200, e.HttpStatus, "the status that had arrived");
            }
            using (OfferKitClient client = Client(new Scripted((r, ct) => Task.FromException<OfferKitHttpResponse>(
                       new OfferKitHttpException((OfferKitHttpFailure)42, "an unknown failure number")))))
                Check.Contains(Check.Fails(client.OffersAsync("demo"), ErrorKind.Network, "unknown kind").Message, "unknown failure", "text");
        }

        public static void ARedirectTheExecutorReturnsIsRejectedWithItsLocation()
        {
            var location = new[] { new KeyValuePair<string, string>("Location", "https://elsewhere.example/graphql") };
            using (OfferKitClient client = Client(new Scripted((r, ct) => Answer(new OfferKitHttpResponse(307, location)))))
            {
                OfferKitException e = Check.Fails(client.OffersAsync("demo"), ErrorKind.Rejected, "307");
                Check.Equal((int?)307, e.HttpStatus, "HTTP status");
                Check.Contains(e.Message, "elsewhere.example", "Location in the message");
            }
            // HttpClientExecutor does not follow the simulator's redirect either: one request.
            using (var http = new HttpClientExecutor())
            using (OfferKitClient client = Client(http))
            {
                Sim.Fault("{\"kind\":\"status\",\"status\":302,\"times\":1}");
                Check.Equal((int?)302, Check.Fails(client.OffersAsync("demo"), ErrorKind.Rejected, "302").HttpStatus, "status");
                Check.Equal(1L, Sim.Stat("requests"), "one request, not followed");
            }
        }

        public static void ResponseHeadersReachOfferKitRetryAfter()
        {
            var headers = new[] { new KeyValuePair<string, string>("Retry-After", "120") };
            using (OfferKitClient client = Client(new Scripted((r, ct) => Answer(new OfferKitHttpResponse(429, headers,
                       Encoding.UTF8.GetBytes("{\"message\":\"slow down\"}"))))))
            {
                OfferKitException e = Check.Fails(client.OffersAsync("demo"), ErrorKind.RateLimited, "429");
                Check.Equal((TimeSpan?)TimeSpan.FromSeconds(120), e.RetryAfter, "Retry-After from the executor's headers");
            }
        }

        public static void CancellingTheCallCancelsTheExecutorsTokenAndALateAnswerIsHarmless()
        {
            var held = new TaskCompletionSource<OfferKitHttpResponse>();
            var executor = new Scripted((r, ct) => held.Task);
            using (OfferKitClient client = Client(executor))
            using (var cts = new CancellationTokenSource())
            {
                Task<OfferList> task = client.OffersAsync("demo", null, cts.Token);
                MainThread.Until(() => executor.Requests.Count == 1, "the executor to be called");
                Check.True(!executor.Tokens[0].IsCancellationRequested, "not cancelled before");
                cts.Cancel();
                Check.Cancelled(task, "cancelled call");
                MainThread.Until(() => executor.Tokens[0].IsCancellationRequested, "the executor's token to be cancelled");
                held.SetResult(new OfferKitHttpResponse(200, null, Encoding.UTF8.GetBytes("{\"data\":{}}"))); // nobody waits: dropped
                Check.Equal(2, MainThread.Result(client.GraphQLAsync("{ __typename }").ContinueWith(_ => 2)), "the client still works");
            }
        }

        public static void DisposingTheClientCancelsTheExecutorsTokenAndALateAnswerIsHarmless()
        {
            var held = new TaskCompletionSource<OfferKitHttpResponse>();
            var executor = new Scripted((r, ct) => held.Task);
            OfferKitClient client = Client(executor);
            Task<OfferList> task = client.OffersAsync("demo");
            MainThread.Until(() => executor.Requests.Count == 1, "the executor to be called");
            client.Dispose();
            Check.True(task.IsCanceled, "the call is cancelled by Dispose: " + task.Status);
            Check.True(executor.Tokens[0].IsCancellationRequested, "the executor's token is cancelled inside Dispose");
            held.SetResult(new OfferKitHttpResponse(200)); // after Dispose: refused, freed, no crash
        }

        public static void AHangingExecutorIsEndedByTheDeadlineWithItsTokenCancelled()
        {
            var executor = new Scripted((r, ct) =>
            {
                var never = new TaskCompletionSource<OfferKitHttpResponse>();
                ct.Register(() => never.TrySetCanceled()); // a stack that only stops when told
                return never.Task;
            });
            using (OfferKitClient client = Client(executor, o => o.Deadline = TimeSpan.FromSeconds(1)))
            {
                Check.Fails(client.OffersAsync("demo"), ErrorKind.Timeout, "hanging executor");
                MainThread.Until(() => executor.Tokens.All(t => t.IsCancellationRequested), "every attempt's token to be cancelled");
            }
        }

        public static void ACancellationCallbackThatThrowsIsContained()
        {
            var executor = new Scripted((r, ct) =>
            {
                var never = new TaskCompletionSource<OfferKitHttpResponse>();
                ct.Register(() => { never.TrySetCanceled(); throw new InvalidOperationException("abort failed"); });
                return never.Task;
            });
            using (OfferKitClient client = Client(executor))
            using (var cts = new CancellationTokenSource())
            {
                Task<OfferList> task = client.OffersAsync("demo", null, cts.Token);
                MainThread.Until(() => executor.Requests.Count == 1, "the executor to be called");
                cts.Cancel();
                Check.Cancelled(task, "cancelled call");
                MainThread.Until(() => executor.Tokens[0].IsCancellationRequested, "the token to be cancelled");
            }
        }

        /// <summary>Run against the lite library (no built-in transport) when OFFERKIT_EXPECT_LITE=1.</summary>
        private static bool Lite { get { return Environment.GetEnvironmentVariable("OFFERKIT_EXPECT_LITE") == "1"; } }

        public static void AProxyWithAnExecutorIsRefused()
        {
            var executor = new Scripted((r, ct) => Answer(new OfferKitHttpResponse(500)));
            OfferKitException e = Check.Throws(() => Client(executor, o => o.Proxy = "http://127.0.0.1:9"), ErrorKind.InvalidArgument, "proxy");
            // The full library refuses the pair when the client is made; the lite one has no proxy setter at all.
            Check.Equal(Lite ? OfferKitStatus.NotAvailable : OfferKitStatus.InvalidArgument, e.Status, "status (" + e.Message + ")");
        }

        public static void WithoutAnExecutorTheLiteLibraryUsesTheDefaultOne()
        {
            Check.Equal(!Lite, OfferKitLibrary.HasBuiltInHttp, "HasBuiltInHttp");
            Func<IOfferKitHttpExecutor> saved = OfferKitLibrary.DefaultHttpExecutor;
            try
            {
                var platform = new HttpClientExecutor();
                var counted = new Scripted((r, ct) => platform.ExecuteAsync(r, ct));
                int made = 0;
                OfferKitLibrary.DefaultHttpExecutor = () => { made++; return counted; };
                using (OfferKitClient client = Sim.Client())
                    Check.True(MainThread.Result(client.OffersAsync("demo")).Count > 0, "offers");
                // The lite library sends through the default executor; the full one never asks for it.
                Check.Equal(Lite ? 1 : 0, made, "default executors made");
                Check.Equal(Lite ? 1 : 0, counted.Requests.Count, "requests through the default executor");
                OfferKitLibrary.DefaultHttpExecutor = null;
                if (Lite)
                {
                    Check.Throws(() => Sim.Client(), ErrorKind.InvalidArgument, "a client of the lite library with no executor at all");
                }
                else
                {
                    using (OfferKitClient client = Sim.Client())
                        Check.True(MainThread.Result(client.OffersAsync("demo")).Count > 0, "the built-in transport");
                }
            }
            finally
            {
                OfferKitLibrary.DefaultHttpExecutor = saved;
            }
        }
    }
}
