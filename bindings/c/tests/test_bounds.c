/* Bounds on what the service can make a call do: the deadline over a whole call (attempts,
 * Retry-After waits, the token wait), and the pagers' cycle check and page cap, which end a
 * walk that does not advance with `decode` instead of running forever. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

static OfferkitClient *client_with_deadline(uint64_t deadline_ms) {
    OfferkitConfig *config = test_config_with_token();
    CHECK(offerkit_config_set_deadline_ms(config, deadline_ms, NULL) == OFFERKIT_STATUS_OK);
    return client_of(config);
}

void test_deadline_fails_fast_on_a_retry_after_past_it(void) {
    OfferkitClient *client = client_with_deadline(10000);
    /* Every attempt would be told to come back in 30 s: not worth waiting for. */
    sim_fault("{\"kind\":\"status\",\"status\":503,\"retry_after_secs\":30,\"times\":100}");
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    long started = now_ms();
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_SERVER,
                 error);
    long took = now_ms() - started;
    CHECK(took < 5000); /* at once: well short of the 10 s deadline it would wait for */
    CHECK(offerkit_error_http_status(error) == 503);
    CHECK(offerkit_error_retry_after_ms(error) == 30000);
    offerkit_error_free(error);
    CHECK(sim_stat("graphql") == 1); /* one request, no retry */

    /* The same asynchronously. */
    Recorder r;
    recorder_init(&r);
    started = now_ms();
    REQUIRE(offerkit_client_links_async(client, "demo", NULL, NULL, on_json, &r, NULL, NULL) ==
            OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&r, 1, 20000) == 1);
    CHECK(now_ms() - started < 5000);
    CHECK(r.status == OFFERKIT_STATUS_SERVER);
    CHECK(offerkit_error_retry_after_ms(r.error) == 30000);
    recorder_clear(&r);
    CHECK(sim_stat("graphql") == 2);
    offerkit_client_free(client);
}

void test_deadline_waits_for_a_retry_after_inside_it(void) {
    OfferkitClient *client = client_with_deadline(20000);
    sim_fault("{\"kind\":\"status\",\"status\":503,\"retry_after_secs\":1}");
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    long started = now_ms();
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_OK, error);
    CHECK(now_ms() - started >= 900); /* the service's second, waited for */
    CHECK(offerkit_offer_list_count(list) > 0);
    offerkit_offer_list_free(list);
    CHECK(sim_stat("graphql") == 2);
    offerkit_client_free(client);
}

void test_deadline_bounds_a_slow_answer(void) {
    /* The per-attempt timeout (60 s in tests) is not what ends it: the deadline is. */
    OfferkitClient *client = client_with_deadline(1500);
    sim_fault("{\"kind\":\"latency\",\"ms\":30000}");
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    long started = now_ms();
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_TIMEOUT,
                 error);
    long took = now_ms() - started;
    CHECK(took >= 1400 && took < 10000);
    CHECK(contains(offerkit_error_message(error), "deadline"));
    offerkit_error_free(error);
    offerkit_client_free(client);
}

static void never_answers(void *user_data, const OfferkitClient *client, OfferkitTokenReason reason) {
    (void)client;
    (void)reason;
    (*(int *)user_data)++;
}

void test_deadline_bounds_the_token_wait(void) {
    OfferkitConfig *config = test_config(NULL);
    int asked = 0;
    CHECK(offerkit_config_set_token_needed(config, never_answers, &asked, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_token_wait_ms(config, 60000, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_deadline_ms(config, 1000, NULL) == OFFERKIT_STATUS_OK);
    OfferkitClient *client = client_of(config);
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    long started = now_ms();
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_TIMEOUT,
                 error);
    long took = now_ms() - started;
    CHECK(took >= 900 && took < 10000);
    CHECK(asked == 1);
    offerkit_error_free(error);
    CHECK(sim_stat("requests") == 0);
    offerkit_client_free(client);
}

static OfferkitClient *client_with_max_pages(uint32_t max_pages) {
    OfferkitConfig *config = test_config_with_token();
    CHECK(offerkit_config_set_max_pages(config, max_pages, NULL) == OFFERKIT_STATUS_OK);
    return client_of(config);
}

/* Walks `pager` to its end: the pages it gave, and the status that ended it (with its error). */
static size_t walk(OfferkitPlayerOffersPager *pager, OfferkitStatus *end, OfferkitError **error) {
    size_t pages = 0;
    for (;;) {
        OfferkitPlayerOffersPage *page = NULL;
        *end = offerkit_player_offers_pager_next(pager, &page, error);
        if (*end != OFFERKIT_STATUS_OK || page == NULL || pages > 50) return pages;
        pages++;
        offerkit_player_offers_page_free(page);
    }
}

static const char *page_with_cursor(const char *cursor, char *buf, size_t size) {
    snprintf(buf, size,
             "{\"data\":{\"playerOffers\":{\"items\":[],\"next_cursor\":\"%s\"}}}", cursor);
    return buf;
}

void test_pager_ends_a_cursor_cycle_with_decode(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    char body[160];
    /* A -> B -> A: the third page names a cursor seen before. */
    sim_answer("POST", "/v1/offers", 200, page_with_cursor("A", body, sizeof body), 1);
    sim_answer("POST", "/v1/offers", 200, page_with_cursor("B", body, sizeof body), 1);
    sim_answer("POST", "/v1/offers", 200, page_with_cursor("A", body, sizeof body), 1);
    OfferkitPlayerOffersPager *pager = NULL;
    REQUIRE(offerkit_client_player_offers_pager(client, "demo", NULL, &pager, NULL) ==
            OFFERKIT_STATUS_OK);
    OfferkitStatus end;
    OfferkitError *error = NULL;
    CHECK(walk(pager, &end, &error) == 2);
    CHECK_STATUS(end, OFFERKIT_STATUS_DECODE, error);
    CHECK(offerkit_error_status(error) == OFFERKIT_STATUS_DECODE);
    CHECK(contains(offerkit_error_message(error), "cycle"));
    offerkit_error_free(error);
    CHECK(sim_stat("graphql") == 3);
    /* The walk is over: no more requests. */
    OfferkitPlayerOffersPage *page = (OfferkitPlayerOffersPage *)0x1;
    CHECK(offerkit_player_offers_pager_next(pager, &page, NULL) == OFFERKIT_STATUS_OK);
    CHECK(page == NULL);
    CHECK(sim_stat("graphql") == 3);
    offerkit_player_offers_pager_free(pager);

    /* A cursor that repeats itself at once (A -> A), asynchronously. */
    sim_reset_stats();
    sim_answer("POST", "/v1/offers", 200, page_with_cursor("A", body, sizeof body), 2);
    REQUIRE(offerkit_client_player_offers_pager(client, "demo", NULL, &pager, NULL) ==
            OFFERKIT_STATUS_OK);
    OfferkitStatus statuses[2];
    for (int i = 0; i < 2; i++) {
        Recorder r;
        recorder_init(&r);
        REQUIRE(offerkit_player_offers_pager_next_async(pager, on_page, &r, NULL, NULL) ==
                OFFERKIT_STATUS_OK);
        CHECK(recorder_wait(&r, 1, 10000) == 1);
        statuses[i] = r.status;
        recorder_clear(&r);
    }
    CHECK(statuses[0] == OFFERKIT_STATUS_OK && statuses[1] == OFFERKIT_STATUS_DECODE);
    CHECK(sim_stat("graphql") == 2);
    offerkit_player_offers_pager_free(pager);
    offerkit_client_free(client);
}

void test_pager_ends_endless_empty_pages_at_max_pages(void) {
    OfferkitClient *client = client_with_max_pages(5);
    char body[160], cursor[16];
    for (int i = 0; i < 8; i++) {
        snprintf(cursor, sizeof cursor, "fresh-%d", i);
        sim_answer("POST", "/v1/offers", 200, page_with_cursor(cursor, body, sizeof body), 1);
    }
    OfferkitPlayerOffersPager *pager = NULL;
    REQUIRE(offerkit_client_player_offers_pager(client, "demo", NULL, &pager, NULL) ==
            OFFERKIT_STATUS_OK);
    OfferkitStatus end;
    OfferkitError *error = NULL;
    CHECK(walk(pager, &end, &error) == 5);
    CHECK_STATUS(end, OFFERKIT_STATUS_DECODE, error);
    CHECK(contains(offerkit_error_message(error), "max_pages"));
    offerkit_error_free(error);
    CHECK(sim_stat("graphql") == 5); /* the sixth page was never asked for */
    offerkit_player_offers_pager_free(pager);
    offerkit_client_free(client);
}

void test_max_pages_caps_real_walks(void) {
    OfferkitClient *client = client_with_max_pages(2);
    /* The simulator's real pages: more than two of 3 items. */
    OfferkitPlayerOffersOptions *options = player_options();
    SET(offerkit_player_offers_options_set_limit(options, 3, NULL));
    OfferkitPlayerOffersPager *pager = NULL;
    REQUIRE(offerkit_client_player_offers_pager(client, "demo", options, &pager, NULL) ==
            OFFERKIT_STATUS_OK);
    OfferkitStatus end;
    OfferkitError *error = NULL;
    CHECK(walk(pager, &end, &error) == 2);
    CHECK_STATUS(end, OFFERKIT_STATUS_DECODE, error);
    offerkit_error_free(error);
    offerkit_player_offers_pager_free(pager);
    CHECK(sim_stat("graphql") == 2);
    /* Every page of the listing: 50 offers by 7 is 8 pages, more than 2. */
    OfferkitOfferList *list = (OfferkitOfferList *)0x1;
    error = NULL;
    CHECK_STATUS(offerkit_client_list_all_offers(client, list_per_page(7), &list, &error), OFFERKIT_STATUS_DECODE,
                 error);
    CHECK(list == (OfferkitOfferList *)0x1);
    CHECK(contains(offerkit_error_message(error), "max_pages"));
    offerkit_error_free(error);
    CHECK(sim_stat("listing") == 2);
    /* A cap that is high enough changes nothing. */
    offerkit_client_free(client);
    client = client_with_max_pages(8);
    list = NULL;
    CHECK(offerkit_client_list_all_offers(client, list_per_page(7), &list, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_offer_list_count(list) == 50);
    offerkit_offer_list_free(list);
    offerkit_client_free(client);
}

void test_listing_that_does_not_advance_ends_with_decode(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    sim_answer("GET", "/v1/offers", 200,
               "{\"data\":{\"offers\":[{\"id\":1}],\"pagination\":{\"current_page\":1,"
               "\"per_page\":1,\"has_more_pages\":true,\"next_page\":1}}}",
               10);
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_list_all_offers(client, list_per_page(1), &list, &error), OFFERKIT_STATUS_DECODE,
                 error);
    CHECK(contains(offerkit_error_message(error), "next_page"));
    offerkit_error_free(error);
    CHECK(sim_stat("listing") == 1);
    offerkit_client_free(client);
}
