// InteropTests.cs: the boundary itself: the library version, UTF-8 both ways, text a C string
// cannot carry, bad options, exceptions thrown by game code inside completions and log handlers
// (never reaching native code), and a re-entrant poll.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using OfferKit;

namespace OfferKit.Tests
{
    public static class InteropTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        public static void TheLoadedLibraryIsVersion110()
        {
            Check.Equal("1.1.0", OfferKitClient.NativeVersion, "offerkit_version");
        }

        public static void Utf8TravelsBothWays()
        {
            using (OfferKitClient client = Sim.Client())
            {
                const string player = "日本語-プレイヤー";
                OfferList offers = MainThread.Result(client.OffersAsync(player, new OffersOptions { Limit = 1, Select = "links { click_url }" }));
                Check.Contains(offers[0].FieldText("links.click_url"), Uri.EscapeDataString(player), "player id in click_url");
                string data = MainThread.Result(client.GraphQLAsync("query($p: String!) { links(player_id: $p) { support_portal } }",
                    "{\"p\":" + Json.Quote(player) + "}"));
                Check.Contains(data, Uri.EscapeDataString(player), "raw GraphQL with a UTF-8 variable");
                OfferList german = MainThread.Result(client.OffersAsync("demo", new OffersOptions { Language = "zh-HK", Limit = 3 }));
                Check.True(german.Any(o => o.CreativeDescription.Any(c => c > 0x2E80)), "Chinese creatives arrive as Chinese text");
            }
        }

        public static void TextACStringCannotCarryIsRefusedWithoutSending()
        {
            using (OfferKitClient client = Sim.Client())
            {
                Check.Fails(client.OffersAsync("de\0mo"), ErrorKind.InvalidArgument, "U+0000");
                Check.Equal(OfferKitStatus.InvalidUtf8, Check.Fails(client.LinksAsync("\uDC00"), ErrorKind.InvalidArgument, "lone surrogate").Status, "status");
                Check.Equal(OfferKitStatus.NullArgument, Check.Fails(client.OffersAsync(null), ErrorKind.InvalidArgument, "null").Status, "status");
                Check.Equal(OfferKitStatus.NullArgument, Check.Fails(client.GraphQLAsync(null), ErrorKind.InvalidArgument, "null document").Status, "status");
                Check.Equal(0L, Sim.Stat("requests"), "nothing sent");
            }
        }

        public static void BadOptionsFailWhenTheClientIsMade()
        {
            Check.Throws(() => new OfferKitClient(new OfferKitClientOptions("ftp://example.com")), ErrorKind.InvalidArgument, "scheme");
            Check.Throws(() => new OfferKitClient(new OfferKitClientOptions("http://example.com")), ErrorKind.InvalidArgument, "plain http to a remote host");
            Check.Equal(OfferKitStatus.NullArgument,
                Check.Throws(() => new OfferKitClient(new OfferKitClientOptions(null)), ErrorKind.InvalidArgument, "null URL").Status, "status");
            // Settings out of bounds: refused when the client is made, each named in one field entry.
            OfferKitException zero = Check.Throws(() => new OfferKitClient(new OfferKitClientOptions(Sim.BaseUrl) { Timeout = TimeSpan.Zero }),
                ErrorKind.InvalidArgument, "zero timeout");
            Check.Equal(OfferKitStatus.InvalidArgument, zero.Status, "status");
            Check.Equal("config", zero.Fields[0].Path, "field entry");
            Check.Equal("0 ms is not between 1 ms and 24 h", zero.MessagesFor("Timeout")[0], "message");
            Check.Equal(1, Check.Throws(() => new OfferKitClient(new OfferKitClientOptions(Sim.BaseUrl) { MaxRetries = -1 }),
                ErrorKind.InvalidArgument, "negative retries").MessagesFor("MaxRetries").Count, "negative retries named");
            Check.Equal("11 is more than 10", Check.Throws(() => new OfferKitClient(new OfferKitClientOptions(Sim.BaseUrl) { MaxRetries = 11 }),
                ErrorKind.InvalidArgument, "11 retries").MessagesFor("MaxRetries")[0], "11 retries named");
            OfferKitException several = Check.Throws(() => new OfferKitClient(new OfferKitClientOptions(Sim.BaseUrl)
                { Timeout = TimeSpan.Zero, Deadline = TimeSpan.FromDays(2), MaxRetries = 11 }), ErrorKind.InvalidArgument, "three bad settings");
            Check.Equal("Deadline,MaxRetries,Timeout", string.Join(",", several.Fields[0].ArgumentNames), "every bad setting named");
            // Named as these options spell them, in the message too (one rule names two options).
            OfferKitException backoff = Check.Throws(() => new OfferKitClient(new OfferKitClientOptions(Sim.BaseUrl)
                { RetryBackoffInitial = TimeSpan.FromMilliseconds(50), RetryBackoffMax = TimeSpan.FromMilliseconds(10),
                  TokenWait = TimeSpan.Zero, MaxPages = 0 }), ErrorKind.InvalidArgument, "backoff");
            Check.Equal("MaxPages,RetryBackoffInitial,TokenWait", string.Join(",", backoff.Fields[0].ArgumentNames), "named as set");
            Check.Equal("50 ms is more than RetryBackoffMax (10 ms)", backoff.MessagesFor("RetryBackoffInitial")[0], "the other option named");
            Check.True(!backoff.Message.Contains("retry.") && !backoff.Message.Contains("token_provider_timeout"), "no library names: " + backoff.Message);
            var pem = new OfferKitClientOptions(Sim.BaseUrl);
            pem.ExtraRootCertificatesPem.Add("-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----\n");
            Check.Throws(() => new OfferKitClient(pem), ErrorKind.InvalidArgument, "bad PEM");
        }

        public static void GameCodeThrowingInsideCompletionsNeverReachesNativeCode()
        {
            using (OfferKitClient client = Sim.Client())
            {
                int ran = 0;
                List<Task> throwing = Enumerable.Range(0, 5).Select(i => client.LinksAsync("demo").ContinueWith(t =>
                {
                    Interlocked.Increment(ref ran);
                    throw new InvalidOperationException("game bug " + i);
                }, TaskContinuationOptions.ExecuteSynchronously)).ToList();
                MainThread.Wait(Task.WhenAll(throwing.Select(t => t.ContinueWith(_ => { }))));
                Check.Equal(5, ran, "continuations ran");
                Check.True(throwing.All(t => t.IsFaulted), "their own tasks hold the exceptions");
                Check.True(MainThread.Result(client.OffersAsync("demo")).Count > 0, "the client keeps working");
            }
        }

        public static void AThrowingLogHandlerIsIgnored()
        {
            int calls = 0;
            OfferKitLog.SetHandler((level, message) =>
            {
                Interlocked.Increment(ref calls);
                throw new InvalidOperationException("log handler bug");
            }, LogLevel.Trace);
            try
            {
                using (OfferKitClient client = Sim.Client())
                    Check.True(MainThread.Result(client.OffersAsync("demo")).Count > 0, "offers");
                MainThread.Until(() => Volatile.Read(ref calls) > 0, "the handler to be called by a poll");
                Check.True(Volatile.Read(ref calls) > 0, "the handler was called");
            }
            finally
            {
                OfferKitLog.SetHandler(null);
            }
        }

        public static void PollInsideACompletionDoesNothing()
        {
            using (OfferKitClient client = Sim.Client())
            {
                int nested = -1;
                Task inner = client.LinksAsync("demo").ContinueWith(t => nested = client.Poll() + OfferKitClient.PollAll(),
                    TaskContinuationOptions.ExecuteSynchronously);
                MainThread.Wait(inner);
                Check.Equal(0, nested, "a nested poll ran completions");
            }
        }
    }
}
