/* The field entry of a failure the C interface reports itself (NULL_ARGUMENT, INVALID_UTF8,
 * OUT_OF_RANGE, NOT_FOUND): exactly one, whose path is the C function's name, whose one argument
 * is the parameter's name and whose one message is the detail the error message ends with. Core's
 * own validation names every failing argument of a query under its path. A path that names
 * nothing in an item is NOT_FOUND, in both result forms and both renderings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

static const char BAD_UTF8[] = {'p', 'l', 'a', (char)0xc3, 0}; /* a cut two-byte sequence */

/* Checks `error` holds exactly one entry (function, argument, detail), that its message is
 * "function: argument `argument` detail", and frees it. */
static void check_only_entry(OfferkitError *error, OfferkitStatus status, const char *function,
                             const char *argument, const char *detail) {
    REQUIRE(error != NULL);
    CHECK(offerkit_error_status(error) == status);
    CHECK(offerkit_error_field_count(error) == 1);
    CHECK(offerkit_error_field_argument_count(error, 0) == 1);
    CHECK(offerkit_error_field_message_count(error, 0, 0) == 1);
    const char *path = offerkit_error_field_path(error, 0);
    const char *name = offerkit_error_field_argument_name(error, 0, 0);
    const char *message = offerkit_error_field_message(error, 0, 0, 0);
    char want[512];
    snprintf(want, sizeof want, "%s: argument `%s` %s", function, argument, detail);
    const char *whole = offerkit_error_message(error);
    if (!path || strcmp(path, function) != 0 || !name || strcmp(name, argument) != 0 || !message ||
        strcmp(message, detail) != 0 || strcmp(whole, want) != 0)
        fprintf(stderr, "    got (%s, %s, %s) \"%s\", want (%s, %s, %s) \"%s\"\n", path, name,
                message, whole, function, argument, detail, want);
    CHECK(path && strcmp(path, function) == 0);
    CHECK(name && strcmp(name, argument) == 0);
    CHECK(message && strcmp(message, detail) == 0);
    CHECK(strcmp(whole, want) == 0);
    offerkit_error_free(error);
}

void test_misuse_errors_name_function_and_argument(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    const char *is_null = "is NULL";
    const char *bad_utf8 = "is not valid UTF-8 (byte 3)";

    CHECK(offerkit_client_offers(client, NULL, NULL, &list, &error) == OFFERKIT_STATUS_NULL_ARGUMENT);
    check_only_entry(error, OFFERKIT_STATUS_NULL_ARGUMENT, "offerkit_client_offers", "player_id",
                     is_null);
    error = NULL;
    CHECK(offerkit_client_offers(client, BAD_UTF8, NULL, &list, &error) == OFFERKIT_STATUS_INVALID_UTF8);
    check_only_entry(error, OFFERKIT_STATUS_INVALID_UTF8, "offerkit_client_offers", "player_id",
                     bad_utf8);
    error = NULL;
    CHECK(offerkit_client_offers(NULL, "p", NULL, &list, &error) == OFFERKIT_STATUS_NULL_ARGUMENT);
    check_only_entry(error, OFFERKIT_STATUS_NULL_ARGUMENT, "offerkit_client_offers", "client", is_null);
    error = NULL;
    CHECK(offerkit_client_offers(client, "p", NULL, NULL, &error) == OFFERKIT_STATUS_NULL_ARGUMENT);
    check_only_entry(error, OFFERKIT_STATUS_NULL_ARGUMENT, "offerkit_client_offers", "out_list", is_null);
    error = NULL;
    CHECK(offerkit_client_offers_async(client, "p", NULL, NULL, NULL, NULL, &error) ==
          OFFERKIT_STATUS_NULL_ARGUMENT);
    check_only_entry(error, OFFERKIT_STATUS_NULL_ARGUMENT, "offerkit_client_offers_async", "callback",
                     is_null);
    error = NULL;
    char *json = NULL;
    CHECK(offerkit_client_links(client, "p", BAD_UTF8, NULL, &json, &error) ==
          OFFERKIT_STATUS_INVALID_UTF8);
    check_only_entry(error, OFFERKIT_STATUS_INVALID_UTF8, "offerkit_client_links", "select", bad_utf8);
    error = NULL;
    CHECK(offerkit_client_graphql(client, "{ x }", BAD_UTF8, &json, &error) ==
          OFFERKIT_STATUS_INVALID_UTF8);
    check_only_entry(error, OFFERKIT_STATUS_INVALID_UTF8, "offerkit_client_graphql", "variables_json",
                     bad_utf8);
    error = NULL;
    OfferkitConfig *config = NULL;
    CHECK(offerkit_config_new(NULL, &config, &error) == OFFERKIT_STATUS_NULL_ARGUMENT);
    check_only_entry(error, OFFERKIT_STATUS_NULL_ARGUMENT, "offerkit_config_new", "base_url", is_null);
    error = NULL;
    CHECK(offerkit_client_set_access_token(client, BAD_UTF8, &error) == OFFERKIT_STATUS_INVALID_UTF8);
    check_only_entry(error, OFFERKIT_STATUS_INVALID_UTF8, "offerkit_client_set_access_token",
                     "access_token", bad_utf8);
    error = NULL;
    uint32_t flags = 0;
    CHECK(offerkit_player_id_lint(BAD_UTF8, &flags, &error) == OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(offerkit_error_field_count(error) == 1);
    CHECK(strcmp(offerkit_error_field_path(error, 0), "offerkit_player_id_lint") == 0);
    offerkit_error_free(error);
    error = NULL;

    /* OUT_OF_RANGE: an index past the end, an enum number that is none. */
    config = test_config(NULL);
    CHECK(offerkit_config_set_delivery(config, 7, &error) == OFFERKIT_STATUS_OUT_OF_RANGE);
    check_only_entry(error, OFFERKIT_STATUS_OUT_OF_RANGE, "offerkit_config_set_delivery", "delivery",
                     "is out of range: 7 is not an OfferkitDelivery");
    error = NULL;
    offerkit_config_free(config);
    REQUIRE(offerkit_client_list_offers(client, list_page(2, 1), &list, NULL) == OFFERKIT_STATUS_OK);
    OfferkitOfferView view;
    CHECK(offerkit_offer_list_get(list, 2, &view, &error) == OFFERKIT_STATUS_OUT_OF_RANGE);
    check_only_entry(error, OFFERKIT_STATUS_OUT_OF_RANGE, "offerkit_offer_list_get", "index",
                     "is out of range: 2 is not below the item count 2");
    error = NULL;
    CHECK(offerkit_offer_list_get(list, 0, NULL, &error) == OFFERKIT_STATUS_NULL_ARGUMENT);
    check_only_entry(error, OFFERKIT_STATUS_NULL_ARGUMENT, "offerkit_offer_list_get", "out_view",
                     is_null);
    error = NULL;
    offerkit_offer_list_free(list);
    offerkit_client_free(client);
}

void test_core_validation_names_every_failing_argument(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitOffersOptions *options = offers_limit(0);
    SET(offerkit_offers_options_set_language(options, "x", NULL));
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "", options, &list, &error),
                 OFFERKIT_STATUS_INVALID_ARGUMENT, error);
    /* One entry (the field "offers"), every failing argument in name order, none dropped. */
    CHECK(offerkit_error_field_count(error) == 1);
    CHECK(strcmp(offerkit_error_field_path(error, 0), "offers") == 0);
    CHECK(offerkit_error_field_argument_count(error, 0) == 3);
    const char *expected[][2] = {
        {"language", "The language field must be at least 2 characters."},
        {"limit", "The limit field must be at least 1."},
        {"player_id", "The player id field is required."},
    };
    for (size_t i = 0; i < 3; i++) {
        const char *name = offerkit_error_field_argument_name(error, 0, i);
        CHECK(name && strcmp(name, expected[i][0]) == 0);
        CHECK(offerkit_error_field_message_count(error, 0, i) == 1);
        const char *message = offerkit_error_field_message(error, 0, i, 0);
        CHECK(message && strcmp(message, expected[i][1]) == 0);
        CHECK(contains(offerkit_error_message(error), expected[i][1]));
    }
    offerkit_error_free(error);
    CHECK(sim_stat("requests") == 0);
    offerkit_client_free(client);
}

/* A field lookup by path through `lookup` (a list's or a page's _field_json or _field_text). */
typedef OfferkitStatus (*Lookup)(const void *, size_t, const char *, char **, OfferkitError **);

static void check_not_found(Lookup lookup, const void *handle, const char *function) {
    char *out = (char *)0x1;
    OfferkitError *error = NULL;
    CHECK(lookup(handle, 0, "links.nope", &out, &error) == OFFERKIT_STATUS_NOT_FOUND);
    CHECK(out == (char *)0x1); /* untouched */
    check_only_entry(error, OFFERKIT_STATUS_NOT_FOUND, function, "path",
                     "names nothing in item 0: \"links.nope\"");
    /* A path that does name something: OK and never NULL. */
    out = NULL;
    error = NULL;
    CHECK_STATUS(lookup(handle, 0, "id", &out, &error), OFFERKIT_STATUS_OK, error);
    CHECK(out != NULL);
    offerkit_string_free(out);
}

void test_absent_paths_are_not_found(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitOfferList *list = NULL;
    REQUIRE(offerkit_client_offers(client, "demo", offers_limit(2), &list, NULL) == OFFERKIT_STATUS_OK);
    check_not_found((Lookup)offerkit_offer_list_field_json, list, "offerkit_offer_list_field_json");
    check_not_found((Lookup)offerkit_offer_list_field_text, list, "offerkit_offer_list_field_text");
    OfferkitPlayerOffersPage *page = NULL;
    REQUIRE(offerkit_client_player_offers(client, "demo", player_limit(2), &page, NULL) ==
            OFFERKIT_STATUS_OK);
    check_not_found((Lookup)offerkit_player_offers_page_field_json, page,
                    "offerkit_player_offers_page_field_json");
    check_not_found((Lookup)offerkit_player_offers_page_field_text, page,
                    "offerkit_player_offers_page_field_text");

    /* A NULL out-pointer is named after the function's own parameter. */
    OfferkitError *error = NULL;
    CHECK(offerkit_offer_list_field_text(list, 0, "id", NULL, &error) == OFFERKIT_STATUS_NULL_ARGUMENT);
    check_only_entry(error, OFFERKIT_STATUS_NULL_ARGUMENT, "offerkit_offer_list_field_text", "out_text",
                     "is NULL");
    error = NULL;
    CHECK(offerkit_player_offers_page_field_text(page, 0, "id", NULL, &error) ==
          OFFERKIT_STATUS_NULL_ARGUMENT);
    check_only_entry(error, OFFERKIT_STATUS_NULL_ARGUMENT, "offerkit_player_offers_page_field_text",
                     "out_text", "is NULL");
    error = NULL;
    CHECK(offerkit_offer_list_field_json(list, 0, "id", NULL, &error) == OFFERKIT_STATUS_NULL_ARGUMENT);
    check_only_entry(error, OFFERKIT_STATUS_NULL_ARGUMENT, "offerkit_offer_list_field_json", "out_json",
                     "is NULL");
    error = NULL;
    /* Bad UTF-8 in the path. */
    char *out = NULL;
    CHECK(offerkit_player_offers_page_field_json(page, 0, BAD_UTF8, &out, &error) ==
          OFFERKIT_STATUS_INVALID_UTF8);
    check_only_entry(error, OFFERKIT_STATUS_INVALID_UTF8, "offerkit_player_offers_page_field_json",
                     "path", "is not valid UTF-8 (byte 3)");
    offerkit_offer_list_free(list);
    offerkit_player_offers_page_free(page);
    offerkit_client_free(client);
}
