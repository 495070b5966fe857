/* The simulator's misbehaviour modes (PUT /_sim/mess; simulator/README.md states each rule):
 * the client keeps the good items of a service that breaks its contract, reports the bad ones,
 * hands on the odd fields as sent, ends walks that do not advance, and does not wait out a
 * storm of Retry-After. Expected values come from the modes' rules and from the same requests
 * with the modes off, never from the library under test. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#define OFFERS 20

/* The ids of the first OFFERS offers of "demo" (epc.desc), with every mode off. */
static bool reference_ids(OfferkitClient *client, char ids[OFFERS][64]) {
    OfferkitOffersOptions *options = offers_options();
    SET(offerkit_offers_options_set_limit(options, OFFERS, NULL));
    SET(offerkit_offers_options_set_sort(options, "epc.desc", NULL));
    OfferkitOfferList *list = NULL;
    if (offerkit_client_offers(client, "demo", options, &list, NULL) != OFFERKIT_STATUS_OK)
        return false;
    bool complete = offerkit_offer_list_count(list) == OFFERS;
    for (size_t i = 0; complete && i < OFFERS; i++) {
        OfferkitOfferView view;
        complete = offerkit_offer_list_get(list, i, &view, NULL) == OFFERKIT_STATUS_OK && view.id;
        if (complete) snprintf(ids[i], 64, "%s", view.id);
    }
    offerkit_offer_list_free(list);
    return complete;
}

static OfferkitOfferList *offers(OfferkitClient *client, const char *selection) {
    OfferkitOffersOptions *options = offers_options();
    SET(offerkit_offers_options_set_limit(options, OFFERS, NULL));
    SET(offerkit_offers_options_set_sort(options, "epc.desc", NULL));
    SET(offerkit_offers_options_set_selection(options, selection, NULL));
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "demo", options, &list, &error), OFFERKIT_STATUS_OK,
                 error);
    offerkit_error_free(error);
    return list;
}

void test_mess_bad_fields_are_skipped_with_their_reasons(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    char ids[OFFERS][64];
    REQUIRE(reference_ids(client, ids));
    sim_mess("{\"bad_fields\":true}");
    /* Positions i % 4 == 1 break by (i / 4) % 4: 1 name null, 5 payout "lots", 9 no
     * creatives, 13 description 12, 17 name null. The default selection requires them all. */
    OfferkitOfferList *list = offers(client, NULL);
    REQUIRE(list != NULL);
    const size_t broken[] = {1, 5, 9, 13, 17};
    const char *reasons[] = {"name is null", "total_payout_usd", "creatives is missing",
                             "creatives.description", "name is null"};
    CHECK(offerkit_offer_list_count(list) == OFFERS - 5);
    REQUIRE(offerkit_offer_list_skipped_count(list) == 5);
    for (size_t i = 0; i < 5; i++) {
        OfferkitSkippedItem item;
        CHECK(offerkit_offer_list_skipped_get(list, i, &item, NULL) == OFFERKIT_STATUS_OK);
        CHECK(item.index == broken[i]);
        CHECK(item.id && strcmp(item.id, ids[broken[i]]) == 0);
        if (!contains(item.reason, reasons[i]))
            fprintf(stderr, "    skipped %zu: \"%s\" lacks \"%s\"\n", i, item.reason, reasons[i]);
        CHECK(contains(item.reason, reasons[i]));
    }
    /* The good ones, in order. */
    size_t at = 0;
    for (size_t position = 0; position < OFFERS; position++) {
        if (position % 4 == 1) continue;
        OfferkitOfferView view;
        CHECK(offerkit_offer_list_get(list, at++, &view, NULL) == OFFERKIT_STATUS_OK);
        CHECK(view.id && strcmp(view.id, ids[position]) == 0);
        CHECK(view.name && view.has_total_payout_usd && view.creative_description);
    }
    offerkit_offer_list_free(list);

    /* A replaced selection: only what it names can break, and only that is required. "id name"
     * leaves 5, 9 and 13 whole (their broken fields are not there); 1 and 17 still go. */
    list = offers(client, "id name");
    REQUIRE(list != NULL);
    CHECK(offerkit_offer_list_count(list) == OFFERS - 2);
    CHECK(offerkit_offer_list_skipped_count(list) == 2);
    OfferkitSkippedItem item;
    CHECK(offerkit_offer_list_skipped_get(list, 1, &item, NULL) == OFFERKIT_STATUS_OK);
    CHECK(item.index == 17 && strcmp(item.id, ids[17]) == 0);
    for (size_t i = 0; i < offerkit_offer_list_count(list); i++) {
        OfferkitOfferView view;
        CHECK(offerkit_offer_list_get(list, i, &view, NULL) == OFFERKIT_STATUS_OK);
        CHECK(view.id && view.name);
        CHECK(!view.has_total_payout_usd && isnan(view.total_payout_usd));
        CHECK(view.creative_name == NULL && view.creative_description == NULL);
    }
    offerkit_offer_list_free(list);
    offerkit_client_free(client);
}

void test_mess_bad_fields_in_the_listing_are_absent_not_skipped(void) {
    /* The listing's item shape is not shown by the spec: nothing is required, so the broken
     * offers stay, with the broken fields absent from their views and as sent in their JSON. */
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    sim_mess("{\"bad_fields\":true}");
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_list_offers(client, list_page(20, 1), &list, &error), OFFERKIT_STATUS_OK, error);
    offerkit_error_free(error);
    REQUIRE(list != NULL);
    CHECK(offerkit_offer_list_count(list) == 20 && offerkit_offer_list_skipped_count(list) == 0);
    OfferkitOfferView view;
    CHECK(offerkit_offer_list_get(list, 1, &view, NULL) == OFFERKIT_STATUS_OK);
    CHECK(view.id != NULL && view.name == NULL);
    CHECK(offerkit_offer_list_get(list, 5, &view, NULL) == OFFERKIT_STATUS_OK);
    CHECK(view.name != NULL && !view.has_total_payout_usd);
    char *json = NULL;
    CHECK(offerkit_offer_list_field_json(list, 5, "total_payout_usd", &json, NULL) == OFFERKIT_STATUS_OK);
    CHECK(json && strcmp(json, "\"lots\"") == 0);
    offerkit_string_free(json);
    CHECK(offerkit_offer_list_get(list, 9, &view, NULL) == OFFERKIT_STATUS_OK);
    CHECK(view.creative_name == NULL && view.creative_description == NULL);
    CHECK(offerkit_offer_list_get(list, 13, &view, NULL) == OFFERKIT_STATUS_OK);
    CHECK(view.creative_name != NULL && view.creative_description == NULL);
    json = NULL;
    CHECK(offerkit_offer_list_field_json(list, 13, "creatives.description", &json, NULL) ==
          OFFERKIT_STATUS_OK);
    CHECK(json && strcmp(json, "12") == 0);
    offerkit_string_free(json);
    offerkit_offer_list_free(list);
    offerkit_client_free(client);
}

void test_mess_bad_player_offers_and_all_bad_offers(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitPlayerOffersOptions *options = player_options();
    SET(offerkit_player_offers_options_set_limit(options, 4, NULL));
    OfferkitPlayerOffersPage *good = NULL;
    REQUIRE(offerkit_client_player_offers(client, "demo", options, &good, NULL) == OFFERKIT_STATUS_OK);
    REQUIRE(offerkit_player_offers_page_count(good) == 4);
    sim_mess("{\"bad_fields\":true}");
    OfferkitPlayerOffersPage *page = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_player_offers(client, "demo", options, &page, &error),
                 OFFERKIT_STATUS_OK, error);
    offerkit_error_free(error);
    REQUIRE(page != NULL);
    /* Item 1 is null (skipped), item 2's status is 5 (absent from the view, 5 in JSON). */
    CHECK(offerkit_player_offers_page_count(page) == 3);
    OfferkitSkippedItem item;
    CHECK(offerkit_player_offers_page_skipped_count(page) == 1);
    CHECK(offerkit_player_offers_page_skipped_get(page, 0, &item, NULL) == OFFERKIT_STATUS_OK);
    CHECK(item.index == 1 && item.id == NULL && contains(item.reason, "null"));
    OfferkitPlayerOfferView view, reference;
    CHECK(offerkit_player_offers_page_get(page, 1, &view, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_player_offers_page_get(good, 2, &reference, NULL) == OFFERKIT_STATUS_OK);
    CHECK(view.id && strcmp(view.id, reference.id) == 0 && view.status == NULL);
    char *json = NULL;
    CHECK(offerkit_player_offers_page_field_json(page, 1, "status", &json, NULL) == OFFERKIT_STATUS_OK);
    CHECK(json && strcmp(json, "5") == 0);
    offerkit_string_free(json);
    offerkit_player_offers_page_free(page);
    offerkit_player_offers_page_free(good);

    /* Every offer broken: nothing to show, and a decode error that says so, with its 200. */
    sim_mess("{\"all_bad_fields\":true}");
    OfferkitOfferList *list = (OfferkitOfferList *)0x1;
    error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_DECODE,
                 error);
    CHECK(list == (OfferkitOfferList *)0x1);
    CHECK(offerkit_error_http_status(error) == 200);
    CHECK(contains(offerkit_error_message(error), "malformed"));
    offerkit_error_free(error);
    offerkit_client_free(client);
}

void test_mess_odd_extra_fields_are_handed_on_as_sent(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    sim_mess("{\"odd_extra\":true}");
    OfferkitOffersOptions *options = offers_options();
    SET(offerkit_offers_options_set_limit(options, 3, NULL));
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "demo", options, &list, &error), OFFERKIT_STATUS_OK,
                 error);
    offerkit_error_free(error);
    REQUIRE(list != NULL);
    CHECK(offerkit_offer_list_count(list) == 3 && offerkit_offer_list_skipped_count(list) == 0);
    OfferkitOfferView view;
    CHECK(offerkit_offer_list_get(list, 2, &view, NULL) == OFFERKIT_STATUS_OK);
    CHECK(view.id && view.name && view.has_total_payout_usd); /* the typed fields are untouched */
    char *json = NULL;
    CHECK(offerkit_offer_list_item_json(list, 2, &json, NULL) == OFFERKIT_STATUS_OK);
    /* Every odd member, byte for byte as the rule writes it. */
    char deep[2100];
    memset(deep, '[', 1000);
    memset(deep + 1000, ']', 1000);
    deep[2000] = 0;
    char member[2200];
    snprintf(member, sizeof member, "\"x_deep\":%s", deep);
    CHECK(contains(json, member));
    CHECK(contains(json, "\"x_huge\":1e400"));
    CHECK(contains(json, "\"x_bigint\":123456789012345678901234567890"));
    CHECK(contains(json, "\"\":\"empty key\""));
    CHECK(contains(json, "\"a.b\":\"dotted key\""));
    CHECK(contains(json, "\"x_nul\":\"a\\u0000b\""));
    CHECK(contains(json, "\"x_unicode_\xc3\xa9\":\"\xc3\xbc\""));
    offerkit_string_free(json);
    /* By path: what JSON can read is given; what it cannot (1000 deep, 1e400) is absent. */
    struct {
        const char *path;
        const char *json; /* NULL: absent */
    } fields[] = {
        {"x_deep", NULL},
        {"x_huge", NULL},
        {"", "\"empty key\""},
        {"a.b", NULL}, /* a dotted path, not the dotted key */
        {"x_nul", "\"a\\u0000b\""},
        {"x_unicode_\xc3\xa9", "\"\xc3\xbc\""},
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        json = (char *)0x1;
        OfferkitStatus status = offerkit_offer_list_field_json(list, 2, fields[i].path, &json, NULL);
        if (fields[i].json) {
            CHECK(status == OFFERKIT_STATUS_OK);
            CHECK(json && strcmp(json, fields[i].json) == 0);
        } else {
            CHECK(status == OFFERKIT_STATUS_NOT_FOUND);
            CHECK(json == (char *)0x1);
        }
        if (json != (char *)0x1) offerkit_string_free(json);
    }
    /* An integer past 64 bits reads as the nearest double. */
    json = NULL;
    CHECK(offerkit_offer_list_field_json(list, 2, "x_bigint", &json, NULL) == OFFERKIT_STATUS_OK);
    CHECK(json && strtod(json, NULL) == 123456789012345678901234567890.0);
    offerkit_string_free(json);
    char *text = NULL;
    CHECK(offerkit_offer_list_field_text(list, 2, "x_nul", &text, NULL) == OFFERKIT_STATUS_OK);
    CHECK(text && strcmp(text, "a") == 0); /* a C string ends at the NUL */
    offerkit_string_free(text);
    offerkit_offer_list_free(list);

    /* playerOffers items carry them too. */
    OfferkitPlayerOffersOptions *po = player_options();
    SET(offerkit_player_offers_options_set_limit(po, 2, NULL));
    OfferkitPlayerOffersPage *page = NULL;
    CHECK(offerkit_client_player_offers(client, "demo", po, &page, NULL) == OFFERKIT_STATUS_OK);
    json = NULL;
    CHECK(offerkit_player_offers_page_item_json(page, 1, &json, NULL) == OFFERKIT_STATUS_OK);
    CHECK(contains(json, member) && contains(json, "\"x_huge\":1e400"));
    offerkit_string_free(json);
    OfferkitPlayerOfferView item;
    CHECK(offerkit_player_offers_page_get(page, 1, &item, NULL) == OFFERKIT_STATUS_OK);
    CHECK(item.id && item.status);
    offerkit_player_offers_page_free(page);
    offerkit_client_free(client);
}

/* Walks a pager of "demo" to its end: pages given, and the status that ended it. */
static size_t walk(OfferkitClient *client, OfferkitStatus *end, OfferkitError **error) {
    OfferkitPlayerOffersOptions *options = player_options();
    SET(offerkit_player_offers_options_set_limit(options, 3, NULL));
    OfferkitPlayerOffersPager *pager = NULL;
    *end = offerkit_client_player_offers_pager(client, "demo", options, &pager, error);
    size_t pages = 0;
    while (*end == OFFERKIT_STATUS_OK && pages < 100) {
        OfferkitPlayerOffersPage *page = NULL;
        *end = offerkit_player_offers_pager_next(pager, &page, error);
        if (*end != OFFERKIT_STATUS_OK || page == NULL) break;
        pages++;
        offerkit_player_offers_page_free(page);
    }
    offerkit_player_offers_pager_free(pager);
    return pages;
}

/* Raw GraphQL hands back `data` byte for byte: a value 1000 arrays deep and an integer no
 * double holds arrive as the service wrote them. */
void test_mess_graphql_data_is_handed_on_as_sent(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    sim_mess("{\"odd_extra\":true}");
    char *data = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_graphql(client, "{ offers(player_id: \"demo\", limit: 1) { id } }", NULL, &data,
                                         &error),
                 OFFERKIT_STATUS_OK, error);
    offerkit_error_free(error);
    REQUIRE(data != NULL);
    char member[2200];
    memset(member, 0, sizeof member);
    strcpy(member, "\"x_deep\":");
    size_t at = strlen(member);
    memset(member + at, '[', 1000);
    memset(member + at + 1000, ']', 1000);
    CHECK(contains(data, member));
    CHECK(contains(data, "\"x_bigint\":123456789012345678901234567890,"));
    CHECK(contains(data, "\"x_huge\":1e400,"));
    CHECK(strncmp(data, "{\"offers\":[{\"id\":", 17) == 0);
    offerkit_string_free(data);
    offerkit_client_free(client);
}

void test_mess_cursor_cycle_ends_the_walk(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    sim_mess("{\"cursor_cycle\":true}");
    OfferkitStatus end;
    OfferkitError *error = NULL;
    /* A, then B, then A again: the third page is refused. */
    CHECK(walk(client, &end, &error) == 2);
    CHECK_STATUS(end, OFFERKIT_STATUS_DECODE, error);
    CHECK(contains(offerkit_error_message(error), "cycle"));
    /* The page that repeated a cursor arrived with 200, and the error says so. */
    CHECK(offerkit_error_http_status(error) == 200);
    offerkit_error_free(error);
    CHECK(sim_stat("graphql") == 3);
    offerkit_client_free(client);
}

void test_mess_endless_empty_pages_end_at_max_pages(void) {
    OfferkitConfig *config = test_config_with_token();
    CHECK(offerkit_config_set_max_pages(config, 20, NULL) == OFFERKIT_STATUS_OK);
    OfferkitClient *client = client_of(config);
    sim_mess("{\"endless_empty_pages\":true}");
    OfferkitStatus end;
    OfferkitError *error = NULL;
    CHECK(walk(client, &end, &error) == 20);
    CHECK_STATUS(end, OFFERKIT_STATUS_DECODE, error);
    CHECK(contains(offerkit_error_message(error), "max_pages"));
    /* The page past the cap is never requested: no response, no status. */
    CHECK(offerkit_error_http_status(error) == 0);
    offerkit_error_free(error);
    CHECK(sim_stat("graphql") == 20);
    offerkit_client_free(client);
}

void test_mess_listing_stall_ends_with_decode(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    sim_mess("{\"listing_stall\":true}");
    OfferkitOfferList *list = (OfferkitOfferList *)0x1;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_list_all_offers(client, list_per_page(10), &list, &error), OFFERKIT_STATUS_DECODE,
                 error);
    CHECK(list == (OfferkitOfferList *)0x1);
    CHECK(contains(offerkit_error_message(error), "does not follow"));
    CHECK(offerkit_error_http_status(error) == 200);
    offerkit_error_free(error);
    CHECK(sim_stat("listing") == 1);
    offerkit_client_free(client);
}

void test_mess_retry_after_storm_fails_fast_within_the_deadline(void) {
    OfferkitConfig *config = test_config_with_token();
    CHECK(offerkit_config_set_deadline_ms(config, 10000, NULL) == OFFERKIT_STATUS_OK);
    OfferkitClient *client = client_of(config);
    sim_mess("{\"retry_after_storm\":30}");
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    long started = now_ms();
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_SERVER,
                 error);
    CHECK(now_ms() - started < 5000);
    CHECK(offerkit_error_http_status(error) == 503);
    CHECK(offerkit_error_retry_after_ms(error) == 30000);
    offerkit_error_free(error);
    CHECK(sim_stat("requests") == 1);
    /* Asynchronously too, on the poll thread of a game loop. */
    Recorder r;
    recorder_init(&r);
    started = now_ms();
    REQUIRE(offerkit_client_player_offers_async(client, "demo", NULL, on_page, &r, NULL, NULL) ==
            OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&r, 1, 20000) == 1);
    CHECK(now_ms() - started < 5000);
    CHECK(r.status == OFFERKIT_STATUS_SERVER && offerkit_error_retry_after_ms(r.error) == 30000);
    recorder_clear(&r);
    CHECK(sim_stat("requests") == 2);
    offerkit_client_free(client);
}

void test_rejected_for_a_wrong_path_prefix(void) {
    const char *prefixed = sim_prefixed_url();
    if (!prefixed) SKIP("no simulator under a path prefix (OFFERKIT_SIM_PREFIXED_URL)");
    char *body = NULL;
    REQUIRE(sim_prefixed_http("POST", "/_sim/tokens", "{}", &body) == 200);
    const char *key = "\"access_token\":\"";
    char *at = strstr(body, key);
    REQUIRE(at != NULL);
    at += strlen(key);
    *strchr(at, '"') = 0;
    /* With the prefix: served. */
    OfferkitConfig *config = NULL;
    REQUIRE(offerkit_config_new(prefixed, &config, NULL) == OFFERKIT_STATUS_OK);
    use_test_executor(config);
    offerkit_config_set_access_token(config, at, NULL);
    OfferkitClient *client = client_of(config);
    char *json = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_links(client, "demo", NULL, NULL, &json, &error), OFFERKIT_STATUS_OK,
                 error);
    CHECK(contains(json, "/api/support"));
    offerkit_string_free(json);
    offerkit_client_free(client);
    /* Without it: the gateway's 404 page, refused at once, never retried. */
    char root[256];
    snprintf(root, sizeof root, "%s", prefixed);
    char *slash = strstr(root, "://") ? strchr(strstr(root, "://") + 3, '/') : NULL;
    REQUIRE(slash != NULL);
    *slash = 0;
    config = NULL;
    REQUIRE(offerkit_config_new(root, &config, NULL) == OFFERKIT_STATUS_OK);
    use_test_executor(config);
    offerkit_config_set_access_token(config, at, NULL);
    client = client_of(config);
    json = (char *)0x1;
    error = NULL;
    long started = now_ms();
    CHECK_STATUS(offerkit_client_links(client, "demo", NULL, NULL, &json, &error),
                 OFFERKIT_STATUS_REJECTED, error);
    CHECK(now_ms() - started < 5000);
    CHECK(json == (char *)0x1);
    CHECK(offerkit_error_status(error) == OFFERKIT_STATUS_REJECTED);
    CHECK(offerkit_error_http_status(error) == 404);
    CHECK(contains(offerkit_error_message(error), "base_url"));
    offerkit_error_free(error);
    offerkit_client_free(client);
    free(body);
}
