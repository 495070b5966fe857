/* Hand-off probe for BENCHMARKS.md: where a blocking `offers` call through the C ABI spends the
 * time the Rust core does not. The core's latency probe runs everything on one thread; the C ABI
 * runs a blocking call's future on the caller's thread while the library thread drives the
 * sockets, so each call crosses between the two threads. This counts the voluntary context
 * switches (a thread blocking until another wakes it) per call, of the calling thread and of the
 * whole process, over CALLS keep-alive calls after a warm-up. Prints one JSON object.
 *   handoffs URL TOKEN CALLS */
#define _GNU_SOURCE
#include <offerkit.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

static void check(OfferkitStatus status, OfferkitError *error, const char *what) {
    if (status != OFFERKIT_STATUS_OK) {
        fprintf(stderr, "%s: %s\n", what, error ? offerkit_error_message(error) : "?");
        exit(1);
    }
}

static void one_call(OfferkitClient *client, const OfferkitOffersOptions *options) {
    OfferkitError *error = NULL;
    OfferkitOfferList *list = NULL;
    check(offerkit_client_offers(client, "bench-player", options, &list, &error), error, "offers");
    offerkit_offer_list_free(list);
}

int main(int argc, char **argv) {
    if (argc < 4 || atoi(argv[3]) < 1) {
        fprintf(stderr, "usage: handoffs URL TOKEN CALLS\n");
        return 2;
    }
    int calls = atoi(argv[3]);
    OfferkitError *error = NULL;
    OfferkitConfig *config = NULL;
    OfferkitClient *client = NULL;
    check(offerkit_config_new(argv[1], &config, &error), error, "config");
    check(offerkit_config_set_access_token(config, argv[2], &error), error, "token");
    check(offerkit_client_new(config, &client, &error), error, "client");
    offerkit_config_free(config);
    OfferkitOffersOptions *options = NULL;
    check(offerkit_offers_options_new(&options, &error), error, "options");
    check(offerkit_offers_options_set_limit(options, 20, &error), error, "limit");
    for (int i = 0; i < 20; i++) one_call(client, options);
    struct rusage thread_before, process_before, thread_after, process_after;
    getrusage(RUSAGE_THREAD, &thread_before);
    getrusage(RUSAGE_SELF, &process_before);
    for (int i = 0; i < calls; i++) one_call(client, options);
    getrusage(RUSAGE_THREAD, &thread_after);
    getrusage(RUSAGE_SELF, &process_after);
    printf("{\"calls\":%d,\"caller_switches_per_call\":%.2f,\"process_switches_per_call\":%.2f}\n", calls,
           (double)(thread_after.ru_nvcsw - thread_before.ru_nvcsw) / calls,
           (double)(process_after.ru_nvcsw - process_before.ru_nvcsw) / calls);
    offerkit_offers_options_free(options);
    offerkit_client_free(client);
    return 0;
}
