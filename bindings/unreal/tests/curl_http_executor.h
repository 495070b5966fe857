// curl_http_executor.h: the bridge's HttpExecutor on libcurl, for the tests: a C++ executor that
// hands each HttpRequest to the C suite's libcurl executor (bindings/c/tests/curl_executor.c: one worker
// thread per transfer, no redirects, the attempt's timeout, cancellation through
// offerkit_http_request_is_cancelled), counting what it was given and checking that execute and
// cancel run on the game thread, as the bridge promises.
#ifndef OFFERKIT_UNREAL_TEST_CURL_HTTP_EXECUTOR_H
#define OFFERKIT_UNREAL_TEST_CURL_HTTP_EXECUTOR_H

#include <atomic>
#include <thread>

#include "OfferKitHttpExecutor.h"
#include "curl_executor.h"

class CurlHttpExecutor : public offerkit_unreal::HttpExecutor {
public:
    explicit CurlHttpExecutor(std::thread::id game_thread) : game_thread_(game_thread) {}

    void execute(offerkit_unreal::HttpRequest request) override {
        executed++;
        if (std::this_thread::get_id() != game_thread_) off_thread++;
        curl_executor_execute(nullptr, request.release()); // the worker answers and frees it
    }

    void cancel(uint64_t id) override {
        cancels++;
        if (std::this_thread::get_id() != game_thread_) off_thread++;
        (void)id; // the worker's progress callback sees offerkit_http_request_is_cancelled
    }

    std::atomic<int> executed{0};
    std::atomic<int> cancels{0};
    std::atomic<int> off_thread{0};

private:
    std::thread::id game_thread_;
};

#endif
