// ProxyTests.cs: OfferKitClientOptions.Proxy: requests go to the proxy (a listener here that
// records the request line and hangs up), an unreachable proxy is a Network error, and a proxy
// that is not a URL is refused when the client is made. Nothing reaches the service directly.
using System;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Threading;
using OfferKit;

namespace OfferKit.Tests
{
    public static class ProxyTests
    {
        private static Simulator Sim { get { return Program.Sim; } }

        public static void AnUnreachableProxyIsANetworkError()
        {
            using (var closed = new RefusingPort())
            using (OfferKitClient client = Sim.Client(o =>
            {
                o.Proxy = "http://127.0.0.1:" + closed.Port;
                o.MaxRetries = 0;
            }))
            {
                OfferKitException e = Check.Fails(client.OffersAsync("demo"), ErrorKind.Network, "closed proxy port");
                Check.Equal((int?)null, e.HttpStatus, "no response");
            }
            Check.Equal(0L, Sim.Stat("requests"), "nothing went to the service directly");
        }

        public static void RequestsGoThroughTheProxy()
        {
            var listener = new TcpListener(IPAddress.Loopback, 0);
            listener.Start();
            string requestLine = null;
            var proxy = new Thread(() =>
            {
                try
                {
                    using (TcpClient connection = listener.AcceptTcpClient())
                    using (var reader = new StreamReader(connection.GetStream(), Encoding.ASCII))
                        requestLine = reader.ReadLine(); // then hang up without answering
                }
                catch (Exception)
                {
                    // the listener was stopped: requestLine stays null
                }
            }) { IsBackground = true };
            proxy.Start();
            try
            {
                int port = ((IPEndPoint)listener.LocalEndpoint).Port;
                using (OfferKitClient client = Sim.Client(o =>
                {
                    o.Proxy = "http://127.0.0.1:" + port;
                    o.MaxRetries = 0;
                }))
                    Check.Fails(client.OffersAsync("demo"), ErrorKind.Network, "a proxy that hangs up");
                Check.True(proxy.Join(TimeSpan.FromSeconds(30)), "the proxy saw no connection");
                // An http:// target goes to the proxy in absolute form: "POST http://127.0.0.1:PORT/... HTTP/1.1".
                Check.Contains(requestLine, "POST " + Sim.BaseUrl + "/", "request line at the proxy");
                Check.Equal(0L, Sim.Stat("requests"), "nothing went to the service directly");
            }
            finally
            {
                listener.Stop();
            }
        }

        public static void AProxyThatIsNotAUrlIsRefused()
        {
            Check.Throws(() => new OfferKitClient(new OfferKitClientOptions(Sim.BaseUrl) { Proxy = "not a proxy" }),
                ErrorKind.InvalidArgument, "proxy 'not a proxy'");
            Check.Throws(() => new OfferKitClient(new OfferKitClientOptions(Sim.BaseUrl) { Proxy = "http://proxy\0.example:8080" }),
                ErrorKind.InvalidArgument, "proxy with U+0000");
        }
    }
}
