// GENERATED from include/offerkit.h by bindings/dart/tool/generate_bindings.py: do not edit.
// The test command regenerates it and fails when it differs (dart/tests).
//
// ignore_for_file: non_constant_identifier_names, constant_identifier_names, camel_case_types
// ignore_for_file: unused_field, unintended_html_in_doc_comment, comment_references

import 'dart:ffi';

import 'package:ffi/ffi.dart' show Utf8;

/// Most log messages queued for poll delivery; beyond, the oldest are dropped.
const int OFFERKIT_LOG_QUEUE_CAPACITY = 1024;

/// Lint flag: the id contains uppercase letters.
const int OFFERKIT_PLAYER_ID_UPPERCASE = 1;

/// Lint flag: the id contains periods.
const int OFFERKIT_PLAYER_ID_PERIOD = 2;

/// Lint flag: the id contains white space.
const int OFFERKIT_PLAYER_ID_SPACE = 4;

/// Lint flag: the id contains other characters than lowercase ASCII letters, digits, `-`, `_`.
const int OFFERKIT_PLAYER_ID_OTHER_CHARACTER = 8;

/// How long `offerkit_shutdown` waits for freed clients to finish their last steps on the
/// library thread (a task returning after its callback, a callback owed after a free from a
/// library thread) before it reports `BUSY`.
const int OFFERKIT_SHUTDOWN_SETTLE_MS = 5000;

/// Major version of the library this header belongs to.
const int OFFERKIT_VERSION_MAJOR = 1;

/// Minor version of the library this header belongs to.
const int OFFERKIT_VERSION_MINOR = 1;

/// Patch version of the library this header belongs to.
const int OFFERKIT_VERSION_PATCH = 0;

/// What a call returned, and what an error is (`offerkit_error_status`). Numbers are stable:
/// new values may be added, never renumbered; `offerkit_status_name` gives each its name.
///
/// `OFFERKIT_STATUS_OK` is success. 1 to 16 are core's error kinds (the names every binding
/// uses). 100 and up belong to the C interface: nothing was done or sent.
abstract final class OfferkitStatus {
  /// Success: the out-pointers were written.
  static const int ok = 0;
  /// A value the spec rejects (checked before sending; nothing was sent).
  static const int invalidArgument = 1;
  /// HTTP 401: the access token is missing, invalid or expired.
  static const int unauthorized = 2;
  /// HTTP 403: the token lacks the required scope or permission.
  static const int forbidden = 3;
  /// GraphQL validation errors (HTTP 200): see the error's field entries.
  static const int validation = 4;
  /// GraphQL query errors (HTTP 200, `data: null`).
  static const int query = 5;
  /// `playerOffers` was given a cursor it did not issue: see `offerkit_error_reason`.
  static const int invalidCursor = 6;
  /// HTTP 415.
  static const int unsupportedMediaType = 7;
  /// HTTP 422: one field entry with an empty path holds the per-field messages.
  static const int unprocessable = 8;
  /// HTTP 429: see `offerkit_error_retry_after_ms`.
  static const int rateLimited = 9;
  /// HTTP 5xx.
  static const int server = 10;
  /// The connection failed or broke.
  static const int network = 11;
  /// The request (or the wait for a token) did not finish in time.
  static const int timeout = 12;
  /// The request was cancelled (`offerkit_request_cancel`, or its client was freed).
  static const int cancelled = 13;
  /// The response was not what the spec describes.
  static const int decode = 14;
  /// A bug inside offerkit, e.g. a caught panic. Nothing unwinds into C.
  static const int internal = 15;
  /// Another 4xx (400, 404, 405, …) or a redirect (never followed): the request as sent was
  /// refused; a wrong base URL or path prefix is the usual cause. Not retried, not cached.
  static const int rejected = 16;
  /// A required pointer argument was NULL. Nothing was done. The error's one field entry
  /// names it: path = the function, argument = the parameter, message `is NULL`.
  static const int nullArgument = 100;
  /// A string argument was not valid UTF-8. Nothing was done. Field entry as for
  /// `NULL_ARGUMENT`, message `is not valid UTF-8 (byte N)` (N: offset of the first bad byte).
  static const int invalidUtf8 = 101;
  /// A number or enum argument was outside its documented range (an index past the end, an
  /// unknown enum value). Nothing was done. Field entry as for `NULL_ARGUMENT`.
  static const int outOfRange = 102;
  /// A blocking call was made on a library thread (inside a completion, token-needed or log
  /// callback run by offerkit), where waiting could deadlock. Use the `_async` form there.
  static const int wouldDeadlock = 103;
  /// `*_field_json` / `*_field_text`: the path names nothing in the item. Nothing was written;
  /// field entry as for `NULL_ARGUMENT` (argument `path`), the message names the path.
  static const int notFound = 104;
  /// `offerkit_shutdown` while clients or pagers are still alive. Nothing was stopped.
  static const int busy = 105;
  /// `offerkit_http_request_respond` / `_fail` on a request the host executor has already
  /// answered. The second answer was dropped; the first stands.
  static const int alreadyAnswered = 106;
  /// A function this build of the library has not got: the built-in HTTP transport's setters
  /// (proxy, connect timeout, extra roots) in the lite library, which only has host executors
  /// (`offerkit_has_builtin_http`). Nothing was done.
  static const int notAvailable = 107;

  /// Every value, by its name in this class.
  static const Map<String, int> values = {
    'ok': 0,
    'invalidArgument': 1,
    'unauthorized': 2,
    'forbidden': 3,
    'validation': 4,
    'query': 5,
    'invalidCursor': 6,
    'unsupportedMediaType': 7,
    'unprocessable': 8,
    'rateLimited': 9,
    'server': 10,
    'network': 11,
    'timeout': 12,
    'cancelled': 13,
    'decode': 14,
    'internal': 15,
    'rejected': 16,
    'nullArgument': 100,
    'invalidUtf8': 101,
    'outOfRange': 102,
    'wouldDeadlock': 103,
    'notFound': 104,
    'busy': 105,
    'alreadyAnswered': 106,
    'notAvailable': 107,
  };
}

/// Why a client asks the host for an access token.
abstract final class OfferkitTokenReason {
  /// The client has no token.
  static const int missing = 1;
  /// The current token expires within the refresh margin (60 s).
  static const int expiring = 2;
  /// The service answered 401 to the current token.
  static const int rejected = 3;

  /// Every value, by its name in this class.
  static const Map<String, int> values = {
    'missing': 1,
    'expiring': 2,
    'rejected': 3,
  };
}

/// Severity of a log message (and the most verbose level a host asks for).
abstract final class OfferkitLogLevel {
  /// Nothing (only as the `max_level` of `offerkit_set_log_callback`).
  static const int off = 0;
  static const int error = 1;
  static const int warn = 2;
  static const int info = 3;
  static const int debug = 4;
  static const int trace = 5;

  /// Every value, by its name in this class.
  static const Map<String, int> values = {
    'off': 0,
    'error': 1,
    'warn': 2,
    'info': 3,
    'debug': 4,
    'trace': 5,
  };
}

/// Where a client's callbacks run (see `offerkit_config_set_delivery`), and where log messages
/// go (see `offerkit_set_log_callback`).
abstract final class OfferkitDelivery {
  /// On an offerkit library thread, as soon as the request ends (the default).
  static const int thread = 0;
  /// Queued until the host polls (`offerkit_client_poll`, `offerkit_client_poll_wait`;
  /// `offerkit_log_poll` for logs), which runs them on its own thread.
  static const int poll = 1;

  /// Every value, by its name in this class.
  static const Map<String, int> values = {
    'thread': 0,
    'poll': 1,
  };
}

/// Why a host executor got no complete answer (`offerkit_http_request_fail`).
abstract final class OfferkitHttpFailure {
  /// No connection, a DNS or TLS failure (a refused certificate too), or the connection broke
  /// before the answer was whole. Becomes `OFFERKIT_STATUS_NETWORK` (retried).
  static const int network = 1;
  /// The attempt took longer than `offerkit_http_request_timeout_ms`. Becomes
  /// `OFFERKIT_STATUS_TIMEOUT` (retried).
  static const int timeout = 2;
  /// The body is longer than `offerkit_http_request_max_response_bytes` (the host may stop
  /// reading there). Becomes `OFFERKIT_STATUS_DECODE`.
  static const int tooLarge = 3;

  /// Every value, by its name in this class.
  static const Map<String, int> values = {
    'network': 1,
    'timeout': 2,
    'tooLarge': 3,
  };
}

/// A client of the offer service. Thread-safe: every function taking a client may be called
/// from any thread, also at once — except `offerkit_client_free`, which must not race with
/// other calls on the same client.
final class OfferkitClient extends Opaque {}

/// The client configuration under construction. See the setters.
final class OfferkitConfig extends Opaque {}

/// An error handed out by a failed call or a completion callback. Owned by the caller: free it
/// with `offerkit_error_free`. Immutable: its accessors may be called from any thread at once;
/// every string they return lives until the error is freed.
final class OfferkitError extends Opaque {}

/// One HTTP attempt for the host's executor. Read it with the `offerkit_http_request_*`
/// accessors (valid until the host frees it), answer it once with
/// `offerkit_http_request_respond` or `offerkit_http_request_fail`, from any thread, and free it
/// with `offerkit_http_request_free` (after answering, or to give up).
final class OfferkitHttpRequest extends Opaque {}

/// Options of the listing (`offerkit_client_list_offers`, `offerkit_client_list_all_offers`):
/// per_page and page, each unset until set. Same rules as `OfferkitOffersOptions`.
final class OfferkitListOffersOptions extends Opaque {}

/// A list of offers. Owned by the caller: free with `offerkit_offer_list_free`. Immutable: any
/// thread may read it, also at once.
final class OfferkitOfferList extends Opaque {}

/// Options of `offers` (`offerkit_client_offers`): limit, language, sort, select, selection,
/// each unset until set. Made by `offerkit_offers_options_new`, freed by
/// `offerkit_offers_options_free`. Use from one thread at a time (like `OfferkitConfig`); a
/// query copies what it needs during the call.
final class OfferkitOffersOptions extends Opaque {}

/// Options of `playerOffers` (`offerkit_client_player_offers`, the pager): limit, language,
/// after, select, selection, each unset until set. Same rules as `OfferkitOffersOptions`.
final class OfferkitPlayerOffersOptions extends Opaque {}

/// One page of `playerOffers`. Owned by the caller: free with
/// `offerkit_player_offers_page_free`. Immutable: any thread may read it, also at once.
final class OfferkitPlayerOffersPage extends Opaque {}

/// A pager over every page of `playerOffers`. Owned by the caller: free with
/// `offerkit_player_offers_pager_free` (a `next` under way keeps what it needs alive).
/// Thread-safe: concurrent `next` calls run one after the other. A page that failed on the way
/// (network, timeout, server, …) leaves the position unchanged, so `next` may be called again;
/// a walk that does not advance (a repeated cursor, more than `max_pages` pages) is over.
final class OfferkitPlayerOffersPager extends Opaque {}

/// A request started by an `_async` call. Owned by the caller: free it with
/// `offerkit_request_free` whenever convenient — freeing does not cancel, and the callback
/// still runs exactly once, receiving this same pointer (reference-counted inside: freed for
/// good once both the host's handle and the delivery are done). `offerkit_request_cancel` may be
/// called from any thread, also while the request completes; do not free a request while
/// another thread cancels it.
final class OfferkitRequest extends Opaque {}

/// The spec's fields of one offer. Strings are UTF-8, NUL-terminated, borrowed from the list:
/// valid until `offerkit_offer_list_free`; NULL when the field is absent (the selection did
/// not ask for it). (A U+0000 inside a value ends the C string there; the JSON accessors keep
/// it.)
final class OfferkitOfferView extends Struct {
  external Pointer<Utf8> id;

  external Pointer<Utf8> name;

  @Double()
  external double totalPayoutUsd;

  external Pointer<Utf8> creativeName;

  external Pointer<Utf8> creativeDescription;

  @Bool()
  external bool hasTotalPayoutUsd;
}

/// One skipped item; strings borrowed from the list or page it came from.
final class OfferkitSkippedItem extends Struct {
  @Size()
  external int index;

  external Pointer<Utf8> id;

  external Pointer<Utf8> reason;
}

/// The pagination object of a paginated listing page.
final class OfferkitPagination extends Struct {
  @Int64()
  external int currentPage;

  @Int64()
  external int perPage;

  @Bool()
  external bool hasMorePages;

  @Int64()
  external int nextPage;
}

/// The typed fields of one player offer; strings borrowed from the page (valid until
/// `offerkit_player_offers_page_free`), NULL when the service did not send the field as text.
final class OfferkitPlayerOfferView extends Struct {
  external Pointer<Utf8> id;

  external Pointer<Utf8> name;

  external Pointer<Utf8> status;
}

/// Receives the outcome of an `_async` call returning offers: on `OFFERKIT_STATUS_OK`, `list` is
/// an owned list (free with `offerkit_offer_list_free`) and `error` is NULL; otherwise `list` is
/// NULL and `error` is an owned error (free with `offerkit_error_free`) whose status equals
/// `status`. `request` is the request that completed: never NULL, borrowed, valid during the
/// call — the same pointer the `_async` call wrote to `*out_request`, even if the host has freed
/// that handle since (`offerkit_request_id` tells requests apart; `offerkit_request_cancel` on it
/// returns false). Runs exactly once per request (see `offerkit_config_set_delivery` for
/// where).
typedef OfferkitOfferListCallback = Void Function(Pointer<Void> user_data, Pointer<OfferkitRequest> request, Uint32 status, Pointer<OfferkitOfferList> list, Pointer<OfferkitError> error);
typedef OfferkitOfferListCallbackDart = void Function(Pointer<Void> user_data, Pointer<OfferkitRequest> request, int status, Pointer<OfferkitOfferList> list, Pointer<OfferkitError> error);
typedef OfferkitOfferListCallbackPtr = Pointer<NativeFunction<OfferkitOfferListCallback>>;

/// Receives the outcome of an `_async` call returning JSON text (`links`, raw GraphQL): like
/// `OfferkitOfferListCallback`, with an owned string (free with `offerkit_string_free`).
typedef OfferkitJsonCallback = Void Function(Pointer<Void> user_data, Pointer<OfferkitRequest> request, Uint32 status, Pointer<Utf8> json, Pointer<OfferkitError> error);
typedef OfferkitJsonCallbackDart = void Function(Pointer<Void> user_data, Pointer<OfferkitRequest> request, int status, Pointer<Utf8> json, Pointer<OfferkitError> error);
typedef OfferkitJsonCallbackPtr = Pointer<NativeFunction<OfferkitJsonCallback>>;

/// Receives the outcome of an `_async` call returning a `playerOffers` page: like
/// `OfferkitOfferListCallback`, with an owned page (free with `offerkit_player_offers_page_free`).
/// From `offerkit_player_offers_pager_next_async`, `page` is NULL with `OFFERKIT_STATUS_OK` when
/// the pager had already passed the last page.
typedef OfferkitPlayerOffersPageCallback = Void Function(Pointer<Void> user_data, Pointer<OfferkitRequest> request, Uint32 status, Pointer<OfferkitPlayerOffersPage> page, Pointer<OfferkitError> error);
typedef OfferkitPlayerOffersPageCallbackDart = void Function(Pointer<Void> user_data, Pointer<OfferkitRequest> request, int status, Pointer<OfferkitPlayerOffersPage> page, Pointer<OfferkitError> error);
typedef OfferkitPlayerOffersPageCallbackPtr = Pointer<NativeFunction<OfferkitPlayerOffersPageCallback>>;

/// Asks the host for an access token for `client` (borrowed: valid during the call; the same
/// pointer `offerkit_client_new` handed out). The host answers by calling
/// `offerkit_client_set_access_token(client, …)` — inside this call, or later from any thread —
/// or, when it cannot get one, `offerkit_client_fail_token_request(client, …)` (waiting
/// requests then fail with `OFFERKIT_STATUS_UNAUTHORIZED` carrying its reason). Unanswered,
/// requests waiting for the token fail with `OFFERKIT_STATUS_TIMEOUT` after the token wait
/// (`offerkit_config_set_token_wait_ms`, default: the request timeout).
///
/// Where it runs: in thread delivery, on whichever thread needs the token (a library thread for
/// `_async` calls, the caller's thread for blocking calls). In poll delivery, always on a host
/// thread: an `_async` request's need is queued with the client's completions and runs inside
/// `offerkit_client_poll` / `offerkit_client_poll_wait` on the polling thread (so the token
/// wait starts before the poll: poll often enough, or answer from another thread), and a
/// blocking call's need runs inline on the thread making that call. A host answering from a
/// thread that is itself blocked in an offerkit call cannot answer in time. Must be
/// thread-safe, return quickly, not unwind, and not free the client. It is never called again
/// once `offerkit_client_free` has returned.
typedef OfferkitTokenNeededCallback = Void Function(Pointer<Void> user_data, Pointer<OfferkitClient> client, Uint32 reason);
typedef OfferkitTokenNeededCallbackDart = void Function(Pointer<Void> user_data, Pointer<OfferkitClient> client, int reason);
typedef OfferkitTokenNeededCallbackPtr = Pointer<NativeFunction<OfferkitTokenNeededCallback>>;

/// Sends one HTTP attempt through the host's stack. `request` is the host's reference: read it
/// with the `offerkit_http_request_*` accessors, answer it once (`offerkit_http_request_respond`
/// or `offerkit_http_request_fail`, now or later, from any thread), then free it
/// (`offerkit_http_request_free`; freed unanswered, the attempt fails as network). Must return
/// quickly (hand the request to the stack, do not wait for the answer), not unwind, and not
/// free the client. Where it runs: see `offerkit_config_set_http_executor`.
typedef OfferkitHttpExecuteCallback = Void Function(Pointer<Void> user_data, Pointer<OfferkitHttpRequest> request);
typedef OfferkitHttpExecuteCallbackDart = void Function(Pointer<Void> user_data, Pointer<OfferkitHttpRequest> request);
typedef OfferkitHttpExecuteCallbackPtr = Pointer<NativeFunction<OfferkitHttpExecuteCallback>>;

/// Tells the host, once, that offerkit no longer wants the answer to `request` (its call was
/// cancelled, its deadline passed, its client is being freed): stop the transfer; an answer is
/// now refused with `OFFERKIT_STATUS_CANCELLED`, and the host still frees its reference.
/// `request` is borrowed for the call (valid even if the host frees it meanwhile on another
/// thread). Never called for a request the host has answered or freed. Same rules as execute.
typedef OfferkitHttpCancelCallback = Void Function(Pointer<Void> user_data, Pointer<OfferkitHttpRequest> request);
typedef OfferkitHttpCancelCallbackDart = void Function(Pointer<Void> user_data, Pointer<OfferkitHttpRequest> request);
typedef OfferkitHttpCancelCallbackPtr = Pointer<NativeFunction<OfferkitHttpCancelCallback>>;

/// Receives one log message: `message` is UTF-8, NUL-terminated, formatted as
/// `target: text key=value …`, and valid only during the call. In thread delivery it may run on
/// any thread, also on several at once; in poll delivery only inside the polls on the polling
/// thread. Must return quickly, not unwind, and not call `offerkit_set_log_callback` (that call
/// would return `OFFERKIT_STATUS_WOULD_DEADLOCK`). Messages logged by offerkit calls made from
/// inside the callback are dropped.
typedef OfferkitLogCallback = Void Function(Pointer<Void> user_data, Uint32 level, Pointer<Utf8> message);
typedef OfferkitLogCallbackDart = void Function(Pointer<Void> user_data, int level, Pointer<Utf8> message);
typedef OfferkitLogCallbackPtr = Pointer<NativeFunction<OfferkitLogCallback>>;

/// Every function of the header, looked up in one loaded library. The test hooks
/// (`OFFERKIT_TEST_HOOKS`, absent from shipping libraries) are null when the library lacks them.
final class OfferkitBindings {
  OfferkitBindings(this.library);

  final DynamicLibrary library;

  /// The names of every function this class declares, test hooks included.
  static const List<String> functionNames = [
    'offerkit_has_builtin_http',
    'offerkit_click_url',
    'offerkit_client_new',
    'offerkit_client_free',
    'offerkit_client_set_access_token',
    'offerkit_client_fail_token_request',
    'offerkit_client_invalidate',
    'offerkit_client_clear_cache',
    'offerkit_client_poll',
    'offerkit_client_pending_completions',
    'offerkit_client_poll_wait',
    'offerkit_client_offers',
    'offerkit_client_offers_async',
    'offerkit_client_links',
    'offerkit_client_links_async',
    'offerkit_client_player_offers',
    'offerkit_client_player_offers_async',
    'offerkit_client_list_offers',
    'offerkit_client_list_offers_async',
    'offerkit_client_list_all_offers',
    'offerkit_client_list_all_offers_async',
    'offerkit_client_graphql',
    'offerkit_client_graphql_async',
    'offerkit_config_new',
    'offerkit_config_free',
    'offerkit_config_set_timeout_ms',
    'offerkit_config_set_connect_timeout_ms',
    'offerkit_config_set_max_retries',
    'offerkit_config_set_deadline_ms',
    'offerkit_config_set_max_pages',
    'offerkit_config_set_proxy',
    'offerkit_config_set_retry_backoff_ms',
    'offerkit_config_add_root_pem',
    'offerkit_config_set_allow_insecure_http',
    'offerkit_config_set_access_token',
    'offerkit_config_set_token_needed',
    'offerkit_config_set_http_executor',
    'offerkit_config_set_token_wait_ms',
    'offerkit_config_set_cache',
    'offerkit_config_clear_token_wait',
    'offerkit_config_clear_cache',
    'offerkit_config_set_delivery',
    'offerkit_config_set_setting_name',
    'offerkit_error_free',
    'offerkit_error_status',
    'offerkit_error_message',
    'offerkit_error_http_status',
    'offerkit_error_reason',
    'offerkit_error_retry_after_ms',
    'offerkit_error_response_json',
    'offerkit_error_field_count',
    'offerkit_error_field_path',
    'offerkit_error_field_argument_count',
    'offerkit_error_field_argument_name',
    'offerkit_error_field_message_count',
    'offerkit_error_field_message',
    'offerkit_http_request_free',
    'offerkit_http_request_method',
    'offerkit_http_request_url',
    'offerkit_http_request_header_count',
    'offerkit_http_request_header',
    'offerkit_http_request_body',
    'offerkit_http_request_timeout_ms',
    'offerkit_http_request_max_response_bytes',
    'offerkit_http_request_is_cancelled',
    'offerkit_http_request_id',
    'offerkit_http_request_respond',
    'offerkit_http_request_fail',
    'offerkit_http_request_fail_after_status',
    'offerkit_set_log_callback',
    'offerkit_log_poll',
    'offerkit_offer_list_free',
    'offerkit_offer_list_count',
    'offerkit_offer_list_from_cache',
    'offerkit_offer_list_is_stale',
    'offerkit_offer_list_age_ms',
    'offerkit_offer_list_get',
    'offerkit_offer_list_skipped_count',
    'offerkit_offer_list_skipped_get',
    'offerkit_offer_list_field_json',
    'offerkit_offer_list_field_text',
    'offerkit_offer_list_item_json',
    'offerkit_offer_list_pagination',
    'offerkit_offers_options_new',
    'offerkit_offers_options_free',
    'offerkit_offers_options_set_limit',
    'offerkit_offers_options_clear_limit',
    'offerkit_offers_options_set_language',
    'offerkit_offers_options_set_sort',
    'offerkit_offers_options_set_select',
    'offerkit_offers_options_set_selection',
    'offerkit_player_offers_options_new',
    'offerkit_player_offers_options_free',
    'offerkit_player_offers_options_set_limit',
    'offerkit_player_offers_options_clear_limit',
    'offerkit_player_offers_options_set_language',
    'offerkit_player_offers_options_set_after',
    'offerkit_player_offers_options_set_select',
    'offerkit_player_offers_options_set_selection',
    'offerkit_list_offers_options_new',
    'offerkit_list_offers_options_free',
    'offerkit_list_offers_options_set_per_page',
    'offerkit_list_offers_options_clear_per_page',
    'offerkit_list_offers_options_set_page',
    'offerkit_list_offers_options_clear_page',
    'offerkit_client_player_offers_pager',
    'offerkit_player_offers_pager_next',
    'offerkit_player_offers_pager_next_async',
    'offerkit_player_offers_pager_free',
    'offerkit_player_id_validate',
    'offerkit_player_id_lint',
    'offerkit_player_id_convention_name',
    'offerkit_player_id_convention_describe',
    'offerkit_player_id_short',
    'offerkit_player_offers_page_free',
    'offerkit_player_offers_page_count',
    'offerkit_player_offers_page_next_cursor',
    'offerkit_player_offers_page_skipped_count',
    'offerkit_player_offers_page_skipped_get',
    'offerkit_player_offers_page_get',
    'offerkit_player_offers_page_field_json',
    'offerkit_player_offers_page_field_text',
    'offerkit_player_offers_page_item_json',
    'offerkit_request_cancel',
    'offerkit_request_id',
    'offerkit_request_free',
    'offerkit_shutdown',
    'offerkit_status_name',
    'offerkit_string_free',
    'offerkit_test_delay_queueing_ms',
    'offerkit_test_panic_in_conversions',
    'offerkit_test_panic',
    'offerkit_test_log_messages',
    'offerkit_version',
  ];

  /// True if this library has the built-in HTTP transport (`libofferkit`); false for the lite
  /// library (`libofferkit_lite`), whose clients need a host executor
  /// (`offerkit_config_set_http_executor`; `offerkit_client_new` without one fails with
  /// `OFFERKIT_STATUS_INVALID_ARGUMENT`) and whose proxy, connect-timeout and root-certificate
  /// setters return `OFFERKIT_STATUS_NOT_AVAILABLE`. Thread-safe.
  late final bool Function() offerkit_has_builtin_http =
      library.lookupFunction<Bool Function(), bool Function()>('offerkit_has_builtin_http');

  /// The tracking URL of an offer for `player_id`. `click_url` is the offer's `links.click_url`
  /// (select `links { click_url }`; `offerkit_offer_list_field_text(list, i, "links.click_url", …)`), with or
  /// without a player id: every `player_id` parameter it has is removed and `player_id=<the id>`
  /// (form-encoded) is appended at the end of its query; the other parameters keep their order and
  /// bytes (empty ones, `&&`, are dropped), and so does the fragment.
  ///
  /// `OFFERKIT_STATUS_INVALID_ARGUMENT` for an empty or over-long (255 characters) player id —
  /// a click without a player id lands on the service's 404 page — or a click URL that is not
  /// an absolute http(s) URL. On success `*out_url` is an owned string (free with
  /// `offerkit_string_free`) and, if `out_warnings` is not NULL, `*out_warnings` the
  /// `OFFERKIT_PLAYER_ID_*` conventions the id breaks (0: none). Any thread.
  late final int Function(Pointer<Utf8> click_url, Pointer<Utf8> player_id, Pointer<Pointer<Utf8>> out_url, Pointer<Uint32> out_warnings, Pointer<Pointer<OfferkitError>> out_error) offerkit_click_url =
      library.lookupFunction<Uint32 Function(Pointer<Utf8> click_url, Pointer<Utf8> player_id, Pointer<Pointer<Utf8>> out_url, Pointer<Uint32> out_warnings, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<Utf8> click_url, Pointer<Utf8> player_id, Pointer<Pointer<Utf8>> out_url, Pointer<Uint32> out_warnings, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_click_url');

  /// Makes a client from `config` (copied; the config may be freed or reused afterwards).
  /// Fails with `INVALID_ARGUMENT` on a bad base URL, scheme, proxy or root certificate (a proxy or
  /// root certificate with a host HTTP executor; no executor in the lite library), and on
  /// settings out of bounds: then one field entry with path `config` names every such setting
  /// (`timeout`, `connect_timeout`, `deadline`, `token_provider_timeout`, `retry.max_retries`,
  /// `retry.initial_backoff`, `retry.max_backoff`, `max_pages`, `cache.ttl`, `cache.max_entries`,
  /// `cache.max_stale`, or the names `offerkit_config_set_setting_name` gave them) with core's
  /// message. On success `*out_client` owns the client: free it with `offerkit_client_free`.
  late final int Function(Pointer<OfferkitConfig> config, Pointer<Pointer<OfferkitClient>> out_client, Pointer<Pointer<OfferkitError>> out_error) offerkit_client_new =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, Pointer<Pointer<OfferkitClient>> out_client, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, Pointer<Pointer<OfferkitClient>> out_client, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_client_new');

  /// Frees a client. `offerkit_client_free(NULL)` does nothing.
  ///
  /// Every request still in flight (its pagers' included) is cancelled, and every callback still
  /// owed runs before this returns, on the calling thread or (for one already running) on its
  /// library thread: cancelled requests report `OFFERKIT_STATUS_CANCELLED`; in poll mode,
  /// completions already queued are delivered as they are. After it returns, no callback of this
  /// client (completion, token-needed, or its HTTP executor's execute and cancel) runs again; the
  /// executor's cancel callback is told here, on this thread, of every request the host still
  /// holds unanswered. Called from inside a completion callback on
  /// a library thread, it cannot wait for that thread: it cancels and delivers what it can, and
  /// callbacks already handed to the library thread still run (exactly once) after it returns, on
  /// that thread (in poll mode too: nobody can poll a freed client). Called from inside one of its
  /// own poll-delivery callbacks (on the host's thread), it delivers every other callback, also a
  /// completion the library thread is queueing at that moment, before it returns.
  /// Pagers of the client stay valid but fail with `OFFERKIT_STATUS_CANCELLED`. Do not hold a lock
  /// that the client's callbacks take while freeing it: free waits for a callback that is running.
  /// Freeing a client from inside one of its own completion callbacks is allowed (any delivery).
  late final void Function(Pointer<OfferkitClient> client) offerkit_client_free =
      library.lookupFunction<Void Function(Pointer<OfferkitClient> client), void Function(Pointer<OfferkitClient> client)>('offerkit_client_free');

  /// Sets or replaces the access token (its JWT `exp` is read), at any time and from any thread —
  /// the answer to the token-needed callback. NULL forgets the token. Requests waiting for a
  /// token continue with this one.
  late final int Function(Pointer<OfferkitClient> client, Pointer<Utf8> access_token, Pointer<Pointer<OfferkitError>> out_error) offerkit_client_set_access_token =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitClient> client, Pointer<Utf8> access_token, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitClient> client, Pointer<Utf8> access_token, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_client_set_access_token');

  /// The other answer to the token-needed callback: the host cannot supply a token now (its
  /// backend failed, the player signed out). Requests waiting for a token fail at once with
  /// `OFFERKIT_STATUS_UNAUTHORIZED` and a message carrying `reason` (UTF-8; NULL: no detail),
  /// instead of waiting until the token wait times out; later requests ask again. Does nothing
  /// when no request is waiting. Any thread, also from inside the callback.
  late final int Function(Pointer<OfferkitClient> client, Pointer<Utf8> reason, Pointer<Pointer<OfferkitError>> out_error) offerkit_client_fail_token_request =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitClient> client, Pointer<Utf8> reason, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitClient> client, Pointer<Utf8> reason, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_client_fail_token_request');

  /// Forgets every cached answer for `player_id` (no-op without a cache): call it when the player
  /// completes an offer, so the next `offers` call refreshes.
  late final int Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<Pointer<OfferkitError>> out_error) offerkit_client_invalidate =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_client_invalidate');

  /// Forgets every cached answer (no-op without a cache or for NULL).
  late final void Function(Pointer<OfferkitClient> client) offerkit_client_clear_cache =
      library.lookupFunction<Void Function(Pointer<OfferkitClient> client), void Function(Pointer<OfferkitClient> client)>('offerkit_client_clear_cache');

  /// Runs queued callbacks of a poll-delivery client on the calling thread — completions,
  /// token-needed asks and host HTTP executor calls of `_async` requests — at most `max` of them, or with `max` 0 every one
  /// queued when the call starts; then runs the log messages queued for poll delivery (see
  /// `offerkit_set_log_callback`; not counted). Returns how many client callbacks ran (always 0
  /// for a thread-delivery client or a NULL client). Never blocks. Callbacks may start new
  /// requests or call blocking functions; their completions wait for a later poll.
  late final int Function(Pointer<OfferkitClient> client, int max) offerkit_client_poll =
      library.lookupFunction<Size Function(Pointer<OfferkitClient> client, Size max), int Function(Pointer<OfferkitClient> client, int max)>('offerkit_client_poll');

  /// How many callbacks of a poll-delivery client are queued for the next poll (completions,
  /// token-needed asks, and the host HTTP executor's executes and cancels); 0 for NULL and for a
  /// thread-delivery client. Never blocks.
  late final int Function(Pointer<OfferkitClient> client) offerkit_client_pending_completions =
      library.lookupFunction<Size Function(Pointer<OfferkitClient> client), int Function(Pointer<OfferkitClient> client)>('offerkit_client_pending_completions');

  /// Waits until at least one callback of a poll-delivery client is queued, or `timeout_ms` has
  /// passed (0: does not wait), then runs like `offerkit_client_poll(client, max)` (log messages
  /// queued for poll included). `*out_ran` (required) is how many client callbacks ran: 0 after
  /// a timeout, which is `OFFERKIT_STATUS_OK`, not an error. Worst case: `timeout_ms` plus the
  /// time the callbacks it runs take. `INVALID_ARGUMENT` for a thread-delivery client;
  /// `OUT_OF_RANGE` for `timeout_ms` above 86 400 000 (24 h); `WOULD_DEADLOCK` on a library
  /// thread.
  late final int Function(Pointer<OfferkitClient> client, int timeout_ms, int max, Pointer<Size> out_ran, Pointer<Pointer<OfferkitError>> out_error) offerkit_client_poll_wait =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitClient> client, Uint32 timeout_ms, Size max, Pointer<Size> out_ran, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitClient> client, int timeout_ms, int max, Pointer<Size> out_ran, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_client_poll_wait');

  /// Blocking `offers`: every targeted offer for `player_id` (1 to 255 characters), with
  /// `options` (NULL: everything unset; copied, so they may be freed or changed once the call
  /// returns). On success `*out_list` owns the offers. Returns `OFFERKIT_STATUS_WOULD_DEADLOCK`
  /// on a library thread.
  late final int Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<OfferkitOffersOptions> options, Pointer<Pointer<OfferkitOfferList>> out_list, Pointer<Pointer<OfferkitError>> out_error) offerkit_client_offers =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<OfferkitOffersOptions> options, Pointer<Pointer<OfferkitOfferList>> out_list, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<OfferkitOffersOptions> options, Pointer<Pointer<OfferkitOfferList>> out_list, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_client_offers');

  /// Asynchronous `offers`. On `OFFERKIT_STATUS_OK` the request is under way: `callback` will run
  /// exactly once with `user_data` (which must stay valid until then), and `*out_request` (when
  /// `out_request` is not NULL) is a handle to cancel it, freed with `offerkit_request_free`. On
  /// any other status nothing was started and the callback never runs.
  late final int Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<OfferkitOffersOptions> options, OfferkitOfferListCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error) offerkit_client_offers_async =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<OfferkitOffersOptions> options, OfferkitOfferListCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<OfferkitOffersOptions> options, OfferkitOfferListCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_client_offers_async');

  /// Blocking `links`: the tracking links of `player_id` as a JSON object text (owned; free with
  /// `offerkit_string_free`), each field as the service sent it. `select` adds fields to the
  /// default selection (`support_portal`), `selection` replaces it; NULL for neither.
  late final int Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<Utf8> select, Pointer<Utf8> selection, Pointer<Pointer<Utf8>> out_json, Pointer<Pointer<OfferkitError>> out_error) offerkit_client_links =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<Utf8> select, Pointer<Utf8> selection, Pointer<Pointer<Utf8>> out_json, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<Utf8> select, Pointer<Utf8> selection, Pointer<Pointer<Utf8>> out_json, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_client_links');

  /// Asynchronous `links` (see `offerkit_client_offers_async` for the request rules).
  late final int Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<Utf8> select, Pointer<Utf8> selection, OfferkitJsonCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error) offerkit_client_links_async =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<Utf8> select, Pointer<Utf8> selection, OfferkitJsonCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<Utf8> select, Pointer<Utf8> selection, OfferkitJsonCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_client_links_async');

  /// Blocking `playerOffers`: one page of the offers `player_id` engaged with. On success
  /// `*out_page` owns the page. To follow `next_cursor` to the end, see
  /// `offerkit_client_player_offers_pager`.
  late final int Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<OfferkitPlayerOffersOptions> options, Pointer<Pointer<OfferkitPlayerOffersPage>> out_page, Pointer<Pointer<OfferkitError>> out_error) offerkit_client_player_offers =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<OfferkitPlayerOffersOptions> options, Pointer<Pointer<OfferkitPlayerOffersPage>> out_page, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<OfferkitPlayerOffersOptions> options, Pointer<Pointer<OfferkitPlayerOffersPage>> out_page, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_client_player_offers');

  /// Asynchronous `playerOffers` (see `offerkit_client_offers_async` for the request rules).
  late final int Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<OfferkitPlayerOffersOptions> options, OfferkitPlayerOffersPageCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error) offerkit_client_player_offers_async =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<OfferkitPlayerOffersOptions> options, OfferkitPlayerOffersPageCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<OfferkitPlayerOffersOptions> options, OfferkitPlayerOffersPageCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_client_player_offers_async');

  /// Blocking `GET /v1/offers` with `options` (NULL: everything unset; copied): without
  /// `per_page` every offer at once (no pagination); with `per_page` (1 to 100), page `page`
  /// (unset: the first) and its pagination (`offerkit_offer_list_pagination`). A `page` without
  /// `per_page` is `INVALID_ARGUMENT`, as is any value out of bounds (core's messages).
  late final int Function(Pointer<OfferkitClient> client, Pointer<OfferkitListOffersOptions> options, Pointer<Pointer<OfferkitOfferList>> out_list, Pointer<Pointer<OfferkitError>> out_error) offerkit_client_list_offers =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitClient> client, Pointer<OfferkitListOffersOptions> options, Pointer<Pointer<OfferkitOfferList>> out_list, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitClient> client, Pointer<OfferkitListOffersOptions> options, Pointer<Pointer<OfferkitOfferList>> out_list, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_client_list_offers');

  /// Asynchronous `GET /v1/offers` (see `offerkit_client_offers_async` for the request rules).
  late final int Function(Pointer<OfferkitClient> client, Pointer<OfferkitListOffersOptions> options, OfferkitOfferListCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error) offerkit_client_list_offers_async =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitClient> client, Pointer<OfferkitListOffersOptions> options, OfferkitOfferListCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitClient> client, Pointer<OfferkitListOffersOptions> options, OfferkitOfferListCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_client_list_offers_async');

  /// Blocking listing of every page with `options` (NULL: everything unset; copied): with
  /// `per_page` (1 to 100), `per_page` offers per request from page `page` (unset: 1) while the
  /// service says there are more; without `per_page`, the one answer that holds every offer.
  /// One list of every offer (no pagination), its skipped items numbered across the walk. Each
  /// page is one call within the deadline, so this blocks for at most `max_pages` deadlines; a
  /// walk that does not advance, or needs more than `max_pages` pages, fails with
  /// `OFFERKIT_STATUS_DECODE`.
  late final int Function(Pointer<OfferkitClient> client, Pointer<OfferkitListOffersOptions> options, Pointer<Pointer<OfferkitOfferList>> out_list, Pointer<Pointer<OfferkitError>> out_error) offerkit_client_list_all_offers =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitClient> client, Pointer<OfferkitListOffersOptions> options, Pointer<Pointer<OfferkitOfferList>> out_list, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitClient> client, Pointer<OfferkitListOffersOptions> options, Pointer<Pointer<OfferkitOfferList>> out_list, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_client_list_all_offers');

  /// Asynchronous listing of every page (see `offerkit_client_offers_async` for the rules).
  late final int Function(Pointer<OfferkitClient> client, Pointer<OfferkitListOffersOptions> options, OfferkitOfferListCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error) offerkit_client_list_all_offers_async =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitClient> client, Pointer<OfferkitListOffersOptions> options, OfferkitOfferListCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitClient> client, Pointer<OfferkitListOffersOptions> options, OfferkitOfferListCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_client_list_all_offers_async');

  /// Blocking raw GraphQL: `document` with `variables_json` (a JSON object text, or NULL). On
  /// success `*out_data_json` owns the response's `data` as the JSON text the service sent, byte
  /// for byte: any depth, every number as written (never parsed and re-written). A response with `errors`
  /// fails with the mapped kind (`validation`, `query`, `invalid_cursor`); the whole response is
  /// then in `offerkit_error_response_json`.
  late final int Function(Pointer<OfferkitClient> client, Pointer<Utf8> document, Pointer<Utf8> variables_json, Pointer<Pointer<Utf8>> out_data_json, Pointer<Pointer<OfferkitError>> out_error) offerkit_client_graphql =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitClient> client, Pointer<Utf8> document, Pointer<Utf8> variables_json, Pointer<Pointer<Utf8>> out_data_json, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitClient> client, Pointer<Utf8> document, Pointer<Utf8> variables_json, Pointer<Pointer<Utf8>> out_data_json, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_client_graphql');

  /// Asynchronous raw GraphQL (see `offerkit_client_offers_async` for the request rules).
  late final int Function(Pointer<OfferkitClient> client, Pointer<Utf8> document, Pointer<Utf8> variables_json, OfferkitJsonCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error) offerkit_client_graphql_async =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitClient> client, Pointer<Utf8> document, Pointer<Utf8> variables_json, OfferkitJsonCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitClient> client, Pointer<Utf8> document, Pointer<Utf8> variables_json, OfferkitJsonCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_client_graphql_async');

  /// Makes a configuration for the service at `base_url` (`https://…`; `http://` only for
  /// loopback hosts unless `offerkit_config_set_allow_insecure_http`; may carry a path prefix).
  /// The address itself is checked by `offerkit_client_new`. Defaults: 10 s request timeout, 5 s
  /// connect timeout, 2 retries of transient failures, no token, thread delivery.
  /// On success `*out_config` owns a new config: free it with `offerkit_config_free`.
  late final int Function(Pointer<Utf8> base_url, Pointer<Pointer<OfferkitConfig>> out_config, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_new =
      library.lookupFunction<Uint32 Function(Pointer<Utf8> base_url, Pointer<Pointer<OfferkitConfig>> out_config, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<Utf8> base_url, Pointer<Pointer<OfferkitConfig>> out_config, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_new');

  /// Frees a config. `offerkit_config_free(NULL)` does nothing. Clients made from it are not
  /// affected.
  late final void Function(Pointer<OfferkitConfig> config) offerkit_config_free =
      library.lookupFunction<Void Function(Pointer<OfferkitConfig> config), void Function(Pointer<OfferkitConfig> config)>('offerkit_config_free');

  /// Sets the whole-request timeout of one attempt: 1 to 86 400 000 ms (24 h), checked by
  /// `offerkit_client_new` (setting `timeout`). Default 10 000 ms.
  late final int Function(Pointer<OfferkitConfig> config, int timeout_ms, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_set_timeout_ms =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, Uint64 timeout_ms, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, int timeout_ms, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_set_timeout_ms');

  /// Sets the connection set-up timeout of the built-in transport: 1 to 86 400 000 ms, checked by
  /// `offerkit_client_new` (setting `connect_timeout`). Default 5000 ms. Not used with a host
  /// executor (its stack owns connections); `OFFERKIT_STATUS_NOT_AVAILABLE` in the lite library.
  late final int Function(Pointer<OfferkitConfig> config, int timeout_ms, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_set_connect_timeout_ms =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, Uint64 timeout_ms, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, int timeout_ms, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_set_connect_timeout_ms');

  /// Sets how many times a transient failure (HTTP 502/503/504, connection error, timeout) is
  /// retried after the first attempt: 0 (no retries) to 10, checked by `offerkit_client_new`
  /// (setting `retry.max_retries`). Default 2.
  late final int Function(Pointer<OfferkitConfig> config, int max_retries, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_set_max_retries =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, Uint32 max_retries, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, int max_retries, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_set_max_retries');

  /// Sets the deadline of a whole call: 1 to 86 400 000 ms, checked by `offerkit_client_new`
  /// (setting `deadline`). Every attempt, backoff, `Retry-After` wait and the wait for a token
  /// happen within it, so no blocking call takes longer. A `Retry-After` that would end after it
  /// is not waited for: the call fails at once with the service's retry-after. Default 30 000 ms.
  late final int Function(Pointer<OfferkitConfig> config, int deadline_ms, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_set_deadline_ms =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, Uint64 deadline_ms, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, int deadline_ms, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_set_deadline_ms');

  /// Sets the most pages a pager walks before it ends with `OFFERKIT_STATUS_DECODE` (default
  /// 1000): at least 1, checked by `offerkit_client_new` (setting `max_pages`). A walk also ends
  /// when a cursor repeats.
  late final int Function(Pointer<OfferkitConfig> config, int max_pages, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_set_max_pages =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, Uint32 max_pages, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, int max_pages, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_set_max_pages');

  /// Sends every request through the proxy at `url` (`http://[user:password@]host:port`, copied;
  /// checked by `offerkit_client_new`); NULL: direct connections (the default). The library never
  /// reads `HTTPS_PROXY` or other environment variables: a game must not inherit a proxy from
  /// the player's machine. With a host executor, `offerkit_client_new` refuses a proxy
  /// (`INVALID_ARGUMENT`: set it in the host's stack); `OFFERKIT_STATUS_NOT_AVAILABLE` in the lite
  /// library.
  late final int Function(Pointer<OfferkitConfig> config, Pointer<Utf8> url, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_set_proxy =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, Pointer<Utf8> url, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, Pointer<Utf8> url, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_set_proxy');

  /// Sets the retry backoff: the first wait is random up to `initial_ms`, doubling per retry, each
  /// at most `max_ms` (defaults 200 ms and 5000 ms). Both at most 86 400 000, and `initial_ms <=
  /// max_ms`, checked by `offerkit_client_new` (settings `retry.initial_backoff`,
  /// `retry.max_backoff`).
  late final int Function(Pointer<OfferkitConfig> config, int initial_ms, int max_ms, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_set_retry_backoff_ms =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, Uint64 initial_ms, Uint64 max_ms, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, int initial_ms, int max_ms, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_set_retry_backoff_ms');

  /// Adds trusted root certificates (PEM text, one or more `CERTIFICATE` blocks) to the built-in
  /// web roots. The PEM is parsed by `offerkit_client_new` (`INVALID_ARGUMENT` there if bad, and
  /// with a host executor, whose stack owns trust); `OFFERKIT_STATUS_NOT_AVAILABLE` in the lite
  /// library.
  late final int Function(Pointer<OfferkitConfig> config, Pointer<Utf8> pem, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_add_root_pem =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, Pointer<Utf8> pem, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, Pointer<Utf8> pem, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_add_root_pem');

  /// Allows plain `http://` to hosts other than loopback. For testing only, never production.
  late final int Function(Pointer<OfferkitConfig> config, bool allow, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_set_allow_insecure_http =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, Bool allow, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, bool allow, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_set_allow_insecure_http');

  /// Sets the access token the client starts with (its JWT `exp` is read); NULL clears it.
  /// The string is copied.
  late final int Function(Pointer<OfferkitConfig> config, Pointer<Utf8> access_token, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_set_access_token =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, Pointer<Utf8> access_token, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, Pointer<Utf8> access_token, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_set_access_token');

  /// Sets (or with a NULL `callback`, removes) the token-needed callback: called with
  /// `user_data` and the client when the client has no token, when it is about to expire, and
  /// once after a 401; see `OfferkitTokenNeededCallback` (also for the thread it runs on). `user_data` must stay valid until the client is freed.
  late final int Function(Pointer<OfferkitConfig> config, OfferkitTokenNeededCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_set_token_needed =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, OfferkitTokenNeededCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, OfferkitTokenNeededCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_set_token_needed');

  /// Sets (or with a NULL `execute`, removes: the built-in transport again) the host HTTP executor:
  /// every HTTP attempt of the client is handed to `execute` as an `OfferkitHttpRequest`, which
  /// the host sends through its own stack and answers once (`offerkit_http_request_respond` /
  /// `offerkit_http_request_fail`) from any thread; `cancel` (may be NULL) is told, once, when
  /// offerkit no longer wants an answer. The contract (no redirects followed, the body after
  /// transfer decoding, the timeout, which failure is which) is in ffi/README.md ("Host HTTP
  /// executor"). Required in the lite library (`offerkit_has_builtin_http`); with it, a proxy or
  /// extra roots are refused by `offerkit_client_new` (the host's stack owns them).
  ///
  /// Where the callbacks run: thread delivery, on the thread running the attempt (a library
  /// thread for `_async` calls, the calling thread for blocking calls). Poll delivery, never on a
  /// library thread: an `_async` call's execute and cancel are queued with the client's
  /// completions and run inside `offerkit_client_poll` / `offerkit_client_poll_wait` on the
  /// polling thread (what `UnityWebRequest` and Unreal's HTTP module need), and a blocking call's
  /// run inline on the thread making it — with a stack that must be driven by the polling thread,
  /// use only `_async` calls. `offerkit_client_free` tells `cancel` (on its own thread) of every
  /// request the host still holds unanswered, and no callback runs after it returns. `user_data`
  /// must stay valid until then; both callbacks must be thread-safe, return quickly, not unwind
  /// and not free the client.
  late final int Function(Pointer<OfferkitConfig> config, OfferkitHttpExecuteCallbackPtr execute, OfferkitHttpCancelCallbackPtr cancel, Pointer<Void> user_data, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_set_http_executor =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, OfferkitHttpExecuteCallbackPtr execute, OfferkitHttpCancelCallbackPtr cancel, Pointer<Void> user_data, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, OfferkitHttpExecuteCallbackPtr execute, OfferkitHttpCancelCallbackPtr cancel, Pointer<Void> user_data, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_set_http_executor');

  /// Sets how long a request waits for the host to answer the token-needed callback: 1 to
  /// 86 400 000 ms, checked by `offerkit_client_new` (setting `token_provider_timeout`; 0 is
  /// refused there, it does not mean "default"). Then it fails with `OFFERKIT_STATUS_TIMEOUT`.
  /// Unset (the default, or after `offerkit_config_clear_token_wait`): the request timeout.
  late final int Function(Pointer<OfferkitConfig> config, int wait_ms, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_set_token_wait_ms =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, Uint64 wait_ms, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, int wait_ms, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_set_token_wait_ms');

  /// Turns on (or re-sets) the response cache for `offers` and the listing: answers younger than `ttl_ms` are
  /// served from memory, concurrent identical requests share one HTTP request, and when a refresh
  /// fails with a network, timeout or server error an answer up to `max_stale_ms` old is returned
  /// marked stale (`offerkit_offer_list_is_stale`). `ttl_ms` 0 to 86 400 000 (0: always refresh,
  /// still coalescing and bridging outages), `max_entries` at least 1, `max_stale_ms` 0 (no stale
  /// answers) to 86 400 000, checked by `offerkit_client_new` (settings `cache.ttl`,
  /// `cache.max_entries`, `cache.max_stale`). Recommended: 300 000, 256, 3 600 000. Off by
  /// default, and again after `offerkit_config_clear_cache`.
  late final int Function(Pointer<OfferkitConfig> config, int ttl_ms, int max_entries, int max_stale_ms, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_set_cache =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, Uint64 ttl_ms, Uint32 max_entries, Uint64 max_stale_ms, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, int ttl_ms, int max_entries, int max_stale_ms, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_set_cache');

  /// Unsets the token wait (`offerkit_config_set_token_wait_ms`): requests wait for a token as
  /// long as the request timeout, as when it was never set.
  late final int Function(Pointer<OfferkitConfig> config, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_clear_token_wait =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_clear_token_wait');

  /// Turns the response cache off again (`offerkit_config_set_cache`), as when it was never set.
  late final int Function(Pointer<OfferkitConfig> config, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_clear_cache =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_clear_cache');

  /// Sets where the client's callbacks run: an `OfferkitDelivery` value
  /// (`OFFERKIT_DELIVERY_THREAD` = 0, the default, or `OFFERKIT_DELIVERY_POLL` = 1); any other
  /// number is `OUT_OF_RANGE`. Thread: completion callbacks run on a library thread as soon as
  /// the request ends, token-needed on the thread that needs the token. Poll: every callback of
  /// the client runs on a host thread — completions and the token-needed asks of `_async`
  /// requests inside `offerkit_client_poll` / `offerkit_client_poll_wait`, the token-needed ask of
  /// a blocking call inline on the thread making it. A callback that blocks the polling thread
  /// only delays the client's other callbacks.
  late final int Function(Pointer<OfferkitConfig> config, int delivery, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_set_delivery =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, Uint32 delivery, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, int delivery, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_set_delivery');

  /// Names core's setting `setting` as a language binding calls it, in the errors of
  /// `offerkit_client_new`: its field entries (path `config`) and messages then say `name` where
  /// they would say `setting` — for a binding whose users set `Cache.TimeToLive` rather than
  /// `cache.ttl`. `setting` is one of `timeout`, `connect_timeout`, `deadline`,
  /// `token_provider_timeout`, `token_refresh_skew`, `retry.initial_backoff`, `retry.max_backoff`,
  /// `retry.max_retry_after`, `retry.max_retries`, `cache.ttl`, `cache.max_stale`,
  /// `cache.max_entries`, `max_pages`, `max_body_bytes` (anything else: `OUT_OF_RANGE`); `name`
  /// is copied and must not be empty. Naming a setting again replaces its name. C programs need
  /// not call it: without it, errors use the names above, which the setters' docs give.
  late final int Function(Pointer<OfferkitConfig> config, Pointer<Utf8> setting, Pointer<Utf8> name, Pointer<Pointer<OfferkitError>> out_error) offerkit_config_set_setting_name =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitConfig> config, Pointer<Utf8> setting, Pointer<Utf8> name, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitConfig> config, Pointer<Utf8> setting, Pointer<Utf8> name, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_config_set_setting_name');

  /// Frees an error. `offerkit_error_free(NULL)` does nothing. Do not use the error or any string
  /// from it afterwards.
  late final void Function(Pointer<OfferkitError> error) offerkit_error_free =
      library.lookupFunction<Void Function(Pointer<OfferkitError> error), void Function(Pointer<OfferkitError> error)>('offerkit_error_free');

  /// What the error is: the status the failed call returned (or the callback received) with it,
  /// 1–16 for core's error kinds, 100 and up for the C interface's own. A NULL error reports
  /// `OFFERKIT_STATUS_NULL_ARGUMENT`.
  late final int Function(Pointer<OfferkitError> error) offerkit_error_status =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitError> error), int Function(Pointer<OfferkitError> error)>('offerkit_error_status');

  /// A complete, readable description (UTF-8, includes every field message). Never NULL: a NULL
  /// error gives `""`. Valid until the error is freed.
  late final Pointer<Utf8> Function(Pointer<OfferkitError> error) offerkit_error_message =
      library.lookupFunction<Pointer<Utf8> Function(Pointer<OfferkitError> error), Pointer<Utf8> Function(Pointer<OfferkitError> error)>('offerkit_error_message');

  /// The HTTP status of the response the error came from, or 0 when there was none (a failure
  /// before or without a response, or a NULL error).
  late final int Function(Pointer<OfferkitError> error) offerkit_error_http_status =
      library.lookupFunction<Uint16 Function(Pointer<OfferkitError> error), int Function(Pointer<OfferkitError> error)>('offerkit_error_http_status');

  /// The cursor problem the service explained (`invalid_cursor`), or NULL. Valid until the error
  /// is freed.
  late final Pointer<Utf8> Function(Pointer<OfferkitError> error) offerkit_error_reason =
      library.lookupFunction<Pointer<Utf8> Function(Pointer<OfferkitError> error), Pointer<Utf8> Function(Pointer<OfferkitError> error)>('offerkit_error_reason');

  /// How long the server asked to wait (`Retry-After`), in milliseconds, or -1 when it did not
  /// say (or the error is NULL).
  late final int Function(Pointer<OfferkitError> error) offerkit_error_retry_after_ms =
      library.lookupFunction<Int64 Function(Pointer<OfferkitError> error), int Function(Pointer<OfferkitError> error)>('offerkit_error_retry_after_ms');

  /// The whole JSON body of a GraphQL response that carried `errors` (partial `data` included),
  /// or NULL. Valid until the error is freed.
  late final Pointer<Utf8> Function(Pointer<OfferkitError> error) offerkit_error_response_json =
      library.lookupFunction<Pointer<Utf8> Function(Pointer<OfferkitError> error), Pointer<Utf8> Function(Pointer<OfferkitError> error)>('offerkit_error_response_json');

  /// How many field entries the error has (`validation`: one per failing GraphQL field;
  /// `invalid_argument`: the failing arguments; `unprocessable`: one entry with an empty path).
  /// 0 for other kinds and for NULL.
  late final int Function(Pointer<OfferkitError> error) offerkit_error_field_count =
      library.lookupFunction<Size Function(Pointer<OfferkitError> error), int Function(Pointer<OfferkitError> error)>('offerkit_error_field_count');

  /// Field entry `field`'s path, its segments joined with `.` (e.g. `"offers"`; `""` when the
  /// entry has no path). NULL when `field` is out of range. Valid until the error is freed.
  late final Pointer<Utf8> Function(Pointer<OfferkitError> error, int field) offerkit_error_field_path =
      library.lookupFunction<Pointer<Utf8> Function(Pointer<OfferkitError> error, Size field), Pointer<Utf8> Function(Pointer<OfferkitError> error, int field)>('offerkit_error_field_path');

  /// How many arguments field entry `field` names (0 when out of range).
  late final int Function(Pointer<OfferkitError> error, int field) offerkit_error_field_argument_count =
      library.lookupFunction<Size Function(Pointer<OfferkitError> error, Size field), int Function(Pointer<OfferkitError> error, int field)>('offerkit_error_field_argument_count');

  /// The name of argument `argument` of field entry `field` (e.g. `"limit"`), in name order.
  /// NULL when out of range. Valid until the error is freed.
  late final Pointer<Utf8> Function(Pointer<OfferkitError> error, int field, int argument) offerkit_error_field_argument_name =
      library.lookupFunction<Pointer<Utf8> Function(Pointer<OfferkitError> error, Size field, Size argument), Pointer<Utf8> Function(Pointer<OfferkitError> error, int field, int argument)>('offerkit_error_field_argument_name');

  /// How many messages argument `argument` of field entry `field` has (0 when out of range).
  late final int Function(Pointer<OfferkitError> error, int field, int argument) offerkit_error_field_message_count =
      library.lookupFunction<Size Function(Pointer<OfferkitError> error, Size field, Size argument), int Function(Pointer<OfferkitError> error, int field, int argument)>('offerkit_error_field_message_count');

  /// Message `message` of argument `argument` of field entry `field`, as the service (or the
  /// local check, with the service's words) gave it. NULL when out of range. Valid until the
  /// error is freed.
  late final Pointer<Utf8> Function(Pointer<OfferkitError> error, int field, int argument, int message) offerkit_error_field_message =
      library.lookupFunction<Pointer<Utf8> Function(Pointer<OfferkitError> error, Size field, Size argument, Size message), Pointer<Utf8> Function(Pointer<OfferkitError> error, int field, int argument, int message)>('offerkit_error_field_message');

  /// Frees the host's reference to `request`. A request not answered by then fails its attempt
  /// with `OFFERKIT_STATUS_NETWORK` ("the host executor released the request without
  /// answering"). `offerkit_http_request_free(NULL)` does nothing; never free a request twice.
  /// Any thread.
  late final void Function(Pointer<OfferkitHttpRequest> request) offerkit_http_request_free =
      library.lookupFunction<Void Function(Pointer<OfferkitHttpRequest> request), void Function(Pointer<OfferkitHttpRequest> request)>('offerkit_http_request_free');

  /// The method: `"GET"` or `"POST"` (static storage; NULL for a NULL request).
  late final Pointer<Utf8> Function(Pointer<OfferkitHttpRequest> request) offerkit_http_request_method =
      library.lookupFunction<Pointer<Utf8> Function(Pointer<OfferkitHttpRequest> request), Pointer<Utf8> Function(Pointer<OfferkitHttpRequest> request)>('offerkit_http_request_method');

  /// The absolute URL to send to (borrowed until the request is freed; NULL for NULL).
  late final Pointer<Utf8> Function(Pointer<OfferkitHttpRequest> request) offerkit_http_request_url =
      library.lookupFunction<Pointer<Utf8> Function(Pointer<OfferkitHttpRequest> request), Pointer<Utf8> Function(Pointer<OfferkitHttpRequest> request)>('offerkit_http_request_url');

  /// How many headers to send (0 for NULL).
  late final int Function(Pointer<OfferkitHttpRequest> request) offerkit_http_request_header_count =
      library.lookupFunction<Size Function(Pointer<OfferkitHttpRequest> request), int Function(Pointer<OfferkitHttpRequest> request)>('offerkit_http_request_header_count');

  /// Header `index` (0 to count - 1, in the order to send them): its name and value, borrowed
  /// until the request is freed. `OUT_OF_RANGE` past the end. The `authorization` header carries
  /// the player's access token: never log its value.
  late final int Function(Pointer<OfferkitHttpRequest> request, int index, Pointer<Pointer<Utf8>> out_name, Pointer<Pointer<Utf8>> out_value, Pointer<Pointer<OfferkitError>> out_error) offerkit_http_request_header =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitHttpRequest> request, Size index, Pointer<Pointer<Utf8>> out_name, Pointer<Pointer<Utf8>> out_value, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitHttpRequest> request, int index, Pointer<Pointer<Utf8>> out_name, Pointer<Pointer<Utf8>> out_value, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_http_request_header');

  /// The body to send, borrowed until the request is freed: `*out_body` NULL and `*out_len` 0
  /// when there is none (GET).
  late final int Function(Pointer<OfferkitHttpRequest> request, Pointer<Pointer<Uint8>> out_body, Pointer<Size> out_len, Pointer<Pointer<OfferkitError>> out_error) offerkit_http_request_body =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitHttpRequest> request, Pointer<Pointer<Uint8>> out_body, Pointer<Size> out_len, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitHttpRequest> request, Pointer<Pointer<Uint8>> out_body, Pointer<Size> out_len, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_http_request_body');

  /// How long this attempt may take, body included, in milliseconds (at least 1; 0 for NULL).
  /// Give up after it with `OFFERKIT_HTTP_FAILURE_TIMEOUT`. offerkit also stops waiting about
  /// 500 ms later on its own.
  late final int Function(Pointer<OfferkitHttpRequest> request) offerkit_http_request_timeout_ms =
      library.lookupFunction<Uint64 Function(Pointer<OfferkitHttpRequest> request), int Function(Pointer<OfferkitHttpRequest> request)>('offerkit_http_request_timeout_ms');

  /// The largest body offerkit accepts (0 for NULL); a longer one may be cut short with
  /// `OFFERKIT_HTTP_FAILURE_TOO_LARGE`. offerkit checks the length of what it gets either way.
  late final int Function(Pointer<OfferkitHttpRequest> request) offerkit_http_request_max_response_bytes =
      library.lookupFunction<Size Function(Pointer<OfferkitHttpRequest> request), int Function(Pointer<OfferkitHttpRequest> request)>('offerkit_http_request_max_response_bytes');

  /// Whether offerkit no longer wants the answer (its call was cancelled, its deadline passed, its
  /// client was freed): stop the transfer and free the request. True for NULL. Any thread; cheap
  /// enough for a transfer's progress callback.
  late final bool Function(Pointer<OfferkitHttpRequest> request) offerkit_http_request_is_cancelled =
      library.lookupFunction<Bool Function(Pointer<OfferkitHttpRequest> request), bool Function(Pointer<OfferkitHttpRequest> request)>('offerkit_http_request_is_cancelled');

  /// The request's id, for the host's logs: unique among HTTP requests of this process, never 0
  /// (0 for NULL); it matches no other id of the library.
  late final int Function(Pointer<OfferkitHttpRequest> request) offerkit_http_request_id =
      library.lookupFunction<Uint64 Function(Pointer<OfferkitHttpRequest> request), int Function(Pointer<OfferkitHttpRequest> request)>('offerkit_http_request_id');

  /// Answers `request` with a response: HTTP `status` (100 to 599, else `OUT_OF_RANGE`),
  /// `header_count` headers (`names[i]`, `values[i]`; the arrays may be NULL when the count is 0;
  /// invalid UTF-8 in them is replaced, offerkit reads only `Retry-After` and `Location`) and the
  /// whole body after transfer decoding (`body` may be NULL when `body_len` is 0). Everything is
  /// copied. Any thread, once: a second answer is `OFFERKIT_STATUS_ALREADY_ANSWERED`; an answer
  /// to a request offerkit no longer waits for is `OFFERKIT_STATUS_CANCELLED` (dropped, harmless).
  /// A body over `max_response_bytes` is accepted here and fails the call with
  /// `OFFERKIT_STATUS_DECODE`. On `NULL_ARGUMENT` or `OUT_OF_RANGE` nothing was answered.
  late final int Function(Pointer<OfferkitHttpRequest> request, int status, Pointer<Pointer<Utf8>> names, Pointer<Pointer<Utf8>> values, int header_count, Pointer<Uint8> body, int body_len, Pointer<Pointer<OfferkitError>> out_error) offerkit_http_request_respond =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitHttpRequest> request, Uint32 status, Pointer<Pointer<Utf8>> names, Pointer<Pointer<Utf8>> values, Size header_count, Pointer<Uint8> body, Size body_len, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitHttpRequest> request, int status, Pointer<Pointer<Utf8>> names, Pointer<Pointer<Utf8>> values, int header_count, Pointer<Uint8> body, int body_len, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_http_request_respond');

  /// Answers `request` with a transport failure of `kind` (an `OfferkitHttpFailure` number, else
  /// `OUT_OF_RANGE`), described by `message` (the stack's own words; NULL: a generic text). Same
  /// rules as `offerkit_http_request_respond`: once, any thread.
  late final int Function(Pointer<OfferkitHttpRequest> request, int kind, Pointer<Utf8> message, Pointer<Pointer<OfferkitError>> out_error) offerkit_http_request_fail =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitHttpRequest> request, Uint32 kind, Pointer<Utf8> message, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitHttpRequest> request, int kind, Pointer<Utf8> message, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_http_request_fail');

  /// Like `offerkit_http_request_fail`, for a failure after HTTP `status` (100 to 599) had
  /// arrived — a body that broke off: the error then carries that status
  /// (`offerkit_error_http_status`).
  late final int Function(Pointer<OfferkitHttpRequest> request, int kind, int status, Pointer<Utf8> message, Pointer<Pointer<OfferkitError>> out_error) offerkit_http_request_fail_after_status =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitHttpRequest> request, Uint32 kind, Uint32 status, Pointer<Utf8> message, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitHttpRequest> request, int kind, int status, Pointer<Utf8> message, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_http_request_fail_after_status');

  /// Sets (or with a NULL `callback`, removes) the process-wide log callback, receiving messages
  /// up to `max_level` (an `OfferkitLogLevel`: `OFFERKIT_LOG_LEVEL_OFF` = 0 to
  /// `OFFERKIT_LOG_LEVEL_TRACE` = 5; other numbers are `OUT_OF_RANGE`), delivered as `delivery`
  /// says (an `OfferkitDelivery`; other numbers are `OUT_OF_RANGE`):
  /// - `OFFERKIT_DELIVERY_THREAD`: on the thread that logged, at once (any thread);
  /// - `OFFERKIT_DELIVERY_POLL`: queued process-wide — at most 1 024 messages; beyond, the oldest
  ///   are dropped and one WARN message `offerkit: N log messages dropped` is delivered before
  ///   the others — and delivered on the polling thread by `offerkit_log_poll` and inside every
  ///   `offerkit_client_poll` / `offerkit_client_poll_wait` (of any client).
  ///
  /// Thread-safe. Messages still queued for the previous callback are dropped. When it returns,
  /// the previous callback is no longer running and never runs again; `user_data` must stay
  /// valid until the callback is replaced or removed (or `offerkit_shutdown`). Logging is off
  /// until first set. Blocks only while a delivery to the previous callback is under way.
  late final int Function(OfferkitLogCallbackPtr callback, Pointer<Void> user_data, int max_level, int delivery) offerkit_set_log_callback =
      library.lookupFunction<Uint32 Function(OfferkitLogCallbackPtr callback, Pointer<Void> user_data, Uint32 max_level, Uint32 delivery), int Function(OfferkitLogCallbackPtr callback, Pointer<Void> user_data, int max_level, int delivery)>('offerkit_set_log_callback');

  /// Runs log messages queued for poll delivery (see `offerkit_set_log_callback`) on the calling
  /// thread: at most `max`, or with `max` 0 every one queued when the call starts. Returns how
  /// many ran (0 without a poll-delivery callback). Never blocks, except while the callback is
  /// being replaced.
  late final int Function(int max) offerkit_log_poll =
      library.lookupFunction<Size Function(Size max), int Function(int max)>('offerkit_log_poll');

  /// Frees a list (and every view string from it). `offerkit_offer_list_free(NULL)` does nothing.
  late final void Function(Pointer<OfferkitOfferList> list) offerkit_offer_list_free =
      library.lookupFunction<Void Function(Pointer<OfferkitOfferList> list), void Function(Pointer<OfferkitOfferList> list)>('offerkit_offer_list_free');

  /// How many offers the list holds (0 for NULL).
  late final int Function(Pointer<OfferkitOfferList> list) offerkit_offer_list_count =
      library.lookupFunction<Size Function(Pointer<OfferkitOfferList> list), int Function(Pointer<OfferkitOfferList> list)>('offerkit_offer_list_count');

  /// Whether the list was answered from the response cache (fresh or stale); false for NULL.
  late final bool Function(Pointer<OfferkitOfferList> list) offerkit_offer_list_from_cache =
      library.lookupFunction<Bool Function(Pointer<OfferkitOfferList> list), bool Function(Pointer<OfferkitOfferList> list)>('offerkit_offer_list_from_cache');

  /// Whether the list is a stale cached answer, returned because a refresh failed with a
  /// network, timeout or server error; false for NULL.
  late final bool Function(Pointer<OfferkitOfferList> list) offerkit_offer_list_is_stale =
      library.lookupFunction<Bool Function(Pointer<OfferkitOfferList> list), bool Function(Pointer<OfferkitOfferList> list)>('offerkit_offer_list_is_stale');

  /// Age of the answer in milliseconds (0 when it came from the network just now, or for NULL).
  late final int Function(Pointer<OfferkitOfferList> list) offerkit_offer_list_age_ms =
      library.lookupFunction<Uint64 Function(Pointer<OfferkitOfferList> list), int Function(Pointer<OfferkitOfferList> list)>('offerkit_offer_list_age_ms');

  /// Writes the spec fields of offer `index` to `*out_view` (strings borrowed from the list).
  /// `OUT_OF_RANGE` when `index >= count`.
  late final int Function(Pointer<OfferkitOfferList> list, int index, Pointer<OfferkitOfferView> out_view, Pointer<Pointer<OfferkitError>> out_error) offerkit_offer_list_get =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitOfferList> list, Size index, Pointer<OfferkitOfferView> out_view, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitOfferList> list, int index, Pointer<OfferkitOfferView> out_view, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_offer_list_get');

  /// How many items of the service's answer were left out of the list because they were
  /// malformed (0 for NULL). `offerkit_offer_list_skipped_get` says which and why.
  late final int Function(Pointer<OfferkitOfferList> list) offerkit_offer_list_skipped_count =
      library.lookupFunction<Size Function(Pointer<OfferkitOfferList> list), int Function(Pointer<OfferkitOfferList> list)>('offerkit_offer_list_skipped_count');

  /// Writes skipped item `index` (position in the service's answer, id or NULL, reason) to
  /// `*out_item`; its strings are borrowed from the list. `OUT_OF_RANGE` past the end.
  late final int Function(Pointer<OfferkitOfferList> list, int index, Pointer<OfferkitSkippedItem> out_item, Pointer<Pointer<OfferkitError>> out_error) offerkit_offer_list_skipped_get =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitOfferList> list, Size index, Pointer<OfferkitSkippedItem> out_item, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitOfferList> list, int index, Pointer<OfferkitSkippedItem> out_item, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_offer_list_skipped_get');

  /// Any field of offer `index` by dotted path (`"links.click_url"`, `"creatives.icon_url"`,
  /// `"goals.0.name"`) as JSON text, e.g. `"\"https://…\""`, `1.5` or `null` (sent as null). On
  /// `OFFERKIT_STATUS_OK`, `*out_json` is an owned string (free with `offerkit_string_free`),
  /// never NULL. A path that names nothing in the item is `OFFERKIT_STATUS_NOT_FOUND`: the error
  /// names the path (field entry: this function, argument `path`) and `*out_json` is untouched.
  late final int Function(Pointer<OfferkitOfferList> list, int index, Pointer<Utf8> path, Pointer<Pointer<Utf8>> out_json, Pointer<Pointer<OfferkitError>> out_error) offerkit_offer_list_field_json =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitOfferList> list, Size index, Pointer<Utf8> path, Pointer<Pointer<Utf8>> out_json, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitOfferList> list, int index, Pointer<Utf8> path, Pointer<Pointer<Utf8>> out_json, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_offer_list_field_json');

  /// Like `offerkit_offer_list_field_json`, but a string value comes unquoted (`https://…`);
  /// other values still come as JSON text.
  late final int Function(Pointer<OfferkitOfferList> list, int index, Pointer<Utf8> path, Pointer<Pointer<Utf8>> out_text, Pointer<Pointer<OfferkitError>> out_error) offerkit_offer_list_field_text =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitOfferList> list, Size index, Pointer<Utf8> path, Pointer<Pointer<Utf8>> out_text, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitOfferList> list, int index, Pointer<Utf8> path, Pointer<Pointer<Utf8>> out_text, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_offer_list_field_text');

  /// Offer `index` as the JSON object the service sent (extra selected fields included). On
  /// success `*out_json` is an owned string (free with `offerkit_string_free`).
  late final int Function(Pointer<OfferkitOfferList> list, int index, Pointer<Pointer<Utf8>> out_json, Pointer<Pointer<OfferkitError>> out_error) offerkit_offer_list_item_json =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitOfferList> list, Size index, Pointer<Pointer<Utf8>> out_json, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitOfferList> list, int index, Pointer<Pointer<Utf8>> out_json, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_offer_list_item_json');

  /// The pagination of a paginated listing page: writes `*out_pagination` and returns true, or
  /// returns false (writing nothing) when the list has none (offers, an unpaginated listing, all
  /// pages) or an argument is NULL.
  late final bool Function(Pointer<OfferkitOfferList> list, Pointer<OfferkitPagination> out_pagination) offerkit_offer_list_pagination =
      library.lookupFunction<Bool Function(Pointer<OfferkitOfferList> list, Pointer<OfferkitPagination> out_pagination), bool Function(Pointer<OfferkitOfferList> list, Pointer<OfferkitPagination> out_pagination)>('offerkit_offer_list_pagination');

  /// Makes options for `offers` with everything unset. On success `*out_options` owns them: free
  /// with `offerkit_offers_options_free`.
  late final int Function(Pointer<Pointer<OfferkitOffersOptions>> out_options, Pointer<Pointer<OfferkitError>> out_error) offerkit_offers_options_new =
      library.lookupFunction<Uint32 Function(Pointer<Pointer<OfferkitOffersOptions>> out_options, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<Pointer<OfferkitOffersOptions>> out_options, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_offers_options_new');

  /// Frees options. `offerkit_offers_options_free(NULL)` does nothing. Queries already made with
  /// them are not affected.
  late final void Function(Pointer<OfferkitOffersOptions> options) offerkit_offers_options_free =
      library.lookupFunction<Void Function(Pointer<OfferkitOffersOptions> options), void Function(Pointer<OfferkitOffersOptions> options)>('offerkit_offers_options_free');

  /// Sets `limit`, stored as given: the query refuses a value below 1 (`INVALID_ARGUMENT`, the
  /// spec's message "The limit field must be at least 1."). Unset: no limit.
  late final int Function(Pointer<OfferkitOffersOptions> options, int limit, Pointer<Pointer<OfferkitError>> out_error) offerkit_offers_options_set_limit =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitOffersOptions> options, Int64 limit, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitOffersOptions> options, int limit, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_offers_options_set_limit');

  /// Unsets `limit` (no limit is sent).
  late final int Function(Pointer<OfferkitOffersOptions> options, Pointer<Pointer<OfferkitError>> out_error) offerkit_offers_options_clear_limit =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitOffersOptions> options, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitOffersOptions> options, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_offers_options_clear_limit');

  /// Sets `language` (2 to 5 characters, e.g. `en`, `zh-HK`; checked by the query), copied;
  /// NULL unsets it (the service's default).
  late final int Function(Pointer<OfferkitOffersOptions> options, Pointer<Utf8> language, Pointer<Pointer<OfferkitError>> out_error) offerkit_offers_options_set_language =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitOffersOptions> options, Pointer<Utf8> language, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitOffersOptions> options, Pointer<Utf8> language, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_offers_options_set_language');

  /// Sets `sort` (`epc.asc`, `epc.desc`, `last_activation.asc` or `last_activation.desc`;
  /// checked by the query), copied; NULL unsets it (the service's order).
  late final int Function(Pointer<OfferkitOffersOptions> options, Pointer<Utf8> sort, Pointer<Pointer<OfferkitError>> out_error) offerkit_offers_options_set_sort =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitOffersOptions> options, Pointer<Utf8> sort, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitOffersOptions> options, Pointer<Utf8> sort, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_offers_options_set_sort');

  /// Sets `select`: GraphQL fields added to the selection, e.g. `links { click_url }` (read with
  /// `offerkit_offer_list_field_json`), copied; NULL unsets it.
  late final int Function(Pointer<OfferkitOffersOptions> options, Pointer<Utf8> select, Pointer<Pointer<OfferkitError>> out_error) offerkit_offers_options_set_select =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitOffersOptions> options, Pointer<Utf8> select, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitOffersOptions> options, Pointer<Utf8> select, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_offers_options_set_select');

  /// Sets `selection`: the whole offer selection, replacing the default `id name
  /// total_payout_usd creatives { name description }` (`select` is then added to it), copied;
  /// NULL unsets it (the default). The spec fields it leaves out are NULL (NaN) in the views.
  late final int Function(Pointer<OfferkitOffersOptions> options, Pointer<Utf8> selection, Pointer<Pointer<OfferkitError>> out_error) offerkit_offers_options_set_selection =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitOffersOptions> options, Pointer<Utf8> selection, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitOffersOptions> options, Pointer<Utf8> selection, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_offers_options_set_selection');

  /// Makes options for `playerOffers` with everything unset. On success `*out_options` owns
  /// them: free with `offerkit_player_offers_options_free`.
  late final int Function(Pointer<Pointer<OfferkitPlayerOffersOptions>> out_options, Pointer<Pointer<OfferkitError>> out_error) offerkit_player_offers_options_new =
      library.lookupFunction<Uint32 Function(Pointer<Pointer<OfferkitPlayerOffersOptions>> out_options, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<Pointer<OfferkitPlayerOffersOptions>> out_options, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_player_offers_options_new');

  /// Frees options. `offerkit_player_offers_options_free(NULL)` does nothing. Queries and pagers
  /// already made with them are not affected.
  late final void Function(Pointer<OfferkitPlayerOffersOptions> options) offerkit_player_offers_options_free =
      library.lookupFunction<Void Function(Pointer<OfferkitPlayerOffersOptions> options), void Function(Pointer<OfferkitPlayerOffersOptions> options)>('offerkit_player_offers_options_free');

  /// Sets `limit`, stored as given: the query refuses a value outside 1 to 100
  /// (`INVALID_ARGUMENT` with the spec's message). Unset: the service's default (50).
  late final int Function(Pointer<OfferkitPlayerOffersOptions> options, int limit, Pointer<Pointer<OfferkitError>> out_error) offerkit_player_offers_options_set_limit =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitPlayerOffersOptions> options, Int64 limit, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitPlayerOffersOptions> options, int limit, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_player_offers_options_set_limit');

  /// Unsets `limit` (the service's default).
  late final int Function(Pointer<OfferkitPlayerOffersOptions> options, Pointer<Pointer<OfferkitError>> out_error) offerkit_player_offers_options_clear_limit =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitPlayerOffersOptions> options, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitPlayerOffersOptions> options, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_player_offers_options_clear_limit');

  /// Sets `language` (2 to 5 characters; checked by the query), copied; NULL unsets it.
  late final int Function(Pointer<OfferkitPlayerOffersOptions> options, Pointer<Utf8> language, Pointer<Pointer<OfferkitError>> out_error) offerkit_player_offers_options_set_language =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitPlayerOffersOptions> options, Pointer<Utf8> language, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitPlayerOffersOptions> options, Pointer<Utf8> language, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_player_offers_options_set_language');

  /// Sets `after`: a `next_cursor` of a previous page of the same query, copied; NULL unsets it
  /// (the first page).
  late final int Function(Pointer<OfferkitPlayerOffersOptions> options, Pointer<Utf8> after, Pointer<Pointer<OfferkitError>> out_error) offerkit_player_offers_options_set_after =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitPlayerOffersOptions> options, Pointer<Utf8> after, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitPlayerOffersOptions> options, Pointer<Utf8> after, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_player_offers_options_set_after');

  /// Sets `select`: GraphQL fields added to each item's default selection, copied; NULL unsets
  /// it.
  late final int Function(Pointer<OfferkitPlayerOffersOptions> options, Pointer<Utf8> select, Pointer<Pointer<OfferkitError>> out_error) offerkit_player_offers_options_set_select =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitPlayerOffersOptions> options, Pointer<Utf8> select, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitPlayerOffersOptions> options, Pointer<Utf8> select, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_player_offers_options_set_select');

  /// Sets `selection`: the whole `playerOffers` selection, replacing the default (e.g.
  /// `offers: items { id } next_cursor`; the items are read from the one list field it names),
  /// copied; NULL unsets it. Not together with `select` (the query refuses both).
  late final int Function(Pointer<OfferkitPlayerOffersOptions> options, Pointer<Utf8> selection, Pointer<Pointer<OfferkitError>> out_error) offerkit_player_offers_options_set_selection =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitPlayerOffersOptions> options, Pointer<Utf8> selection, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitPlayerOffersOptions> options, Pointer<Utf8> selection, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_player_offers_options_set_selection');

  /// Makes options for the listing with everything unset. On success `*out_options` owns them:
  /// free with `offerkit_list_offers_options_free`.
  late final int Function(Pointer<Pointer<OfferkitListOffersOptions>> out_options, Pointer<Pointer<OfferkitError>> out_error) offerkit_list_offers_options_new =
      library.lookupFunction<Uint32 Function(Pointer<Pointer<OfferkitListOffersOptions>> out_options, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<Pointer<OfferkitListOffersOptions>> out_options, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_list_offers_options_new');

  /// Frees options. `offerkit_list_offers_options_free(NULL)` does nothing.
  late final void Function(Pointer<OfferkitListOffersOptions> options) offerkit_list_offers_options_free =
      library.lookupFunction<Void Function(Pointer<OfferkitListOffersOptions> options), void Function(Pointer<OfferkitListOffersOptions> options)>('offerkit_list_offers_options_free');

  /// Sets `per_page`, stored as given: the query refuses a value outside 1 to 100
  /// (`INVALID_ARGUMENT`, "The per page field must be between 1 and 100."). Set, the listing is
  /// paginated; unset, every offer comes at once.
  late final int Function(Pointer<OfferkitListOffersOptions> options, int per_page, Pointer<Pointer<OfferkitError>> out_error) offerkit_list_offers_options_set_per_page =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitListOffersOptions> options, Int64 per_page, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitListOffersOptions> options, int per_page, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_list_offers_options_set_per_page');

  /// Unsets `per_page` (no pagination).
  late final int Function(Pointer<OfferkitListOffersOptions> options, Pointer<Pointer<OfferkitError>> out_error) offerkit_list_offers_options_clear_per_page =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitListOffersOptions> options, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitListOffersOptions> options, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_list_offers_options_clear_per_page');

  /// Sets `page`, stored as given: the query refuses a value below 1, and a page without
  /// `per_page` (`INVALID_ARGUMENT` with the spec's messages). Unset: the first page.
  late final int Function(Pointer<OfferkitListOffersOptions> options, int page, Pointer<Pointer<OfferkitError>> out_error) offerkit_list_offers_options_set_page =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitListOffersOptions> options, Int64 page, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitListOffersOptions> options, int page, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_list_offers_options_set_page');

  /// Unsets `page` (the first page).
  late final int Function(Pointer<OfferkitListOffersOptions> options, Pointer<Pointer<OfferkitError>> out_error) offerkit_list_offers_options_clear_page =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitListOffersOptions> options, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitListOffersOptions> options, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_list_offers_options_clear_page');

  /// Makes a pager over the pages of `playerOffers` for `player_id`, starting at the `after` of
  /// `options` (NULL, or `after` unset: the first page; the options are copied). The arguments are checked now (`INVALID_ARGUMENT`, nothing sent); no
  /// request is made until `next`. On success `*out_pager` owns the pager.
  late final int Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<OfferkitPlayerOffersOptions> options, Pointer<Pointer<OfferkitPlayerOffersPager>> out_pager, Pointer<Pointer<OfferkitError>> out_error) offerkit_client_player_offers_pager =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<OfferkitPlayerOffersOptions> options, Pointer<Pointer<OfferkitPlayerOffersPager>> out_pager, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitClient> client, Pointer<Utf8> player_id, Pointer<OfferkitPlayerOffersOptions> options, Pointer<Pointer<OfferkitPlayerOffersPager>> out_pager, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_client_player_offers_pager');

  /// Blocking: fetches the next page (one call, within the deadline). On `OFFERKIT_STATUS_OK`,
  /// `*out_page` owns the page, or is NULL when the previous page was the last one (and stays so
  /// on later calls). A page whose cursor was seen before in this walk, or a page past the
  /// client's `max_pages`, fails with `OFFERKIT_STATUS_DECODE` and ends the walk (later calls
  /// give NULL); other failures leave the position unchanged.
  late final int Function(Pointer<OfferkitPlayerOffersPager> pager, Pointer<Pointer<OfferkitPlayerOffersPage>> out_page, Pointer<Pointer<OfferkitError>> out_error) offerkit_player_offers_pager_next =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitPlayerOffersPager> pager, Pointer<Pointer<OfferkitPlayerOffersPage>> out_page, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitPlayerOffersPager> pager, Pointer<Pointer<OfferkitPlayerOffersPage>> out_page, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_player_offers_pager_next');

  /// Asynchronous `next` (see `offerkit_client_offers_async` for the request rules; the callback
  /// gets a NULL page with `OFFERKIT_STATUS_OK` after the last page). Cancelling leaves the
  /// pager's position unchanged.
  late final int Function(Pointer<OfferkitPlayerOffersPager> pager, OfferkitPlayerOffersPageCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error) offerkit_player_offers_pager_next_async =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitPlayerOffersPager> pager, OfferkitPlayerOffersPageCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitPlayerOffersPager> pager, OfferkitPlayerOffersPageCallbackPtr callback, Pointer<Void> user_data, Pointer<Pointer<OfferkitRequest>> out_request, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_player_offers_pager_next_async');

  /// Frees a pager. `offerkit_player_offers_pager_free(NULL)` does nothing. A `next_async` under
  /// way still completes (its callback runs exactly once).
  late final void Function(Pointer<OfferkitPlayerOffersPager> pager) offerkit_player_offers_pager_free =
      library.lookupFunction<Void Function(Pointer<OfferkitPlayerOffersPager> pager), void Function(Pointer<OfferkitPlayerOffersPager> pager)>('offerkit_player_offers_pager_free');

  /// Checks the service's rule for a player id (1 to 255 characters): `OFFERKIT_STATUS_OK`, or
  /// `OFFERKIT_STATUS_INVALID_ARGUMENT` with the service's message on the `player_id` argument.
  late final int Function(Pointer<Utf8> player_id, Pointer<Pointer<OfferkitError>> out_error) offerkit_player_id_validate =
      library.lookupFunction<Uint32 Function(Pointer<Utf8> player_id, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<Utf8> player_id, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_player_id_validate');

  /// Writes to `*out_flags` the conventions `player_id` breaks, as `OFFERKIT_PLAYER_ID_*` flags
  /// OR-ed together (0: follows them all). Conventions are advice: the service accepts such ids.
  late final int Function(Pointer<Utf8> player_id, Pointer<Uint32> out_flags, Pointer<Pointer<OfferkitError>> out_error) offerkit_player_id_lint =
      library.lookupFunction<Uint32 Function(Pointer<Utf8> player_id, Pointer<Uint32> out_flags, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<Utf8> player_id, Pointer<Uint32> out_flags, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_player_id_lint');

  /// The stable name of one lint flag (`"uppercase"`, `"period"`, `"space"`,
  /// `"other_character"`), or NULL if `flag` is not exactly one flag. Static storage.
  late final Pointer<Utf8> Function(int flag) offerkit_player_id_convention_name =
      library.lookupFunction<Pointer<Utf8> Function(Uint32 flag), Pointer<Utf8> Function(int flag)>('offerkit_player_id_convention_name');

  /// A sentence describing one lint flag (e.g. `"contains periods"`), or NULL if `flag` is not
  /// exactly one flag. Static storage.
  late final Pointer<Utf8> Function(int flag) offerkit_player_id_convention_describe =
      library.lookupFunction<Pointer<Utf8> Function(Uint32 flag), Pointer<Utf8> Function(int flag)>('offerkit_player_id_convention_describe');

  /// Derives a stable, valid, convention-following player id from any internal identifier:
  /// `"p-"` and the lowercase hex of the first 16 bytes of SHA-256 over the UTF-8 bytes of
  /// `internal_id` (34 characters; every binding gives the same answer). On success `*out_id` is
  /// an owned string (free with `offerkit_string_free`).
  late final int Function(Pointer<Utf8> internal_id, Pointer<Pointer<Utf8>> out_id, Pointer<Pointer<OfferkitError>> out_error) offerkit_player_id_short =
      library.lookupFunction<Uint32 Function(Pointer<Utf8> internal_id, Pointer<Pointer<Utf8>> out_id, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<Utf8> internal_id, Pointer<Pointer<Utf8>> out_id, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_player_id_short');

  /// Frees a page. `offerkit_player_offers_page_free(NULL)` does nothing.
  late final void Function(Pointer<OfferkitPlayerOffersPage> page) offerkit_player_offers_page_free =
      library.lookupFunction<Void Function(Pointer<OfferkitPlayerOffersPage> page), void Function(Pointer<OfferkitPlayerOffersPage> page)>('offerkit_player_offers_page_free');

  /// How many items the page holds (0 for NULL).
  late final int Function(Pointer<OfferkitPlayerOffersPage> page) offerkit_player_offers_page_count =
      library.lookupFunction<Size Function(Pointer<OfferkitPlayerOffersPage> page), int Function(Pointer<OfferkitPlayerOffersPage> page)>('offerkit_player_offers_page_count');

  /// The cursor of the next page (pass it as `after`), or NULL on the last page (and for a NULL
  /// page). Borrowed: valid until the page is freed.
  late final Pointer<Utf8> Function(Pointer<OfferkitPlayerOffersPage> page) offerkit_player_offers_page_next_cursor =
      library.lookupFunction<Pointer<Utf8> Function(Pointer<OfferkitPlayerOffersPage> page), Pointer<Utf8> Function(Pointer<OfferkitPlayerOffersPage> page)>('offerkit_player_offers_page_next_cursor');

  /// How many items of the service's answer were left out of the page because they were
  /// malformed (not objects: no field of these items is required); 0 for NULL.
  late final int Function(Pointer<OfferkitPlayerOffersPage> page) offerkit_player_offers_page_skipped_count =
      library.lookupFunction<Size Function(Pointer<OfferkitPlayerOffersPage> page), int Function(Pointer<OfferkitPlayerOffersPage> page)>('offerkit_player_offers_page_skipped_count');

  /// Writes skipped item `index` to `*out_item` (strings borrowed from the page).
  /// `OUT_OF_RANGE` past the end.
  late final int Function(Pointer<OfferkitPlayerOffersPage> page, int index, Pointer<OfferkitSkippedItem> out_item, Pointer<Pointer<OfferkitError>> out_error) offerkit_player_offers_page_skipped_get =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitPlayerOffersPage> page, Size index, Pointer<OfferkitSkippedItem> out_item, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitPlayerOffersPage> page, int index, Pointer<OfferkitSkippedItem> out_item, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_player_offers_page_skipped_get');

  /// Writes the typed fields of item `index` to `*out_view`. `OUT_OF_RANGE` past the end.
  late final int Function(Pointer<OfferkitPlayerOffersPage> page, int index, Pointer<OfferkitPlayerOfferView> out_view, Pointer<Pointer<OfferkitError>> out_error) offerkit_player_offers_page_get =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitPlayerOffersPage> page, Size index, Pointer<OfferkitPlayerOfferView> out_view, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitPlayerOffersPage> page, int index, Pointer<OfferkitPlayerOfferView> out_view, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_player_offers_page_get');

  /// Any field of item `index` by dotted path, as JSON text (owned); `OFFERKIT_STATUS_NOT_FOUND`
  /// when the path names nothing. See `offerkit_offer_list_field_json`.
  late final int Function(Pointer<OfferkitPlayerOffersPage> page, int index, Pointer<Utf8> path, Pointer<Pointer<Utf8>> out_json, Pointer<Pointer<OfferkitError>> out_error) offerkit_player_offers_page_field_json =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitPlayerOffersPage> page, Size index, Pointer<Utf8> path, Pointer<Pointer<Utf8>> out_json, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitPlayerOffersPage> page, int index, Pointer<Utf8> path, Pointer<Pointer<Utf8>> out_json, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_player_offers_page_field_json');

  /// Any field of item `index` by dotted path; strings unquoted (owned);
  /// `OFFERKIT_STATUS_NOT_FOUND` when the path names nothing. See
  /// `offerkit_offer_list_field_text`.
  late final int Function(Pointer<OfferkitPlayerOffersPage> page, int index, Pointer<Utf8> path, Pointer<Pointer<Utf8>> out_text, Pointer<Pointer<OfferkitError>> out_error) offerkit_player_offers_page_field_text =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitPlayerOffersPage> page, Size index, Pointer<Utf8> path, Pointer<Pointer<Utf8>> out_text, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitPlayerOffersPage> page, int index, Pointer<Utf8> path, Pointer<Pointer<Utf8>> out_text, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_player_offers_page_field_text');

  /// Item `index` as the JSON object the service sent (owned string).
  late final int Function(Pointer<OfferkitPlayerOffersPage> page, int index, Pointer<Pointer<Utf8>> out_json, Pointer<Pointer<OfferkitError>> out_error) offerkit_player_offers_page_item_json =
      library.lookupFunction<Uint32 Function(Pointer<OfferkitPlayerOffersPage> page, Size index, Pointer<Pointer<Utf8>> out_json, Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<OfferkitPlayerOffersPage> page, int index, Pointer<Pointer<Utf8>> out_json, Pointer<Pointer<OfferkitError>> out_error)>('offerkit_player_offers_page_item_json');

  /// Cancels a request: if it has not completed yet, its task (and HTTP exchange) is dropped and
  /// its callback reports `OFFERKIT_STATUS_CANCELLED` — later, on a library thread (thread
  /// delivery) or from `offerkit_client_poll` (poll delivery), never inside this call. Returns
  /// true if this call cancelled it, false if it had already completed or been cancelled (also
  /// inside its own callback), or `request` is NULL; either way the callback runs exactly once.
  late final bool Function(Pointer<OfferkitRequest> request) offerkit_request_cancel =
      library.lookupFunction<Bool Function(Pointer<OfferkitRequest> request), bool Function(Pointer<OfferkitRequest> request)>('offerkit_request_cancel');

  /// The request's id: unique among the requests of this process, never 0 (0 for NULL). Lets one
  /// callback serve many requests. Thread-safe.
  late final int Function(Pointer<OfferkitRequest> request) offerkit_request_id =
      library.lookupFunction<Uint64 Function(Pointer<OfferkitRequest> request), int Function(Pointer<OfferkitRequest> request)>('offerkit_request_id');

  /// Frees a request handle without cancelling the request. `offerkit_request_free(NULL)` does
  /// nothing. The callback still receives the same pointer (valid during its call).
  late final void Function(Pointer<OfferkitRequest> request) offerkit_request_free =
      library.lookupFunction<Void Function(Pointer<OfferkitRequest> request), void Function(Pointer<OfferkitRequest> request)>('offerkit_request_free');

  /// Stops the library: removes the log callback (dropping log messages still queued for
  /// `offerkit_log_poll`), stops the runtime — its I/O thread and DNS thread are joined (a DNS
  /// look-up under way is waited for) and everything it allocated is released — and frees every
  /// other global the library made. Idempotent: `OFFERKIT_STATUS_OK` when nothing runs (also
  /// before any use, and when called again). Afterwards the library may be used again: the next
  /// `offerkit_client_new` starts a fresh runtime.
  ///
  /// Fails with `OFFERKIT_STATUS_BUSY`, stopping nothing, while any `OfferkitClient` or
  /// `OfferkitPlayerOffersPager` is alive; the message says how many. Once every handle is freed,
  /// it waits (up to `OFFERKIT_SHUTDOWN_SETTLE_MS`) for their last steps on the library thread —
  /// a task returning after its callback, callbacks still owed by a client freed from inside its
  /// own callback on a library thread — and is `BUSY` if they take longer. Fails
  /// with `OFFERKIT_STATUS_WOULD_DEADLOCK` on a library thread or inside any callback offerkit
  /// runs (it would wait for itself). Request handles, results and errors outlive it: free them
  /// as usual, before or after. Call it from one thread, at the end of the host's use of offerkit
  /// (e.g. before unloading the library, or before exit).
  ///
  /// What stays allocated: once a log callback has been set (`offerkit_set_log_callback`), 112
  /// bytes in two blocks stay, still reachable, until the process ends — the logging library's
  /// global dispatcher (16 bytes) and its list of dispatchers (96 bytes). That library (tracing
  /// 0.1) has no way to free either, so no shutdown can release them; they are made once per
  /// process and reused by every later start, so they never grow. Everything else the library
  /// allocated is released. A leak checker that wants zero bytes in use at exit suppresses
  /// exactly these two stacks: `bindings/c/tests/tracing-core.supp` (valgrind) names them.
  late final int Function(Pointer<Pointer<OfferkitError>> out_error) offerkit_shutdown =
      library.lookupFunction<Uint32 Function(Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<Pointer<OfferkitError>> out_error)>('offerkit_shutdown');

  /// The stable snake_case name of a status: `"ok"`; for 1–16 core's kind names
  /// (`"invalid_argument"`, `"rate_limited"`, …, the names every other binding uses); then
  /// `"null_argument"` (100), `"invalid_utf8"`, `"out_of_range"`, `"would_deadlock"`,
  /// `"not_found"`, `"busy"`, `"already_answered"` (106), `"not_available"` (107). `"unknown"` for
  /// a number that is not an `OfferkitStatus`. Static storage: never
  /// free it. Thread-safe.
  late final Pointer<Utf8> Function(int status) offerkit_status_name =
      library.lookupFunction<Pointer<Utf8> Function(Uint32 status), Pointer<Utf8> Function(int status)>('offerkit_status_name');

  /// Frees a string this library handed out as owned (`char *` results, e.g. JSON text).
  /// `offerkit_string_free(NULL)` does nothing. Never pass a borrowed (`const char *`) string.
  late final void Function(Pointer<Utf8> string) offerkit_string_free =
      library.lookupFunction<Void Function(Pointer<Utf8> string), void Function(Pointer<Utf8> string)>('offerkit_string_free');

  /// Test builds only: every completion of a poll-delivery client waits `ms` milliseconds (0:
  /// none) on the library thread after it is decided and before it is queued for
  /// `offerkit_client_poll`.
  late final void Function(int ms)? offerkit_test_delay_queueing_ms = library.providesSymbol('offerkit_test_delay_queueing_ms')
      ? library.lookupFunction<Void Function(Uint64 ms), void Function(int ms)>('offerkit_test_delay_queueing_ms')
      : null;

  /// Test builds only: the next `count` result conversions (offer lists, player-offers pages)
  /// panic inside the library.
  late final void Function(int count)? offerkit_test_panic_in_conversions = library.providesSymbol('offerkit_test_panic_in_conversions')
      ? library.lookupFunction<Void Function(Uint32 count), void Function(int count)>('offerkit_test_panic_in_conversions')
      : null;

  /// Test builds only: panics inside the call boundary; returns `OFFERKIT_STATUS_INTERNAL`.
  late final int Function(Pointer<Pointer<OfferkitError>> out_error)? offerkit_test_panic = library.providesSymbol('offerkit_test_panic')
      ? library.lookupFunction<Uint32 Function(Pointer<Pointer<OfferkitError>> out_error), int Function(Pointer<Pointer<OfferkitError>> out_error)>('offerkit_test_panic')
      : null;

  /// Test builds only: logs `count` WARN messages `test message <i>` (target `offerkit::test`,
  /// `i` from 0), so the C tests can fill the log queue of poll delivery without a thousand
  /// requests.
  late final void Function(int count)? offerkit_test_log_messages = library.providesSymbol('offerkit_test_log_messages')
      ? library.lookupFunction<Void Function(Uint32 count), void Function(int count)>('offerkit_test_log_messages')
      : null;

  /// The version of the loaded library, e.g. `"1.1.0"` (compare with the header's
  /// `OFFERKIT_VERSION_*`). Static storage: never free it. Thread-safe.
  late final Pointer<Utf8> Function() offerkit_version =
      library.lookupFunction<Pointer<Utf8> Function(), Pointer<Utf8> Function()>('offerkit_version');
}
