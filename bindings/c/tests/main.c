/* The runner of the C tests: runs every test in tests.def (or those named on the command
 * line), each with fresh simulator faults and stats, and ends with
 * "N passed, N failed, N skipped". A test that cannot run in this build (SKIP) is counted as
 * skipped, never as passed; with --no-skips a skipped test counts as failed, so the build that
 * has everything (the test hooks) cannot lose a test silently. */
#include <stdio.h>
#include <string.h>

#include "support.h"

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
        long started = now_ms();
        tests[i].run();
        options_free_all();
        long took = now_ms() - started;
        if (test_failures == 0 && test_not_applicable_reason != NULL) {
            printf("n/a  %s (%s)\n", tests[i].name, test_not_applicable_reason);
            not_applicable++;
        } else if (test_failures == 0 && test_skip_reason == NULL) {
            printf("ok   %s (%ld ms)\n", tests[i].name, took);
            passed++;
        } else if (test_failures == 0 && !no_skips) {
            printf("skip %s (%s)\n", tests[i].name, test_skip_reason);
            skipped++;
        } else if (test_failures == 0) {
            printf("FAIL %s (skipped, but --no-skips: %s)\n", tests[i].name, test_skip_reason);
            failed++;
        } else {
            printf("FAIL %s (%d failed checks)\n", tests[i].name, test_failures);
            failed++;
        }
        fflush(stdout);
    }
    sim_fresh(); /* leave the simulator as found: no fault or misbehaviour mode left on */
    settle_host_threads(); /* executor threads still freeing their last requests */
    /* Stop the library, so a leak checker sees every byte it allocated released. */
    OfferkitError *error = NULL;
    OfferkitStatus stopped = offerkit_shutdown(&error);
    if (stopped != OFFERKIT_STATUS_OK) {
        printf("FAIL offerkit_shutdown at exit: %s (%s)\n", offerkit_status_name(stopped),
               error ? offerkit_error_message(error) : "");
        offerkit_error_free(error);
        failed++;
    }
    executor_mode_stop();
    if (not_applicable) printf("%d not applicable to this run (listed above as n/a)\n", not_applicable);
    printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
    return failed == 0 && passed > 0 ? 0 : 1;
}
