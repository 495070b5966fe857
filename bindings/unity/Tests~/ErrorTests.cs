// ErrorTests.cs: every error kind, provoked for real (local checks, tokens, fault injection in
// the simulator, raw GraphQL, a forged cursor, a closed port, a panic inside the library), with
// what OfferKitException carries for it; and the same kinds when another thread polls.
using System;
using System.Linq;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;
using OfferKit.Interop;

namespace OfferKit.Tests
{
    public static class ErrorTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        private static Task Offers(OfferKitClient client)
        {
            return client.OffersAsync("demo", new OffersOptions { Limit = 2 });
        }

        public static void InvalidArgumentIsCheckedBeforeSendingWithTheServiceWords()
        {
            using (OfferKitClient client = Sim.Client())
            {
                OfferKitException e = Check.Fails(client.OffersAsync("p", new OffersOptions { Limit = 0, Language = "english", Sort = "price.asc" }),
                    ErrorKind.InvalidArgument, "bad options");
                Check.Equal(OfferKitStatus.InvalidArgument, e.Status, "status");
                Check.Equal((int?)null, e.HttpStatus, "no HTTP status");
                Check.Equal(1, e.Fields.Count, "one field entry");
                Check.Equal("offers", e.Fields[0].Path, "path");
                Check.Equal("language,limit,sort", string.Join(",", e.Fields[0].ArgumentNames), "arguments");
                Check.Equal("The limit field must be at least 1.", e.MessagesFor("limit")[0], "limit message");
                Check.Contains(e.MessagesFor("sort")[0], "(price)", "sort message");
                Check.Equal("invalid_argument", e.KindName, "kind name");
                Check.Fails(client.OffersAsync(new string('x', 256)), ErrorKind.InvalidArgument, "256 characters");
                Check.Fails(client.LinksAsync(""), ErrorKind.InvalidArgument, "empty player id");
                Check.Fails(client.ListOffersAsync(null, 2), ErrorKind.InvalidArgument, "page without per_page");
                // Every number reaches the library's checks: 0 and negatives are numbers, not "unset"
                // (null is), and are refused in the service's words.
                foreach (int perPage in new[] { 0, -1, 101 })
                    Check.Equal("The per page field must be between 1 and 100.",
                        Check.Fails(client.ListOffersAsync(perPage), ErrorKind.InvalidArgument, "per_page " + perPage).MessagesFor("per_page")[0],
                        "per_page " + perPage + " message");
                foreach (int page in new[] { 0, -3 })
                    Check.Equal("The page field must be at least 1.",
                        Check.Fails(client.ListOffersAsync(10, page), ErrorKind.InvalidArgument, "page " + page).MessagesFor("page")[0],
                        "page " + page + " message");
                Check.Equal("The limit field must be at least 1.", Check.Fails(client.PlayerOffersAsync("p", new PlayerOffersOptions { Limit = 0 }),
                    ErrorKind.InvalidArgument, "player offers limit 0").MessagesFor("limit")[0], "player offers limit message");
                Check.Equal(0L, Sim.Stat("requests"), "nothing was sent");
            }
        }

        public static void UnauthorizedWithoutATokenAndOnThe401()
        {
            using (var client = Transport.Client(new OfferKitClientOptions(Sim.BaseUrl)))
            {
                OfferKitException e = Check.Fails(Offers(client), ErrorKind.Unauthorized, "no token");
                Check.Equal((int?)null, e.HttpStatus, "refused before sending");
                Check.Equal(0L, Sim.Stat("requests"), "nothing sent");
            }
            using (OfferKitClient client = Sim.Client())
            {
                Sim.Fault("{\"kind\":\"status\",\"status\":401,\"body\":\"{\\\"message\\\":\\\"Unauthenticated.\\\"}\"}");
                OfferKitException e = Check.Fails(Offers(client), ErrorKind.Unauthorized, "401");
                Check.Equal((int?)401, e.HttpStatus, "HTTP status");
                Check.Contains(e.Message, "Unauthenticated.", "message");
            }
        }

        public static void ForbiddenForATokenWithoutTheScope()
        {
            using (var client = Transport.Client(new OfferKitClientOptions(Sim.BaseUrl) { AccessToken = Sim.Token(3600, false) }))
            {
                OfferKitException e = Check.Fails(Offers(client), ErrorKind.Forbidden, "unscoped token");
                Check.Equal((int?)403, e.HttpStatus, "HTTP status");
            }
        }

        public static void ValidationCarriesOneEntryPerFailingField()
        {
            using (OfferKitClient client = Sim.Client())
            {
                OfferKitException e = Check.Fails(client.GraphQLAsync(
                    "{ offers(player_id: \"p\", limit: 0) { id } playerOffers(player_id: \"p\", limit: 101) { next_cursor } }"),
                    ErrorKind.Validation, "raw GraphQL with bad arguments");
                Check.Equal((int?)200, e.HttpStatus, "HTTP 200");
                Check.Equal(2, e.Fields.Count, "two field entries");
                Check.Equal("offers,playerOffers", string.Join(",", new[] { e.Fields[0].Path, e.Fields[1].Path }.OrderBy(p => p)), "paths");
                Check.Equal("The limit field must not be greater than 100.",
                    e.Fields[0].Path == "playerOffers" ? e.Fields[0].Messages["limit"][0] : e.Fields[1].Messages["limit"][0], "playerOffers message");
                Check.Contains(e.ResponseJson, "\"errors\"", "whole response");
            }
        }

        public static void QueryErrorsForBadDocumentsAndUnknownSelections()
        {
            using (OfferKitClient client = Sim.Client())
            {
                OfferKitException e = Check.Fails(client.GraphQLAsync("{ offers { id } }"), ErrorKind.Query, "missing argument");
                Check.Contains(e.ResponseJson, "\"data\":null", "data null");
                e = Check.Fails(client.OffersAsync("p", new OffersOptions { Select = "no_such_field" }), ErrorKind.Query, "unknown field");
                Check.Contains(e.Message, "no_such_field", "message names the field");
            }
        }

        public static void InvalidCursorCarriesTheReason()
        {
            using (OfferKitClient client = Sim.Client())
            {
                OfferKitException e = Check.Fails(client.PlayerOffersAsync("demo", new PlayerOffersOptions { After = "forged" }),
                    ErrorKind.InvalidCursor, "forged cursor");
                Check.Contains(e.Reason, "mit", "reason (Omit after ...)");
                Check.Equal(0, e.Fields.Count, "no field entries");
            }
        }

        public static void UnsupportedMediaType()
        {
            using (OfferKitClient client = Sim.Client())
            {
                Sim.Fault("{\"kind\":\"status\",\"status\":415,\"body\":\"{\\\"error\\\":\\\"Unsupported Media Type: send application/json.\\\"}\"}");
                OfferKitException e = Check.Fails(Offers(client), ErrorKind.UnsupportedMediaType, "415");
                Check.Equal((int?)415, e.HttpStatus, "HTTP status");
                Check.Contains(e.Message, "send application/json", "message");
            }
        }

        public static void UnprocessableCarriesTheFieldMessages()
        {
            using (OfferKitClient client = Sim.Client())
            {
                Sim.Fault("{\"kind\":\"status\",\"status\":422,\"method\":\"GET\",\"body\":" +
                          "\"{\\\"message\\\":\\\"The per page field is required when page is present.\\\"," +
                          "\\\"errors\\\":{\\\"per_page\\\":[\\\"The per page field is required when page is present.\\\"]}}\"}");
                OfferKitException e = Check.Fails(client.ListOffersAsync(), ErrorKind.Unprocessable, "422");
                Check.Equal((int?)422, e.HttpStatus, "HTTP status");
                Check.Equal(1, e.Fields.Count, "one entry");
                Check.Equal((string)null, e.Fields[0].Path, "no path");
                Check.Equal("The per page field is required when page is present.", e.MessagesFor("per_page")[0], "message");
            }
        }

        public static void RateLimitedCarriesRetryAfterAndIsNotRetried()
        {
            using (OfferKitClient client = Sim.Client())
            {
                Sim.Fault("{\"kind\":\"status\",\"status\":429,\"retry_after_secs\":7}");
                OfferKitException e = Check.Fails(Offers(client), ErrorKind.RateLimited, "429");
                Check.Equal((int?)429, e.HttpStatus, "HTTP status");
                Check.Equal((TimeSpan?)TimeSpan.FromSeconds(7), e.RetryAfter, "retry-after");
                Check.Equal(1L, Sim.Stat("graphql"), "not retried");
            }
        }

        public static void ServerErrorsAndRetriesOf503()
        {
            using (OfferKitClient client = Sim.Client(o => o.RetryBackoffInitial = TimeSpan.FromMilliseconds(1)))
            {
                Sim.Fault("{\"kind\":\"status\",\"status\":500}");
                OfferKitException e = Check.Fails(Offers(client), ErrorKind.Server, "500");
                Check.Equal((int?)500, e.HttpStatus, "HTTP status");
                Check.True(e.RetryAfter == null, "no retry-after");
                Sim.Reset();
                Sim.Fault("{\"kind\":\"status\",\"status\":503,\"times\":5}");
                e = Check.Fails(Offers(client), ErrorKind.Server, "503 five times");
                Check.Equal((int?)503, e.HttpStatus, "HTTP status");
                Check.Equal(3L, Sim.Stat("graphql"), "first attempt and two retries");
                Sim.Reset();
                Sim.Fault("{\"kind\":\"status\",\"status\":503,\"times\":2}");
                Check.True(MainThread.Result(client.OffersAsync("demo")).Count > 0, "success on the third attempt");
            }
        }

        public static void RejectedForOther4xxAndRedirectsNotRetried()
        {
            using (OfferKitClient client = Sim.Client(o => o.RetryBackoffInitial = TimeSpan.FromMilliseconds(1)))
            {
                foreach (int status in new[] { 400, 404, 405, 409, 302 })
                {
                    Sim.Reset();
                    Sim.Fault("{\"kind\":\"status\",\"status\":" + status + ",\"times\":5}");
                    OfferKitException e = Check.Fails(Offers(client), ErrorKind.Rejected, "HTTP " + status);
                    Check.Equal((int?)status, e.HttpStatus, "HTTP status");
                    Check.Equal(OfferKitStatus.Rejected, e.Status, "status");
                    Check.Equal("rejected", e.KindName, "kind name");
                    Check.Equal(1L, Sim.Stat("graphql"), "HTTP " + status + " is not retried");
                }
            }
        }

        public static void NetworkForAClosedPortAndADroppedBody()
        {
            using (var closed = new RefusingPort())
            using (var client = Transport.Client(new OfferKitClientOptions("http://127.0.0.1:" + closed.Port) { AccessToken = "t", MaxRetries = 0 }))
            {
                OfferKitException e = Check.Fails(Offers(client), ErrorKind.Network, "closed port");
                Check.Equal((int?)null, e.HttpStatus, "no response");
            }
            using (OfferKitClient client = Sim.Client(o => o.MaxRetries = 0))
            {
                Sim.Fault("{\"kind\":\"drop_mid_body\"}");
                Check.Fails(Offers(client), ErrorKind.Network, "dropped mid-body");
            }
        }

        public static void TimeoutOfASlowResponse()
        {
            using (OfferKitClient client = Sim.Client(o =>
            {
                o.Timeout = TimeSpan.FromMilliseconds(300);
                o.MaxRetries = 0;
            }))
            {
                Sim.Fault("{\"kind\":\"latency\",\"ms\":3000}");
                Check.Fails(Offers(client), ErrorKind.Timeout, "latency 3 s, timeout 300 ms");
            }
        }

        public static void DecodeForMalformedNonJsonAndOversizedBodies()
        {
            using (OfferKitClient client = Sim.Client())
            {
                foreach (string fault in new[]
                         {
                             "{\"kind\":\"malformed_json\"}", "{\"kind\":\"non_json\"}", "{\"kind\":\"oversized_body\",\"bytes\":17825792}",
                         })
                {
                    Sim.Fault(fault);
                    Check.Equal((int?)200, Check.Fails(Offers(client), ErrorKind.Decode, fault).HttpStatus, "HTTP status of " + fault);
                }
                Check.Equal(3L, Sim.Stat("graphql"), "one request each");
            }
        }

        [DllImport(NativeMethods.Library, CallingConvention = CallingConvention.Cdecl)]
        private static extern void offerkit_test_panic_in_conversions(uint count);

        public static void InternalFromAPanicInsideTheLibrary()
        {
            using (OfferKitClient client = Sim.Client())
            {
                try
                {
                    offerkit_test_panic_in_conversions(1);
                }
                catch (EntryPointNotFoundException)
                {
                    if (Environment.GetEnvironmentVariable("OFFERKIT_EXPECT_TEST_HOOKS") == "1")
                        throw new TestFailure("libofferkit was built without the test-hooks feature");
                    throw new TestNotApplicable("needs the test-hooks feature, which the shipping library lacks");
                }
                OfferKitException e = Check.Fails(Offers(client), ErrorKind.Internal, "panic while converting");
                Check.Contains(e.Message, "panic", "message");
                Check.True(MainThread.Result(client.OffersAsync("demo")).Count > 0, "the library keeps working");
            }
        }

        public static void InternalFromAFailureInsideTheWrapperStillFreesEverything()
        {
            using (OfferKitClient client = Sim.Client())
            {
                Results.FailNextConversions = 2;
                OfferKitException e = Check.Fails(Offers(client), ErrorKind.Internal, "offers conversion");
                Check.Contains(e.Message, "injected", "message");
                Check.Fails(client.PlayerOffersAsync("demo"), ErrorKind.Internal, "page conversion");
                Check.Equal(0, Results.FailNextConversions, "both used");
                Check.True(MainThread.Result(client.OffersAsync("demo")).Count > 0, "the client keeps working");
            }
        }

        /// <summary>The task of a client another thread polls (a host whose loop is not the main thread).</summary>
        private static OfferKitException FailsPolledElsewhere(Task task, ErrorKind kind, string what)
        {
            Check.True(task.ContinueWith(_ => { }).Wait(TimeSpan.FromSeconds(60)), what + ": never completed");
            Check.True(task.IsFaulted, what + ": " + task.Status);
            var e = task.Exception.GetBaseException() as OfferKitException;
            Check.True(e != null, what + ": not an OfferKitException: " + task.Exception.GetBaseException());
            Check.Equal(kind, e.Kind, what + " (kind; message: " + e.Message + ")");
            return e;
        }

        public static void KindsAreTheSameWhenAnotherThreadPolls()
        {
            using (OfferKitClient client = Sim.Client())
            using (var stop = new ManualResetEventSlim())
            {
                var poller = new Thread(() =>
                {
                    while (!stop.IsSet)
                        if (client.Poll() == 0) Thread.Sleep(1);
                });
                poller.Start();
                try
                {
                    Sim.Fault("{\"kind\":\"status\",\"status\":403}");
                    Check.Equal((int?)403, FailsPolledElsewhere(client.LinksAsync("demo"), ErrorKind.Forbidden, "403").HttpStatus, "HTTP status");
                    Sim.Fault("{\"kind\":\"status\",\"status\":429}");
                    FailsPolledElsewhere(client.LinksAsync("demo"), ErrorKind.RateLimited, "429");
                    Sim.Fault("{\"kind\":\"non_json\"}");
                    FailsPolledElsewhere(client.LinksAsync("demo"), ErrorKind.Decode, "non-JSON");
                    FailsPolledElsewhere(client.PlayerOffersAsync("demo", new PlayerOffersOptions { After = "forged" }), ErrorKind.InvalidCursor, "cursor");
                    FailsPolledElsewhere(client.OffersAsync(""), ErrorKind.InvalidArgument, "empty id");
                }
                finally
                {
                    stop.Set();
                    poller.Join();
                }
            }
        }
    }
}
