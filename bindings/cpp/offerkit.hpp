// offerkit.hpp: header-only C++17 wrapper of the offerkit C ABI (offerkit.h), for Unreal and other
// C++ hosts.
//
// - Every handle has unique ownership (move-only classes freeing their C handle).
// - Every fallible call returns offerkit::Result<T>: a value or an offerkit::Error carrying core's
//   error kind, message, HTTP status, field entries, cursor reason and retry-after. Nothing
//   throws unless you ask: Result::value() on an error throws offerkit::Exception when exceptions
//   are enabled, and calls std::abort() when they are not (Unreal builds without exceptions by
//   default: check ok() first there).
// - Asynchronous calls take a std::function completion, run exactly once (see offerkit.h for
//   where: a library thread, or offerkit::Client::poll on your thread with Delivery::Poll). A
//   completion that throws has its exception swallowed: nothing unwinds into C.
// - Strings are UTF-8. string_view arguments are copied (the C ABI needs NUL-terminated text).
// - A typed field the selection did not ask for (or the service left out) is std::nullopt, never
//   an empty string or 0; items the service sent malformed are left out of a list and listed
//   by skipped() with their position, id and reason.
// - Blocking calls return within ClientOptions::deadline (default 30 s): attempts, retries,
//   Retry-After waits and the wait for a token all happen inside it.
#ifndef OFFERKIT_HPP
#define OFFERKIT_HPP

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <iterator>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "offerkit.h"

#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND)
#define OFFERKIT_CPP_EXCEPTIONS 1
#include <stdexcept>
#else
#define OFFERKIT_CPP_EXCEPTIONS 0
#endif

namespace offerkit {

/// Core's error kinds, with the C ABI's numbers.
enum class ErrorKind : uint32_t {
    InvalidArgument = OFFERKIT_ERROR_KIND_INVALID_ARGUMENT,
    Unauthorized = OFFERKIT_ERROR_KIND_UNAUTHORIZED,
    Forbidden = OFFERKIT_ERROR_KIND_FORBIDDEN,
    Validation = OFFERKIT_ERROR_KIND_VALIDATION,
    Query = OFFERKIT_ERROR_KIND_QUERY,
    InvalidCursor = OFFERKIT_ERROR_KIND_INVALID_CURSOR,
    UnsupportedMediaType = OFFERKIT_ERROR_KIND_UNSUPPORTED_MEDIA_TYPE,
    Unprocessable = OFFERKIT_ERROR_KIND_UNPROCESSABLE,
    RateLimited = OFFERKIT_ERROR_KIND_RATE_LIMITED,
    Server = OFFERKIT_ERROR_KIND_SERVER,
    Network = OFFERKIT_ERROR_KIND_NETWORK,
    Timeout = OFFERKIT_ERROR_KIND_TIMEOUT,
    Cancelled = OFFERKIT_ERROR_KIND_CANCELLED,
    Decode = OFFERKIT_ERROR_KIND_DECODE,
    Internal = OFFERKIT_ERROR_KIND_INTERNAL,
    /// Another 4xx (400, 404, 405, ...) or a redirect: the request as sent was refused (a wrong
    /// base URL or path prefix is the usual cause). Never retried or answered from the cache.
    Rejected = OFFERKIT_ERROR_KIND_REJECTED,
};

/// Where completions run (see offerkit_config_set_delivery).
enum class Delivery : uint32_t { Thread = OFFERKIT_DELIVERY_THREAD, Poll = OFFERKIT_DELIVERY_POLL };

/// Why the client asks for a token.
enum class TokenReason : uint32_t {
    Missing = OFFERKIT_TOKEN_REASON_MISSING,
    Expiring = OFFERKIT_TOKEN_REASON_EXPIRING,
    Rejected = OFFERKIT_TOKEN_REASON_REJECTED,
};

/// Log severities.
enum class LogLevel : uint32_t {
    Off = OFFERKIT_LOG_LEVEL_OFF,
    Error = OFFERKIT_LOG_LEVEL_ERROR,
    Warn = OFFERKIT_LOG_LEVEL_WARN,
    Info = OFFERKIT_LOG_LEVEL_INFO,
    Debug = OFFERKIT_LOG_LEVEL_DEBUG,
    Trace = OFFERKIT_LOG_LEVEL_TRACE,
};

/// The stable snake_case name of a kind ("rate_limited", …).
inline std::string_view kind_name(ErrorKind kind) {
    return offerkit_error_kind_name(static_cast<uint32_t>(kind));
}

/// One field entry of an error: its path (dotted) and, per argument, the messages.
struct FieldEntry {
    std::string path;
    std::vector<std::pair<std::string, std::vector<std::string>>> arguments;
};

/// An error, copied out of the C error object (which is freed). A plain value: copy it freely.
class Error {
public:
    /// Takes ownership of a C error (frees it). A NULL error becomes an internal error.
    static Error adopt(OfferkitError *error, OfferkitStatus status) {
        Error e;
        e.status_ = error ? offerkit_error_status(error) : status;
        if (error)
            e.kind_ = static_cast<ErrorKind>(offerkit_error_kind(error));
        else if (status >= OFFERKIT_STATUS_INVALID_ARGUMENT && status <= OFFERKIT_STATUS_REJECTED)
            e.kind_ = static_cast<ErrorKind>(static_cast<uint32_t>(status));
        else
            e.kind_ = ErrorKind::InvalidArgument; // misuse of the C interface
        e.message_ = error ? offerkit_error_message(error) : offerkit_status_name(status);
        e.http_status_ = offerkit_error_http_status(error);
        if (const char *reason = offerkit_error_reason(error)) e.reason_ = reason;
        int64_t ms = offerkit_error_retry_after_ms(error);
        if (ms >= 0) e.retry_after_ = std::chrono::milliseconds(ms);
        if (const char *response = offerkit_error_response_json(error)) e.response_json_ = response;
        for (size_t f = 0; f < offerkit_error_field_count(error); f++) {
            FieldEntry entry;
            entry.path = offerkit_error_field_path(error, f);
            for (size_t a = 0; a < offerkit_error_field_argument_count(error, f); a++) {
                std::vector<std::string> messages;
                for (size_t m = 0; m < offerkit_error_field_message_count(error, f, a); m++)
                    messages.emplace_back(offerkit_error_field_message(error, f, a, m));
                entry.arguments.emplace_back(offerkit_error_field_argument_name(error, f, a),
                                             std::move(messages));
            }
            e.fields_.push_back(std::move(entry));
        }
        offerkit_error_free(error);
        return e;
    }

    ErrorKind kind() const { return kind_; }
    /// The C status: equals the kind, or an interface-misuse status (100 and up).
    OfferkitStatus status() const { return status_; }
    std::string_view kind_name() const { return offerkit::kind_name(kind_); }
    const std::string &message() const { return message_; }
    /// The HTTP status of the response (also of a 200 that could not be decoded), 0 when none
    /// arrived.
    uint16_t http_status() const { return http_status_; }
    const std::vector<FieldEntry> &fields() const { return fields_; }
    const std::optional<std::string> &reason() const { return reason_; }
    const std::optional<std::chrono::milliseconds> &retry_after() const { return retry_after_; }
    const std::optional<std::string> &response_json() const { return response_json_; }

private:
    OfferkitStatus status_ = OFFERKIT_STATUS_INTERNAL;
    ErrorKind kind_ = ErrorKind::Internal;
    std::string message_;
    uint16_t http_status_ = 0;
    std::vector<FieldEntry> fields_;
    std::optional<std::string> reason_;
    std::optional<std::chrono::milliseconds> retry_after_;
    std::optional<std::string> response_json_;
};

#if OFFERKIT_CPP_EXCEPTIONS
/// Thrown by Result::value() on an error (only when exceptions are enabled).
class Exception : public std::runtime_error {
public:
    explicit Exception(Error error)
        : std::runtime_error(std::string(error.kind_name()) + ": " + error.message()),
          error_(std::move(error)) {}
    const Error &error() const noexcept { return error_; }

private:
    Error error_;
};
#endif

namespace detail {
[[noreturn]] inline void fail(const Error &error) {
#if OFFERKIT_CPP_EXCEPTIONS
    throw Exception(error);
#else
    (void)error;
    std::abort();
#endif
}
} // namespace detail

/// A value or an Error (an `expected`-style result).
template <class T> class Result {
public:
    Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}
    Result(Error error) : state_(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return state_.index() == 0; }
    explicit operator bool() const { return ok(); }

    /// The value; on an error throws offerkit::Exception (or aborts without exceptions).
    T &value() & {
        if (!ok()) detail::fail(error());
        return std::get<0>(state_);
    }
    const T &value() const & {
        if (!ok()) detail::fail(error());
        return std::get<0>(state_);
    }
    T &&value() && {
        if (!ok()) detail::fail(error());
        return std::get<0>(std::move(state_));
    }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    T &operator*() & { return value(); }

    /// The error; only when !ok().
    const Error &error() const { return std::get<1>(state_); }
    /// The error's kind, or std::nullopt on success.
    std::optional<ErrorKind> kind() const {
        return ok() ? std::nullopt : std::optional<ErrorKind>(error().kind());
    }

private:
    std::variant<T, Error> state_;
};

/// A result without a value.
template <> class Result<void> {
public:
    Result() = default;
    Result(Error error) : error_(std::move(error)) {}
    bool ok() const { return !error_.has_value(); }
    explicit operator bool() const { return ok(); }
    void value() const {
        if (!ok()) detail::fail(*error_);
    }
    const Error &error() const { return *error_; }
    std::optional<ErrorKind> kind() const {
        return ok() ? std::nullopt : std::optional<ErrorKind>(error_->kind());
    }

private:
    std::optional<Error> error_;
};

namespace detail {

template <class T, void (*Free)(T *)> struct Deleter {
    void operator()(T *p) const noexcept { Free(p); }
};

template <class T, void (*Free)(T *)> using Handle = std::unique_ptr<T, Deleter<T, Free>>;

inline std::string text(std::string_view s) { return std::string(s); }

inline const char *c_str_or_null(const std::optional<std::string> &s) {
    return s ? s->c_str() : nullptr;
}

/// Takes an owned C string (may be NULL) into a std::optional<std::string>.
inline std::optional<std::string> adopt_string(char *s) {
    if (!s) return std::nullopt;
    std::string copy(s);
    offerkit_string_free(s);
    return copy;
}

inline Error error_of(OfferkitStatus status, OfferkitError *error) {
    return Error::adopt(error, status);
}

/// A borrowed C string as a view; NULL (an absent field) as std::nullopt.
inline std::optional<std::string_view> view_or_null(const char *s) {
    if (!s) return std::nullopt;
    return std::string_view(s);
}

/// The names of the player-id conventions set in `flags` (as offerkit_player_id_lint reports them).
inline std::vector<std::string> convention_names(uint32_t flags) {
    std::vector<std::string> names;
    for (uint32_t flag = 1; flag <= OFFERKIT_PLAYER_ID_OTHER_CHARACTER; flag <<= 1)
        if (flags & flag) names.emplace_back(offerkit_player_id_convention_name(flag));
    return names;
}

/// Runs a completion, never letting an exception reach C.
template <class F, class R> void run(F &function, R &&result) noexcept {
#if OFFERKIT_CPP_EXCEPTIONS
    try {
        function(std::forward<R>(result));
    } catch (...) {
    }
#else
    function(std::forward<R>(result));
#endif
}

} // namespace detail

/// The spec fields of one offer; views into the OfferList (valid while it lives). A field is
/// std::nullopt when the selection did not ask for it (or the service did not send it usably).
struct OfferView {
    std::optional<std::string_view> id;
    std::optional<std::string_view> name;
    std::optional<double> total_payout_usd;
    std::optional<std::string_view> creative_name;
    std::optional<std::string_view> creative_description;
};

/// An item the service sent that was left out of a list because it was malformed; the
/// strings are views into the list or page it came from.
struct SkippedItem {
    /// 0-based position in the answer as the service sent it (in the whole walk for
    /// list_all_offers).
    size_t index = 0;
    /// The item's id when it had a usable one.
    std::optional<std::string_view> id;
    /// Why it was left out, e.g. "name is null".
    std::string_view reason;
};

namespace detail {
template <class H, class Get> std::vector<SkippedItem> skipped(H *handle, size_t count, Get get) {
    std::vector<SkippedItem> items;
    items.reserve(count);
    for (size_t i = 0; i < count; i++) {
        OfferkitSkippedItem c{};
        if (get(handle, i, &c, nullptr) != OFFERKIT_STATUS_OK) continue;
        SkippedItem item;
        item.index = c.index;
        item.id = view_or_null(c.id);
        item.reason = c.reason ? std::string_view(c.reason) : std::string_view();
        items.push_back(item);
    }
    return items;
}

/// Any field of item `index` by dotted path, read by a list's or page's field getter (as JSON
/// text, or unquoted text); nullopt when absent.
template <class H, class Get>
std::optional<std::string> field(H *handle, size_t index, std::string_view path, Get get) {
    std::string p(path);
    char *out = nullptr;
    if (get(handle, index, p.c_str(), &out, nullptr) != OFFERKIT_STATUS_OK) return std::nullopt;
    return adopt_string(out);
}

/// Item `index` of a list or page as the JSON object the service sent ("" past the end).
template <class H, class Get> std::string item_json(H *handle, size_t index, Get get) {
    char *out = nullptr;
    if (get(handle, index, &out, nullptr) != OFFERKIT_STATUS_OK) return std::string();
    return adopt_string(out).value_or(std::string());
}
} // namespace detail

/// The pagination of a listing page.
struct Pagination {
    int64_t current_page = 0;
    int64_t per_page = 0;
    bool has_more_pages = false;
    std::optional<int64_t> next_page;
};

/// A list of offers (from offers, a listing page, or every page).
class OfferList {
public:
    explicit OfferList(OfferkitOfferList *list) : handle_(list) {}

    size_t size() const { return offerkit_offer_list_count(handle_.get()); }
    bool empty() const { return size() == 0; }

    /// Offer `index`; an index past the end gives a view with every field std::nullopt.
    OfferView operator[](size_t index) const {
        OfferkitOfferView v{};
        OfferView out;
        if (offerkit_offer_list_get(handle_.get(), index, &v, nullptr) == OFFERKIT_STATUS_OK) {
            out.id = detail::view_or_null(v.id);
            out.name = detail::view_or_null(v.name);
            if (v.has_total_payout_usd) out.total_payout_usd = v.total_payout_usd;
            out.creative_name = detail::view_or_null(v.creative_name);
            out.creative_description = detail::view_or_null(v.creative_description);
        }
        return out;
    }

    /// The items of the service's answer left out because they were malformed.
    std::vector<SkippedItem> skipped() const {
        return detail::skipped(handle_.get(), offerkit_offer_list_skipped_count(handle_.get()),
                               offerkit_offer_list_skipped_get);
    }

    /// Any field of offer `index` by dotted path, as JSON text; nullopt when absent.
    std::optional<std::string> field_json(size_t index, std::string_view path) const {
        return detail::field(handle_.get(), index, path, offerkit_offer_list_field_json);
    }

    /// Like field_json, with a string value unquoted.
    std::optional<std::string> field_text(size_t index, std::string_view path) const {
        return detail::field(handle_.get(), index, path, offerkit_offer_list_field_text);
    }

    /// Offer `index` as the JSON object the service sent ("" past the end).
    std::string item_json(size_t index) const {
        return detail::item_json(handle_.get(), index, offerkit_offer_list_item_json);
    }

    std::optional<Pagination> pagination() const {
        OfferkitPagination p{};
        if (!offerkit_offer_list_pagination(handle_.get(), &p)) return std::nullopt;
        Pagination out;
        out.current_page = p.current_page;
        out.per_page = p.per_page;
        out.has_more_pages = p.has_more_pages;
        if (p.next_page) out.next_page = p.next_page;
        return out;
    }

    class iterator {
    public:
        using iterator_category = std::input_iterator_tag;
        using value_type = OfferView;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = OfferView;
        iterator(const OfferList *list, size_t index) : list_(list), index_(index) {}
        OfferView operator*() const { return (*list_)[index_]; }
        iterator &operator++() {
            ++index_;
            return *this;
        }
        bool operator!=(const iterator &other) const { return index_ != other.index_; }
        bool operator==(const iterator &other) const { return index_ == other.index_; }

    private:
        const OfferList *list_;
        size_t index_;
    };
    iterator begin() const { return iterator(this, 0); }
    iterator end() const { return iterator(this, size()); }

    OfferkitOfferList *get() const { return handle_.get(); }
    OfferkitOfferList *release() { return handle_.release(); }

private:
    detail::Handle<OfferkitOfferList, offerkit_offer_list_free> handle_;
};

/// The typed fields of one player offer; views into the page, std::nullopt when absent.
struct PlayerOfferView {
    std::optional<std::string_view> id;
    std::optional<std::string_view> name;
    /// "in_progress" or "completed".
    std::optional<std::string_view> status;
};

/// One page of playerOffers.
class PlayerOffersPage {
public:
    explicit PlayerOffersPage(OfferkitPlayerOffersPage *page) : handle_(page) {}

    size_t size() const { return offerkit_player_offers_page_count(handle_.get()); }
    bool empty() const { return size() == 0; }

    PlayerOfferView operator[](size_t index) const {
        OfferkitPlayerOfferView v{};
        PlayerOfferView out;
        if (offerkit_player_offers_page_get(handle_.get(), index, &v, nullptr) == OFFERKIT_STATUS_OK) {
            out.id = detail::view_or_null(v.id);
            out.name = detail::view_or_null(v.name);
            out.status = detail::view_or_null(v.status);
        }
        return out;
    }

    /// The items of the service's answer left out because they were malformed.
    std::vector<SkippedItem> skipped() const {
        return detail::skipped(handle_.get(), offerkit_player_offers_page_skipped_count(handle_.get()),
                               offerkit_player_offers_page_skipped_get);
    }

    /// The cursor of the next page; nullopt on the last page.
    std::optional<std::string_view> next_cursor() const {
        const char *cursor = offerkit_player_offers_page_next_cursor(handle_.get());
        if (!cursor) return std::nullopt;
        return std::string_view(cursor);
    }

    std::optional<std::string> field_json(size_t index, std::string_view path) const {
        return detail::field(handle_.get(), index, path, offerkit_player_offers_page_field_json);
    }

    std::optional<std::string> field_text(size_t index, std::string_view path) const {
        return detail::field(handle_.get(), index, path, offerkit_player_offers_page_field_text);
    }

    std::string item_json(size_t index) const {
        return detail::item_json(handle_.get(), index, offerkit_player_offers_page_item_json);
    }

    OfferkitPlayerOffersPage *get() const { return handle_.get(); }

private:
    detail::Handle<OfferkitPlayerOffersPage, offerkit_player_offers_page_free> handle_;
};

/// An asynchronous request. Destroying it does not cancel the request.
class Request {
public:
    explicit Request(OfferkitRequest *request) : handle_(request) {}
    /// Cancels: true if this cancelled it (the completion then gets ErrorKind::Cancelled).
    bool cancel() const { return offerkit_request_cancel(handle_.get()); }
    OfferkitRequest *get() const { return handle_.get(); }

private:
    detail::Handle<OfferkitRequest, offerkit_request_free> handle_;
};

namespace detail {

/// How a result is made from what a C call hands out: a wrapper class taking over its handle,
/// an owned string, or an optional one (a pager's next page: NULL after the last one).
template <class T> struct Adopt {
    using Raw = std::remove_pointer_t<decltype(std::declval<const T &>().get())>;
    static T from(Raw *raw) { return T(raw); }
};

template <> struct Adopt<std::string> {
    using Raw = char;
    static std::string from(char *s) { return adopt_string(s).value_or(std::string()); }
};

template <class T> struct Adopt<std::optional<T>> {
    using Raw = typename Adopt<T>::Raw;
    static std::optional<T> from(Raw *raw) {
        if (!raw) return std::nullopt;
        return Adopt<T>::from(raw);
    }
};

/// Runs a blocking C call that hands out an owned result through its out-parameter: the result
/// as a T, or the call's error.
template <class T, class Call> Result<T> call(Call &&c_call) {
    typename Adopt<T>::Raw *out = nullptr;
    OfferkitError *error = nullptr;
    OfferkitStatus status = c_call(&out, &error);
    if (status != OFFERKIT_STATUS_OK) return error_of(status, error);
    return Adopt<T>::from(out);
}

/// Runs a blocking C call that hands out nothing: success, or the call's error.
template <class Call> Result<void> call_void(Call &&c_call) {
    OfferkitError *error = nullptr;
    OfferkitStatus status = c_call(&error);
    if (status != OFFERKIT_STATUS_OK) return error_of(status, error);
    return Result<void>();
}

template <class T> using Completion = std::function<void(Result<T>)>;

/// The C callback of every async call: runs the completion it was started with, exactly once,
/// with the adopted result or the error.
template <class T>
void complete(void *user_data, OfferkitStatus status, typename Adopt<T>::Raw *raw,
              OfferkitError *error) {
    std::unique_ptr<Completion<T>> done(static_cast<Completion<T> *>(user_data));
    if (status == OFFERKIT_STATUS_OK)
        run(*done, Result<T>(Adopt<T>::from(raw)));
    else
        run(*done, Result<T>(error_of(status, error)));
}

/// Starts an async C call with a heap completion; frees it if the call did not start.
template <class T, class Start> Result<Request> start(Completion<T> done, Start &&start_call) {
    auto *heap = new Completion<T>(std::move(done));
    OfferkitRequest *request = nullptr;
    OfferkitError *error = nullptr;
    OfferkitStatus status = start_call(static_cast<void *>(heap), &request, &error);
    if (status != OFFERKIT_STATUS_OK) {
        delete heap; // the callback never runs
        return error_of(status, error);
    }
    return Request(request);
}

} // namespace detail

/// A pager over the pages of playerOffers.
class PlayerOffersPager {
public:
    explicit PlayerOffersPager(OfferkitPlayerOffersPager *pager) : handle_(pager) {}

    /// The next page, or nullopt after the last one (blocking).
    Result<std::optional<PlayerOffersPage>> next() const {
        return detail::call<std::optional<PlayerOffersPage>>(
            [&](OfferkitPlayerOffersPage **page, OfferkitError **error) {
                return offerkit_player_offers_pager_next(handle_.get(), page, error);
            });
    }

    /// The next page, asynchronously.
    Result<Request> next_async(std::function<void(Result<std::optional<PlayerOffersPage>>)> done) const {
        return detail::start<std::optional<PlayerOffersPage>>(
            std::move(done), [&](void *ud, OfferkitRequest **req, OfferkitError **err) {
                return offerkit_player_offers_pager_next_async(
                    handle_.get(), detail::complete<std::optional<PlayerOffersPage>>, ud, req, err);
            });
    }

    OfferkitPlayerOffersPager *get() const { return handle_.get(); }

private:
    detail::Handle<OfferkitPlayerOffersPager, offerkit_player_offers_pager_free> handle_;
};

/// Options of offers (unset: not sent).
struct OffersOptions {
    std::optional<int64_t> limit;
    std::optional<std::string> language;
    std::optional<std::string> sort;
    /// GraphQL fields added to the selection, e.g. "links { click_url }".
    std::optional<std::string> select;
    /// The whole offer selection, replacing the default "id name total_payout_usd creatives {
    /// name description }" (select is added to it). The fields it leaves out are std::nullopt.
    std::optional<std::string> selection;
};

/// Options of playerOffers (unset: not sent).
struct PlayerOffersOptions {
    std::optional<std::string> language;
    std::optional<int64_t> limit;
    std::optional<std::string> after;
    /// GraphQL fields added to each item's default selection.
    std::optional<std::string> select;
    /// The whole playerOffers selection, e.g. "offers: items { id } next_cursor": the items are
    /// read from the one list it names. Not together with select.
    std::optional<std::string> selection;
};

/// Options of links (unset: the default selection, support_portal).
struct LinksOptions {
    /// Fields added to the selection, e.g. "offerwall".
    std::optional<std::string> select;
    /// The whole selection, replacing support_portal (select is added to it).
    std::optional<std::string> selection;
};

/// Everything a Client is made from. Client::create checks every bound (times 1 ms to 24 h, at
/// most 10 retries, at least one page): out of bounds, it fails with ErrorKind::InvalidArgument
/// and one field entry "config" naming each such setting ("timeout", "retry.max_retries", …).
struct ClientOptions {
    std::string base_url;
    std::optional<std::chrono::milliseconds> timeout;
    std::optional<std::chrono::milliseconds> connect_timeout;
    std::optional<uint32_t> max_retries;
    /// Initial and maximum retry backoff.
    std::optional<std::pair<std::chrono::milliseconds, std::chrono::milliseconds>> retry_backoff;
    std::vector<std::string> extra_root_pem;
    bool allow_insecure_http = false;
    std::optional<std::string> access_token;
    Delivery delivery = Delivery::Thread;
    /// Asked for a token (answer with Client::set_access_token, now or later, any thread, or
    /// with Client::fail_token_request when there is none to be had). Runs on
    /// library threads or the caller of a blocking call: must be thread-safe and quick.
    std::function<void(TokenReason)> token_needed;
    std::optional<std::chrono::milliseconds> token_wait;
    /// The bound of a whole call (default 30 s): attempts, retries, Retry-After waits and the
    /// token wait happen inside it, so no blocking call takes longer.
    std::optional<std::chrono::milliseconds> deadline;
    /// The most pages a pager walks before it fails with ErrorKind::Decode (default 1000).
    std::optional<uint32_t> max_pages;
    /// Every request through this proxy ("http://[user:password@]host:port"); unset: direct
    /// connections. Environment variables are never read.
    std::optional<std::string> proxy;
};

/// A client of the offer service. Thread-safe; move-only; destroying it cancels what is in
/// flight and runs every owed completion first (see offerkit_client_free).
class Client {
public:
    static Result<Client> create(const ClientOptions &options) {
        OfferkitConfig *raw = nullptr;
        OfferkitError *error = nullptr;
        OfferkitStatus status = offerkit_config_new(options.base_url.c_str(), &raw, &error);
        if (status != OFFERKIT_STATUS_OK) return detail::error_of(status, error);
        detail::Handle<OfferkitConfig, offerkit_config_free> config(raw);
        // Setters store what they are given (offerkit_client_new checks every bound); one fails
        // only on NULL or bad UTF-8, and its own status is what is reported.
        OfferkitStatus failed = OFFERKIT_STATUS_OK;
        auto check = [&](OfferkitStatus s) {
            if (s != OFFERKIT_STATUS_OK) failed = s;
            return s == OFFERKIT_STATUS_OK;
        };
        auto state = std::make_unique<State>();
        state->token_needed = options.token_needed;
        bool ok =
            (!options.timeout ||
             check(offerkit_config_set_timeout_ms(config.get(), ms(*options.timeout), &error))) &&
            (!options.connect_timeout ||
             check(offerkit_config_set_connect_timeout_ms(config.get(), ms(*options.connect_timeout),
                                                          &error))) &&
            (!options.max_retries ||
             check(offerkit_config_set_max_retries(config.get(), *options.max_retries, &error))) &&
            (!options.retry_backoff ||
             check(offerkit_config_set_retry_backoff_ms(config.get(), ms(options.retry_backoff->first),
                                                        ms(options.retry_backoff->second), &error))) &&
            check(offerkit_config_set_allow_insecure_http(config.get(), options.allow_insecure_http,
                                                          &error)) &&
            check(offerkit_config_set_access_token(config.get(),
                                                   detail::c_str_or_null(options.access_token), &error)) &&
            check(offerkit_config_set_delivery(config.get(), static_cast<uint32_t>(options.delivery),
                                               &error)) &&
            (!options.token_wait ||
             check(offerkit_config_set_token_wait_ms(config.get(), ms(*options.token_wait), &error))) &&
            (!options.deadline ||
             check(offerkit_config_set_deadline_ms(config.get(), ms(*options.deadline), &error))) &&
            (!options.max_pages ||
             check(offerkit_config_set_max_pages(config.get(), *options.max_pages, &error))) &&
            (!options.proxy ||
             check(offerkit_config_set_proxy(config.get(), options.proxy->c_str(), &error))) &&
            (!options.token_needed ||
             check(offerkit_config_set_token_needed(config.get(), &Client::on_token_needed,
                                                    state.get(), &error)));
        for (const std::string &pem : options.extra_root_pem)
            ok = ok && check(offerkit_config_add_root_pem(config.get(), pem.c_str(), &error));
        if (!ok) return detail::error_of(failed, error);
        OfferkitClient *client = nullptr;
        status = offerkit_client_new(config.get(), &client, &error);
        if (status != OFFERKIT_STATUS_OK) return detail::error_of(status, error);
        return Client(client, std::move(state));
    }

    /// Sets or replaces the access token, at any time, from any thread.
    Result<void> set_access_token(std::string_view token) const {
        std::string t(token);
        return detail::call_void([&](OfferkitError **error) {
            return offerkit_client_set_access_token(handle_.get(), t.c_str(), error);
        });
    }

    /// Forgets the access token.
    Result<void> clear_access_token() const {
        return detail::call_void([&](OfferkitError **error) {
            return offerkit_client_set_access_token(handle_.get(), nullptr, error);
        });
    }

    /// The other answer to token_needed: no token can be had now. Requests waiting for one fail
    /// at once with ErrorKind::Unauthorized carrying `reason`, instead of timing out.
    Result<void> fail_token_request(std::string_view reason) const {
        std::string r(reason);
        return detail::call_void([&](OfferkitError **error) {
            return offerkit_client_fail_token_request(handle_.get(), r.c_str(), error);
        });
    }

    /// Runs queued completions here (Delivery::Poll): at most `max`, 0 = all queued now.
    size_t poll(size_t max = 0) const { return offerkit_client_poll(handle_.get(), max); }

    // ---- offers

    Result<OfferList> offers(std::string_view player_id, const OffersOptions &options = {}) const {
        std::string id(player_id);
        OfferkitOffersOptions o = c_options(options);
        return detail::call<OfferList>([&](OfferkitOfferList **list, OfferkitError **error) {
            return offerkit_client_offers(handle_.get(), id.c_str(), &o, list, error);
        });
    }

    Result<Request> offers_async(std::string_view player_id, const OffersOptions &options,
                                 std::function<void(Result<OfferList>)> done) const {
        std::string id(player_id);
        OfferkitOffersOptions o = c_options(options);
        return detail::start<OfferList>(std::move(done), [&](void *ud, OfferkitRequest **r,
                                                             OfferkitError **e) {
            return offerkit_client_offers_async(handle_.get(), id.c_str(), &o, detail::complete<OfferList>,
                                                ud, r, e);
        });
    }

    // ---- links

    /// The links object as JSON text, each field as the service sent it.
    Result<std::string> links(std::string_view player_id, const LinksOptions &options = {}) const {
        std::string id(player_id);
        return detail::call<std::string>([&](char **json, OfferkitError **error) {
            return offerkit_client_links(handle_.get(), id.c_str(), detail::c_str_or_null(options.select),
                                         detail::c_str_or_null(options.selection), json, error);
        });
    }

    Result<Request> links_async(std::string_view player_id, const LinksOptions &options,
                                std::function<void(Result<std::string>)> done) const {
        std::string id(player_id);
        return detail::start<std::string>(std::move(done), [&](void *ud, OfferkitRequest **r,
                                                               OfferkitError **e) {
            return offerkit_client_links_async(handle_.get(), id.c_str(),
                                               detail::c_str_or_null(options.select),
                                               detail::c_str_or_null(options.selection),
                                               detail::complete<std::string>, ud, r, e);
        });
    }

    // ---- playerOffers

    Result<PlayerOffersPage> player_offers(std::string_view player_id,
                                           const PlayerOffersOptions &options = {}) const {
        std::string id(player_id);
        OfferkitPlayerOffersOptions o = c_options(options);
        return detail::call<PlayerOffersPage>(
            [&](OfferkitPlayerOffersPage **page, OfferkitError **error) {
                return offerkit_client_player_offers(handle_.get(), id.c_str(), &o, page, error);
            });
    }

    Result<Request> player_offers_async(std::string_view player_id, const PlayerOffersOptions &options,
                                        std::function<void(Result<PlayerOffersPage>)> done) const {
        std::string id(player_id);
        OfferkitPlayerOffersOptions o = c_options(options);
        return detail::start<PlayerOffersPage>(std::move(done), [&](void *ud, OfferkitRequest **r,
                                                                    OfferkitError **e) {
            return offerkit_client_player_offers_async(handle_.get(), id.c_str(), &o,
                                                       detail::complete<PlayerOffersPage>, ud, r, e);
        });
    }

    Result<PlayerOffersPager> player_offers_pager(std::string_view player_id,
                                                  const PlayerOffersOptions &options = {}) const {
        std::string id(player_id);
        OfferkitPlayerOffersOptions o = c_options(options);
        return detail::call<PlayerOffersPager>(
            [&](OfferkitPlayerOffersPager **pager, OfferkitError **error) {
                return offerkit_client_player_offers_pager(handle_.get(), id.c_str(), &o, pager, error);
            });
    }

    // ---- GET /v1/offers

    /// per_page 0: every offer at once; else page `page` (0: the first) of per_page offers.
    Result<OfferList> list_offers(int64_t per_page = 0, int64_t page = 0) const {
        return detail::call<OfferList>([&](OfferkitOfferList **list, OfferkitError **error) {
            return offerkit_client_list_offers(handle_.get(), per_page, page, list, error);
        });
    }

    Result<Request> list_offers_async(int64_t per_page, int64_t page,
                                      std::function<void(Result<OfferList>)> done) const {
        return detail::start<OfferList>(std::move(done), [&](void *ud, OfferkitRequest **r,
                                                             OfferkitError **e) {
            return offerkit_client_list_offers_async(handle_.get(), per_page, page,
                                                     detail::complete<OfferList>, ud, r, e);
        });
    }

    Result<OfferList> list_all_offers(int64_t per_page) const {
        return detail::call<OfferList>([&](OfferkitOfferList **list, OfferkitError **error) {
            return offerkit_client_list_all_offers(handle_.get(), per_page, list, error);
        });
    }

    Result<Request> list_all_offers_async(int64_t per_page,
                                          std::function<void(Result<OfferList>)> done) const {
        return detail::start<OfferList>(std::move(done), [&](void *ud, OfferkitRequest **r,
                                                             OfferkitError **e) {
            return offerkit_client_list_all_offers_async(handle_.get(), per_page,
                                                         detail::complete<OfferList>, ud, r, e);
        });
    }

    // ---- raw GraphQL

    /// The response's `data` as JSON text.
    Result<std::string> graphql(std::string_view document,
                                const std::optional<std::string> &variables_json = std::nullopt) const {
        std::string doc(document);
        return detail::call<std::string>([&](char **data, OfferkitError **error) {
            return offerkit_client_graphql(handle_.get(), doc.c_str(), detail::c_str_or_null(variables_json),
                                           data, error);
        });
    }

    Result<Request> graphql_async(std::string_view document,
                                  const std::optional<std::string> &variables_json,
                                  std::function<void(Result<std::string>)> done) const {
        std::string doc(document);
        return detail::start<std::string>(std::move(done), [&](void *ud, OfferkitRequest **r,
                                                               OfferkitError **e) {
            return offerkit_client_graphql_async(handle_.get(), doc.c_str(),
                                                 detail::c_str_or_null(variables_json),
                                                 detail::complete<std::string>,
                                                 ud, r, e);
        });
    }

    OfferkitClient *get() const { return handle_.get(); }

private:
    struct State {
        std::function<void(TokenReason)> token_needed;
    };

    Client(OfferkitClient *client, std::unique_ptr<State> state)
        : state_(std::move(state)), handle_(client) {}

    static void on_token_needed(void *user_data, OfferkitTokenReason reason) {
        auto *state = static_cast<State *>(user_data);
        if (state->token_needed) detail::run(state->token_needed, static_cast<TokenReason>(reason));
    }

    static uint64_t ms(std::chrono::milliseconds d) {
        return d.count() < 0 ? 0 : static_cast<uint64_t>(d.count());
    }

    static OfferkitOffersOptions c_options(const OffersOptions &o) {
        OfferkitOffersOptions c{};
        c.limit = o.limit.value_or(0);
        c.language = detail::c_str_or_null(o.language);
        c.sort = detail::c_str_or_null(o.sort);
        c.select = detail::c_str_or_null(o.select);
        c.selection = detail::c_str_or_null(o.selection);
        return c;
    }

    static OfferkitPlayerOffersOptions c_options(const PlayerOffersOptions &o) {
        OfferkitPlayerOffersOptions c{};
        c.language = detail::c_str_or_null(o.language);
        c.limit = o.limit.value_or(0);
        c.after = detail::c_str_or_null(o.after);
        c.select = detail::c_str_or_null(o.select);
        c.selection = detail::c_str_or_null(o.selection);
        return c;
    }

    // Declared first, destroyed last: the client (and its token callback) goes before its state.
    std::unique_ptr<State> state_;
    detail::Handle<OfferkitClient, offerkit_client_free> handle_;
};

// ---- helpers

/// The loaded library's version ("0.1.0").
inline std::string_view version() { return offerkit_version(); }

/// Checks the service's rule for a player id (1 to 255 characters).
inline Result<void> validate_player_id(std::string_view player_id) {
    std::string id(player_id);
    return detail::call_void([&](OfferkitError **error) {
        return offerkit_player_id_validate(id.c_str(), error);
    });
}

/// The names of the conventions `player_id` breaks ("uppercase", "period", "space",
/// "other_character"); empty when it follows them all.
inline Result<std::vector<std::string>> lint_player_id(std::string_view player_id) {
    std::string id(player_id);
    uint32_t flags = 0;
    OfferkitError *error = nullptr;
    OfferkitStatus status = offerkit_player_id_lint(id.c_str(), &flags, &error);
    if (status != OFFERKIT_STATUS_OK) return detail::error_of(status, error);
    return detail::convention_names(flags);
}

/// A stable, valid player id derived from any internal identifier ("p-" + 32 hex digits).
inline Result<std::string> short_player_id(std::string_view internal_id) {
    std::string id(internal_id);
    return detail::call<std::string>([&](char **out, OfferkitError **error) {
        return offerkit_player_id_short(id.c_str(), out, error);
    });
}

namespace detail {
struct LogState {
    std::mutex lock;
    std::unique_ptr<std::function<void(LogLevel, std::string_view)>> current;
};
inline LogState &log_state() {
    static LogState state;
    return state;
}
inline void on_log(void *user_data, OfferkitLogLevel level, const char *message) {
    auto *fn = static_cast<std::function<void(LogLevel, std::string_view)> *>(user_data);
#if OFFERKIT_CPP_EXCEPTIONS
    try {
        (*fn)(static_cast<LogLevel>(level), std::string_view(message));
    } catch (...) {
    }
#else
    (*fn)(static_cast<LogLevel>(level), std::string_view(message));
#endif
}
} // namespace detail

/// Sets (or with an empty function, removes) the process-wide log callback, up to `max_level`.
inline Result<void> set_log_callback(std::function<void(LogLevel, std::string_view)> callback,
                                     LogLevel max_level = LogLevel::Info) {
    detail::LogState &state = detail::log_state();
    std::lock_guard<std::mutex> guard(state.lock);
    std::unique_ptr<std::function<void(LogLevel, std::string_view)>> next;
    if (callback) next = std::make_unique<std::function<void(LogLevel, std::string_view)>>(std::move(callback));
    OfferkitStatus status = offerkit_set_log_callback(next ? detail::on_log : nullptr, next.get(),
                                                      static_cast<uint32_t>(max_level));
    if (status != OFFERKIT_STATUS_OK) return Error::adopt(nullptr, status);
    state.current = std::move(next); // the previous one no longer runs: free it
    return Result<void>();
}

} // namespace offerkit

#endif // OFFERKIT_HPP
