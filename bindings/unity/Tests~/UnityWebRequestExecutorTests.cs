// UnityWebRequestExecutorTests.cs: the package's UnityWebRequestExecutor carrying real calls to the
// simulator through the working UnityWebRequest stand-ins (bindings/unity/Tests~/stubs/UnityEngine.Networking.cs):
// what it sets on each UnityWebRequest (no redirects, the timeout in whole seconds rounded up, the
// headers and body), that a 4xx/5xx is a response (ProtocolError is not a failure), that a
// refused connection is Network and the engine's "Request timeout" is Timeout, and that a
// cancelled call aborts its UnityWebRequest. Compiled only into the test program built with the
// engine's defines (see bindings/unity/Tools~/test.sh).
#if UNITY_5_3_OR_NEWER
using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;
using OfferKit.Unity;
using UnityEngine.Networking;

namespace OfferKit.Tests
{
    public static class UnityWebRequestExecutorTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        private static OfferKitClient Client(Action<OfferKitClientOptions> configure = null)
        {
            lock (UnityWebRequest.Made) UnityWebRequest.Made.Clear();
            return Sim.Client(o =>
            {
                o.HttpExecutor = new UnityWebRequestExecutor();
                o.MaxRetries = 0;
                if (configure != null) configure(o);
            });
        }

        /// <summary>An attempt as offerkit hands it to an executor: the query { __typename } to the simulator.</summary>
        private static OfferKitHttpRequest TypenameQuery(TimeSpan timeout, params KeyValuePair<string, string>[] headers)
        {
            var all = new List<KeyValuePair<string, string>> { new KeyValuePair<string, string>("content-type", "application/json") };
            all.AddRange(headers);
            return new OfferKitHttpRequest(1, "POST", Sim.BaseUrl + "/v1/offers", all,
                Encoding.UTF8.GetBytes("{\"query\":\"{ __typename }\"}"), timeout, 1 << 20);
        }

        private static UnityWebRequest[] Made()
        {
            lock (UnityWebRequest.Made) return UnityWebRequest.Made.ToArray();
        }

        public static void QueriesGoThroughUnityWebRequestWithoutRedirectsAndWithTheTimeoutInSeconds()
        {
            using (OfferKitClient client = Client(o => o.Timeout = TimeSpan.FromMilliseconds(1500)))
            {
                OfferList offers = MainThread.Result(client.OffersAsync("demo", new OffersOptions { Limit = 2 }));
                Check.Equal(2, offers.Count, "offers");
                OfferKitListing(client);
                UnityWebRequest[] made = Made();
                Check.Equal(2, made.Length, "one UnityWebRequest per attempt");
                foreach (UnityWebRequest www in made)
                {
                    Check.Equal(0, www.redirectLimit, "redirectLimit");
                    Check.Equal(2, www.timeout, "1.5 s rounded up to whole seconds");
                    Check.True(www.Disposed, "disposed after completion");
                    Check.True(www.RequestHeaders.Any(h => h.Key.Equals("authorization", StringComparison.OrdinalIgnoreCase)), "authorization set");
                }
                Check.True(made[0].uploadHandler is UploadHandlerRaw, "the POST body uploaded raw");
                Check.Contains(made[0].uploadHandler.contentType, "application/json", "content type of the body");
                Check.True(made[1].uploadHandler == null, "no upload for the GET listing");
                Check.Equal(2L, Sim.Stat("requests"), "the simulator saw both");
            }
        }

        private static void OfferKitListing(OfferKitClient client)
        {
            OfferListPage listing = MainThread.Result(client.ListOffersAsync(2, 1));
            Check.Equal(2, listing.Offers.Count, "listing page size");
        }

        public static void TheRequestIsDisposedBeforeTheAnswerIsGiven()
        {
            // Straight to the executor, with a continuation that runs inside the answer: it sees
            // the UnityWebRequest as whoever the answer wakes would (disposing after the answer
            // left a window where a finished call's request still held its buffers).
            lock (UnityWebRequest.Made) UnityWebRequest.Made.Clear();
            OfferKitHttpRequest request = TypenameQuery(TimeSpan.FromSeconds(5),
                new KeyValuePair<string, string>("authorization", "Bearer " + Sim.Token()));
            Task<OfferKitHttpResponse> task = new UnityWebRequestExecutor().ExecuteAsync(request, CancellationToken.None);
            Task<bool> disposedWhenAnswered = task.ContinueWith(_ => Made().Single().Disposed, TaskContinuationOptions.ExecuteSynchronously);
            MainThread.Wait(disposedWhenAnswered);
            Check.Equal(TaskStatus.RanToCompletion, task.Status, "the answer");
            Check.Equal(200, task.Result.Status, "status");
            Check.True(disposedWhenAnswered.Result, "the UnityWebRequest disposed when the answer was given");
        }

        public static void AProtocolErrorIsAResponseForOfferKitToJudge()
        {
            using (OfferKitClient client = Client())
            {
                Sim.Fault("{\"kind\":\"status\",\"status\":503,\"retry_after_secs\":3,\"times\":1}");
                OfferKitException e = Check.Fails(client.OffersAsync("demo"), ErrorKind.Server, "503");
                Check.Equal((int?)503, e.HttpStatus, "HTTP status");
                Check.Equal((TimeSpan?)TimeSpan.FromSeconds(3), e.RetryAfter, "Retry-After from GetResponseHeaders");
                Sim.Fault("{\"kind\":\"status\",\"status\":302,\"times\":1}");
                Check.Equal((int?)302, Check.Fails(client.OffersAsync("demo"), ErrorKind.Rejected, "302").HttpStatus, "redirect status");
            }
        }

        public static void ARefusedConnectionIsNetwork()
        {
            lock (UnityWebRequest.Made) UnityWebRequest.Made.Clear();
            using (var closed = new RefusingPort())
            using (var client = new OfferKitClient(new OfferKitClientOptions("http://127.0.0.1:" + closed.Port)
            {
                AccessToken = "t",
                MaxRetries = 0,
                HttpExecutor = new UnityWebRequestExecutor(),
            }))
                Check.Contains(Check.Fails(client.OffersAsync("demo"), ErrorKind.Network, "closed port").Message, "Cannot connect", "the engine's text");
        }

        public static void TheEnginesRequestTimeoutIsATimeoutFailure()
        {
            // Straight to the executor: through a client, offerkit's own bound (the attempt's
            // timeout plus 500 ms) and the engine's whole seconds would race.
            Sim.Fault("{\"kind\":\"latency\",\"ms\":20000}");
            OfferKitHttpRequest request = TypenameQuery(TimeSpan.FromMilliseconds(200));
            Task<OfferKitHttpResponse> task = new UnityWebRequestExecutor().ExecuteAsync(request, CancellationToken.None);
            MainThread.Wait(task);
            var failure = task.Exception == null ? null : task.Exception.GetBaseException() as OfferKitHttpException;
            Check.True(failure != null, "an OfferKitHttpException, got " + task.Status + " " + task.Exception);
            Check.Equal(OfferKitHttpFailure.Timeout, failure.Failure, "failure");
            Check.Contains(failure.Message, "Request timeout", "the engine's text");
            // Through a client, the call fails with Timeout whichever bound ends it first.
            Sim.Fault("{\"kind\":\"latency\",\"ms\":20000}");
            using (OfferKitClient client = Client(o => o.Timeout = TimeSpan.FromSeconds(1)))
                Check.Fails(client.OffersAsync("demo"), ErrorKind.Timeout, "latency through a client");
        }

        public static void CancellingTheCallAbortsTheUnityWebRequest()
        {
            using (OfferKitClient client = Client())
            using (var cts = new CancellationTokenSource())
            {
                Sim.Fault("{\"kind\":\"latency\",\"ms\":20000}");
                Task<OfferList> task = client.OffersAsync("demo", null, cts.Token);
                MainThread.Until(() => Sim.Stat("in_flight") == 1, "the request to reach the simulator");
                cts.Cancel();
                Check.Cancelled(task, "cancelled call");
                MainThread.Until(() => Made().Length == 1 && Made()[0].Aborted, "Abort on the UnityWebRequest");
                MainThread.Until(() => Sim.Stat("aborted") == 1, "the simulator to see the hang-up");
                MainThread.Until(() => Made()[0].Disposed, "the aborted request disposed");
            }
        }
    }
}
#endif
