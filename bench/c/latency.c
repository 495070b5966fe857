/* Latency probe for BENCHMARKS.md: `offers` calls (limit 20) through the C ABI, one at a time over
 * keep-alive. Prints one JSON array of per-call latencies in microseconds.
 *   latency URL TOKEN CALLS [blocking|async|poll]
 * `blocking` (the default): offerkit_client_offers on this thread. `async`:
 * offerkit_client_offers_async with thread delivery, this thread waiting on a semaphore the
 * callback (on the library thread) posts. `poll`: the same call on a poll-delivery client,
 * this thread in offerkit_client_poll_wait until the callback ran (a game loop that waits for
 * its answer). Each latency is from the call to the moment this thread has the list.
 * Built from latency_curl.c (LATENCY_CURL_EXECUTOR), the same calls go through the libcurl host
 * executor of bindings/c/tests/curl_executor.c instead of the built-in transport.
 *   gcc -O2 -std=gnu11 -Iinclude bench/c/latency.c -Ltarget/release -lofferkit -lpthread -o latency */
#define _POSIX_C_SOURCE 200809L
#include <offerkit.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef LATENCY_CURL_EXECUTOR
#include "curl_executor.h"
#endif

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static void check(OfferkitStatus status, OfferkitError *error, const char *what) {
    if (status != OFFERKIT_STATUS_OK) {
        fprintf(stderr, "%s: %s\n", what, error ? offerkit_error_message(error) : "?");
        exit(1);
    }
}

enum mode { BLOCKING, ASYNC, POLL };

/* What a callback hands back to the waiting thread. */
struct outcome {
    sem_t done;     /* posted by the callback (async) */
    int finished;   /* set by the callback (poll: it runs on this thread) */
    OfferkitStatus status;
    OfferkitOfferList *list;
    OfferkitError *error;
};

static void on_offers(void *user_data, const OfferkitRequest *request, OfferkitStatus status,
                      OfferkitOfferList *list, OfferkitError *error) {
    (void)request;
    struct outcome *outcome = user_data;
    outcome->status = status;
    outcome->list = list;
    outcome->error = error;
    outcome->finished = 1;
    sem_post(&outcome->done);
}

/* One call in `mode`; returns the list (owned). */
static OfferkitOfferList *one_call(enum mode mode, OfferkitClient *client,
                                   const OfferkitOffersOptions *options, struct outcome *outcome) {
    OfferkitError *error = NULL;
    if (mode == BLOCKING) {
        OfferkitOfferList *list = NULL;
        check(offerkit_client_offers(client, "bench-player", options, &list, &error), error, "offers");
        return list;
    }
    outcome->finished = 0;
    outcome->list = NULL;
    outcome->error = NULL;
    check(offerkit_client_offers_async(client, "bench-player", options, on_offers, outcome, NULL, &error),
          error, "offers_async");
    if (mode == ASYNC) {
        while (sem_wait(&outcome->done) != 0) {
        }
    } else {
        while (!outcome->finished) {
            size_t ran = 0;
            check(offerkit_client_poll_wait(client, 5000, 1, &ran, &error), error, "poll_wait");
        }
        sem_wait(&outcome->done); /* posted by the callback too: keep the count at zero */
    }
    check(outcome->status, outcome->error, "offers (callback)");
    return outcome->list;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: latency URL TOKEN CALLS [blocking|async|poll]\n");
        return 2;
    }
    int calls = atoi(argv[3]), warmup = 20;
    enum mode mode = BLOCKING;
    if (argc > 4 && strcmp(argv[4], "async") == 0) {
        mode = ASYNC;
    } else if (argc > 4 && strcmp(argv[4], "poll") == 0) {
        mode = POLL;
    } else if (argc > 4 && strcmp(argv[4], "blocking") != 0) {
        fprintf(stderr, "mode: blocking, async or poll, not %s\n", argv[4]);
        return 2;
    }
    struct outcome outcome;
    memset(&outcome, 0, sizeof outcome);
    if (sem_init(&outcome.done, 0, 0) != 0) {
        perror("sem_init");
        return 1;
    }
    OfferkitError *error = NULL;
    OfferkitConfig *config = NULL;
    OfferkitClient *client = NULL;
    check(offerkit_config_new(argv[1], &config, &error), error, "config");
    check(offerkit_config_set_access_token(config, argv[2], &error), error, "token");
    if (mode == POLL) {
        check(offerkit_config_set_delivery(config, OFFERKIT_DELIVERY_POLL, &error), error, "delivery");
    }
#ifdef LATENCY_CURL_EXECUTOR
    if (curl_executor_global_init() != 0) return 1;
    check(curl_executor_install(config, &error), error, "executor");
#endif
    check(offerkit_client_new(config, &client, &error), error, "client");
    offerkit_config_free(config);
    OfferkitOffersOptions *options = NULL;
    if (offerkit_offers_options_new(&options, NULL) != OFFERKIT_STATUS_OK ||
        offerkit_offers_options_set_limit(options, 20, NULL) != OFFERKIT_STATUS_OK) {
        fprintf(stderr, "options\n");
        exit(1);
    }
    printf("[");
    for (int i = 0; i < warmup + calls; i++) {
        double started = now_us();
        OfferkitOfferList *list = one_call(mode, client, options, &outcome);
        double took = now_us() - started;
        if (offerkit_offer_list_count(list) != 20) {
            fprintf(stderr, "expected 20 offers\n");
            return 1;
        }
        offerkit_offer_list_free(list);
        if (i >= warmup) printf("%s%.0f", i > warmup ? "," : "", took);
    }
    printf("]\n");
    offerkit_offers_options_free(options);
    offerkit_client_free(client);
    sem_destroy(&outcome.done);
#ifdef LATENCY_CURL_EXECUTOR
    curl_executor_global_cleanup();
#endif
    return 0;
}
