/* Selections: `selection` replaces a default selection and `select` adds to it, for offers,
 * playerOffers (whose selection names the list of items) and links; the typed fields a
 * selection leaves out are absent in the views (NULL strings, NaN payout with
 * has_total_payout_usd false) and in the item JSON. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#define MAX_IDS 16

/* The ids of `list` (copied) into ids; returns the count. */
static size_t offer_ids(const OfferkitOfferList *list, char ids[][64]) {
    size_t count = offerkit_offer_list_count(list);
    for (size_t i = 0; i < count && i < MAX_IDS; i++) {
        OfferkitOfferView view;
        ids[i][0] = 0;
        if (offerkit_offer_list_get(list, i, &view, NULL) == OFFERKIT_STATUS_OK && view.id)
            snprintf(ids[i], 64, "%s", view.id);
    }
    return count;
}

static OfferkitOfferList *offers_with(OfferkitClient *client, const char *selection,
                                      const char *select) {
    OfferkitOffersOptions *options = offers_options();
    SET(offerkit_offers_options_set_limit(options, 4, NULL));
    SET(offerkit_offers_options_set_sort(options, "epc.desc", NULL));
    SET(offerkit_offers_options_set_selection(options, selection, NULL));
    SET(offerkit_offers_options_set_select(options, select, NULL));
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "demo", options, &list, &error), OFFERKIT_STATUS_OK,
                 error);
    offerkit_error_free(error);
    return list;
}

void test_offers_selection_replaces_the_default(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitOfferList *full = offers_with(client, NULL, NULL);
    OfferkitOfferList *ids_only = offers_with(client, "id", NULL);
    REQUIRE(full && ids_only);
    char full_ids[MAX_IDS][64], only_ids[MAX_IDS][64];
    size_t count = offer_ids(full, full_ids);
    REQUIRE(count == 4);
    CHECK(offer_ids(ids_only, only_ids) == count);
    for (size_t i = 0; i < count; i++) {
        /* The same offers, in the same order, ... */
        CHECK(only_ids[i][0] != 0 && strcmp(only_ids[i], full_ids[i]) == 0);
        /* ... with nothing but the id. */
        OfferkitOfferView view;
        memset(&view, 0xAB, sizeof view);
        CHECK(offerkit_offer_list_get(ids_only, i, &view, NULL) == OFFERKIT_STATUS_OK);
        CHECK(view.id != NULL);
        CHECK(view.name == NULL && view.creative_name == NULL && view.creative_description == NULL);
        CHECK(!view.has_total_payout_usd && isnan(view.total_payout_usd));
        char *json = NULL;
        CHECK(offerkit_offer_list_item_json(ids_only, i, &json, NULL) == OFFERKIT_STATUS_OK);
        char expected[96];
        snprintf(expected, sizeof expected, "{\"id\":\"%s\"}", full_ids[i]);
        CHECK(json && strcmp(json, expected) == 0);
        offerkit_string_free(json);
        json = (char *)0x1;
        CHECK(offerkit_offer_list_field_json(ids_only, i, "name", &json, NULL) ==
              OFFERKIT_STATUS_NOT_FOUND);
        CHECK(json == (char *)0x1); /* absent: NOT_FOUND, untouched */
    }
    CHECK(offerkit_offer_list_skipped_count(ids_only) == 0);
    offerkit_offer_list_free(ids_only);

    /* A selection with select added: the payout alone, plus a click URL. */
    OfferkitOfferList *payouts = offers_with(client, "total_payout_usd", "links { click_url }");
    REQUIRE(payouts != NULL);
    CHECK(offerkit_offer_list_count(payouts) == count);
    for (size_t i = 0; i < count && i < offerkit_offer_list_count(payouts); i++) {
        OfferkitOfferView view, reference;
        CHECK(offerkit_offer_list_get(payouts, i, &view, NULL) == OFFERKIT_STATUS_OK);
        CHECK(offerkit_offer_list_get(full, i, &reference, NULL) == OFFERKIT_STATUS_OK);
        CHECK(view.id == NULL && view.name == NULL && view.creative_name == NULL);
        CHECK(view.has_total_payout_usd && view.total_payout_usd == reference.total_payout_usd);
        char *url = NULL;
        CHECK(offerkit_offer_list_field_text(payouts, i, "links.click_url", &url, NULL) ==
              OFFERKIT_STATUS_OK);
        CHECK(contains(url, "/click/") && contains(url, full_ids[i]));
        offerkit_string_free(url);
    }
    offerkit_offer_list_free(payouts);

    /* Half of the creatives. */
    OfferkitOfferList *half = offers_with(client, "id creatives { name }", NULL);
    REQUIRE(half != NULL);
    OfferkitOfferView view, reference;
    CHECK(offerkit_offer_list_get(half, 0, &view, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_offer_list_get(full, 0, &reference, NULL) == OFFERKIT_STATUS_OK);
    CHECK(view.creative_name && reference.creative_name &&
          strcmp(view.creative_name, reference.creative_name) == 0);
    CHECK(view.creative_description == NULL && view.name == NULL);
    offerkit_offer_list_free(half);
    offerkit_offer_list_free(full);
    CHECK(sim_stat("graphql") == 4);
    offerkit_client_free(client);
}

/* The items of playerOffers for "demo" with `options` (blocking); NULL on failure. */
static OfferkitPlayerOffersPage *player_page(OfferkitClient *client,
                                             const OfferkitPlayerOffersOptions *options) {
    OfferkitPlayerOffersPage *page = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_player_offers(client, "demo", options, &page, &error),
                 OFFERKIT_STATUS_OK, error);
    offerkit_error_free(error);
    return page;
}

void test_player_offers_selection_names_the_list(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitPlayerOffersOptions *options = player_options();
    SET(offerkit_player_offers_options_set_limit(options, 3, NULL));
    OfferkitPlayerOffersPage *full = player_page(client, options);
    SET(offerkit_player_offers_options_set_selection(options, "offers: items { id } next_cursor", NULL));
    OfferkitPlayerOffersPage *ids = player_page(client, options);
    REQUIRE(full && ids);
    REQUIRE(offerkit_player_offers_page_count(full) == 3);
    CHECK(offerkit_player_offers_page_count(ids) == 3);
    for (size_t i = 0; i < 3 && i < offerkit_player_offers_page_count(ids); i++) {
        OfferkitPlayerOfferView view, reference;
        CHECK(offerkit_player_offers_page_get(ids, i, &view, NULL) == OFFERKIT_STATUS_OK);
        CHECK(offerkit_player_offers_page_get(full, i, &reference, NULL) == OFFERKIT_STATUS_OK);
        CHECK(view.id && reference.id && strcmp(view.id, reference.id) == 0);
        CHECK(view.name == NULL && view.status == NULL);
        char *json = NULL;
        CHECK(offerkit_player_offers_page_item_json(ids, i, &json, NULL) == OFFERKIT_STATUS_OK);
        char expected[96];
        snprintf(expected, sizeof expected, "{\"id\":\"%s\"}", reference.id);
        CHECK(json && strcmp(json, expected) == 0);
        offerkit_string_free(json);
    }
    /* The aliased list still pages: the same cursor as the default selection's. */
    const char *cursor = offerkit_player_offers_page_next_cursor(ids);
    const char *reference_cursor = offerkit_player_offers_page_next_cursor(full);
    CHECK(cursor && reference_cursor && strcmp(cursor, reference_cursor) == 0);
    CHECK(offerkit_player_offers_page_skipped_count(ids) == 0);
    offerkit_player_offers_page_free(ids);
    offerkit_player_offers_page_free(full);

    /* Leaving next_cursor out leaves no next page. */
    SET(offerkit_player_offers_options_set_selection(options, "items { id name }", NULL));
    OfferkitPlayerOffersPage *last = player_page(client, options);
    REQUIRE(last != NULL);
    CHECK(offerkit_player_offers_page_count(last) == 3);
    CHECK(offerkit_player_offers_page_next_cursor(last) == NULL);
    OfferkitPlayerOfferView view;
    CHECK(offerkit_player_offers_page_get(last, 0, &view, NULL) == OFFERKIT_STATUS_OK);
    CHECK(view.name != NULL && view.status == NULL);
    offerkit_player_offers_page_free(last);
    CHECK(sim_stat("graphql") == 3);
    offerkit_client_free(client);
}

void test_pager_walks_a_replaced_selection(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitPlayerOffersOptions *all = player_options();
    SET(offerkit_player_offers_options_set_limit(all, 100, NULL));
    OfferkitPlayerOffersPage *everything = player_page(client, all);
    REQUIRE(everything != NULL);
    size_t total = offerkit_player_offers_page_count(everything);
    REQUIRE(total > 5);
    OfferkitPlayerOffersOptions *options = player_options();
    SET(offerkit_player_offers_options_set_limit(options, 5, NULL));
    SET(offerkit_player_offers_options_set_selection(options, "mine: items { id } next_cursor", NULL));
    OfferkitPlayerOffersPager *pager = NULL;
    REQUIRE(offerkit_client_player_offers_pager(client, "demo", options, &pager, NULL) ==
            OFFERKIT_STATUS_OK);
    size_t seen = 0;
    for (int pages = 0; pages < 100; pages++) {
        OfferkitPlayerOffersPage *page = NULL;
        OfferkitError *error = NULL;
        OfferkitStatus status = offerkit_player_offers_pager_next(pager, &page, &error);
        CHECK_STATUS(status, OFFERKIT_STATUS_OK, error);
        offerkit_error_free(error);
        if (status != OFFERKIT_STATUS_OK || page == NULL) break;
        for (size_t i = 0; i < offerkit_player_offers_page_count(page); i++) {
            OfferkitPlayerOfferView view, reference;
            CHECK(offerkit_player_offers_page_get(page, i, &view, NULL) == OFFERKIT_STATUS_OK);
            CHECK(offerkit_player_offers_page_get(everything, seen, &reference, NULL) ==
                  OFFERKIT_STATUS_OK);
            CHECK(view.id && reference.id && strcmp(view.id, reference.id) == 0);
            CHECK(view.status == NULL);
            seen++;
        }
        offerkit_player_offers_page_free(page);
    }
    CHECK(seen == total);
    offerkit_player_offers_pager_free(pager);
    offerkit_player_offers_page_free(everything);
    offerkit_client_free(client);
}
