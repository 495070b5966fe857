/* Idle-poll probe for BENCHMARKS.md: what a game loop pays each frame when its poll-delivery
 * client has nothing to deliver. After one request has come and gone (to a closed port, so no
 * simulator is needed), it times `offerkit_client_poll` (+ `offerkit_log_poll`, as the Unity
 * and Unreal pumps call both) in rounds of ROUNDS_CALLS calls, and counts the allocations
 * those calls make in the library by interposing glibc's malloc family in this program.
 * Prints one JSON object: medians over the rounds of ns per call, and the allocations.
 *   poll_idle [ROUNDS]                                                  (default 11 rounds) */
#define _GNU_SOURCE
#include <offerkit.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define ROUND_CALLS 1000000

/* glibc's own entry points, under the names it exports for exactly this use. */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static __thread int armed;
static __thread unsigned long allocations;

void *malloc(size_t size) {
    if (armed) allocations++;
    return __libc_malloc(size);
}
void *calloc(size_t n, size_t size) {
    if (armed) allocations++;
    return __libc_calloc(n, size);
}
void *realloc(void *p, size_t size) {
    if (armed) allocations++;
    return __libc_realloc(p, size);
}
int posix_memalign(void **out, size_t align, size_t size) {
    if (armed) allocations++;
    void *p = __libc_memalign(align, size);
    if (p == NULL) return 12; /* ENOMEM */
    *out = p;
    return 0;
}
void *aligned_alloc(size_t align, size_t size) {
    if (armed) allocations++;
    return __libc_memalign(align, size);
}
void *memalign(size_t align, size_t size) {
    if (armed) allocations++;
    return __libc_memalign(align, size);
}
void free(void *p) { __libc_free(p); }

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void check(OfferkitStatus status, OfferkitError *error, const char *what) {
    if (status != OFFERKIT_STATUS_OK) {
        fprintf(stderr, "%s: %s\n", what, error ? offerkit_error_message(error) : "?");
        exit(1);
    }
}

static atomic_int completed;

static void on_offers(void *user_data, const OfferkitRequest *request, OfferkitStatus status,
                      OfferkitOfferList *list, OfferkitError *error) {
    (void)user_data;
    (void)request;
    (void)status;
    offerkit_offer_list_free(list);
    offerkit_error_free(error);
    atomic_store(&completed, 1);
}

static void on_log(void *user_data, OfferkitLogLevel level, const char *message) {
    (void)user_data;
    (void)level;
    (void)message;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 11;
    if (rounds < 1 || rounds > 1000) {
        fprintf(stderr, "usage: poll_idle [ROUNDS 1..1000]\n");
        return 2;
    }
    OfferkitError *error = NULL;
    OfferkitConfig *config = NULL;
    OfferkitClient *client = NULL;
    check(offerkit_config_new("http://127.0.0.1:1", &config, &error), error, "config");
    check(offerkit_config_set_access_token(config, "token", &error), error, "token");
    check(offerkit_config_set_max_retries(config, 0, &error), error, "retries");
    check(offerkit_config_set_delivery(config, OFFERKIT_DELIVERY_POLL, &error), error, "delivery");
    check(offerkit_client_new(config, &client, &error), error, "client");
    offerkit_config_free(config);
    check(offerkit_set_log_callback(on_log, NULL, OFFERKIT_LOG_LEVEL_TRACE, OFFERKIT_DELIVERY_POLL), NULL, "log");

    OfferkitRequest *request = NULL;
    check(offerkit_client_offers_async(client, "player-1", NULL, on_offers, NULL, &request, &error),
          error, "offers_async");
    for (int i = 0; !atomic_load(&completed); i++) {
        if (i > 30000) {
            fprintf(stderr, "the request never completed\n");
            return 1;
        }
        offerkit_client_poll(client, 0);
        offerkit_log_poll(0);
        usleep(1000);
    }
    offerkit_request_free(request);
    offerkit_log_poll(0);

    /* The interposition must see the library's allocations, or a 0 below would prove nothing:
     * making an options object allocates in the library. */
    OfferkitOffersOptions *options = NULL;
    armed = 1;
    check(offerkit_offers_options_new(&options, &error), error, "options");
    armed = 0;
    offerkit_offers_options_free(options);
    if (allocations == 0) {
        fprintf(stderr, "the library's allocations are not counted: is it linked to glibc's malloc?\n");
        return 1;
    }
    allocations = 0;

    double *poll_ns = calloc((size_t)rounds, sizeof(double));
    double *pump_ns = calloc((size_t)rounds, sizeof(double));
    if (poll_ns == NULL || pump_ns == NULL) return 1;
    size_t ran = 0;
    armed = 1;
    for (int r = 0; r < rounds; r++) {
        double started = now_ns();
        for (int i = 0; i < ROUND_CALLS; i++) ran += offerkit_client_poll(client, 0);
        poll_ns[r] = (now_ns() - started) / ROUND_CALLS;
        started = now_ns();
        for (int i = 0; i < ROUND_CALLS; i++) {
            ran += offerkit_client_poll(client, 0);
            ran += offerkit_log_poll(0);
        }
        pump_ns[r] = (now_ns() - started) / ROUND_CALLS;
    }
    armed = 0;
    unsigned long counted = allocations;
    qsort(poll_ns, (size_t)rounds, sizeof(double), by_value);
    qsort(pump_ns, (size_t)rounds, sizeof(double), by_value);
    printf("{\"rounds\":%d,\"calls_per_round\":%d,\"poll_ns\":%.1f,\"poll_and_log_poll_ns\":%.1f,"
           "\"allocations\":%lu,\"callbacks_ran\":%zu}\n",
           rounds, ROUND_CALLS, poll_ns[rounds / 2], pump_ns[rounds / 2], counted, ran);
    free(poll_ns);
    free(pump_ns);
    offerkit_set_log_callback(NULL, NULL, 0, OFFERKIT_DELIVERY_POLL);
    offerkit_client_free(client);
    return counted == 0 && ran == 0 ? 0 : 1;
}
