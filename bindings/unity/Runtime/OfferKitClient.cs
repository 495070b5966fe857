// OfferKitClient.cs: the client of the offer service for C#: every query as a Task, cancellable
// with a CancellationToken, over the C ABI's asynchronous calls. Nothing here blocks. The native
// client uses poll delivery, the only mode of this package: its completions and token-needed
// callbacks wait in the native library until the game polls (the Unity runner does it in Update),
// so tasks complete, and the TokenProvider starts, on the main thread, and no thread of the
// native library ever runs managed code.
using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using OfferKit.Interop;

namespace OfferKit
{
    public sealed class OfferKitClient : IDisposable
    {
        private static readonly object RegistryGate = new object();
        private static readonly List<WeakReference> Registry = new List<WeakReference>();
        [ThreadStatic] private static bool _polling;
        [ThreadStatic] private static List<OfferKitClient> _pollAllClients;

        private readonly ClientHandle _handle;
        private readonly WeakReference _self;
        private readonly CallsInFlight _inFlight = new CallsInFlight();
        private readonly TokenBridge _tokenBridge;

        private delegate uint StartCall(IntPtr userData, ref IntPtr request, ref IntPtr error);

        /// <summary>Makes a client. Throws OfferKitException (InvalidArgument) for a bad option or base URL.</summary>
        public OfferKitClient(OfferKitClientOptions options)
        {
            if (options == null) throw new ArgumentNullException("options");
            IntPtr config = IntPtr.Zero;
            IntPtr bridge = IntPtr.Zero;
            IntPtr executorBridge = IntPtr.Zero;
            IntPtr error = IntPtr.Zero;
            TokenBridge tokenBridge = null;
            try
            {
                using (var strings = new NativeStrings())
                {
                    Check(NativeMethods.offerkit_config_new(strings.Add(options.BaseUrl, "base_url"), ref config, ref error), error);
                    Tracking.Took(config);
                    foreach (KeyValuePair<string, string> named in SettingNames)
                        Check(NativeMethods.offerkit_config_set_setting_name(config, strings.Add(named.Key, "setting"),
                            strings.Add(named.Value, "name"), ref error), error);
                    if (options.Timeout.HasValue)
                        Check(NativeMethods.offerkit_config_set_timeout_ms(config, Milliseconds(options.Timeout.Value), ref error), error);
                    if (options.Deadline.HasValue)
                        Check(NativeMethods.offerkit_config_set_deadline_ms(config, Milliseconds(options.Deadline.Value), ref error), error);
                    if (options.MaxPages.HasValue)
                        Check(NativeMethods.offerkit_config_set_max_pages(config,
                            (uint)Math.Max(0, options.MaxPages.Value) /* 0 and negative: refused by offerkit_client_new */, ref error), error);
                    if (options.Proxy != null)
                        Check(NativeMethods.offerkit_config_set_proxy(config, strings.Add(options.Proxy, "proxy"), ref error), error);
                    if (options.ConnectTimeout.HasValue)
                        Check(NativeMethods.offerkit_config_set_connect_timeout_ms(config, Milliseconds(options.ConnectTimeout.Value), ref error), error);
                    if (options.MaxRetries.HasValue)
                        Check(NativeMethods.offerkit_config_set_max_retries(config, unchecked((uint)options.MaxRetries.Value) /* negative: refused by offerkit_client_new */, ref error), error);
                    if (options.RetryBackoffInitial.HasValue || options.RetryBackoffMax.HasValue)
                        Check(NativeMethods.offerkit_config_set_retry_backoff_ms(config,
                            Milliseconds(options.RetryBackoffInitial ?? TimeSpan.FromMilliseconds(200)),
                            Milliseconds(options.RetryBackoffMax ?? TimeSpan.FromSeconds(5)), ref error), error);
                    foreach (string pem in options.ExtraRootCertificatesPem)
                        Check(NativeMethods.offerkit_config_add_root_pem(config, strings.Add(pem, "pem"), ref error), error);
                    Check(NativeMethods.offerkit_config_set_allow_insecure_http(config, options.AllowInsecureHttp, ref error), error);
                    if (options.AccessToken != null)
                        Check(NativeMethods.offerkit_config_set_access_token(config, strings.Add(options.AccessToken, "access_token"), ref error), error);
                    Check(NativeMethods.offerkit_config_set_delivery(config, NativeMethods.DeliveryPoll, ref error), error);
                    if (options.TokenWait.HasValue)
                        Check(NativeMethods.offerkit_config_set_token_wait_ms(config, Milliseconds(options.TokenWait.Value), ref error), error);
                    if (options.Cache != null)
                        Check(NativeMethods.offerkit_config_set_cache(config, Milliseconds(options.Cache.TimeToLive),
                            unchecked((uint)options.Cache.MaxEntries), Milliseconds(options.Cache.MaxStale), ref error), error);
                    if (options.TokenProvider != null)
                    {
                        tokenBridge = new TokenBridge(options.TokenProvider, _inFlight, TokenWaitBound(options));
                        bridge = UserData.Pin(tokenBridge);
                        Check(NativeMethods.offerkit_config_set_token_needed(config, Callbacks.TokenNeeded, bridge, ref error), error);
                    }
                    IOfferKitHttpExecutor executor = options.HttpExecutor;
                    Func<IOfferKitHttpExecutor> makeDefault = OfferKitLibrary.DefaultHttpExecutor;
                    if (executor == null && makeDefault != null && !OfferKitLibrary.HasBuiltInHttp)
                        executor = makeDefault();
                    if (executor != null)
                    {
                        executorBridge = UserData.Pin(new ExecutorBridge(executor));
                        Check(NativeMethods.offerkit_config_set_http_executor(config, Callbacks.HttpExecute, Callbacks.HttpCancel,
                            executorBridge, ref error), error);
                    }
                    IntPtr client = IntPtr.Zero;
                    Check(NativeMethods.offerkit_client_new(config, ref client, ref error), error);
                    _handle = new ClientHandle(Tracking.Took(client), bridge, executorBridge);
                    bridge = IntPtr.Zero; // owned by the handle now: unpinned after offerkit_client_free
                    executorBridge = IntPtr.Zero;
                    if (tokenBridge != null) tokenBridge.Attach(_handle);
                }
            }
            finally
            {
                Owned.FreeConfig(config);
                if (bridge != IntPtr.Zero) UserData.Free(bridge);
                if (executorBridge != IntPtr.Zero) UserData.Free(executorBridge);
            }
            _tokenBridge = tokenBridge;
            _self = new WeakReference(this);
            lock (RegistryGate) Registry.Add(_self);
        }

        /// <summary>
        /// Each setting the native library checks, as OfferKitClientOptions spells it: the
        /// constructor's errors name the option the game set (MessagesFor("MaxRetries")).
        /// </summary>
        private static readonly Dictionary<string, string> SettingNames = new Dictionary<string, string>
        {
            { "timeout", "Timeout" },
            { "connect_timeout", "ConnectTimeout" },
            { "deadline", "Deadline" },
            { "token_provider_timeout", "TokenWait" },
            { "retry.max_retries", "MaxRetries" },
            { "retry.initial_backoff", "RetryBackoffInitial" },
            { "retry.max_backoff", "RetryBackoffMax" },
            { "max_pages", "MaxPages" },
            { "cache.ttl", "Cache.TimeToLive" },
            { "cache.max_entries", "Cache.MaxEntries" },
            { "cache.max_stale", "Cache.MaxStale" },
        };

        /// <summary>
        /// The longest a call waits for the TokenProvider: the token wait (default: the request
        /// timeout, 10 s), and never past the call's deadline (default 30 s). A bound refused by
        /// offerkit_client_new never gets here.
        /// </summary>
        private static TimeSpan TokenWaitBound(OfferKitClientOptions options)
        {
            TimeSpan wait = options.TokenWait ?? options.Timeout ?? TimeSpan.FromSeconds(10);
            TimeSpan deadline = options.Deadline ?? TimeSpan.FromSeconds(30);
            return wait < deadline ? wait : deadline;
        }

        /// <summary>True from the moment Dispose is called (also inside a completion).</summary>
        public bool IsDisposed { get { return _handle.Disposed; } }

        /// <summary>The version of the loaded native library, e.g. "1.0.0".</summary>
        public static string NativeVersion
        {
            get { return Utf8.FromNative(NativeMethods.offerkit_version()); }
        }

        // ---- tokens

        /// <summary>
        /// Sets or replaces the access token (its JWT exp is read), from any thread; null forgets it.
        /// Requests waiting for a token continue with this one.
        /// </summary>
        public void SetAccessToken(string accessToken)
        {
            ThrowIfDisposed();
            SetToken(_handle, accessToken);
        }

        internal static void SetToken(ClientHandle handle, string accessToken)
        {
            using (var strings = new NativeStrings())
            {
                IntPtr error = IntPtr.Zero;
                Check(NativeMethods.offerkit_client_set_access_token(handle, strings.Add(accessToken, "access_token"), ref error), error);
            }
        }

        /// <summary>The TokenProvider failed: requests waiting for a token fail now, with this reason.</summary>
        internal static void FailTokenRequest(ClientHandle handle, string reason)
        {
            using (var strings = new NativeStrings())
            {
                IntPtr error = IntPtr.Zero;
                Check(NativeMethods.offerkit_client_fail_token_request(handle, strings.Add(reason, "reason"), ref error), error);
            }
        }

        // ---- cache

        /// <summary>Forgets every cached answer for the player (e.g. after they complete an offer). No-op without a cache.</summary>
        public void InvalidateCache(string playerId)
        {
            ThrowIfDisposed();
            using (var strings = new NativeStrings())
            {
                IntPtr error = IntPtr.Zero;
                Check(NativeMethods.offerkit_client_invalidate(_handle, strings.Add(playerId, "player_id"), ref error), error);
            }
        }

        /// <summary>Forgets every cached answer. No-op without a cache.</summary>
        public void ClearCache()
        {
            ThrowIfDisposed();
            NativeMethods.offerkit_client_clear_cache(_handle);
        }

        // ---- delivery

        /// <summary>
        /// Runs this client's queued callbacks on the calling thread: completions (and so the code
        /// after an await) and TokenProvider starts, at most <paramref name="max"/> of them (null:
        /// every one queued now), and the queued log messages. Never blocks. A call from inside a
        /// completion does nothing (returns 0). The calling thread becomes the one that pumps
        /// offerkit (see BlockingWaitException). Throws ArgumentOutOfRangeException for a max
        /// below 1.
        /// </summary>
        public int Poll(int? max = null)
        {
            if (max.HasValue && max.Value < 1)
                throw new ArgumentOutOfRangeException("max", max.Value, "at least 1, or null for every queued callback");
            PumpThread.Mark();
            if (_polling || _handle.Disposed) return 0;
            _polling = true;
            DeliveryScope.Enter(true);
            try
            {
                int ran = (int)_handle.Poll(max ?? 0); // the C ABI's 0: every one queued
                if (_tokenBridge != null) _tokenBridge.Polled();
                return ran + OfferKitLog.PollQueued();
            }
            catch (ObjectDisposedException)
            {
                return 0; // disposed meanwhile: its completions already ran in Dispose
            }
            finally
            {
                DeliveryScope.Exit(true);
                _polling = false;
            }
        }

        /// <summary>Callbacks waiting for this client's next poll (completions and token needs).</summary>
        internal int PendingCallbacks
        {
            get { return (int)NativeMethods.offerkit_client_pending_completions(_handle).ToUInt32(); }
        }

        /// <summary>
        /// Polls every live client, then delivers the log messages still queued (what the Unity
        /// runner calls every frame). Returns how many callbacks ran.
        /// </summary>
        public static int PollAll()
        {
            PumpThread.Mark();
            if (_polling) return 0;
            // The game's every frame: the list of live clients is this thread's, reused, so an
            // idle pump allocates nothing (IdlePumpTests). A callback's PollAll returns above.
            List<OfferKitClient> live = _pollAllClients ?? (_pollAllClients = new List<OfferKitClient>());
            int ran = 0;
            try
            {
                LiveClients(live);
                foreach (OfferKitClient client in live) ran += client.Poll();
            }
            finally
            {
                live.Clear(); // holds no client between frames: one nobody references may be collected
            }
            return ran + OfferKitLog.Poll();
        }

        /// <summary>
        /// Disposes every live client (the Editor hooks do it when play mode ends; OfferKitLibrary.Shutdown
        /// before a domain reload and when the application quits).
        /// </summary>
        public static void DisposeAll()
        {
            var live = new List<OfferKitClient>();
            LiveClients(live);
            foreach (OfferKitClient client in live) client.Dispose();
        }

        /// <summary>Fills <paramref name="live"/> with the clients still alive, forgetting the collected ones.</summary>
        private static void LiveClients(List<OfferKitClient> live)
        {
            lock (RegistryGate)
            {
                Registry.RemoveAll(w => !w.IsAlive);
                foreach (WeakReference w in Registry)
                {
                    var client = w.Target as OfferKitClient;
                    if (client != null) live.Add(client);
                }
            }
        }

        /// <summary>
        /// Cancels every request in flight and completes every task still owed before returning
        /// (cancelled ones as cancelled; already queued results as they are),
        /// on this thread. From the moment it is called, IsDisposed is true and every call fails
        /// with ObjectDisposedException, sending nothing. Also inside a completion (code after an
        /// await, run by the poll): the native client is then freed at once, inside that poll.
        /// </summary>
        public void Dispose()
        {
            if (!_handle.MarkDisposed()) return;
            lock (RegistryGate) Registry.Remove(_self);
            if (_tokenBridge != null) _tokenBridge.ClientDisposed();
            DeliveryScope.Enter();
            try
            {
                _handle.Dispose();
            }
            finally
            {
                DeliveryScope.Exit();
            }
        }

        private void ThrowIfDisposed()
        {
            if (_handle.Disposed) throw new ObjectDisposedException(typeof(OfferKitClient).FullName);
        }

        // ---- queries

        /// <summary>
        /// Every offer targeted at <paramref name="playerId"/> (1 to 255 characters), with where
        /// the answer came from (FromCache, IsStale, Age: see OfferKitClientOptions.Cache) and the
        /// items left out as malformed (Skipped).
        /// </summary>
        public Task<OfferList> OffersAsync(string playerId, OffersOptions options = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            options = options ?? new OffersOptions();
            return Start<OfferList>(Results.Offers, Owned.FreeOfferList, cancellationToken,
                (IntPtr userData, ref IntPtr request, ref IntPtr error) =>
                {
                    using (var strings = new NativeStrings())
                    using (NativeOptions o = NativeOptions.Offers(options, strings))
                        return NativeMethods.offerkit_client_offers_async(_handle, strings.Add(playerId, "player_id"), o.Pointer,
                            Callbacks.OfferList, userData, ref request, ref error);
                });
        }

        /// <summary>
        /// The player's tracking links: support_portal by default; LinksOptions.Select adds fields
        /// (e.g. "offerwall"), LinksOptions.Selection replaces the selection.
        /// </summary>
        public Task<Links> LinksAsync(string playerId, LinksOptions options = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            options = options ?? new LinksOptions();
            return Start<Links>(json => new Links(Results.Text(json)), Owned.FreeString, cancellationToken,
                (IntPtr userData, ref IntPtr request, ref IntPtr error) =>
                {
                    using (var strings = new NativeStrings())
                        return NativeMethods.offerkit_client_links_async(_handle, strings.Add(playerId, "player_id"),
                            strings.Add(options.Select, "select"), strings.Add(options.Selection, "selection"),
                            Callbacks.Json, userData, ref request, ref error);
                });
        }

        /// <summary>One page of the offers the player engaged with (see CreatePlayerOffersPager to follow the cursors).</summary>
        public Task<PlayerOffersPage> PlayerOffersAsync(string playerId, PlayerOffersOptions options = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            options = options ?? new PlayerOffersOptions();
            return Start<PlayerOffersPage>(Results.Page, Owned.FreePage, cancellationToken,
                (IntPtr userData, ref IntPtr request, ref IntPtr error) =>
                {
                    using (var strings = new NativeStrings())
                    using (NativeOptions o = NativeOptions.PlayerOffers(options, strings))
                        return NativeMethods.offerkit_client_player_offers_async(_handle, strings.Add(playerId, "player_id"), o.Pointer,
                            Callbacks.Page, userData, ref request, ref error);
                });
        }

        /// <summary>
        /// A pager over every page of playerOffers, from options.After (or the first page). The
        /// arguments are checked now (OfferKitException, nothing sent); no request until NextAsync.
        /// </summary>
        public PlayerOffersPager CreatePlayerOffersPager(string playerId, PlayerOffersOptions options = null)
        {
            ThrowIfDisposed();
            options = options ?? new PlayerOffersOptions();
            using (var strings = new NativeStrings())
            using (NativeOptions o = NativeOptions.PlayerOffers(options, strings))
            {
                IntPtr pager = IntPtr.Zero;
                IntPtr error = IntPtr.Zero;
                Check(NativeMethods.offerkit_client_player_offers_pager(_handle, strings.Add(playerId, "player_id"), o.Pointer, ref pager, ref error), error);
                return new PlayerOffersPager(this, new PagerHandle(Tracking.Took(pager)));
            }
        }

        /// <summary>
        /// GET /v1/offers: with <paramref name="perPage"/> null (not sent) every offer at once, no
        /// pagination; with 1 to 100, page <paramref name="page"/> (null, not sent: the first) and
        /// its Pagination. Any other number, 0 and negatives included, is refused before sending
        /// (InvalidArgument, in the service's words).
        /// </summary>
        public Task<OfferListPage> ListOffersAsync(int? perPage = null, int? page = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            return Start<OfferListPage>(Results.ListingPage, Owned.FreeOfferList, cancellationToken,
                (IntPtr userData, ref IntPtr request, ref IntPtr error) =>
                {
                    using (NativeOptions o = NativeOptions.ListOffers(perPage, page))
                        return NativeMethods.offerkit_client_list_offers_async(_handle, o.Pointer,
                            Callbacks.OfferList, userData, ref request, ref error);
                });
        }

        /// <summary>Every page of GET /v1/offers, <paramref name="perPage"/> (1 to 100) per request, as one <see cref="OfferList"/>.</summary>
        public Task<OfferList> ListAllOffersAsync(int perPage = 100,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            return Start<OfferList>(Results.Offers, Owned.FreeOfferList, cancellationToken,
                (IntPtr userData, ref IntPtr request, ref IntPtr error) =>
                {
                    using (NativeOptions o = NativeOptions.ListOffers(perPage, null))
                        return NativeMethods.offerkit_client_list_all_offers_async(_handle, o.Pointer,
                            Callbacks.OfferList, userData, ref request, ref error);
                });
        }

        /// <summary>
        /// Raw GraphQL: the response's data as the JSON text the service sent, byte for byte (any
        /// depth, every number as written). A response with errors fails with kind
        /// Validation, Query or InvalidCursor; the whole response is in OfferKitException.ResponseJson.
        /// </summary>
        public Task<string> GraphQLAsync(string document, string variablesJson = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            return Start<string>(Results.Text, Owned.FreeString, cancellationToken,
                (IntPtr userData, ref IntPtr request, ref IntPtr error) =>
                {
                    using (var strings = new NativeStrings())
                        return NativeMethods.offerkit_client_graphql_async(_handle, strings.Add(document, "document"),
                            strings.Add(variablesJson, "variables"), Callbacks.Json, userData, ref request, ref error);
                });
        }

        // ---- machinery

        internal Task<PlayerOffersPage> NextPage(PagerHandle pager, Func<IntPtr, PlayerOffersPage> convert, CancellationToken cancellationToken)
        {
            if (_handle.Disposed && !pager.IsClosed)
            {
                // As the native pager of a freed client answers, without reaching it: the native
                // client may still be alive for a moment (a call on another thread holds it).
                var cancelled = new TaskCompletionSource<PlayerOffersPage>();
                cancelled.SetCanceled();
                return cancelled.Task;
            }
            return Start<PlayerOffersPage>(convert, Owned.FreePage, cancellationToken,
                (IntPtr userData, ref IntPtr request, ref IntPtr error) =>
                    NativeMethods.offerkit_player_offers_pager_next_async(pager, Callbacks.Page, userData, ref request, ref error));
        }

        /// <summary>
        /// Starts one asynchronous C call. Every failure becomes the returned task's exception: the
        /// C layer's (NULL, UTF-8) from the call itself, core's through the callback.
        /// </summary>
        private Task<T> Start<T>(Func<IntPtr, T> convert, Action<IntPtr> free, CancellationToken cancellationToken, StartCall start)
        {
            var call = new PendingCall<T>(convert, free, cancellationToken);
            if (_handle.Disposed)
            {
                call.FailAtStart(new ObjectDisposedException(typeof(OfferKitClient).FullName));
                return call.Task; // nothing sent
            }
            if (cancellationToken.IsCancellationRequested)
            {
                var cancelled = new TaskCompletionSource<T>();
                cancelled.SetCanceled();
                return cancelled.Task; // nothing sent
            }
            IntPtr userData = IntPtr.Zero;
            try
            {
                userData = UserData.Pin(call);
                call.Track(_inFlight);
                IntPtr request = IntPtr.Zero;
                IntPtr error = IntPtr.Zero;
                uint status = start(userData, ref request, ref error);
                if (status == NativeMethods.StatusOk)
                {
                    userData = IntPtr.Zero; // the callback owns it now
                    call.Started(Tracking.Took(request));
                }
                else
                {
                    UserData.Free(userData); // the callback never runs
                    userData = IntPtr.Zero;
                    call.Untrack();
                    OfferKitException failure = OfferKitException.Adopt(status, Tracking.Took(error));
                    if (failure.Kind == ErrorKind.Cancelled) call.CancelAtStart(); // e.g. a pager whose client was disposed
                    else call.FailAtStart(failure);
                }
            }
            catch (Exception e)
            {
                // Before the native call (a closed handle, text C cannot carry): nothing started.
                if (userData != IntPtr.Zero)
                {
                    UserData.Free(userData);
                    call.Untrack();
                }
                call.FailAtStart(e is OfferKitException || e is ObjectDisposedException ? e : OfferKitException.Internal(e));
            }
            return call.Task;
        }

        private static ulong Milliseconds(TimeSpan span)
        {
            // A negative span is sent as a number offerkit_client_new refuses (core checks every bound).
            return span.Ticks < 0 ? ulong.MaxValue : (ulong)Math.Ceiling(span.TotalMilliseconds);
        }

        /// <summary>Throws the OfferKitException of a failed synchronous call (freeing its error).</summary>
        internal static void Check(uint status, IntPtr error)
        {
            if (status != NativeMethods.StatusOk) throw OfferKitException.Adopt(status, Tracking.Took(error));
        }
    }
}
