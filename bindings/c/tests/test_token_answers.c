/* Wrong answers to the token-needed callback. A C callback cannot throw, but it can answer
 * wrongly: a token the service rejects (asked once more, then UNAUTHORIZED — no loop), a token
 * the library refuses (not UTF-8: set_access_token fails, so nothing was answered and the wait
 * ends in TIMEOUT, not a hang), two answers to one ask (the last token counts), a refusal and a
 * token in one answer (the refusal fails the wait, the token is kept), and no answer at all to an _async request in poll mode (TIMEOUT after the token
 * wait, delivered by a poll). Asks answered at once or later, never, or refused are in
 * test_tokens.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

static const char NOT_UTF8[] = {'t', 'o', (char)0xff, 'k', 0};

typedef enum {
    GARBAGE,          /* a token the service answers 401 to */
    NOT_UTF8_TOKEN,   /* a token set_access_token refuses */
    GARBAGE_THEN_GOOD,
    REFUSE_THEN_GOOD,
    SILENT,
} Answer;

typedef struct {
    pthread_mutex_t lock;
    Answer answer;
    char *good;
    int calls;
    OfferkitTokenReason reasons[8];
    OfferkitStatus set_status; /* of the last set_access_token */
} Host;

static void wrong_answer(void *user_data, const OfferkitClient *client, OfferkitTokenReason reason) {
    Host *host = user_data;
    pthread_mutex_lock(&host->lock);
    if (host->calls < 8) host->reasons[host->calls] = reason;
    host->calls++;
    pthread_mutex_unlock(&host->lock);
    OfferkitError *error = NULL;
    switch (host->answer) {
    case GARBAGE:
        host->set_status = offerkit_client_set_access_token(client, "garbage.not-a.jwt", &error);
        break;
    case NOT_UTF8_TOKEN:
        host->set_status = offerkit_client_set_access_token(client, NOT_UTF8, &error);
        break;
    case GARBAGE_THEN_GOOD:
        offerkit_client_set_access_token(client, "garbage.not-a.jwt", NULL);
        host->set_status = offerkit_client_set_access_token(client, host->good, &error);
        break;
    case REFUSE_THEN_GOOD:
        offerkit_client_fail_token_request(client, "signed out", NULL);
        host->set_status = offerkit_client_set_access_token(client, host->good, &error);
        break;
    case SILENT:
        break;
    }
    offerkit_error_free(error);
}

static OfferkitClient *host_client(Host *host, Answer answer, uint64_t wait_ms, OfferkitDelivery delivery) {
    memset(host, 0, sizeof *host);
    pthread_mutex_init(&host->lock, NULL);
    host->answer = answer;
    host->good = sim_token(0, true);
    host->set_status = OFFERKIT_STATUS_OK;
    OfferkitConfig *config = test_config(NULL);
    offerkit_config_set_token_needed(config, wrong_answer, host, NULL);
    offerkit_config_set_token_wait_ms(config, wait_ms, NULL);
    offerkit_config_set_delivery(config, delivery, NULL);
    return client_of(config);
}

void test_token_answer_the_service_rejects_is_asked_for_once_more_then_unauthorized(void) {
    Host host;
    OfferkitClient *client = host_client(&host, GARBAGE, 60000, OFFERKIT_DELIVERY_THREAD);
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_UNAUTHORIZED,
                 error);
    CHECK(offerkit_error_http_status(error) == 401);
    offerkit_error_free(error);
    CHECK(list == NULL);
    CHECK(host.set_status == OFFERKIT_STATUS_OK); /* the library took it: only the service can tell */
    CHECK(host.calls == 2);                       /* no token, then once after the 401 */
    CHECK(host.reasons[0] == OFFERKIT_TOKEN_REASON_MISSING);
    CHECK(host.reasons[1] == OFFERKIT_TOKEN_REASON_REJECTED);
    CHECK(sim_stat("graphql") == 2);

    /* The same through an _async request. */
    sim_reset_stats();
    host.calls = 0;
    Recorder r;
    recorder_init(&r);
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, NULL, NULL) == OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&r, 1, 30000) == 1);
    CHECK(r.status == OFFERKIT_STATUS_UNAUTHORIZED);
    CHECK(host.calls == 1); /* the garbage token is still set: only the 401 asks */
    CHECK(host.reasons[0] == OFFERKIT_TOKEN_REASON_REJECTED);
    CHECK(sim_stat("graphql") == 2);
    recorder_clear(&r);
    offerkit_client_free(client);
    free(host.good);
}

void test_token_answer_the_library_refuses_leaves_the_wait_to_time_out(void) {
    Host host;
    OfferkitClient *client = host_client(&host, NOT_UTF8_TOKEN, 300, OFFERKIT_DELIVERY_THREAD);
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_TIMEOUT, error);
    CHECK(contains(offerkit_error_message(error), "token"));
    offerkit_error_free(error);
    CHECK(host.set_status == OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(host.calls == 1);
    CHECK(sim_stat("requests") == 0);
    offerkit_client_free(client);
    free(host.good);
}

void test_token_answered_twice_the_last_answer_counts(void) {
    Host host;
    OfferkitClient *client = host_client(&host, GARBAGE_THEN_GOOD, 60000, OFFERKIT_DELIVERY_THREAD);
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_OK, error);
    CHECK(offerkit_offer_list_count(list) > 0);
    offerkit_offer_list_free(list);
    CHECK(host.calls == 1);
    CHECK(sim_stat("graphql") == 1); /* sent once, with the good token */
    offerkit_client_free(client);
    free(host.good);
}

void test_token_refused_then_given_fails_this_wait_and_keeps_the_token(void) {
    Host host;
    OfferkitClient *client = host_client(&host, REFUSE_THEN_GOOD, 60000, OFFERKIT_DELIVERY_THREAD);
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    /* Both answers arrived while the call waited (the ask ran inline, on its thread): the
     * refusal was made to a waiting request, so it fails it, saying why. */
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_UNAUTHORIZED,
                 error);
    CHECK(contains(offerkit_error_message(error), "signed out"));
    offerkit_error_free(error);
    error = NULL;
    CHECK(list == NULL);
    CHECK(host.set_status == OFFERKIT_STATUS_OK);
    CHECK(sim_stat("requests") == 0);
    CHECK(host.calls == 1);
    /* The token given after the refusal is kept: the next call needs no ask. */
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_OK, error);
    offerkit_offer_list_free(list);
    CHECK(host.calls == 1);
    offerkit_client_free(client);
    free(host.good);
}

void test_token_never_answered_in_poll_mode_times_out_through_the_poll(void) {
    Host host;
    OfferkitClient *client = host_client(&host, SILENT, 300, OFFERKIT_DELIVERY_POLL);
    Recorder r;
    recorder_init(&r);
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, NULL, NULL) == OFFERKIT_STATUS_OK);
    CHECK(recorder_poll(&r, client, 1, 30000) == 1); /* the ask, then the timeout, each by a poll */
    CHECK(r.status == OFFERKIT_STATUS_TIMEOUT);
    CHECK(r.error != NULL && contains(offerkit_error_message(r.error), "token"));
    CHECK(pthread_equal(r.thread, pthread_self()));
    CHECK(host.calls == 1);
    CHECK(sim_stat("requests") == 0);
    recorder_clear(&r);
    offerkit_client_free(client);
    free(host.good);
}
