/*
 * offerkit.h: the C ABI of offerkit (libofferkit.so / libofferkit.a), version 1.1.
 *
 * CONVENTIONS (every function follows them; ffi/README.md says the same)
 *
 * Names       Functions are offerkit_*, types Offerkit*, constants OFFERKIT_*.
 *
 * Handles     Every object is an opaque handle (OfferkitClient, OfferkitConfig, OfferkitRequest,
 *             OfferkitOfferList, OfferkitPlayerOffersPage, OfferkitPlayerOffersPager,
 *             OfferkitError, and the query options Offerkit*Options), made by the library and
 *             freed by exactly one free function:
 *               OfferkitConfig                offerkit_config_free
 *               OfferkitOffersOptions         offerkit_offers_options_free
 *               OfferkitPlayerOffersOptions   offerkit_player_offers_options_free
 *               OfferkitListOffersOptions     offerkit_list_offers_options_free
 *               OfferkitClient                offerkit_client_free
 *               OfferkitRequest               offerkit_request_free
 *               OfferkitOfferList             offerkit_offer_list_free
 *               OfferkitPlayerOffersPage      offerkit_player_offers_page_free
 *               OfferkitPlayerOffersPager     offerkit_player_offers_pager_free
 *               OfferkitError                 offerkit_error_free
 *               OfferkitHttpRequest           offerkit_http_request_free (the host executor's)
 *               char * (owned strings)        offerkit_string_free
 *             Every free function accepts NULL and then does nothing. Never free twice.
 *             An OfferkitRequest is reference-counted inside: the host may free its handle at
 *             any time, and the completion callback still receives that same pointer.
 *
 * Statuses    Every fallible function returns an OfferkitStatus, a C enum (switches over it are
 *             checked by -Wswitch-enum) with stable numbers: 0 OK; 1-16 the error kinds of core
 *             (offerkit_status_name gives core's kind names, as every binding uses them);
 *             100 NULL_ARGUMENT, 101 INVALID_UTF8, 102 OUT_OF_RANGE, 103 WOULD_DEADLOCK,
 *             104 NOT_FOUND, 105 BUSY, 106 ALREADY_ANSWERED, 107 NOT_AVAILABLE: this
 *             interface's own (nothing was done or sent). An
 *             error is what its status says (offerkit_error_status); there is no other kind.
 *             A panic inside the library is caught and returned as 15 INTERNAL: nothing ever
 *             unwinds into C. Functions taking an enum value from C take a uint32_t and refuse
 *             any number that is not one (OUT_OF_RANGE).
 *
 * Outputs     Results come through out-pointers (out_*), written only when the function returns
 *             OFFERKIT_STATUS_OK; on failure they are left untouched. Required out-pointers that
 *             are NULL give OFFERKIT_STATUS_NULL_ARGUMENT.
 *
 * Errors      The last parameter, OfferkitError **out_error, may be NULL. If it is not, a failed
 *             call stores a new error object there (owned by the caller, free it with
 *             offerkit_error_free) and a successful call leaves it untouched. Accessors:
 *             status, message, HTTP status, field entries (path, argument names, messages),
 *             cursor reason, retry-after, whole GraphQL response. NULL_ARGUMENT, INVALID_UTF8,
 *             OUT_OF_RANGE and NOT_FOUND errors carry exactly one field entry: path = the C
 *             function's name ("offerkit_client_offers"), one argument = the parameter's name
 *             ("player_id"), one message = the detail ("is NULL", "is not valid UTF-8 (byte 3)");
 *             the message reads "offerkit_client_offers: argument `player_id` is NULL". Core's
 *             own checks (INVALID_ARGUMENT) name every failing argument under the query's path.
 *
 * Strings     Every string, in and out, is UTF-8 and NUL-terminated. String arguments are
 *             checked (OFFERKIT_STATUS_INVALID_UTF8) and copied when kept: the caller's buffer
 *             may be freed once the call returns. `char *` results are owned (free with
 *             offerkit_string_free); `const char *` results are borrowed from the handle they
 *             came from and valid until it is freed (or are static, where documented).
 *
 * Optional    Query options are opaque builders (offerkit_offers_options_new, …): every option
 *             is unset until set, and unset again by its clear_ function (numbers) or a NULL
 *             string. No number means "unset": setters store any value (0 and negatives
 *             included) and core's validation judges it when the query runs (limit 0 is
 *             INVALID_ARGUMENT with the spec's message). Setters refuse only NULL options and
 *             bad UTF-8. A query takes `const Offerkit*Options *` (NULL: everything unset) and
 *             copies it: reuse one for many calls, or free it as soon as the call returns.
 *             Config setters follow the same rule (see Config).
 *
 * Absent      A typed field of a view is NULL when the answer has no usable value for it: the
 *             service did not send it (a selection that leaves it out usually means that) or
 *             sent it unusable (the payout is then NaN with has_total_payout_usd false). A
 *             typed field the selection left out but the service sent anyway, usable, is shown.
 *             Present but empty is "", never NULL. *_field_json / *_field_text on a path that
 *             names nothing fail with OFFERKIT_STATUS_NOT_FOUND (the out-pointer untouched, the
 *             error naming the path); *_item_json gives every field as sent.
 *
 * Skipped     An item the service sent malformed (not an object, or a typed field the selection
 *             asked for null, missing or of the wrong type; an integer id reads as its digits and
 *             a payout in numeric text as its number) is left out of its list or page and
 *             reported by *_skipped_count / *_skipped_get (position, id or NULL, reason). Only
 *             an answer whose items are all malformed fails, with OFFERKIT_STATUS_DECODE.
 *
 * Selections  select ADDS fields to a default selection; selection REPLACES it (select is then
 *             added). playerOffers' selection is the whole result (e.g. "offers: items { id }
 *             next_cursor"; the items are the one list it names) and excludes select. The typed
 *             fields a selection names are required in every item; the others may be absent.
 *
 * Blocking    Functions without the _async suffix block the calling thread until the service
 *             answers, and never longer than the client's deadline (default 30 s,
 *             offerkit_config_set_deadline_ms): every attempt, retry, Retry-After wait and the
 *             wait for a token happen within it, and a Retry-After past it is not waited for
 *             (the call fails at once with the service's retry-after). Called on a library
 *             thread (inside a callback that offerkit runs) they return
 *             OFFERKIT_STATUS_WOULD_DEADLOCK instead of blocking: use the _async form there.
 *             Worst cases (measured in BENCHMARKS.md; ffi/README.md has the table):
 *               queries, pager_next          the deadline
 *               client_list_all_offers       max_pages x the deadline
 *               client_poll_wait             timeout_ms + the callbacks it runs
 *               client_poll, log_poll        the callbacks they run (never wait)
 *               client_free                  the callbacks it runs or waits for
 *               shutdown                     joins idle threads (a DNS look-up under way is
 *                                            waited for); up to 5 s for freed clients' last
 *                                            steps (OFFERKIT_SHUTDOWN_SETTLE_MS), else BUSY
 *               set_log_callback             a delivery to the previous log callback
 *               set_access_token, cancel,    a lock held for microseconds
 *               fail_token_request, *_async
 *               client_new                   starting the library thread (first call)
 *             Everything else (accessors, frees of results) never blocks.
 *
 * Pages       A walk over pages ends with OFFERKIT_STATUS_DECODE when a cursor repeats, a
 *             listing page does not advance (both with the HTTP status of the page that showed
 *             it), or after max_pages pages (default 1000, offerkit_config_set_max_pages; HTTP
 *             status 0: the page past the cap is never requested); the walk is then over.
 *
 * Config      offerkit_config_set_* store what they are given (only an unknown enum value, as
 *             in offerkit_config_set_delivery, is refused at once); every bound they document is
 *             checked by offerkit_client_new, which fails with OFFERKIT_STATUS_INVALID_ARGUMENT
 *             and one field entry (path "config") naming every setting out of bounds. No number
 *             is a sentinel (0 is refused where it is out of bounds, never read as "default"):
 *             a setting is unset by a NULL string or by its clear_ function
 *             (offerkit_config_clear_token_wait, offerkit_config_clear_cache).
 *
 * Proxy       Direct connections unless offerkit_config_set_proxy names a proxy; environment
 *             variables are never read. An unreachable proxy is OFFERKIT_STATUS_NETWORK.
 *
 * Rejected    OFFERKIT_STATUS_REJECTED (16): a 4xx the spec does not name, or a redirect (never
 *             followed); usually a wrong base URL or path prefix. Never retried or cached.
 *             Errors of calls that got a response carry its HTTP status (a DECODE of a 200, a
 *             GraphQL error on a 200 or a 4xx, a NETWORK or TIMEOUT after the status line too).
 *
 * Async       *_async functions return at once. On OFFERKIT_STATUS_OK the request is under way
 *             and its callback runs EXACTLY ONCE with (user_data, request, status, result,
 *             error): the callback owns the result (or the error) and must free it; `request`
 *             is borrowed (valid during the call, never NULL) and is the pointer the call wrote
 *             to *out_request, even if the host has freed that handle since; offerkit_request_id
 *             tells requests apart. On any other status nothing was started and the callback
 *             never runs. Arguments the C layer rejects (NULL, UTF-8) come back from the call;
 *             everything core rejects (its own argument checks included) comes through the
 *             callback. out_request may be NULL (fire and forget: the library frees the request
 *             after its callback); an OfferkitRequest can cancel (the callback then reports
 *             OFFERKIT_STATUS_CANCELLED, exactly once) and is freed with offerkit_request_free,
 *             which does not cancel. Callbacks never run inside the call that started or
 *             cancelled their request.
 *
 * Delivery    A client delivers its callbacks either on a library thread
 *             (OFFERKIT_DELIVERY_THREAD, the default) or, with OFFERKIT_DELIVERY_POLL, on a host
 *             thread only: completions, and the token-needed asks of _async requests, wait in
 *             the client's queue until offerkit_client_poll / offerkit_client_poll_wait run them
 *             on the calling thread (for game loops; offerkit_client_pending_completions counts
 *             them); the token-needed ask of a blocking call runs inline on the thread making
 *             that call (queueing it would leave that thread waiting for itself). A callback
 *             that blocks the polling thread only delays that client's other callbacks. Logs
 *             have their own delivery (offerkit_set_log_callback): on the thread that logged,
 *             or queued process-wide (at most 1 024, oldest dropped) for offerkit_log_poll and
 *             every client poll. offerkit_client_free cancels what is in flight and runs every
 *             callback still owed before returning (see it for the details).
 *
 * Callbacks   user_data comes first in every callback. Completion: (user_data, request, status,
 *             result, error). Token-needed: (user_data, client, reason), answered with
 *             offerkit_client_set_access_token(client, ...) or
 *             offerkit_client_fail_token_request(client, ...). Log: (user_data, level, message).
 *             HTTP executor: execute (user_data, request) and cancel (user_data, request).
 *             Callbacks must not unwind (C++ exceptions must be caught inside them) and should
 *             return quickly: in thread delivery they run on the library's one I/O thread.
 *             user_data is passed back untouched and must stay valid until the callback's last
 *             run (completion: its one run; token-needed: until offerkit_client_free returns;
 *             log: until replaced, removed or offerkit_shutdown). Inside any callback,
 *             offerkit_shutdown returns OFFERKIT_STATUS_WOULD_DEADLOCK.
 *
 * Threads     The library runs at most two threads of its own: one I/O thread driving a single
 *             tokio runtime (all connections, and thread-delivery callbacks) and at most one
 *             blocking-pool thread (DNS look-ups of host names; it exits after 10 s idle).
 *             Blocking calls run on the caller's thread. The runtime starts with the first
 *             client; offerkit_shutdown (once every client and pager is freed) joins both
 *             threads and releases every global the library allocated, and the next client
 *             starts afresh: call it before unloading the library, or before exit under a leak
 *             checker. It is BUSY while a client or pager lives. Thread-safety of each handle:
 *               OfferkitClient             any thread, concurrently (free must not race)
 *               OfferkitRequest            cancel from any thread, also while it completes
 *               OfferkitPlayerOffersPager  any thread; concurrent next calls run in turn
 *               results and errors         immutable: read from any thread, concurrently
 *               OfferkitConfig, options    one thread at a time
 *               log / version / player-id  any thread
 *             A handle must not be freed while another thread still uses it.
 *
 * Secrets     No refresh-token or reporting-key function exists here: those stay on servers.
 *             The host supplies short-lived access tokens (offerkit_client_set_access_token),
 *             optionally when asked (offerkit_config_set_token_needed).
 *
 * Executor    offerkit_config_set_http_executor carries every HTTP attempt of a client through
 *             the host's own stack (UnityWebRequest, Unreal's HTTP module, a console's API,
 *             libcurl): execute(user_data, request) gets an OfferkitHttpRequest to send and
 *             answer once, from any thread (offerkit_http_request_respond / _fail), then free.
 *             Its callbacks follow the client's delivery like token-needed. Misuse is a status:
 *             a second answer ALREADY_ANSWERED, an answer nobody waits for CANCELLED. The
 *             contract (redirects, decompression, timeouts, TLS failures) is in ffi/README.md.
 *
 * Lite        libofferkit_lite.so is this same header's library without the built-in HTTP
 *             transport (offerkit_has_builtin_http() is false): every client needs a host
 *             executor (offerkit_client_new fails INVALID_ARGUMENT without one), and the setters
 *             of the built-in transport (proxy, connect timeout, root certificates) return
 *             OFFERKIT_STATUS_NOT_AVAILABLE.
 *
 * Linking     Shared: -lofferkit. Static: libofferkit.a plus -lgcc_s -lutil -lrt -lpthread -lm
 *             -ldl -lc (pkg-config --static --libs offerkit prints the same libraries).
 */

#ifndef OFFERKIT_H
#define OFFERKIT_H

/* Generated by cbindgen 0.29.4 from ffi/src with ffi/cbindgen.toml. Do not edit by hand. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * Most log messages queued for poll delivery; beyond, the oldest are dropped.
 */
#define OFFERKIT_LOG_QUEUE_CAPACITY 1024

/**
 * Lint flag: the id contains uppercase letters.
 */
#define OFFERKIT_PLAYER_ID_UPPERCASE 1

/**
 * Lint flag: the id contains periods.
 */
#define OFFERKIT_PLAYER_ID_PERIOD 2

/**
 * Lint flag: the id contains white space.
 */
#define OFFERKIT_PLAYER_ID_SPACE 4

/**
 * Lint flag: the id contains other characters than lowercase ASCII letters, digits, `-`, `_`.
 */
#define OFFERKIT_PLAYER_ID_OTHER_CHARACTER 8

/**
 * How long `offerkit_shutdown` waits for freed clients to finish their last steps on the
 * library thread (a task returning after its callback, a callback owed after a free from a
 * library thread) before it reports `BUSY`.
 */
#define OFFERKIT_SHUTDOWN_SETTLE_MS 5000

/**
 * Major version of the library this header belongs to.
 */
#define OFFERKIT_VERSION_MAJOR 1

/**
 * Minor version of the library this header belongs to.
 */
#define OFFERKIT_VERSION_MINOR 1

/**
 * Patch version of the library this header belongs to.
 */
#define OFFERKIT_VERSION_PATCH 0

/**
 * What a call returned, and what an error is (`offerkit_error_status`). Numbers are stable:
 * new values may be added, never renumbered; `offerkit_status_name` gives each its name.
 *
 * `OFFERKIT_STATUS_OK` is success. 1 to 16 are core's error kinds (the names every binding
 * uses). 100 and up belong to the C interface: nothing was done or sent.
 */
typedef enum OfferkitStatus {
    /**
     * Success: the out-pointers were written.
     */
    OFFERKIT_STATUS_OK = 0,
    /**
     * A value the spec rejects (checked before sending; nothing was sent).
     */
    OFFERKIT_STATUS_INVALID_ARGUMENT = 1,
    /**
     * HTTP 401: the access token is missing, invalid or expired.
     */
    OFFERKIT_STATUS_UNAUTHORIZED = 2,
    /**
     * HTTP 403: the token lacks the required scope or permission.
     */
    OFFERKIT_STATUS_FORBIDDEN = 3,
    /**
     * GraphQL validation errors (HTTP 200): see the error's field entries.
     */
    OFFERKIT_STATUS_VALIDATION = 4,
    /**
     * GraphQL query errors (HTTP 200, `data: null`).
     */
    OFFERKIT_STATUS_QUERY = 5,
    /**
     * `playerOffers` was given a cursor it did not issue: see `offerkit_error_reason`.
     */
    OFFERKIT_STATUS_INVALID_CURSOR = 6,
    /**
     * HTTP 415.
     */
    OFFERKIT_STATUS_UNSUPPORTED_MEDIA_TYPE = 7,
    /**
     * HTTP 422: one field entry with an empty path holds the per-field messages.
     */
    OFFERKIT_STATUS_UNPROCESSABLE = 8,
    /**
     * HTTP 429: see `offerkit_error_retry_after_ms`.
     */
    OFFERKIT_STATUS_RATE_LIMITED = 9,
    /**
     * HTTP 5xx.
     */
    OFFERKIT_STATUS_SERVER = 10,
    /**
     * The connection failed or broke.
     */
    OFFERKIT_STATUS_NETWORK = 11,
    /**
     * The request (or the wait for a token) did not finish in time.
     */
    OFFERKIT_STATUS_TIMEOUT = 12,
    /**
     * The request was cancelled (`offerkit_request_cancel`, or its client was freed).
     */
    OFFERKIT_STATUS_CANCELLED = 13,
    /**
     * The response was not what the spec describes.
     */
    OFFERKIT_STATUS_DECODE = 14,
    /**
     * A bug inside offerkit, e.g. a caught panic. Nothing unwinds into C.
     */
    OFFERKIT_STATUS_INTERNAL = 15,
    /**
     * Another 4xx (400, 404, 405, …) or a redirect (never followed): the request as sent was
     * refused; a wrong base URL or path prefix is the usual cause. Not retried, not cached.
     */
    OFFERKIT_STATUS_REJECTED = 16,
    /**
     * A required pointer argument was NULL. Nothing was done. The error's one field entry
     * names it: path = the function, argument = the parameter, message `is NULL`.
     */
    OFFERKIT_STATUS_NULL_ARGUMENT = 100,
    /**
     * A string argument was not valid UTF-8. Nothing was done. Field entry as for
     * `NULL_ARGUMENT`, message `is not valid UTF-8 (byte N)` (N: offset of the first bad byte).
     */
    OFFERKIT_STATUS_INVALID_UTF8 = 101,
    /**
     * A number or enum argument was outside its documented range (an index past the end, an
     * unknown enum value). Nothing was done. Field entry as for `NULL_ARGUMENT`.
     */
    OFFERKIT_STATUS_OUT_OF_RANGE = 102,
    /**
     * A blocking call was made on a library thread (inside a completion, token-needed or log
     * callback run by offerkit), where waiting could deadlock. Use the `_async` form there.
     */
    OFFERKIT_STATUS_WOULD_DEADLOCK = 103,
    /**
     * `*_field_json` / `*_field_text`: the path names nothing in the item. Nothing was written;
     * field entry as for `NULL_ARGUMENT` (argument `path`), the message names the path.
     */
    OFFERKIT_STATUS_NOT_FOUND = 104,
    /**
     * `offerkit_shutdown` while clients or pagers are still alive. Nothing was stopped.
     */
    OFFERKIT_STATUS_BUSY = 105,
    /**
     * `offerkit_http_request_respond` / `_fail` on a request the host executor has already
     * answered. The second answer was dropped; the first stands.
     */
    OFFERKIT_STATUS_ALREADY_ANSWERED = 106,
    /**
     * A function this build of the library has not got: the built-in HTTP transport's setters
     * (proxy, connect timeout, extra roots) in the lite library, which only has host executors
     * (`offerkit_has_builtin_http`). Nothing was done.
     */
    OFFERKIT_STATUS_NOT_AVAILABLE = 107,
} OfferkitStatus;

/**
 * Why a client asks the host for an access token.
 */
typedef enum OfferkitTokenReason {
    /**
     * The client has no token.
     */
    OFFERKIT_TOKEN_REASON_MISSING = 1,
    /**
     * The current token expires within the refresh margin (60 s).
     */
    OFFERKIT_TOKEN_REASON_EXPIRING = 2,
    /**
     * The service answered 401 to the current token.
     */
    OFFERKIT_TOKEN_REASON_REJECTED = 3,
} OfferkitTokenReason;

/**
 * Severity of a log message (and the most verbose level a host asks for).
 */
typedef enum OfferkitLogLevel {
    /**
     * Nothing (only as the `max_level` of `offerkit_set_log_callback`).
     */
    OFFERKIT_LOG_LEVEL_OFF = 0,
    OFFERKIT_LOG_LEVEL_ERROR = 1,
    OFFERKIT_LOG_LEVEL_WARN = 2,
    OFFERKIT_LOG_LEVEL_INFO = 3,
    OFFERKIT_LOG_LEVEL_DEBUG = 4,
    OFFERKIT_LOG_LEVEL_TRACE = 5,
} OfferkitLogLevel;

/**
 * Where a client's callbacks run (see `offerkit_config_set_delivery`), and where log messages
 * go (see `offerkit_set_log_callback`).
 */
typedef enum OfferkitDelivery {
    /**
     * On an offerkit library thread, as soon as the request ends (the default).
     */
    OFFERKIT_DELIVERY_THREAD = 0,
    /**
     * Queued until the host polls (`offerkit_client_poll`, `offerkit_client_poll_wait`;
     * `offerkit_log_poll` for logs), which runs them on its own thread.
     */
    OFFERKIT_DELIVERY_POLL = 1,
} OfferkitDelivery;

/**
 * Why a host executor got no complete answer (`offerkit_http_request_fail`).
 */
typedef enum OfferkitHttpFailure {
    /**
     * No connection, a DNS or TLS failure (a refused certificate too), or the connection broke
     * before the answer was whole. Becomes `OFFERKIT_STATUS_NETWORK` (retried).
     */
    OFFERKIT_HTTP_FAILURE_NETWORK = 1,
    /**
     * The attempt took longer than `offerkit_http_request_timeout_ms`. Becomes
     * `OFFERKIT_STATUS_TIMEOUT` (retried).
     */
    OFFERKIT_HTTP_FAILURE_TIMEOUT = 2,
    /**
     * The body is longer than `offerkit_http_request_max_response_bytes` (the host may stop
     * reading there). Becomes `OFFERKIT_STATUS_DECODE`.
     */
    OFFERKIT_HTTP_FAILURE_TOO_LARGE = 3,
} OfferkitHttpFailure;

/**
 * A client of the offer service. Thread-safe: every function taking a client may be called
 * from any thread, also at once — except `offerkit_client_free`, which must not race with
 * other calls on the same client.
 */
typedef struct OfferkitClient OfferkitClient;

/**
 * The client configuration under construction. See the setters.
 */
typedef struct OfferkitConfig OfferkitConfig;

/**
 * An error handed out by a failed call or a completion callback. Owned by the caller: free it
 * with `offerkit_error_free`. Immutable: its accessors may be called from any thread at once;
 * every string they return lives until the error is freed.
 */
typedef struct OfferkitError OfferkitError;

/**
 * One HTTP attempt for the host's executor. Read it with the `offerkit_http_request_*`
 * accessors (valid until the host frees it), answer it once with
 * `offerkit_http_request_respond` or `offerkit_http_request_fail`, from any thread, and free it
 * with `offerkit_http_request_free` (after answering, or to give up).
 */
typedef struct OfferkitHttpRequest OfferkitHttpRequest;

/**
 * Options of the listing (`offerkit_client_list_offers`, `offerkit_client_list_all_offers`):
 * per_page and page, each unset until set. Same rules as `OfferkitOffersOptions`.
 */
typedef struct OfferkitListOffersOptions OfferkitListOffersOptions;

/**
 * A list of offers. Owned by the caller: free with `offerkit_offer_list_free`. Immutable: any
 * thread may read it, also at once.
 */
typedef struct OfferkitOfferList OfferkitOfferList;

/**
 * Options of `offers` (`offerkit_client_offers`): limit, language, sort, select, selection,
 * each unset until set. Made by `offerkit_offers_options_new`, freed by
 * `offerkit_offers_options_free`. Use from one thread at a time (like `OfferkitConfig`); a
 * query copies what it needs during the call.
 */
typedef struct OfferkitOffersOptions OfferkitOffersOptions;

/**
 * Options of `playerOffers` (`offerkit_client_player_offers`, the pager): limit, language,
 * after, select, selection, each unset until set. Same rules as `OfferkitOffersOptions`.
 */
typedef struct OfferkitPlayerOffersOptions OfferkitPlayerOffersOptions;

/**
 * One page of `playerOffers`. Owned by the caller: free with
 * `offerkit_player_offers_page_free`. Immutable: any thread may read it, also at once.
 */
typedef struct OfferkitPlayerOffersPage OfferkitPlayerOffersPage;

/**
 * A pager over every page of `playerOffers`. Owned by the caller: free with
 * `offerkit_player_offers_pager_free` (a `next` under way keeps what it needs alive).
 * Thread-safe: concurrent `next` calls run one after the other. A page that failed on the way
 * (network, timeout, server, …) leaves the position unchanged, so `next` may be called again;
 * a walk that does not advance (a repeated cursor, more than `max_pages` pages) is over.
 */
typedef struct OfferkitPlayerOffersPager OfferkitPlayerOffersPager;

/**
 * A request started by an `_async` call. Owned by the caller: free it with
 * `offerkit_request_free` whenever convenient — freeing does not cancel, and the callback
 * still runs exactly once, receiving this same pointer (reference-counted inside: freed for
 * good once both the host's handle and the delivery are done). `offerkit_request_cancel` may be
 * called from any thread, also while the request completes; do not free a request while
 * another thread cancels it.
 */
typedef struct OfferkitRequest OfferkitRequest;

/**
 * Receives the outcome of an `_async` call returning offers: on `OFFERKIT_STATUS_OK`, `list` is
 * an owned list (free with `offerkit_offer_list_free`) and `error` is NULL; otherwise `list` is
 * NULL and `error` is an owned error (free with `offerkit_error_free`) whose status equals
 * `status`. `request` is the request that completed: never NULL, borrowed, valid during the
 * call — the same pointer the `_async` call wrote to `*out_request`, even if the host has freed
 * that handle since (`offerkit_request_id` tells requests apart; `offerkit_request_cancel` on it
 * returns false). Runs exactly once per request (see `offerkit_config_set_delivery` for
 * where).
 */
typedef void (*OfferkitOfferListCallback)(void *user_data, const struct OfferkitRequest *request, enum OfferkitStatus status, struct OfferkitOfferList *list, struct OfferkitError *error);

/**
 * Receives the outcome of an `_async` call returning JSON text (`links`, raw GraphQL): like
 * `OfferkitOfferListCallback`, with an owned string (free with `offerkit_string_free`).
 */
typedef void (*OfferkitJsonCallback)(void *user_data, const struct OfferkitRequest *request, enum OfferkitStatus status, char *json, struct OfferkitError *error);

/**
 * Receives the outcome of an `_async` call returning a `playerOffers` page: like
 * `OfferkitOfferListCallback`, with an owned page (free with `offerkit_player_offers_page_free`).
 * From `offerkit_player_offers_pager_next_async`, `page` is NULL with `OFFERKIT_STATUS_OK` when
 * the pager had already passed the last page.
 */
typedef void (*OfferkitPlayerOffersPageCallback)(void *user_data, const struct OfferkitRequest *request, enum OfferkitStatus status, struct OfferkitPlayerOffersPage *page, struct OfferkitError *error);

/**
 * Asks the host for an access token for `client` (borrowed: valid during the call; the same
 * pointer `offerkit_client_new` handed out). The host answers by calling
 * `offerkit_client_set_access_token(client, …)` — inside this call, or later from any thread —
 * or, when it cannot get one, `offerkit_client_fail_token_request(client, …)` (waiting
 * requests then fail with `OFFERKIT_STATUS_UNAUTHORIZED` carrying its reason). Unanswered,
 * requests waiting for the token fail with `OFFERKIT_STATUS_TIMEOUT` after the token wait
 * (`offerkit_config_set_token_wait_ms`, default: the request timeout).
 *
 * Where it runs: in thread delivery, on whichever thread needs the token (a library thread for
 * `_async` calls, the caller's thread for blocking calls). In poll delivery, always on a host
 * thread: an `_async` request's need is queued with the client's completions and runs inside
 * `offerkit_client_poll` / `offerkit_client_poll_wait` on the polling thread (so the token
 * wait starts before the poll: poll often enough, or answer from another thread), and a
 * blocking call's need runs inline on the thread making that call. A host answering from a
 * thread that is itself blocked in an offerkit call cannot answer in time. Must be
 * thread-safe, return quickly, not unwind, and not free the client. It is never called again
 * once `offerkit_client_free` has returned.
 */
typedef void (*OfferkitTokenNeededCallback)(void *user_data, const struct OfferkitClient *client, enum OfferkitTokenReason reason);

/**
 * Sends one HTTP attempt through the host's stack. `request` is the host's reference: read it
 * with the `offerkit_http_request_*` accessors, answer it once (`offerkit_http_request_respond`
 * or `offerkit_http_request_fail`, now or later, from any thread), then free it
 * (`offerkit_http_request_free`; freed unanswered, the attempt fails as network). Must return
 * quickly (hand the request to the stack, do not wait for the answer), not unwind, and not
 * free the client. Where it runs: see `offerkit_config_set_http_executor`.
 */
typedef void (*OfferkitHttpExecuteCallback)(void *user_data, struct OfferkitHttpRequest *request);

/**
 * Tells the host, once, that offerkit no longer wants the answer to `request` (its call was
 * cancelled, its deadline passed, its client is being freed): stop the transfer; an answer is
 * now refused with `OFFERKIT_STATUS_CANCELLED`, and the host still frees its reference.
 * `request` is borrowed for the call (valid even if the host frees it meanwhile on another
 * thread). Never called for a request the host has answered or freed. Same rules as execute.
 */
typedef void (*OfferkitHttpCancelCallback)(void *user_data, const struct OfferkitHttpRequest *request);

/**
 * Receives one log message: `message` is UTF-8, NUL-terminated, formatted as
 * `target: text key=value …`, and valid only during the call. In thread delivery it may run on
 * any thread, also on several at once; in poll delivery only inside the polls on the polling
 * thread. Must return quickly, not unwind, and not call `offerkit_set_log_callback` (that call
 * would return `OFFERKIT_STATUS_WOULD_DEADLOCK`). Messages logged by offerkit calls made from
 * inside the callback are dropped.
 */
typedef void (*OfferkitLogCallback)(void *user_data, enum OfferkitLogLevel level, const char *message);

/**
 * The spec's fields of one offer. Strings are UTF-8, NUL-terminated, borrowed from the list:
 * valid until `offerkit_offer_list_free`; NULL when the field is absent (the selection did
 * not ask for it). (A U+0000 inside a value ends the C string there; the JSON accessors keep
 * it.)
 */
typedef struct OfferkitOfferView {
    /**
     * The offer id, as text; NULL when absent.
     */
    const char *id;
    /**
     * NULL when absent.
     */
    const char *name;
    /**
     * Payout in USD; NaN when absent (then `has_total_payout_usd` is false).
     */
    double total_payout_usd;
    /**
     * `creatives.name`; NULL when absent.
     */
    const char *creative_name;
    /**
     * `creatives.description`; NULL when absent.
     */
    const char *creative_description;
    /**
     * Whether `total_payout_usd` holds the offer's payout.
     */
    bool has_total_payout_usd;
} OfferkitOfferView;

/**
 * One skipped item; strings borrowed from the list or page it came from.
 */
typedef struct OfferkitSkippedItem {
    /**
     * 0-based position in the list as the service sent it.
     */
    size_t index;
    /**
     * The item's id when it had a usable one, else NULL.
     */
    const char *id;
    /**
     * Why it was left out, e.g. `name is null`.
     */
    const char *reason;
} OfferkitSkippedItem;

/**
 * The pagination object of a paginated listing page.
 */
typedef struct OfferkitPagination {
    int64_t current_page;
    int64_t per_page;
    bool has_more_pages;
    /**
     * The next page number, or 0 when the service gave none.
     */
    int64_t next_page;
} OfferkitPagination;

/**
 * The typed fields of one player offer; strings borrowed from the page (valid until
 * `offerkit_player_offers_page_free`), NULL when the service did not send the field as text.
 */
typedef struct OfferkitPlayerOfferView {
    /**
     * The offer id, as text; NULL when absent.
     */
    const char *id;
    /**
     * NULL when absent.
     */
    const char *name;
    /**
     * `"in_progress"` or `"completed"` (the simulator's schema); NULL when absent.
     */
    const char *status;
} OfferkitPlayerOfferView;

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

/**
 * True if this library has the built-in HTTP transport (`libofferkit`); false for the lite
 * library (`libofferkit_lite`), whose clients need a host executor
 * (`offerkit_config_set_http_executor`; `offerkit_client_new` without one fails with
 * `OFFERKIT_STATUS_INVALID_ARGUMENT`) and whose proxy, connect-timeout and root-certificate
 * setters return `OFFERKIT_STATUS_NOT_AVAILABLE`. Thread-safe.
 */
bool offerkit_has_builtin_http(void);

/**
 * The tracking URL of an offer for `player_id`. `click_url` is the offer's `links.click_url`
 * (select `links { click_url }`; `offerkit_offer_list_field_text(list, i, "links.click_url", …)`), with or
 * without a player id: every `player_id` parameter it has is removed and `player_id=<the id>`
 * (form-encoded) is appended at the end of its query; the other parameters keep their order and
 * bytes (empty ones, `&&`, are dropped), and so does the fragment.
 *
 * `OFFERKIT_STATUS_INVALID_ARGUMENT` for an empty or over-long (255 characters) player id —
 * a click without a player id lands on the service's 404 page — or a click URL that is not
 * an absolute http(s) URL. On success `*out_url` is an owned string (free with
 * `offerkit_string_free`) and, if `out_warnings` is not NULL, `*out_warnings` the
 * `OFFERKIT_PLAYER_ID_*` conventions the id breaks (0: none). Any thread.
 */
enum OfferkitStatus offerkit_click_url(const char *click_url, const char *player_id, char **out_url, uint32_t *out_warnings, struct OfferkitError **out_error);

/**
 * Makes a client from `config` (copied; the config may be freed or reused afterwards).
 * Fails with `INVALID_ARGUMENT` on a bad base URL, scheme, proxy or root certificate (a proxy or
 * root certificate with a host HTTP executor; no executor in the lite library), and on
 * settings out of bounds: then one field entry with path `config` names every such setting
 * (`timeout`, `connect_timeout`, `deadline`, `token_provider_timeout`, `retry.max_retries`,
 * `retry.initial_backoff`, `retry.max_backoff`, `max_pages`, `cache.ttl`, `cache.max_entries`,
 * `cache.max_stale`, or the names `offerkit_config_set_setting_name` gave them) with core's
 * message. On success `*out_client` owns the client: free it with `offerkit_client_free`.
 */
enum OfferkitStatus offerkit_client_new(const struct OfferkitConfig *config, struct OfferkitClient **out_client, struct OfferkitError **out_error);

/**
 * Frees a client. `offerkit_client_free(NULL)` does nothing.
 *
 * Every request still in flight (its pagers' included) is cancelled, and every callback still
 * owed runs before this returns, on the calling thread or (for one already running) on its
 * library thread: cancelled requests report `OFFERKIT_STATUS_CANCELLED`; in poll mode,
 * completions already queued are delivered as they are. After it returns, no callback of this
 * client (completion, token-needed, or its HTTP executor's execute and cancel) runs again; the
 * executor's cancel callback is told here, on this thread, of every request the host still
 * holds unanswered. Called from inside a completion callback on
 * a library thread, it cannot wait for that thread: it cancels and delivers what it can, and
 * callbacks already handed to the library thread still run (exactly once) after it returns, on
 * that thread (in poll mode too: nobody can poll a freed client). Called from inside one of its
 * own poll-delivery callbacks (on the host's thread), it delivers every other callback, also a
 * completion the library thread is queueing at that moment, before it returns.
 * Pagers of the client stay valid but fail with `OFFERKIT_STATUS_CANCELLED`. Do not hold a lock
 * that the client's callbacks take while freeing it: free waits for a callback that is running.
 * Freeing a client from inside one of its own completion callbacks is allowed (any delivery).
 */
void offerkit_client_free(struct OfferkitClient *client);

/**
 * Sets or replaces the access token (its JWT `exp` is read), at any time and from any thread —
 * the answer to the token-needed callback. NULL forgets the token. Requests waiting for a
 * token continue with this one.
 */
enum OfferkitStatus offerkit_client_set_access_token(const struct OfferkitClient *client, const char *access_token, struct OfferkitError **out_error);

/**
 * The other answer to the token-needed callback: the host cannot supply a token now (its
 * backend failed, the player signed out). Requests waiting for a token fail at once with
 * `OFFERKIT_STATUS_UNAUTHORIZED` and a message carrying `reason` (UTF-8; NULL: no detail),
 * instead of waiting until the token wait times out; later requests ask again. Does nothing
 * when no request is waiting. Any thread, also from inside the callback.
 */
enum OfferkitStatus offerkit_client_fail_token_request(const struct OfferkitClient *client, const char *reason, struct OfferkitError **out_error);

/**
 * Forgets every cached answer for `player_id` (no-op without a cache): call it when the player
 * completes an offer, so the next `offers` call refreshes.
 */
enum OfferkitStatus offerkit_client_invalidate(const struct OfferkitClient *client, const char *player_id, struct OfferkitError **out_error);

/**
 * Forgets every cached answer (no-op without a cache or for NULL).
 */
void offerkit_client_clear_cache(const struct OfferkitClient *client);

/**
 * Runs queued callbacks of a poll-delivery client on the calling thread — completions,
 * token-needed asks and host HTTP executor calls of `_async` requests — at most `max` of them, or with `max` 0 every one
 * queued when the call starts; then runs the log messages queued for poll delivery (see
 * `offerkit_set_log_callback`; not counted). Returns how many client callbacks ran (always 0
 * for a thread-delivery client or a NULL client). Never blocks. Callbacks may start new
 * requests or call blocking functions; their completions wait for a later poll.
 */
size_t offerkit_client_poll(const struct OfferkitClient *client, size_t max);

/**
 * How many callbacks of a poll-delivery client are queued for the next poll (completions,
 * token-needed asks, and the host HTTP executor's executes and cancels); 0 for NULL and for a
 * thread-delivery client. Never blocks.
 */
size_t offerkit_client_pending_completions(const struct OfferkitClient *client);

/**
 * Waits until at least one callback of a poll-delivery client is queued, or `timeout_ms` has
 * passed (0: does not wait), then runs like `offerkit_client_poll(client, max)` (log messages
 * queued for poll included). `*out_ran` (required) is how many client callbacks ran: 0 after
 * a timeout, which is `OFFERKIT_STATUS_OK`, not an error. Worst case: `timeout_ms` plus the
 * time the callbacks it runs take. `INVALID_ARGUMENT` for a thread-delivery client;
 * `OUT_OF_RANGE` for `timeout_ms` above 86 400 000 (24 h); `WOULD_DEADLOCK` on a library
 * thread.
 */
enum OfferkitStatus offerkit_client_poll_wait(const struct OfferkitClient *client, uint32_t timeout_ms, size_t max, size_t *out_ran, struct OfferkitError **out_error);

/**
 * Blocking `offers`: every targeted offer for `player_id` (1 to 255 characters), with
 * `options` (NULL: everything unset; copied, so they may be freed or changed once the call
 * returns). On success `*out_list` owns the offers. Returns `OFFERKIT_STATUS_WOULD_DEADLOCK`
 * on a library thread.
 */
enum OfferkitStatus offerkit_client_offers(const struct OfferkitClient *client, const char *player_id, const struct OfferkitOffersOptions *options, struct OfferkitOfferList **out_list, struct OfferkitError **out_error);

/**
 * Asynchronous `offers`. On `OFFERKIT_STATUS_OK` the request is under way: `callback` will run
 * exactly once with `user_data` (which must stay valid until then), and `*out_request` (when
 * `out_request` is not NULL) is a handle to cancel it, freed with `offerkit_request_free`. On
 * any other status nothing was started and the callback never runs.
 */
enum OfferkitStatus offerkit_client_offers_async(const struct OfferkitClient *client, const char *player_id, const struct OfferkitOffersOptions *options, OfferkitOfferListCallback callback, void *user_data, struct OfferkitRequest **out_request, struct OfferkitError **out_error);

/**
 * Blocking `links`: the tracking links of `player_id` as a JSON object text (owned; free with
 * `offerkit_string_free`), each field as the service sent it. `select` adds fields to the
 * default selection (`support_portal`), `selection` replaces it; NULL for neither.
 */
enum OfferkitStatus offerkit_client_links(const struct OfferkitClient *client, const char *player_id, const char *select, const char *selection, char **out_json, struct OfferkitError **out_error);

/**
 * Asynchronous `links` (see `offerkit_client_offers_async` for the request rules).
 */
enum OfferkitStatus offerkit_client_links_async(const struct OfferkitClient *client, const char *player_id, const char *select, const char *selection, OfferkitJsonCallback callback, void *user_data, struct OfferkitRequest **out_request, struct OfferkitError **out_error);

/**
 * Blocking `playerOffers`: one page of the offers `player_id` engaged with. On success
 * `*out_page` owns the page. To follow `next_cursor` to the end, see
 * `offerkit_client_player_offers_pager`.
 */
enum OfferkitStatus offerkit_client_player_offers(const struct OfferkitClient *client, const char *player_id, const struct OfferkitPlayerOffersOptions *options, struct OfferkitPlayerOffersPage **out_page, struct OfferkitError **out_error);

/**
 * Asynchronous `playerOffers` (see `offerkit_client_offers_async` for the request rules).
 */
enum OfferkitStatus offerkit_client_player_offers_async(const struct OfferkitClient *client, const char *player_id, const struct OfferkitPlayerOffersOptions *options, OfferkitPlayerOffersPageCallback callback, void *user_data, struct OfferkitRequest **out_request, struct OfferkitError **out_error);

/**
 * Blocking `GET /v1/offers` with `options` (NULL: everything unset; copied): without
 * `per_page` every offer at once (no pagination); with `per_page` (1 to 100), page `page`
 * (unset: the first) and its pagination (`offerkit_offer_list_pagination`). A `page` without
 * `per_page` is `INVALID_ARGUMENT`, as is any value out of bounds (core's messages).
 */
enum OfferkitStatus offerkit_client_list_offers(const struct OfferkitClient *client, const struct OfferkitListOffersOptions *options, struct OfferkitOfferList **out_list, struct OfferkitError **out_error);

/**
 * Asynchronous `GET /v1/offers` (see `offerkit_client_offers_async` for the request rules).
 */
enum OfferkitStatus offerkit_client_list_offers_async(const struct OfferkitClient *client, const struct OfferkitListOffersOptions *options, OfferkitOfferListCallback callback, void *user_data, struct OfferkitRequest **out_request, struct OfferkitError **out_error);

/**
 * Blocking listing of every page with `options` (NULL: everything unset; copied): with
 * `per_page` (1 to 100), `per_page` offers per request from page `page` (unset: 1) while the
 * service says there are more; without `per_page`, the one answer that holds every offer.
 * One list of every offer (no pagination), its skipped items numbered across the walk. Each
 * page is one call within the deadline, so this blocks for at most `max_pages` deadlines; a
 * walk that does not advance, or needs more than `max_pages` pages, fails with
 * `OFFERKIT_STATUS_DECODE`.
 */
enum OfferkitStatus offerkit_client_list_all_offers(const struct OfferkitClient *client, const struct OfferkitListOffersOptions *options, struct OfferkitOfferList **out_list, struct OfferkitError **out_error);

/**
 * Asynchronous listing of every page (see `offerkit_client_offers_async` for the rules).
 */
enum OfferkitStatus offerkit_client_list_all_offers_async(const struct OfferkitClient *client, const struct OfferkitListOffersOptions *options, OfferkitOfferListCallback callback, void *user_data, struct OfferkitRequest **out_request, struct OfferkitError **out_error);

/**
 * Blocking raw GraphQL: `document` with `variables_json` (a JSON object text, or NULL). On
 * success `*out_data_json` owns the response's `data` as the JSON text the service sent, byte
 * for byte: any depth, every number as written (never parsed and re-written). A response with `errors`
 * fails with the mapped kind (`validation`, `query`, `invalid_cursor`); the whole response is
 * then in `offerkit_error_response_json`.
 */
enum OfferkitStatus offerkit_client_graphql(const struct OfferkitClient *client, const char *document, const char *variables_json, char **out_data_json, struct OfferkitError **out_error);

/**
 * Asynchronous raw GraphQL (see `offerkit_client_offers_async` for the request rules).
 */
enum OfferkitStatus offerkit_client_graphql_async(const struct OfferkitClient *client, const char *document, const char *variables_json, OfferkitJsonCallback callback, void *user_data, struct OfferkitRequest **out_request, struct OfferkitError **out_error);

/**
 * Makes a configuration for the service at `base_url` (`https://…`; `http://` only for
 * loopback hosts unless `offerkit_config_set_allow_insecure_http`; may carry a path prefix).
 * The address itself is checked by `offerkit_client_new`. Defaults: 10 s request timeout, 5 s
 * connect timeout, 2 retries of transient failures, no token, thread delivery.
 * On success `*out_config` owns a new config: free it with `offerkit_config_free`.
 */
enum OfferkitStatus offerkit_config_new(const char *base_url, struct OfferkitConfig **out_config, struct OfferkitError **out_error);

/**
 * Frees a config. `offerkit_config_free(NULL)` does nothing. Clients made from it are not
 * affected.
 */
void offerkit_config_free(struct OfferkitConfig *config);

/**
 * Sets the whole-request timeout of one attempt: 1 to 86 400 000 ms (24 h), checked by
 * `offerkit_client_new` (setting `timeout`). Default 10 000 ms.
 */
enum OfferkitStatus offerkit_config_set_timeout_ms(struct OfferkitConfig *config, uint64_t timeout_ms, struct OfferkitError **out_error);

/**
 * Sets the connection set-up timeout of the built-in transport: 1 to 86 400 000 ms, checked by
 * `offerkit_client_new` (setting `connect_timeout`). Default 5000 ms. Not used with a host
 * executor (its stack owns connections); `OFFERKIT_STATUS_NOT_AVAILABLE` in the lite library.
 */
enum OfferkitStatus offerkit_config_set_connect_timeout_ms(struct OfferkitConfig *config, uint64_t timeout_ms, struct OfferkitError **out_error);

/**
 * Sets how many times a transient failure (HTTP 502/503/504, connection error, timeout) is
 * retried after the first attempt: 0 (no retries) to 10, checked by `offerkit_client_new`
 * (setting `retry.max_retries`). Default 2.
 */
enum OfferkitStatus offerkit_config_set_max_retries(struct OfferkitConfig *config, uint32_t max_retries, struct OfferkitError **out_error);

/**
 * Sets the deadline of a whole call: 1 to 86 400 000 ms, checked by `offerkit_client_new`
 * (setting `deadline`). Every attempt, backoff, `Retry-After` wait and the wait for a token
 * happen within it, so no blocking call takes longer. A `Retry-After` that would end after it
 * is not waited for: the call fails at once with the service's retry-after. Default 30 000 ms.
 */
enum OfferkitStatus offerkit_config_set_deadline_ms(struct OfferkitConfig *config, uint64_t deadline_ms, struct OfferkitError **out_error);

/**
 * Sets the most pages a pager walks before it ends with `OFFERKIT_STATUS_DECODE` (default
 * 1000): at least 1, checked by `offerkit_client_new` (setting `max_pages`). A walk also ends
 * when a cursor repeats.
 */
enum OfferkitStatus offerkit_config_set_max_pages(struct OfferkitConfig *config, uint32_t max_pages, struct OfferkitError **out_error);

/**
 * Sends every request through the proxy at `url` (`http://[user:password@]host:port`, copied;
 * checked by `offerkit_client_new`); NULL: direct connections (the default). The library never
 * reads `HTTPS_PROXY` or other environment variables: a game must not inherit a proxy from
 * the player's machine. With a host executor, `offerkit_client_new` refuses a proxy
 * (`INVALID_ARGUMENT`: set it in the host's stack); `OFFERKIT_STATUS_NOT_AVAILABLE` in the lite
 * library.
 */
enum OfferkitStatus offerkit_config_set_proxy(struct OfferkitConfig *config, const char *url, struct OfferkitError **out_error);

/**
 * Sets the retry backoff: the first wait is random up to `initial_ms`, doubling per retry, each
 * at most `max_ms` (defaults 200 ms and 5000 ms). Both at most 86 400 000, and `initial_ms <=
 * max_ms`, checked by `offerkit_client_new` (settings `retry.initial_backoff`,
 * `retry.max_backoff`).
 */
enum OfferkitStatus offerkit_config_set_retry_backoff_ms(struct OfferkitConfig *config, uint64_t initial_ms, uint64_t max_ms, struct OfferkitError **out_error);

/**
 * Adds trusted root certificates (PEM text, one or more `CERTIFICATE` blocks) to the built-in
 * web roots. The PEM is parsed by `offerkit_client_new` (`INVALID_ARGUMENT` there if bad, and
 * with a host executor, whose stack owns trust); `OFFERKIT_STATUS_NOT_AVAILABLE` in the lite
 * library.
 */
enum OfferkitStatus offerkit_config_add_root_pem(struct OfferkitConfig *config, const char *pem, struct OfferkitError **out_error);

/**
 * Allows plain `http://` to hosts other than loopback. For testing only, never production.
 */
enum OfferkitStatus offerkit_config_set_allow_insecure_http(struct OfferkitConfig *config, bool allow, struct OfferkitError **out_error);

/**
 * Sets the access token the client starts with (its JWT `exp` is read); NULL clears it.
 * The string is copied.
 */
enum OfferkitStatus offerkit_config_set_access_token(struct OfferkitConfig *config, const char *access_token, struct OfferkitError **out_error);

/**
 * Sets (or with a NULL `callback`, removes) the token-needed callback: called with
 * `user_data` and the client when the client has no token, when it is about to expire, and
 * once after a 401; see `OfferkitTokenNeededCallback` (also for the thread it runs on). `user_data` must stay valid until the client is freed.
 */
enum OfferkitStatus offerkit_config_set_token_needed(struct OfferkitConfig *config, OfferkitTokenNeededCallback callback, void *user_data, struct OfferkitError **out_error);

/**
 * Sets (or with a NULL `execute`, removes: the built-in transport again) the host HTTP executor:
 * every HTTP attempt of the client is handed to `execute` as an `OfferkitHttpRequest`, which
 * the host sends through its own stack and answers once (`offerkit_http_request_respond` /
 * `offerkit_http_request_fail`) from any thread; `cancel` (may be NULL) is told, once, when
 * offerkit no longer wants an answer. The contract (no redirects followed, the body after
 * transfer decoding, the timeout, which failure is which) is in ffi/README.md ("Host HTTP
 * executor"). Required in the lite library (`offerkit_has_builtin_http`); with it, a proxy or
 * extra roots are refused by `offerkit_client_new` (the host's stack owns them).
 *
 * Where the callbacks run: thread delivery, on the thread running the attempt (a library
 * thread for `_async` calls, the calling thread for blocking calls). Poll delivery, never on a
 * library thread: an `_async` call's execute and cancel are queued with the client's
 * completions and run inside `offerkit_client_poll` / `offerkit_client_poll_wait` on the
 * polling thread (what `UnityWebRequest` and Unreal's HTTP module need), and a blocking call's
 * run inline on the thread making it — with a stack that must be driven by the polling thread,
 * use only `_async` calls. `offerkit_client_free` tells `cancel` (on its own thread) of every
 * request the host still holds unanswered, and no callback runs after it returns. `user_data`
 * must stay valid until then; both callbacks must be thread-safe, return quickly, not unwind
 * and not free the client.
 */
enum OfferkitStatus offerkit_config_set_http_executor(struct OfferkitConfig *config, OfferkitHttpExecuteCallback execute, OfferkitHttpCancelCallback cancel, void *user_data, struct OfferkitError **out_error);

/**
 * Sets how long a request waits for the host to answer the token-needed callback: 1 to
 * 86 400 000 ms, checked by `offerkit_client_new` (setting `token_provider_timeout`; 0 is
 * refused there, it does not mean "default"). Then it fails with `OFFERKIT_STATUS_TIMEOUT`.
 * Unset (the default, or after `offerkit_config_clear_token_wait`): the request timeout.
 */
enum OfferkitStatus offerkit_config_set_token_wait_ms(struct OfferkitConfig *config, uint64_t wait_ms, struct OfferkitError **out_error);

/**
 * Turns on (or re-sets) the response cache for `offers` and the listing: answers younger than `ttl_ms` are
 * served from memory, concurrent identical requests share one HTTP request, and when a refresh
 * fails with a network, timeout or server error an answer up to `max_stale_ms` old is returned
 * marked stale (`offerkit_offer_list_is_stale`). `ttl_ms` 0 to 86 400 000 (0: always refresh,
 * still coalescing and bridging outages), `max_entries` at least 1, `max_stale_ms` 0 (no stale
 * answers) to 86 400 000, checked by `offerkit_client_new` (settings `cache.ttl`,
 * `cache.max_entries`, `cache.max_stale`). Recommended: 300 000, 256, 3 600 000. Off by
 * default, and again after `offerkit_config_clear_cache`.
 */
enum OfferkitStatus offerkit_config_set_cache(struct OfferkitConfig *config, uint64_t ttl_ms, uint32_t max_entries, uint64_t max_stale_ms, struct OfferkitError **out_error);

/**
 * Unsets the token wait (`offerkit_config_set_token_wait_ms`): requests wait for a token as
 * long as the request timeout, as when it was never set.
 */
enum OfferkitStatus offerkit_config_clear_token_wait(struct OfferkitConfig *config, struct OfferkitError **out_error);

/**
 * Turns the response cache off again (`offerkit_config_set_cache`), as when it was never set.
 */
enum OfferkitStatus offerkit_config_clear_cache(struct OfferkitConfig *config, struct OfferkitError **out_error);

/**
 * Sets where the client's callbacks run: an `OfferkitDelivery` value
 * (`OFFERKIT_DELIVERY_THREAD` = 0, the default, or `OFFERKIT_DELIVERY_POLL` = 1); any other
 * number is `OUT_OF_RANGE`. Thread: completion callbacks run on a library thread as soon as
 * the request ends, token-needed on the thread that needs the token. Poll: every callback of
 * the client runs on a host thread — completions and the token-needed asks of `_async`
 * requests inside `offerkit_client_poll` / `offerkit_client_poll_wait`, the token-needed ask of
 * a blocking call inline on the thread making it. A callback that blocks the polling thread
 * only delays the client's other callbacks.
 */
enum OfferkitStatus offerkit_config_set_delivery(struct OfferkitConfig *config, uint32_t delivery, struct OfferkitError **out_error);

/**
 * Names core's setting `setting` as a language binding calls it, in the errors of
 * `offerkit_client_new`: its field entries (path `config`) and messages then say `name` where
 * they would say `setting` — for a binding whose users set `Cache.TimeToLive` rather than
 * `cache.ttl`. `setting` is one of `timeout`, `connect_timeout`, `deadline`,
 * `token_provider_timeout`, `token_refresh_skew`, `retry.initial_backoff`, `retry.max_backoff`,
 * `retry.max_retry_after`, `retry.max_retries`, `cache.ttl`, `cache.max_stale`,
 * `cache.max_entries`, `max_pages`, `max_body_bytes` (anything else: `OUT_OF_RANGE`); `name`
 * is copied and must not be empty. Naming a setting again replaces its name. C programs need
 * not call it: without it, errors use the names above, which the setters' docs give.
 */
enum OfferkitStatus offerkit_config_set_setting_name(struct OfferkitConfig *config, const char *setting, const char *name, struct OfferkitError **out_error);

/**
 * Frees an error. `offerkit_error_free(NULL)` does nothing. Do not use the error or any string
 * from it afterwards.
 */
void offerkit_error_free(struct OfferkitError *error);

/**
 * What the error is: the status the failed call returned (or the callback received) with it,
 * 1–16 for core's error kinds, 100 and up for the C interface's own. A NULL error reports
 * `OFFERKIT_STATUS_NULL_ARGUMENT`.
 */
enum OfferkitStatus offerkit_error_status(const struct OfferkitError *error);

/**
 * A complete, readable description (UTF-8, includes every field message). Never NULL: a NULL
 * error gives `""`. Valid until the error is freed.
 */
const char *offerkit_error_message(const struct OfferkitError *error);

/**
 * The HTTP status of the response the error came from, or 0 when there was none (a failure
 * before or without a response, or a NULL error).
 */
uint16_t offerkit_error_http_status(const struct OfferkitError *error);

/**
 * The cursor problem the service explained (`invalid_cursor`), or NULL. Valid until the error
 * is freed.
 */
const char *offerkit_error_reason(const struct OfferkitError *error);

/**
 * How long the server asked to wait (`Retry-After`), in milliseconds, or -1 when it did not
 * say (or the error is NULL).
 */
int64_t offerkit_error_retry_after_ms(const struct OfferkitError *error);

/**
 * The whole JSON body of a GraphQL response that carried `errors` (partial `data` included),
 * or NULL. Valid until the error is freed.
 */
const char *offerkit_error_response_json(const struct OfferkitError *error);

/**
 * How many field entries the error has (`validation`: one per failing GraphQL field;
 * `invalid_argument`: the failing arguments; `unprocessable`: one entry with an empty path).
 * 0 for other kinds and for NULL.
 */
size_t offerkit_error_field_count(const struct OfferkitError *error);

/**
 * Field entry `field`'s path, its segments joined with `.` (e.g. `"offers"`; `""` when the
 * entry has no path). NULL when `field` is out of range. Valid until the error is freed.
 */
const char *offerkit_error_field_path(const struct OfferkitError *error, size_t field);

/**
 * How many arguments field entry `field` names (0 when out of range).
 */
size_t offerkit_error_field_argument_count(const struct OfferkitError *error, size_t field);

/**
 * The name of argument `argument` of field entry `field` (e.g. `"limit"`), in name order.
 * NULL when out of range. Valid until the error is freed.
 */
const char *offerkit_error_field_argument_name(const struct OfferkitError *error, size_t field, size_t argument);

/**
 * How many messages argument `argument` of field entry `field` has (0 when out of range).
 */
size_t offerkit_error_field_message_count(const struct OfferkitError *error, size_t field, size_t argument);

/**
 * Message `message` of argument `argument` of field entry `field`, as the service (or the
 * local check, with the service's words) gave it. NULL when out of range. Valid until the
 * error is freed.
 */
const char *offerkit_error_field_message(const struct OfferkitError *error, size_t field, size_t argument, size_t message);

/**
 * Frees the host's reference to `request`. A request not answered by then fails its attempt
 * with `OFFERKIT_STATUS_NETWORK` ("the host executor released the request without
 * answering"). `offerkit_http_request_free(NULL)` does nothing; never free a request twice.
 * Any thread.
 */
void offerkit_http_request_free(struct OfferkitHttpRequest *request);

/**
 * The method: `"GET"` or `"POST"` (static storage; NULL for a NULL request).
 */
const char *offerkit_http_request_method(const struct OfferkitHttpRequest *request);

/**
 * The absolute URL to send to (borrowed until the request is freed; NULL for NULL).
 */
const char *offerkit_http_request_url(const struct OfferkitHttpRequest *request);

/**
 * How many headers to send (0 for NULL).
 */
size_t offerkit_http_request_header_count(const struct OfferkitHttpRequest *request);

/**
 * Header `index` (0 to count - 1, in the order to send them): its name and value, borrowed
 * until the request is freed. `OUT_OF_RANGE` past the end. The `authorization` header carries
 * the player's access token: never log its value.
 */
enum OfferkitStatus offerkit_http_request_header(const struct OfferkitHttpRequest *request, size_t index, const char **out_name, const char **out_value, struct OfferkitError **out_error);

/**
 * The body to send, borrowed until the request is freed: `*out_body` NULL and `*out_len` 0
 * when there is none (GET).
 */
enum OfferkitStatus offerkit_http_request_body(const struct OfferkitHttpRequest *request, const uint8_t **out_body, size_t *out_len, struct OfferkitError **out_error);

/**
 * How long this attempt may take, body included, in milliseconds (at least 1; 0 for NULL).
 * Give up after it with `OFFERKIT_HTTP_FAILURE_TIMEOUT`. offerkit also stops waiting about
 * 500 ms later on its own.
 */
uint64_t offerkit_http_request_timeout_ms(const struct OfferkitHttpRequest *request);

/**
 * The largest body offerkit accepts (0 for NULL); a longer one may be cut short with
 * `OFFERKIT_HTTP_FAILURE_TOO_LARGE`. offerkit checks the length of what it gets either way.
 */
size_t offerkit_http_request_max_response_bytes(const struct OfferkitHttpRequest *request);

/**
 * Whether offerkit no longer wants the answer (its call was cancelled, its deadline passed, its
 * client was freed): stop the transfer and free the request. True for NULL. Any thread; cheap
 * enough for a transfer's progress callback.
 */
bool offerkit_http_request_is_cancelled(const struct OfferkitHttpRequest *request);

/**
 * The request's id, for the host's logs: unique among HTTP requests of this process, never 0
 * (0 for NULL); it matches no other id of the library.
 */
uint64_t offerkit_http_request_id(const struct OfferkitHttpRequest *request);

/**
 * Answers `request` with a response: HTTP `status` (100 to 599, else `OUT_OF_RANGE`),
 * `header_count` headers (`names[i]`, `values[i]`; the arrays may be NULL when the count is 0;
 * invalid UTF-8 in them is replaced, offerkit reads only `Retry-After` and `Location`) and the
 * whole body after transfer decoding (`body` may be NULL when `body_len` is 0). Everything is
 * copied. Any thread, once: a second answer is `OFFERKIT_STATUS_ALREADY_ANSWERED`; an answer
 * to a request offerkit no longer waits for is `OFFERKIT_STATUS_CANCELLED` (dropped, harmless).
 * A body over `max_response_bytes` is accepted here and fails the call with
 * `OFFERKIT_STATUS_DECODE`. On `NULL_ARGUMENT` or `OUT_OF_RANGE` nothing was answered.
 */
enum OfferkitStatus offerkit_http_request_respond(const struct OfferkitHttpRequest *request, uint32_t status, const char *const *names, const char *const *values, size_t header_count, const uint8_t *body, size_t body_len, struct OfferkitError **out_error);

/**
 * Answers `request` with a transport failure of `kind` (an `OfferkitHttpFailure` number, else
 * `OUT_OF_RANGE`), described by `message` (the stack's own words; NULL: a generic text). Same
 * rules as `offerkit_http_request_respond`: once, any thread.
 */
enum OfferkitStatus offerkit_http_request_fail(const struct OfferkitHttpRequest *request, uint32_t kind, const char *message, struct OfferkitError **out_error);

/**
 * Like `offerkit_http_request_fail`, for a failure after HTTP `status` (100 to 599) had
 * arrived — a body that broke off: the error then carries that status
 * (`offerkit_error_http_status`).
 */
enum OfferkitStatus offerkit_http_request_fail_after_status(const struct OfferkitHttpRequest *request, uint32_t kind, uint32_t status, const char *message, struct OfferkitError **out_error);

/**
 * Sets (or with a NULL `callback`, removes) the process-wide log callback, receiving messages
 * up to `max_level` (an `OfferkitLogLevel`: `OFFERKIT_LOG_LEVEL_OFF` = 0 to
 * `OFFERKIT_LOG_LEVEL_TRACE` = 5; other numbers are `OUT_OF_RANGE`), delivered as `delivery`
 * says (an `OfferkitDelivery`; other numbers are `OUT_OF_RANGE`):
 * - `OFFERKIT_DELIVERY_THREAD`: on the thread that logged, at once (any thread);
 * - `OFFERKIT_DELIVERY_POLL`: queued process-wide — at most 1 024 messages; beyond, the oldest
 *   are dropped and one WARN message `offerkit: N log messages dropped` is delivered before
 *   the others — and delivered on the polling thread by `offerkit_log_poll` and inside every
 *   `offerkit_client_poll` / `offerkit_client_poll_wait` (of any client).
 *
 * Thread-safe. Messages still queued for the previous callback are dropped. When it returns,
 * the previous callback is no longer running and never runs again; `user_data` must stay
 * valid until the callback is replaced or removed (or `offerkit_shutdown`). Logging is off
 * until first set. Blocks only while a delivery to the previous callback is under way.
 */
enum OfferkitStatus offerkit_set_log_callback(OfferkitLogCallback callback, void *user_data, uint32_t max_level, uint32_t delivery);

/**
 * Runs log messages queued for poll delivery (see `offerkit_set_log_callback`) on the calling
 * thread: at most `max`, or with `max` 0 every one queued when the call starts. Returns how
 * many ran (0 without a poll-delivery callback). Never blocks, except while the callback is
 * being replaced.
 */
size_t offerkit_log_poll(size_t max);

/**
 * Frees a list (and every view string from it). `offerkit_offer_list_free(NULL)` does nothing.
 */
void offerkit_offer_list_free(struct OfferkitOfferList *list);

/**
 * How many offers the list holds (0 for NULL).
 */
size_t offerkit_offer_list_count(const struct OfferkitOfferList *list);

/**
 * Whether the list was answered from the response cache (fresh or stale); false for NULL.
 */
bool offerkit_offer_list_from_cache(const struct OfferkitOfferList *list);

/**
 * Whether the list is a stale cached answer, returned because a refresh failed with a
 * network, timeout or server error; false for NULL.
 */
bool offerkit_offer_list_is_stale(const struct OfferkitOfferList *list);

/**
 * Age of the answer in milliseconds (0 when it came from the network just now, or for NULL).
 */
uint64_t offerkit_offer_list_age_ms(const struct OfferkitOfferList *list);

/**
 * Writes the spec fields of offer `index` to `*out_view` (strings borrowed from the list).
 * `OUT_OF_RANGE` when `index >= count`.
 */
enum OfferkitStatus offerkit_offer_list_get(const struct OfferkitOfferList *list, size_t index, struct OfferkitOfferView *out_view, struct OfferkitError **out_error);

/**
 * How many items of the service's answer were left out of the list because they were
 * malformed (0 for NULL). `offerkit_offer_list_skipped_get` says which and why.
 */
size_t offerkit_offer_list_skipped_count(const struct OfferkitOfferList *list);

/**
 * Writes skipped item `index` (position in the service's answer, id or NULL, reason) to
 * `*out_item`; its strings are borrowed from the list. `OUT_OF_RANGE` past the end.
 */
enum OfferkitStatus offerkit_offer_list_skipped_get(const struct OfferkitOfferList *list, size_t index, struct OfferkitSkippedItem *out_item, struct OfferkitError **out_error);

/**
 * Any field of offer `index` by dotted path (`"links.click_url"`, `"creatives.icon_url"`,
 * `"goals.0.name"`) as JSON text, e.g. `"\"https://…\""`, `1.5` or `null` (sent as null). On
 * `OFFERKIT_STATUS_OK`, `*out_json` is an owned string (free with `offerkit_string_free`),
 * never NULL. A path that names nothing in the item is `OFFERKIT_STATUS_NOT_FOUND`: the error
 * names the path (field entry: this function, argument `path`) and `*out_json` is untouched.
 */
enum OfferkitStatus offerkit_offer_list_field_json(const struct OfferkitOfferList *list, size_t index, const char *path, char **out_json, struct OfferkitError **out_error);

/**
 * Like `offerkit_offer_list_field_json`, but a string value comes unquoted (`https://…`);
 * other values still come as JSON text.
 */
enum OfferkitStatus offerkit_offer_list_field_text(const struct OfferkitOfferList *list, size_t index, const char *path, char **out_text, struct OfferkitError **out_error);

/**
 * Offer `index` as the JSON object the service sent (extra selected fields included). On
 * success `*out_json` is an owned string (free with `offerkit_string_free`).
 */
enum OfferkitStatus offerkit_offer_list_item_json(const struct OfferkitOfferList *list, size_t index, char **out_json, struct OfferkitError **out_error);

/**
 * The pagination of a paginated listing page: writes `*out_pagination` and returns true, or
 * returns false (writing nothing) when the list has none (offers, an unpaginated listing, all
 * pages) or an argument is NULL.
 */
bool offerkit_offer_list_pagination(const struct OfferkitOfferList *list, struct OfferkitPagination *out_pagination);

/**
 * Makes options for `offers` with everything unset. On success `*out_options` owns them: free
 * with `offerkit_offers_options_free`.
 */
enum OfferkitStatus offerkit_offers_options_new(struct OfferkitOffersOptions **out_options, struct OfferkitError **out_error);

/**
 * Frees options. `offerkit_offers_options_free(NULL)` does nothing. Queries already made with
 * them are not affected.
 */
void offerkit_offers_options_free(struct OfferkitOffersOptions *options);

/**
 * Sets `limit`, stored as given: the query refuses a value below 1 (`INVALID_ARGUMENT`, the
 * spec's message "The limit field must be at least 1."). Unset: no limit.
 */
enum OfferkitStatus offerkit_offers_options_set_limit(struct OfferkitOffersOptions *options, int64_t limit, struct OfferkitError **out_error);

/**
 * Unsets `limit` (no limit is sent).
 */
enum OfferkitStatus offerkit_offers_options_clear_limit(struct OfferkitOffersOptions *options, struct OfferkitError **out_error);

/**
 * Sets `language` (2 to 5 characters, e.g. `en`, `zh-HK`; checked by the query), copied;
 * NULL unsets it (the service's default).
 */
enum OfferkitStatus offerkit_offers_options_set_language(struct OfferkitOffersOptions *options, const char *language, struct OfferkitError **out_error);

/**
 * Sets `sort` (`epc.asc`, `epc.desc`, `last_activation.asc` or `last_activation.desc`;
 * checked by the query), copied; NULL unsets it (the service's order).
 */
enum OfferkitStatus offerkit_offers_options_set_sort(struct OfferkitOffersOptions *options, const char *sort, struct OfferkitError **out_error);

/**
 * Sets `select`: GraphQL fields added to the selection, e.g. `links { click_url }` (read with
 * `offerkit_offer_list_field_json`), copied; NULL unsets it.
 */
enum OfferkitStatus offerkit_offers_options_set_select(struct OfferkitOffersOptions *options, const char *select, struct OfferkitError **out_error);

/**
 * Sets `selection`: the whole offer selection, replacing the default `id name
 * total_payout_usd creatives { name description }` (`select` is then added to it), copied;
 * NULL unsets it (the default). The spec fields it leaves out are NULL (NaN) in the views.
 */
enum OfferkitStatus offerkit_offers_options_set_selection(struct OfferkitOffersOptions *options, const char *selection, struct OfferkitError **out_error);

/**
 * Makes options for `playerOffers` with everything unset. On success `*out_options` owns
 * them: free with `offerkit_player_offers_options_free`.
 */
enum OfferkitStatus offerkit_player_offers_options_new(struct OfferkitPlayerOffersOptions **out_options, struct OfferkitError **out_error);

/**
 * Frees options. `offerkit_player_offers_options_free(NULL)` does nothing. Queries and pagers
 * already made with them are not affected.
 */
void offerkit_player_offers_options_free(struct OfferkitPlayerOffersOptions *options);

/**
 * Sets `limit`, stored as given: the query refuses a value outside 1 to 100
 * (`INVALID_ARGUMENT` with the spec's message). Unset: the service's default (50).
 */
enum OfferkitStatus offerkit_player_offers_options_set_limit(struct OfferkitPlayerOffersOptions *options, int64_t limit, struct OfferkitError **out_error);

/**
 * Unsets `limit` (the service's default).
 */
enum OfferkitStatus offerkit_player_offers_options_clear_limit(struct OfferkitPlayerOffersOptions *options, struct OfferkitError **out_error);

/**
 * Sets `language` (2 to 5 characters; checked by the query), copied; NULL unsets it.
 */
enum OfferkitStatus offerkit_player_offers_options_set_language(struct OfferkitPlayerOffersOptions *options, const char *language, struct OfferkitError **out_error);

/**
 * Sets `after`: a `next_cursor` of a previous page of the same query, copied; NULL unsets it
 * (the first page).
 */
enum OfferkitStatus offerkit_player_offers_options_set_after(struct OfferkitPlayerOffersOptions *options, const char *after, struct OfferkitError **out_error);

/**
 * Sets `select`: GraphQL fields added to each item's default selection, copied; NULL unsets
 * it.
 */
enum OfferkitStatus offerkit_player_offers_options_set_select(struct OfferkitPlayerOffersOptions *options, const char *select, struct OfferkitError **out_error);

/**
 * Sets `selection`: the whole `playerOffers` selection, replacing the default (e.g.
 * `offers: items { id } next_cursor`; the items are read from the one list field it names),
 * copied; NULL unsets it. Not together with `select` (the query refuses both).
 */
enum OfferkitStatus offerkit_player_offers_options_set_selection(struct OfferkitPlayerOffersOptions *options, const char *selection, struct OfferkitError **out_error);

/**
 * Makes options for the listing with everything unset. On success `*out_options` owns them:
 * free with `offerkit_list_offers_options_free`.
 */
enum OfferkitStatus offerkit_list_offers_options_new(struct OfferkitListOffersOptions **out_options, struct OfferkitError **out_error);

/**
 * Frees options. `offerkit_list_offers_options_free(NULL)` does nothing.
 */
void offerkit_list_offers_options_free(struct OfferkitListOffersOptions *options);

/**
 * Sets `per_page`, stored as given: the query refuses a value outside 1 to 100
 * (`INVALID_ARGUMENT`, "The per page field must be between 1 and 100."). Set, the listing is
 * paginated; unset, every offer comes at once.
 */
enum OfferkitStatus offerkit_list_offers_options_set_per_page(struct OfferkitListOffersOptions *options, int64_t per_page, struct OfferkitError **out_error);

/**
 * Unsets `per_page` (no pagination).
 */
enum OfferkitStatus offerkit_list_offers_options_clear_per_page(struct OfferkitListOffersOptions *options, struct OfferkitError **out_error);

/**
 * Sets `page`, stored as given: the query refuses a value below 1, and a page without
 * `per_page` (`INVALID_ARGUMENT` with the spec's messages). Unset: the first page.
 */
enum OfferkitStatus offerkit_list_offers_options_set_page(struct OfferkitListOffersOptions *options, int64_t page, struct OfferkitError **out_error);

/**
 * Unsets `page` (the first page).
 */
enum OfferkitStatus offerkit_list_offers_options_clear_page(struct OfferkitListOffersOptions *options, struct OfferkitError **out_error);

/**
 * Makes a pager over the pages of `playerOffers` for `player_id`, starting at the `after` of
 * `options` (NULL, or `after` unset: the first page; the options are copied). The arguments are checked now (`INVALID_ARGUMENT`, nothing sent); no
 * request is made until `next`. On success `*out_pager` owns the pager.
 */
enum OfferkitStatus offerkit_client_player_offers_pager(const struct OfferkitClient *client, const char *player_id, const struct OfferkitPlayerOffersOptions *options, struct OfferkitPlayerOffersPager **out_pager, struct OfferkitError **out_error);

/**
 * Blocking: fetches the next page (one call, within the deadline). On `OFFERKIT_STATUS_OK`,
 * `*out_page` owns the page, or is NULL when the previous page was the last one (and stays so
 * on later calls). A page whose cursor was seen before in this walk, or a page past the
 * client's `max_pages`, fails with `OFFERKIT_STATUS_DECODE` and ends the walk (later calls
 * give NULL); other failures leave the position unchanged.
 */
enum OfferkitStatus offerkit_player_offers_pager_next(const struct OfferkitPlayerOffersPager *pager, struct OfferkitPlayerOffersPage **out_page, struct OfferkitError **out_error);

/**
 * Asynchronous `next` (see `offerkit_client_offers_async` for the request rules; the callback
 * gets a NULL page with `OFFERKIT_STATUS_OK` after the last page). Cancelling leaves the
 * pager's position unchanged.
 */
enum OfferkitStatus offerkit_player_offers_pager_next_async(const struct OfferkitPlayerOffersPager *pager, OfferkitPlayerOffersPageCallback callback, void *user_data, struct OfferkitRequest **out_request, struct OfferkitError **out_error);

/**
 * Frees a pager. `offerkit_player_offers_pager_free(NULL)` does nothing. A `next_async` under
 * way still completes (its callback runs exactly once).
 */
void offerkit_player_offers_pager_free(struct OfferkitPlayerOffersPager *pager);

/**
 * Checks the service's rule for a player id (1 to 255 characters): `OFFERKIT_STATUS_OK`, or
 * `OFFERKIT_STATUS_INVALID_ARGUMENT` with the service's message on the `player_id` argument.
 */
enum OfferkitStatus offerkit_player_id_validate(const char *player_id, struct OfferkitError **out_error);

/**
 * Writes to `*out_flags` the conventions `player_id` breaks, as `OFFERKIT_PLAYER_ID_*` flags
 * OR-ed together (0: follows them all). Conventions are advice: the service accepts such ids.
 */
enum OfferkitStatus offerkit_player_id_lint(const char *player_id, uint32_t *out_flags, struct OfferkitError **out_error);

/**
 * The stable name of one lint flag (`"uppercase"`, `"period"`, `"space"`,
 * `"other_character"`), or NULL if `flag` is not exactly one flag. Static storage.
 */
const char *offerkit_player_id_convention_name(uint32_t flag);

/**
 * A sentence describing one lint flag (e.g. `"contains periods"`), or NULL if `flag` is not
 * exactly one flag. Static storage.
 */
const char *offerkit_player_id_convention_describe(uint32_t flag);

/**
 * Derives a stable, valid, convention-following player id from any internal identifier:
 * `"p-"` and the lowercase hex of the first 16 bytes of SHA-256 over the UTF-8 bytes of
 * `internal_id` (34 characters; every binding gives the same answer). On success `*out_id` is
 * an owned string (free with `offerkit_string_free`).
 */
enum OfferkitStatus offerkit_player_id_short(const char *internal_id, char **out_id, struct OfferkitError **out_error);

/**
 * Frees a page. `offerkit_player_offers_page_free(NULL)` does nothing.
 */
void offerkit_player_offers_page_free(struct OfferkitPlayerOffersPage *page);

/**
 * How many items the page holds (0 for NULL).
 */
size_t offerkit_player_offers_page_count(const struct OfferkitPlayerOffersPage *page);

/**
 * The cursor of the next page (pass it as `after`), or NULL on the last page (and for a NULL
 * page). Borrowed: valid until the page is freed.
 */
const char *offerkit_player_offers_page_next_cursor(const struct OfferkitPlayerOffersPage *page);

/**
 * How many items of the service's answer were left out of the page because they were
 * malformed (not objects: no field of these items is required); 0 for NULL.
 */
size_t offerkit_player_offers_page_skipped_count(const struct OfferkitPlayerOffersPage *page);

/**
 * Writes skipped item `index` to `*out_item` (strings borrowed from the page).
 * `OUT_OF_RANGE` past the end.
 */
enum OfferkitStatus offerkit_player_offers_page_skipped_get(const struct OfferkitPlayerOffersPage *page, size_t index, struct OfferkitSkippedItem *out_item, struct OfferkitError **out_error);

/**
 * Writes the typed fields of item `index` to `*out_view`. `OUT_OF_RANGE` past the end.
 */
enum OfferkitStatus offerkit_player_offers_page_get(const struct OfferkitPlayerOffersPage *page, size_t index, struct OfferkitPlayerOfferView *out_view, struct OfferkitError **out_error);

/**
 * Any field of item `index` by dotted path, as JSON text (owned); `OFFERKIT_STATUS_NOT_FOUND`
 * when the path names nothing. See `offerkit_offer_list_field_json`.
 */
enum OfferkitStatus offerkit_player_offers_page_field_json(const struct OfferkitPlayerOffersPage *page, size_t index, const char *path, char **out_json, struct OfferkitError **out_error);

/**
 * Any field of item `index` by dotted path; strings unquoted (owned);
 * `OFFERKIT_STATUS_NOT_FOUND` when the path names nothing. See
 * `offerkit_offer_list_field_text`.
 */
enum OfferkitStatus offerkit_player_offers_page_field_text(const struct OfferkitPlayerOffersPage *page, size_t index, const char *path, char **out_text, struct OfferkitError **out_error);

/**
 * Item `index` as the JSON object the service sent (owned string).
 */
enum OfferkitStatus offerkit_player_offers_page_item_json(const struct OfferkitPlayerOffersPage *page, size_t index, char **out_json, struct OfferkitError **out_error);

/**
 * Cancels a request: if it has not completed yet, its task (and HTTP exchange) is dropped and
 * its callback reports `OFFERKIT_STATUS_CANCELLED` — later, on a library thread (thread
 * delivery) or from `offerkit_client_poll` (poll delivery), never inside this call. Returns
 * true if this call cancelled it, false if it had already completed or been cancelled (also
 * inside its own callback), or `request` is NULL; either way the callback runs exactly once.
 */
bool offerkit_request_cancel(const struct OfferkitRequest *request);

/**
 * The request's id: unique among the requests of this process, never 0 (0 for NULL). Lets one
 * callback serve many requests. Thread-safe.
 */
uint64_t offerkit_request_id(const struct OfferkitRequest *request);

/**
 * Frees a request handle without cancelling the request. `offerkit_request_free(NULL)` does
 * nothing. The callback still receives the same pointer (valid during its call).
 */
void offerkit_request_free(struct OfferkitRequest *request);

/**
 * Stops the library: removes the log callback (dropping log messages still queued for
 * `offerkit_log_poll`), stops the runtime — its I/O thread and DNS thread are joined (a DNS
 * look-up under way is waited for) and everything it allocated is released — and frees every
 * other global the library made. Idempotent: `OFFERKIT_STATUS_OK` when nothing runs (also
 * before any use, and when called again). Afterwards the library may be used again: the next
 * `offerkit_client_new` starts a fresh runtime.
 *
 * Fails with `OFFERKIT_STATUS_BUSY`, stopping nothing, while any `OfferkitClient` or
 * `OfferkitPlayerOffersPager` is alive; the message says how many. Once every handle is freed,
 * it waits (up to `OFFERKIT_SHUTDOWN_SETTLE_MS`) for their last steps on the library thread —
 * a task returning after its callback, callbacks still owed by a client freed from inside its
 * own callback on a library thread — and is `BUSY` if they take longer. Fails
 * with `OFFERKIT_STATUS_WOULD_DEADLOCK` on a library thread or inside any callback offerkit
 * runs (it would wait for itself). Request handles, results and errors outlive it: free them
 * as usual, before or after. Call it from one thread, at the end of the host's use of offerkit
 * (e.g. before unloading the library, or before exit).
 *
 * What stays allocated: once a log callback has been set (`offerkit_set_log_callback`), 112
 * bytes in two blocks stay, still reachable, until the process ends — the logging library's
 * global dispatcher (16 bytes) and its list of dispatchers (96 bytes). That library (tracing
 * 0.1) has no way to free either, so no shutdown can release them; they are made once per
 * process and reused by every later start, so they never grow. Everything else the library
 * allocated is released. A leak checker that wants zero bytes in use at exit suppresses
 * exactly these two stacks: `bindings/c/tests/tracing-core.supp` (valgrind) names them.
 */
enum OfferkitStatus offerkit_shutdown(struct OfferkitError **out_error);

/**
 * The stable snake_case name of a status: `"ok"`; for 1–16 core's kind names
 * (`"invalid_argument"`, `"rate_limited"`, …, the names every other binding uses); then
 * `"null_argument"` (100), `"invalid_utf8"`, `"out_of_range"`, `"would_deadlock"`,
 * `"not_found"`, `"busy"`, `"already_answered"` (106), `"not_available"` (107). `"unknown"` for
 * a number that is not an `OfferkitStatus`. Static storage: never
 * free it. Thread-safe.
 */
const char *offerkit_status_name(uint32_t status);

/**
 * Frees a string this library handed out as owned (`char *` results, e.g. JSON text).
 * `offerkit_string_free(NULL)` does nothing. Never pass a borrowed (`const char *`) string.
 */
void offerkit_string_free(char *string);

#if defined(OFFERKIT_TEST_HOOKS)
/**
 * Test builds only: every completion of a poll-delivery client waits `ms` milliseconds (0:
 * none) on the library thread after it is decided and before it is queued for
 * `offerkit_client_poll`.
 */
void offerkit_test_delay_queueing_ms(uint64_t ms);
#endif

#if defined(OFFERKIT_TEST_HOOKS)
/**
 * Test builds only: the next `count` result conversions (offer lists, player-offers pages)
 * panic inside the library.
 */
void offerkit_test_panic_in_conversions(uint32_t count);
#endif

#if defined(OFFERKIT_TEST_HOOKS)
/**
 * Test builds only: panics inside the call boundary; returns `OFFERKIT_STATUS_INTERNAL`.
 */
enum OfferkitStatus offerkit_test_panic(struct OfferkitError **out_error);
#endif

#if defined(OFFERKIT_TEST_HOOKS)
/**
 * Test builds only: logs `count` WARN messages `test message <i>` (target `offerkit::test`,
 * `i` from 0), so the C tests can fill the log queue of poll delivery without a thousand
 * requests.
 */
void offerkit_test_log_messages(uint32_t count);
#endif

/**
 * The version of the loaded library, e.g. `"1.1.0"` (compare with the header's
 * `OFFERKIT_VERSION_*`). Static storage: never free it. Thread-safe.
 */
const char *offerkit_version(void);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* OFFERKIT_H */
