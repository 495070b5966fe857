// RefusingPort.cs: a loopback port that refuses connections, for the tests of a closed port and
// an unreachable proxy. A socket is bound to it and never listens, and it is held until
// disposed, so no other socket can take the port while a test connects to it (a port found
// free and released could be taken again by then).
using System;
using System.Net;
using System.Net.Sockets;

namespace OfferKit.Tests
{
    public sealed class RefusingPort : IDisposable
    {
        private readonly Socket socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);

        public RefusingPort()
        {
            socket.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        }

        public int Port { get { return ((IPEndPoint)socket.LocalEndPoint).Port; } }

        public void Dispose()
        {
            socket.Close();
        }
    }
}
