/* The host HTTP executor (offerkit_config_set_http_executor): what the host is handed, where its
 * callbacks run, and that every misuse of a request (a second answer, an answer nobody waits
 * for, NULLs, a status that is none, hostile answers) is a typed status, never a crash. The
 * answers that should succeed go to the real simulator through the libcurl executor; the
 * "holding" executor below keeps each request for the test to answer (or not) itself. */
#define _GNU_SOURCE /* memmem */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "curl_executor.h"
#include "platform.h"
#include "support.h"

/* An executor that holds every request it gets, and counts its calls. */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    OfferkitHttpRequest *requests[16];
    int executed, cancels;
    pthread_t execute_thread, cancel_thread;
    const OfferkitHttpRequest *cancelled; /* the pointer the cancel callback got */
    bool forward;       /* hand each request to the curl executor (plain_execute without libcurl) */
    bool free_at_once;  /* free each request unanswered, inside execute */
} Holder;

static void holder_init(Holder *h) {
    memset(h, 0, sizeof *h);
    pthread_mutex_init(&h->lock, NULL);
    pthread_cond_init(&h->cond, NULL);
}

#ifdef OFFERKIT_TEST_NO_CURL
/* Without libcurl (the Windows and arm64 runs of bindings/c/test-cross.sh): sends the request to
 * the simulator as HTTP/1.0 over a plain loopback socket (so the answer ends at the close, never
 * chunked), reads it to the end and answers, before returning. No answer header is passed on:
 * offerkit reads only Retry-After and Location, which the forwarded answers do not carry. Any
 * failure answers `network`. */
static void plain_execute(OfferkitHttpRequest *request) {
    const char *url = offerkit_http_request_url(request); /* http://127.0.0.1:PORT/path */
    const char *host = strstr(url, "://");
    const char *colon = host ? strchr(host + 3, ':') : NULL;
    const char *path = colon ? strchr(colon, '/') : NULL;
    const uint8_t *body = NULL;
    size_t body_len = 0;
    offerkit_http_request_body(request, &body, &body_len, NULL);
    size_t cap = 8192, len = 0;
    char *buf = malloc(cap);
    int status = -1;
    sock_t fd = path ? socket(AF_INET, SOCK_STREAM, 0) : SOCK_INVALID;
    if (fd != SOCK_INVALID) {
        struct sockaddr_in addr;
        memset(&addr, 0, sizeof addr);
        addr.sin_family = AF_INET;
        addr.sin_port = htons((uint16_t)atoi(colon + 1));
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (connect(fd, (struct sockaddr *)&addr, sizeof addr) == 0) {
            len = (size_t)snprintf(buf, cap, "%s %s HTTP/1.0\r\nHost: %.*s\r\n",
                                   offerkit_http_request_method(request), path,
                                   (int)(path - (host + 3)), host + 3);
            for (size_t i = 0; i < offerkit_http_request_header_count(request) && len < cap; i++) {
                const char *name = NULL, *value = NULL;
                offerkit_http_request_header(request, i, &name, &value, NULL);
                len += (size_t)snprintf(buf + len, cap - len, "%s: %s\r\n", name, value);
            }
            if (len < cap)
                len += (size_t)snprintf(buf + len, cap - len, "Content-Length: %zu\r\n\r\n", body_len);
            if (len < cap && sock_send(fd, buf, len) == (long)len &&
                (body_len == 0 || sock_send(fd, body, body_len) == (long)body_len)) {
                len = 0;
                for (long got; (got = sock_recv(fd, buf + len, cap - len - 1)) > 0;) {
                    len += (size_t)got;
                    if (cap - len < 1024) buf = realloc(buf, cap *= 2);
                }
                buf[len] = '\0';
                if (sscanf(buf, "HTTP/1.%*d %d", &status) != 1) status = -1;
            }
        }
        sock_close(fd);
    }
    char *start = status > 0 ? strstr(buf, "\r\n\r\n") : NULL;
    if (start)
        offerkit_http_request_respond(request, (uint32_t)status, NULL, NULL, 0, (const uint8_t *)start + 4,
                                      len - (size_t)(start + 4 - buf), NULL);
    else
        offerkit_http_request_fail(request, OFFERKIT_HTTP_FAILURE_NETWORK, "no answer from the simulator", NULL);
    free(buf);
    offerkit_http_request_free(request);
}
#endif

static void hold_execute(void *user_data, OfferkitHttpRequest *request) {
    Holder *h = user_data;
    pthread_mutex_lock(&h->lock);
    h->execute_thread = pthread_self();
    int n = h->executed++;
    if (!h->forward && !h->free_at_once && n < 16) h->requests[n] = request;
    pthread_cond_broadcast(&h->cond);
    pthread_mutex_unlock(&h->lock);
#ifndef OFFERKIT_TEST_NO_CURL
    if (h->forward) curl_executor_execute(NULL, request);
#else
    if (h->forward) plain_execute(request);
#endif
    else if (h->free_at_once || n >= 16) offerkit_http_request_free(request);
}

static void hold_cancel(void *user_data, const OfferkitHttpRequest *request) {
    Holder *h = user_data;
    pthread_mutex_lock(&h->lock);
    h->cancel_thread = pthread_self();
    h->cancelled = request;
    h->cancels++;
    pthread_cond_broadcast(&h->cond);
    pthread_mutex_unlock(&h->lock);
}

/* Waits until the holder saw `executed` executes (or cancels, when `cancels`). */
static bool holder_wait(Holder *h, int n, bool cancels) {
    long until = now_ms() + 30000;
    pthread_mutex_lock(&h->lock);
    while ((cancels ? h->cancels : h->executed) < n && now_ms() < until) {
        pthread_mutex_unlock(&h->lock);
        sleep_ms(2);
        pthread_mutex_lock(&h->lock);
    }
    bool ok = (cancels ? h->cancels : h->executed) >= n;
    pthread_mutex_unlock(&h->lock);
    return ok;
}

static OfferkitClient *held_client(Holder *h, uint32_t delivery, int deadline_ms) {
    OfferkitConfig *config = test_config_with_token();
    SET(offerkit_config_set_http_executor(config, hold_execute, hold_cancel, h, NULL));
    SET(offerkit_config_set_delivery(config, delivery, NULL));
    SET(offerkit_config_set_max_retries(config, 0, NULL));
    if (deadline_ms) SET(offerkit_config_set_deadline_ms(config, (uint64_t)deadline_ms, NULL));
    return client_of(config);
}

static OfferkitStatus respond_text(const OfferkitHttpRequest *request, uint32_t status, const char *body,
                                   OfferkitError **error) {
    return offerkit_http_request_respond(request, status, NULL, NULL, 0, (const uint8_t *)body,
                                         strlen(body), error);
}

void test_executor_request_shows_what_to_send(void) {
    Holder h;
    holder_init(&h);
    OfferkitClient *client = held_client(&h, OFFERKIT_DELIVERY_THREAD, 0);
    Recorder r;
    recorder_init(&r);
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, NULL, NULL) == OFFERKIT_STATUS_OK);
    REQUIRE(holder_wait(&h, 1, false));
    OfferkitHttpRequest *request = h.requests[0];
    CHECK(strcmp(offerkit_http_request_method(request), "POST") == 0);
    char url[300];
    snprintf(url, sizeof url, "%s/v1/offers", sim_url());
    CHECK(strcmp(offerkit_http_request_url(request), url) == 0);
    size_t count = offerkit_http_request_header_count(request);
    bool bearer = false, json = false, encoding = false;
    for (size_t i = 0; i < count; i++) {
        const char *name = NULL, *value = NULL;
        CHECK(offerkit_http_request_header(request, i, &name, &value, NULL) == OFFERKIT_STATUS_OK);
        if (strcmp(name, "authorization") == 0) bearer = strncmp(value, "Bearer ", 7) == 0;
        if (strcmp(name, "content-type") == 0) json = strcmp(value, "application/json") == 0;
        if (strcmp(name, "accept-encoding") == 0) encoding = true;
    }
    CHECK(bearer && json && !encoding);
    OfferkitError *error = NULL;
    const char *name = (const char *)0x1;
    CHECK_STATUS(offerkit_http_request_header(request, count, &name, &name, &error),
                 OFFERKIT_STATUS_OUT_OF_RANGE, error);
    CHECK(name == (const char *)0x1);
    CHECK(contains(offerkit_error_message(error), "index"));
    offerkit_error_free(error);
    const uint8_t *body = NULL;
    size_t len = 0;
    CHECK(offerkit_http_request_body(request, &body, &len, NULL) == OFFERKIT_STATUS_OK);
    CHECK(body != NULL && len > 2 && body[0] == '{' && memmem(body, len, "demo", 4) != NULL);
    /* The attempt's budget: what is left of the 30 s default deadline (below the 60 s timeout). */
    uint64_t budget = offerkit_http_request_timeout_ms(request);
    CHECK(budget > 20000 && budget <= 30000);
    CHECK(offerkit_http_request_max_response_bytes(request) == 16u * 1024 * 1024);
    CHECK(!offerkit_http_request_is_cancelled(request));
    uint64_t id = offerkit_http_request_id(request);
    CHECK(id != 0);
    /* A GET (the listing) has no body. */
    Recorder links;
    recorder_init(&links);
    CHECK(offerkit_client_list_offers_async(client, list_page(5, 1), on_list, &links, NULL, NULL) == OFFERKIT_STATUS_OK);
    REQUIRE(holder_wait(&h, 2, false));
    CHECK(strcmp(offerkit_http_request_method(h.requests[1]), "GET") == 0);
    body = (const uint8_t *)0x1;
    len = 7;
    CHECK(offerkit_http_request_body(h.requests[1], &body, &len, NULL) == OFFERKIT_STATUS_OK);
    CHECK(body == NULL && len == 0);
    CHECK(offerkit_http_request_id(h.requests[1]) > id);
    for (int i = 0; i < 2; i++)
        CHECK(offerkit_http_request_fail(h.requests[i], OFFERKIT_HTTP_FAILURE_NETWORK, "refused", NULL) ==
              OFFERKIT_STATUS_OK);
    CHECK(recorder_wait(&r, 1, 30000) == 1 && recorder_wait(&links, 1, 30000) == 1);
    CHECK(r.status == OFFERKIT_STATUS_NETWORK && contains(offerkit_error_message(r.error), "refused"));
    CHECK(links.status == OFFERKIT_STATUS_NETWORK);
    for (int i = 0; i < 2; i++) offerkit_http_request_free(h.requests[i]);
    recorder_clear(&r);
    recorder_clear(&links);
    offerkit_client_free(client);
}

void test_executor_second_answer_is_already_answered(void) {
    Holder h;
    holder_init(&h);
    OfferkitClient *client = held_client(&h, OFFERKIT_DELIVERY_THREAD, 0);
    Recorder r;
    recorder_init(&r);
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, NULL, NULL) == OFFERKIT_STATUS_OK);
    REQUIRE(holder_wait(&h, 1, false));
    OfferkitHttpRequest *request = h.requests[0];
    OfferkitError *error = NULL;
    /* Garbage on a 200: the first answer, and core's DECODE. */
    CHECK_STATUS(respond_text(request, 200, "<html>not json", &error), OFFERKIT_STATUS_OK, error);
    CHECK_STATUS(respond_text(request, 200, "{}", &error), OFFERKIT_STATUS_ALREADY_ANSWERED, error);
    CHECK(contains(offerkit_error_message(error), "already answered"));
    offerkit_error_free(error);
    CHECK(offerkit_http_request_fail(request, OFFERKIT_HTTP_FAILURE_TIMEOUT, NULL, NULL) ==
          OFFERKIT_STATUS_ALREADY_ANSWERED);
    CHECK(recorder_wait(&r, 1, 30000) == 1);
    CHECK(r.status == OFFERKIT_STATUS_DECODE);
    CHECK(offerkit_error_http_status(r.error) == 200);
    offerkit_http_request_free(request);
    recorder_clear(&r);
    offerkit_client_free(client);
}

void test_executor_cancel_is_told_and_a_late_answer_refused(void) {
    Holder h;
    holder_init(&h);
    OfferkitClient *client = held_client(&h, OFFERKIT_DELIVERY_THREAD, 0);
    Recorder r;
    recorder_init(&r);
    OfferkitRequest *call = NULL;
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, &call, NULL) == OFFERKIT_STATUS_OK);
    REQUIRE(holder_wait(&h, 1, false));
    CHECK(offerkit_request_cancel(call));
    CHECK(holder_wait(&h, 1, true));
    CHECK(h.cancelled == h.requests[0]); /* the very pointer execute got */
    CHECK(offerkit_http_request_is_cancelled(h.requests[0]));
    OfferkitError *error = NULL;
    CHECK_STATUS(respond_text(h.requests[0], 200, "{}", &error), OFFERKIT_STATUS_CANCELLED, error);
    offerkit_error_free(error);
    CHECK(offerkit_http_request_fail(h.requests[0], OFFERKIT_HTTP_FAILURE_NETWORK, "x", NULL) ==
          OFFERKIT_STATUS_CANCELLED);
    offerkit_http_request_free(h.requests[0]);
    CHECK(recorder_wait(&r, 1, 30000) == 1 && r.status == OFFERKIT_STATUS_CANCELLED);
    sleep_ms(50);
    CHECK(h.cancels == 1); /* told once */
    offerkit_request_free(call);
    recorder_clear(&r);
    offerkit_client_free(client);
}

void test_executor_cancel_on_deadline_and_blocking_runs_inline(void) {
    Holder h;
    holder_init(&h);
    OfferkitClient *client = held_client(&h, OFFERKIT_DELIVERY_THREAD, 300);
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_TIMEOUT, error);
    offerkit_error_free(error);
    CHECK(h.executed == 1);
    CHECK(pthread_equal(h.execute_thread, pthread_self())); /* a blocking call's execute: inline */
    CHECK(holder_wait(&h, 1, true));
    CHECK(pthread_equal(h.cancel_thread, pthread_self()));
    CHECK(offerkit_http_request_is_cancelled(h.requests[0]));
    CHECK(respond_text(h.requests[0], 200, "{}", NULL) == OFFERKIT_STATUS_CANCELLED);
    offerkit_http_request_free(h.requests[0]);
    offerkit_client_free(client);
    CHECK(h.cancels == 1);
}

void test_executor_free_without_answer_is_a_network_error(void) {
    Holder h;
    holder_init(&h);
    h.free_at_once = true;
    OfferkitClient *client = held_client(&h, OFFERKIT_DELIVERY_THREAD, 0);
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_NETWORK, error);
    CHECK(contains(offerkit_error_message(error), "released the request without answering"));
    offerkit_error_free(error);
    CHECK(h.cancels == 0); /* freed by the host: nothing to tell it */
    offerkit_client_free(client);
}

static void *answer_later(void *arg) {
    OfferkitHttpRequest *request = arg;
    sleep_ms(20);
    /* Hostile answers first: each refused, none counts as the answer. */
    CHECK(respond_text(request, 0, "{}", NULL) == OFFERKIT_STATUS_OUT_OF_RANGE);
    CHECK(respond_text(request, 600, "{}", NULL) == OFFERKIT_STATUS_OUT_OF_RANGE);
    CHECK(offerkit_http_request_fail(request, 0, "x", NULL) == OFFERKIT_STATUS_OUT_OF_RANGE);
    CHECK(offerkit_http_request_fail(request, 4, "x", NULL) == OFFERKIT_STATUS_OUT_OF_RANGE);
    CHECK(offerkit_http_request_fail_after_status(request, 1, 99, "x", NULL) == OFFERKIT_STATUS_OUT_OF_RANGE);
    /* Then a body that broke off after a 200 arrived. */
    CHECK(offerkit_http_request_fail_after_status(request, OFFERKIT_HTTP_FAILURE_NETWORK, 200,
                                                  "connection reset mid-body", NULL) == OFFERKIT_STATUS_OK);
    offerkit_http_request_free(request);
    return NULL;
}

void test_executor_answers_from_another_thread(void) {
    Holder h;
    holder_init(&h);
    OfferkitClient *client = held_client(&h, OFFERKIT_DELIVERY_THREAD, 0);
    Recorder r;
    recorder_init(&r);
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, NULL, NULL) == OFFERKIT_STATUS_OK);
    REQUIRE(holder_wait(&h, 1, false));
    pthread_t thread;
    pthread_create(&thread, NULL, answer_later, h.requests[0]);
    CHECK(recorder_wait(&r, 1, 30000) == 1);
    pthread_join(thread, NULL);
    CHECK(r.status == OFFERKIT_STATUS_NETWORK);
    CHECK(offerkit_error_http_status(r.error) == 200);
    CHECK(contains(offerkit_error_message(r.error), "mid-body"));
    recorder_clear(&r);
    offerkit_client_free(client);
}

void test_executor_hostile_answers_are_typed_errors(void) {
    Holder h;
    holder_init(&h);
    OfferkitClient *client = held_client(&h, OFFERKIT_DELIVERY_THREAD, 0);
    Recorder r;
    recorder_init(&r);
    /* 1. 2 000 headers of 1 KB, a Retry-After among them, on a 503: SERVER with the status. */
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, NULL, NULL) == OFFERKIT_STATUS_OK);
    REQUIRE(holder_wait(&h, 1, false));
    enum { N = 2000 };
    static char *names[N], *values[N];
    for (int i = 0; i < N; i++) {
        names[i] = malloc(16);
        values[i] = malloc(1025);
        snprintf(names[i], 16, "x-junk-%d", i);
        memset(values[i], 'v', 1024);
        values[i][1024] = '\0';
    }
    snprintf(names[N - 1], 16, "Retry-After");
    snprintf(values[N - 1], 1025, "7");
    CHECK(offerkit_http_request_respond(h.requests[0], 503, (const char *const *)names,
                                        (const char *const *)values, N, NULL, 0, NULL) == OFFERKIT_STATUS_OK);
    for (int i = 0; i < N; i++) {
        free(names[i]);
        free(values[i]);
    }
    offerkit_http_request_free(h.requests[0]);
    CHECK(recorder_wait(&r, 1, 30000) == 1);
    CHECK(r.status == OFFERKIT_STATUS_SERVER && offerkit_error_http_status(r.error) == 503);
    recorder_clear(&r);
    /* 2. NULLs in an answer: refused, nothing answered; then a TOO_LARGE failure: DECODE. */
    recorder_init(&r);
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, NULL, NULL) == OFFERKIT_STATUS_OK);
    REQUIRE(holder_wait(&h, 2, false));
    OfferkitHttpRequest *request = h.requests[1];
    const char *one[] = {NULL};
    const char *good[] = {"a"};
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_http_request_respond(request, 200, NULL, good, 1, NULL, 0, &error),
                 OFFERKIT_STATUS_NULL_ARGUMENT, error);
    CHECK(contains(offerkit_error_message(error), "names"));
    offerkit_error_free(error);
    CHECK(offerkit_http_request_respond(request, 200, good, NULL, 1, NULL, 0, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_http_request_respond(request, 200, one, good, 1, NULL, 0, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_http_request_respond(request, 200, good, one, 1, NULL, 0, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_http_request_respond(request, 200, NULL, NULL, 0, NULL, 5, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_http_request_respond(NULL, 200, NULL, NULL, 0, NULL, 0, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_http_request_fail(NULL, 1, NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_http_request_fail(request, 1, "\xff\xfe", NULL) == OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(r.calls == 0);
    CHECK(offerkit_http_request_fail_after_status(request, OFFERKIT_HTTP_FAILURE_TOO_LARGE, 200, NULL, NULL) ==
          OFFERKIT_STATUS_OK);
    offerkit_http_request_free(request);
    CHECK(recorder_wait(&r, 1, 30000) == 1);
    CHECK(r.status == OFFERKIT_STATUS_DECODE && offerkit_error_http_status(r.error) == 200);
    recorder_clear(&r);
    offerkit_client_free(client);
}

void test_executor_null_arguments_are_statuses(void) {
    CHECK(offerkit_config_set_http_executor(NULL, hold_execute, NULL, NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    OfferkitConfig *config = test_config(NULL);
    /* NULL execute unsets (the built-in transport again, or none in the lite library). */
    CHECK(offerkit_config_set_http_executor(config, NULL, hold_cancel, NULL, NULL) == OFFERKIT_STATUS_OK);
    offerkit_config_free(config);
    CHECK(offerkit_http_request_method(NULL) == NULL);
    CHECK(offerkit_http_request_url(NULL) == NULL);
    CHECK(offerkit_http_request_header_count(NULL) == 0);
    CHECK(offerkit_http_request_timeout_ms(NULL) == 0);
    CHECK(offerkit_http_request_max_response_bytes(NULL) == 0);
    CHECK(offerkit_http_request_is_cancelled(NULL));
    CHECK(offerkit_http_request_id(NULL) == 0);
    const char *name = NULL;
    const uint8_t *body = NULL;
    size_t len = 0;
    CHECK(offerkit_http_request_header(NULL, 0, &name, &name, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_http_request_body(NULL, &body, &len, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_http_request_fail_after_status(NULL, 1, 200, NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    offerkit_http_request_free(NULL);

    /* NULL out-pointers on a live request. */
    Holder h;
    holder_init(&h);
    OfferkitClient *client = held_client(&h, OFFERKIT_DELIVERY_THREAD, 0);
    Recorder r;
    recorder_init(&r);
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, NULL, NULL) == OFFERKIT_STATUS_OK);
    REQUIRE(holder_wait(&h, 1, false));
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_http_request_header(h.requests[0], 0, NULL, &name, &error), OFFERKIT_STATUS_NULL_ARGUMENT, error);
    CHECK(contains(offerkit_error_message(error), "out_name"));
    offerkit_error_free(error);
    CHECK(offerkit_http_request_header(h.requests[0], 0, &name, NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_http_request_body(h.requests[0], NULL, &len, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    CHECK(offerkit_http_request_body(h.requests[0], &body, NULL, NULL) == OFFERKIT_STATUS_NULL_ARGUMENT);
    offerkit_http_request_free(h.requests[0]); /* gives up: network */
    CHECK(recorder_wait(&r, 1, 30000) == 1 && r.status == OFFERKIT_STATUS_NETWORK);
    recorder_clear(&r);
    offerkit_client_free(client);
}

void test_executor_poll_mode_runs_on_the_polling_thread(void) {
    Holder h;
    holder_init(&h);
    h.forward = true; /* to the simulator, through libcurl (without it: plain_execute) */
    OfferkitClient *client = held_client(&h, OFFERKIT_DELIVERY_POLL, 0);
    Recorder r;
    recorder_init(&r);
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, NULL, NULL) == OFFERKIT_STATUS_OK);
    /* The library thread queues the execute job (by time: slow under valgrind), without polling. */
    long queued_by = now_ms() + 30000;
    while (offerkit_client_pending_completions(client) < 1 && h.executed == 0 && now_ms() < queued_by) sleep_ms(5);
    CHECK(h.executed == 0);            /* queued for the poll, not run on a library thread */
    CHECK(sim_stat("requests") == 0);  /* so nothing was sent */
    CHECK(offerkit_client_pending_completions(client) == 1);
    CHECK(recorder_poll(&r, client, 1, 30000) == 1);
    CHECK(h.executed == 1);
    CHECK(pthread_equal(h.execute_thread, pthread_self()));
    CHECK(pthread_equal(r.thread, pthread_self()));
    CHECK(r.status == OFFERKIT_STATUS_OK && r.result && offerkit_offer_list_count(r.result) > 0);
    CHECK(sim_stat("graphql") == 1);
    recorder_clear(&r);

    /* A cancel in poll mode: told on the polling thread, at a poll. */
    h.forward = false;
    recorder_init(&r);
    OfferkitRequest *call = NULL;
    REQUIRE(offerkit_client_offers_async(client, "demo", NULL, on_list, &r, &call, NULL) == OFFERKIT_STATUS_OK);
    long until = now_ms() + 30000;
    while (h.executed < 2 && now_ms() < until) {
        offerkit_client_poll(client, 0);
        sleep_ms(2);
    }
    REQUIRE(h.executed == 2);
    CHECK(offerkit_request_cancel(call));
    CHECK(recorder_poll(&r, client, 1, 30000) == 1 && r.status == OFFERKIT_STATUS_CANCELLED);
    until = now_ms() + 30000;
    while (h.cancels < 1 && now_ms() < until) {
        offerkit_client_poll(client, 0);
        sleep_ms(2);
    }
    CHECK(h.cancels == 1);
    CHECK(pthread_equal(h.cancel_thread, pthread_self()));
    CHECK(offerkit_http_request_is_cancelled(h.requests[1]));
    offerkit_http_request_free(h.requests[1]);
    offerkit_request_free(call);
    recorder_clear(&r);
    offerkit_client_free(client);
}

void test_executor_client_free_tells_cancel(void) {
    for (uint32_t delivery = 0; delivery < 2; delivery++) {
        Holder h;
        holder_init(&h);
        OfferkitClient *client = held_client(&h, delivery, 0);
        Recorder r;
        recorder_init(&r);
        REQUIRE(offerkit_client_links_async(client, "demo", NULL, NULL, on_json, &r, NULL, NULL) == OFFERKIT_STATUS_OK);
        long until = now_ms() + 30000;
        while (h.executed < 1 && now_ms() < until) {
            if (delivery == OFFERKIT_DELIVERY_POLL) offerkit_client_poll(client, 0);
            sleep_ms(2);
        }
        REQUIRE(h.executed == 1);
        offerkit_client_free(client);
        /* Before free returned, on its thread: told, and the call delivered as cancelled. */
        CHECK(h.cancels == 1);
        CHECK(pthread_equal(h.cancel_thread, pthread_self()));
        CHECK(h.cancelled == h.requests[0]);
        CHECK(r.calls == 1 && r.status == OFFERKIT_STATUS_CANCELLED);
        CHECK(respond_text(h.requests[0], 200, "{}", NULL) == OFFERKIT_STATUS_CANCELLED);
        offerkit_http_request_free(h.requests[0]);
        recorder_clear(&r);
    }
}

void test_executor_builtin_transport_matches_the_build(void) {
    /* What the build should be comes from the test script (OFFERKIT_TEST_LITE=1 for the lite
     * library), not from the library. */
    const char *lite_env = getenv("OFFERKIT_TEST_LITE");
    bool lite = lite_env && strcmp(lite_env, "1") == 0;
    CHECK(offerkit_has_builtin_http() == !lite);
    OfferkitConfig *config = NULL;
    REQUIRE(offerkit_config_new(sim_url(), &config, NULL) == OFFERKIT_STATUS_OK);
    OfferkitStatus want = lite ? OFFERKIT_STATUS_NOT_AVAILABLE : OFFERKIT_STATUS_OK;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_config_set_connect_timeout_ms(config, 1000, &error), want, error);
    if (lite) CHECK(contains(offerkit_error_message(error), "no built-in HTTP transport"));
    offerkit_error_free(error);
    CHECK(offerkit_config_set_proxy(config, NULL, NULL) == want);
    CHECK(offerkit_config_add_root_pem(config, "x", NULL) == want);
    /* Without an executor: a client in the full library, INVALID_ARGUMENT in the lite one. */
    OfferkitClient *client = NULL;
    error = NULL;
    OfferkitStatus made = offerkit_client_new(config, &client, &error);
    if (lite) {
        CHECK_STATUS(made, OFFERKIT_STATUS_INVALID_ARGUMENT, error);
        CHECK(contains(offerkit_error_message(error), "executor"));
    } else {
        /* (the root "x" is refused by the built-in transport: that is INVALID_ARGUMENT too) */
        CHECK_STATUS(made, OFFERKIT_STATUS_INVALID_ARGUMENT, error);
        CHECK(!contains(offerkit_error_message(error), "executor"));
    }
    offerkit_error_free(error);
    offerkit_config_free(config);
}
