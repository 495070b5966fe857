/* Freeing a client from inside one of its own completion callbacks (poll delivery) returns,
 * delivers every other owed callback exactly once, and leaves nothing behind. */
#include <stdio.h>
#include <stdlib.h>

#include "support.h"

static OfferkitClient *victim;
static int calls, freed;

static void free_on_first(void *user_data, const OfferkitRequest *request, OfferkitStatus status, OfferkitOfferList *list,
                          OfferkitError *error) {
    (void)request;
    (void)user_data;
    (void)status;
    calls++;
    offerkit_offer_list_free(list);
    offerkit_error_free(error);
    if (!freed) {
        freed = 1;
        offerkit_client_free(victim); /* from inside its own completion */
    }
}

void test_free_client_inside_its_own_poll_completion(void) {
    calls = 0;
    freed = 0;
    victim = test_client(OFFERKIT_DELIVERY_POLL);
    OfferkitOffersOptions *options = offers_options();
    SET(offerkit_offers_options_set_limit(options, 2, NULL));
    OfferkitError *error = NULL;
    for (int i = 0; i < 3; i++) {
        CHECK_STATUS(offerkit_client_offers_async(victim, "demo", options, free_on_first, NULL, NULL, &error),
                     OFFERKIT_STATUS_OK, error);
    }
    /* Bounded by time, not by a number of polls: under valgrind a poll is fast and a request slow. */
    long deadline = now_ms() + 20000;
    while (!freed && now_ms() < deadline) {
        if (offerkit_client_poll(victim, 1) == 0) sleep_ms(1);
    }
    REQUIRE(freed);
    CHECK(calls == 3); /* the other two were delivered (cancelled or done) during the free */
}

/* A completion the library thread has decided but not yet queued when the client is freed from
 * inside another completion: the free still delivers it before returning (a test hook holds
 * it between the two for 300 ms, where a free used to give up and leave it for later). */
void test_free_inside_a_poll_completion_waits_for_a_decided_one(void) {
#if !defined(OFFERKIT_TEST_HOOKS)
    NOT_APPLICABLE("built without OFFERKIT_TEST_HOOKS: cannot hold a completion before it is queued");
#else
    calls = 0;
    freed = 0;
    victim = test_client(OFFERKIT_DELIVERY_POLL);
    OfferkitOffersOptions *options = offers_options();
    SET(offerkit_offers_options_set_limit(options, 1, NULL));
    offerkit_test_delay_queueing_ms(300);
    for (int i = 0; i < 2; i++)
        CHECK(offerkit_client_offers_async(victim, "demo", options, free_on_first, NULL, NULL, NULL) ==
              OFFERKIT_STATUS_OK);
    long deadline = now_ms() + 20000;
    while (!freed && now_ms() < deadline) {
        if (offerkit_client_poll(victim, 1) == 0) sleep_ms(1);
    }
    offerkit_test_delay_queueing_ms(0);
    REQUIRE(freed);
    CHECK(calls == 2); /* the second, decided and held, was delivered by the free */
    sleep_ms(400);
    CHECK(calls == 2); /* and not again */
#endif
}
