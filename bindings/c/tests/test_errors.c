/* Every error kind of core, provoked for real (simulator faults, bad tokens, forged cursors,
 * cancellation, a deliberate panic), with the error object's accessors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform.h"
#include "support.h"

/* Blocking offers for "demo" (limit 2); returns the status and hands out the error. */
static OfferkitStatus offers(OfferkitClient *client, OfferkitError **error) {
    OfferkitOffersOptions *options = offers_options();
    SET(offerkit_offers_options_set_limit(options, 2, NULL));
    OfferkitOfferList *list = NULL;
    OfferkitStatus status = offerkit_client_offers(client, "demo", options, &list, error);
    offerkit_offer_list_free(list);
    CHECK((status == OFFERKIT_STATUS_OK) == (list != NULL));
    return status;
}

/* Checks that the error is what the call returned, with a message. */
static void check_kind(OfferkitError *error, OfferkitStatus status) {
    CHECK(error != NULL);
    CHECK(offerkit_error_status(error) == status);
    CHECK(strlen(offerkit_error_message(error)) > 0);
}

void test_error_invalid_argument(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitOffersOptions *options = offers_options();
    SET(offerkit_offers_options_set_language(options, "english", NULL));
    SET(offerkit_offers_options_set_sort(options, "price.asc", NULL));
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "p", options, &list, &error),
                 OFFERKIT_STATUS_INVALID_ARGUMENT, error);
    check_kind(error, OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(offerkit_error_http_status(error) == 0);
    REQUIRE(offerkit_error_field_count(error) == 1);
    CHECK(strcmp(offerkit_error_field_path(error, 0), "offers") == 0);
    CHECK(offerkit_error_field_argument_count(error, 0) == 2);
    CHECK(strcmp(offerkit_error_field_argument_name(error, 0, 0), "language") == 0);
    CHECK(strcmp(offerkit_error_field_argument_name(error, 0, 1), "sort") == 0);
    CHECK(offerkit_error_field_message_count(error, 0, 1) == 1);
    CHECK(contains(offerkit_error_field_message(error, 0, 1, 0), "(price)"));
    CHECK(offerkit_error_field_message(error, 0, 1, 1) == NULL);
    CHECK(offerkit_error_field_argument_name(error, 0, 2) == NULL);
    CHECK(offerkit_error_field_path(error, 1) == NULL);
    CHECK(contains(offerkit_error_message(error), "(price)"));
    offerkit_error_free(error);
    CHECK(sim_stat("requests") == 0);
    offerkit_client_free(client);
}

void test_error_unauthorized(void) {
    /* No token and no token-needed callback: refused before sending. */
    OfferkitConfig *config = test_config(NULL);
    OfferkitClient *client = NULL;
    REQUIRE(offerkit_client_new(config, &client, NULL) == OFFERKIT_STATUS_OK);
    offerkit_config_free(config);
    OfferkitError *error = NULL;
    CHECK_STATUS(offers(client, &error), OFFERKIT_STATUS_UNAUTHORIZED, error);
    check_kind(error, OFFERKIT_STATUS_UNAUTHORIZED);
    CHECK(offerkit_error_http_status(error) == 0);
    offerkit_error_free(error);
    CHECK(sim_stat("requests") == 0);
    offerkit_client_free(client);

    /* The service's 401. */
    client = test_client(OFFERKIT_DELIVERY_THREAD);
    sim_fault("{\"kind\":\"status\",\"status\":401,\"body\":\"{\\\"message\\\":\\\"Unauthenticated.\\\"}\"}");
    error = NULL;
    CHECK_STATUS(offers(client, &error), OFFERKIT_STATUS_UNAUTHORIZED, error);
    check_kind(error, OFFERKIT_STATUS_UNAUTHORIZED);
    CHECK(offerkit_error_http_status(error) == 401);
    CHECK(contains(offerkit_error_message(error), "Unauthenticated."));
    offerkit_error_free(error);
    offerkit_client_free(client);
}

void test_error_forbidden(void) {
    char *token = sim_token(0, false);
    OfferkitConfig *config = test_config(token);
    free(token);
    OfferkitClient *client = NULL;
    REQUIRE(offerkit_client_new(config, &client, NULL) == OFFERKIT_STATUS_OK);
    offerkit_config_free(config);
    OfferkitError *error = NULL;
    CHECK_STATUS(offers(client, &error), OFFERKIT_STATUS_FORBIDDEN, error);
    check_kind(error, OFFERKIT_STATUS_FORBIDDEN);
    CHECK(offerkit_error_http_status(error) == 403);
    offerkit_error_free(error);
    offerkit_client_free(client);
}

void test_error_validation(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    char *data = (char *)0x1;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_graphql(client,
                                         "{ offers(player_id: \"p\", limit: 0) { id } "
                                         "playerOffers(player_id: \"p\", limit: 101) { next_cursor } }",
                                         NULL, &data, &error),
                 OFFERKIT_STATUS_VALIDATION, error);
    CHECK(data == (char *)0x1);
    check_kind(error, OFFERKIT_STATUS_VALIDATION);
    CHECK(offerkit_error_http_status(error) == 200);
    REQUIRE(offerkit_error_field_count(error) == 2);
    bool offers_seen = false, player_offers_seen = false;
    for (size_t i = 0; i < 2; i++) {
        const char *path = offerkit_error_field_path(error, i);
        offers_seen |= strcmp(path, "offers") == 0;
        player_offers_seen |= strcmp(path, "playerOffers") == 0;
        CHECK(strcmp(offerkit_error_field_argument_name(error, i, 0), "limit") == 0);
        CHECK(offerkit_error_field_message_count(error, i, 0) == 1);
    }
    CHECK(offers_seen && player_offers_seen);
    CHECK(contains(offerkit_error_message(error), "The limit field must not be greater than 100."));
    CHECK(contains(offerkit_error_response_json(error), "\"errors\""));
    offerkit_error_free(error);
    offerkit_client_free(client);
}

void test_error_query(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    char *data = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_graphql(client, "{ offers { id } }", NULL, &data, &error),
                 OFFERKIT_STATUS_QUERY, error);
    check_kind(error, OFFERKIT_STATUS_QUERY);
    CHECK(contains(offerkit_error_response_json(error), "\"data\":null"));
    offerkit_error_free(error);
    /* An extra selection naming an unknown field is the service's query error too. */
    OfferkitOffersOptions *options = offers_options();
    SET(offerkit_offers_options_set_select(options, "no_such_field", NULL));
    OfferkitOfferList *list = NULL;
    error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "p", options, &list, &error), OFFERKIT_STATUS_QUERY,
                 error);
    CHECK(contains(offerkit_error_message(error), "no_such_field"));
    offerkit_error_free(error);
    offerkit_client_free(client);
}

void test_error_invalid_cursor(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitPlayerOffersOptions *options = player_options();
    SET(offerkit_player_offers_options_set_after(options, "forged", NULL));
    OfferkitPlayerOffersPage *page = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_player_offers(client, "demo", options, &page, &error),
                 OFFERKIT_STATUS_INVALID_CURSOR, error);
    check_kind(error, OFFERKIT_STATUS_INVALID_CURSOR);
    CHECK(offerkit_error_reason(error) != NULL);
    CHECK(contains(offerkit_error_reason(error), "mit")); /* "Omit after …" */
    CHECK(offerkit_error_field_count(error) == 0);
    offerkit_error_free(error);
    offerkit_client_free(client);
}

void test_error_unsupported_media_type(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    sim_fault("{\"kind\":\"status\",\"status\":415,"
              "\"body\":\"{\\\"error\\\":\\\"Unsupported Media Type: send application/json.\\\"}\"}");
    OfferkitError *error = NULL;
    CHECK_STATUS(offers(client, &error), OFFERKIT_STATUS_UNSUPPORTED_MEDIA_TYPE, error);
    check_kind(error, OFFERKIT_STATUS_UNSUPPORTED_MEDIA_TYPE);
    CHECK(offerkit_error_http_status(error) == 415);
    CHECK(contains(offerkit_error_message(error), "send application/json"));
    offerkit_error_free(error);
    CHECK(sim_stat("graphql") == 1);
    offerkit_client_free(client);
}

void test_error_unprocessable(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    sim_fault("{\"kind\":\"status\",\"status\":422,\"method\":\"GET\",\"body\":"
              "\"{\\\"message\\\":\\\"The per page field is required when page is present.\\\","
              "\\\"errors\\\":{\\\"per_page\\\":[\\\"The per page field is required when page is "
              "present.\\\"]}}\"}");
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_list_offers(client, NULL, &list, &error),
                 OFFERKIT_STATUS_UNPROCESSABLE, error);
    check_kind(error, OFFERKIT_STATUS_UNPROCESSABLE);
    CHECK(offerkit_error_http_status(error) == 422);
    REQUIRE(offerkit_error_field_count(error) == 1);
    CHECK(strcmp(offerkit_error_field_path(error, 0), "") == 0);
    CHECK(strcmp(offerkit_error_field_argument_name(error, 0, 0), "per_page") == 0);
    CHECK(strcmp(offerkit_error_field_message(error, 0, 0, 0),
                 "The per page field is required when page is present.") == 0);
    offerkit_error_free(error);
    offerkit_client_free(client);
}

void test_error_rate_limited(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    sim_fault("{\"kind\":\"status\",\"status\":429,\"retry_after_secs\":7}");
    OfferkitError *error = NULL;
    CHECK_STATUS(offers(client, &error), OFFERKIT_STATUS_RATE_LIMITED, error);
    check_kind(error, OFFERKIT_STATUS_RATE_LIMITED);
    CHECK(offerkit_error_http_status(error) == 429);
    CHECK(offerkit_error_retry_after_ms(error) == 7000);
    offerkit_error_free(error);
    CHECK(sim_stat("graphql") == 1); /* never retried */
    offerkit_client_free(client);
}

void test_error_server(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    sim_fault("{\"kind\":\"status\",\"status\":500}");
    OfferkitError *error = NULL;
    CHECK_STATUS(offers(client, &error), OFFERKIT_STATUS_SERVER, error);
    check_kind(error, OFFERKIT_STATUS_SERVER);
    CHECK(offerkit_error_http_status(error) == 500);
    CHECK(offerkit_error_retry_after_ms(error) == -1);
    offerkit_error_free(error);
    /* 503 is retried (twice by default), then server. */
    sim_reset_stats();
    sim_fault("{\"kind\":\"status\",\"status\":503,\"times\":5}");
    error = NULL;
    CHECK_STATUS(offers(client, &error), OFFERKIT_STATUS_SERVER, error);
    CHECK(offerkit_error_http_status(error) == 503);
    CHECK(sim_stat("graphql") == 3);
    offerkit_error_free(error);
    offerkit_client_free(client);
}

/* A loopback port nothing listens on. */
static int closed_port(void) {
    sock_t fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(fd, (struct sockaddr *)&addr, sizeof addr);
    socklen_t len = sizeof addr;
    getsockname(fd, (struct sockaddr *)&addr, &len);
    sock_close(fd);
    return ntohs(addr.sin_port);
}

void test_error_network(void) {
    char url[64];
    snprintf(url, sizeof url, "http://127.0.0.1:%d", closed_port());
    OfferkitConfig *config = NULL;
    REQUIRE(offerkit_config_new(url, &config, NULL) == OFFERKIT_STATUS_OK);
    use_test_executor(config);
    offerkit_config_set_access_token(config, "t", NULL);
    offerkit_config_set_max_retries(config, 0, NULL);
    OfferkitClient *client = NULL;
    REQUIRE(offerkit_client_new(config, &client, NULL) == OFFERKIT_STATUS_OK);
    offerkit_config_free(config);
    OfferkitError *error = NULL;
    CHECK_STATUS(offers(client, &error), OFFERKIT_STATUS_NETWORK, error);
    check_kind(error, OFFERKIT_STATUS_NETWORK);
    CHECK(offerkit_error_http_status(error) == 0);
    offerkit_error_free(error);
    offerkit_client_free(client);

    /* A connection dropped mid-body, three times (first attempt and both retries). */
    client = test_client(OFFERKIT_DELIVERY_THREAD);
    sim_fault("{\"kind\":\"drop_mid_body\",\"times\":3}");
    error = NULL;
    CHECK_STATUS(offers(client, &error), OFFERKIT_STATUS_NETWORK, error);
    offerkit_error_free(error);
    offerkit_client_free(client);
}

void test_error_timeout(void) {
    char *token = sim_token(0, true);
    OfferkitConfig *config = test_config(token);
    free(token);
    offerkit_config_set_timeout_ms(config, 300, NULL);
    offerkit_config_set_max_retries(config, 0, NULL);
    OfferkitClient *client = NULL;
    REQUIRE(offerkit_client_new(config, &client, NULL) == OFFERKIT_STATUS_OK);
    offerkit_config_free(config);
    sim_fault("{\"kind\":\"latency\",\"ms\":30000}");
    OfferkitError *error = NULL;
    long started = now_ms();
    CHECK_STATUS(offers(client, &error), OFFERKIT_STATUS_TIMEOUT, error);
    CHECK(now_ms() - started < 10000); /* the timeout, not the server's 30 s */
    check_kind(error, OFFERKIT_STATUS_TIMEOUT);
    offerkit_error_free(error);
    offerkit_client_free(client);
}

void test_error_cancelled(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    sim_fault("{\"kind\":\"latency\",\"ms\":5000}");
    Recorder r;
    recorder_init(&r);
    OfferkitRequest *request = NULL;
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, &request, NULL) ==
            OFFERKIT_STATUS_OK);
    CHECK(offerkit_request_cancel(request));
    CHECK(recorder_wait(&r, 1, 5000) == 1);
    CHECK(r.status == OFFERKIT_STATUS_CANCELLED && r.result == NULL);
    check_kind(r.error, OFFERKIT_STATUS_CANCELLED);
    recorder_clear(&r);
    offerkit_request_free(request);
    offerkit_client_free(client);
}

void test_error_decode(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    const char *faults[] = {"{\"kind\":\"malformed_json\"}", "{\"kind\":\"non_json\"}",
                            "{\"kind\":\"oversized_body\",\"bytes\":17825792}"};
    for (size_t i = 0; i < 3; i++) {
        sim_fault(faults[i]);
        OfferkitError *error = NULL;
        CHECK_STATUS(offers(client, &error), OFFERKIT_STATUS_DECODE, error);
        check_kind(error, OFFERKIT_STATUS_DECODE);
        CHECK(offerkit_error_http_status(error) == 200); /* a response came: its status is kept */
        offerkit_error_free(error);
    }
    CHECK(sim_stat("graphql") == 3);
    offerkit_client_free(client);
}

void test_error_rejected(void) {
    /* A wrong path prefix in the base URL: the service's 404, refused at once, never retried. */
    char url[300];
    snprintf(url, sizeof url, "%s/no-such-prefix", sim_url());
    char *token = sim_token(0, true);
    OfferkitConfig *config = NULL;
    REQUIRE(offerkit_config_new(url, &config, NULL) == OFFERKIT_STATUS_OK);
    use_test_executor(config);
    offerkit_config_set_access_token(config, token, NULL);
    free(token);
    OfferkitClient *client = client_of(config);
    OfferkitError *error = NULL;
    CHECK_STATUS(offers(client, &error), OFFERKIT_STATUS_REJECTED, error);
    check_kind(error, OFFERKIT_STATUS_REJECTED);
    CHECK(strcmp(offerkit_status_name(offerkit_error_status(error)), "rejected") == 0);
    CHECK(offerkit_error_http_status(error) == 404);
    CHECK(contains(offerkit_error_message(error), "base_url"));
    offerkit_error_free(error);
    offerkit_client_free(client);

    /* Other 4xx the spec does not name, and a redirect (never followed): rejected, one request. */
    client = test_client(OFFERKIT_DELIVERY_THREAD);
    const int statuses[] = {400, 404, 405, 409, 302};
    for (size_t i = 0; i < sizeof statuses / sizeof statuses[0]; i++) {
        sim_reset_stats();
        char fault[160];
        snprintf(fault, sizeof fault, "{\"kind\":\"status\",\"status\":%d,\"times\":5}", statuses[i]);
        sim_fault(fault);
        error = NULL;
        CHECK_STATUS(offers(client, &error), OFFERKIT_STATUS_REJECTED, error);
        CHECK(offerkit_error_http_status(error) == statuses[i]);
        CHECK(offerkit_error_retry_after_ms(error) == -1);
        offerkit_error_free(error);
        CHECK(sim_stat("graphql") == 1);
        sim_clear_faults();
    }
    offerkit_client_free(client);
}

void test_rejected_is_never_answered_from_the_cache(void) {
    OfferkitConfig *config = test_config_with_token();
    /* ttl 0: always refresh, but stale answers bridge server and network failures. */
    CHECK(offerkit_config_set_cache(config, 0, 16, 3600000, NULL) == OFFERKIT_STATUS_OK);
    OfferkitClient *client = client_of(config);
    CHECK(offers(client, NULL) == OFFERKIT_STATUS_OK);
    /* A 503 is bridged with the stale answer ... */
    sim_fault("{\"kind\":\"status\",\"status\":503,\"times\":3}");
    OfferkitOffersOptions *options = offers_options();
    SET(offerkit_offers_options_set_limit(options, 2, NULL));
    OfferkitOfferList *list = NULL;
    CHECK(offerkit_client_offers(client, "demo", options, &list, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_offer_list_is_stale(list));
    offerkit_offer_list_free(list);
    /* ... a 404 is not: the request itself is wrong. */
    sim_fault("{\"kind\":\"status\",\"status\":404}");
    OfferkitError *error = NULL;
    CHECK_STATUS(offers(client, &error), OFFERKIT_STATUS_REJECTED, error);
    CHECK(offerkit_error_http_status(error) == 404);
    offerkit_error_free(error);
    offerkit_client_free(client);
}

#if defined(OFFERKIT_TEST_HOOKS)
void test_error_internal_from_a_caught_panic(void) {
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_test_panic(&error), OFFERKIT_STATUS_INTERNAL, error);
    check_kind(error, OFFERKIT_STATUS_INTERNAL);
    CHECK(contains(offerkit_error_message(error), "caught panic"));
    offerkit_error_free(error);

    /* A panic while converting a result: blocking call. */
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    offerkit_test_panic_in_conversions(1);
    error = NULL;
    CHECK_STATUS(offers(client, &error), OFFERKIT_STATUS_INTERNAL, error);
    check_kind(error, OFFERKIT_STATUS_INTERNAL);
    offerkit_error_free(error);
    /* … and asynchronous: the callback still runs exactly once, with internal. */
    offerkit_test_panic_in_conversions(1);
    Recorder r;
    recorder_init(&r);
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, NULL, NULL) ==
            OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&r, 1, 10000) == 1);
    CHECK(r.status == OFFERKIT_STATUS_INTERNAL && r.result == NULL);
    check_kind(r.error, OFFERKIT_STATUS_INTERNAL);
    sleep_ms(50);
    CHECK(r.calls == 1);
    recorder_clear(&r);
    /* The library keeps working. */
    CHECK(offers(client, NULL) == OFFERKIT_STATUS_OK);
    offerkit_client_free(client);
}
#else
void test_error_internal_from_a_caught_panic(void) {
    NOT_APPLICABLE("built without OFFERKIT_TEST_HOOKS: a panic cannot be provoked in a shipping library");
}
#endif

void test_errors_arrive_async_with_the_same_kind(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_POLL);
    struct {
        const char *fault;
        OfferkitStatus status;
    } cases[] = {
        {"{\"kind\":\"status\",\"status\":403}", OFFERKIT_STATUS_FORBIDDEN},
        {"{\"kind\":\"status\",\"status\":429}", OFFERKIT_STATUS_RATE_LIMITED},
        {"{\"kind\":\"status\",\"status\":500}", OFFERKIT_STATUS_SERVER},
        {"{\"kind\":\"status\",\"status\":404}", OFFERKIT_STATUS_REJECTED},
        {"{\"kind\":\"non_json\"}", OFFERKIT_STATUS_DECODE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sim_fault(cases[i].fault);
        Recorder r;
        recorder_init(&r);
        REQUIRE(offerkit_client_links_async(client, "demo", NULL, NULL, on_json, &r, NULL, NULL) ==
                OFFERKIT_STATUS_OK);
        CHECK(recorder_poll(&r, client, 1, 10000) == 1);
        CHECK_STATUS(r.status, cases[i].status, r.error);
        check_kind(r.error, cases[i].status);
        CHECK(r.result == NULL);
        recorder_clear(&r);
    }
    offerkit_client_free(client);
}
