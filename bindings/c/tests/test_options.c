/* The query options builders: a setter stores any number (0 and negatives reach core's
 * validation, which refuses them with the spec's message), an unset option is not sent at all
 * (a tap between client and simulator sees every byte of each request), clear_ and a NULL
 * string unset, one builder serves many calls and may be freed as soon as a call returns, and
 * the setters refuse NULL options and bad UTF-8 with typed errors naming the argument. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform.h"
#include "support.h"

static const char BAD_UTF8[] = {'d', 'e', (char)0xff, 0};

/* ---- a tap: a relay to the simulator keeping every byte its clients sent ------------------- */

typedef struct {
    sock_t listener;
    int port;
    pthread_t thread;
    pthread_t connections[32]; /* one thread per connection the client opens */
    int connection_count;
    pthread_mutex_t lock;
    char sent[65536]; /* what clients sent since the last tap_take, NUL-terminated */
    size_t len;
    volatile int stop;
} Tap;

typedef struct {
    Tap *tap;
    sock_t client;
} TapConnection;

static sock_t connect_sim(void) {
    const char *colon = strrchr(sim_url(), ':');
    sock_t fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)atoi(colon + 1));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
        sock_close(fd);
        return SOCK_INVALID;
    }
    return fd;
}

static void tap_connection(Tap *tap, sock_t client) {
    sock_t upstream = connect_sim();
    if (upstream == SOCK_INVALID) return;
    struct pollfd fds[2] = {{client, POLLIN, 0}, {upstream, POLLIN, 0}};
    char buf[16384];
    while (!tap->stop) {
        if (poll(fds, 2, 100) <= 0) continue;
        int from = (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) ? 0 : 1;
        if (!(fds[from].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        long got = sock_recv(fds[from].fd, buf, sizeof buf);
        if (got <= 0) break;
        if (from == 0) {
            pthread_mutex_lock(&tap->lock);
            size_t room = sizeof tap->sent - 1 - tap->len;
            size_t keep = (size_t)got < room ? (size_t)got : room;
            memcpy(tap->sent + tap->len, buf, keep);
            tap->len += keep;
            tap->sent[tap->len] = 0;
            pthread_mutex_unlock(&tap->lock);
        }
        if (sock_send(fds[1 - from].fd, buf, (size_t)got) != got) break;
    }
    sock_close(upstream);
}

static void *tap_connection_main(void *arg) {
    TapConnection *c = arg;
    tap_connection(c->tap, c->client);
    sock_close(c->client);
    free(c);
    return NULL;
}

static void *tap_main(void *arg) {
    Tap *tap = arg;
    while (!tap->stop) {
        struct pollfd fd = {tap->listener, POLLIN, 0};
        if (poll(&fd, 1, 100) <= 0) continue;
        sock_t client = accept(tap->listener, NULL, NULL);
        if (client == SOCK_INVALID) continue;
        if (tap->connection_count == (int)(sizeof tap->connections / sizeof tap->connections[0])) {
            sock_close(client);
            continue;
        }
        TapConnection *c = malloc(sizeof *c);
        c->tap = tap;
        c->client = client;
        pthread_create(&tap->connections[tap->connection_count++], NULL, tap_connection_main, c);
    }
    for (int i = 0; i < tap->connection_count; i++) pthread_join(tap->connections[i], NULL);
    return NULL;
}

static void tap_start(Tap *tap) {
    memset(tap, 0, sizeof *tap);
    pthread_mutex_init(&tap->lock, NULL);
    tap->listener = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(tap->listener, (struct sockaddr *)&addr, sizeof addr);
    listen(tap->listener, 4);
    socklen_t len = sizeof addr;
    getsockname(tap->listener, (struct sockaddr *)&addr, &len);
    tap->port = ntohs(addr.sin_port);
    pthread_create(&tap->thread, NULL, tap_main, tap);
}

static void tap_stop(Tap *tap) {
    tap->stop = 1;
    pthread_join(tap->thread, NULL);
    sock_close(tap->listener);
    pthread_mutex_destroy(&tap->lock);
}

/* What clients sent since the last call (copied into `out`), and forgets it. */
static void tap_take(Tap *tap, char *out, size_t cap) {
    pthread_mutex_lock(&tap->lock);
    snprintf(out, cap, "%s", tap->sent);
    tap->len = 0;
    tap->sent[0] = 0;
    pthread_mutex_unlock(&tap->lock);
}

/* A client of the simulator through the tap (plain HTTP to loopback). */
static OfferkitClient *tapped_client(Tap *tap) {
    char url[64];
    snprintf(url, sizeof url, "http://127.0.0.1:%d", tap->port);
    OfferkitConfig *config = NULL;
    if (offerkit_config_new(url, &config, NULL) != OFFERKIT_STATUS_OK) exit(2);
    use_test_executor(config);
    char *token = sim_token(0, true);
    offerkit_config_set_access_token(config, token, NULL);
    free(token);
    offerkit_config_set_timeout_ms(config, 60000, NULL);
    return client_of(config);
}

/* ---- helpers ---------------------------------------------------------------------------- */

/* The one message of `error` for `argument` under path `path`, checked to be exactly `want`. */
static void check_entry(const OfferkitError *error, const char *path, const char *argument,
                        const char *want) {
    const char *got = field_message(error, path, argument);
    if (!got || strcmp(got, want) != 0)
        fprintf(stderr, "    %s / %s: got \"%s\", want \"%s\"\n", path, argument, got ? got : "(none)",
                want);
    CHECK(got != NULL && strcmp(got, want) == 0);
}

static size_t offers_count(OfferkitClient *client, const OfferkitOffersOptions *options) {
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "demo", options, &list, &error), OFFERKIT_STATUS_OK,
                 error);
    offerkit_error_free(error);
    size_t count = offerkit_offer_list_count(list);
    offerkit_offer_list_free(list);
    return count;
}

/* ---- tests -------------------------------------------------------------------------------- */

void test_options_numbers_reach_core_validation(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitOfferList *list = (OfferkitOfferList *)0x1;
    OfferkitError *error = NULL;
    /* limit 0 and a negative limit: stored by the setter, refused by the query with the spec's
     * message ("The limit field must be at least 1.", spec: validation rules). */
    int64_t bad_limits[] = {0, -1, INT64_MIN};
    for (size_t i = 0; i < sizeof bad_limits / sizeof bad_limits[0]; i++) {
        OfferkitOffersOptions *options = offers_options();
        CHECK_STATUS(offerkit_offers_options_set_limit(options, bad_limits[i], &error),
                     OFFERKIT_STATUS_OK, error);
        CHECK_STATUS(offerkit_client_offers(client, "demo", options, &list, &error),
                     OFFERKIT_STATUS_INVALID_ARGUMENT, error);
        CHECK(offerkit_error_field_count(error) == 1);
        /* INT64_MIN is no GraphQL Int at all: core says so instead. */
        check_entry(error, "offers", "limit",
                    bad_limits[i] == INT64_MIN ? "The limit field must be an integer."
                                               : "The limit field must be at least 1.");
        offerkit_error_free(error);
        error = NULL;
    }
    CHECK(list == (OfferkitOfferList *)0x1);
    /* playerOffers: 0 and 101. */
    OfferkitPlayerOffersPage *page = (OfferkitPlayerOffersPage *)0x1;
    CHECK_STATUS(offerkit_client_player_offers(client, "demo", player_limit(0), &page, &error),
                 OFFERKIT_STATUS_INVALID_ARGUMENT, error);
    check_entry(error, "playerOffers", "limit", "The limit field must be at least 1.");
    offerkit_error_free(error);
    error = NULL;
    CHECK_STATUS(offerkit_client_player_offers(client, "demo", player_limit(101), &page, &error),
                 OFFERKIT_STATUS_INVALID_ARGUMENT, error);
    check_entry(error, "playerOffers", "limit", "The limit field must not be greater than 100.");
    offerkit_error_free(error);
    error = NULL;
    CHECK(page == (OfferkitPlayerOffersPage *)0x1);
    /* The listing: per_page 0, page 0 (core's words; the spec names only the bounds). */
    CHECK_STATUS(offerkit_client_list_offers(client, list_per_page(0), &list, &error),
                 OFFERKIT_STATUS_INVALID_ARGUMENT, error);
    check_entry(error, "", "per_page", "The per page field must be between 1 and 100.");
    offerkit_error_free(error);
    error = NULL;
    CHECK_STATUS(offerkit_client_list_offers(client, list_page(10, 0), &list, &error),
                 OFFERKIT_STATUS_INVALID_ARGUMENT, error);
    check_entry(error, "", "page", "The page field must be at least 1.");
    offerkit_error_free(error);
    error = NULL;
    CHECK_STATUS(offerkit_client_list_all_offers(client, list_per_page(-3), &list, &error),
                 OFFERKIT_STATUS_INVALID_ARGUMENT, error);
    check_entry(error, "", "per_page", "The per page field must be between 1 and 100.");
    offerkit_error_free(error);
    CHECK(list == (OfferkitOfferList *)0x1);
    CHECK(sim_stat("requests") == 0); /* all refused before sending */
    offerkit_client_free(client);
}

void test_options_unset_is_not_sent(void) {
    Tap tap;
    tap_start(&tap);
    OfferkitClient *client = tapped_client(&tap);
    static char sent[65536];

    /* Never set: neither limit nor language nor sort is among the variables. */
    OfferkitOffersOptions *options = offers_options();
    size_t all = offers_count(client, options);
    tap_take(&tap, sent, sizeof sent);
    CHECK(contains(sent, "\"player_id\":\"demo\""));
    CHECK(!contains(sent, "\"limit\":") && !contains(sent, "\"language\":") &&
          !contains(sent, "\"sort\":"));
    /* Set: sent as given. */
    SET(offerkit_offers_options_set_limit(options, 3, NULL));
    SET(offerkit_offers_options_set_language(options, "de", NULL));
    CHECK(offers_count(client, options) == 3);
    tap_take(&tap, sent, sizeof sent);
    CHECK(contains(sent, "\"limit\":3") && contains(sent, "\"language\":\"de\""));
    /* Cleared (a number) and NULL (a string): not sent again, the answer as never set. */
    SET(offerkit_offers_options_clear_limit(options, NULL));
    SET(offerkit_offers_options_set_language(options, NULL, NULL));
    CHECK(all > 3 && offers_count(client, options) == all);
    tap_take(&tap, sent, sizeof sent);
    CHECK(contains(sent, "\"player_id\":\"demo\""));
    CHECK(!contains(sent, "\"limit\":") && !contains(sent, "\"language\":"));
    /* NULL options: everything unset. */
    CHECK(offers_count(client, NULL) == all);
    tap_take(&tap, sent, sizeof sent);
    CHECK(!contains(sent, "\"limit\":"));

    /* playerOffers: a cleared limit is the service's default page (50 or all there are). */
    OfferkitPlayerOffersOptions *po = player_limit(2);
    OfferkitPlayerOffersPage *page = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_player_offers(client, "demo", po, &page, &error), OFFERKIT_STATUS_OK,
                 error);
    offerkit_error_free(error);
    error = NULL;
    CHECK(offerkit_player_offers_page_count(page) == 2);
    offerkit_player_offers_page_free(page);
    tap_take(&tap, sent, sizeof sent);
    CHECK(contains(sent, "\"limit\":2"));
    SET(offerkit_player_offers_options_clear_limit(po, NULL));
    page = NULL;
    CHECK_STATUS(offerkit_client_player_offers(client, "demo", po, &page, &error), OFFERKIT_STATUS_OK,
                 error);
    offerkit_error_free(error);
    error = NULL;
    CHECK(offerkit_player_offers_page_count(page) > 2);
    offerkit_player_offers_page_free(page);
    tap_take(&tap, sent, sizeof sent);
    CHECK(contains(sent, "PlayerOffers") && !contains(sent, "\"limit\":"));

    /* The listing: unset per_page and page are left out of the query string. */
    OfferkitListOffersOptions *lo = list_page(10, 2);
    OfferkitOfferList *list = NULL;
    CHECK_STATUS(offerkit_client_list_offers(client, lo, &list, &error), OFFERKIT_STATUS_OK, error);
    offerkit_error_free(error);
    error = NULL;
    OfferkitPagination p;
    CHECK(offerkit_offer_list_pagination(list, &p) && p.current_page == 2);
    offerkit_offer_list_free(list);
    tap_take(&tap, sent, sizeof sent);
    CHECK(contains(sent, "GET /v1/offers?per_page=10&page=2 "));
    SET(offerkit_list_offers_options_clear_page(lo, NULL));
    list = NULL;
    CHECK_STATUS(offerkit_client_list_offers(client, lo, &list, &error), OFFERKIT_STATUS_OK, error);
    offerkit_error_free(error);
    error = NULL;
    CHECK(offerkit_offer_list_pagination(list, &p) && p.current_page == 1);
    offerkit_offer_list_free(list);
    tap_take(&tap, sent, sizeof sent);
    CHECK(contains(sent, "GET /v1/offers?per_page=10 "));
    SET(offerkit_list_offers_options_clear_per_page(lo, NULL));
    list = NULL;
    CHECK_STATUS(offerkit_client_list_offers(client, lo, &list, &error), OFFERKIT_STATUS_OK, error);
    offerkit_error_free(error);
    CHECK(!offerkit_offer_list_pagination(list, &p));
    CHECK(offerkit_offer_list_count(list) == 50);
    offerkit_offer_list_free(list);
    tap_take(&tap, sent, sizeof sent);
    CHECK(contains(sent, "GET /v1/offers ") && !contains(sent, "per_page"));

    offerkit_client_free(client);
    tap_stop(&tap);
}

void test_options_are_copied_reused_and_freed_at_once(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    /* One builder, many calls, changed in between: each call sees the values of its time. */
    OfferkitOffersOptions *options = NULL;
    REQUIRE(offerkit_offers_options_new(&options, NULL) == OFFERKIT_STATUS_OK);
    SET(offerkit_offers_options_set_limit(options, 2, NULL));
    CHECK(offers_count(client, options) == 2);
    CHECK(offers_count(client, options) == 2);
    SET(offerkit_offers_options_set_limit(options, 4, NULL));
    CHECK(offers_count(client, options) == 4);

    /* Freed right after an _async call returns (and changed before that): the request keeps
     * what it was given; valgrind and ASan see no use after free. */
    Recorder r;
    recorder_init(&r);
    char language[] = "de";
    SET(offerkit_offers_options_set_language(options, language, NULL));
    language[0] = 'x'; /* the setter copied the string */
    CHECK(offerkit_client_offers_async(client, "demo", options, on_list, &r, NULL, NULL) ==
          OFFERKIT_STATUS_OK);
    offerkit_offers_options_free(options);
    CHECK(recorder_wait(&r, 1, 30000) == 1);
    CHECK_STATUS(r.status, OFFERKIT_STATUS_OK, r.error);
    CHECK(offerkit_offer_list_count(r.result) == 4);
    recorder_clear(&r);

    /* The same for the pager (made now, pages fetched later) and the listing walk. */
    OfferkitPlayerOffersOptions *po = NULL;
    REQUIRE(offerkit_player_offers_options_new(&po, NULL) == OFFERKIT_STATUS_OK);
    SET(offerkit_player_offers_options_set_limit(po, 3, NULL));
    OfferkitPlayerOffersPager *pager = NULL;
    CHECK(offerkit_client_player_offers_pager(client, "demo", po, &pager, NULL) == OFFERKIT_STATUS_OK);
    offerkit_player_offers_options_free(po);
    OfferkitPlayerOffersPage *page = NULL;
    CHECK(offerkit_player_offers_pager_next(pager, &page, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_player_offers_page_count(page) == 3);
    offerkit_player_offers_page_free(page);
    offerkit_player_offers_pager_free(pager);

    OfferkitListOffersOptions *lo = NULL;
    REQUIRE(offerkit_list_offers_options_new(&lo, NULL) == OFFERKIT_STATUS_OK);
    SET(offerkit_list_offers_options_set_per_page(lo, 10, NULL));
    Recorder walk;
    recorder_init(&walk);
    CHECK(offerkit_client_list_all_offers_async(client, lo, on_list, &walk, NULL, NULL) ==
          OFFERKIT_STATUS_OK);
    offerkit_list_offers_options_free(lo);
    CHECK(recorder_wait(&walk, 1, 30000) == 1);
    CHECK_STATUS(walk.status, OFFERKIT_STATUS_OK, walk.error);
    CHECK(offerkit_offer_list_count(walk.result) == 50);
    recorder_clear(&walk);
    offerkit_client_free(client);
}

void test_list_all_offers_starts_at_the_page_given(void) {
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    OfferkitOfferList *all = NULL, *tail = NULL, *once = NULL;
    REQUIRE(offerkit_client_list_all_offers(client, list_per_page(10), &all, NULL) ==
            OFFERKIT_STATUS_OK);
    REQUIRE(offerkit_offer_list_count(all) == 50);
    sim_reset_stats();
    REQUIRE(offerkit_client_list_all_offers(client, list_page(10, 3), &tail, NULL) ==
            OFFERKIT_STATUS_OK);
    CHECK(sim_stat("listing") == 3); /* pages 3, 4 and 5 */
    REQUIRE(offerkit_offer_list_count(tail) == 30);
    for (size_t i = 0; i < 30; i++) {
        OfferkitOfferView a, b;
        CHECK(offerkit_offer_list_get(all, 20 + i, &a, NULL) == OFFERKIT_STATUS_OK);
        CHECK(offerkit_offer_list_get(tail, i, &b, NULL) == OFFERKIT_STATUS_OK);
        CHECK(a.id && b.id && strcmp(a.id, b.id) == 0);
    }
    /* Without per_page: the one unpaginated answer, which is every offer. */
    sim_reset_stats();
    REQUIRE(offerkit_client_list_all_offers(client, NULL, &once, NULL) == OFFERKIT_STATUS_OK);
    CHECK(offerkit_offer_list_count(once) == 50);
    CHECK(sim_stat("listing") == 1);
    offerkit_offer_list_free(all);
    offerkit_offer_list_free(tail);
    offerkit_offer_list_free(once);
    offerkit_client_free(client);
}

void test_options_setters_refuse_null_and_bad_utf8(void) {
    OfferkitError *error = NULL;
    /* NULL options: NULL_ARGUMENT naming the setter and "options". */
    CHECK_STATUS(offerkit_offers_options_set_limit(NULL, 5, &error), OFFERKIT_STATUS_NULL_ARGUMENT,
                 error);
    check_entry(error, "offerkit_offers_options_set_limit", "options", "is NULL");
    CHECK(strcmp(offerkit_error_message(error),
                 "offerkit_offers_options_set_limit: argument `options` is NULL") == 0);
    offerkit_error_free(error);
    error = NULL;
    struct {
        OfferkitStatus status;
        const char *function;
    } nulls[] = {
        {offerkit_offers_options_clear_limit(NULL, &error), "offerkit_offers_options_clear_limit"},
        {offerkit_offers_options_set_sort(NULL, "epc.asc", NULL), NULL},
        {offerkit_player_offers_options_set_after(NULL, "c", NULL), NULL},
        {offerkit_player_offers_options_clear_limit(NULL, NULL), NULL},
        {offerkit_list_offers_options_set_per_page(NULL, 1, NULL), NULL},
        {offerkit_list_offers_options_clear_page(NULL, NULL), NULL},
    };
    for (size_t i = 0; i < sizeof nulls / sizeof nulls[0]; i++)
        CHECK(nulls[i].status == OFFERKIT_STATUS_NULL_ARGUMENT);
    check_entry(error, nulls[0].function, "options", "is NULL");
    offerkit_error_free(error);
    error = NULL;
    /* new with a NULL out-pointer. */
    CHECK_STATUS(offerkit_list_offers_options_new(NULL, &error), OFFERKIT_STATUS_NULL_ARGUMENT, error);
    check_entry(error, "offerkit_list_offers_options_new", "out_options", "is NULL");
    offerkit_error_free(error);
    error = NULL;

    /* Bad UTF-8: INVALID_UTF8 naming the setter and its parameter, with the byte; the option
     * keeps its value. */
    OfferkitOffersOptions *options = offers_options();
    OfferkitPlayerOffersOptions *po = player_options();
    struct {
        OfferkitStatus status;
        const char *function, *argument;
    } bad[] = {
        {offerkit_offers_options_set_language(options, BAD_UTF8, &error),
         "offerkit_offers_options_set_language", "language"},
        {offerkit_offers_options_set_sort(options, BAD_UTF8, NULL), NULL, NULL},
        {offerkit_offers_options_set_select(options, BAD_UTF8, NULL), NULL, NULL},
        {offerkit_offers_options_set_selection(options, BAD_UTF8, NULL), NULL, NULL},
        {offerkit_player_offers_options_set_language(po, BAD_UTF8, NULL), NULL, NULL},
        {offerkit_player_offers_options_set_after(po, BAD_UTF8, NULL), NULL, NULL},
        {offerkit_player_offers_options_set_select(po, BAD_UTF8, NULL), NULL, NULL},
        {offerkit_player_offers_options_set_selection(po, BAD_UTF8, NULL), NULL, NULL},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(bad[i].status == OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(offerkit_error_status(error) == OFFERKIT_STATUS_INVALID_UTF8);
    check_entry(error, bad[0].function, bad[0].argument, "is not valid UTF-8 (byte 2)");
    CHECK(strcmp(offerkit_error_message(error),
                 "offerkit_offers_options_set_language: argument `language` is not valid UTF-8 "
                 "(byte 2)") == 0);
    offerkit_error_free(error);
    error = NULL;
    CHECK_STATUS(offerkit_player_offers_options_set_after(po, BAD_UTF8, &error),
                 OFFERKIT_STATUS_INVALID_UTF8, error);
    check_entry(error, "offerkit_player_offers_options_set_after", "after",
                "is not valid UTF-8 (byte 2)");
    offerkit_error_free(error);
    error = NULL;
    /* The builder stays usable after a refusal. */
    OfferkitClient *client = test_client(OFFERKIT_DELIVERY_THREAD);
    SET(offerkit_offers_options_set_limit(options, 2, NULL));
    SET(offerkit_offers_options_set_language(options, "en", NULL));
    CHECK(offerkit_offers_options_set_language(options, BAD_UTF8, NULL) == OFFERKIT_STATUS_INVALID_UTF8);
    CHECK(offers_count(client, options) == 2);
    offerkit_client_free(client);
}
