/* Version, names, player-id helpers, and every kind of invalid input: the right status, the
 * out-pointers untouched, and nothing sent to the service. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

static const char BAD_UTF8[] = {'p', (char)0xff, 'x', 0};
static OfferkitOfferList *const SENTINEL_LIST = (OfferkitOfferList *)0x1;

void test_version_and_names(void) {
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", OFFERKIT_VERSION_MAJOR, OFFERKIT_VERSION_MINOR,
             OFFERKIT_VERSION_PATCH);
    CHECK(strcmp(offerkit_version(), expected) == 0);
    CHECK(strcmp(offerkit_status_name(OFFERKIT_STATUS_OK), "ok") == 0);
    CHECK(strcmp(offerkit_status_name(OFFERKIT_STATUS_INVALID_UTF8), "invalid_utf8") == 0);
    CHECK(strcmp(offerkit_status_name(OFFERKIT_STATUS_WOULD_DEADLOCK), "would_deadlock") == 0);
    CHECK(strcmp(offerkit_status_name(99), "unknown") == 0);
    /* Every status, its number and its name: test_statuses.c. */
}

void test_player_id_helpers(void) {
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_player_id_validate("player-1", &error), OFFERKIT_STATUS_OK, error);
    CHECK(error == NULL);
    CHECK_STATUS(offerkit_player_id_validate("", &error), OFFERKIT_STATUS_INVALID_ARGUMENT, error);
    REQUIRE(error != NULL);
    CHECK(offerkit_error_status(error) == OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(offerkit_error_field_count(error) == 1);
    CHECK(strcmp(offerkit_error_field_argument_name(error, 0, 0), "player_id") == 0);
    CHECK(offerkit_error_field_message(error, 0, 0, 0) != NULL);
    offerkit_error_free(error);
    error = NULL;

    char long_id[300];
    memset(long_id, 'x', 256);
    long_id[256] = 0;
    CHECK_STATUS(offerkit_player_id_validate(long_id, &error), OFFERKIT_STATUS_INVALID_ARGUMENT,
                 error);
    CHECK(contains(offerkit_error_field_message(error, 0, 0, 0), "255"));
    offerkit_error_free(error);
    error = NULL;

    uint32_t flags = 99;
    CHECK_STATUS(offerkit_player_id_lint("Player.One", &flags, NULL), OFFERKIT_STATUS_OK, NULL);
    CHECK(flags == (OFFERKIT_PLAYER_ID_UPPERCASE | OFFERKIT_PLAYER_ID_PERIOD));
    CHECK_STATUS(offerkit_player_id_lint("ok_id-1", &flags, NULL), OFFERKIT_STATUS_OK, NULL);
    CHECK(flags == 0);
    CHECK(strcmp(offerkit_player_id_convention_name(OFFERKIT_PLAYER_ID_SPACE), "space") == 0);
    CHECK(contains(offerkit_player_id_convention_describe(OFFERKIT_PLAYER_ID_PERIOD), "period"));
    CHECK(offerkit_player_id_convention_name(3) == NULL);

    char *id = NULL;
    CHECK_STATUS(offerkit_player_id_short("", &id, NULL), OFFERKIT_STATUS_OK, NULL);
    CHECK(id && strcmp(id, "p-e3b0c44298fc1c149afbf4c8996fb924") == 0);
    offerkit_string_free(id);
    id = NULL;
    CHECK_STATUS(offerkit_player_id_short("abc", &id, NULL), OFFERKIT_STATUS_OK, NULL);
    CHECK(id && strcmp(id, "p-ba7816bf8f01cfea414140de5dae2223") == 0);
    offerkit_string_free(id);

    /* Interface misuse. */
    id = (char *)0x1;
    CHECK_STATUS(offerkit_player_id_short(BAD_UTF8, &id, &error), OFFERKIT_STATUS_INVALID_UTF8,
                 error);
    CHECK(id == (char *)0x1);
    CHECK(offerkit_error_status(error) == OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(contains(offerkit_error_message(error), "internal_id"));
    offerkit_error_free(error);
    CHECK(offerkit_player_id_short("x", NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_player_id_validate(NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_player_id_lint("x", NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_player_id_lint(BAD_UTF8, &flags, NULL) == OFFERKIT_STATUS_INVALID_UTF8);
}

void test_free_functions_accept_null(void) {
    offerkit_config_free(NULL);
    offerkit_client_free(NULL);
    offerkit_request_free(NULL);
    offerkit_offer_list_free(NULL);
    offerkit_player_offers_page_free(NULL);
    offerkit_player_offers_pager_free(NULL);
    offerkit_offers_options_free(NULL);
    offerkit_player_offers_options_free(NULL);
    offerkit_list_offers_options_free(NULL);
    offerkit_error_free(NULL);
    offerkit_string_free(NULL);
    CHECK(!offerkit_request_cancel(NULL));
    CHECK(offerkit_client_poll(NULL, 0) == 0);
    CHECK(offerkit_offer_list_count(NULL) == 0);
    CHECK(offerkit_player_offers_page_count(NULL) == 0);
    CHECK(offerkit_player_offers_page_next_cursor(NULL) == NULL);
    OfferkitPagination pagination;
    CHECK(!offerkit_offer_list_pagination(NULL, &pagination));
    CHECK(offerkit_offer_list_skipped_count(NULL) == 0);
    CHECK(offerkit_player_offers_page_skipped_count(NULL) == 0);
    OfferkitSkippedItem item;
    CHECK(offerkit_player_offers_page_skipped_get(NULL, 0, &item, NULL) ==
          OFFERKIT_STATUS_NULL_ARGUMENT);
}

void test_error_accessors_accept_null(void) {
    CHECK(offerkit_error_status(NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(strcmp(offerkit_error_message(NULL), "") == 0);
    CHECK(offerkit_error_http_status(NULL) == 0);
    CHECK(offerkit_error_reason(NULL) == NULL);
    CHECK(offerkit_error_retry_after_ms(NULL) == -1);
    CHECK(offerkit_error_response_json(NULL) == NULL);
    CHECK(offerkit_error_field_count(NULL) == 0);
    CHECK(offerkit_error_field_path(NULL, 0) == NULL);
    CHECK(offerkit_error_field_argument_count(NULL, 0) == 0);
    CHECK(offerkit_error_field_argument_name(NULL, 0, 0) == NULL);
    CHECK(offerkit_error_field_message_count(NULL, 0, 0) == 0);
    CHECK(offerkit_error_field_message(NULL, 0, 0, 0) == NULL);
}

void test_config_rejects_bad_input(void) {
    OfferkitConfig *config = (OfferkitConfig *)0x1;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_config_new(NULL, &config, &error), OFFERKIT_STATUS_NULL_ARGUMENT, error);
    CHECK(config == (OfferkitConfig *)0x1);
    CHECK(contains(offerkit_error_message(error), "base_url"));
    offerkit_error_free(error);
    CHECK(offerkit_config_new(BAD_UTF8, &config, NULL) == OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(offerkit_config_new(sim_url(), NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(config == (OfferkitConfig *)0x1);

    config = NULL;
    REQUIRE(offerkit_config_new(sim_url(), &config, NULL) == OFFERKIT_STATUS_OK);
    /* Numbers are stored as given: their bounds are checked by offerkit_client_new (see
     * test_client_new_names_every_setting_out_of_bounds). */
    CHECK(offerkit_config_set_timeout_ms(config, 0, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_timeout_ms(config, 86400001, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_timeout_ms(config, 1500, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_connect_timeout_ms(config, 0, NULL) == BUILTIN_OK);
    CHECK(offerkit_config_set_max_retries(config, 11, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_max_retries(config, 0, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_retry_backoff_ms(config, 50, 10, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_token_wait_ms(config, 0, NULL) == OFFERKIT_STATUS_OK);
    error = NULL;
    CHECK_STATUS(offerkit_config_set_delivery(config, 7, &error), OFFERKIT_STATUS_OUT_OF_RANGE, error);
    CHECK(contains(offerkit_error_message(error), "delivery"));
    offerkit_error_free(error);
    CHECK(offerkit_config_set_delivery(config, OFFERKIT_DELIVERY_POLL, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_add_root_pem(config, NULL, NULL) == BUILTIN_OR(OFFERKIT_STATUS_NULL_ARGUMENT));
    CHECK(offerkit_config_add_root_pem(config, BAD_UTF8, NULL) == BUILTIN_OR(OFFERKIT_STATUS_INVALID_UTF8));
    CHECK(offerkit_config_set_access_token(config, BAD_UTF8, NULL) == OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(offerkit_config_set_access_token(config, NULL, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_token_needed(config, NULL, NULL, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_allow_insecure_http(config, true, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_deadline_ms(config, 0, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_deadline_ms(config, 86400001, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_deadline_ms(config, 1, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_deadline_ms(config, 86400000, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_max_pages(config, 1, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_proxy(config, BAD_UTF8, NULL) == BUILTIN_OR(OFFERKIT_STATUS_INVALID_UTF8));
    CHECK(offerkit_config_set_proxy(config, "http://127.0.0.1:3128", NULL) == BUILTIN_OK);
    CHECK(offerkit_config_set_proxy(config, NULL, NULL) == BUILTIN_OK);
    offerkit_config_free(config);

    /* Every setter checks its config. */
    CHECK(offerkit_config_set_timeout_ms(NULL, 10, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_config_set_connect_timeout_ms(NULL, 10, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_config_set_max_retries(NULL, 1, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_config_set_retry_backoff_ms(NULL, 1, 2, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_config_add_root_pem(NULL, "x", NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_config_set_allow_insecure_http(NULL, true, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_config_set_access_token(NULL, "t", NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_config_set_token_needed(NULL, NULL, NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_config_set_token_wait_ms(NULL, 10, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_config_set_delivery(NULL, 0, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_config_set_deadline_ms(NULL, 10, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_config_set_max_pages(NULL, 10, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_config_set_proxy(NULL, NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
}

static OfferkitStatus new_client(const char *url, bool insecure, const char *pem,
                                 OfferkitClient **client, OfferkitError **error) {
    OfferkitConfig *config = NULL;
    offerkit_config_new(url, &config, NULL);
    use_test_executor(config);
    offerkit_config_set_allow_insecure_http(config, insecure, NULL);
    if (pem) offerkit_config_add_root_pem(config, pem, NULL);
    OfferkitStatus status = offerkit_client_new(config, client, error);
    offerkit_config_free(config);
    return status;
}

void test_client_new_rejects_bad_config(void) {
    OfferkitClient *client = (OfferkitClient *)0x1;
    OfferkitError *error = NULL;
    CHECK_STATUS(new_client("ftp://offers.example.com", false, NULL, &client, &error),
                 OFFERKIT_STATUS_INVALID_ARGUMENT, error);
    CHECK(client == (OfferkitClient *)0x1);
    offerkit_error_free(error);
    error = NULL;
    CHECK_STATUS(new_client("http://offers.example.com", false, NULL, &client, &error),
                 OFFERKIT_STATUS_INVALID_ARGUMENT, error);
    CHECK(contains(offerkit_error_message(error), "http://"));
    offerkit_error_free(error);
    /* (the lite library refuses the root certificate setter itself: executor_builtin_transport_*) */
    if (!lite_run())
        CHECK(new_client(sim_url(), false, "not a certificate", &client, NULL) ==
              OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(client == (OfferkitClient *)0x1);
    client = NULL;
    CHECK(new_client("http://offers.example.com", true, NULL, &client, NULL) == OFFERKIT_STATUS_OK);
    CHECK(client != NULL);
    offerkit_client_free(client);
    CHECK(offerkit_client_new(NULL, &client, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    OfferkitConfig *config = test_config(NULL);
    CHECK(offerkit_client_new(config, NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    offerkit_config_free(config);

    /* What only the client can check: a page cap of 0 and a proxy that is not one. */
    const char *bad_proxies[] = {"not a url", "ftp://127.0.0.1:21", "http://"};
    for (size_t i = 0; i < sizeof bad_proxies / sizeof bad_proxies[0]; i++) {
        config = test_config(NULL);
        if (lite_run()) { /* refused by the setter: nothing for the client to check */
            CHECK(offerkit_config_set_proxy(config, bad_proxies[i], NULL) == OFFERKIT_STATUS_NOT_AVAILABLE);
            offerkit_config_free(config);
            continue;
        }
        CHECK(offerkit_config_set_proxy(config, bad_proxies[i], NULL) == OFFERKIT_STATUS_OK);
        error = NULL;
        client = (OfferkitClient *)0x1;
        CHECK_STATUS(offerkit_client_new(config, &client, &error), OFFERKIT_STATUS_INVALID_ARGUMENT,
                     error);
        CHECK(client == (OfferkitClient *)0x1);
        CHECK(contains(offerkit_error_message(error), "proxy"));
        offerkit_error_free(error);
        offerkit_config_free(config);
    }
    config = test_config(NULL);
    CHECK(offerkit_config_set_max_pages(config, 0, NULL) == OFFERKIT_STATUS_OK);
    error = NULL;
    CHECK_STATUS(offerkit_client_new(config, &client, &error), OFFERKIT_STATUS_INVALID_ARGUMENT,
                 error);
    CHECK(contains(offerkit_error_message(error), "max_pages"));
    CHECK(contains(field_message(error, "config", "max_pages"), "0 is not at least 1"));
    offerkit_error_free(error);
    offerkit_config_free(config);
    CHECK(sim_stat("requests") == 0);
}

/* Makes a client from `config` (freed), which must be refused with INVALID_ARGUMENT; returns
 * the error (owned). */
static OfferkitError *refused_config(OfferkitConfig *config) {
    OfferkitClient *client = (OfferkitClient *)0x1;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_new(config, &client, &error), OFFERKIT_STATUS_INVALID_ARGUMENT,
                 error);
    CHECK(client == (OfferkitClient *)0x1);
    CHECK(offerkit_error_status(error) == OFFERKIT_STATUS_INVALID_ARGUMENT);
    offerkit_config_free(config);
    return error;
}

void test_client_new_names_every_setting_out_of_bounds(void) {
    /* One bad setting: the client names it, with core's message. */
    OfferkitConfig *config = test_config(NULL);
    CHECK(offerkit_config_set_timeout_ms(config, 0, NULL) == OFFERKIT_STATUS_OK);
    OfferkitError *error = refused_config(config);
    CHECK(offerkit_error_field_count(error) == 1);
    CHECK(strcmp(offerkit_error_field_path(error, 0), "config") == 0);
    CHECK(offerkit_error_field_argument_count(error, 0) == 1);
    const char *message = field_message(error, "config", "timeout");
    CHECK(message != NULL && strcmp(message, "0 ms is not between 1 ms and 24 h") == 0);
    offerkit_error_free(error);

    /* Each time setting on both sides of its bounds. */
    struct {
        OfferkitStatus (*set)(OfferkitConfig *, uint64_t, OfferkitError **);
        const char *setting;
    } times[] = {
        {offerkit_config_set_timeout_ms, "timeout"},
        {offerkit_config_set_connect_timeout_ms, "connect_timeout"},
        {offerkit_config_set_deadline_ms, "deadline"},
        {offerkit_config_set_token_wait_ms, "token_provider_timeout"},
    };
    for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
        if (lite_run() && times[i].set == offerkit_config_set_connect_timeout_ms) {
            config = test_config(NULL);
            CHECK(times[i].set(config, 1, NULL) == OFFERKIT_STATUS_NOT_AVAILABLE);
            offerkit_config_free(config);
            continue;
        }
        uint64_t bad[] = {0, 86400001};
        for (size_t b = 0; b < 2; b++) {
            config = test_config(NULL);
            CHECK(times[i].set(config, bad[b], NULL) == OFFERKIT_STATUS_OK);
            error = refused_config(config);
            CHECK(field_message(error, "config", times[i].setting) != NULL);
            offerkit_error_free(error);
        }
        uint64_t good[] = {1, 86400000};
        for (size_t g = 0; g < 2; g++) {
            config = test_config(NULL);
            CHECK(times[i].set(config, good[g], NULL) == OFFERKIT_STATUS_OK);
            offerkit_client_free(client_of(config)); /* exits the run if refused */
        }
    }

    /* Several bad settings: one error naming every one of them, nothing sent. */
    config = test_config(NULL);
    CHECK(offerkit_config_set_timeout_ms(config, 0, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_deadline_ms(config, 86400001, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_max_retries(config, 11, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_retry_backoff_ms(config, 50, 10, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_max_pages(config, 0, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_cache(config, 86400001, 0, 0, NULL) == OFFERKIT_STATUS_OK);
    error = refused_config(config);
    CHECK(offerkit_error_field_count(error) == 1);
    const char *expected[][2] = {
        {"cache.max_entries", "0 is not at least 1"},
        {"cache.ttl", "86400001 ms is more than 24 h"},
        {"deadline", "86400001 ms is not between 1 ms and 24 h"},
        {"max_pages", "0 is not at least 1"},
        {"retry.initial_backoff", "50 ms is more than retry.max_backoff (10 ms)"},
        {"retry.max_retries", "11 is more than 10"},
        {"timeout", "0 ms is not between 1 ms and 24 h"},
    };
    size_t n = sizeof expected / sizeof expected[0];
    CHECK(offerkit_error_field_argument_count(error, 0) == n);
    for (size_t i = 0; i < n; i++) {
        /* In name order, each with core's message; the readable message names each one too. */
        const char *name = offerkit_error_field_argument_name(error, 0, i);
        CHECK(name != NULL && strcmp(name, expected[i][0]) == 0);
        message = field_message(error, "config", expected[i][0]);
        if (!message || strcmp(message, expected[i][1]) != 0)
            fprintf(stderr, "    %s: got \"%s\", want \"%s\"\n", expected[i][0],
                    message ? message : "(none)", expected[i][1]);
        CHECK(message != NULL && strcmp(message, expected[i][1]) == 0);
        CHECK(contains(offerkit_error_message(error), expected[i][0]));
    }
    offerkit_error_free(error);
    CHECK(sim_stat("requests") == 0);
}

void test_client_new_names_settings_as_a_binding_spells_them(void) {
    /* A binding names core's settings as its users spell them: the field entries and the
     * messages (one of them mentions another setting) use its names, the others keep core's. */
    OfferkitConfig *config = test_config(NULL);
    CHECK(offerkit_config_set_setting_name(config, "retry.max_retries", "Retries", NULL) ==
          OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_setting_name(config, "retry.max_retries", "MaxRetries", NULL) ==
          OFFERKIT_STATUS_OK); /* named again: the last name counts */
    CHECK(offerkit_config_set_setting_name(config, "retry.initial_backoff", "RetryBackoffInitial",
                                           NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_setting_name(config, "retry.max_backoff", "RetryBackoffMax", NULL) ==
          OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_max_retries(config, 11, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_retry_backoff_ms(config, 50, 10, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_config_set_max_pages(config, 0, NULL) == OFFERKIT_STATUS_OK);
    OfferkitError *error = refused_config(config);
    const char *expected[][2] = {
        {"MaxRetries", "11 is more than 10"},
        {"RetryBackoffInitial", "50 ms is more than RetryBackoffMax (10 ms)"},
        {"max_pages", "0 is not at least 1"},
    };
    size_t n = sizeof expected / sizeof expected[0];
    CHECK(offerkit_error_field_argument_count(error, 0) == n);
    for (size_t i = 0; i < n; i++) {
        const char *message = field_message(error, "config", expected[i][0]);
        CHECK(message != NULL && strcmp(message, expected[i][1]) == 0);
        CHECK(contains(offerkit_error_message(error), expected[i][0]));
    }
    CHECK(!contains(offerkit_error_message(error), "retry."));
    offerkit_error_free(error);

    /* What it refuses: a setting core does not have, an empty name, NULLs. */
    config = test_config(NULL);
    error = NULL;
    CHECK_STATUS(offerkit_config_set_setting_name(config, "cache.size", "CacheSize", &error),
                 OFFERKIT_STATUS_OUT_OF_RANGE, error);
    CHECK(contains(offerkit_error_message(error), "setting"));
    CHECK(contains(offerkit_error_message(error), "cache.size"));
    offerkit_error_free(error);
    error = NULL;
    CHECK_STATUS(offerkit_config_set_setting_name(config, "cache.ttl", "", &error),
                 OFFERKIT_STATUS_OUT_OF_RANGE, error);
    CHECK(contains(offerkit_error_message(error), "name"));
    offerkit_error_free(error);
    CHECK(offerkit_config_set_setting_name(config, NULL, "x", NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_config_set_setting_name(config, "cache.ttl", NULL, NULL) ==
          OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_config_set_setting_name(NULL, "cache.ttl", "x", NULL) ==
          OFFERKIT_STATUS_NULL_ARGUMENT);
    /* A config whose names were refused still makes a client. */
    offerkit_client_free(client_of(config));
    CHECK(sim_stat("requests") == 0);
}

void test_invalid_inputs_send_nothing(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitOfferList *list = SENTINEL_LIST;
    OfferkitError *error = NULL;

    CHECK(offerkit_client_offers(NULL, "p", NULL, &list, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_client_offers(client, NULL, NULL, &list, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_client_offers(client, "p", NULL, NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK_STATUS(offerkit_client_offers(client, BAD_UTF8, NULL, &list, &error),
                 OFFERKIT_STATUS_INVALID_UTF8, error);
    CHECK(contains(offerkit_error_message(error), "player_id"));
    offerkit_error_free(error);
    /* Option strings are checked by their setters (test_options.c); a refused one stays unset. */
    OfferkitOffersOptions *options = offers_options();
    CHECK(offerkit_offers_options_set_language(options, BAD_UTF8, NULL) == OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(offerkit_offers_options_set_select(options, BAD_UTF8, NULL) == OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(list == SENTINEL_LIST);

    char *json = (char *)0x1;
    CHECK(offerkit_client_links(client, NULL, NULL, NULL, &json, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_client_links(client, "p", BAD_UTF8, NULL, &json, NULL) == OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(offerkit_client_links(client, "p", NULL, BAD_UTF8, &json, NULL) == OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(offerkit_client_links(client, "p", NULL, NULL, NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_client_graphql(client, NULL, NULL, &json, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_client_graphql(client, BAD_UTF8, NULL, &json, NULL) == OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(offerkit_client_graphql(client, "{ x }", BAD_UTF8, &json, NULL) == OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(json == (char *)0x1);

    OfferkitPlayerOffersPage *page = (OfferkitPlayerOffersPage *)0x1;
    OfferkitPlayerOffersPager *pager_unused = (OfferkitPlayerOffersPager *)0x1;
    OfferkitPlayerOffersOptions *po = player_options();
    CHECK(offerkit_player_offers_options_set_after(po, BAD_UTF8, NULL) == OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(offerkit_player_offers_options_set_selection(po, BAD_UTF8, NULL) ==
          OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(offerkit_client_player_offers_pager(client, BAD_UTF8, po, &pager_unused, NULL) ==
          OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(pager_unused == (OfferkitPlayerOffersPager *)0x1);
    CHECK(offerkit_client_player_offers(client, "p", NULL, NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(page == (OfferkitPlayerOffersPage *)0x1);
    OfferkitPlayerOffersPager *pager = (OfferkitPlayerOffersPager *)0x1;
    CHECK(offerkit_client_player_offers_pager(client, BAD_UTF8, NULL, &pager, NULL) ==
          OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(offerkit_client_player_offers_pager(client, "p", NULL, NULL, NULL) ==
          OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_player_offers_pager_next(NULL, &page, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_client_list_offers(client, list_page(10, 1), NULL, NULL) ==
          OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_client_list_all_offers(NULL, list_per_page(10), &list, NULL) ==
          OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_client_set_access_token(client, BAD_UTF8, NULL) == OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(offerkit_client_set_access_token(NULL, "t", NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);

    /* core's own checks: invalid_argument with the service's words, before sending. */
    error = NULL;
    SET(offerkit_offers_options_set_limit(options, -5, NULL));
    CHECK_STATUS(offerkit_client_offers(client, "p", options, &list, &error),
                 OFFERKIT_STATUS_INVALID_ARGUMENT, error);
    CHECK(strcmp(offerkit_error_field_argument_name(error, 0, 0), "limit") == 0);
    offerkit_error_free(error);
    SET(offerkit_offers_options_clear_limit(options, NULL));
    SET(offerkit_offers_options_set_sort(options, "price.asc", NULL));
    CHECK(offerkit_client_offers(client, "p", options, &list, NULL) == OFFERKIT_STATUS_INVALID_ARGUMENT);
    SET(offerkit_offers_options_set_sort(options, NULL, NULL));
    SET(offerkit_offers_options_set_select(options, "} oops {", NULL));
    CHECK(offerkit_client_offers(client, "p", options, &list, NULL) == OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(offerkit_client_offers(client, "", NULL, &list, NULL) == OFFERKIT_STATUS_INVALID_ARGUMENT);
    SET(offerkit_player_offers_options_set_limit(po, 101, NULL));
    CHECK(offerkit_client_player_offers(client, "p", po, &page, NULL) == OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(offerkit_client_player_offers_pager(client, "p", po, &pager, NULL) ==
          OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(pager == (OfferkitPlayerOffersPager *)0x1);
    /* A replaced playerOffers selection leaves no place for select: both is refused. */
    SET(offerkit_player_offers_options_clear_limit(po, NULL));
    SET(offerkit_player_offers_options_set_select(po, "payout_earned_usd", NULL));
    SET(offerkit_player_offers_options_set_selection(po, "items { id } next_cursor", NULL));
    error = NULL;
    CHECK_STATUS(offerkit_client_player_offers(client, "p", po, &page, &error),
                 OFFERKIT_STATUS_INVALID_ARGUMENT, error);
    CHECK(contains(offerkit_error_message(error), "not both"));
    offerkit_error_free(error);
    CHECK(offerkit_client_player_offers_pager(client, "p", po, &pager, NULL) ==
          OFFERKIT_STATUS_INVALID_ARGUMENT);
    SET(offerkit_player_offers_options_set_select(po, NULL, NULL));
    SET(offerkit_player_offers_options_set_selection(po, "   ", NULL));
    CHECK(offerkit_client_player_offers(client, "p", po, &page, NULL) == OFFERKIT_STATUS_INVALID_ARGUMENT);
    SET(offerkit_player_offers_options_set_selection(po, "items { id } } {", NULL));
    CHECK(offerkit_client_player_offers(client, "p", po, &page, NULL) == OFFERKIT_STATUS_INVALID_ARGUMENT);
    SET(offerkit_offers_options_set_select(options, NULL, NULL));
    SET(offerkit_offers_options_set_selection(options, "", NULL));
    CHECK(offerkit_client_offers(client, "p", options, &list, NULL) == OFFERKIT_STATUS_INVALID_ARGUMENT);
    SET(offerkit_offers_options_set_selection(options, "id { ", NULL));
    CHECK(offerkit_client_offers(client, "p", options, &list, NULL) == OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(offerkit_client_links(client, "p", NULL, "support_portal }", &json, NULL) ==
          OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(offerkit_client_links(client, "p", "# comment", NULL, &json, NULL) ==
          OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(offerkit_client_list_offers(client, list_per_page(101), &list, NULL) ==
          OFFERKIT_STATUS_INVALID_ARGUMENT);
    OfferkitListOffersOptions *page_only = list_options();
    SET(offerkit_list_offers_options_set_page(page_only, 2, NULL));
    CHECK(offerkit_client_list_offers(client, page_only, &list, NULL) == OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(offerkit_client_list_all_offers(client, page_only, &list, NULL) ==
          OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(offerkit_client_list_all_offers(client, list_per_page(0), &list, NULL) ==
          OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(offerkit_client_graphql(client, "   ", NULL, &json, NULL) == OFFERKIT_STATUS_INVALID_ARGUMENT);
    error = NULL;
    CHECK_STATUS(offerkit_client_graphql(client, "{ x }", "{not json", &json, &error),
                 OFFERKIT_STATUS_INVALID_ARGUMENT, error);
    /* Core reads the variables: a field entry names the argument. */
    const char *why = field_message(error, "graphql", "variables_json");
    CHECK(why != NULL && strncmp(why, "not JSON: ", 10) == 0);
    CHECK(contains(offerkit_error_message(error), "variables_json"));
    offerkit_error_free(error);
    CHECK(offerkit_client_graphql(client, "{ x }", "[1, 2]", &json, NULL) ==
          OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(list == SENTINEL_LIST && json == (char *)0x1 && page == (OfferkitPlayerOffersPage *)0x1);

    /* Result accessors. */
    list = NULL;
    REQUIRE(offerkit_client_list_offers(client, list_page(2, 1), &list, NULL) == OFFERKIT_STATUS_OK);
    sim_reset_stats();
    OfferkitOfferView view;
    memset(&view, 0, sizeof view);
    CHECK(offerkit_offer_list_get(list, 2, &view, NULL) == OFFERKIT_STATUS_OUT_OF_RANGE);
    CHECK(view.id == NULL);
    CHECK(offerkit_offer_list_get(list, 0, NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_offer_list_get(NULL, 0, &view, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    json = (char *)0x1;
    CHECK(offerkit_offer_list_field_json(list, 5, "id", &json, NULL) == OFFERKIT_STATUS_OUT_OF_RANGE);
    CHECK(offerkit_offer_list_field_json(list, 0, NULL, &json, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_offer_list_field_text(list, 0, BAD_UTF8, &json, NULL) == OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(offerkit_offer_list_item_json(list, 0, NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(json == (char *)0x1);
    /* Skipped items: none in a good answer; the accessors check their arguments. */
    OfferkitSkippedItem item = {7, (const char *)0x1, (const char *)0x1};
    CHECK(offerkit_offer_list_skipped_count(list) == 0);
    CHECK(offerkit_offer_list_skipped_get(list, 0, &item, NULL) == OFFERKIT_STATUS_OUT_OF_RANGE);
    CHECK(offerkit_offer_list_skipped_get(list, 0, NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_offer_list_skipped_get(NULL, 0, &item, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(item.index == 7 && item.id == (const char *)0x1); /* untouched */
    offerkit_offer_list_free(list);

    CHECK(sim_stat("requests") == 0);
    offerkit_client_free(client);
}

static int never_called = 0;
static void must_not_run(void *user_data, const OfferkitRequest *request, OfferkitStatus status, OfferkitOfferList *list,
                         OfferkitError *error) {
    (void)request;
    (void)user_data;
    (void)status;
    never_called++;
    offerkit_offer_list_free(list);
    offerkit_error_free(error);
}

void test_invalid_async_inputs_start_nothing(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitRequest *request = (OfferkitRequest *)0x1;
    Recorder r;
    recorder_init(&r);
    never_called = 0;
    CHECK(offerkit_client_offers_async(client, "p", NULL, NULL, &r, &request, NULL) ==
          OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_client_offers_async(NULL, "p", NULL, must_not_run, NULL, &request, NULL) ==
          OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_client_offers_async(client, BAD_UTF8, NULL, must_not_run, NULL, &request, NULL) ==
          OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(offerkit_client_links_async(client, NULL, NULL, NULL, on_json, &r, &request, NULL) ==
          OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_client_player_offers_async(client, "p", NULL, NULL, &r, &request, NULL) ==
          OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_client_list_offers_async(client, list_page(1, 1), NULL, &r, &request, NULL) ==
          OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_client_list_all_offers_async(client, list_per_page(1), NULL, &r, &request, NULL) ==
          OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_client_graphql_async(client, "{ x }", "nope", on_json, &r, &request, NULL) ==
          OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(offerkit_player_offers_pager_next_async(NULL, on_page, &r, &request, NULL) ==
          OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(request == (OfferkitRequest *)0x1);
    sleep_ms(100);
    CHECK(never_called == 0 && r.calls == 0);
    CHECK(sim_stat("requests") == 0);
    offerkit_client_free(client);
}

void test_core_validation_arrives_through_the_callback(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    Recorder r;
    recorder_init(&r);
    OfferkitRequest *request = NULL;
    CHECK(offerkit_client_offers_async(client, "p", offers_limit(-1), on_list, &r, &request, NULL) ==
          OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&r, 1, 5000) == 1);
    CHECK(r.status == OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(r.result == NULL && r.error != NULL);
    CHECK(offerkit_error_status(r.error) == OFFERKIT_STATUS_INVALID_ARGUMENT);
    offerkit_request_free(request);
    recorder_clear(&r);
    CHECK(sim_stat("requests") == 0);
    offerkit_client_free(client);
}
