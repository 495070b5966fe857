/* Latency probe for BENCHMARKS.md: blocking `offers` calls (limit 20) through the C ABI, one at a
 * time over keep-alive. Prints one JSON array of per-call latencies in microseconds.
 *   latency URL TOKEN CALLS
 * Built from latency_curl.c (LATENCY_CURL_EXECUTOR), the same calls go through the libcurl host
 * executor of bindings/c/tests/curl_executor.c instead of the built-in transport. */
#define _POSIX_C_SOURCE 199309L
#include <offerkit.h>
#include <stdio.h>
#include <stdlib.h>
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

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: latency URL TOKEN CALLS\n");
        return 2;
    }
    int calls = atoi(argv[3]), warmup = 20;
    OfferkitError *error = NULL;
    OfferkitConfig *config = NULL;
    OfferkitClient *client = NULL;
    check(offerkit_config_new(argv[1], &config, &error), error, "config");
    check(offerkit_config_set_access_token(config, argv[2], &error), error, "token");
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
        OfferkitOfferList *list = NULL;
        double started = now_us();
        check(offerkit_client_offers(client, "bench-player", options, &list, &error), error, "offers");
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
#ifdef LATENCY_CURL_EXECUTOR
    curl_executor_global_cleanup();
#endif
    return 0;
}
