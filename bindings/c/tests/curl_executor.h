/* A host HTTP executor for libofferkit written on libcurl (the easy interface, one worker thread
 * per request): how a C host carries offerkit's requests through its own HTTP stack. The C
 * suite runs a second time through it (OFFERKIT_TEST_EXECUTOR=curl), and it is the executor of
 * the lite library's run and of the latency benchmark.
 *
 * It keeps the contract of ffi/README.md ("Host HTTP executor"): sends exactly what it is
 * given (no redirects followed, no Accept-Encoding added, no proxy from the environment),
 * honours the attempt's timeout, stops a transfer offerkit no longer wants (a progress callback
 * reading offerkit_http_request_is_cancelled), and maps curl's failures to offerkit's kinds. */
#ifndef OFFERKIT_CURL_EXECUTOR_H
#define OFFERKIT_CURL_EXECUTOR_H

#include <stdint.h>

#include "offerkit.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Counters of what the executor did (read with curl_executor_stats). */
typedef struct {
    long executed;  /* execute callbacks received */
    long cancels;   /* cancel callbacks received */
    long answered;  /* responses and failures given (status OK) */
    long refused;   /* answers refused because offerkit no longer wanted them (CANCELLED) */
} CurlExecutorStats;

/* curl_global_init; call once in main before any thread starts. 0 on success. */
int curl_executor_global_init(void);
/* Waits for every worker, then curl_global_cleanup; call once at the end of main. */
void curl_executor_global_cleanup(void);
/* Installs the executor on `config` (offerkit_config_set_http_executor). */
OfferkitStatus curl_executor_install(OfferkitConfig *config, OfferkitError **out_error);
/* The execute and cancel callbacks themselves (user_data is unused: pass NULL). */
void curl_executor_execute(void *user_data, OfferkitHttpRequest *request);
void curl_executor_cancel(void *user_data, const OfferkitHttpRequest *request);
/* Waits until no request is in a worker (and joins the workers). */
void curl_executor_wait_idle(void);
CurlExecutorStats curl_executor_stats(void);

#ifdef __cplusplus
}
#endif

#endif
