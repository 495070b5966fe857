/* The explicit proxy (offerkit_config_set_proxy): requests really go through it (a relay in
 * this test sees each request in absolute form, with the proxy credentials as
 * Proxy-Authorization, and passes it on to the simulator), an unreachable proxy is a `network`
 * error with nothing reaching the service, and proxy credentials never appear in logs. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform.h"
#include "support.h"

/* A one-connection-at-a-time TCP relay to the simulator that keeps the first request head. */
typedef struct {
    sock_t listener;
    int port;
    pthread_t thread;
    pthread_mutex_t lock;
    char head[2048];
    int connections;
    volatile int stop;
} Relay;

static sock_t connect_loopback(int port) {
    sock_t fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
        sock_close(fd);
        return SOCK_INVALID;
    }
    return fd;
}

static int sim_port_number(void) {
    const char *colon = strrchr(sim_url(), ':');
    return atoi(colon + 1);
}

/* Relays one connection both ways until either side closes or the relay stops. */
static void relay_connection(Relay *relay, sock_t client) {
    sock_t upstream = connect_loopback(sim_port_number());
    if (upstream == SOCK_INVALID) return;
    bool first = true;
    struct pollfd fds[2] = {{client, POLLIN, 0}, {upstream, POLLIN, 0}};
    char buf[16384];
    while (!relay->stop) {
        if (poll(fds, 2, 100) <= 0) continue;
        int from = (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) ? 0 : 1;
        if (!(fds[from].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        long got = sock_recv(fds[from].fd, buf, sizeof buf);
        if (got <= 0) break;
        if (from == 0 && first) {
            pthread_mutex_lock(&relay->lock);
            size_t keep = (size_t)got < sizeof relay->head - 1 ? (size_t)got : sizeof relay->head - 1;
            memcpy(relay->head, buf, keep);
            relay->head[keep] = 0;
            pthread_mutex_unlock(&relay->lock);
            first = false;
        }
        if (sock_send(fds[1 - from].fd, buf, (size_t)got) != got) break;
    }
    sock_close(upstream);
}

static void *relay_main(void *arg) {
    Relay *relay = arg;
    while (!relay->stop) {
        struct pollfd fd = {relay->listener, POLLIN, 0};
        if (poll(&fd, 1, 100) <= 0) continue;
        sock_t client = accept(relay->listener, NULL, NULL);
        if (client == SOCK_INVALID) continue;
        pthread_mutex_lock(&relay->lock);
        relay->connections++;
        pthread_mutex_unlock(&relay->lock);
        relay_connection(relay, client);
        sock_close(client);
    }
    return NULL;
}

static void relay_start(Relay *relay) {
    memset(relay, 0, sizeof *relay);
    pthread_mutex_init(&relay->lock, NULL);
    relay->listener = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(relay->listener, (struct sockaddr *)&addr, sizeof addr);
    listen(relay->listener, 4);
    socklen_t len = sizeof addr;
    getsockname(relay->listener, (struct sockaddr *)&addr, &len);
    relay->port = ntohs(addr.sin_port);
    pthread_create(&relay->thread, NULL, relay_main, relay);
}

static void relay_stop(Relay *relay) {
    relay->stop = 1;
    pthread_join(relay->thread, NULL);
    sock_close(relay->listener);
    pthread_mutex_destroy(&relay->lock);
}

static OfferkitClient *client_via(const char *proxy) {
    OfferkitConfig *config = test_config_with_token();
    CHECK(offerkit_config_set_proxy(config, proxy, NULL) == OFFERKIT_STATUS_OK);
    offerkit_config_set_max_retries(config, 0, NULL);
    return client_of(config);
}

typedef struct {
    pthread_mutex_t lock;
    int lines;
    int leaked;
} LogScan;

static void scan_log(void *user_data, OfferkitLogLevel level, const char *message) {
    (void)level;
    LogScan *scan = user_data;
    pthread_mutex_lock(&scan->lock);
    scan->lines++;
    if (contains(message, "s3cret-pw")) scan->leaked++;
    pthread_mutex_unlock(&scan->lock);
}

/* Through a host executor the proxy is the host stack's business: the client refuses one
 * (the lite library refuses the setter itself). */
static void proxy_is_refused_with_an_executor(void) {
    OfferkitConfig *config = test_config_with_token();
    OfferkitError *error = NULL;
    OfferkitStatus status = offerkit_config_set_proxy(config, "http://127.0.0.1:3128", &error);
    if (!offerkit_has_builtin_http()) {
        CHECK_STATUS(status, OFFERKIT_STATUS_NOT_AVAILABLE, error);
        CHECK(contains(offerkit_error_message(error), "proxy"));
    } else {
        CHECK_STATUS(status, OFFERKIT_STATUS_OK, error);
        OfferkitClient *client = (OfferkitClient *)0x1;
        CHECK_STATUS(offerkit_client_new(config, &client, &error), OFFERKIT_STATUS_INVALID_ARGUMENT, error);
        CHECK(client == (OfferkitClient *)0x1);
        CHECK(contains(offerkit_error_message(error), "host HTTP executor"));
    }
    offerkit_error_free(error);
    offerkit_config_free(config);
    CHECK(sim_stat("requests") == 0);
}

void test_requests_go_through_the_proxy(void) {
    if (curl_run()) {
        proxy_is_refused_with_an_executor();
        return;
    }
    Relay relay;
    relay_start(&relay);
    LogScan scan = {PTHREAD_MUTEX_INITIALIZER, 0, 0};
    CHECK(offerkit_set_log_callback(scan_log, &scan, OFFERKIT_LOG_LEVEL_TRACE, OFFERKIT_DELIVERY_THREAD) == OFFERKIT_STATUS_OK);
    char proxy[128];
    snprintf(proxy, sizeof proxy, "http://alice:s3cret-pw@127.0.0.1:%d", relay.port);
    OfferkitClient *client = client_via(proxy);
    OfferkitOfferList *list = NULL;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_OK, error);
    CHECK(offerkit_offer_list_count(list) > 0);
    offerkit_offer_list_free(list);
    offerkit_client_free(client); /* closes the pooled connection, so the relay's loop ends */
    CHECK(offerkit_set_log_callback(NULL, NULL, OFFERKIT_LOG_LEVEL_OFF, OFFERKIT_DELIVERY_THREAD) == OFFERKIT_STATUS_OK);
    relay_stop(&relay);

    CHECK(relay.connections == 1);
    CHECK(sim_stat("graphql") == 1); /* the simulator answered, through the relay */
    /* Absolute form names the service; the credentials ride in Proxy-Authorization. */
    char absolute[160];
    snprintf(absolute, sizeof absolute, "POST %s/v1/offers HTTP/1.1\r\n", sim_url());
    if (strncmp(relay.head, absolute, strlen(absolute)) != 0)
        fprintf(stderr, "    the relay saw: %.120s\n", relay.head);
    CHECK(strncmp(relay.head, absolute, strlen(absolute)) == 0);
    /* base64("alice:s3cret-pw") */
    CHECK(contains(relay.head, "Basic YWxpY2U6czNjcmV0LXB3"));
    CHECK(scan.lines > 0 && scan.leaked == 0);
}

/* A loopback port nothing listens on. */
static int closed_port(void) {
    sock_t fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(fd, (struct sockaddr *)&addr, sizeof addr);
    socklen_t len = sizeof addr;
    getsockname(fd, (struct sockaddr *)&addr, &len);
    sock_close(fd);
    return ntohs(addr.sin_port);
}

void test_unreachable_proxy_is_a_network_error(void) {
    if (curl_run()) NOT_APPLICABLE("the built-in transport's proxy (refused with an executor: requests_go_through_the_proxy)");
    char proxy[64];
    snprintf(proxy, sizeof proxy, "http://127.0.0.1:%d", closed_port());
    OfferkitClient *client = client_via(proxy);
    OfferkitOfferList *list = (OfferkitOfferList *)0x1;
    OfferkitError *error = NULL;
    CHECK_STATUS(offerkit_client_offers(client, "demo", NULL, &list, &error), OFFERKIT_STATUS_NETWORK,
                 error);
    CHECK(list == (OfferkitOfferList *)0x1);
    CHECK(offerkit_error_http_status(error) == 0);
    offerkit_error_free(error);
    CHECK(sim_stat("requests") == 0); /* nothing went around the proxy */
    offerkit_client_free(client);
}
