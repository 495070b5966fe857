/* Footprint probe for BENCHMARKS.md: threads and RSS of a C host before the first request, after
 * it, after 1,000 requests and after 2,000 (growth after warm-up).
 *   footprint URL TOKEN */
#include <offerkit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long status_field(const char *name) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long value = -1;
    size_t n = strlen(name);
    while (f && fgets(line, sizeof line, f)) {
        if (strncmp(line, name, n) == 0) value = strtol(line + n, NULL, 10);
    }
    if (f) fclose(f);
    return value;
}

static void row(const char *when) {
    printf("| %s | %ld | %ld |\n", when, status_field("Threads:"), status_field("VmRSS:"));
}

static void run(OfferkitClient *client, int n) {
    OfferkitOffersOptions *options = NULL;
    if (offerkit_offers_options_new(&options, NULL) != OFFERKIT_STATUS_OK ||
        offerkit_offers_options_set_limit(options, 20, NULL) != OFFERKIT_STATUS_OK) {
        fprintf(stderr, "options\n");
        exit(1);
    }
    for (int i = 0; i < n; i++) {
        OfferkitOfferList *list = NULL;
        OfferkitError *error = NULL;
        if (offerkit_client_offers(client, "bench-player", options, &list, &error) != OFFERKIT_STATUS_OK) {
            fprintf(stderr, "offers: %s\n", offerkit_error_message(error));
            exit(1);
        }
        offerkit_offer_list_free(list);
    }
    offerkit_offers_options_free(options);
}

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    OfferkitError *error = NULL;
    OfferkitConfig *config = NULL;
    OfferkitClient *client = NULL;
    printf("| moment | threads | RSS kB |\n| --- | ---: | ---: |\n");
    row("process start (library loaded)");
    if (offerkit_config_new(argv[1], &config, &error) != OFFERKIT_STATUS_OK ||
        offerkit_config_set_access_token(config, argv[2], &error) != OFFERKIT_STATUS_OK ||
        offerkit_client_new(config, &client, &error) != OFFERKIT_STATUS_OK) {
        fprintf(stderr, "set-up: %s\n", offerkit_error_message(error));
        return 1;
    }
    offerkit_config_free(config);
    row("client created");
    run(client, 1);
    row("after the first request");
    run(client, 999);
    row("after 1,000 requests");
    run(client, 1000);
    row("after 2,000 requests");
    offerkit_client_free(client);
    row("client freed");
    return 0;
}
