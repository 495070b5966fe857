/* A host HTTP executor on libcurl: one joinable worker thread per request, each running one
 * easy transfer on an easy handle taken from a pool of idle ones, so connections are kept alive
 * and reused as a host's stack would; see curl_executor.h for what it promises. */
#include "curl_executor.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Worker {
    pthread_t thread;
    OfferkitHttpRequest *request;
    int done;
    struct Worker *next;
} Worker;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t idle = PTHREAD_COND_INITIALIZER;
static Worker *workers = NULL;
static int active = 0;
static CurlExecutorStats stats;

/* Idle easy handles, each keeping its own connections alive between transfers. Not a share
 * object's connection cache: libcurl does not support sharing connections between concurrent
 * threads (CURLSHOPT_SHARE, CURL_LOCK_DATA_CONNECT), and doing so wrote to freed memory under
 * valgrind. A handle is used by one worker at a time. Guarded by `lock`. */
#define MAX_IDLE_HANDLES 16
static CURL *idle_handles[MAX_IDLE_HANDLES];
static int idle_count = 0;

/* An idle handle (reset to its defaults, its connections kept), or a new one. */
static CURL *take_handle(void) {
    CURL *curl = NULL;
    pthread_mutex_lock(&lock);
    if (idle_count > 0) curl = idle_handles[--idle_count];
    pthread_mutex_unlock(&lock);
    if (curl) {
        curl_easy_reset(curl);
        return curl;
    }
    return curl_easy_init();
}

/* Back to the pool for the next transfer, or cleaned up when the pool is full. */
static void give_back(CURL *curl) {
    pthread_mutex_lock(&lock);
    if (idle_count < MAX_IDLE_HANDLES) {
        idle_handles[idle_count++] = curl;
        curl = NULL;
    }
    pthread_mutex_unlock(&lock);
    if (curl) curl_easy_cleanup(curl);
}

typedef struct {
    char *data;
    size_t len, cap, max;
    int too_large;
} Body;

typedef struct {
    char **names, **values;
    size_t count, cap;
} Headers;

static void headers_clear(Headers *h) {
    for (size_t i = 0; i < h->count; i++) {
        free(h->names[i]);
        free(h->values[i]);
    }
    h->count = 0;
}

static size_t on_header(char *line, size_t size, size_t n, void *user) {
    size_t len = size * n;
    Headers *h = user;
    /* A new status line (after a 100 Continue, say) starts the headers afresh. */
    if (len >= 5 && memcmp(line, "HTTP/", 5) == 0) {
        headers_clear(h);
        return len;
    }
    const char *colon = memchr(line, ':', len);
    if (!colon) return len; /* the blank line that ends the headers */
    size_t name_len = (size_t)(colon - line);
    const char *value = colon + 1;
    size_t value_len = len - name_len - 1;
    while (value_len && (*value == ' ' || *value == '\t')) value++, value_len--;
    while (value_len && (value[value_len - 1] == '\r' || value[value_len - 1] == '\n' ||
                         value[value_len - 1] == ' '))
        value_len--;
    if (h->count == h->cap) {
        size_t cap = h->cap ? h->cap * 2 : 16;
        char **names = realloc(h->names, cap * sizeof *names);
        if (!names) return 0;
        h->names = names;
        char **values = realloc(h->values, cap * sizeof *values);
        if (!values) return 0;
        h->values = values;
        h->cap = cap;
    }
    h->names[h->count] = strndup(line, name_len);
    h->values[h->count] = strndup(value, value_len);
    h->count++;
    return len;
}

static size_t on_body(char *data, size_t size, size_t n, void *user) {
    size_t len = size * n;
    Body *b = user;
    if (b->len + len > b->max) {
        b->too_large = 1;
        return 0; /* stops the transfer: CURLE_WRITE_ERROR */
    }
    if (b->len + len + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + len + 1) cap *= 2;
        char *grown = realloc(b->data, cap);
        if (!grown) return 0;
        b->data = grown;
        b->cap = cap;
    }
    memcpy(b->data + b->len, data, len);
    b->len += len;
    return len;
}

/* Stops the transfer as soon as offerkit no longer wants the answer. */
static int on_progress(void *request, curl_off_t a, curl_off_t b, curl_off_t c, curl_off_t d) {
    (void)a, (void)b, (void)c, (void)d;
    return offerkit_http_request_is_cancelled(request) ? 1 : 0;
}

static void count_answer(OfferkitStatus status) {
    pthread_mutex_lock(&lock);
    if (status == OFFERKIT_STATUS_OK) stats.answered++;
    if (status == OFFERKIT_STATUS_CANCELLED) stats.refused++;
    pthread_mutex_unlock(&lock);
}

/* One transfer, answered once, then the request freed. */
static void transfer(OfferkitHttpRequest *request) {
    CURL *curl = take_handle();
    if (!curl) {
        count_answer(offerkit_http_request_fail(request, OFFERKIT_HTTP_FAILURE_NETWORK,
                                                "curl_easy_init failed", NULL));
        return;
    }
    char error[CURL_ERROR_SIZE] = "";
    struct curl_slist *list = NULL;
    size_t count = offerkit_http_request_header_count(request);
    for (size_t i = 0; i < count; i++) {
        const char *name = NULL, *value = NULL;
        if (offerkit_http_request_header(request, i, &name, &value, NULL) != OFFERKIT_STATUS_OK) continue;
        size_t len = strlen(name) + strlen(value) + 3;
        char *line = malloc(len);
        snprintf(line, len, "%s: %s", name, value);
        list = curl_slist_append(list, line);
        free(line);
    }
    list = curl_slist_append(list, "Expect:"); /* no 100-continue round trip for larger bodies */
    Body body = {NULL, 0, 0, offerkit_http_request_max_response_bytes(request), 0};
    Headers headers = {NULL, NULL, 0, 0};
    curl_easy_setopt(curl, CURLOPT_URL, offerkit_http_request_url(request));
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L); /* offerkit refuses redirects itself */
    curl_easy_setopt(curl, CURLOPT_PROXY, "");          /* never a proxy from the environment */
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, (long)offerkit_http_request_timeout_ms(request));
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
    if (strcmp(offerkit_http_request_method(request), "POST") == 0) {
        const uint8_t *data = NULL;
        size_t len = 0;
        offerkit_http_request_body(request, &data, &len, NULL);
        curl_easy_setopt(curl, CURLOPT_POST, 1L);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, data ? (const char *)data : "");
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len);
    }
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &headers);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, request);
    CURLcode rc = curl_easy_perform(curl);
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    const char *why = error[0] ? error : curl_easy_strerror(rc);
    if (rc == CURLE_OK) {
        count_answer(offerkit_http_request_respond(
            request, (uint32_t)status, (const char *const *)headers.names,
            (const char *const *)headers.values, headers.count, (const uint8_t *)body.data,
            body.len, NULL));
    } else if (rc == CURLE_ABORTED_BY_CALLBACK) {
        /* offerkit cancelled the attempt: nobody waits for an answer. */
    } else if (body.too_large) {
        count_answer(offerkit_http_request_fail_after_status(
            request, OFFERKIT_HTTP_FAILURE_TOO_LARGE, (uint32_t)status, "response body too large", NULL));
    } else {
        uint32_t kind = rc == CURLE_OPERATION_TIMEDOUT ? OFFERKIT_HTTP_FAILURE_TIMEOUT
                                                       : OFFERKIT_HTTP_FAILURE_NETWORK;
        /* A body that broke off after the status line keeps that status. */
        if (status >= 100 && status <= 599)
            count_answer(offerkit_http_request_fail_after_status(request, kind, (uint32_t)status, why, NULL));
        else
            count_answer(offerkit_http_request_fail(request, kind, why, NULL));
    }
    headers_clear(&headers);
    free(headers.names);
    free(headers.values);
    free(body.data);
    curl_slist_free_all(list);
    give_back(curl);
}

static void *worker_main(void *arg) {
    Worker *worker = arg;
    transfer(worker->request);
    offerkit_http_request_free(worker->request);
    pthread_mutex_lock(&lock);
    worker->done = 1;
    active--;
    pthread_cond_broadcast(&idle);
    pthread_mutex_unlock(&lock);
    return NULL;
}

/* Joins the workers that have finished (called with `lock` not held). */
static void reap(int all) {
    pthread_mutex_lock(&lock);
    if (all)
        while (active > 0) pthread_cond_wait(&idle, &lock);
    Worker *finished = NULL, **at = &workers;
    while (*at) {
        Worker *w = *at;
        if (w->done) {
            *at = w->next;
            w->next = finished;
            finished = w;
        } else {
            at = &w->next;
        }
    }
    pthread_mutex_unlock(&lock);
    while (finished) {
        Worker *next = finished->next;
        pthread_join(finished->thread, NULL);
        free(finished);
        finished = next;
    }
}

void curl_executor_execute(void *user_data, OfferkitHttpRequest *request) {
    (void)user_data;
    reap(0);
    Worker *worker = calloc(1, sizeof *worker);
    if (!worker) {
        offerkit_http_request_fail(request, OFFERKIT_HTTP_FAILURE_NETWORK, "out of memory", NULL);
        offerkit_http_request_free(request);
        return;
    }
    worker->request = request;
    pthread_mutex_lock(&lock);
    stats.executed++;
    active++;
    if (pthread_create(&worker->thread, NULL, worker_main, worker) != 0) {
        active--;
        pthread_mutex_unlock(&lock);
        free(worker);
        offerkit_http_request_fail(request, OFFERKIT_HTTP_FAILURE_NETWORK, "cannot start a thread", NULL);
        offerkit_http_request_free(request);
        return;
    }
    worker->next = workers;
    workers = worker;
    pthread_mutex_unlock(&lock);
}

void curl_executor_cancel(void *user_data, const OfferkitHttpRequest *request) {
    (void)user_data;
    (void)request; /* the worker's progress callback sees offerkit_http_request_is_cancelled */
    pthread_mutex_lock(&lock);
    stats.cancels++;
    pthread_mutex_unlock(&lock);
}

OfferkitStatus curl_executor_install(OfferkitConfig *config, OfferkitError **out_error) {
    return offerkit_config_set_http_executor(config, curl_executor_execute, curl_executor_cancel,
                                             NULL, out_error);
}

void curl_executor_wait_idle(void) { reap(1); }

CurlExecutorStats curl_executor_stats(void) {
    pthread_mutex_lock(&lock);
    CurlExecutorStats copy = stats;
    pthread_mutex_unlock(&lock);
    return copy;
}

int curl_executor_global_init(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK;
}

void curl_executor_global_cleanup(void) {
    curl_executor_wait_idle();
    pthread_mutex_lock(&lock);
    while (idle_count > 0) curl_easy_cleanup(idle_handles[--idle_count]);
    pthread_mutex_unlock(&lock);
    curl_global_cleanup();
}
