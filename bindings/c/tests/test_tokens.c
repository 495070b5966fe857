/* Host-supplied tokens: the token-needed callback (answered at once, later from another thread,
 * never, refused), replacing the token at any time, and the callback stopping at client free. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

typedef struct {
    pthread_mutex_t lock;
    OfferkitClient *client;
    char *good_token;
    int calls;
    OfferkitTokenReason reasons[8];
    int mode; /* 0 answer inside the call, 1 answer later from a new thread, 2 never answer,
               * 3 refuse later from a new thread */
    pthread_t answerer;
    bool answerer_started;
    int wrong_client; /* calls whose client argument was not the client asking */
} TokenHost;

static void *answer_later(void *arg) {
    TokenHost *host = arg;
    sleep_ms(100);
    offerkit_client_set_access_token(host->client, host->good_token, NULL);
    return NULL;
}

static void *refuse_later(void *arg) {
    TokenHost *host = arg;
    /* Long enough for every request to be waiting, even under valgrind on a loaded machine (a
     * request that asks after the refusal asks again, and this host refuses once). */
    sleep_ms(500);
    offerkit_client_fail_token_request(host->client, "the game backend returned 503", NULL);
    return NULL;
}

static void token_needed(void *user_data, const OfferkitClient *client, OfferkitTokenReason reason) {
    TokenHost *host = user_data;
    pthread_mutex_lock(&host->lock);
    if (host->calls < 8) host->reasons[host->calls] = reason;
    host->calls++;
    if (client != host->client) host->wrong_client++;
    pthread_mutex_unlock(&host->lock);
    if (host->mode == 0) {
        /* Answers through the client it is given. */
        offerkit_client_set_access_token(client, host->good_token, NULL);
    } else if ((host->mode == 1 || host->mode == 3) && !host->answerer_started) {
        host->answerer_started = true;
        pthread_create(&host->answerer, NULL, host->mode == 1 ? answer_later : refuse_later, host);
    }
}

static OfferkitClient *token_client(TokenHost *host, const char *initial, int mode,
                                    uint64_t wait_ms) {
    memset(host, 0, sizeof *host);
    pthread_mutex_init(&host->lock, NULL);
    host->good_token = sim_token(0, true);
    host->mode = mode;
    OfferkitConfig *config = test_config(initial);
    offerkit_config_set_token_needed(config, token_needed, host, NULL);
    if (wait_ms) offerkit_config_set_token_wait_ms(config, wait_ms, NULL);
    OfferkitClient *client = NULL;
    offerkit_client_new(config, &client, NULL);
    offerkit_config_free(config);
    host->client = client;
    return client;
}

static void token_host_done(TokenHost *host) {
    if (host->answerer_started) pthread_join(host->answerer, NULL);
    CHECK(host->wrong_client == 0);
    free(host->good_token);
}

void test_token_needed_on_401_then_success(void) {
    TokenHost host;
    OfferkitClient *client = token_client(&host, "not-a-valid-token", 0, 0);
    REQUIRE(client != NULL);
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_OK,
                 error);
    CHECK(offerkit_offer_list_count(list) > 0);
    offerkit_offer_list_free(list);
    CHECK(host.calls == 1);
    CHECK(host.reasons[0] == OFFERKIT_TOKEN_REASON_REJECTED);
    CHECK(sim_stat("graphql") == 2); /* the 401, then the retry with the new token */
    /* The new token is kept: no more questions. */
    list = NULL;
    CHECK(offerkit_client_offers(client, "demo", NULL, &list, NULL) == OFFERKIT_STATUS_OK);
    offerkit_offer_list_free(list);
    CHECK(host.calls == 1);
    offerkit_client_free(client);
    token_host_done(&host);
}

void test_token_needed_answered_later_from_another_thread(void) {
    TokenHost host;
    OfferkitClient *client = token_client(&host, NULL, 1, 5000);
    REQUIRE(client != NULL);
    Recorder r;
    recorder_init(&r);
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, NULL, NULL) ==
            OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&r, 1, 10000) == 1);
    CHECK_STATUS(r.status, OFFERKIT_STATUS_OK, r.error);
    CHECK(host.calls == 1 && host.reasons[0] == OFFERKIT_TOKEN_REASON_MISSING);
    CHECK(sim_stat("graphql") == 1);
    recorder_clear(&r);
    offerkit_client_free(client);
    token_host_done(&host);
}

void test_token_needed_never_answered_times_out(void) {
    TokenHost host;
    OfferkitClient *client = token_client(&host, NULL, 2, 200);
    REQUIRE(client != NULL);
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    long started = now_ms();
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_TIMEOUT,
                 error);
    long took = now_ms() - started;
    CHECK(took >= 150 && took < 20000); /* the 200 ms wait, not the 60 s request timeout */
    CHECK(contains(offerkit_error_message(error), "token"));
    offerkit_error_free(error);
    CHECK(host.calls == 1);
    CHECK(sim_stat("requests") == 0);
    offerkit_client_free(client);
    token_host_done(&host);
}

void test_token_can_be_replaced_at_any_time(void) {
    OfferkitConfig *config = test_config("bad");
    OfferkitClient *client = NULL;
    REQUIRE(offerkit_client_new(config, &client, NULL) == OFFERKIT_STATUS_OK);
    offerkit_config_free(config);
    OfferkitOfferList *list = NULL;
    CHECK(offerkit_client_offers(client, "demo", NULL, &list, NULL) == OFFERKIT_STATUS_UNAUTHORIZED);
    char *good = sim_token(0, true);
    CHECK(offerkit_client_set_access_token(client, good, NULL) == OFFERKIT_STATUS_OK);
    free(good);
    CHECK(offerkit_client_offers(client, "demo", NULL, &list, NULL) == OFFERKIT_STATUS_OK);
    offerkit_offer_list_free(list);
    list = NULL;
    sim_reset_stats();
    CHECK(offerkit_client_set_access_token(client, NULL, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_client_offers(client, "demo", NULL, &list, NULL) == OFFERKIT_STATUS_UNAUTHORIZED);
    CHECK(sim_stat("requests") == 0);
    offerkit_client_free(client);
}

void test_token_callback_stops_at_client_free(void) {
    TokenHost host;
    OfferkitClient *client = token_client(&host, NULL, 2, 30000);
    REQUIRE(client != NULL);
    Recorder r;
    recorder_init(&r);
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, NULL, NULL) ==
            OFFERKIT_STATUS_OK);
    long until = now_ms() + 30000;
    while (host.calls == 0 && now_ms() < until) sleep_ms(5);
    CHECK(host.calls == 1);
    offerkit_client_free(client); /* cancels the request waiting for a token */
    CHECK(r.calls == 1);          /* delivered before free returned */
    CHECK(r.status == OFFERKIT_STATUS_CANCELLED);
    recorder_clear(&r);
    sleep_ms(50);
    CHECK(host.calls == 1);
    token_host_done(&host);
}

void test_token_request_refused_fails_waiting_requests_at_once(void) {
    TokenHost host;
    OfferkitClient *client = token_client(&host, NULL, 3, 60000);
    REQUIRE(client != NULL);
    static const char BAD_UTF8[] = {'r', (char)0xff, 0};
    CHECK(offerkit_client_fail_token_request(NULL, "x", NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_client_fail_token_request(client, BAD_UTF8, NULL) == OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(offerkit_client_fail_token_request(client, NULL, NULL) == OFFERKIT_STATUS_OK); /* nobody waits */
    Recorder r[3];
    long started = now_ms();
    for (int i = 0; i < 3; i++) {
        recorder_init(&r[i]);
        REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r[i], NULL, NULL) ==
                OFFERKIT_STATUS_OK);
    }
    for (int i = 0; i < 3; i++) {
        CHECK(recorder_wait(&r[i], 1, 30000) == 1);
        CHECK(r[i].status == OFFERKIT_STATUS_UNAUTHORIZED);
        CHECK(offerkit_error_status(r[i].error) == OFFERKIT_STATUS_UNAUTHORIZED);
        CHECK(contains(offerkit_error_message(r[i].error), "the game backend returned 503"));
        recorder_clear(&r[i]);
    }
    CHECK(now_ms() - started < 30000); /* refused, not the 60 s token wait */
    CHECK(host.calls == 1);            /* one ask answered all three */
    CHECK(sim_stat("requests") == 0);
    offerkit_client_free(client);
    token_host_done(&host);
}
