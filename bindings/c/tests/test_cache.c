/* The response cache through the C ABI: hits from memory, stale answers during an outage with
 * their flag and age, invalidation, and bad settings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

static OfferkitClient *cached_client(uint64_t ttl_ms) {
    char *token = sim_token(0, true);
    OfferkitConfig *config = test_config(token);
    free(token);
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_config_set_cache(config, ttl_ms, 16, 3600000, &error), OFFERKIT_STATUS_OK, error);
    OfferkitClient *client = NULL;
    CHECK_STATUS(offerkit_client_new(config, &client, &error), OFFERKIT_STATUS_OK, error);
    offerkit_config_free(config);
    return client;
}

static OfferkitOfferList *offers(OfferkitClient *client) {
    OfferkitOffersOptions *options = offers_options();
    SET(offerkit_offers_options_set_limit(options, 3, NULL));
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "demo", options, &list, &error), OFFERKIT_STATUS_OK, error);
    return list;
}

void test_cache_hits_stale_answers_and_invalidation(void) {
    OfferkitClient *client = cached_client(60000);
    OfferkitOfferList *first = offers(client);
    CHECK(!offerkit_offer_list_from_cache(first) && !offerkit_offer_list_is_stale(first));
    CHECK(offerkit_offer_list_age_ms(first) == 0);
    OfferkitOfferList *second = offers(client);
    CHECK(offerkit_offer_list_from_cache(second) && !offerkit_offer_list_is_stale(second));
    CHECK(offerkit_offer_list_count(second) == offerkit_offer_list_count(first));
    CHECK(sim_stat("graphql") == 1);
    offerkit_offer_list_free(first);
    offerkit_offer_list_free(second);

    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_invalidate(client, "demo", &error), OFFERKIT_STATUS_OK, error);
    OfferkitOfferList *third = offers(client);
    CHECK(!offerkit_offer_list_from_cache(third));
    CHECK(sim_stat("graphql") == 2);
    offerkit_offer_list_free(third);
    CHECK(offerkit_client_invalidate(client, NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    offerkit_client_clear_cache(client);
    offerkit_client_clear_cache(NULL);
    offerkit_client_free(client);

    /* TTL 0: every call refreshes, and an outage is bridged with the last good answer. */
    client = cached_client(0);
    offerkit_offer_list_free(offers(client));
    sim_fault("{\"kind\":\"status\",\"status\":503,\"times\":3}");
    OfferkitOfferList *stale = offers(client);
    CHECK(offerkit_offer_list_from_cache(stale) && offerkit_offer_list_is_stale(stale));
    CHECK(offerkit_offer_list_count(stale) == 3);
    offerkit_offer_list_free(stale);
    offerkit_client_free(client);

    CHECK(!offerkit_offer_list_from_cache(NULL) && !offerkit_offer_list_is_stale(NULL));
    CHECK(offerkit_offer_list_age_ms(NULL) == 0);
}

void test_cache_settings_are_checked(void) {
    /* The setter stores what it is given; offerkit_client_new checks it and names the setting. */
    struct {
        uint64_t ttl_ms;
        uint32_t max_entries;
        uint64_t max_stale_ms;
        const char *setting;
        const char *message;
    } bad[] = {
        {1000, 0, 0, "cache.max_entries", "0 is not at least 1"},
        {86400001, 1, 0, "cache.ttl", "86400001 ms is more than 24 h"},
        {0, 1, 86400001, "cache.max_stale", "86400001 ms is more than 24 h"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        OfferkitConfig *config = test_config("t");
        CHECK(offerkit_config_set_cache(config, bad[i].ttl_ms, bad[i].max_entries,
                                        bad[i].max_stale_ms, NULL) == OFFERKIT_STATUS_OK);
        OfferkitClient *client = (OfferkitClient *)0x1;
        OfferkitError *error = NULL;
        CHECK_STATUS(offerkit_client_new(config, &client, &error),
                     OFFERKIT_STATUS_INVALID_ARGUMENT, error);
        CHECK(client == (OfferkitClient *)0x1);
        const char *message = field_message(error, "config", bad[i].setting);
        CHECK(message != NULL && strcmp(message, bad[i].message) == 0);
        CHECK(offerkit_error_field_argument_count(error, 0) == 1);
        offerkit_error_free(error);
        offerkit_config_free(config);
    }
    OfferkitConfig *config = test_config("t");
    CHECK(offerkit_config_set_cache(NULL, 1000, 1, 0, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_config_set_cache(config, 0, 1, 0, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_cache(config, 86400000, 1, 86400000, NULL) == OFFERKIT_STATUS_OK);
    offerkit_client_free(client_of(config));
}
