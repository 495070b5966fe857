/* Poll delivery: every callback of a poll-delivery client runs on a host thread (completions
 * and _async token asks inside the poll, a blocking call's token ask inline), the request
 * pointer completions receive, pending_completions and poll_wait, and log poll delivery. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* ---- token-needed in poll delivery ---- */

typedef struct {
    int calls;
    const OfferkitClient *client;      /* the client argument of the last call */
    pthread_t thread;                   /* the thread of the last call */
    bool off_thread;                    /* a call ran on another thread than `expected` */
    pthread_t expected;
    char *token;                        /* answered inside the call */
} PollTokens;

static void poll_token_needed(void *user_data, const OfferkitClient *client,
                              OfferkitTokenReason reason) {
    PollTokens *t = user_data;
    (void)reason;
    t->calls++;
    t->client = client;
    t->thread = pthread_self();
    if (!pthread_equal(t->thread, t->expected)) t->off_thread = true;
    offerkit_client_set_access_token(client, t->token, NULL);
}

/* A poll-delivery client without a token, asking `t` for one. */
static OfferkitClient *poll_token_client(PollTokens *t) {
    memset(t, 0, sizeof *t);
    t->token = sim_token(0, true);
    t->expected = pthread_self();
    OfferkitConfig *config = test_config(NULL);
    offerkit_config_set_delivery(config, OFFERKIT_DELIVERY_POLL, NULL);
    offerkit_config_set_token_needed(config, poll_token_needed, t, NULL);
    return client_of(config);
}

void test_poll_mode_token_ask_of_an_async_request_runs_inside_poll(void) {
    PollTokens t;
    OfferkitClient *client = poll_token_client(&t);
    Recorder r;
    recorder_init(&r);
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, NULL, NULL) ==
            OFFERKIT_STATUS_OK);
    /* The ask is queued, not run on the library thread. */
    long until = now_ms() + 30000;
    while (offerkit_client_pending_completions(client) < 1 && now_ms() < until) sleep_ms(5);
    CHECK(offerkit_client_pending_completions(client) == 1);
    CHECK(t.calls == 0);
    CHECK(r.calls == 0);
    /* It runs inside the poll, on this thread, told which client asks. */
    size_t ran = 0;
    CHECK(offerkit_client_poll_wait(client, 0, 1, &ran, NULL) == OFFERKIT_STATUS_OK);
    CHECK(ran == 1);
    CHECK(t.calls == 1);
    CHECK(t.client == client);
    CHECK(pthread_equal(t.thread, pthread_self()));
    /* The answer lets the request go on; its completion comes at a later poll. */
    CHECK(recorder_poll(&r, client, 1, 30000) == 1);
    CHECK(r.status == OFFERKIT_STATUS_OK);
    CHECK(pthread_equal(r.thread, pthread_self()));
    CHECK(!t.off_thread);
    recorder_clear(&r);
    offerkit_client_free(client);
    free(t.token);
}

void test_poll_mode_token_ask_of_a_blocking_call_runs_inline(void) {
    PollTokens t;
    OfferkitClient *client = poll_token_client(&t);
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    /* Nobody polls: the ask can only be answered because it runs inside this call. */
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_OK,
                 error);
    offerkit_offer_list_free(list);
    offerkit_error_free(error);
    CHECK(t.calls == 1);
    CHECK(t.client == client);
    CHECK(pthread_equal(t.thread, pthread_self()));
    CHECK(!t.off_thread);
    CHECK(offerkit_client_pending_completions(client) == 0);
    offerkit_client_free(client);
    free(t.token);
}

void test_thread_mode_token_ask_gets_its_client(void) {
    PollTokens t;
    memset(&t, 0, sizeof t);
    t.token = sim_token(0, true);
    t.expected = pthread_self();
    OfferkitConfig *config = test_config(NULL);
    offerkit_config_set_token_needed(config, poll_token_needed, &t, NULL);
    OfferkitClient *client = client_of(config);
    Recorder r;
    recorder_init(&r);
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, NULL, NULL) ==
            OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&r, 1, 30000) == 1);
    CHECK(r.status == OFFERKIT_STATUS_OK);
    CHECK(t.calls == 1);
    CHECK(t.client == client);
    CHECK(t.off_thread); /* thread delivery: asked on the library thread */
    recorder_clear(&r);
    offerkit_client_free(client);
    free(t.token);
}

/* ---- the request pointer of completions ---- */

void test_completion_gets_its_request_even_after_the_handle_is_freed(void) {
    uint32_t deliveries[2] = {OFFERKIT_DELIVERY_THREAD, OFFERKIT_DELIVERY_POLL};
    for (int d = 0; d < 2; d++) {
        OfferkitClient *client = test_client(deliveries[d]);
        Recorder kept, freed, forgotten;
        recorder_init(&kept);
        recorder_init(&freed);
        recorder_init(&forgotten);
        OfferkitRequest *kept_request = NULL, *freed_request = NULL;
        REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &kept, &kept_request,
                                             NULL) == OFFERKIT_STATUS_OK);
        REQUIRE(offerkit_client_links_async(client, "demo", NULL, NULL, on_json, &freed,
                                            &freed_request, NULL) == OFFERKIT_STATUS_OK);
        uint64_t kept_id = offerkit_request_id(kept_request);
        uint64_t freed_id = offerkit_request_id(freed_request);
        /* The host drops its handle at once; the callback still gets the same pointer. */
        const OfferkitRequest *freed_pointer = freed_request;
        offerkit_request_free(freed_request);
        /* Fire and forget: the library owns the request. */
        REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &forgotten, NULL,
                                             NULL) == OFFERKIT_STATUS_OK);
        if (deliveries[d] == OFFERKIT_DELIVERY_POLL) {
            CHECK(recorder_poll(&kept, client, 1, 30000) == 1);
            CHECK(recorder_poll(&freed, client, 1, 30000) == 1);
            CHECK(recorder_poll(&forgotten, client, 1, 30000) == 1);
        } else {
            CHECK(recorder_wait(&kept, 1, 30000) == 1);
            CHECK(recorder_wait(&freed, 1, 30000) == 1);
            CHECK(recorder_wait(&forgotten, 1, 30000) == 1);
        }
        CHECK(kept_id != 0 && freed_id != 0 && kept_id != freed_id);
        CHECK(kept.request == kept_request && kept.request_id == kept_id);
        CHECK(freed.request == freed_pointer && freed.request_id == freed_id);
        CHECK(forgotten.request != NULL && forgotten.request_id != 0);
        CHECK(forgotten.request_id != kept_id && forgotten.request_id != freed_id);
        /* Cancelling inside its own callback: already decided. */
        CHECK(!kept.in_own_callback_cancel && !freed.in_own_callback_cancel &&
              !forgotten.in_own_callback_cancel);
        CHECK(kept.status == OFFERKIT_STATUS_OK && freed.status == OFFERKIT_STATUS_OK &&
              forgotten.status == OFFERKIT_STATUS_OK);
        /* The kept handle still works after its callback. */
        CHECK(offerkit_request_id(kept_request) == kept_id);
        CHECK(!offerkit_request_cancel(kept_request));
        offerkit_request_free(kept_request);
        recorder_clear(&kept);
        recorder_clear(&freed);
        recorder_clear(&forgotten);
        offerkit_client_free(client);
    }
    CHECK(offerkit_request_id(NULL) == 0);
}

/* ---- pending_completions and poll_wait ---- */

typedef struct {
    Recorder recorder;
    OfferkitClient *polled;
    OfferkitStatus inside;
} WaitInside;

static void poll_wait_inside(void *user_data, const OfferkitRequest *request,
                             OfferkitStatus status, OfferkitOfferList *list,
                             OfferkitError *error) {
    WaitInside *w = user_data;
    size_t ran = 0;
    w->inside = offerkit_client_poll_wait(w->polled, 0, 0, &ran, NULL);
    on_list(&w->recorder, request, status, list, error);
}

void test_poll_wait_waits_for_a_completion_and_runs_it(void) {
    if (curl_run()) NOT_APPLICABLE(POLL_COUNTS_NA);
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_POLL);
    CHECK(offerkit_client_pending_completions(client) == 0);
    CHECK(offerkit_client_pending_completions(NULL) == 0);
    size_t ran = 99;
    OfferkitError *error = NULL;
    /* Nothing queued: a timeout is OK with nothing run. */
    CHECK_STATUS(offerkit_client_poll_wait(client, 0, 0, &ran, &error), OFFERKIT_STATUS_OK, error);
    CHECK(ran == 0);
    ran = 99;
    CHECK_STATUS(offerkit_client_poll_wait(client, 20, 0, &ran, &error), OFFERKIT_STATUS_OK, error);
    CHECK(ran == 0);

    Recorder r;
    recorder_init(&r);
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, NULL, NULL) ==
            OFFERKIT_STATUS_OK);
    /* Waits (up to a generous bound) for the completion, then runs it here. */
    ran = 0;
    long until = now_ms() + 60000;
    while (ran == 0 && now_ms() < until) {
        CHECK_STATUS(offerkit_client_poll_wait(client, 60000, 0, &ran, &error), OFFERKIT_STATUS_OK,
                     error);
    }
    CHECK(ran == 1);
    CHECK(r.calls == 1 && r.status == OFFERKIT_STATUS_OK);
    CHECK(pthread_equal(r.thread, pthread_self()));
    CHECK(offerkit_client_pending_completions(client) == 0);
    recorder_clear(&r);

    /* max bounds how many run; pending counts what is left. */
    Recorder two[2];
    for (int i = 0; i < 2; i++) {
        recorder_init(&two[i]);
        REQUIRE(offerkit_client_links_async(client, "demo", NULL, NULL, on_json, &two[i], NULL,
                                            NULL) == OFFERKIT_STATUS_OK);
    }
    until = now_ms() + 60000;
    while (offerkit_client_pending_completions(client) < 2 && now_ms() < until) sleep_ms(5);
    CHECK(offerkit_client_pending_completions(client) == 2);
    CHECK_STATUS(offerkit_client_poll_wait(client, 1000, 1, &ran, &error), OFFERKIT_STATUS_OK, error);
    CHECK(ran == 1);
    CHECK(offerkit_client_pending_completions(client) == 1);
    CHECK(two[0].calls + two[1].calls == 1);
    CHECK(offerkit_client_poll(client, 0) == 1);
    CHECK(two[0].calls == 1 && two[1].calls == 1);
    recorder_clear(&two[0]);
    recorder_clear(&two[1]);

    /* The longest wait allowed (returns at once: a completion is queued). */
    recorder_init(&r);
    REQUIRE(offerkit_client_links_async(client, "demo", NULL, NULL, on_json, &r, NULL, NULL) ==
            OFFERKIT_STATUS_OK);
    until = now_ms() + 60000;
    while (offerkit_client_pending_completions(client) < 1 && now_ms() < until) sleep_ms(5);
    CHECK_STATUS(offerkit_client_poll_wait(client, 86400000, 0, &ran, &error), OFFERKIT_STATUS_OK,
                 error);
    CHECK(ran == 1 && r.calls == 1);
    recorder_clear(&r);

    /* Misuse. */
    CHECK(offerkit_client_poll_wait(client, 86400001, 0, &ran, &error) ==
          OFFERKIT_STATUS_OUT_OF_RANGE);
    CHECK(error != NULL && contains(offerkit_error_message(error), "timeout_ms"));
    offerkit_error_free(error);
    error = NULL;
    CHECK(offerkit_client_poll_wait(client, 0, 0, NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_client_poll_wait(NULL, 0, 0, &ran, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    OfferkitClient *threaded = test_client(OFFERKIT_DELIVERY_THREAD);
    CHECK(offerkit_client_poll_wait(threaded, 0, 0, &ran, &error) ==
          OFFERKIT_STATUS_INVALID_ARGUMENT);
    offerkit_error_free(error);
    CHECK(offerkit_client_pending_completions(threaded) == 0);

    /* On a library thread (a thread-delivery callback) it would deadlock. */
    WaitInside w;
    memset(&w, 0, sizeof w);
    recorder_init(&w.recorder);
    w.polled = client;
    REQUIRE(offerkit_client_offers_async(threaded, "demo", NULL, poll_wait_inside, &w, NULL,
                                         NULL) == OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&w.recorder, 1, 30000) == 1);
    CHECK(w.inside == OFFERKIT_STATUS_WOULD_DEADLOCK);
    recorder_clear(&w.recorder);
    offerkit_client_free(threaded);
    offerkit_client_free(client);
}

/* ---- log poll delivery ---- */

typedef struct {
    int messages;
    int warnings;
    bool off_thread;
    pthread_t expected;
    char first[128];
    char second[128];
    OfferkitStatus shutdown_inside; /* offerkit_shutdown called inside the first message */
} PolledLog;

static void polled_log(void *user_data, OfferkitLogLevel level, const char *message) {
    PolledLog *log = user_data;
    if (!pthread_equal(pthread_self(), log->expected)) log->off_thread = true;
    if (log->messages == 0) {
        snprintf(log->first, sizeof log->first, "%d %s", (int)level, message);
        log->shutdown_inside = offerkit_shutdown(NULL);
    }
    if (log->messages == 1) snprintf(log->second, sizeof log->second, "%d %s", (int)level, message);
    if (level == OFFERKIT_LOG_LEVEL_WARN) log->warnings++;
    log->messages++;
}

void test_log_poll_delivery_runs_on_the_polling_thread(void) {
    PolledLog log;
    memset(&log, 0, sizeof log);
    log.expected = pthread_self();
    CHECK(offerkit_set_log_callback(polled_log, &log, OFFERKIT_LOG_LEVEL_DEBUG, 2) ==
          OFFERKIT_STATUS_OUT_OF_RANGE);
    CHECK(offerkit_set_log_callback(polled_log, &log, OFFERKIT_LOG_LEVEL_DEBUG,
                                    OFFERKIT_DELIVERY_POLL) == OFFERKIT_STATUS_OK);
    /* Thread-delivery requests log on the library thread; the messages wait for a poll. */
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    Recorder r;
    recorder_init(&r);
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, NULL, NULL) ==
            OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&r, 1, 30000) == 1);
    recorder_clear(&r);
    CHECK(log.messages == 0);
    size_t ran = offerkit_log_poll(0);
    CHECK(ran > 0);
    CHECK(log.messages == (int)ran);
    CHECK(!log.off_thread);
    CHECK(log.shutdown_inside == OFFERKIT_STATUS_WOULD_DEADLOCK); /* inside a log callback */
    /* Any client's poll drains the log queue too. */
    OfferkitClient *polled = test_client(OFFERKIT_DELIVERY_POLL);
    int before = log.messages;
    OfferkitOfferList *list = NULL;
    CHECK(offerkit_client_offers(client, "demo", NULL, &list, NULL) == OFFERKIT_STATUS_OK);
    offerkit_offer_list_free(list);
    CHECK(log.messages == before);
    CHECK(offerkit_client_poll(polled, 0) == 0); /* no completion of its own */
    CHECK(log.messages > before);
    before = log.messages;
    list = NULL;
    CHECK(offerkit_client_offers(client, "demo", NULL, &list, NULL) == OFFERKIT_STATUS_OK);
    offerkit_offer_list_free(list);
    CHECK(offerkit_client_poll_wait(polled, 0, 0, &ran, NULL) == OFFERKIT_STATUS_OK);
    CHECK(log.messages > before);
    CHECK(!log.off_thread);
    CHECK(offerkit_set_log_callback(NULL, NULL, OFFERKIT_LOG_LEVEL_OFF, OFFERKIT_DELIVERY_POLL) ==
          OFFERKIT_STATUS_OK);
    CHECK(offerkit_log_poll(0) == 0);
    offerkit_client_free(polled);
    offerkit_client_free(client);
}

void test_log_poll_queue_drops_the_oldest_and_says_how_many(void) {
#if !defined(OFFERKIT_TEST_HOOKS)
    NOT_APPLICABLE("built without OFFERKIT_TEST_HOOKS: cannot log on demand");
#else
    PolledLog log;
    memset(&log, 0, sizeof log);
    log.expected = pthread_self();
    CHECK(offerkit_set_log_callback(polled_log, &log, OFFERKIT_LOG_LEVEL_WARN,
                                    OFFERKIT_DELIVERY_POLL) == OFFERKIT_STATUS_OK);
    offerkit_test_log_messages(1030);
    /* 1 024 kept, 6 dropped: the notice first, then the oldest kept message (number 6). */
    CHECK(offerkit_log_poll(2) == 2);
    CHECK(strcmp(log.first, "2 offerkit: 6 log messages dropped") == 0);
    CHECK(strcmp(log.second, "2 offerkit::test: test message 6") == 0);
    CHECK(offerkit_log_poll(0) == 1023);
    CHECK(log.messages == 1025 && log.warnings == 1025);
    CHECK(offerkit_log_poll(0) == 0);
    /* Replacing the callback drops what was queued for the old one. */
    offerkit_test_log_messages(5);
    CHECK(offerkit_set_log_callback(polled_log, &log, OFFERKIT_LOG_LEVEL_WARN,
                                    OFFERKIT_DELIVERY_POLL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_log_poll(0) == 0);
    /* And so does offerkit_shutdown, which removes the callback too. */
    offerkit_test_log_messages(5);
    CHECK(offerkit_shutdown(NULL) == OFFERKIT_STATUS_OK);
    offerkit_test_log_messages(5);
    CHECK(offerkit_log_poll(0) == 0);
    CHECK(log.messages == 1025);
    CHECK(!log.off_thread);
#endif
}
