/* Which HTTP transport a run of the C tests uses: the library's built-in one, or (with
 * OFFERKIT_TEST_EXECUTOR=curl) the libcurl host executor of curl_executor.c, installed on every
 * config the tests make; and whether the library is the lite one (OFFERKIT_TEST_LITE=1). Apart
 * from support.c so that the other programs linking support.c (stress, soak, benchmarks) need
 * no libcurl. Built with OFFERKIT_TEST_NO_CURL (targets without a libcurl to link, e.g. the
 * Windows and arm64 cross runs of bindings/c/test-cross.sh), the curl executor is left out: a run
 * asking for it stops with "curl executor not built". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "curl_executor.h"
#include "support.h"

bool curl_run(void) {
    const char *mode = getenv("OFFERKIT_TEST_EXECUTOR");
    return mode && strcmp(mode, "curl") == 0;
}

bool lite_run(void) {
    const char *lite = getenv("OFFERKIT_TEST_LITE");
    return lite && strcmp(lite, "1") == 0;
}

#ifdef OFFERKIT_TEST_NO_CURL

void use_test_executor(OfferkitConfig *config) { (void)config; }

void settle_host_threads(void) {}

void executor_mode_start(void) {
    if (curl_run()) {
        fprintf(stderr, "curl executor not built (OFFERKIT_TEST_NO_CURL)\n");
        exit(2);
    }
}

void executor_mode_stop(void) {}

#else

void use_test_executor(OfferkitConfig *config) {
    if (!curl_run()) return;
    OfferkitError *error = NULL;
    if (curl_executor_install(config, &error) != OFFERKIT_STATUS_OK) {
        fprintf(stderr, "cannot install the curl executor: %s\n", offerkit_error_message(error));
        exit(2);
    }
}

void settle_host_threads(void) {
    if (curl_run()) curl_executor_wait_idle();
}

/* libcurl is started in every run: test_executor.c sends through it in all of them. */
void executor_mode_start(void) {
    if (curl_executor_global_init() != 0) {
        fprintf(stderr, "curl_global_init failed\n");
        exit(2);
    }
    if (curl_run()) support_config_hook = use_test_executor;
}

void executor_mode_stop(void) { curl_executor_global_cleanup(); }

#endif
