/* Every query of core, blocking and asynchronous, with typed results and extra fields. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

void test_offers_blocking_with_options_and_extra_fields(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitOffersOptions *options = offers_options();
    SET(offerkit_offers_options_set_limit(options, 5, NULL));
    SET(offerkit_offers_options_set_language(options, "de", NULL));
    SET(offerkit_offers_options_set_sort(options, "epc.desc", NULL));
    SET(offerkit_offers_options_set_select(options, "links { click_url } creatives { icon_url } goals { name }", NULL));
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "demo", options, &list, &error),
                 OFFERKIT_STATUS_OK, error);
    REQUIRE(list != NULL);
    CHECK(error == NULL);
    size_t count = offerkit_offer_list_count(list);
    CHECK(count > 0 && count <= 5);
    for (size_t i = 0; i < count; i++) {
        OfferkitOfferView view;
        CHECK(offerkit_offer_list_get(list, i, &view, NULL) == OFFERKIT_STATUS_OK);
        CHECK(view.id && view.id[0] != 0);
        CHECK(view.name && view.name[0] != 0);
        CHECK(view.creative_name && view.creative_description);
        CHECK(view.has_total_payout_usd && view.total_payout_usd > 0);
    }
    char *text = NULL;
    CHECK(offerkit_offer_list_field_text(list, 0, "links.click_url", &text, NULL) == OFFERKIT_STATUS_OK);
    CHECK(text && strncmp(text, "http", 4) == 0);
    CHECK(contains(text, "player_id=demo"));
    offerkit_string_free(text);
    char *json = NULL;
    CHECK(offerkit_offer_list_field_json(list, 0, "creatives.icon_url", &json, NULL) == OFFERKIT_STATUS_OK);
    CHECK(json && json[0] == '"');
    offerkit_string_free(json);
    json = NULL;
    CHECK(offerkit_offer_list_field_json(list, 0, "goals.0.name", &json, NULL) == OFFERKIT_STATUS_OK);
    CHECK(json != NULL);
    offerkit_string_free(json);
    json = (char *)0x1;
    CHECK(offerkit_offer_list_field_json(list, 0, "links.nope", &json, NULL) ==
          OFFERKIT_STATUS_NOT_FOUND);
    CHECK(json == (char *)0x1); /* absent: NOT_FOUND, untouched (test_not_found.c) */
    CHECK(offerkit_offer_list_field_text(list, 0, "total_payout_usd", &text, NULL) == OFFERKIT_STATUS_OK);
    CHECK(text && atof(text) > 0);
    offerkit_string_free(text);
    CHECK(offerkit_offer_list_item_json(list, 0, &json, NULL) == OFFERKIT_STATUS_OK);
    CHECK(contains(json, "\"id\"") && contains(json, "\"links\"") && contains(json, "\"creatives\""));
    offerkit_string_free(json);
    OfferkitPagination pagination;
    CHECK(!offerkit_offer_list_pagination(list, &pagination));
    offerkit_offer_list_free(list);
    CHECK(sim_stat("graphql") == 1);
    offerkit_client_free(client);
}

void test_offers_async_on_a_library_thread(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    Recorder r;
    recorder_init(&r);
    OfferkitRequest *request = NULL;
    CHECK(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, &request, NULL) ==
          OFFERKIT_STATUS_OK);
    CHECK(request != NULL);
    CHECK(recorder_wait(&r, 1, 10000) == 1);
    CHECK_STATUS(r.status, OFFERKIT_STATUS_OK, r.error);
    CHECK(r.result != NULL && r.error == NULL);
    CHECK(offerkit_offer_list_count(r.result) > 0);
    CHECK(!pthread_equal(r.thread, pthread_self()));
    sleep_ms(50);
    CHECK(r.calls == 1);
    recorder_clear(&r);
    offerkit_request_free(request);
    offerkit_client_free(client);
}

void test_links_blocking_and_async(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    char *json = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_links(client, "demo", NULL, NULL, &json, &error), OFFERKIT_STATUS_OK,
                 error);
    CHECK(contains(json, "\"support_portal\""));
    CHECK(!contains(json, "offerwall"));
    offerkit_string_free(json);
    /* select adds to the default support_portal ... */
    json = NULL;
    CHECK(offerkit_client_links(client, "demo", "offerwall", NULL, &json, NULL) == OFFERKIT_STATUS_OK);
    CHECK(contains(json, "\"offerwall\"") && contains(json, "\"support_portal\""));
    offerkit_string_free(json);
    /* ... selection replaces it ... */
    json = NULL;
    CHECK(offerkit_client_links(client, "demo", NULL, "offerwall", &json, NULL) == OFFERKIT_STATUS_OK);
    CHECK(contains(json, "\"offerwall\"") && !contains(json, "support_portal"));
    offerkit_string_free(json);
    /* ... and select adds to a replaced selection too. */
    json = NULL;
    CHECK(offerkit_client_links(client, "demo", "support_portal", "offerwall", &json, NULL) ==
          OFFERKIT_STATUS_OK);
    CHECK(contains(json, "\"offerwall\"") && contains(json, "\"support_portal\""));
    offerkit_string_free(json);

    Recorder r;
    recorder_init(&r);
    CHECK(offerkit_client_links_async(client, "demo", NULL, "offerwall", on_json, &r, NULL, NULL) ==
          OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&r, 1, 10000) == 1);
    CHECK(r.status == OFFERKIT_STATUS_OK);
    CHECK(contains(r.result, "\"offerwall\"") && !contains(r.result, "support_portal"));
    recorder_clear(&r);
    recorder_init(&r);
    CHECK(offerkit_client_links_async(client, "demo", "offerwall", NULL, on_json, &r, NULL, NULL) ==
          OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&r, 1, 10000) == 1);
    CHECK(contains(r.result, "\"offerwall\"") && contains(r.result, "\"support_portal\""));
    recorder_clear(&r);
    CHECK(sim_stat("graphql") == 6);
    offerkit_client_free(client);
}

void test_player_offers_blocking_and_async(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitPlayerOffersOptions *options = player_options();
    SET(offerkit_player_offers_options_set_limit(options, 2, NULL));
    SET(offerkit_player_offers_options_set_language(options, "en", NULL));
    SET(offerkit_player_offers_options_set_select(options, "creatives { icon_url }", NULL));
    OfferkitPlayerOffersPage *page = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_player_offers(client, "demo", options, &page, &error),
                 OFFERKIT_STATUS_OK, error);
    REQUIRE(page != NULL);
    CHECK(offerkit_player_offers_page_count(page) == 2);
    OfferkitPlayerOfferView view;
    CHECK(offerkit_player_offers_page_get(page, 1, &view, NULL) == OFFERKIT_STATUS_OK);
    CHECK(view.id && view.name);
    CHECK(strcmp(view.status, "in_progress") == 0 || strcmp(view.status, "completed") == 0);
    CHECK(offerkit_player_offers_page_get(page, 2, &view, NULL) == OFFERKIT_STATUS_OUT_OF_RANGE);
    const char *cursor = offerkit_player_offers_page_next_cursor(page);
    CHECK(cursor != NULL);
    char *text = NULL;
    CHECK(offerkit_player_offers_page_field_text(page, 0, "creatives.icon_url", &text, NULL) ==
          OFFERKIT_STATUS_OK);
    CHECK(text && strncmp(text, "http", 4) == 0);
    offerkit_string_free(text);
    char *json = NULL;
    CHECK(offerkit_player_offers_page_field_json(page, 0, "payout_earned_usd", &json, NULL) ==
          OFFERKIT_STATUS_OK);
    CHECK(json != NULL);
    offerkit_string_free(json);
    CHECK(offerkit_player_offers_page_item_json(page, 0, &json, NULL) == OFFERKIT_STATUS_OK);
    CHECK(contains(json, "\"status\""));
    offerkit_string_free(json);

    /* The next page, asynchronously, from the cursor. */
    Recorder r;
    recorder_init(&r);
    OfferkitPlayerOffersOptions *next = player_options();
    SET(offerkit_player_offers_options_set_limit(next, 2, NULL));
    SET(offerkit_player_offers_options_set_after(next, cursor, NULL));
    CHECK(offerkit_client_player_offers_async(client, "demo", next, on_page, &r, NULL, NULL) ==
          OFFERKIT_STATUS_OK);
    offerkit_player_offers_page_free(page); /* the cursor was copied by the call */
    CHECK(recorder_wait(&r, 1, 10000) == 1);
    CHECK_STATUS(r.status, OFFERKIT_STATUS_OK, r.error);
    CHECK(offerkit_player_offers_page_count(r.result) > 0);
    recorder_clear(&r);
    offerkit_client_free(client);
}

/* Every item of "demo" in one page (the simulator has fewer than 100). */
static size_t total_player_offers(OfferkitClient *client) {
    OfferkitPlayerOffersOptions *options = player_options();
    SET(offerkit_player_offers_options_set_limit(options, 100, NULL));
    OfferkitPlayerOffersPage *page = NULL;
    if (offerkit_client_player_offers(client, "demo", options, &page, NULL) != OFFERKIT_STATUS_OK)
        return 0;
    size_t count = offerkit_player_offers_page_count(page);
    CHECK(offerkit_player_offers_page_next_cursor(page) == NULL);
    offerkit_player_offers_page_free(page);
    return count;
}

void test_pager_blocking_to_the_last_page(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    size_t total = total_player_offers(client);
    REQUIRE(total > 7);
    sim_reset_stats();
    OfferkitPlayerOffersOptions *options = player_options();
    SET(offerkit_player_offers_options_set_limit(options, 7, NULL));
    OfferkitPlayerOffersPager *pager = NULL;
    REQUIRE(offerkit_client_player_offers_pager(client, "demo", options, &pager, NULL) ==
            OFFERKIT_STATUS_OK);
    CHECK(sim_stat("requests") == 0); /* nothing until next */
    size_t items = 0, pages = 0;
    for (;;) {
        OfferkitPlayerOffersPage *page = (OfferkitPlayerOffersPage *)0x1;
        OfferkitError *error = NULL;
        OfferkitStatus status = offerkit_player_offers_pager_next(pager, &page, &error);
        CHECK_STATUS(status, OFFERKIT_STATUS_OK, error);
        if (status != OFFERKIT_STATUS_OK) {
            offerkit_error_free(error);
            break;
        }
        if (page == NULL) break;
        pages++;
        items += offerkit_player_offers_page_count(page);
        CHECK(offerkit_player_offers_page_count(page) <= 7);
        offerkit_player_offers_page_free(page);
        if (pages > 100) break;
    }
    CHECK(items == total);
    CHECK(pages == (total + 6) / 7);
    CHECK(sim_stat("graphql") == (long)pages);
    OfferkitPlayerOffersPage *after = (OfferkitPlayerOffersPage *)0x1;
    CHECK(offerkit_player_offers_pager_next(pager, &after, NULL) == OFFERKIT_STATUS_OK);
    CHECK(after == NULL); /* stays finished, without a request */
    CHECK(sim_stat("graphql") == (long)pages);
    offerkit_player_offers_pager_free(pager);
    offerkit_client_free(client);
}

void test_pager_async_to_the_last_page(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_POLL);
    size_t total = total_player_offers(client);
    OfferkitPlayerOffersOptions *options = player_options();
    SET(offerkit_player_offers_options_set_limit(options, 9, NULL));
    OfferkitPlayerOffersPager *pager = NULL;
    REQUIRE(offerkit_client_player_offers_pager(client, "demo", options, &pager, NULL) ==
            OFFERKIT_STATUS_OK);
    size_t items = 0;
    for (int round = 0; round < 100; round++) {
        Recorder r;
        recorder_init(&r);
        REQUIRE(offerkit_player_offers_pager_next_async(pager, on_page, &r, NULL, NULL) ==
                OFFERKIT_STATUS_OK);
        CHECK(recorder_poll(&r, client, 1, 10000) == 1);
        CHECK_STATUS(r.status, OFFERKIT_STATUS_OK, r.error);
        bool done = r.result == NULL;
        items += offerkit_player_offers_page_count(r.result);
        recorder_clear(&r);
        if (done) break;
    }
    CHECK(items == total);
    offerkit_player_offers_pager_free(pager);
    offerkit_client_free(client);
}

void test_listing_page_blocking_and_async(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_list_offers(client, list_page(10, 2), &list, &error), OFFERKIT_STATUS_OK, error);
    REQUIRE(list != NULL);
    CHECK(offerkit_offer_list_count(list) == 10);
    OfferkitPagination p;
    memset(&p, 0, sizeof p);
    CHECK(offerkit_offer_list_pagination(list, &p));
    CHECK(p.current_page == 2 && p.per_page == 10 && p.has_more_pages && p.next_page == 3);
    CHECK(!offerkit_offer_list_pagination(list, NULL));
    offerkit_offer_list_free(list);

    list = NULL;
    CHECK(offerkit_client_list_offers(client, NULL, &list, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_offer_list_count(list) == 50);
    CHECK(!offerkit_offer_list_pagination(list, &p));
    offerkit_offer_list_free(list);
    CHECK(sim_stat("listing") == 2);

    Recorder r;
    recorder_init(&r);
    CHECK(offerkit_client_list_offers_async(client, list_page(20, 3), on_list, &r, NULL, NULL) == OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&r, 1, 10000) == 1);
    CHECK_STATUS(r.status, OFFERKIT_STATUS_OK, r.error);
    CHECK(offerkit_offer_list_count(r.result) == 10);
    CHECK(offerkit_offer_list_pagination(r.result, &p));
    CHECK(p.current_page == 3 && !p.has_more_pages && p.next_page == 0);
    recorder_clear(&r);
    offerkit_client_free(client);
}

void test_listing_all_pages_blocking_and_async(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_list_all_offers(client, list_per_page(7), &list, &error), OFFERKIT_STATUS_OK, error);
    CHECK(offerkit_offer_list_count(list) == 50);
    OfferkitPagination p;
    CHECK(!offerkit_offer_list_pagination(list, &p));
    offerkit_offer_list_free(list);
    CHECK(sim_stat("listing") == 8);

    Recorder r;
    recorder_init(&r);
    CHECK(offerkit_client_list_all_offers_async(client, list_per_page(25), on_list, &r, NULL, NULL) == OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&r, 1, 10000) == 1);
    CHECK(r.status == OFFERKIT_STATUS_OK);
    CHECK(offerkit_offer_list_count(r.result) == 50);
    recorder_clear(&r);
    offerkit_client_free(client);
}

void test_graphql_blocking_and_async(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    const char *document = "query($p: String!) { links(player_id: $p) { support_portal } "
                           "offers(player_id: $p, limit: 1) { id } }";
    char *data = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_graphql(client, document, "{\"p\": \"demo\"}", &data, &error),
                 OFFERKIT_STATUS_OK, error);
    CHECK(contains(data, "\"support_portal\"") && contains(data, "\"offers\""));
    CHECK(!contains(data, "\"errors\""));
    offerkit_string_free(data);

    Recorder r;
    recorder_init(&r);
    CHECK(offerkit_client_graphql_async(client, "{ links(player_id: \"demo\") { offerwall } }", NULL,
                                        on_json, &r, NULL, NULL) == OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&r, 1, 10000) == 1);
    CHECK(r.status == OFFERKIT_STATUS_OK);
    CHECK(contains(r.result, "offerwall"));
    recorder_clear(&r);
    offerkit_client_free(client);
}
