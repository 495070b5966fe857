/* The runner of the C tests: runs every test in tests.def (or those named on the command
 * line), each with fresh simulator faults and stats, and ends with
 * "N passed, N failed, N skipped". A test that cannot run in this build (SKIP) is counted as
 * skipped, never as passed; with --no-skips a skipped test counts as failed, so the build that
 * has everything (the test hooks) cannot lose a test silently. With OFFERKIT_RESULTS set, every
 * case is also one line of that results file (results.h; suite OFFERKIT_SUITE, else "c-tests"),
 * the shutdown at exit and a test named on the command line that does not exist included. */
#include <stdio.h>
#include <string.h>

#include "results.h"
#include "support.h"

#define SUITE "c-tests"

#define TEST_ENTRY(name) void test_##name(void);
#include "tests.def"
#undef TEST_ENTRY

typedef struct {
    const char *name;
    void (*run)(void);
} Entry;

static const Entry tests[] = {
#define TEST_ENTRY(name) {#name, test_##name},
#include "tests.def"
#undef TEST_ENTRY
};

int main(int argc, char **argv) {
    int passed = 0, failed = 0, skipped = 0, named = 0, not_applicable = 0;
    executor_mode_start();
    bool no_skips = false;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--no-skips") == 0)
            no_skips = true;
        else
            named++;
    }
    size_t count = sizeof tests / sizeof tests[0];
    /* A name that matches no test is a failure, not a silently smaller run. */
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--no-skips") == 0) continue;
        size_t i = 0;
        while (i < count && strcmp(argv[a], tests[i].name) != 0) i++;
        if (i == count) {
            printf("FAIL %s (no such test)\n", argv[a]);
            results_write(SUITE, argv[a], RESULT_FAILED, 0, "no such test");
            failed++;
        }
    }
    for (size_t i = 0; i < count; i++) {
        if (named) {
            int wanted = 0;
            for (int a = 1; a < argc; a++) wanted |= strcmp(argv[a], tests[i].name) == 0;
            if (!wanted) continue;
        } else if (strncmp(tests[i].name, "isolated_", 9) == 0) {
            continue; /* needs a fresh process: run it by name */
        }
        sim_fresh();
        test_failures = 0;
        test_skip_reason = NULL;
        test_not_applicable_reason = NULL;
        test_first_failure[0] = '\0';
        long started = now_ms();
        tests[i].run();
        options_free_all();
        long took = now_ms() - started;
        double seconds = took / 1000.0;
        char detail[320];
        if (test_failures == 0 && test_not_applicable_reason != NULL) {
            printf("n/a  %s (%s)\n", tests[i].name, test_not_applicable_reason);
            results_write(SUITE, tests[i].name, RESULT_NA, seconds, test_not_applicable_reason);
            not_applicable++;
        } else if (test_failures == 0 && test_skip_reason == NULL) {
            printf("ok   %s (%ld ms)\n", tests[i].name, took);
            results_write(SUITE, tests[i].name, RESULT_PASSED, seconds, "");
            passed++;
        } else if (test_failures == 0 && !no_skips) {
            printf("skip %s (%s)\n", tests[i].name, test_skip_reason);
            results_write(SUITE, tests[i].name, RESULT_SKIPPED, seconds, test_skip_reason);
            skipped++;
        } else if (test_failures == 0) {
            printf("FAIL %s (skipped, but --no-skips: %s)\n", tests[i].name, test_skip_reason);
            snprintf(detail, sizeof detail, "skipped, but --no-skips: %s", test_skip_reason);
            results_write(SUITE, tests[i].name, RESULT_FAILED, seconds, detail);
            failed++;
        } else {
            printf("FAIL %s (%d failed checks)\n", tests[i].name, test_failures);
            snprintf(detail, sizeof detail, "%d failed checks; the first: %s", test_failures,
                     test_first_failure);
            results_write(SUITE, tests[i].name, RESULT_FAILED, seconds, detail);
            failed++;
        }
        fflush(stdout);
    }
    sim_fresh(); /* leave the simulator as found: no fault or misbehaviour mode left on */
    settle_host_threads(); /* executor threads still freeing their last requests */
    /* Stop the library, so a leak checker sees every byte it allocated released. */
    OfferkitError *error = NULL;
    long stopping = now_ms();
    OfferkitStatus stopped = offerkit_shutdown(&error);
    if (stopped != OFFERKIT_STATUS_OK) {
        char detail[512];
        snprintf(detail, sizeof detail, "offerkit_shutdown: %s (%s)", offerkit_status_name(stopped),
                 error ? offerkit_error_message(error) : "");
        printf("FAIL offerkit_shutdown at exit: %s (%s)\n", offerkit_status_name(stopped),
               error ? offerkit_error_message(error) : "");
        results_write(SUITE, "(shutdown at exit)", RESULT_FAILED, (now_ms() - stopping) / 1000.0, detail);
        offerkit_error_free(error);
        failed++;
    }
    executor_mode_stop();
    if (not_applicable) printf("%d not applicable to this run (listed above as n/a)\n", not_applicable);
    printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
    return failed == 0 && passed > 0 ? 0 : 1;
}
