// Simulator.cs: runs the offerkit-sim binary on a free loopback port for the whole test program
// (or, with extra arguments such as a path prefix, for one test) and talks to its control
// endpoint (/_sim: faults, misbehaviour modes, counters, tokens, catalogue) over HTTP.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Net;
using System.Text;
using OfferKit;

namespace OfferKit.Tests
{
    internal sealed class Simulator : IDisposable
    {
        private readonly Process _process;

        private Simulator(Process process, string baseUrl)
        {
            _process = process;
            BaseUrl = baseUrl;
            ControlUrl = new Uri(baseUrl).GetLeftPart(UriPartial.Authority);
        }

        /// <summary>http://127.0.0.1:PORT, and the path prefix if it was started with one.</summary>
        internal string BaseUrl { get; private set; }

        /// <summary>http://127.0.0.1:PORT: /_sim stays at the root under a path prefix.</summary>
        internal string ControlUrl { get; private set; }

        /// <summary>The binary, for tests that start a simulator of their own.</summary>
        internal static string Binary { get; private set; }

        internal static Simulator Start(string binary, string extraArguments = "")
        {
            Binary = Binary ?? binary;
            var info = new ProcessStartInfo(binary, ("--port 0 " + extraArguments).Trim())
            {
                UseShellExecute = false,
                RedirectStandardOutput = true,
                RedirectStandardError = false,
            };
            Process process = Process.Start(info);
            string line = process.StandardOutput.ReadLine();
            const string prefix = "listening on ";
            if (line == null || !line.StartsWith(prefix, StringComparison.Ordinal))
            {
                try { process.Kill(); } catch (Exception) { }
                throw new InvalidOperationException("unexpected first line from the simulator: " + line);
            }
            var sim = new Simulator(process, line.Substring(prefix.Length).Trim());
            AppDomain.CurrentDomain.ProcessExit += (s, e) => sim.Dispose();
            return sim;
        }

        public void Dispose()
        {
            try
            {
                if (!_process.HasExited) _process.Kill();
                _process.WaitForExit(5000);
            }
            catch (Exception)
            {
                // already gone
            }
        }

        internal string Http(string method, string path, string body = null)
        {
            var request = (HttpWebRequest)WebRequest.Create(ControlUrl + path);
            request.Method = method;
            request.Proxy = null;
            request.KeepAlive = false;
            request.Timeout = 30000;
            if (body != null)
            {
                byte[] bytes = Encoding.UTF8.GetBytes(body);
                request.ContentType = "application/json";
                request.ContentLength = bytes.Length;
                using (Stream s = request.GetRequestStream()) s.Write(bytes, 0, bytes.Length);
            }
            try
            {
                using (var response = (HttpWebResponse)request.GetResponse())
                using (var reader = new StreamReader(response.GetResponseStream(), Encoding.UTF8))
                    return reader.ReadToEnd();
            }
            catch (WebException e)
            {
                string detail = "";
                if (e.Response != null)
                    using (var reader = new StreamReader(e.Response.GetResponseStream())) detail = reader.ReadToEnd();
                throw new InvalidOperationException("simulator " + method + " " + path + " failed: " + e.Message + " " + detail);
            }
        }

        internal void Reset()
        {
            Http("DELETE", "/_sim/faults");
            Http("DELETE", "/_sim/mess");
            // Let the previous test's aborted or slow exchanges finish before counting anew.
            var until = DateTime.UtcNow.AddSeconds(30);
            while (Stat("in_flight") > 0 && DateTime.UtcNow < until) System.Threading.Thread.Sleep(10);
            Http("POST", "/_sim/stats/reset", "");
        }

        /// <summary>
        /// Switches the misbehaviour modes (JSON object, see simulator/README.md, e.g.
        /// {"bad_fields":true}); replaces the whole set, from the next request on. Reset turns them off.
        /// </summary>
        internal void Mess(string json)
        {
            Http("PUT", "/_sim/mess", json);
        }

        /// <summary>Adds a fault (flat JSON, see simulator/README.md).</summary>
        internal void Fault(string json)
        {
            Http("POST", "/_sim/faults", json);
        }

        internal long Stat(string name)
        {
            var stats = (Dictionary<string, object>)Json.Parse(Http("GET", "/_sim/stats"));
            return (long)stats[name];
        }

        /// <summary>A fresh access token (negative ttl: expired; unscoped: 403 on offers).</summary>
        internal string Token(long ttlSeconds = 3600, bool scoped = true)
        {
            string body = "{\"ttl_secs\":" + ttlSeconds + ",\"scoped\":" + (scoped ? "true" : "false") + "}";
            var answer = (Dictionary<string, object>)Json.Parse(Http("POST", "/_sim/tokens", body));
            return (string)answer["access_token"];
        }

        /// <summary>The catalogue with the internal sort keys: id → epc.</summary>
        internal Dictionary<string, double> CatalogueEpc()
        {
            var answer = (Dictionary<string, object>)Json.Parse(Http("GET", "/_sim/catalogue"));
            var epc = new Dictionary<string, double>();
            foreach (object o in (List<object>)answer["offers"])
            {
                var offer = (Dictionary<string, object>)o;
                epc[Json.AsText(offer["id"])] = Convert.ToDouble(offer["epc"]);
            }
            return epc;
        }

        /// <summary>A client of this simulator with a fresh token (or the given options).</summary>
        internal OfferKitClient Client(Action<OfferKitClientOptions> configure = null)
        {
            var options = new OfferKitClientOptions(BaseUrl) { AccessToken = Token() };
            if (configure != null) configure(options);
            return Transport.Client(options);
        }
    }
}
