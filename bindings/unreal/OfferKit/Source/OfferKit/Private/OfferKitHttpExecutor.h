// OfferKitHttpExecutor.h: the engine-free seam through which the plugin sends offerkit's HTTP
// through the game's own stack (Unreal's HTTP module in the plugin, libcurl in the tests): an
// HttpExecutor the Bridge hands each attempt to, as an HttpRequest that owns the host's reference
// to the native request (freed exactly once, by its destructor) and is answered once, from any
// thread. Plain C++17 over offerkit.h, no exceptions needed. The contract an executor follows
// (no redirects, the timeout, which failure is which) is written once, in ffi/README.md ("Host
// HTTP executor"). With the Bridge's poll delivery, execute and cancel run on the game thread,
// inside Bridge::poll (cancel also in the Bridge's destructor).
#ifndef OFFERKIT_UNREAL_HTTP_EXECUTOR_H
#define OFFERKIT_UNREAL_HTTP_EXECUTOR_H

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "offerkit.h"

namespace offerkit_unreal {

/// Why an attempt got no complete response (OfferkitHttpFailure).
enum class HttpFailure : uint32_t {
    Network = OFFERKIT_HTTP_FAILURE_NETWORK,   ///< no connection, DNS, TLS, a broken connection
    Timeout = OFFERKIT_HTTP_FAILURE_TIMEOUT,   ///< longer than HttpRequest::timeout()
    TooLarge = OFFERKIT_HTTP_FAILURE_TOO_LARGE ///< a body over max_response_bytes()
};

using HttpHeaders = std::vector<std::pair<std::string, std::string>>;

/// One HTTP attempt to send. Move-only; its destructor frees the host's reference (unanswered by
/// then: the attempt fails as a network failure). Readers and answers work from any thread.
class HttpRequest {
public:
    explicit HttpRequest(OfferkitHttpRequest *raw) noexcept : raw_(raw) {}
    HttpRequest(HttpRequest &&other) noexcept : raw_(std::exchange(other.raw_, nullptr)) {}
    HttpRequest &operator=(HttpRequest &&other) noexcept {
        if (this != &other) {
            offerkit_http_request_free(raw_);
            raw_ = std::exchange(other.raw_, nullptr);
        }
        return *this;
    }
    HttpRequest(const HttpRequest &) = delete;
    HttpRequest &operator=(const HttpRequest &) = delete;
    ~HttpRequest() { offerkit_http_request_free(raw_); }

    /// Unique among this process's HTTP requests, never 0: what HttpExecutor::cancel names.
    uint64_t id() const noexcept { return offerkit_http_request_id(raw_); }
    std::string_view method() const noexcept { return text(offerkit_http_request_method(raw_)); }
    std::string_view url() const noexcept { return text(offerkit_http_request_url(raw_)); }

    /// The headers to send, in order. "authorization" carries the player's token: never log it.
    HttpHeaders headers() const {
        HttpHeaders out;
        size_t count = offerkit_http_request_header_count(raw_);
        for (size_t i = 0; i < count; i++) {
            const char *name = nullptr;
            const char *value = nullptr;
            OfferkitError *error = nullptr;
            if (offerkit_http_request_header(raw_, i, &name, &value, &error) != OFFERKIT_STATUS_OK) {
                offerkit_error_free(error);
                break;
            }
            out.emplace_back(name, value);
        }
        return out;
    }

    /// The body to send (empty for a GET), borrowed until this request is destroyed.
    std::pair<const uint8_t *, size_t> body() const noexcept {
        const uint8_t *data = nullptr;
        size_t length = 0;
        OfferkitError *error = nullptr;
        if (offerkit_http_request_body(raw_, &data, &length, &error) != OFFERKIT_STATUS_OK) {
            offerkit_error_free(error);
            return {nullptr, 0};
        }
        return {data, length};
    }

    /// The whole attempt's bound, body included; then fail with HttpFailure::Timeout.
    std::chrono::milliseconds timeout() const noexcept {
        return std::chrono::milliseconds(offerkit_http_request_timeout_ms(raw_));
    }
    size_t max_response_bytes() const noexcept { return offerkit_http_request_max_response_bytes(raw_); }

    /// offerkit no longer wants the answer: stop the transfer (cheap; any thread).
    bool is_cancelled() const noexcept { return offerkit_http_request_is_cancelled(raw_); }

    /// Answers with a response. A status outside 100-599 fails the attempt as a network failure
    /// saying so. True if offerkit took this answer (false: answered before, or nobody waits).
    bool respond(uint32_t status, const HttpHeaders &headers, const uint8_t *body, size_t body_length) noexcept {
        if (status < 100 || status > 599) {
            std::string why = "the HTTP executor answered status " + std::to_string(status) + ", not 100 to 599";
            return fail(HttpFailure::Network, why);
        }
        std::vector<const char *> names;
        std::vector<const char *> values;
        names.reserve(headers.size());
        values.reserve(headers.size());
        for (const auto &header : headers) {
            names.push_back(header.first.c_str());
            values.push_back(header.second.c_str());
        }
        OfferkitError *error = nullptr;
        OfferkitStatus answered = offerkit_http_request_respond(raw_, status, names.data(), values.data(), names.size(),
                                                                body, body_length, &error);
        return taken(answered, error);
    }

    /// Answers with a transport failure, in the stack's own words; `status` non-zero: the status
    /// line that had arrived before the body broke off.
    bool fail(HttpFailure kind, const std::string &message, uint32_t status = 0) noexcept {
        OfferkitError *error = nullptr;
        OfferkitStatus answered =
            status >= 100 && status <= 599
                ? offerkit_http_request_fail_after_status(raw_, static_cast<uint32_t>(kind), status, message.c_str(), &error)
                : offerkit_http_request_fail(raw_, static_cast<uint32_t>(kind), message.c_str(), &error);
        return taken(answered, error);
    }

    /// Gives up the host's reference to a C executor that frees it itself (e.g. one on libcurl).
    OfferkitHttpRequest *release() noexcept { return std::exchange(raw_, nullptr); }

private:
    static std::string_view text(const char *s) noexcept { return s ? std::string_view(s) : std::string_view(); }

    static bool taken(OfferkitStatus status, OfferkitError *error) noexcept {
        offerkit_error_free(error);
        return status == OFFERKIT_STATUS_OK;
    }

    OfferkitHttpRequest *raw_;
};

/// The game's HTTP stack. Both functions run on the game thread (inside Bridge::poll; cancel also
/// in the Bridge's destructor), must return quickly and must not destroy the Bridge.
class HttpExecutor {
public:
    virtual ~HttpExecutor() = default;

    /// Start sending `request` and answer it once, now or later, from any thread (keep it alive
    /// until then: destroyed unanswered, the attempt fails as a network failure).
    virtual void execute(HttpRequest request) = 0;

    /// offerkit no longer wants the answer to the request `id` (once, never for one already
    /// answered or destroyed): abort its transfer. An answer after it is dropped, harmlessly.
    virtual void cancel(uint64_t id) = 0;
};

namespace detail {

/// The C callbacks in front of an HttpExecutor (user_data). Nothing unwinds into offerkit: with
/// exceptions, whatever execute throws is swallowed here, and the request it was given has been
/// destroyed by then — unanswered, so the attempt fails as a network failure.
inline void http_execute(void *user_data, OfferkitHttpRequest *raw) noexcept {
    auto *executor = static_cast<HttpExecutor *>(user_data);
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND)
    try {
        executor->execute(HttpRequest(raw));
    } catch (...) {
    }
#else
    executor->execute(HttpRequest(raw));
#endif
}

inline void http_cancel(void *user_data, const OfferkitHttpRequest *raw) noexcept {
    auto *executor = static_cast<HttpExecutor *>(user_data);
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND)
    try {
        executor->cancel(offerkit_http_request_id(raw));
    } catch (...) {
    }
#else
    executor->cancel(offerkit_http_request_id(raw));
#endif
}

} // namespace detail
} // namespace offerkit_unreal

#endif // OFFERKIT_UNREAL_HTTP_EXECUTOR_H
