/* Worst-case durations of the C ABI's blocking functions, for ffi/README.md and BENCHMARKS.md:
 * each is run several times against the simulator (stalled where the bound is about a stalled
 * service) and its median and maximum wall time are printed, next to the bound it must keep.
 *   OFFERKIT_SIM_URL=http://127.0.0.1:PORT durations [RUNS]
 * Links bindings/c/tests/support.c for the simulator's control endpoint. */
#define _POSIX_C_SOURCE 199309L
#include <offerkit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "support.h"

#define MAX_RUNS 50
#define IN_FLIGHT 100
#define DEADLINE_MS 500

static double now_ms_f(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void report(const char *what, double *took, int runs, const char *bound) {
    qsort(took, (size_t)runs, sizeof *took, compare);
    printf("%-62s median %8.2f ms  max %8.2f ms  (%d runs; bound: %s)\n", what, took[runs / 2],
           took[runs - 1], runs, bound);
}

static void must(OfferkitStatus status, OfferkitError *error, const char *what) {
    if (status != OFFERKIT_STATUS_OK) {
        fprintf(stderr, "%s: %s\n", what, error ? offerkit_error_message(error) : "?");
        exit(1);
    }
}

static OfferkitClient *client_with_deadline(uint64_t deadline_ms, uint32_t delivery) {
    OfferkitConfig *config = test_config_with_token();
    if (deadline_ms) offerkit_config_set_deadline_ms(config, deadline_ms, NULL);
    offerkit_config_set_delivery(config, delivery, NULL);
    return client_of(config);
}

static void ignore_list(void *user_data, const OfferkitRequest *request, OfferkitStatus status,
                        OfferkitOfferList *list, OfferkitError *error) {
    (void)user_data, (void)request, (void)status;
    offerkit_offer_list_free(list);
    offerkit_error_free(error);
}

static void ignore_log(void *user_data, OfferkitLogLevel level, const char *message) {
    (void)user_data, (void)level, (void)message;
}

int main(int argc, char **argv) {
    int runs = argc > 1 ? atoi(argv[1]) : 10;
    if (runs < 1 || runs > MAX_RUNS) runs = 10;
    double took[MAX_RUNS];
    OfferkitError *error = NULL;
    sim_fresh();

    /* offerkit_client_new after offerkit_shutdown: starts the runtime and its thread. */
    for (int i = 0; i < runs; i++) {
        must(offerkit_shutdown(&error), error, "shutdown");
        OfferkitConfig *config = test_config_with_token();
        OfferkitClient *client = NULL;
        double started = now_ms_f();
        must(offerkit_client_new(config, &client, &error), error, "client_new");
        took[i] = now_ms_f() - started;
        offerkit_config_free(config);
        offerkit_client_free(client);
    }
    report("offerkit_client_new, runtime not started", took, runs, "thread start");

    /* A blocking call against a stalled service, deadline 500 ms. */
    sim_fault("{\"kind\":\"latency\",\"ms\":30000,\"times\":100000}");
    OfferkitClient *stalled = client_with_deadline(DEADLINE_MS, OFFERKIT_DELIVERY_THREAD);
    for (int i = 0; i < runs; i++) {
        OfferkitOfferList *list = NULL;
        double started = now_ms_f();
        OfferkitStatus status = offerkit_client_offers(stalled, "demo", NULL, &list, NULL);
        took[i] = now_ms_f() - started;
        if (status != OFFERKIT_STATUS_TIMEOUT) {
            fprintf(stderr, "stalled offers: %s, want timeout\n", offerkit_status_name(status));
            return 1;
        }
    }
    report("offerkit_client_offers, stalled service, deadline 500 ms", took, runs, "deadline");

    /* A pager's next against the stalled service. */
    for (int i = 0; i < runs; i++) {
        OfferkitPlayerOffersPager *pager = NULL;
        must(offerkit_client_player_offers_pager(stalled, "demo", NULL, &pager, &error), error,
             "pager");
        OfferkitPlayerOffersPage *page = NULL;
        double started = now_ms_f();
        (void)offerkit_player_offers_pager_next(pager, &page, NULL);
        took[i] = now_ms_f() - started;
        offerkit_player_offers_page_free(page);
        offerkit_player_offers_pager_free(pager);
    }
    report("offerkit_player_offers_pager_next, stalled, deadline 500 ms", took, runs, "deadline");

    /* offerkit_client_free with 100 requests in flight (stalled): cancels and delivers all. */
    for (int i = 0; i < runs; i++) {
        OfferkitClient *client = client_with_deadline(0, OFFERKIT_DELIVERY_THREAD);
        for (int r = 0; r < IN_FLIGHT; r++)
            must(offerkit_client_offers_async(client, "demo", NULL, ignore_list, NULL, NULL, &error),
                 error, "offers_async");
        sleep_ms(200); /* let them reach the service */
        double started = now_ms_f();
        offerkit_client_free(client);
        took[i] = now_ms_f() - started;
    }
    report("offerkit_client_free, 100 requests in flight (thread)", took, runs,
           "the callbacks it runs");
    for (int i = 0; i < runs; i++) {
        OfferkitClient *client = client_with_deadline(0, OFFERKIT_DELIVERY_POLL);
        for (int r = 0; r < IN_FLIGHT; r++)
            must(offerkit_client_offers_async(client, "demo", NULL, ignore_list, NULL, NULL, &error),
                 error, "offers_async");
        sleep_ms(200);
        double started = now_ms_f();
        offerkit_client_free(client);
        took[i] = now_ms_f() - started;
    }
    report("offerkit_client_free, 100 requests in flight (poll)", took, runs,
           "the callbacks it runs");
    offerkit_client_free(stalled);
    sim_clear_faults();

    /* offerkit_client_poll_wait(100 ms) with nothing to run: its overshoot. */
    OfferkitClient *polled = client_with_deadline(0, OFFERKIT_DELIVERY_POLL);
    for (int i = 0; i < runs; i++) {
        size_t ran = 0;
        double started = now_ms_f();
        must(offerkit_client_poll_wait(polled, 100, 0, &ran, &error), error, "poll_wait");
        took[i] = now_ms_f() - started - 100.0;
    }
    report("offerkit_client_poll_wait(100 ms), nothing queued: overshoot", took, runs,
           "timeout_ms + callbacks run");

    /* set_access_token and set_log_callback (no delivery under way). */
    char *token = sim_token(0, true);
    for (int i = 0; i < runs; i++) {
        double started = now_ms_f();
        must(offerkit_client_set_access_token(polled, token, &error), error, "set_access_token");
        took[i] = now_ms_f() - started;
    }
    report("offerkit_client_set_access_token", took, runs, "a lock");
    free(token);
    for (int i = 0; i < runs; i++) {
        double started = now_ms_f();
        must(offerkit_set_log_callback(ignore_log, NULL, OFFERKIT_LOG_LEVEL_DEBUG,
                                       i % 2 ? OFFERKIT_DELIVERY_POLL : OFFERKIT_DELIVERY_THREAD),
             NULL, "set_log_callback");
        took[i] = now_ms_f() - started;
    }
    report("offerkit_set_log_callback (replacing one)", took, runs,
           "a delivery to the old callback");
    offerkit_set_log_callback(NULL, NULL, 0, OFFERKIT_DELIVERY_THREAD);
    offerkit_client_free(polled);

    /* offerkit_shutdown with the runtime running and idle (and its DNS thread, after a host
     * name was resolved). */
    for (int i = 0; i < runs; i++) {
        OfferkitConfig *config = NULL;
        must(offerkit_config_new(sim_url_hostname(), &config, &error), error, "config");
        OfferkitClient *client = client_of(config);
        char *json = NULL; /* any answer will do (no token): the host name was resolved */
        (void)offerkit_client_links(client, "demo", NULL, NULL, &json, NULL);
        offerkit_string_free(json);
        offerkit_client_free(client);
        double started = now_ms_f();
        must(offerkit_shutdown(&error), error, "shutdown");
        took[i] = now_ms_f() - started;
    }
    report("offerkit_shutdown, runtime and DNS thread running", took, runs,
           "joins two idle threads");
    sim_fresh();
    return 0;
}
