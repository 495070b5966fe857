// PumpIdle.cs: the Unity package's per-frame pump (OfferKitClient.PollAll, what OfferKitRunner
// calls in Update) with nothing to deliver, on Mono: time per frame and bytes put on the managed
// heap (the runtime's counter of the calling thread). Two poll-delivery clients that have each
// finished a request to a closed port, and a log handler set, as in a running game.
//   mono PumpIdle.exe [ROUNDS]           (libofferkit on LD_LIBRARY_PATH; prints one JSON object)
using System;
using System.Diagnostics;
using System.Threading.Tasks;
using OfferKit;

public static class PumpIdle
{
    private const int Frames = 1000000;

    public static int Main(string[] args)
    {
        int rounds = args.Length > 0 ? int.Parse(args[0]) : 11;
        int logged = 0;
        OfferKitLog.SetHandler((level, message) => logged++, LogLevel.Trace);
        var options = new OfferKitClientOptions("http://127.0.0.1:1") { AccessToken = "token", MaxRetries = 0 };
        using (var first = new OfferKitClient(options))
        using (var second = new OfferKitClient(options))
        {
            foreach (OfferKitClient client in new[] { first, second })
            {
                Task<OfferList> call = client.OffersAsync("player-1");
                var guard = Stopwatch.StartNew();
                while (!call.IsCompleted && guard.Elapsed < TimeSpan.FromSeconds(30))
                {
                    OfferKitClient.PollAll();
                    System.Threading.Thread.Sleep(1);
                }
                if (!call.IsFaulted) { Console.Error.WriteLine("expected a network failure: " + call.Status); return 1; }
            }
            for (int i = 0; i < 1000; i++) OfferKitClient.PollAll();

            var ns = new double[rounds];
            long bytes = 0;
            int ran = 0;
            for (int r = 0; r < rounds; r++)
            {
                var watch = new Stopwatch(); // made before counting: it is the probe's, not the pump's
                long before = GC.GetAllocatedBytesForCurrentThread();
                watch.Start();
                for (int frame = 0; frame < Frames; frame++) ran += OfferKitClient.PollAll();
                watch.Stop();
                bytes += GC.GetAllocatedBytesForCurrentThread() - before;
                ns[r] = watch.Elapsed.TotalMilliseconds * 1e6 / Frames;
            }
            Array.Sort(ns);
            Console.WriteLine("{{\"rounds\":{0},\"frames_per_round\":{1},\"clients\":2,\"poll_all_ns\":{2:F0},\"bytes\":{3},\"callbacks_ran\":{4}}}",
                rounds, Frames, ns[rounds / 2], bytes, ran);
            return bytes == 0 && ran == 0 ? 0 : 1;
        }
    }
}
