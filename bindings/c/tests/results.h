/* The results file of the test runners: one JSON line per test case, appended to the file named
 * by OFFERKIT_RESULTS (nothing is written when it is unset), for a harness that reads results
 * from files, never from logs (format: harness/RESULTS.md). Plain C99 without dependencies, so
 * the C runner, the C++ wrapper tests and the Unreal bridge tests share it, on every platform the
 * C tests are cross-built for. */
#ifndef OFFERKIT_TEST_RESULTS_H
#define OFFERKIT_TEST_RESULTS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The outcomes a line can carry. */
#define RESULT_PASSED "passed"
#define RESULT_FAILED "failed"
#define RESULT_SKIPPED "skipped"
#define RESULT_NA "na" /* the case cannot exist in this build */

/* Appends {"suite","case","outcome","seconds","detail"} as one line and flushes it at once (the
 * file is opened and closed around each line: a crash later loses nothing written before). The
 * suite is OFFERKIT_SUITE, or default_suite when that is unset or empty. detail may be NULL.
 * Returns 0, or -1 when the file could not be written (also said on stderr); 0 when
 * OFFERKIT_RESULTS is unset. */
int results_write(const char *default_suite, const char *case_name, const char *outcome,
                  double seconds, const char *detail);

/* Writes `text` as a JSON string (quotes included) to `out`, a buffer of `size` bytes: quotes,
 * backslashes and control characters escaped, UTF-8 passed through, a byte that is not part of
 * valid UTF-8 written as U+FFFD. Returns the length the whole string needs (without the NUL);
 * the output is cut (still NUL-terminated) when that is size or more. */
size_t results_json_string(char *out, size_t size, const char *text);

#ifdef __cplusplus
}
#endif

#endif
