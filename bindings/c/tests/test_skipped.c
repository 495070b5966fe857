/* Skipped items: answers with malformed items (served byte for byte by the simulator) keep
 * their good items; each bad one is reported with its position, its id when it had one and
 * why. A typed field the selection did not ask for is never a reason: it is absent instead.
 * Only an answer whose items are all bad fails, with `decode` and the response's HTTP status. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* Seven offers: 0 and 6 good (6 with its payout as a numeric string), 1-5 broken one way each. */
static const char OFFERS_BODY[] =
    "{\"data\":{\"offers\":["
    "{\"id\":\"100\",\"name\":\"Zero\",\"total_payout_usd\":1.5,"
    "\"creatives\":{\"name\":\"c0\",\"description\":\"d0\"}},"
    "{\"id\":\"101\",\"name\":null,\"total_payout_usd\":2.5,"
    "\"creatives\":{\"name\":\"c1\",\"description\":\"d1\"}},"
    "{\"id\":\"102\",\"name\":\"Two\",\"total_payout_usd\":\"lots\","
    "\"creatives\":{\"name\":\"c2\",\"description\":\"d2\"}},"
    "{\"id\":\"103\",\"name\":\"Three\",\"total_payout_usd\":3.5},"
    "{\"id\":104,\"name\":\"Four\",\"total_payout_usd\":4.5,"
    "\"creatives\":{\"name\":\"c4\",\"description\":12}},"
    "7,"
    "{\"id\":\"106\",\"name\":\"Six\",\"total_payout_usd\":\"8.25\","
    "\"creatives\":{\"name\":\"c6\",\"description\":\"d6\"},\"x_extra\":[1,{\"a\":null}]}"
    "]}}";

typedef struct {
    size_t index;
    const char *id; /* NULL: none */
    const char *reason_has[2];
} Expected;

/* Checks the skipped items of a list against `expected`. */
static void check_skipped(const OfferkitOfferList *list, const Expected *expected, size_t n) {
    CHECK(offerkit_offer_list_skipped_count(list) == n);
    for (size_t i = 0; i < n && i < offerkit_offer_list_skipped_count(list); i++) {
        OfferkitSkippedItem item;
        memset(&item, 0, sizeof item);
        OfferkitError *error = NULL;
        CHECK_STATUS(offerkit_offer_list_skipped_get(list, i, &item, &error), OFFERKIT_STATUS_OK, error);
        offerkit_error_free(error);
        CHECK(item.index == expected[i].index);
        if (expected[i].id)
            CHECK(item.id && strcmp(item.id, expected[i].id) == 0);
        else
            CHECK(item.id == NULL);
        for (int r = 0; r < 2 && expected[i].reason_has[r]; r++) {
            if (!contains(item.reason, expected[i].reason_has[r]))
                fprintf(stderr, "    skipped %zu: reason \"%s\" lacks \"%s\"\n", i,
                        item.reason ? item.reason : "(null)", expected[i].reason_has[r]);
            CHECK(contains(item.reason, expected[i].reason_has[r]));
        }
    }
    OfferkitSkippedItem past;
    CHECK(offerkit_offer_list_skipped_get(list, n, &past, NULL) == OFFERKIT_STATUS_OUT_OF_RANGE);
}

static OfferkitOfferList *offers_answer(OfferkitClient *client, const char *selection) {
    sim_answer("POST", "/v1/offers", 200, OFFERS_BODY, 1);
    OfferkitOffersOptions *options = offers_options();
    SET(offerkit_offers_options_set_selection(options, selection, NULL));
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "demo", options, &list, &error), OFFERKIT_STATUS_OK,
                 error);
    offerkit_error_free(error);
    return list;
}

void test_skipped_offers_are_reported_with_index_id_and_reason(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitOfferList *list = offers_answer(client, NULL);
    REQUIRE(list != NULL);
    REQUIRE(offerkit_offer_list_count(list) == 2);
    OfferkitOfferView view;
    CHECK(offerkit_offer_list_get(list, 0, &view, NULL) == OFFERKIT_STATUS_OK);
    CHECK(strcmp(view.id, "100") == 0 && strcmp(view.name, "Zero") == 0);
    CHECK(view.has_total_payout_usd && view.total_payout_usd == 1.5);
    CHECK(strcmp(view.creative_name, "c0") == 0 && strcmp(view.creative_description, "d0") == 0);
    CHECK(offerkit_offer_list_get(list, 1, &view, NULL) == OFFERKIT_STATUS_OK);
    CHECK(strcmp(view.id, "106") == 0 && view.has_total_payout_usd && view.total_payout_usd == 8.25);
    char *json = NULL;
    CHECK(offerkit_offer_list_field_json(list, 1, "x_extra", &json, NULL) == OFFERKIT_STATUS_OK);
    CHECK(json && strcmp(json, "[1,{\"a\":null}]") == 0);
    offerkit_string_free(json);
    const Expected expected[] = {
        {1, "101", {"name is null", NULL}},
        {2, "102", {"total_payout_usd", "\"lots\""}},
        {3, "103", {"creatives is missing", NULL}},
        {4, "104", {"creatives.description", "12"}},
        {5, NULL, {"not an object", NULL}},
    };
    check_skipped(list, expected, 5);
    offerkit_offer_list_free(list);

    /* The same through the asynchronous call. */
    sim_answer("POST", "/v1/offers", 200, OFFERS_BODY, 1);
    Recorder r;
    recorder_init(&r);
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, NULL, NULL) ==
            OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&r, 1, 10000) == 1);
    CHECK_STATUS(r.status, OFFERKIT_STATUS_OK, r.error);
    CHECK(offerkit_offer_list_count(r.result) == 2);
    check_skipped(r.result, expected, 5);
    recorder_clear(&r);
    offerkit_client_free(client);
}

void test_fields_a_selection_left_out_are_absent_not_reasons(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    /* Only id and name are required now: items 2, 3 and 4 are kept with what they have. */
    OfferkitOfferList *list = offers_answer(client, "id name");
    REQUIRE(list != NULL);
    REQUIRE(offerkit_offer_list_count(list) == 5);
    const char *ids[] = {"100", "102", "103", "104", "106"};
    for (size_t i = 0; i < 5; i++) {
        OfferkitOfferView view;
        CHECK(offerkit_offer_list_get(list, i, &view, NULL) == OFFERKIT_STATUS_OK);
        CHECK(view.id && strcmp(view.id, ids[i]) == 0);
        CHECK(view.name != NULL);
    }
    OfferkitOfferView two, three, four;
    CHECK(offerkit_offer_list_get(list, 1, &two, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_offer_list_get(list, 2, &three, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_offer_list_get(list, 3, &four, NULL) == OFFERKIT_STATUS_OK);
    /* "lots" is no payout: absent in the view, kept as sent in the JSON. */
    CHECK(!two.has_total_payout_usd && isnan(two.total_payout_usd));
    CHECK(strcmp(two.creative_name, "c2") == 0);
    char *json = NULL;
    CHECK(offerkit_offer_list_field_json(list, 1, "total_payout_usd", &json, NULL) == OFFERKIT_STATUS_OK);
    CHECK(json && strcmp(json, "\"lots\"") == 0);
    offerkit_string_free(json);
    /* No creatives at all. */
    CHECK(three.creative_name == NULL && three.creative_description == NULL);
    CHECK(three.has_total_payout_usd && three.total_payout_usd == 3.5);
    /* A description that is a number: absent as text, 12 as JSON. */
    CHECK(strcmp(four.creative_name, "c4") == 0 && four.creative_description == NULL);
    json = NULL;
    CHECK(offerkit_offer_list_field_json(list, 3, "creatives.description", &json, NULL) ==
          OFFERKIT_STATUS_OK);
    CHECK(json && strcmp(json, "12") == 0);
    offerkit_string_free(json);
    CHECK(offerkit_offer_list_item_json(list, 3, &json, NULL) == OFFERKIT_STATUS_OK);
    CHECK(contains(json, "\"description\":12") && contains(json, "\"id\":\"104\""));
    offerkit_string_free(json);
    const Expected expected[] = {
        {1, "101", {"name is null", NULL}},
        {5, NULL, {"not an object", NULL}},
    };
    check_skipped(list, expected, 2);
    offerkit_offer_list_free(list);
    offerkit_client_free(client);
}

void test_an_answer_of_only_bad_items_is_a_decode_error(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    sim_answer("POST", "/v1/offers", 200,
               "{\"data\":{\"offers\":[null,{\"id\":\"1\",\"name\":null,\"total_payout_usd\":1,"
               "\"creatives\":{\"name\":\"n\",\"description\":\"d\"}},\"x\"]}}",
               1);
    OfferkitOfferList *list = (OfferkitOfferList *)0x1;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_DECODE,
                 error);
    CHECK(list == (OfferkitOfferList *)0x1);
    CHECK(offerkit_error_http_status(error) == 200);
    CHECK(contains(offerkit_error_message(error), "3"));
    CHECK(contains(offerkit_error_message(error), "name is null"));
    offerkit_error_free(error);
    /* An empty list is no error: nothing was skipped. */
    sim_answer("POST", "/v1/offers", 200, "{\"data\":{\"offers\":[]}}", 1);
    list = NULL;
    CHECK(offerkit_client_offers(client, "demo", NULL, &list, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_offer_list_count(list) == 0 && offerkit_offer_list_skipped_count(list) == 0);
    offerkit_offer_list_free(list);
    offerkit_client_free(client);
}

void test_skipped_player_offers_and_listing_items(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_POLL);
    sim_answer("POST", "/v1/offers", 200,
               "{\"data\":{\"playerOffers\":{\"items\":["
               "{\"id\":\"a\",\"name\":\"A\",\"status\":\"completed\"},null,"
               "{\"id\":\"c\",\"status\":5},[\"d\"]],\"next_cursor\":\"n1\"}}}",
               1);
    Recorder r;
    recorder_init(&r);
    REQUIRE(offerkit_client_player_offers_async(client, "demo", NULL, on_page, &r, NULL, NULL) ==
            OFFERKIT_STATUS_OK);
    CHECK(recorder_poll(&r, client, 1, 10000) == 1);
    CHECK_STATUS(r.status, OFFERKIT_STATUS_OK, r.error);
    OfferkitPlayerOffersPage *page = r.result;
    REQUIRE(page != NULL);
    CHECK(offerkit_player_offers_page_count(page) == 2);
    CHECK(strcmp(offerkit_player_offers_page_next_cursor(page), "n1") == 0);
    OfferkitPlayerOfferView view;
    CHECK(offerkit_player_offers_page_get(page, 1, &view, NULL) == OFFERKIT_STATUS_OK);
    CHECK(strcmp(view.id, "c") == 0 && view.name == NULL && view.status == NULL);
    char *json = NULL;
    CHECK(offerkit_player_offers_page_field_json(page, 1, "status", &json, NULL) == OFFERKIT_STATUS_OK);
    CHECK(json && strcmp(json, "5") == 0);
    offerkit_string_free(json);
    CHECK(offerkit_player_offers_page_skipped_count(page) == 2);
    OfferkitSkippedItem item;
    CHECK(offerkit_player_offers_page_skipped_get(page, 0, &item, NULL) == OFFERKIT_STATUS_OK);
    CHECK(item.index == 1 && item.id == NULL && contains(item.reason, "null"));
    CHECK(offerkit_player_offers_page_skipped_get(page, 1, &item, NULL) == OFFERKIT_STATUS_OK);
    CHECK(item.index == 3 && item.id == NULL && contains(item.reason, "array"));
    CHECK(offerkit_player_offers_page_skipped_get(page, 2, &item, NULL) == OFFERKIT_STATUS_OUT_OF_RANGE);
    recorder_clear(&r);

    /* The listing: items that are not objects are skipped, on a page and over all pages. */
    sim_answer("GET", "/v1/offers", 200,
               "{\"data\":{\"offers\":[{\"id\":1},\"junk\",{\"id\":3}],\"pagination\":"
               "{\"current_page\":1,\"per_page\":3,\"has_more_pages\":true,\"next_page\":2}}}",
               1);
    sim_answer("GET", "/v1/offers", 200,
               "{\"data\":{\"offers\":[false,{\"id\":5}],\"pagination\":"
               "{\"current_page\":2,\"per_page\":3,\"has_more_pages\":false,\"next_page\":null}}}",
               1);
    OfferkitOfferList *all = NULL;
    OfferkitError *error = NULL;
    /* Poll delivery: blocking calls still run on this thread. */
    CHECK_STATUS(offerkit_client_list_all_offers(client, list_per_page(3), &all, &error), OFFERKIT_STATUS_OK, error);
    offerkit_error_free(error);
    CHECK(offerkit_offer_list_count(all) == 3);
    const Expected expected[] = {
        {1, NULL, {"a string", "not an object"}},
        {3, NULL, {"a boolean", "not an object"}}, /* numbered across the walk */
    };
    check_skipped(all, expected, 2);
    OfferkitOfferView offer;
    CHECK(offerkit_offer_list_get(all, 2, &offer, NULL) == OFFERKIT_STATUS_OK);
    CHECK(strcmp(offer.id, "5") == 0 && offer.name == NULL); /* an integer id, as text */
    offerkit_offer_list_free(all);
    CHECK(sim_stat("listing") == 2);
    offerkit_client_free(client);
}
