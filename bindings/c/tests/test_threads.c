/* Threads of the library (run alone in a fresh process: `offerkit_c_tests isolated_threads`).
 * Prints the measured counts: the library adds one worker thread, and at most one more (the
 * blocking pool, for DNS) when a host name has to be resolved. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

static OfferkitClient *client_for(const char *url) {
    char *token = sim_token(0, true);
    OfferkitConfig *config = NULL;
    offerkit_config_new(url, &config, NULL);
    offerkit_config_set_access_token(config, token, NULL);
    free(token);
    OfferkitClient *client = NULL;
    offerkit_client_new(config, &client, NULL);
    offerkit_config_free(config);
    return client;
}

void test_isolated_threads(void) {
    if (curl_run()) NOT_APPLICABLE("counts the built-in transport's threads (DNS pool); the curl executor runs its own");
    int baseline = process_threads();
    OfferkitClient *ip = client_for(sim_url());
    REQUIRE(ip != NULL);
    OfferkitOfferList *list = NULL;
    CHECK(offerkit_client_offers(ip, "demo", NULL, &list, NULL) == OFFERKIT_STATUS_OK);
    offerkit_offer_list_free(list);
    int after_ip = process_threads() - baseline;

    OfferkitClient *named = client_for(sim_url_hostname());
    REQUIRE(named != NULL);
    list = NULL;
    CHECK(offerkit_client_offers(named, "demo", NULL, &list, NULL) == OFFERKIT_STATUS_OK);
    offerkit_offer_list_free(list);
    int after_hostname = process_threads() - baseline;

    /* Many requests at once, through both clients. */
    Recorder r;
    recorder_init(&r);
    int most = after_hostname;
    for (int i = 0; i < 40; i++) {
        OfferkitClient *c = (i % 2) ? named : ip;
        CHECK(offerkit_client_links_async(c, "demo", NULL, NULL, on_json, &r, NULL, NULL) ==
              OFFERKIT_STATUS_OK);
        int now = process_threads() - baseline;
        if (now > most) most = now;
    }
    recorder_wait(&r, 40, 20000);
    int now = process_threads() - baseline;
    if (now > most) most = now;
    recorder_clear(&r);
    printf("    library threads: %d after a request to an IP literal, %d after a host name, "
           "at most %d with 40 concurrent requests\n",
           after_ip, after_hostname, most);
    CHECK(after_ip == 1);
    CHECK(after_hostname <= 2);
    CHECK(most <= 2);
    offerkit_client_free(ip);
    offerkit_client_free(named);
}
