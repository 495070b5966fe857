/* Asynchronous requests: cancellation, poll delivery, client free with requests in flight,
 * blocking calls on library threads, and logging. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

static bool wait_stat(const char *name, long value, int timeout_ms) {
    long until = now_ms() + timeout_ms;
    while (now_ms() < until) {
        if (sim_stat(name) == value) return true;
        sleep_ms(10);
    }
    return false;
}

void test_cancel_reports_cancelled_exactly_once(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    sim_fault("{\"kind\":\"latency\",\"ms\":30000}");
    Recorder r;
    recorder_init(&r);
    OfferkitRequest *request = NULL;
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, &request, NULL) ==
            OFFERKIT_STATUS_OK);
    CHECK(wait_stat("in_flight", 1, 30000));
    long started = now_ms();
    CHECK(offerkit_request_cancel(request));
    CHECK(!offerkit_request_cancel(request));
    CHECK(recorder_wait(&r, 1, 15000) == 1);
    CHECK(now_ms() - started < 10000); /* the cancellation, not the server's 30 s */
    CHECK(r.status == OFFERKIT_STATUS_CANCELLED);
    CHECK(offerkit_error_status(r.error) == OFFERKIT_STATUS_CANCELLED);
    CHECK(wait_stat("aborted", 1, 30000)); /* the HTTP exchange was dropped */
    sleep_ms(100);
    CHECK(r.calls == 1);
    recorder_clear(&r);
    offerkit_request_free(request);
    offerkit_client_free(client);
}

void test_cancel_after_completion_does_nothing(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    Recorder r;
    recorder_init(&r);
    OfferkitRequest *request = NULL;
    REQUIRE(offerkit_client_links_async(client, "demo", NULL, NULL, on_json, &r, &request, NULL) ==
            OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&r, 1, 10000) == 1);
    CHECK(!offerkit_request_cancel(request));
    sleep_ms(50);
    CHECK(r.calls == 1 && r.status == OFFERKIT_STATUS_OK);
    recorder_clear(&r);
    offerkit_request_free(request);
    offerkit_client_free(client);
}

void test_freeing_a_request_does_not_cancel_it(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    sim_fault("{\"kind\":\"latency\",\"ms\":200}");
    Recorder r;
    recorder_init(&r);
    OfferkitRequest *request = NULL;
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, &request, NULL) ==
            OFFERKIT_STATUS_OK);
    offerkit_request_free(request);
    CHECK(recorder_wait(&r, 1, 10000) == 1);
    CHECK(r.status == OFFERKIT_STATUS_OK);
    recorder_clear(&r);
    offerkit_client_free(client);
}

void test_poll_mode_delivers_on_the_calling_thread(void) {
    if (curl_run()) NOT_APPLICABLE(POLL_COUNTS_NA);
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_POLL);
    Recorder a, b;
    recorder_init(&a);
    recorder_init(&b);
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &a, NULL, NULL) ==
            OFFERKIT_STATUS_OK);
    REQUIRE(offerkit_client_list_offers_async(client, list_page(5, 1), on_list, &b, NULL, NULL) ==
            OFFERKIT_STATUS_OK);
    CHECK(wait_stat("requests", 2, 30000));
    sleep_ms(300);
    CHECK(a.calls == 0 && b.calls == 0); /* answered or not: nothing runs without a poll */
    /* poll(1) runs at most one: wait until one is queued. */
    long until = now_ms() + 10000;
    size_t ran = 0;
    while (ran == 0 && now_ms() < until) {
        ran = offerkit_client_poll(client, 1);
        if (ran == 0) sleep_ms(5);
    }
    CHECK(ran == 1);
    CHECK(a.calls + b.calls == 1);
    while (a.calls + b.calls < 2 && now_ms() < until) {
        ran += offerkit_client_poll(client, 0);
        sleep_ms(5);
    }
    CHECK(ran == 2);
    CHECK(a.calls == 1 && b.calls == 1);
    CHECK(offerkit_client_poll(client, 0) == 0);
    CHECK(pthread_equal(a.thread, pthread_self()) && pthread_equal(b.thread, pthread_self()));
    CHECK(a.status == OFFERKIT_STATUS_OK && b.status == OFFERKIT_STATUS_OK);
    recorder_clear(&a);
    recorder_clear(&b);
    offerkit_client_free(client);

    OfferkitClient *threaded = test_client(OFFERKIT_DELIVERY_THREAD);
    CHECK(offerkit_client_poll(threaded, 0) == 0);
    offerkit_client_free(threaded);
}

void test_poll_mode_delivers_cancellations_at_poll(void) {
    if (curl_run()) NOT_APPLICABLE(POLL_COUNTS_NA);
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_POLL);
    sim_fault("{\"kind\":\"latency\",\"ms\":5000}");
    Recorder r;
    recorder_init(&r);
    OfferkitRequest *request = NULL;
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, &request, NULL) ==
            OFFERKIT_STATUS_OK);
    CHECK(offerkit_request_cancel(request));
    sleep_ms(50);
    CHECK(r.calls == 0);
    CHECK(offerkit_client_poll(client, 0) == 1);
    CHECK(r.calls == 1 && r.status == OFFERKIT_STATUS_CANCELLED);
    CHECK(pthread_equal(r.thread, pthread_self()));
    recorder_clear(&r);
    offerkit_request_free(request);
    offerkit_client_free(client);
}

void test_client_free_cancels_in_flight_requests(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    sim_fault("{\"kind\":\"latency\",\"ms\":30000,\"times\":3}");
    Recorder r[3];
    OfferkitRequest *requests[3];
    for (int i = 0; i < 3; i++) {
        recorder_init(&r[i]);
        REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r[i], &requests[i],
                                             NULL) == OFFERKIT_STATUS_OK);
    }
    CHECK(wait_stat("in_flight", 3, 30000));
    long started = now_ms();
    offerkit_client_free(client);
    CHECK(now_ms() - started < 10000);
    for (int i = 0; i < 3; i++) {
        CHECK(r[i].calls == 1); /* every callback ran before free returned */
        CHECK(r[i].status == OFFERKIT_STATUS_CANCELLED);
        CHECK(!offerkit_request_cancel(requests[i]));
        offerkit_request_free(requests[i]);
        recorder_clear(&r[i]);
    }
    sleep_ms(100);
    for (int i = 0; i < 3; i++) CHECK(r[i].calls == 1);
}

void test_client_free_in_poll_mode_delivers_everything(void) {
    if (curl_run()) NOT_APPLICABLE(POLL_COUNTS_NA);
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_POLL);
    sim_fault("{\"kind\":\"latency\",\"ms\":30000,\"path\":\"/v1/offers\",\"method\":\"GET\"}");
    Recorder done, slow;
    recorder_init(&done);
    recorder_init(&slow);
    REQUIRE(offerkit_client_links_async(client, "demo", NULL, NULL, on_json, &done, NULL, NULL) ==
            OFFERKIT_STATUS_OK);
    REQUIRE(offerkit_client_list_offers_async(client, NULL, on_list, &slow, NULL, NULL) ==
            OFFERKIT_STATUS_OK);
    CHECK(wait_stat("in_flight", 1, 30000));
    CHECK(wait_stat("graphql", 1, 30000));
    /* The links answer is in, decoded and queued (by time: slow under valgrind). */
    long until = now_ms() + 30000;
    while (offerkit_client_pending_completions(client) < 1 && now_ms() < until) sleep_ms(5);
    CHECK(offerkit_client_pending_completions(client) == 1);
    CHECK(done.calls == 0 && slow.calls == 0); /* queued / in flight, never polled */
    offerkit_client_free(client);
    CHECK(done.calls == 1 && done.status == OFFERKIT_STATUS_OK);        /* delivered as it was */
    CHECK(slow.calls == 1 && slow.status == OFFERKIT_STATUS_CANCELLED); /* cancelled */
    CHECK(pthread_equal(done.thread, pthread_self()) && pthread_equal(slow.thread, pthread_self()));
    recorder_clear(&done);
    recorder_clear(&slow);
}

typedef struct {
    Recorder recorder;
    OfferkitClient *client;
    OfferkitStatus inner;
    bool free_client;
} Nested;

static void call_blocking_inside(void *user_data, const OfferkitRequest *request, OfferkitStatus status, OfferkitOfferList *list,
                                 OfferkitError *error) {
    Nested *n = user_data;
    OfferkitOfferList *inner = NULL;
    n->inner = offerkit_client_list_offers(n->client, list_page(1, 1), &inner, NULL);
    offerkit_offer_list_free(inner);
    if (n->free_client) {
        offerkit_client_free(n->client);
        n->client = NULL;
    }
    on_list(&n->recorder, request, status, list, error);
}

void test_blocking_call_in_a_library_callback_would_deadlock(void) {
    Nested n;
    memset(&n, 0, sizeof n);
    recorder_init(&n.recorder);
    n.client = test_client(OFFERKIT_DELIVERY_THREAD);
    REQUIRE(offerkit_client_offers_async(n.client, "demo", NULL, call_blocking_inside, &n, NULL,
                                         NULL) == OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&n.recorder, 1, 10000) == 1);
    CHECK(n.inner == OFFERKIT_STATUS_WOULD_DEADLOCK);
    recorder_clear(&n.recorder);
    offerkit_client_free(n.client);

    /* In poll mode the callback runs on the host's thread, where blocking is fine. */
    memset(&n, 0, sizeof n);
    recorder_init(&n.recorder);
    n.client = test_client(OFFERKIT_DELIVERY_POLL);
    REQUIRE(offerkit_client_offers_async(n.client, "demo", NULL, call_blocking_inside, &n, NULL,
                                         NULL) == OFFERKIT_STATUS_OK);
    CHECK(recorder_poll(&n.recorder, n.client, 1, 10000) == 1);
    CHECK(n.inner == OFFERKIT_STATUS_OK);
    recorder_clear(&n.recorder);
    offerkit_client_free(n.client);
}

void test_client_free_inside_its_own_callback(void) {
    Nested n;
    memset(&n, 0, sizeof n);
    recorder_init(&n.recorder);
    n.client = test_client(OFFERKIT_DELIVERY_THREAD);
    n.free_client = true;
    sim_fault("{\"kind\":\"latency\",\"ms\":30000,\"path\":\"/v1/offers\",\"method\":\"GET\"}");
    Recorder other;
    recorder_init(&other);
    REQUIRE(offerkit_client_list_offers_async(n.client, NULL, on_list, &other, NULL, NULL) ==
            OFFERKIT_STATUS_OK);
    REQUIRE(offerkit_client_offers_async(n.client, "demo", NULL, call_blocking_inside, &n, NULL,
                                         NULL) == OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&n.recorder, 1, 10000) == 1);
    CHECK(n.client == NULL);
    CHECK(recorder_wait(&other, 1, 30000) == 1); /* the slow one was cancelled by that free */
    CHECK(other.status == OFFERKIT_STATUS_CANCELLED);
    recorder_clear(&n.recorder);
    recorder_clear(&other);
}

void test_pager_outlives_its_client(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitPlayerOffersPager *pager = NULL;
    REQUIRE(offerkit_client_player_offers_pager(client, "demo", NULL, &pager, NULL) ==
            OFFERKIT_STATUS_OK);
    offerkit_client_free(client);
    OfferkitPlayerOffersPage *page = (OfferkitPlayerOffersPage *)0x1;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_player_offers_pager_next(pager, &page, &error), OFFERKIT_STATUS_CANCELLED,
                 error);
    CHECK(page == (OfferkitPlayerOffersPage *)0x1);
    offerkit_error_free(error);
    Recorder r;
    recorder_init(&r);
    CHECK(offerkit_player_offers_pager_next_async(pager, on_page, &r, NULL, NULL) ==
          OFFERKIT_STATUS_CANCELLED);
    offerkit_player_offers_pager_free(pager);
    CHECK(r.calls == 0);
    CHECK(sim_stat("requests") == 0);
}

/* ---- logging ---- */

typedef struct {
    pthread_mutex_t lock;
    int messages;
    int requests_logged;
    bool levels_ok;
    OfferkitStatus nested;
} LogSink;

static void on_log(void *user_data, OfferkitLogLevel level, const char *message) {
    LogSink *sink = user_data;
    pthread_mutex_lock(&sink->lock);
    sink->messages++;
    if (contains(message, "offer service request") && contains(message, "status=")) sink->requests_logged++;
    if (level < OFFERKIT_LOG_LEVEL_ERROR || level > OFFERKIT_LOG_LEVEL_DEBUG) sink->levels_ok = false;
    pthread_mutex_unlock(&sink->lock);
    sink->nested = offerkit_set_log_callback(NULL, NULL, 0, OFFERKIT_DELIVERY_THREAD);
}

void test_log_callback_receives_formatted_messages(void) {
    LogSink sink;
    memset(&sink, 0, sizeof sink);
    pthread_mutex_init(&sink.lock, NULL);
    sink.levels_ok = true;
    sink.nested = OFFERKIT_STATUS_OK;
    CHECK(offerkit_set_log_callback(on_log, &sink, 9, OFFERKIT_DELIVERY_THREAD) == OFFERKIT_STATUS_OUT_OF_RANGE);
    CHECK(offerkit_set_log_callback(on_log, &sink, OFFERKIT_LOG_LEVEL_DEBUG, OFFERKIT_DELIVERY_THREAD) == OFFERKIT_STATUS_OK);
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitOfferList *list = NULL;
    CHECK(offerkit_client_offers(client, "demo", NULL, &list, NULL) == OFFERKIT_STATUS_OK);
    offerkit_offer_list_free(list);
    CHECK(offerkit_set_log_callback(NULL, NULL, OFFERKIT_LOG_LEVEL_OFF, OFFERKIT_DELIVERY_THREAD) == OFFERKIT_STATUS_OK);
    int seen = sink.messages;
    CHECK(seen > 0);
    CHECK(sink.requests_logged >= 1);
    CHECK(sink.levels_ok);
    CHECK(sink.nested == OFFERKIT_STATUS_WOULD_DEADLOCK);
    list = NULL;
    CHECK(offerkit_client_offers(client, "demo", NULL, &list, NULL) == OFFERKIT_STATUS_OK);
    offerkit_offer_list_free(list);
    CHECK(sink.messages == seen); /* removed: never called again */
    offerkit_client_free(client);
}
