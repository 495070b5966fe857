/* Test support for the C tests of libofferkit: a minimal test runner, the simulator's control
 * endpoint (/_sim/faults, /_sim/stats, /_sim/tokens) over plain HTTP/1.1, and a completion
 * recorder for _async calls. */
#ifndef OFFERKIT_TEST_SUPPORT_H
#define OFFERKIT_TEST_SUPPORT_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "offerkit.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- runner ------------------------------------------------------------------------------ */

extern int test_failures; /* failures in the running test */
/* The first failure of the running test ("CHECK failed at FILE:LINE: COND"), or empty: what the
 * runner's results file says about a failed test. Kept by test_note_failure, which the checks
 * below call; the runner empties it before each test. */
extern char test_first_failure[256];
void test_note_failure(const char *check, const char *file, int line, const char *what);
/* Why the running test could not run in this build (set by SKIP), or NULL. */
extern const char *test_skip_reason;

/* Ends the running test as skipped: it is counted as skipped, never as passed. */
#define SKIP(why)                                                                        \
    do {                                                                                 \
        test_skip_reason = (why);                                                        \
        return;                                                                          \
    } while (0)

/* Why the running test does not apply to this run (set by NOT_APPLICABLE), or NULL: a test of
 * the built-in HTTP transport in a run through a host executor, or one that needs the test hooks
 * in a shipping build. Never counted as passed (nor as failed or skipped, also with --no-skips:
 * another run covers it), and listed for each run in bindings/c/tests/na/ (binding.toml), or the
 * harness fails the run. */
extern const char *test_not_applicable_reason;

#define NOT_APPLICABLE(why)                                                              \
    do {                                                                                 \
        test_not_applicable_reason = (why);                                              \
        return;                                                                          \
    } while (0)

#define CHECK(cond)                                                                      \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            fprintf(stderr, "    CHECK failed at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
            test_note_failure("CHECK", __FILE__, __LINE__, #cond);                       \
            test_failures++;                                                             \
        }                                                                                \
    } while (0)

/* Checks a status; on failure prints both names and the error message when there is one. */
#define CHECK_STATUS(got, want, err)                                                       \
    do {                                                                                   \
        OfferkitStatus got_ = (got);                                                       \
        if (got_ != (want)) {                                                              \
            fprintf(stderr, "    CHECK_STATUS failed at %s:%d: got %s, want %s (%s)\n",    \
                    __FILE__, __LINE__, offerkit_status_name(got_),                        \
                    offerkit_status_name(want), (err) ? offerkit_error_message(err) : ""); \
            test_note_failure("CHECK_STATUS", __FILE__, __LINE__, offerkit_status_name(got_)); \
            test_failures++;                                                               \
        }                                                                                  \
    } while (0)

#define REQUIRE(cond)                                                                      \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "    REQUIRE failed at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
            test_note_failure("REQUIRE", __FILE__, __LINE__, #cond);                         \
            test_failures++;                                                               \
            return;                                                                        \
        }                                                                                  \
    } while (0)

/* ---- simulator --------------------------------------------------------------------------- */

/* The simulator's base URL, from OFFERKIT_SIM_URL (e.g. http://127.0.0.1:4010). */
const char *sim_url(void);
/* The same address with the host written as `localhost` (for DNS-resolution tests). */
const char *sim_url_hostname(void);
/* One HTTP request to the simulator; returns the status (or -1) and, if out_body is not NULL, a
 * malloc'd body. */
int sim_http(const char *method, const char *path, const char *body, char **out_body);
/* Queues a fault (JSON as /_sim/faults takes it). */
void sim_fault(const char *fault_json);
void sim_clear_faults(void);
void sim_reset_stats(void);
/* One counter of /_sim/stats ("requests", "graphql", "listing", "aborted", "in_flight", ...). */
long sim_stat(const char *name);
/* A fresh access token (malloc'd); ttl_secs 0 for the default; scoped false: no offers:read. */
char *sim_token(long ttl_secs, bool scoped);
/* Resets faults, misbehaviour modes and stats: call at the start of every test. */
void sim_fresh(void);
/* Switches the simulator's misbehaviour modes (JSON as PUT /_sim/mess takes it, e.g.
 * {"bad_fields":true}; every mode not named is off). */
void sim_mess(const char *modes_json);
/* The simulator serving under a path prefix, from OFFERKIT_SIM_PREFIXED_URL (e.g.
 * http://127.0.0.1:4011/api), or NULL when none runs. */
const char *sim_prefixed_url(void);
/* sim_http to the prefixed simulator's root (its /_sim endpoints); -1 when none runs. */
int sim_prefixed_http(const char *method, const char *path, const char *body, char **out_body);
/* Queues an answer the simulator gives instead of its own: the next `times` /v1 requests
 * matching `method` and `path` (NULL: any) get HTTP `status` with `body` (application/json),
 * in the order queued. How a test serves exactly the malformed data it is about. */
void sim_answer(const char *method, const char *path, int status, const char *body, int times);

/* ---- clients ----------------------------------------------------------------------------- */

/* Called by test_config on every config it makes, when set (by executor_mode_start). */
extern void (*support_config_hook)(OfferkitConfig *config);

/* The rest of this section is executor_mode.c, linked into the test runner only. */
/* Starts the run's transport (curl_global_init for the curl executor) and sets the hook above;
 * executor_mode_stop ends it (after every request is done). */
void executor_mode_start(void);
void executor_mode_stop(void);
/* Whether this run carries requests through the libcurl host executor (OFFERKIT_TEST_EXECUTOR=curl):
 * then every config made by the functions below (and use_test_executor) gets it. */
bool curl_run(void);
/* Why the tests that count a poll's callbacks exactly do not apply to a run through an executor. */
#define POLL_COUNTS_NA "counts exactly what a poll runs, and requests that go out without one; through a host executor the polls also run the executes (test_executor.c covers them)"
/* Whether this run is against the lite library (OFFERKIT_TEST_LITE=1, set by the test script):
 * no built-in transport, so its setters answer NOT_AVAILABLE. */
bool lite_run(void);
/* What a setter of the built-in transport returns in this run: OK, or NOT_AVAILABLE (lite). */
#define BUILTIN_OK (lite_run() ? OFFERKIT_STATUS_NOT_AVAILABLE : OFFERKIT_STATUS_OK)
/* `status`, or NOT_AVAILABLE in the lite run (which refuses before looking at the arguments). */
#define BUILTIN_OR(status) (lite_run() ? OFFERKIT_STATUS_NOT_AVAILABLE : (status))
/* Installs the run's host executor on `config` (nothing in a run with the built-in transport). */
void use_test_executor(OfferkitConfig *config);
/* Waits for host executor threads still finishing a request (nothing without one): before
 * counting the process's threads. */
void settle_host_threads(void);

/* A config for the simulator with fast retries (5..20 ms backoff) and a 60 s timeout; token may
 * be NULL. */
OfferkitConfig *test_config(const char *token);
/* A client with a valid token; delivery OFFERKIT_DELIVERY_THREAD or _POLL. */
OfferkitClient *test_client(uint32_t delivery);
/* A config like test_config with a fresh valid token. */
OfferkitConfig *test_config_with_token(void);
/* The client of `config` (which it frees); exits the run if the library refuses it. */
OfferkitClient *client_of(OfferkitConfig *config);

/* ---- completions ------------------------------------------------------------------------- */

/* Records the completions of _async calls. Use one per request (or count several). */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int calls;
    OfferkitStatus status;
    void *result; /* list, page or string, owned by the recorder until recorder_clear */
    int result_kind; /* 1 list, 2 page, 3 string */
    OfferkitError *error;
    pthread_t thread; /* the thread the callback ran on */
    const OfferkitRequest *request; /* the pointer the callback got (compare, never use) */
    uint64_t request_id;            /* offerkit_request_id of it, read inside the callback */
    bool in_own_callback_cancel;    /* what offerkit_request_cancel returned inside it */
} Recorder;

void recorder_init(Recorder *r);
/* Frees what the recorder holds (result, error). */
void recorder_clear(Recorder *r);
/* Waits until `calls >= n` or timeout; returns calls. */
int recorder_wait(Recorder *r, int n, int timeout_ms);
/* Polls `client` until the recorder saw n calls or timeout; returns calls. */
int recorder_poll(Recorder *r, const OfferkitClient *client, int n, int timeout_ms);

void on_list(void *user_data, const OfferkitRequest *request, OfferkitStatus status, OfferkitOfferList *list, OfferkitError *error);
void on_page(void *user_data, const OfferkitRequest *request, OfferkitStatus status, OfferkitPlayerOffersPage *page,
             OfferkitError *error);
void on_json(void *user_data, const OfferkitRequest *request, OfferkitStatus status, char *json, OfferkitError *error);

/* ---- query options ----------------------------------------------------------------------- */

/* Options builders for the running test, made with everything unset (plus what the name says)
 * and freed by the runner when the test ends: the library copies what a call needs, so a
 * builder may be freed at any time after the call (a test of that frees its own). A failure of
 * the library to make or set one exits the run. */
OfferkitOffersOptions *offers_options(void);
OfferkitOffersOptions *offers_limit(int64_t limit);
OfferkitPlayerOffersOptions *player_options(void);
OfferkitPlayerOffersOptions *player_limit(int64_t limit);
OfferkitListOffersOptions *list_options(void);
OfferkitListOffersOptions *list_per_page(int64_t per_page);
OfferkitListOffersOptions *list_page(int64_t per_page, int64_t page);
/* Frees every builder made by the functions above (the runner calls it after each test). */
void options_free_all(void);

/* Checks a setter (or any call) succeeded. */
#define SET(call) CHECK_STATUS((call), OFFERKIT_STATUS_OK, NULL)

/* ---- misc -------------------------------------------------------------------------------- */

void sleep_ms(int ms);
long now_ms(void);
/* Threads of this process (from /proc/self/status; on Windows, a Toolhelp snapshot). */
int process_threads(void);
/* Whether `haystack` contains `needle` (NULL-safe). */
bool contains(const char *haystack, const char *needle);
/* The first message `error` has for `argument` in its field entry with path `path` (e.g. "config",
 * "timeout"), or NULL when no entry names it. */
const char *field_message(const OfferkitError *error, const char *path, const char *argument);

#ifdef __cplusplus
}
#endif

#endif
