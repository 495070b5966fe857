/* Latency probe for BENCHMARKS.md: latency.c's calls through the libcurl host executor
 * (tests/c/curl_executor.c: one worker thread and one easy handle, so one new connection, per
 * request). Build and run:
 *   gcc -O2 -std=gnu11 -Iinclude -Itests/c bench/c/latency_curl.c tests/c/curl_executor.c \
 *       -Ltarget/release -lofferkit -lcurl -lpthread -o latency-curl
 *   LD_LIBRARY_PATH=target/release ./latency-curl URL TOKEN CALLS */
#define LATENCY_CURL_EXECUTOR
#include "latency.c"
