/* offerkit_shutdown: stopping the library (its threads joined, its globals released) and
 * starting it again; refused while a client or pager lives, and inside callbacks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* One blocking offers query; true when it returned offers. */
static bool query_works(OfferkitClient *client) {
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    OfferkitStatus status = offerkit_client_offers(client, "demo", NULL, &list, &error);
    CHECK_STATUS(status, OFFERKIT_STATUS_OK, error);
    bool ok = status == OFFERKIT_STATUS_OK && offerkit_offer_list_count(list) > 0;
    offerkit_offer_list_free(list);
    offerkit_error_free(error);
    return ok;
}

/* The threads of the process once they are fewer than `below` and at most `most` (or after
 * 5 s). A thread whose join has returned may still be counted for a moment while it finishes
 * exiting: qemu-user (the arm64 run of bindings/c/test-cross.sh) wakes the joining thread before
 * the host thread that emulated it ends, so a count taken just after a shutdown can include the
 * threads it joined. */
static int threads_once_fewer(int below, int most) {
    long until = now_ms() + 5000;
    int now;
    while (((now = process_threads()) >= below || now > most) && now_ms() < until) sleep_ms(5);
    return now;
}

void test_shutdown_stops_and_the_library_starts_again(void) {
    /* Earlier tests left the runtime running: stop it, to count threads without it. */
    OfferkitError *first = NULL;
    CHECK_STATUS(offerkit_shutdown(&first), OFFERKIT_STATUS_OK, first);
    settle_host_threads();
    int threads_before = process_threads();
    for (int round = 0; round < 2; round++) {
        OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
        REQUIRE(client != NULL);
        CHECK(query_works(client));
        /* An _async query too: it runs on the library thread of this round's runtime. */
        Recorder r;
        recorder_init(&r);
        REQUIRE(offerkit_client_links_async(client, "demo", NULL, NULL, on_json, &r, NULL, NULL) ==
                OFFERKIT_STATUS_OK);
        CHECK(recorder_wait(&r, 1, 30000) == 1);
        CHECK(r.status == OFFERKIT_STATUS_OK);
        recorder_clear(&r);
        int running = process_threads(); /* with the library thread */
        offerkit_client_free(client);
        settle_host_threads();
        OfferkitError *error = NULL;
        CHECK_STATUS(offerkit_shutdown(&error), OFFERKIT_STATUS_OK, error);
        /* Its threads were joined: none of them is left, and the library thread was one. */
        int after = threads_once_fewer(running, threads_before);
        CHECK(after < running);
        CHECK(after <= threads_before);
        /* Idempotent. */
        CHECK_STATUS(offerkit_shutdown(&error), OFFERKIT_STATUS_OK, error);
        CHECK(offerkit_shutdown(NULL) == OFFERKIT_STATUS_OK);
    }
}

void test_shutdown_is_busy_while_a_client_or_pager_lives(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_POLL);
    OfferkitPlayerOffersPager *pager = NULL;
    REQUIRE(offerkit_client_player_offers_pager(client, "demo", NULL, &pager, NULL) ==
            OFFERKIT_STATUS_OK);
    OfferkitError *error = NULL;
    CHECK(offerkit_shutdown(&error) == OFFERKIT_STATUS_BUSY);
    CHECK(error != NULL && contains(offerkit_error_message(error), "1 client(s) and 1 pager(s)"));
    offerkit_error_free(error);
    error = NULL;
    /* Nothing was stopped: the client still works. */
    CHECK(query_works(client));
    offerkit_client_free(client);
    CHECK(offerkit_shutdown(&error) == OFFERKIT_STATUS_BUSY);
    CHECK(error != NULL && contains(offerkit_error_message(error), "0 client(s) and 1 pager(s)"));
    offerkit_error_free(error);
    error = NULL;
    offerkit_player_offers_pager_free(pager);
    CHECK_STATUS(offerkit_shutdown(&error), OFFERKIT_STATUS_OK, error);
}

typedef struct {
    Recorder recorder;
    OfferkitStatus inside;
    bool free_first;
    OfferkitClient *client;
} ShutdownInside;

static void shut_down_inside(void *user_data, const OfferkitRequest *request, OfferkitStatus status,
                             OfferkitOfferList *list, OfferkitError *error) {
    ShutdownInside *s = user_data;
    if (s->free_first) {
        offerkit_client_free(s->client); /* no client alive: still inside a callback */
        s->client = NULL;
    }
    s->inside = offerkit_shutdown(NULL);
    on_list(&s->recorder, request, status, list, error);
}

void test_shutdown_inside_a_callback_would_deadlock(void) {
    uint32_t deliveries[2] = {OFFERKIT_DELIVERY_THREAD, OFFERKIT_DELIVERY_POLL};
    for (int i = 0; i < 2; i++) {
        ShutdownInside s;
        memset(&s, 0, sizeof s);
        recorder_init(&s.recorder);
        s.free_first = deliveries[i] == OFFERKIT_DELIVERY_POLL;
        s.client = test_client(deliveries[i]);
        REQUIRE(offerkit_client_offers_async(s.client, "demo", NULL, shut_down_inside, &s, NULL,
                                             NULL) == OFFERKIT_STATUS_OK);
        if (deliveries[i] == OFFERKIT_DELIVERY_POLL)
            CHECK(recorder_poll(&s.recorder, s.client, 1, 30000) == 1);
        else
            CHECK(recorder_wait(&s.recorder, 1, 30000) == 1);
        CHECK(s.inside == OFFERKIT_STATUS_WOULD_DEADLOCK);
        recorder_clear(&s.recorder);
        offerkit_client_free(s.client);
    }
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_shutdown(&error), OFFERKIT_STATUS_OK, error);
}
