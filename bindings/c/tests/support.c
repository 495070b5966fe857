#include "support.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "platform.h"
#ifdef _WIN32
#include <tlhelp32.h>
#endif

int test_failures = 0;
const char *test_skip_reason = NULL;
const char *test_not_applicable_reason = NULL;
char test_first_failure[256] = "";
static pthread_mutex_t first_failure_lock = PTHREAD_MUTEX_INITIALIZER;

void test_note_failure(const char *check, const char *file, int line, const char *what) {
    /* Checks also run on library and executor threads: one writer at a time. */
    pthread_mutex_lock(&first_failure_lock);
    if (test_first_failure[0] == '\0')
        snprintf(test_first_failure, sizeof test_first_failure, "%s failed at %s:%d: %s", check,
                 file, line, what ? what : "");
    pthread_mutex_unlock(&first_failure_lock);
}

void (*support_config_hook)(OfferkitConfig *config) = NULL;

static char url_buf[256];
static char host_url_buf[256];
static int sim_port = 0;

const char *sim_url(void) {
    if (!url_buf[0]) {
        const char *env = getenv("OFFERKIT_SIM_URL");
        if (!env) {
            fprintf(stderr, "OFFERKIT_SIM_URL is not set\n");
            exit(2);
        }
        sockets_start();
        snprintf(url_buf, sizeof url_buf, "%s", env);
        const char *colon = strrchr(url_buf, ':');
        sim_port = colon ? atoi(colon + 1) : 0;
        if (sim_port <= 0) {
            fprintf(stderr, "OFFERKIT_SIM_URL has no port: %s\n", url_buf);
            exit(2);
        }
        snprintf(host_url_buf, sizeof host_url_buf, "http://localhost:%d", sim_port);
    }
    return url_buf;
}

const char *sim_url_hostname(void) {
    sim_url();
    return host_url_buf;
}

static int http_to(int port, const char *method, const char *path, const char *body,
                   char **out_body);

int sim_http(const char *method, const char *path, const char *body, char **out_body) {
    sim_url();
    return http_to(sim_port, method, path, body, out_body);
}

const char *sim_prefixed_url(void) {
    const char *env = getenv("OFFERKIT_SIM_PREFIXED_URL");
    return env && env[0] ? env : NULL;
}

int sim_prefixed_http(const char *method, const char *path, const char *body, char **out_body) {
    const char *url = sim_prefixed_url();
    if (!url) return -1;
    /* http://127.0.0.1:PORT/prefix */
    const char *host = strstr(url, "://");
    const char *colon = host ? strchr(host + 3, ':') : NULL;
    int port = colon ? atoi(colon + 1) : 0;
    return port > 0 ? http_to(port, method, path, body, out_body) : -1;
}

static int http_to(int port, const char *method, const char *path, const char *body,
                   char **out_body) {
    sock_t fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd == SOCK_INVALID) return -1;
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
        sock_close(fd);
        return -1;
    }
    size_t body_len = body ? strlen(body) : 0;
    char head[512];
    int n = snprintf(head, sizeof head,
                     "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n"
                     "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n",
                     method, path, port, body_len);
    if (sock_send(fd, head, (size_t)n) != n || (body_len && sock_send(fd, body, body_len) != (long)body_len)) {
        sock_close(fd);
        return -1;
    }
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (len + 1024 > cap) {
            cap *= 2;
            buf = realloc(buf, cap);
        }
        long got = sock_recv(fd, buf + len, cap - len - 1);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        len += (size_t)got;
    }
    sock_close(fd);
    buf[len] = '\0';
    int status = -1;
    if (sscanf(buf, "HTTP/1.1 %d", &status) != 1) status = -1;
    if (out_body) {
        char *start = strstr(buf, "\r\n\r\n");
        *out_body = strdup(start ? start + 4 : "");
    }
    free(buf);
    return status;
}

void sim_fault(const char *fault_json) {
    int status = sim_http("POST", "/_sim/faults", fault_json, NULL);
    if (status != 200) {
        fprintf(stderr, "cannot inject fault %s (HTTP %d)\n", fault_json, status);
        exit(2);
    }
}

void sim_clear_faults(void) { sim_http("DELETE", "/_sim/faults", NULL, NULL); }

void sim_reset_stats(void) { sim_http("POST", "/_sim/stats/reset", "", NULL); }

long sim_stat(const char *name) {
    char *body = NULL;
    if (sim_http("GET", "/_sim/stats", NULL, &body) != 200) {
        free(body);
        return -1;
    }
    char key[64];
    snprintf(key, sizeof key, "\"%s\":", name);
    const char *at = strstr(body, key);
    long value = at ? strtol(at + strlen(key), NULL, 10) : -1;
    free(body);
    return value;
}

char *sim_token(long ttl_secs, bool scoped) {
    char request[128];
    if (ttl_secs)
        snprintf(request, sizeof request, "{\"ttl_secs\":%ld,\"scoped\":%s}", ttl_secs,
                 scoped ? "true" : "false");
    else
        snprintf(request, sizeof request, "{\"scoped\":%s}", scoped ? "true" : "false");
    char *body = NULL;
    if (sim_http("POST", "/_sim/tokens", request, &body) != 200) {
        fprintf(stderr, "cannot mint a token\n");
        exit(2);
    }
    const char *key = "\"access_token\":\"";
    const char *at = strstr(body, key);
    char *token = NULL;
    if (at) {
        at += strlen(key);
        const char *end = strchr(at, '"');
        token = strndup(at, (size_t)(end - at));
    }
    free(body);
    return token;
}

void sim_mess(const char *modes_json) {
    char *answer = NULL;
    int status = sim_http("PUT", "/_sim/mess", modes_json, &answer);
    if (status != 200) {
        fprintf(stderr, "cannot set misbehaviour modes %s (HTTP %d: %s)\n", modes_json, status,
                answer ? answer : "");
        exit(2);
    }
    free(answer);
}

void sim_fresh(void) {
    sim_clear_faults();
    sim_http("DELETE", "/_sim/mess", NULL, NULL);
    /* Let the previous test's aborted or slow exchanges finish before counting anew. */
    long until = now_ms() + 30000;
    while (sim_stat("in_flight") > 0 && now_ms() < until) sleep_ms(10);
    sim_reset_stats();
}

/* `text` as a JSON string literal (malloc'd). */
static char *json_quoted(const char *text) {
    size_t cap = strlen(text) * 6 + 3, len = 0;
    char *out = malloc(cap);
    out[len++] = '"';
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\') {
            out[len++] = '\\';
            out[len++] = (char)*c;
        } else if (*c < 0x20) {
            len += (size_t)snprintf(out + len, cap - len, "\\u%04x", *c);
        } else {
            out[len++] = (char)*c;
        }
    }
    out[len++] = '"';
    out[len] = '\0';
    return out;
}

void sim_answer(const char *method, const char *path, int status, const char *body, int times) {
    char *quoted = json_quoted(body);
    size_t cap = strlen(quoted) + 256 + (path ? strlen(path) : 0);
    char *fault = malloc(cap);
    int n = snprintf(fault, cap, "{\"kind\":\"status\",\"status\":%d,\"times\":%d,\"body\":%s", status,
                     times, quoted);
    if (method) n += snprintf(fault + n, cap - (size_t)n, ",\"method\":\"%s\"", method);
    if (path) n += snprintf(fault + n, cap - (size_t)n, ",\"path\":\"%s\"", path);
    snprintf(fault + n, cap - (size_t)n, "}");
    sim_fault(fault);
    free(fault);
    free(quoted);
}

OfferkitConfig *test_config(const char *token) {
    OfferkitConfig *config = NULL;
    if (offerkit_config_new(sim_url(), &config, NULL) != OFFERKIT_STATUS_OK) {
        fprintf(stderr, "offerkit_config_new failed\n");
        exit(2);
    }
    if (support_config_hook) support_config_hook(config);
    offerkit_config_set_retry_backoff_ms(config, 5, 20, NULL);
    /* Generous: under valgrind hundreds of queued requests wait for one library thread. Tests
     * of timeouts set their own. */
    offerkit_config_set_timeout_ms(config, 60000, NULL);
    if (token) offerkit_config_set_access_token(config, token, NULL);
    return config;
}

OfferkitConfig *test_config_with_token(void) {
    char *token = sim_token(0, true);
    OfferkitConfig *config = test_config(token);
    free(token);
    return config;
}

OfferkitClient *client_of(OfferkitConfig *config) {
    OfferkitClient *client = NULL;
    OfferkitError *error = NULL;
    if (offerkit_client_new(config, &client, &error) != OFFERKIT_STATUS_OK) {
        fprintf(stderr, "offerkit_client_new failed: %s\n", offerkit_error_message(error));
        exit(2);
    }
    offerkit_config_free(config);
    return client;
}

OfferkitClient *test_client(uint32_t delivery) {
    char *token = sim_token(0, true);
    OfferkitConfig *config = test_config(token);
    free(token);
    offerkit_config_set_delivery(config, delivery, NULL);
    OfferkitClient *client = NULL;
    OfferkitError *error = NULL;
    if (offerkit_client_new(config, &client, &error) != OFFERKIT_STATUS_OK) {
        fprintf(stderr, "offerkit_client_new failed: %s\n", offerkit_error_message(error));
        exit(2);
    }
    offerkit_config_free(config);
    return client;
}

/* ---- query options: made for one test, freed by options_free_all --------------------------- */

typedef struct {
    int kind; /* 1 offers, 2 player offers, 3 listing */
    void *options;
} HeldOptions;

static pthread_mutex_t held_lock = PTHREAD_MUTEX_INITIALIZER;
static HeldOptions *held = NULL;
static size_t held_count = 0, held_cap = 0;

static void *hold(int kind, void *options) {
    pthread_mutex_lock(&held_lock);
    if (held_count == held_cap) {
        held_cap = held_cap ? held_cap * 2 : 16;
        held = realloc(held, held_cap * sizeof *held);
    }
    held[held_count].kind = kind;
    held[held_count].options = options;
    held_count++;
    pthread_mutex_unlock(&held_lock);
    return options;
}

static void must(OfferkitStatus status, const char *what) {
    if (status != OFFERKIT_STATUS_OK) {
        fprintf(stderr, "%s failed: %s\n", what, offerkit_status_name(status));
        exit(2);
    }
}

OfferkitOffersOptions *offers_options(void) {
    OfferkitOffersOptions *options = NULL;
    must(offerkit_offers_options_new(&options, NULL), "offerkit_offers_options_new");
    return hold(1, options);
}

OfferkitOffersOptions *offers_limit(int64_t limit) {
    OfferkitOffersOptions *options = offers_options();
    must(offerkit_offers_options_set_limit(options, limit, NULL), "set_limit");
    return options;
}

OfferkitPlayerOffersOptions *player_options(void) {
    OfferkitPlayerOffersOptions *options = NULL;
    must(offerkit_player_offers_options_new(&options, NULL), "offerkit_player_offers_options_new");
    return hold(2, options);
}

OfferkitPlayerOffersOptions *player_limit(int64_t limit) {
    OfferkitPlayerOffersOptions *options = player_options();
    must(offerkit_player_offers_options_set_limit(options, limit, NULL), "set_limit");
    return options;
}

OfferkitListOffersOptions *list_options(void) {
    OfferkitListOffersOptions *options = NULL;
    must(offerkit_list_offers_options_new(&options, NULL), "offerkit_list_offers_options_new");
    return hold(3, options);
}

OfferkitListOffersOptions *list_per_page(int64_t per_page) {
    OfferkitListOffersOptions *options = list_options();
    must(offerkit_list_offers_options_set_per_page(options, per_page, NULL), "set_per_page");
    return options;
}

OfferkitListOffersOptions *list_page(int64_t per_page, int64_t page) {
    OfferkitListOffersOptions *options = list_per_page(per_page);
    must(offerkit_list_offers_options_set_page(options, page, NULL), "set_page");
    return options;
}

void options_free_all(void) {
    pthread_mutex_lock(&held_lock);
    for (size_t i = 0; i < held_count; i++) {
        switch (held[i].kind) {
        case 1: offerkit_offers_options_free(held[i].options); break;
        case 2: offerkit_player_offers_options_free(held[i].options); break;
        default: offerkit_list_offers_options_free(held[i].options); break;
        }
    }
    free(held);
    held = NULL;
    held_count = held_cap = 0;
    pthread_mutex_unlock(&held_lock);
}

void recorder_init(Recorder *r) {
    memset(r, 0, sizeof *r);
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->cond, NULL);
}

void recorder_clear(Recorder *r) {
    pthread_mutex_lock(&r->lock);
    switch (r->result_kind) {
    case 1: offerkit_offer_list_free(r->result); break;
    case 2: offerkit_player_offers_page_free(r->result); break;
    case 3: offerkit_string_free(r->result); break;
    default: break;
    }
    offerkit_error_free(r->error);
    r->result = NULL;
    r->error = NULL;
    r->result_kind = 0;
    pthread_mutex_unlock(&r->lock);
}

static void record(void *user_data, const OfferkitRequest *request, OfferkitStatus status,
                   void *result, int kind, OfferkitError *error) {
    Recorder *r = user_data;
    pthread_mutex_lock(&r->lock);
    /* Keep only the latest outcome; free an earlier one so nothing leaks. */
    switch (r->result_kind) {
    case 1: offerkit_offer_list_free(r->result); break;
    case 2: offerkit_player_offers_page_free(r->result); break;
    case 3: offerkit_string_free(r->result); break;
    default: break;
    }
    offerkit_error_free(r->error);
    r->calls++;
    r->status = status;
    r->result = result;
    r->result_kind = result ? kind : 0;
    r->error = error;
    r->thread = pthread_self();
    r->request = request;
    /* Read through the pointer inside the callback: valgrind and ASan see a use after free. */
    r->request_id = offerkit_request_id(request);
    r->in_own_callback_cancel = offerkit_request_cancel(request);
    pthread_cond_broadcast(&r->cond);
    pthread_mutex_unlock(&r->lock);
}

void on_list(void *user_data, const OfferkitRequest *request, OfferkitStatus status, OfferkitOfferList *list, OfferkitError *error) {
    record(user_data, request, status, list, 1, error);
}

void on_page(void *user_data, const OfferkitRequest *request, OfferkitStatus status, OfferkitPlayerOffersPage *page,
             OfferkitError *error) {
    record(user_data, request, status, page, 2, error);
}

void on_json(void *user_data, const OfferkitRequest *request, OfferkitStatus status, char *json, OfferkitError *error) {
    record(user_data, request, status, json, 3, error);
}

int recorder_wait(Recorder *r, int n, int timeout_ms) {
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += timeout_ms / 1000;
    deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec++;
        deadline.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&r->lock);
    while (r->calls < n) {
        if (pthread_cond_timedwait(&r->cond, &r->lock, &deadline) == ETIMEDOUT) break;
    }
    int calls = r->calls;
    pthread_mutex_unlock(&r->lock);
    return calls;
}

int recorder_poll(Recorder *r, const OfferkitClient *client, int n, int timeout_ms) {
    long until = now_ms() + timeout_ms;
    for (;;) {
        offerkit_client_poll(client, 0);
        pthread_mutex_lock(&r->lock);
        int calls = r->calls;
        pthread_mutex_unlock(&r->lock);
        if (calls >= n || now_ms() > until) return calls;
        sleep_ms(2);
    }
}

void sleep_ms(int ms) {
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
}

long now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

#ifdef _WIN32
int process_threads(void) {
    HANDLE snapshot = CreateToolhelp32Snapshot(TH32CS_SNAPTHREAD, 0);
    if (snapshot == INVALID_HANDLE_VALUE) return -1;
    DWORD self = GetCurrentProcessId();
    THREADENTRY32 entry;
    entry.dwSize = sizeof entry;
    int threads = 0;
    for (BOOL more = Thread32First(snapshot, &entry); more; more = Thread32Next(snapshot, &entry))
        if (entry.th32OwnerProcessID == self) threads++;
    CloseHandle(snapshot);
    return threads;
}
#else
int process_threads(void) {
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[256];
    int threads = -1;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "Threads: %d", &threads) == 1) break;
    }
    fclose(f);
    return threads;
}
#endif

bool contains(const char *haystack, const char *needle) {
    return haystack && needle && strstr(haystack, needle) != NULL;
}

const char *field_message(const OfferkitError *error, const char *path, const char *argument) {
    for (size_t f = 0; f < offerkit_error_field_count(error); f++) {
        if (strcmp(offerkit_error_field_path(error, f), path) != 0) continue;
        for (size_t a = 0; a < offerkit_error_field_argument_count(error, f); a++) {
            if (strcmp(offerkit_error_field_argument_name(error, f, a), argument) == 0)
                return offerkit_error_field_message(error, f, a, 0);
        }
    }
    return NULL;
}
