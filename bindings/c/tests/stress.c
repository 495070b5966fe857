/* Stress: 8 host threads each start many asynchronous requests (all query kinds) on shared
 * clients — one thread-delivery, one poll-delivery polled by its threads — cancel about a third
 * of them at random moments, free some request handles at once and others later, make and free
 * short-lived clients with requests in flight, and at the end free both shared clients while
 * requests are still in flight. Every callback must run exactly once; run under valgrind or
 * ASan, nothing may leak. Requests per thread: STRESS_REQUESTS (default 200). With
 * OFFERKIT_RESULTS set, the run is one line of that results file (results.h; suite
 * OFFERKIT_SUITE, else "c-stress"). */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"
#include "support.h"

#define THREADS 8
#define TAIL 24 /* requests per shared client left in flight when it is freed */

typedef struct {
    atomic_int calls;
    atomic_int status;
} Slot;

static Slot *slots;
static int per_thread;
static atomic_int duplicate_calls;
static atomic_int unexpected_status;
static OfferkitClient *threaded_client;
static OfferkitClient *polled_client;

static void settle(void *user_data, OfferkitStatus status) {
    Slot *slot = user_data;
    if (atomic_fetch_add(&slot->calls, 1) != 0) atomic_fetch_add(&duplicate_calls, 1);
    atomic_store(&slot->status, (int)status);
    if (status != OFFERKIT_STATUS_OK && status != OFFERKIT_STATUS_CANCELLED &&
        status != OFFERKIT_STATUS_INVALID_ARGUMENT) {
        atomic_fetch_add(&unexpected_status, 1);
        fprintf(stderr, "    unexpected status %s\n", offerkit_status_name(status));
    }
}

static void done_list(void *u, const OfferkitRequest *request, OfferkitStatus s, OfferkitOfferList *list, OfferkitError *e) {
    (void)request;
    if (s == OFFERKIT_STATUS_OK && list) (void)offerkit_offer_list_count(list);
    offerkit_offer_list_free(list);
    offerkit_error_free(e);
    settle(u, s);
}

static void done_page(void *u, const OfferkitRequest *request, OfferkitStatus s, OfferkitPlayerOffersPage *page, OfferkitError *e) {
    (void)request;
    offerkit_player_offers_page_free(page);
    offerkit_error_free(e);
    settle(u, s);
}

static void done_json(void *u, const OfferkitRequest *request, OfferkitStatus s, char *json, OfferkitError *e) {
    (void)request;
    offerkit_string_free(json);
    offerkit_error_free(e);
    settle(u, s);
}

/* Starts one request of a random kind; returns its handle (or NULL on a start failure). */
static OfferkitRequest *start(OfferkitClient *client, Slot *slot, unsigned *seed) {
    OfferkitRequest *request = NULL;
    OfferkitStatus status;
    /* Options are made for the one call and freed as soon as it returns (they are copied). */
    OfferkitOffersOptions *offers = NULL;
    OfferkitPlayerOffersOptions *player = NULL;
    OfferkitListOffersOptions *listing = NULL;
    switch (rand_r(seed) % 6) {
    case 0:
        offerkit_offers_options_new(&offers, NULL);
        offerkit_offers_options_set_limit(offers, 3, NULL);
        status = offerkit_client_offers_async(client, "demo", offers, done_list, slot, &request, NULL);
        break;
    case 1:
        status = offerkit_client_links_async(client, "demo", NULL, NULL, done_json, slot, &request,
                                             NULL);
        break;
    case 2:
        offerkit_player_offers_options_new(&player, NULL);
        offerkit_player_offers_options_set_limit(player, 4, NULL);
        status = offerkit_client_player_offers_async(client, "demo", player, done_page, slot,
                                                     &request, NULL);
        break;
    case 3:
        offerkit_list_offers_options_new(&listing, NULL);
        offerkit_list_offers_options_set_per_page(listing, 10, NULL);
        offerkit_list_offers_options_set_page(listing, 1 + (int64_t)(rand_r(seed) % 5), NULL);
        status = offerkit_client_list_offers_async(client, listing, done_list, slot, &request, NULL);
        break;
    case 4:
        status = offerkit_client_graphql_async(client, "{ links(player_id: \"s\") { offerwall } }",
                                               NULL, done_json, slot, &request, NULL);
        break;
    default:
        offerkit_offers_options_new(&offers, NULL);
        offerkit_offers_options_set_limit(offers, -1, NULL); /* refused by core's checks: arrives through the callback */
        status = offerkit_client_offers_async(client, "demo", offers, done_list, slot, &request, NULL);
        break;
    }
    offerkit_offers_options_free(offers);
    offerkit_player_offers_options_free(player);
    offerkit_list_offers_options_free(listing);
    if (status != OFFERKIT_STATUS_OK) {
        fprintf(stderr, "    start failed: %s\n", offerkit_status_name(status));
        atomic_fetch_add(&unexpected_status, 1);
        atomic_fetch_add(&slot->calls, 1); /* nothing will call it */
        return NULL;
    }
    return request;
}

typedef struct {
    int index;
} Worker;

static void *work(void *arg) {
    Worker *w = arg;
    unsigned seed = 1234u + (unsigned)w->index * 7919u;
    bool polled = w->index >= THREADS / 2;
    OfferkitClient *client = polled ? polled_client : threaded_client;
    OfferkitRequest *held[8] = {0};
    for (int i = 0; i < per_thread; i++) {
        Slot *slot = &slots[w->index * per_thread + i];
        if (i % 50 == 25) {
            /* A short-lived client of its own, freed with requests in flight. */
            OfferkitClient *own = test_client(rand_r(&seed) % 2 ? OFFERKIT_DELIVERY_POLL
                                                                : OFFERKIT_DELIVERY_THREAD);
            OfferkitRequest *request = start(own, slot, &seed);
            offerkit_request_free(request);
            offerkit_client_free(own);
            continue;
        }
        OfferkitRequest *request = start(client, slot, &seed);
        int choice = (int)(rand_r(&seed) % 6);
        if (choice <= 1) {
            offerkit_request_cancel(request); /* at once */
            offerkit_request_free(request);
        } else if (choice == 2) {
            /* Keep it a while, cancel later (it may have completed by then). */
            int at = (int)(rand_r(&seed) % 8);
            if (held[at]) {
                offerkit_request_cancel(held[at]);
                offerkit_request_free(held[at]);
            }
            held[at] = request;
        } else {
            offerkit_request_free(request); /* let it run */
        }
        if (polled) offerkit_client_poll(client, 0);
        if (rand_r(&seed) % 16 == 0) sleep_ms(1);
    }
    for (int at = 0; at < 8; at++) {
        if (held[at]) {
            if (rand_r(&seed) % 2) offerkit_request_cancel(held[at]);
            offerkit_request_free(held[at]);
        }
    }
    if (polled) {
        for (int round = 0; round < 20; round++) {
            offerkit_client_poll(client, 0);
            sleep_ms(5);
        }
    }
    return NULL;
}

int main(void) {
    const char *env = getenv("STRESS_REQUESTS");
    per_thread = env ? atoi(env) : 200;
    if (per_thread < 10) per_thread = 10;
    size_t total = (size_t)THREADS * (size_t)per_thread + 2 * TAIL;
    slots = calloc(total, sizeof *slots);
    sim_fresh();
    /* Slow some requests down so cancellations meet requests in flight. */
    sim_fault("{\"kind\":\"latency\",\"ms\":30,\"times\":400}");
    threaded_client = test_client(OFFERKIT_DELIVERY_THREAD);
    polled_client = test_client(OFFERKIT_DELIVERY_POLL);

    long started = now_ms();
    pthread_t threads[THREADS];
    Worker workers[THREADS];
    for (int i = 0; i < THREADS; i++) {
        workers[i].index = i;
        pthread_create(&threads[i], NULL, work, &workers[i]);
    }
    for (int i = 0; i < THREADS; i++) pthread_join(threads[i], NULL);

    /* Let what was not cancelled finish (polling the poll client here), up to 60 s. */
    size_t body = (size_t)THREADS * (size_t)per_thread;
    long until = now_ms() + 60000;
    for (;;) {
        offerkit_client_poll(polled_client, 0);
        size_t settled = 0;
        for (size_t i = 0; i < body; i++) settled += atomic_load(&slots[i].calls) > 0;
        if (settled == body || now_ms() > until) break;
        sleep_ms(5);
    }

    /* The tail: requests still in flight when their client is freed. */
    sim_clear_faults();
    sim_fault("{\"kind\":\"latency\",\"ms\":3000,\"times\":1000}");
    unsigned seed = 99;
    Slot *tail = &slots[THREADS * per_thread];
    for (int i = 0; i < TAIL; i++) offerkit_request_free(start(threaded_client, &tail[i], &seed));
    for (int i = 0; i < TAIL; i++) offerkit_request_free(start(polled_client, &tail[TAIL + i], &seed));
    sleep_ms(100);
    offerkit_client_free(threaded_client);
    offerkit_client_free(polled_client);
    sim_clear_faults();

    /* Every callback ran exactly once, before the frees returned. */
    size_t missing = 0, ok = 0, cancelled = 0;
    for (size_t i = 0; i < total; i++) {
        int calls = atomic_load(&slots[i].calls);
        if (calls == 0) missing++;
        int status = atomic_load(&slots[i].status);
        if (calls && status == OFFERKIT_STATUS_OK) ok++;
        if (calls && status == OFFERKIT_STATUS_CANCELLED) cancelled++;
    }
    sleep_ms(200);
    for (size_t i = 0; i < total; i++)
        if (atomic_load(&slots[i].calls) > 1) atomic_fetch_add(&duplicate_calls, 1);
    printf("stress: %zu requests from %d threads in %ld ms: %zu ok, %zu cancelled, %zu refused "
           "by core's checks, %zu missing, %d duplicate, %d unexpected\n",
           total, THREADS, now_ms() - started, ok, cancelled, total - ok - cancelled - missing,
           missing, atomic_load(&duplicate_calls), atomic_load(&unexpected_status));
    free(slots);
    /* Stop the library, so valgrind sees every byte it allocated released. */
    OfferkitStatus stopped = offerkit_shutdown(NULL);
    if (stopped != OFFERKIT_STATUS_OK)
        fprintf(stderr, "stress: offerkit_shutdown: %s\n", offerkit_status_name(stopped));
    bool passed = missing == 0 && atomic_load(&duplicate_calls) == 0 &&
                  atomic_load(&unexpected_status) == 0 && cancelled > 0 && ok > 0 &&
                  stopped == OFFERKIT_STATUS_OK;
    char detail[400];
    snprintf(detail, sizeof detail,
             "%zu requests: %zu ok, %zu cancelled, %zu missing, %d duplicate, %d unexpected; "
             "offerkit_shutdown: %s",
             total, ok, cancelled, missing, atomic_load(&duplicate_calls),
             atomic_load(&unexpected_status), offerkit_status_name(stopped));
    results_write("c-stress", "stress", passed ? RESULT_PASSED : RESULT_FAILED,
                  (now_ms() - started) / 1000.0, passed ? "" : detail);
    printf("%d passed, %d failed\n", passed ? 1 : 0, passed ? 0 : 1);
    return passed ? 0 : 1;
}
