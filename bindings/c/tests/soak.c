/* Soak and fault test of the C ABI (libofferkit), the C half of scripts/soak.sh: for N seconds,
 * against the simulator at $OFFERKIT_SIM_URL,
 *
 *   - two clients, one OFFERKIT_DELIVERY_THREAD (with the response cache, as the Rust soak has)
 *     and one OFFERKIT_DELIVERY_POLL, polled about every millisecond by a "game loop" thread;
 *     each with a 500 ms request timeout, 2 retries and test_config's fast backoff;
 *   - WORKERS threads issue a random mix of blocking calls (offers, links, player_offers,
 *     list_offers) and their _async forms on either client, and cancel about 10 % of the async
 *     requests after a random 0-300 ms;
 *   - a fault thread injects the Rust soak's fault mix through the simulator's control endpoint
 *     (per request started: 60 % nothing, 8 % 503 for 1-4 requests, 4 % 500, 8 % latency beyond
 *     the timeout, 8 % a connection dropped mid-body, 6 % malformed JSON, 6 % a 2 MiB body).
 *
 * Every blocking result and every completion is tallied by status. The run fails when any of
 * these is not 0: untyped results (a status the header does not define, a failure without an
 * error object or with an empty message or another status, a success without a result),
 * internal errors, callbacks run twice for one request, callbacks never run, hangs (a call or
 * completion taking longer than timeout x (retries + 1) + backoff + 5 s); or when descriptors
 * are not back at their baseline after both clients are freed, RSS grows by more than 8 MiB
 * after the warm-up (the first 10 % of the run), or nothing succeeded. RSS is compared at quiet
 * points (workers paused, nothing in flight, cache emptied, allocator trimmed: see quiet_memory)
 * so that it follows what stays allocated rather than what the requests of the moment hold.
 *
 *   OFFERKIT_SIM_URL=http://127.0.0.1:PORT soak SECONDS [SEED]
 *
 * scripts/soak-c.sh builds and runs it (scripts/soak.sh calls that after the Rust soak). */
#include <dirent.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "support.h"

#define WORKERS 6
#define TIMEOUT_MS 500
#define MAX_RETRIES 2       /* the library's default, set explicitly so the budget follows it */
#define BACKOFF_MAX_MS 20   /* test_config's retry backoff cap */
#define SLACK_MS 5000
#define BUDGET_MS (TIMEOUT_MS * (MAX_RETRIES + 1) + BACKOFF_MAX_MS * MAX_RETRIES + SLACK_MS)
#define LATENCY_MS (TIMEOUT_MS + 300) /* a latency fault outlasts the timeout */
#define RSS_GROWTH_BOUND_KB (8L * 1024)
#define SLOTS_PER_WORKER 8  /* async requests one worker may have in flight */
#define MAX_PENDING_FAULTS 16
#define STATUS_SLOTS 104    /* statuses 0..103 */
#define RSS_SAMPLES 10

/* ---- tallies ----------------------------------------------------------------------------- */

static atomic_long by_status[STATUS_SLOTS];
static atomic_long requests, blocking_calls, async_calls, stale, untyped, duplicates, hangs;
static atomic_long cancel_attempts, cancel_effective, slowest_ms, polls_run;
static atomic_long faults[6], fault_failures;
static atomic_long started; /* requests started, for the fault thread's pace */
static atomic_int stop_workers, stop_game_loop, stop_faults;
static atomic_int pause_workers, paused_workers;
static atomic_int untyped_reported;

static const char *fault_names[6] = {"503", "500", "latency", "drop_mid_body", "malformed_json",
                                     "oversized_body"};

static bool known_status(uint32_t status) {
    return status <= OFFERKIT_STATUS_INTERNAL ||
           (status >= OFFERKIT_STATUS_NULL_ARGUMENT && status <= OFFERKIT_STATUS_WOULD_DEADLOCK);
}

static void note_untyped(const char *what, uint32_t status, const char *detail) {
    atomic_fetch_add(&untyped, 1);
    if (atomic_fetch_add(&untyped_reported, 1) < 10)
        fprintf(stderr, "soak-c: untyped result (%s): status %u (%s): %s\n", what, status,
                offerkit_status_name(status), detail ? detail : "");
}

static void note_elapsed(long elapsed) {
    long seen = atomic_load(&slowest_ms);
    while (elapsed > seen && !atomic_compare_exchange_weak(&slowest_ms, &seen, elapsed)) {
    }
}

/* Tallies one outcome (blocking result or completion); does not free anything. Returns whether
 * it took longer than the budget. */
static bool tally(const char *what, uint32_t status, bool has_result, const OfferkitError *error,
                  long elapsed) {
    atomic_fetch_add(&requests, 1);
    note_elapsed(elapsed);
    if (!known_status(status)) {
        note_untyped(what, status, error ? offerkit_error_message(error) : "no error object");
    } else {
        atomic_fetch_add(&by_status[status], 1);
        if (status == OFFERKIT_STATUS_OK) {
            if (!has_result || error)
                note_untyped(what, status, "success without a result, or with an error");
        } else if (!error) {
            note_untyped(what, status, "failure without an error object");
        } else {
            const char *message = offerkit_error_message(error);
            if (!message || !message[0])
                note_untyped(what, status, "failure with an empty message");
            else if (offerkit_error_status(error) != status)
                note_untyped(what, status, "the error object has another status");
            else if (has_result)
                note_untyped(what, status, "failure with a result");
        }
    }
    return elapsed > BUDGET_MS;
}

/* ---- async requests ---------------------------------------------------------------------- */

/* One async request in flight. Slots are allocated once (so the soak's own memory does not grow)
 * and reused; a callback's last touch of its slot is the increment of `calls`, so a slot whose
 * `calls` is 1 may be reused, and a callback that runs twice is seen as an increment from 1 (or,
 * after reuse, makes the next request's increment the second one). */
typedef struct {
    atomic_int calls;
    atomic_int hang_counted;
    atomic_long started_ms;
    atomic_bool in_flight; /* the worker's view: started, completion not yet seen */
} Slot;

static Slot slots[WORKERS][SLOTS_PER_WORKER];

static void count_hang_once(Slot *slot) {
    if (atomic_exchange(&slot->hang_counted, 1) == 0) atomic_fetch_add(&hangs, 1);
}

static void settle(Slot *slot, const char *what, OfferkitStatus status, bool has_result,
                   const OfferkitError *error) {
    long elapsed = now_ms() - atomic_load(&slot->started_ms);
    if (tally(what, status, has_result, error, elapsed)) count_hang_once(slot);
    if (atomic_fetch_add(&slot->calls, 1) != 0) {
        if (atomic_fetch_add(&duplicates, 1) < 10)
            fprintf(stderr, "soak-c: duplicate callback (%s, %s)\n", what,
                    offerkit_status_name(status));
    }
}

static void done_list(void *user_data, const OfferkitRequest *request, OfferkitStatus status, OfferkitOfferList *list,
                      OfferkitError *error) {
    (void)request;
    if (list) {
        size_t count = offerkit_offer_list_count(list);
        OfferkitOfferView view;
        if (count && offerkit_offer_list_get(list, 0, &view, NULL) == OFFERKIT_STATUS_OK)
            (void)strlen(view.id);
        if (offerkit_offer_list_is_stale(list)) atomic_fetch_add(&stale, 1);
    }
    bool has_result = list != NULL;
    /* Free first: the slot may be reused as soon as settle counts the call. */
    offerkit_offer_list_free(list);
    settle(user_data, "async list", status, has_result, error);
    offerkit_error_free(error);
}

static void done_json(void *user_data, const OfferkitRequest *request, OfferkitStatus status, char *json, OfferkitError *error) {
    (void)request;
    if (json) (void)strlen(json);
    bool has_result = json != NULL;
    offerkit_string_free(json);
    settle(user_data, "async links", status, has_result, error);
    offerkit_error_free(error);
}

static void done_page(void *user_data, const OfferkitRequest *request, OfferkitStatus status, OfferkitPlayerOffersPage *page,
                      OfferkitError *error) {
    (void)request;
    if (page) {
        size_t count = offerkit_player_offers_page_count(page);
        OfferkitPlayerOfferView view;
        if (count && offerkit_player_offers_page_get(page, 0, &view, NULL) == OFFERKIT_STATUS_OK)
            (void)strlen(view.status);
    }
    bool has_result = page != NULL;
    offerkit_player_offers_page_free(page);
    settle(user_data, "async player_offers", status, has_result, error);
    offerkit_error_free(error);
}

/* ---- workers ----------------------------------------------------------------------------- */

static OfferkitClient *thread_client, *poll_client;

typedef struct {
    int index;
    unsigned seed;
} Worker;

/* A free slot of this worker, waiting while all are in flight (and counting those past the
 * budget as hangs); NULL when the run stops first. */
static Slot *free_slot(Worker *w) {
    for (;;) {
        long now = now_ms();
        for (int i = 0; i < SLOTS_PER_WORKER; i++) {
            Slot *slot = &slots[w->index][i];
            if (atomic_load(&slot->in_flight) && atomic_load(&slot->calls) > 0)
                atomic_store(&slot->in_flight, false);
            if (!atomic_load(&slot->in_flight)) return slot;
            if (now - atomic_load(&slot->started_ms) > BUDGET_MS) count_hang_once(slot);
        }
        if (atomic_load(&stop_workers)) return NULL;
        sleep_ms(1);
    }
}

/* Options of a random call, made for it and freed as soon as it returns (the library copies
 * them): a limit of 1 to `max`; the listing without pagination (a third of the calls), or
 * per_page 1 to 20 with page 1 to 3 or unset. */
static OfferkitOffersOptions *offers_with_limit(Worker *w, int max) {
    OfferkitOffersOptions *options = NULL;
    offerkit_offers_options_new(&options, NULL);
    offerkit_offers_options_set_limit(options, 1 + (int64_t)(rand_r(&w->seed) % max), NULL);
    return options;
}

static OfferkitPlayerOffersOptions *player_offers_with_limit(Worker *w, int max) {
    OfferkitPlayerOffersOptions *options = NULL;
    offerkit_player_offers_options_new(&options, NULL);
    offerkit_player_offers_options_set_limit(options, 1 + (int64_t)(rand_r(&w->seed) % max), NULL);
    return options;
}

static OfferkitListOffersOptions *random_listing(Worker *w) {
    OfferkitListOffersOptions *options = NULL;
    offerkit_list_offers_options_new(&options, NULL);
    if (rand_r(&w->seed) % 3) {
        offerkit_list_offers_options_set_per_page(options, 1 + (int64_t)(rand_r(&w->seed) % 20), NULL);
        int64_t page = (int64_t)(rand_r(&w->seed) % 4);
        if (page) offerkit_list_offers_options_set_page(options, page, NULL);
    }
    return options;
}

static void blocking_call(Worker *w, const OfferkitClient *client, const char *player, int kind) {
    OfferkitError *error = NULL;
    OfferkitStatus status;
    bool has_result = false;
    const char *what = "?";
    long t0 = now_ms();
    switch (kind) {
    case 0: {
        OfferkitOffersOptions *options = offers_with_limit(w, 29);
        OfferkitOfferList *list = NULL;
        status = offerkit_client_offers(client, player, options, &list, &error);
        offerkit_offers_options_free(options);
        has_result = list != NULL;
        if (list && offerkit_offer_list_is_stale(list)) atomic_fetch_add(&stale, 1);
        offerkit_offer_list_free(list);
        what = "offers";
        break;
    }
    case 1: {
        char *json = NULL;
        status = offerkit_client_links(client, player, NULL, NULL, &json, &error);
        has_result = json != NULL;
        if (json) (void)strlen(json);
        offerkit_string_free(json);
        what = "links";
        break;
    }
    case 2: {
        OfferkitPlayerOffersOptions *options = player_offers_with_limit(w, 20);
        OfferkitPlayerOffersPage *page = NULL;
        status = offerkit_client_player_offers(client, player, options, &page, &error);
        offerkit_player_offers_options_free(options);
        has_result = page != NULL;
        if (page) (void)offerkit_player_offers_page_next_cursor(page);
        offerkit_player_offers_page_free(page);
        what = "player_offers";
        break;
    }
    default: {
        OfferkitListOffersOptions *options = random_listing(w);
        OfferkitOfferList *list = NULL;
        status = offerkit_client_list_offers(client, options, &list, &error);
        offerkit_list_offers_options_free(options);
        has_result = list != NULL;
        if (list && offerkit_offer_list_is_stale(list)) atomic_fetch_add(&stale, 1);
        offerkit_offer_list_free(list);
        what = "list_offers";
        break;
    }
    }
    if (tally(what, status, has_result, error, now_ms() - t0)) atomic_fetch_add(&hangs, 1);
    offerkit_error_free(error);
}

static void async_call(Worker *w, const OfferkitClient *client, const char *player, int kind,
                       Slot *slot) {
    OfferkitRequest *request = NULL;
    OfferkitError *error = NULL;
    OfferkitStatus status;
    atomic_store(&slot->calls, 0);
    atomic_store(&slot->hang_counted, 0);
    atomic_store(&slot->started_ms, now_ms());
    switch (kind) {
    case 0: {
        OfferkitOffersOptions *options = offers_with_limit(w, 29);
        status = offerkit_client_offers_async(client, player, options, done_list, slot, &request,
                                              &error);
        offerkit_offers_options_free(options);
        break;
    }
    case 1:
        status = offerkit_client_links_async(client, player, NULL, NULL, done_json, slot, &request,
                                             &error);
        break;
    case 2: {
        OfferkitPlayerOffersOptions *options = player_offers_with_limit(w, 20);
        status = offerkit_client_player_offers_async(client, player, options, done_page, slot,
                                                     &request, &error);
        offerkit_player_offers_options_free(options);
        break;
    }
    default: {
        OfferkitListOffersOptions *options = random_listing(w);
        status = offerkit_client_list_offers_async(client, options, done_list, slot, &request,
                                                   &error);
        offerkit_list_offers_options_free(options);
        break;
    }
    }
    if (status != OFFERKIT_STATUS_OK) {
        /* Nothing started and no callback will run: the call's own result is the outcome. */
        tally("async start", status, false, error, 0);
        offerkit_error_free(error);
        atomic_store(&slot->calls, 1);
        return;
    }
    atomic_store(&slot->in_flight, true);
    if (rand_r(&w->seed) % 10 == 0) {
        sleep_ms((int)(rand_r(&w->seed) % 301));
        atomic_fetch_add(&cancel_attempts, 1);
        if (offerkit_request_cancel(request)) atomic_fetch_add(&cancel_effective, 1);
    }
    offerkit_request_free(request); /* does not cancel: the callback still runs once */
}

static void *work(void *arg) {
    Worker *w = arg;
    char player[32];
    while (!atomic_load(&stop_workers)) {
        if (atomic_load(&pause_workers)) {
            atomic_fetch_add(&paused_workers, 1);
            while (atomic_load(&pause_workers) && !atomic_load(&stop_workers)) sleep_ms(1);
            atomic_fetch_sub(&paused_workers, 1);
            continue;
        }
        snprintf(player, sizeof player, "soak-%u", rand_r(&w->seed) % 20);
        const OfferkitClient *client = rand_r(&w->seed) % 2 ? poll_client : thread_client;
        int kind = (int)(rand_r(&w->seed) % 4);
        atomic_fetch_add(&started, 1);
        if (rand_r(&w->seed) % 5 < 2) {
            atomic_fetch_add(&blocking_calls, 1);
            blocking_call(w, client, player, kind);
        } else {
            Slot *slot = free_slot(w);
            if (!slot) break;
            atomic_fetch_add(&async_calls, 1);
            async_call(w, client, player, kind, slot);
        }
    }
    return NULL;
}

/* ---- game loop and faults ---------------------------------------------------------------- */

static void *game_loop(void *arg) {
    (void)arg;
    while (!atomic_load(&stop_game_loop)) {
        atomic_fetch_add(&polls_run, (long)offerkit_client_poll(poll_client, 0));
        sleep_ms(1);
    }
    return NULL;
}

/* How many faults the simulator still holds, from a /_sim/faults answer. */
static int pending_faults(const char *body) {
    int count = 0;
    for (const char *at = body; at && (at = strstr(at, "\"kind\":\"")); at += 8) count++;
    return count;
}

/* The Rust soak's mix (bench/rust/src/bin/soak.rs, random_fault): -1 for none, else the fault's
 * index in fault_names with its JSON in `json`. */
static int random_fault(unsigned *seed, char *json, size_t size) {
    unsigned roll = rand_r(seed) % 100;
    if (roll < 60) return -1;
    if (roll < 68) {
        snprintf(json, size, "{\"kind\":\"status\",\"status\":503,\"times\":%u}",
                 1 + rand_r(seed) % 4);
        return 0;
    }
    if (roll < 72) {
        snprintf(json, size, "{\"kind\":\"status\",\"status\":500}");
        return 1;
    }
    if (roll < 80) {
        snprintf(json, size, "{\"kind\":\"latency\",\"ms\":%d}", LATENCY_MS);
        return 2;
    }
    if (roll < 88) {
        snprintf(json, size, "{\"kind\":\"drop_mid_body\"}");
        return 3;
    }
    if (roll < 94) {
        snprintf(json, size, "{\"kind\":\"malformed_json\"}");
        return 4;
    }
    snprintf(json, size, "{\"kind\":\"oversized_body\",\"bytes\":%d}", 2 << 20);
    return 5;
}

/* One roll of the mix per request started (as the Rust soak rolls once per request), keeping at
 * most MAX_PENDING_FAULTS queued in the simulator (cache hits consume none). */
static void *fault_loop(void *arg) {
    unsigned seed = *(unsigned *)arg;
    long rolled = 0;
    int pending = 0;
    char json[128];
    while (!atomic_load(&stop_faults)) {
        long now_started = atomic_load(&started);
        int budget = 8; /* at most this many rolls per pass, so the pace follows the requests */
        while (rolled < now_started && budget-- > 0 && !atomic_load(&stop_faults)) {
            rolled++;
            int which = random_fault(&seed, json, sizeof json);
            if (which < 0) continue;
            char *body = NULL;
            if (pending >= MAX_PENDING_FAULTS) {
                if (sim_http("GET", "/_sim/faults", NULL, &body) == 200)
                    pending = pending_faults(body);
                free(body);
                body = NULL;
                if (pending >= MAX_PENDING_FAULTS) continue;
            }
            if (sim_http("POST", "/_sim/faults", json, &body) == 200) {
                atomic_fetch_add(&faults[which], 1);
                pending = pending_faults(body);
            } else {
                atomic_fetch_add(&fault_failures, 1);
            }
            free(body);
        }
        rolled = rolled < now_started - 1000 ? now_started : rolled; /* never fall far behind */
        sleep_ms(2);
    }
    return NULL;
}

/* ---- process measurements ---------------------------------------------------------------- */

/* A line of /proc/self/status in kB ("VmRSS", "RssAnon"), or -1. */
static long status_kb(const char *field) {
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[256];
    long kb = -1;
    size_t n = strlen(field);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, field, n) == 0 && line[n] == ':' &&
            sscanf(line + n + 1, "%ld", &kb) == 1)
            break;
    fclose(f);
    return kb;
}

static long rss_kb(void) { return status_kb("VmRSS"); }

/* Bytes the allocator has handed out and not taken back (all arenas, mmapped blocks too). */
static long heap_kb(void) {
    struct mallinfo2 info = mallinfo2();
    return (long)((info.uordblks + info.hblkhd) / 1024);
}

static int open_fds(void) {
    DIR *dir = opendir("/proc/self/fd");
    if (!dir) return -1;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)))
        if (entry->d_name[0] != '.') count++;
    closedir(dir);
    return count - 1; /* the directory's own descriptor */
}

static OfferkitClient *make_client(const char *token, uint32_t delivery, bool cache) {
    OfferkitConfig *config = test_config(token);
    OfferkitError *error = NULL;
    if (offerkit_config_set_timeout_ms(config, TIMEOUT_MS, &error) != OFFERKIT_STATUS_OK ||
        offerkit_config_set_max_retries(config, MAX_RETRIES, &error) != OFFERKIT_STATUS_OK ||
        offerkit_config_set_delivery(config, delivery, &error) != OFFERKIT_STATUS_OK ||
        (cache &&
         offerkit_config_set_cache(config, 50, 256, 3600000, &error) != OFFERKIT_STATUS_OK)) {
        fprintf(stderr, "soak-c: config: %s\n", offerkit_error_message(error));
        exit(2);
    }
    OfferkitClient *client = NULL;
    if (offerkit_client_new(config, &client, &error) != OFFERKIT_STATUS_OK) {
        fprintf(stderr, "soak-c: offerkit_client_new: %s\n", offerkit_error_message(error));
        exit(2);
    }
    offerkit_config_free(config);
    return client;
}

/* Waits, at most the budget, until no async request of the soak is in flight. */
static void drain(void) {
    long until = now_ms() + BUDGET_MS;
    for (;;) {
        int in_flight = 0;
        for (int i = 0; i < WORKERS; i++)
            for (int j = 0; j < SLOTS_PER_WORKER; j++)
                in_flight +=
                    atomic_load(&slots[i][j].in_flight) && atomic_load(&slots[i][j].calls) == 0;
        if (!in_flight || now_ms() > until) return;
        sleep_ms(5);
    }
}

/* Memory at a quiet point (workers paused or stopped, no async request in flight), so it is what
 * the process keeps, not what the requests of that moment hold (2 MiB bodies come and go). The
 * response cache is emptied first: it is bounded by entries, not bytes, and its 256 entries hold
 * anything from a few to ~60 MB of offers depending on which answers it happens to keep. Then
 * malloc_trim hands the allocator's free pages back: RSS follows what is allocated (a leak), not
 * how high the arenas once rose. */
typedef struct {
    long rss, anon, rss_untrimmed, heap;
} Memory;

static Memory quiet_memory(void) {
    Memory m;
    offerkit_client_clear_cache(thread_client);
    m.heap = heap_kb();
    m.rss_untrimmed = rss_kb();
    malloc_trim(0);
    m.rss = rss_kb();
    m.anon = status_kb("RssAnon");
    return m;
}

/* A stage of the run that must end by a deadline: a blocking call, a drain or a client free
 * that never returns would otherwise hang the soak itself. Past the deadline the watchdog says
 * which stage hung and aborts (a core dump or a debugger then has every thread's stack). */
static atomic_long watchdog_deadline;
static _Atomic(const char *) watchdog_stage;

static void watch(const char *stage, long deadline) {
    atomic_store(&watchdog_stage, stage);
    atomic_store(&watchdog_deadline, deadline);
}

static void *watchdog(void *arg) {
    (void)arg;
    for (;;) {
        sleep_ms(100);
        long deadline = atomic_load(&watchdog_deadline);
        if (deadline && now_ms() > deadline) {
            fprintf(stderr, "soak-c: hang: %s did not end in time\n", atomic_load(&watchdog_stage));
            printf("soak-c: FAILED\n");
            fflush(stdout);
            abort();
        }
    }
    return NULL;
}

/* ---- main -------------------------------------------------------------------------------- */

int main(int argc, char **argv) {
    long seconds = argc > 1 ? atol(argv[1]) : 30;
    unsigned seed = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 10) : (unsigned)time(NULL);
    if (seconds < 1) seconds = 1;
    setvbuf(stdout, NULL, _IOLBF, 0);

    /* Fixed allocator thresholds. By default glibc raises its mmap threshold to the size of the
     * largest block freed (2 MiB bodies here) and its trim threshold to twice that, and then
     * every arena may keep up to 4 MiB of free top chunk resident, which malloc_trim leaves
     * alone: the RSS at a quiet point would depend on which arena served the last big body. */
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    mallopt(M_TRIM_THRESHOLD, 256 * 1024);

    sim_clear_faults();
    int fds_start = open_fds();
    /* The library's one runtime (its I/O thread, epoll and waker descriptors) is built by the
     * first client and kept for the life of the process: build it with a throwaway client, so
     * the baseline counts it and "after" measures what the soak's clients leave behind. */
    char *token = sim_token(86400, true);
    offerkit_client_free(make_client(token, OFFERKIT_DELIVERY_THREAD, false));
    int fds_before = open_fds();

    thread_client = make_client(token, OFFERKIT_DELIVERY_THREAD, true);
    poll_client = make_client(token, OFFERKIT_DELIVERY_POLL, false);
    free(token);

    pthread_t game, fault, dog, threads[WORKERS];
    Worker workers[WORKERS];
    unsigned fault_seed = seed ^ 0x5eed5eedu;
    pthread_create(&game, NULL, game_loop, NULL);
    pthread_create(&fault, NULL, fault_loop, &fault_seed);
    long t0 = now_ms();
    /* Beyond its seconds, the run takes at most: the warm-up pause (the budget + 1 s, then a
     * drain of at most the budget), the last blocking calls and the final drain. */
    watch("the run (a blocking call, the warm-up pause or the drain)",
          t0 + seconds * 1000 + 4L * BUDGET_MS + 10000);
    pthread_create(&dog, NULL, watchdog, NULL);
    pthread_detach(dog);
    for (int i = 0; i < WORKERS; i++) {
        workers[i].index = i;
        workers[i].seed = seed + 7919u * (unsigned)(i + 1);
        pthread_create(&threads[i], NULL, work, &workers[i]);
    }

    /* Warm-up: the first 10 % of the run (at least 1 s), then a quiet point. Raw RSS is also
     * sampled every 10 % of the run, with requests in flight, for the report. */
    long run_ms = seconds * 1000;
    long warm_up_ms = run_ms / 10 < 1000 ? 1000 : run_ms / 10;
    long rss_samples[RSS_SAMPLES], heap_samples[RSS_SAMPLES];
    Memory warm = {-1, -1, -1, -1};
    bool warmed = false;
    for (int tick = 1; tick <= RSS_SAMPLES; tick++) {
        long at = t0 + run_ms * tick / RSS_SAMPLES;
        if (!warmed && at >= t0 + warm_up_ms) {
            while (now_ms() < t0 + warm_up_ms) sleep_ms(10);
            atomic_store(&pause_workers, 1);
            long until = now_ms() + BUDGET_MS + 1000;
            while (atomic_load(&paused_workers) < WORKERS && now_ms() < until) sleep_ms(1);
            drain();
            warm = quiet_memory();
            atomic_store(&pause_workers, 0);
            warmed = true;
        }
        while (now_ms() < at) sleep_ms(10);
        heap_samples[tick - 1] = heap_kb();
        rss_samples[tick - 1] = rss_kb();
    }

    atomic_store(&stop_workers, 1);
    for (int i = 0; i < WORKERS; i++) pthread_join(threads[i], NULL);
    atomic_store(&stop_faults, 1);
    pthread_join(fault, NULL);
    sim_clear_faults();
    drain(); /* the game loop still polls */
    long wall_ms = now_ms() - t0;
    Memory end = quiet_memory();
    atomic_store(&stop_game_loop, 1);
    pthread_join(game, NULL);

    /* Free runs every callback still owed before it returns. */
    watch("offerkit_client_free", now_ms() + BUDGET_MS + 10000);
    offerkit_client_free(thread_client);
    offerkit_client_free(poll_client);
    watch(NULL, 0);
    long missing = 0;
    for (int i = 0; i < WORKERS; i++)
        for (int j = 0; j < SLOTS_PER_WORKER; j++) {
            Slot *slot = &slots[i][j];
            if (atomic_load(&slot->in_flight) && atomic_load(&slot->calls) == 0) {
                missing++;
                count_hang_once(slot);
            }
        }
    /* Pooled connections close asynchronously (both ends live in this process when the
     * simulator is local; here only ours): wait, bounded, for the baseline. */
    long settle_until = now_ms() + 10000;
    int fds_after = open_fds();
    while (fds_after > fds_before && now_ms() < settle_until) {
        sleep_ms(50);
        fds_after = open_fds();
    }

    long ok = atomic_load(&by_status[OFFERKIT_STATUS_OK]);
    long internal = atomic_load(&by_status[OFFERKIT_STATUS_INTERNAL]);
    /* A cancel call that returned true promised a cancelled callback, and nothing else cancels
     * (the clients are freed with nothing in flight). */
    long cancel_mismatch = atomic_load(&by_status[OFFERKIT_STATUS_CANCELLED]) -
                           atomic_load(&cancel_effective);
    long growth = end.rss - warm.rss;
    /* Under valgrind (or another allocator that replaces glibc's) mallinfo2 reads 0 and the
     * tool's own memory is in RSS: the comparison means nothing there and is skipped. */
    bool rss_checked = warm.heap > 0 && end.heap > 0;
    long heap_freed = heap_kb();
    printf("soak-c: %ld s, %d workers, clients thread (cache) + poll, timeout %d ms, retries %d, "
           "seed %u\n",
           seconds, WORKERS, TIMEOUT_MS, MAX_RETRIES, seed);
    printf("requests %ld ok %ld (stale %ld) cancelled %ld slowest %ld ms\n",
           atomic_load(&requests), ok, atomic_load(&stale),
           atomic_load(&by_status[OFFERKIT_STATUS_CANCELLED]), atomic_load(&slowest_ms));
    printf("  blocking %ld, async %ld (cancel calls %ld, of which took effect %ld), polled "
           "callbacks %ld, %.0f requests/s\n",
           atomic_load(&blocking_calls), atomic_load(&async_calls), atomic_load(&cancel_attempts),
           atomic_load(&cancel_effective), atomic_load(&polls_run),
           (double)atomic_load(&requests) * 1000.0 / (double)(wall_ms ? wall_ms : 1));
    for (uint32_t s = 1; s < STATUS_SLOTS; s++)
        if (known_status(s))
            printf("  %-24s %ld\n", offerkit_status_name(s), atomic_load(&by_status[s]));
    printf("faults injected");
    for (int i = 0; i < 6; i++)
        printf(" %s %ld%s", fault_names[i], atomic_load(&faults[i]), i < 5 ? "," : "");
    printf(" (control requests failed %ld)\n", atomic_load(&fault_failures));
    printf("untyped %ld, internal %ld, duplicate callbacks %ld, missing callbacks %ld, cancelled "
           "callbacks minus cancels that took effect %ld\n",
           atomic_load(&untyped), internal, atomic_load(&duplicates), missing, cancel_mismatch);
    printf("hangs %ld (budget %d ms)\n", atomic_load(&hangs), BUDGET_MS);
    printf("rss after warm-up (%ld s) %ld kB, at end %ld kB (growth %ld kB, bound %ld kB%s)\n",
           warm_up_ms / 1000, warm.rss, end.rss, growth, RSS_GROWTH_BOUND_KB,
           rss_checked ? "" : "; not checked: glibc's allocator is not in use");
    printf("  (at quiet points, after malloc_trim; before it %ld and %ld kB; anonymous %ld and %ld "
           "kB; heap in use %ld and %ld kB, %ld kB once the clients are freed)\n",
           warm.rss_untrimmed, end.rss_untrimmed, warm.anon, end.anon, warm.heap, end.heap,
           heap_freed);
    printf("  in the run, every 10 %%: rss");
    for (int i = 0; i < RSS_SAMPLES; i++) printf(" %ld", rss_samples[i]);
    printf(" kB, heap in use");
    for (int i = 0; i < RSS_SAMPLES; i++) printf(" %ld", heap_samples[i]);
    printf(" kB\n");
    printf("open fds at start %d, before clients %d (library runtime built), after %d\n",
           fds_start, fds_before, fds_after);
    bool passed = atomic_load(&untyped) == 0 && internal == 0 &&
                  atomic_load(&duplicates) == 0 && missing == 0 && cancel_mismatch == 0 &&
                  atomic_load(&hangs) == 0 && fds_after <= fds_before &&
                  (!rss_checked || growth < RSS_GROWTH_BOUND_KB) && ok > 0;
    printf("soak-c: %s\n", passed ? "ok" : "FAILED");
    return passed ? 0 : 1;
}
