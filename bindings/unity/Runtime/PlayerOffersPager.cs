// PlayerOffersPager.cs: follows playerOffers' next_cursor page by page, asynchronously. The native
// pager keeps the position: a failed or cancelled page leaves it where it was, so NextAsync may
// simply be called again.
using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using OfferKit.Interop;

namespace OfferKit
{
    public sealed class PlayerOffersPager : IDisposable
    {
        // Every live pager, for OfferKitLibrary.Shutdown (the library stops only once all are freed).
        private static readonly object RegistryGate = new object();
        private static readonly List<WeakReference> Registry = new List<WeakReference>();

        private readonly OfferKitClient _client;
        private readonly PagerHandle _handle;
        private readonly WeakReference _self;
        private volatile bool _finished;

        internal PlayerOffersPager(OfferKitClient client, PagerHandle handle)
        {
            _client = client;
            _handle = handle;
            _self = new WeakReference(this);
            lock (RegistryGate)
            {
                Registry.RemoveAll(w => !w.IsAlive);
                Registry.Add(_self);
            }
        }

        /// <summary>True once NextAsync has returned null (the last page was passed).</summary>
        public bool IsFinished { get { return _finished; } }

        /// <summary>
        /// The next page, or null after the last one. Pages come one after the other, also when
        /// called concurrently. Fails with ObjectDisposedException after Dispose, and is cancelled
        /// once the client is disposed.
        /// </summary>
        public Task<PlayerOffersPage> NextAsync(CancellationToken cancellationToken = default(CancellationToken))
        {
            return _client.NextPage(_handle, result =>
            {
                PlayerOffersPage page = Results.Page(result);
                if (page == null) _finished = true;
                return page;
            }, cancellationToken);
        }

        /// <summary>
        /// Every remaining item, page after page. Items only: to see what the service sent
        /// malformed, read the pages with NextAsync (PlayerOffersPage.Skipped).
        /// </summary>
        public Task<IReadOnlyList<PlayerOffer>> ReadAllAsync(CancellationToken cancellationToken = default(CancellationToken))
        {
            // A task of PumpScheduler like every other: a blocking wait on the pumping thread ends it
            // with BlockingWaitException, and stops the walk.
            var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            var all = new PumpTaskSource<IReadOnlyList<PlayerOffer>>(stop.Cancel);
            ReadAll(stop.Token).ContinueWith(done =>
            {
                all.TrySetFrom(done);
                stop.Dispose();
            }, TaskContinuationOptions.ExecuteSynchronously);
            return all.Task;
        }

        private async Task<IReadOnlyList<PlayerOffer>> ReadAll(CancellationToken cancellationToken)
        {
            var items = new List<PlayerOffer>();
            while (true)
            {
                PlayerOffersPage page = await NextAsync(cancellationToken);
                if (page == null) return items;
                items.AddRange(page.Items);
            }
        }

        public void Dispose()
        {
            lock (RegistryGate) Registry.Remove(_self);
            _handle.Dispose();
        }

        /// <summary>Disposes every live pager (OfferKitLibrary.Shutdown).</summary>
        internal static void DisposeAll()
        {
            var live = new List<PlayerOffersPager>();
            lock (RegistryGate)
            {
                foreach (WeakReference w in Registry)
                {
                    var pager = w.Target as PlayerOffersPager;
                    if (pager != null) live.Add(pager);
                }
            }
            foreach (PlayerOffersPager pager in live) pager.Dispose();
        }
    }
}
