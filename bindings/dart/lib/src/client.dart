// OfferClient: every query as a Future (and the playerOffers pager as a Stream) over the C ABI's
// `_async` functions. Completions arrive through NativeCallable.listener callbacks: the library
// thread posts them to this isolate's event loop and returns at once, so nothing ever blocks the
// loop (docs/decisions.md says why listeners and not poll delivery).

import 'dart:async';
import 'dart:convert';
import 'dart:ffi';
import 'dart:typed_data';

import 'package:ffi/ffi.dart';

import 'bindings.g.dart';
import 'cancel.dart';
import 'errors.dart';
import 'executor.dart';
import 'native.dart';
import 'models.dart';

/// Why the client asks for a token.
enum TokenReason {
  /// The client has none.
  missing,

  /// The current one expires within a minute.
  expiring,

  /// The service answered 401 to the current one.
  rejected;

  static TokenReason _of(int reason) => switch (reason) {
        OfferkitTokenReason.expiring => TokenReason.expiring,
        OfferkitTokenReason.rejected => TokenReason.rejected,
        _ => TokenReason.missing,
      };
}

/// Gets a short-lived access token from your backend. Concurrent calls that need a token share
/// one ask; a provider that throws fails them with an [UnauthorizedException] carrying its
/// text; one slower than the client's `tokenWait` fails them with an [OfferTimeoutException].
typedef TokenProvider = Future<String> Function(TokenReason reason);

/// The client's response cache.
final class CacheOptions {
  const CacheOptions({required this.timeToLive, this.maxEntries = 64, this.maxStale = Duration.zero});

  /// How long an answer is served without asking the service (zero: always ask).
  final Duration timeToLive;

  /// How many answers are kept (at least 1).
  final int maxEntries;

  /// How long past [timeToLive] an answer may bridge a failing service (zero: never).
  final Duration maxStale;
}

/// A client of the offer service. Every call returns a Future completed on the calling
/// isolate's event loop; pass a [CancelToken] to cancel one. [close] it when done (a client
/// nobody references is also freed by the garbage collector).
final class OfferClient implements Finalizable {
  /// Makes a client. Throws [InvalidArgumentException] for a bad base URL or an option out of
  /// bounds (its field entry, path `config`, names the options as written here: `timeout`,
  /// `deadline`, `maxRetries`, `cache.timeToLive`, ...).
  factory OfferClient({
    required String baseUrl,
    String? accessToken,
    TokenProvider? tokenProvider,
    Duration? timeout,
    Duration? connectTimeout,
    Duration? deadline,
    Duration? tokenWait,
    int? maxRetries,
    Duration? retryBackoffInitial,
    Duration? retryBackoffMax,
    int? maxPages,
    CacheOptions? cache,
    String? proxy,
    bool allowInsecureHttp = false,
    List<String> extraRootCertificatesPem = const [],
    OfferHttpExecutor? httpExecutor,
  }) {
    final c = native;
    final key = _Dispatch.nextKey();
    final config = calloc<Pointer<OfferkitConfig>>();
    try {
      return using((arena) {
        Pointer<Utf8> s(String v) => v.toNativeUtf8(allocator: arena);
        check((e) => c.offerkit_config_new(s(baseUrl), config, e));
        final cfg = config.value;
        _settingNames.forEach((setting, name) {
          check((e) => c.offerkit_config_set_setting_name(cfg, s(setting), s(name), e));
        });
        if (timeout != null) check((e) => c.offerkit_config_set_timeout_ms(cfg, _ms(timeout), e));
        if (connectTimeout != null) {
          check((e) => c.offerkit_config_set_connect_timeout_ms(cfg, _ms(connectTimeout), e));
        }
        if (deadline != null) check((e) => c.offerkit_config_set_deadline_ms(cfg, _ms(deadline), e));
        if (tokenWait != null) check((e) => c.offerkit_config_set_token_wait_ms(cfg, _ms(tokenWait), e));
        if (maxRetries != null) {
          // A negative number reaches the library as a huge one, which it refuses by name.
          check((e) => c.offerkit_config_set_max_retries(cfg, maxRetries.toUnsigned(32), e));
        }
        if (retryBackoffInitial != null || retryBackoffMax != null) {
          check((e) => c.offerkit_config_set_retry_backoff_ms(
              cfg,
              _ms(retryBackoffInitial ?? const Duration(milliseconds: 200)),
              _ms(retryBackoffMax ?? const Duration(seconds: 5)),
              e));
        }
        if (maxPages != null) {
          check((e) => c.offerkit_config_set_max_pages(cfg, maxPages < 0 ? 0 : maxPages.toUnsigned(32), e));
        }
        if (cache != null) {
          check((e) => c.offerkit_config_set_cache(cfg, _ms(cache.timeToLive),
              cache.maxEntries < 0 ? 0 : cache.maxEntries.toUnsigned(32), _ms(cache.maxStale), e));
        }
        if (proxy != null) check((e) => c.offerkit_config_set_proxy(cfg, s(proxy), e));
        for (final pem in extraRootCertificatesPem) {
          check((e) => c.offerkit_config_add_root_pem(cfg, s(pem), e));
        }
        check((e) => c.offerkit_config_set_allow_insecure_http(cfg, allowInsecureHttp, e));
        if (accessToken != null) check((e) => c.offerkit_config_set_access_token(cfg, s(accessToken), e));
        check((e) => c.offerkit_config_set_delivery(cfg, OfferkitDelivery.thread, e));
        final userData = Pointer<Void>.fromAddress(key);
        if (tokenProvider != null) {
          check((e) => c.offerkit_config_set_token_needed(cfg, _Dispatch.tokenNeeded, userData, e));
        }
        if (httpExecutor != null) {
          check((e) => c.offerkit_config_set_http_executor(cfg, _Dispatch.execute, _Dispatch.cancelHttp, userData, e));
        }
        final out = arena<Pointer<OfferkitClient>>();
        check((e) => c.offerkit_client_new(cfg, out, e));
        final state = _ClientState(key, out.value, tokenProvider, httpExecutor);
        final client = OfferClient._(state);
        _Dispatch.clients[key] = state;
        return client;
      });
    } finally {
      c.offerkit_config_free(config.value);
      calloc.free(config);
    }
  }

  OfferClient._(this._state) {
    _nativeFinalizer.attach(this, _state.pointer.cast(), detach: this);
    _stateFinalizer.attach(this, _state.key, detach: this);
  }

  final _ClientState _state;

  static final _nativeFinalizer = NativeFinalizer(
      native.library.lookup<NativeFunction<Void Function(Pointer<Void>)>>('offerkit_client_free').cast());
  static final _stateFinalizer = Finalizer<int>((key) => _Dispatch.clients.remove(key)?.closed = true);

  /// Each setting the library checks, as this class spells it: errors of the constructor name
  /// the option the program set.
  static const Map<String, String> _settingNames = {
    'timeout': 'timeout',
    'connect_timeout': 'connectTimeout',
    'deadline': 'deadline',
    'token_provider_timeout': 'tokenWait',
    'retry.max_retries': 'maxRetries',
    'retry.initial_backoff': 'retryBackoffInitial',
    'retry.max_backoff': 'retryBackoffMax',
    'max_pages': 'maxPages',
    'cache.ttl': 'cache.timeToLive',
    'cache.max_entries': 'cache.maxEntries',
    'cache.max_stale': 'cache.maxStale',
  };

  static int _ms(Duration d) => d.isNegative ? 0 : d.inMilliseconds;

  /// Whether [close] was called.
  bool get isClosed => _state.closed;

  /// Frees the native client. Calls in flight complete with a [CancelledException] (on the
  /// event loop, after this returns); the token provider and the executor are not called again.
  /// Idempotent.
  void close() {
    if (_state.closed) return;
    _state.closed = true;
    _nativeFinalizer.detach(this);
    _stateFinalizer.detach(this);
    _Dispatch.clients.remove(_state.key);
    native.offerkit_client_free(_state.pointer);
  }

  Pointer<OfferkitClient> get _ptr {
    if (_state.closed) throw StateError('the OfferClient is closed');
    return _state.pointer;
  }

  /// The offers for [playerId]. [select] adds GraphQL fields to the default selection (`id name
  /// total_payout_usd creatives { name description }`), [selection] replaces it.
  Future<OfferList> offers(String playerId,
      {int? limit, String? language, String? sort, String? select, String? selection, CancelToken? cancelToken}) {
    final c = native;
    final client = _ptr;
    return _withOptions<OfferList, OfferkitOffersOptions>(
      c.offerkit_offers_options_new,
      c.offerkit_offers_options_free,
      (o, s, e) =>
          (limit == null || c.offerkit_offers_options_set_limit(o, limit, e) == 0) &&
          (language == null || c.offerkit_offers_options_set_language(o, s(language), e) == 0) &&
          (sort == null || c.offerkit_offers_options_set_sort(o, s(sort), e) == 0) &&
          (select == null || c.offerkit_offers_options_set_select(o, s(select), e) == 0) &&
          (selection == null || c.offerkit_offers_options_set_selection(o, s(selection), e) == 0),
      (o, s) => _Dispatch.start<OfferList, OfferkitOfferList>(
          this,
          cancelToken,
          _Kind.list,
          (ud, req, e) => c.offerkit_client_offers_async(client, s(playerId), o, _Dispatch.list, ud, req, e),
          adoptOfferList),
    );
  }

  /// The links of [playerId] (default selection `support_portal`), as the JSON object sent.
  Future<Map<String, Object?>> links(String playerId, {String? select, String? selection, CancelToken? cancelToken}) {
    final c = native;
    final client = _ptr;
    return using((arena) {
      Pointer<Utf8> s(String? v) => v == null ? nullptr : v.toNativeUtf8(allocator: arena);
      return _Dispatch.start<Map<String, Object?>, Utf8>(
          this,
          cancelToken,
          _Kind.json,
          (ud, req, e) =>
              c.offerkit_client_links_async(client, s(playerId), s(select), s(selection), _Dispatch.json, ud, req, e),
          (p) => _object(adoptText(p)));
    });
  }

  /// One page of the offers [playerId] engaged with (pass the previous page's
  /// [PlayerOffersPage.nextCursor] as [after] for the next one).
  Future<PlayerOffersPage> playerOffers(String playerId,
      {int? limit, String? language, String? after, String? select, String? selection, CancelToken? cancelToken}) {
    final c = native;
    final client = _ptr;
    return _withOptions<PlayerOffersPage, OfferkitPlayerOffersOptions>(
      c.offerkit_player_offers_options_new,
      c.offerkit_player_offers_options_free,
      _playerOptions(limit, language, after, select, selection),
      (o, s) => _Dispatch.start<PlayerOffersPage, OfferkitPlayerOffersPage>(
          this,
          cancelToken,
          _Kind.page,
          (ud, req, e) => c.offerkit_client_player_offers_async(client, s(playerId), o, _Dispatch.page, ud, req, e),
          adoptPage),
    );
  }

  /// Every page of [playerId]'s offers, one event each, fetched as the listener asks: pausing
  /// the subscription stops fetching, cancelling it cancels the page in flight (the Future of
  /// `cancel()` completes once that page has stopped). An error ends the stream.
  Stream<PlayerOffersPage> playerOffersPages(String playerId,
      {int? limit, String? language, String? after, String? select, String? selection}) {
    final c = native;
    final client = _ptr;
    late final StreamController<PlayerOffersPage> controller;
    _Pager? pager;
    Future<void>? inFlight;
    CancelToken? token;
    var done = false;

    void finish() {
      done = true;
      pager?.free();
      pager = null;
      if (!controller.isClosed) controller.close();
    }

    void fetch() {
      if (done || inFlight != null || controller.isPaused || pager == null) return;
      final p = pager!;
      token = CancelToken();
      final next = _Dispatch.start<PlayerOffersPage?, OfferkitPlayerOffersPage>(
          p,
          token,
          _Kind.page,
          (ud, req, e) => c.offerkit_player_offers_pager_next_async(p.pointer, _Dispatch.page, ud, req, e),
          (page) => page == nullptr ? null : adoptPage(page));
      inFlight = next.then((page) {
        inFlight = null;
        if (done) return;
        if (page == null) {
          finish();
        } else {
          controller.add(page);
          fetch();
        }
      }, onError: (Object e, StackTrace st) {
        inFlight = null;
        if (done) return;
        controller.addError(e, st);
        finish();
      });
    }

    controller = StreamController<PlayerOffersPage>(
      onListen: () {
        try {
          pager = _withOptionsSync<_Pager, OfferkitPlayerOffersOptions>(
            c.offerkit_player_offers_options_new,
            c.offerkit_player_offers_options_free,
            _playerOptions(limit, language, after, select, selection),
            (o, s) {
              final out = calloc<Pointer<OfferkitPlayerOffersPager>>();
              try {
                check((e) => c.offerkit_client_player_offers_pager(client, s(playerId), o, out, e));
                return _Pager(out.value, this);
              } finally {
                calloc.free(out);
              }
            },
          );
        } catch (e, st) {
          controller.addError(e, st);
          finish();
          return;
        }
        fetch();
      },
      onResume: fetch,
      onCancel: () {
        final running = inFlight;
        done = true;
        token?.cancel();
        if (running == null) {
          finish();
          return null;
        }
        return running.whenComplete(() {
          pager?.free();
          pager = null;
        });
      },
    );
    return controller.stream;
  }

  static bool Function(
          Pointer<OfferkitPlayerOffersOptions>, Pointer<Utf8> Function(String), Pointer<Pointer<OfferkitError>>)
      _playerOptions(int? limit, String? language, String? after, String? select, String? selection) {
    final c = native;
    return (o, s, e) =>
        (limit == null || c.offerkit_player_offers_options_set_limit(o, limit, e) == 0) &&
        (language == null || c.offerkit_player_offers_options_set_language(o, s(language), e) == 0) &&
        (after == null || c.offerkit_player_offers_options_set_after(o, s(after), e) == 0) &&
        (select == null || c.offerkit_player_offers_options_set_select(o, s(select), e) == 0) &&
        (selection == null || c.offerkit_player_offers_options_set_selection(o, s(selection), e) == 0);
  }

  /// The whole catalogue (the listing), or one page of it ([perPage], [page]).
  Future<OfferList> listOffers({int? perPage, int? page, CancelToken? cancelToken}) {
    final c = native;
    final client = _ptr;
    return _withOptions<OfferList, OfferkitListOffersOptions>(
      c.offerkit_list_offers_options_new,
      c.offerkit_list_offers_options_free,
      (o, s, e) =>
          (perPage == null || c.offerkit_list_offers_options_set_per_page(o, perPage, e) == 0) &&
          (page == null || c.offerkit_list_offers_options_set_page(o, page, e) == 0),
      (o, s) => _Dispatch.start<OfferList, OfferkitOfferList>(this, cancelToken, _Kind.list,
          (ud, req, e) => c.offerkit_client_list_offers_async(client, o, _Dispatch.list, ud, req, e), adoptOfferList),
    );
  }

  /// Every page of the listing, [perPage] at a time, as one list.
  Future<OfferList> listAllOffers({int? perPage, CancelToken? cancelToken}) {
    final c = native;
    final client = _ptr;
    return _withOptions<OfferList, OfferkitListOffersOptions>(
      c.offerkit_list_offers_options_new,
      c.offerkit_list_offers_options_free,
      (o, s, e) => perPage == null || c.offerkit_list_offers_options_set_per_page(o, perPage, e) == 0,
      (o, s) => _Dispatch.start<OfferList, OfferkitOfferList>(
          this,
          cancelToken,
          _Kind.list,
          (ud, req, e) => c.offerkit_client_list_all_offers_async(client, o, _Dispatch.list, ud, req, e),
          adoptOfferList),
    );
  }

  /// A raw GraphQL [document] with its [variables]; completes with `data` as the service sent it.
  Future<Map<String, Object?>> graphql(String document, {Map<String, Object?>? variables, CancelToken? cancelToken}) {
    final c = native;
    final client = _ptr;
    return using((arena) {
      final vars = variables == null ? nullptr : jsonEncode(variables).toNativeUtf8(allocator: arena);
      return _Dispatch.start<Map<String, Object?>, Utf8>(
          this,
          cancelToken,
          _Kind.json,
          (ud, req, e) => c.offerkit_client_graphql_async(
              client, document.toNativeUtf8(allocator: arena), vars, _Dispatch.json, ud, req, e),
          (p) => _object(adoptText(p)));
    });
  }

  /// Drops [playerId]'s cached answers (the next call asks the service).
  void invalidate(String playerId) {
    final client = _ptr;
    using(
        (arena) => check((e) => native.offerkit_client_invalidate(client, playerId.toNativeUtf8(allocator: arena), e)));
  }

  /// Drops every cached answer.
  void clearCache() => native.offerkit_client_clear_cache(_ptr);

  static Map<String, Object?> _object(String text) {
    final value = jsonDecode(text);
    return value is Map<String, Object?> ? value : <String, Object?>{'': value};
  }

  static Future<T> _withOptions<T, O extends NativeType>(
    int Function(Pointer<Pointer<O>>, Pointer<Pointer<OfferkitError>>) create,
    void Function(Pointer<O>) free,
    bool Function(Pointer<O>, Pointer<Utf8> Function(String), Pointer<Pointer<OfferkitError>>) set,
    Future<T> Function(Pointer<O>, Pointer<Utf8> Function(String)) start,
  ) {
    try {
      return _withOptionsSync(create, free, set, start);
    } catch (e, st) {
      return Future.error(e, st);
    }
  }

  static R _withOptionsSync<R, O extends NativeType>(
    int Function(Pointer<Pointer<O>>, Pointer<Pointer<OfferkitError>>) create,
    void Function(Pointer<O>) free,
    bool Function(Pointer<O>, Pointer<Utf8> Function(String), Pointer<Pointer<OfferkitError>>) set,
    R Function(Pointer<O>, Pointer<Utf8> Function(String)) start,
  ) {
    return using((arena) {
      Pointer<Utf8> s(String v) => v.toNativeUtf8(allocator: arena);
      final out = arena<Pointer<Void>>();
      check((e) => create(out.cast(), e));
      final options = out.value.cast<O>();
      try {
        final error = arena<Pointer<OfferkitError>>();
        if (!set(options, s, error)) throw adoptError(OfferkitStatus.invalidArgument, error.value);
        return start(options, s);
      } finally {
        free(options);
      }
    });
  }
}

/// A pager handle, freed by [free] or by the garbage collector.
final class _Pager implements Finalizable {
  _Pager(this.pointer, this.owner) {
    _finalizer.attach(this, pointer.cast(), detach: this);
  }

  final Pointer<OfferkitPlayerOffersPager> pointer;

  /// The client, kept reachable while the pager is.
  final OfferClient owner;
  bool _freed = false;

  static final _finalizer = NativeFinalizer(
      native.library.lookup<NativeFunction<Void Function(Pointer<Void>)>>('offerkit_player_offers_pager_free').cast());

  void free() {
    if (_freed) return;
    _freed = true;
    _finalizer.detach(this);
    native.offerkit_player_offers_pager_free(pointer);
  }
}

/// What the callbacks need of a client: kept in a map by key (the callbacks' user data), without
/// the OfferClient itself, so a client nobody references can be collected.
final class _ClientState {
  _ClientState(this.key, this.pointer, this.tokenProvider, this.executor);

  final int key;
  final Pointer<OfferkitClient> pointer;
  final TokenProvider? tokenProvider;
  final OfferHttpExecutor? executor;
  bool closed = false;
}

enum _Kind { list, json, page }

/// One call in flight.
final class _Call {
  _Call(this.owner, this.finish);

  /// Kept reachable until the call completes (the client, or a pager that holds it).
  final Object owner;
  final void Function(int status, Pointer<Void> result, Pointer<OfferkitError> error) finish;
  Pointer<OfferkitRequest> request = nullptr;
  void Function()? unregister;
}

/// The isolate's callbacks and what is in flight. Listeners are made once per isolate and never
/// closed (calling a closed one from native code would be undefined behaviour); they keep the
/// isolate alive only while something is in flight.
abstract final class _Dispatch {
  static int _key = 0;
  static int nextKey() => ++_key;

  static final Map<int, _Call> calls = {};
  static final Map<int, _ClientState> clients = {};
  static final Map<int, OfferHttpRequest> httpInFlight = {};
  static int _busy = 0;

  static final _list = NativeCallable<OfferkitOfferListCallback>.listener(_onList)..keepIsolateAlive = false;
  static final _json = NativeCallable<OfferkitJsonCallback>.listener(_onJson)..keepIsolateAlive = false;
  static final _page = NativeCallable<OfferkitPlayerOffersPageCallback>.listener(_onPage)..keepIsolateAlive = false;
  static final _token = NativeCallable<OfferkitTokenNeededCallback>.listener(_onTokenNeeded)..keepIsolateAlive = false;
  static final _execute = NativeCallable<OfferkitHttpExecuteCallback>.listener(_onExecute)..keepIsolateAlive = false;
  static final _cancelHttp = NativeCallable<OfferkitHttpCancelCallback>.listener(_onCancelHttp)
    ..keepIsolateAlive = false;

  static OfferkitOfferListCallbackPtr get list => _list.nativeFunction;
  static OfferkitJsonCallbackPtr get json => _json.nativeFunction;
  static OfferkitPlayerOffersPageCallbackPtr get page => _page.nativeFunction;
  static OfferkitTokenNeededCallbackPtr get tokenNeeded => _token.nativeFunction;
  static OfferkitHttpExecuteCallbackPtr get execute => _execute.nativeFunction;
  static OfferkitHttpCancelCallbackPtr get cancelHttp => _cancelHttp.nativeFunction;

  /// Something is in flight: keep the isolate alive until it ends.
  static void retain() {
    if (_busy++ == 0) _alive(true);
  }

  static void release() {
    if (--_busy == 0) _alive(false);
  }

  static void _alive(bool alive) {
    for (final callable in <NativeCallable<Function>>[_list, _json, _page]) {
      callable.keepIsolateAlive = alive;
    }
  }

  /// Starts one `_async` call: [begin] gets the user data, `out_request` and `out_error`.
  static Future<T> start<T, R extends NativeType>(
    Object owner,
    CancelToken? cancelToken,
    _Kind kind,
    int Function(Pointer<Void> userData, Pointer<Pointer<OfferkitRequest>> outRequest,
            Pointer<Pointer<OfferkitError>> outError)
        begin,
    T Function(Pointer<R> result) adopt,
  ) {
    if (cancelToken != null && cancelToken.isCancelled) {
      return Future.error(localError(ErrorKind.cancelled, 'cancelled before it started'));
    }
    final completer = Completer<T>();
    final key = nextKey();
    final call = _Call(owner, (status, result, error) {
      if (status == OfferkitStatus.ok) {
        try {
          completer.complete(adopt(result.cast<R>()));
        } on OfferException catch (e, st) {
          completer.completeError(e, st);
        } catch (e, st) {
          completer.completeError(localError(ErrorKind.internal, 'offerkit Dart package: $e'), st);
        }
      } else {
        completer.completeError(adoptError(status, error));
      }
    });
    final outRequest = calloc<Pointer<OfferkitRequest>>();
    final outError = calloc<Pointer<OfferkitError>>();
    try {
      final status = begin(Pointer.fromAddress(key), outRequest, outError);
      if (status != OfferkitStatus.ok) return Future.error(adoptError(status, outError.value));
      call.request = outRequest.value;
    } catch (e, st) {
      return Future.error(e, st);
    } finally {
      calloc.free(outRequest);
      calloc.free(outError);
    }
    calls[key] = call;
    retain();
    if (cancelToken != null) {
      final request = call.request;
      call.unregister = onCancel(cancelToken, () => native.offerkit_request_cancel(request));
    }
    return completer.future;
  }

  static void _complete(Pointer<Void> userData, int status, Pointer<Void> result, Pointer<OfferkitError> error,
      void Function() freeResult) {
    final call = calls.remove(userData.address);
    if (call == null) {
      // Not ours (cannot happen): free what the callback owns.
      freeResult();
      native.offerkit_error_free(error);
      return;
    }
    call.unregister?.call();
    native.offerkit_request_free(call.request);
    try {
      call.finish(status, result, error);
    } finally {
      release();
    }
  }

  static void _onList(Pointer<Void> ud, Pointer<OfferkitRequest> request, int status, Pointer<OfferkitOfferList> list,
          Pointer<OfferkitError> error) =>
      _complete(ud, status, list.cast(), error, () => native.offerkit_offer_list_free(list));

  static void _onJson(Pointer<Void> ud, Pointer<OfferkitRequest> request, int status, Pointer<Utf8> json,
          Pointer<OfferkitError> error) =>
      _complete(ud, status, json.cast(), error, () => native.offerkit_string_free(json));

  static void _onPage(Pointer<Void> ud, Pointer<OfferkitRequest> request, int status,
          Pointer<OfferkitPlayerOffersPage> page, Pointer<OfferkitError> error) =>
      _complete(ud, status, page.cast(), error, () => native.offerkit_player_offers_page_free(page));

  static void _onTokenNeeded(Pointer<Void> ud, Pointer<OfferkitClient> client, int reason) {
    final state = clients[ud.address];
    final provider = state?.tokenProvider;
    if (state == null || provider == null || state.closed) return;
    // Not retained: the calls waiting for the token keep the isolate alive, and only until
    // the token wait ends; a provider that never answers does not keep it alive by itself.
    Future<String>.sync(() => provider(TokenReason._of(reason))).then((token) {
      if (state.closed) return;
      using((arena) => check(
          (e) => native.offerkit_client_set_access_token(state.pointer, token.toNativeUtf8(allocator: arena), e)));
    }, onError: (Object e) {
      if (state.closed) return;
      using((arena) => native.offerkit_client_fail_token_request(
          state.pointer, 'the token provider failed: $e'.toNativeUtf8(allocator: arena), nullptr));
    }).catchError((Object _) {
      // A token the library refused: the waiting calls time out.
    });
  }

  static void _onExecute(Pointer<Void> ud, Pointer<OfferkitHttpRequest> request) {
    final c = native;
    final executor = clients[ud.address]?.executor;
    if (executor == null || c.offerkit_http_request_is_cancelled(request)) {
      c.offerkit_http_request_free(request); // nobody waits for the answer
      return;
    }
    final OfferHttpRequest r;
    try {
      r = _read(request);
    } catch (e) {
      _fail(request, OfferHttpFailure.network.code, null, 'offerkit Dart package: $e');
      c.offerkit_http_request_free(request);
      return;
    }
    httpInFlight[request.address] = r;
    Future<OfferHttpResponse>.sync(() => executor.send(r)).then((response) {
      if (!_respond(request, response)) {
        _fail(request, OfferHttpFailure.network.code, null,
            'the executor answered status ${response.status}, which is not an HTTP status (100-599)');
      }
    }, onError: (Object e) {
      if (e is OfferHttpException) {
        _fail(request, e.failure.code, e.httpStatus, e.message);
      } else {
        _fail(request, OfferHttpFailure.network.code, null, '$e');
      }
    }).whenComplete(() {
      httpInFlight.remove(request.address);
      c.offerkit_http_request_free(request);
    });
  }

  static void _onCancelHttp(Pointer<Void> ud, Pointer<OfferkitHttpRequest> request) {
    // Held (in the map) means not freed yet, so the pointer is valid; a request at a reused
    // address is told only if it is itself cancelled.
    final r = httpInFlight[request.address];
    if (r != null && native.offerkit_http_request_is_cancelled(request)) markCancelled(r);
  }

  static OfferHttpRequest _read(Pointer<OfferkitHttpRequest> request) {
    final c = native;
    return using((arena) {
      final headers = <(String, String)>[];
      final name = arena<Pointer<Utf8>>();
      final value = arena<Pointer<Utf8>>();
      final count = c.offerkit_http_request_header_count(request);
      for (var i = 0; i < count; i++) {
        check((e) => c.offerkit_http_request_header(request, i, name, value, e));
        headers.add((name.value.toDartString(), value.value.toDartString()));
      }
      final body = arena<Pointer<Uint8>>();
      final length = arena<Size>();
      check((e) => c.offerkit_http_request_body(request, body, length, e));
      return OfferHttpRequest(
        c.offerkit_http_request_id(request),
        c.offerkit_http_request_method(request).toDartString(),
        Uri.parse(c.offerkit_http_request_url(request).toDartString()),
        List.unmodifiable(headers),
        body.value == nullptr ? null : Uint8List.fromList(body.value.asTypedList(length.value)),
        Duration(milliseconds: c.offerkit_http_request_timeout_ms(request)),
        c.offerkit_http_request_max_response_bytes(request),
      );
    });
  }

  /// Answers [request]; false when the library refused the status (outside 100-599).
  static bool _respond(Pointer<OfferkitHttpRequest> request, OfferHttpResponse response) {
    final c = native;
    return using((arena) {
      final n = response.headers.length;
      final names = arena<Pointer<Utf8>>(n == 0 ? 1 : n);
      final values = arena<Pointer<Utf8>>(n == 0 ? 1 : n);
      for (var i = 0; i < n; i++) {
        names[i] = response.headers[i].$1.toNativeUtf8(allocator: arena);
        values[i] = response.headers[i].$2.toNativeUtf8(allocator: arena);
      }
      final body = arena<Uint8>(response.body.isEmpty ? 1 : response.body.length);
      body.asTypedList(response.body.length).setAll(0, response.body);
      final error = arena<Pointer<OfferkitError>>();
      final status = response.status < 0 || response.status > 0xffffffff ? 0 : response.status;
      final result =
          c.offerkit_http_request_respond(request, status, names, values, n, body, response.body.length, error);
      if (result != OfferkitStatus.ok) c.offerkit_error_free(error.value);
      return result != OfferkitStatus.outOfRange;
    });
  }

  static void _fail(Pointer<OfferkitHttpRequest> request, int kind, int? status, String message) {
    final c = native;
    using((arena) {
      final error = arena<Pointer<OfferkitError>>();
      final text = message.toNativeUtf8(allocator: arena);
      final result = status == null
          ? c.offerkit_http_request_fail(request, kind, text, error)
          : c.offerkit_http_request_fail_after_status(request, kind, status, text, error);
      if (result != OfferkitStatus.ok) c.offerkit_error_free(error.value);
    });
  }
}
