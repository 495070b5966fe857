/* Latency probe for BENCHMARKS.md: latency.c's calls through the libcurl host executor
 * (bindings/c/tests/curl_executor.c: a worker thread and an easy handle per request, over one shared
 * keep-alive connection cache). scripts/bench.sh runs it interleaved with the other probes;
 * by hand:
 *   gcc -O2 -std=gnu11 -Iinclude -Ibindings/c/tests bench/c/latency_curl.c bindings/c/tests/curl_executor.c \
 *       -Ltarget/release -lofferkit -lcurl -lpthread -o latency-curl
 *   LD_LIBRARY_PATH=target/release ./latency-curl URL TOKEN CALLS */
#define LATENCY_CURL_EXECUTOR
#include "latency.c"
