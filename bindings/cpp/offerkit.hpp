// offerkit.hpp: header-only C++17 wrapper of the offerkit C ABI 1.0 (offerkit.h), for Unreal and
// other C++ hosts. bindings/cpp/README.md has the overview; this comment is the short version.
//
// - Every handle has unique ownership (move-only classes freeing their C handle).
// - Every fallible call returns offerkit::Result<T>: a value or an offerkit::Error carrying the
//   error kind (one per OfferkitStatus), message, HTTP status, field entries, cursor reason and
//   retry-after. Nothing throws unless you ask: Result::value() on an error throws
//   offerkit::Exception when exceptions are enabled, and calls std::abort() when they are not
//   (Unreal builds without exceptions by default: check ok() first there).
// - Options are plain values; std::nullopt is "not sent". A number that is set is always sent,
//   0 and negatives included, so the library's checks see it (limit 0 fails with
//   ErrorKind::InvalidArgument and the spec's message instead of meaning "no limit").
// - Asynchronous calls take a std::function completion, run exactly once. With Delivery::Poll
//   every callback of the client runs on the thread calling Client::poll / poll_wait: the
//   completions, and token_needed for asynchronous calls (for a blocking call it runs on the
//   thread making that call); log messages too when set_log_callback was given Delivery::Poll.
//   With Delivery::Thread they run on the library's I/O thread. Nothing a callback throws
//   unwinds into C (every trampoline catches everything): a throwing completion or log callback
//   has its exception swallowed (the completion still counts as run; the log line is dropped),
//   and a throwing token_needed fails the requests waiting for a token at once with
//   ErrorKind::Unauthorized carrying the exception's what() ("unknown exception" otherwise).
//   Without exceptions (-fno-exceptions, Unreal's default) callbacks cannot throw.
// - Strings are UTF-8. string_view arguments are copied (the C ABI needs NUL-terminated text).
// - A typed field the selection did not ask for (or the service left out) is std::nullopt, never
//   an empty string or 0; so is a field_json/field_text path that names nothing. Items the
//   service sent malformed are left out of a list and listed by skipped() with their position,
//   id and reason.
// - Blocking calls return within ClientOptions::deadline (default 30 s): attempts, retries,
//   Retry-After waits and the wait for a token all happen inside it.
// - offerkit::shutdown() stops the library's threads and frees its globals once every Client and
//   PlayerOffersPager is gone (call it before unloading the library or at exit).
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

/// What went wrong: one kind per error status of the C ABI (OfferkitStatus), with its numbers.
/// 1 to 16 are core's kinds (the names every binding uses); 100 and up are misuse of the
/// interface (nothing was done or sent).
enum class ErrorKind : uint32_t {
    InvalidArgument = OFFERKIT_STATUS_INVALID_ARGUMENT,
    Unauthorized = OFFERKIT_STATUS_UNAUTHORIZED,
    Forbidden = OFFERKIT_STATUS_FORBIDDEN,
    Validation = OFFERKIT_STATUS_VALIDATION,
    Query = OFFERKIT_STATUS_QUERY,
    InvalidCursor = OFFERKIT_STATUS_INVALID_CURSOR,
    UnsupportedMediaType = OFFERKIT_STATUS_UNSUPPORTED_MEDIA_TYPE,
    Unprocessable = OFFERKIT_STATUS_UNPROCESSABLE,
    RateLimited = OFFERKIT_STATUS_RATE_LIMITED,
    Server = OFFERKIT_STATUS_SERVER,
    Network = OFFERKIT_STATUS_NETWORK,
    Timeout = OFFERKIT_STATUS_TIMEOUT,
    Cancelled = OFFERKIT_STATUS_CANCELLED,
    Decode = OFFERKIT_STATUS_DECODE,
    Internal = OFFERKIT_STATUS_INTERNAL,
    /// Another 4xx (400, 404, 405, ...) or a redirect: the request as sent was refused (a wrong
    /// base URL or path prefix is the usual cause). Never retried or answered from the cache.
    Rejected = OFFERKIT_STATUS_REJECTED,
    /// A required argument was missing (the wrapper never passes one: seen only through get()).
    NullArgument = OFFERKIT_STATUS_NULL_ARGUMENT,
    /// A string argument was not valid UTF-8; the field entry names the argument.
    InvalidUtf8 = OFFERKIT_STATUS_INVALID_UTF8,
    /// A number or enum argument outside its documented range (e.g. a poll_wait over 24 h).
    OutOfRange = OFFERKIT_STATUS_OUT_OF_RANGE,
    /// A blocking call (or shutdown, poll_wait) made on a library thread, inside a callback
    /// offerkit runs there: use the _async form.
    WouldDeadlock = OFFERKIT_STATUS_WOULD_DEADLOCK,
    /// Nothing at that path (the field getters turn it into std::nullopt).
    NotFound = OFFERKIT_STATUS_NOT_FOUND,
    /// shutdown() while a Client or PlayerOffersPager is alive; nothing was stopped.
    Busy = OFFERKIT_STATUS_BUSY,
    /// A host HTTP executor answered a request twice; the first answer stands.
    AlreadyAnswered = OFFERKIT_STATUS_ALREADY_ANSWERED,
    /// A function of the built-in HTTP transport called on the lite library.
    NotAvailable = OFFERKIT_STATUS_NOT_AVAILABLE,
};

/// Where callbacks run (see offerkit_config_set_delivery and offerkit_set_log_callback).
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

/// The stable snake_case name of a kind ("rate_limited", "null_argument", ...), as
/// offerkit_status_name gives it.
inline std::string_view kind_name(ErrorKind kind) {
    return offerkit_status_name(static_cast<uint32_t>(kind));
}

namespace detail {
/// The kind of a failed call's status. Every OfferkitStatus is named here, without a default,
/// so that a status added to offerkit.h and not mapped is a -Wswitch-enum diagnostic (the tests
/// compile with it as an error). OK is no error: an error object carrying it would be a bug of
/// the library, reported as Internal, as is a number outside the enum.
inline ErrorKind kind_of(OfferkitStatus status) {
    switch (status) {
    case OFFERKIT_STATUS_OK: return ErrorKind::Internal;
    case OFFERKIT_STATUS_INVALID_ARGUMENT: return ErrorKind::InvalidArgument;
    case OFFERKIT_STATUS_UNAUTHORIZED: return ErrorKind::Unauthorized;
    case OFFERKIT_STATUS_FORBIDDEN: return ErrorKind::Forbidden;
    case OFFERKIT_STATUS_VALIDATION: return ErrorKind::Validation;
    case OFFERKIT_STATUS_QUERY: return ErrorKind::Query;
    case OFFERKIT_STATUS_INVALID_CURSOR: return ErrorKind::InvalidCursor;
    case OFFERKIT_STATUS_UNSUPPORTED_MEDIA_TYPE: return ErrorKind::UnsupportedMediaType;
    case OFFERKIT_STATUS_UNPROCESSABLE: return ErrorKind::Unprocessable;
    case OFFERKIT_STATUS_RATE_LIMITED: return ErrorKind::RateLimited;
    case OFFERKIT_STATUS_SERVER: return ErrorKind::Server;
    case OFFERKIT_STATUS_NETWORK: return ErrorKind::Network;
    case OFFERKIT_STATUS_TIMEOUT: return ErrorKind::Timeout;
    case OFFERKIT_STATUS_CANCELLED: return ErrorKind::Cancelled;
    case OFFERKIT_STATUS_DECODE: return ErrorKind::Decode;
    case OFFERKIT_STATUS_INTERNAL: return ErrorKind::Internal;
    case OFFERKIT_STATUS_REJECTED: return ErrorKind::Rejected;
    case OFFERKIT_STATUS_NULL_ARGUMENT: return ErrorKind::NullArgument;
    case OFFERKIT_STATUS_INVALID_UTF8: return ErrorKind::InvalidUtf8;
    case OFFERKIT_STATUS_OUT_OF_RANGE: return ErrorKind::OutOfRange;
    case OFFERKIT_STATUS_WOULD_DEADLOCK: return ErrorKind::WouldDeadlock;
    case OFFERKIT_STATUS_NOT_FOUND: return ErrorKind::NotFound;
    case OFFERKIT_STATUS_BUSY: return ErrorKind::Busy;
    case OFFERKIT_STATUS_ALREADY_ANSWERED: return ErrorKind::AlreadyAnswered;
    case OFFERKIT_STATUS_NOT_AVAILABLE: return ErrorKind::NotAvailable;
    }
    return ErrorKind::Internal;
}
} // namespace detail

/// One field entry of an error: its path (dotted) and, per argument, the messages.
struct FieldEntry {
    std::string path;
    std::vector<std::pair<std::string, std::vector<std::string>>> arguments;
};

/// An error, copied out of the C error object (which is freed). A plain value: copy it freely.
class Error {
public:
    /// Takes ownership of a C error (frees it). Without an error object the status alone is
    /// the error (its name is the message).
    static Error adopt(OfferkitError *error, OfferkitStatus status) {
        Error e;
        e.status_ = error ? offerkit_error_status(error) : status;
        e.kind_ = detail::kind_of(e.status_);
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
    /// The C status (the same number as the kind).
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

/// Runs a host callback, never letting an exception reach C.
template <class F, class... A> void run(F &function, A &&...arguments) noexcept {
#if OFFERKIT_CPP_EXCEPTIONS
    try {
        function(std::forward<A>(arguments)...);
    } catch (...) {
    }
#else
    function(std::forward<A>(arguments)...);
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
/// text, or unquoted text). nullopt when the path names nothing (OFFERKIT_STATUS_NOT_FOUND), and
/// for an index past the end or a path that is not UTF-8.
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
    /// The request's number: unique in the process, never 0.
    uint64_t id() const { return offerkit_request_id(handle_.get()); }
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
/// with the adopted result or the error. (The request is the one Request::get() holds, or a
/// fire-and-forget one; the completion does not need it.)
template <class T>
void complete(void *user_data, const OfferkitRequest *request, OfferkitStatus status,
              typename Adopt<T>::Raw *raw, OfferkitError *error) {
    (void)request;
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

/// Options of offers. std::nullopt: not sent; a value is sent as it is, 0 and negatives
/// included (the library refuses them with ErrorKind::InvalidArgument and the spec's message).
struct OffersOptions {
    /// At least 1.
    std::optional<int64_t> limit;
    /// 2 to 5 characters ("en", "zh-HK").
    std::optional<std::string> language;
    /// "epc.asc", "epc.desc", "last_activation.asc" or "last_activation.desc".
    std::optional<std::string> sort;
    /// GraphQL fields added to the selection, e.g. "links { click_url }".
    std::optional<std::string> select;
    /// The whole offer selection, replacing the default "id name total_payout_usd creatives {
    /// name description }" (select is added to it). The fields it leaves out are std::nullopt.
    std::optional<std::string> selection;
};

/// Options of playerOffers (std::nullopt: not sent; values as in OffersOptions).
struct PlayerOffersOptions {
    std::optional<std::string> language;
    /// 1 to 100 (the service's default: 50).
    std::optional<int64_t> limit;
    /// A next_cursor of a previous page of the same query.
    std::optional<std::string> after;
    /// GraphQL fields added to each item's default selection.
    std::optional<std::string> select;
    /// The whole playerOffers selection, e.g. "offers: items { id } next_cursor": the items are
    /// read from the one list it names. Not together with select.
    std::optional<std::string> selection;
};

/// Options of GET /v1/offers (std::nullopt: not sent; values as in OffersOptions).
struct ListOffersOptions {
    /// 1 to 100; unset: every offer at once.
    std::optional<int64_t> per_page;
    /// 1-indexed; only with per_page (unset: the first). For list_all_offers: the page the walk
    /// starts at.
    std::optional<int64_t> page;
};

/// Options of links (unset: the default selection, support_portal).
struct LinksOptions {
    /// Fields added to the selection, e.g. "offerwall".
    std::optional<std::string> select;
    /// The whole selection, replacing support_portal (select is added to it).
    std::optional<std::string> selection;
};

namespace detail {

/// Runs C setters one after the other until one fails; keeps that one's status and error.
class Setters {
public:
    /// Runs `set(&error)` when `wanted` and nothing failed yet.
    template <class Set> Setters &then(bool wanted, Set &&set) {
        if (wanted && status_ == OFFERKIT_STATUS_OK) status_ = set(&error_);
        return *this;
    }
    bool ok() const { return status_ == OFFERKIT_STATUS_OK; }
    Error error() { return error_of(status_, error_); }

private:
    OfferkitStatus status_ = OFFERKIT_STATUS_OK;
    OfferkitError *error_ = nullptr;
};

using NativeOffersOptions = Handle<OfferkitOffersOptions, offerkit_offers_options_free>;
using NativePlayerOffersOptions = Handle<OfferkitPlayerOffersOptions, offerkit_player_offers_options_free>;
using NativeListOffersOptions = Handle<OfferkitListOffersOptions, offerkit_list_offers_options_free>;

/// The C options object of one call, built from the value (every set member is set; the
/// object is freed once the call has returned, which copied what it needs).
inline Result<NativeOffersOptions> native(const OffersOptions &o) {
    OfferkitOffersOptions *raw = nullptr;
    OfferkitError *error = nullptr;
    OfferkitStatus status = offerkit_offers_options_new(&raw, &error);
    if (status != OFFERKIT_STATUS_OK) return error_of(status, error);
    NativeOffersOptions c(raw);
    Setters set;
    set.then(o.limit.has_value(), [&](OfferkitError **e) {
           return offerkit_offers_options_set_limit(raw, *o.limit, e);
       })
        .then(o.language.has_value(), [&](OfferkitError **e) {
            return offerkit_offers_options_set_language(raw, o.language->c_str(), e);
        })
        .then(o.sort.has_value(), [&](OfferkitError **e) {
            return offerkit_offers_options_set_sort(raw, o.sort->c_str(), e);
        })
        .then(o.select.has_value(), [&](OfferkitError **e) {
            return offerkit_offers_options_set_select(raw, o.select->c_str(), e);
        })
        .then(o.selection.has_value(), [&](OfferkitError **e) {
            return offerkit_offers_options_set_selection(raw, o.selection->c_str(), e);
        });
    if (!set.ok()) return set.error();
    return Result<NativeOffersOptions>(std::move(c));
}

inline Result<NativePlayerOffersOptions> native(const PlayerOffersOptions &o) {
    OfferkitPlayerOffersOptions *raw = nullptr;
    OfferkitError *error = nullptr;
    OfferkitStatus status = offerkit_player_offers_options_new(&raw, &error);
    if (status != OFFERKIT_STATUS_OK) return error_of(status, error);
    NativePlayerOffersOptions c(raw);
    Setters set;
    set.then(o.limit.has_value(), [&](OfferkitError **e) {
           return offerkit_player_offers_options_set_limit(raw, *o.limit, e);
       })
        .then(o.language.has_value(), [&](OfferkitError **e) {
            return offerkit_player_offers_options_set_language(raw, o.language->c_str(), e);
        })
        .then(o.after.has_value(), [&](OfferkitError **e) {
            return offerkit_player_offers_options_set_after(raw, o.after->c_str(), e);
        })
        .then(o.select.has_value(), [&](OfferkitError **e) {
            return offerkit_player_offers_options_set_select(raw, o.select->c_str(), e);
        })
        .then(o.selection.has_value(), [&](OfferkitError **e) {
            return offerkit_player_offers_options_set_selection(raw, o.selection->c_str(), e);
        });
    if (!set.ok()) return set.error();
    return Result<NativePlayerOffersOptions>(std::move(c));
}

inline Result<NativeListOffersOptions> native(const ListOffersOptions &o) {
    OfferkitListOffersOptions *raw = nullptr;
    OfferkitError *error = nullptr;
    OfferkitStatus status = offerkit_list_offers_options_new(&raw, &error);
    if (status != OFFERKIT_STATUS_OK) return error_of(status, error);
    NativeListOffersOptions c(raw);
    Setters set;
    set.then(o.per_page.has_value(), [&](OfferkitError **e) {
           return offerkit_list_offers_options_set_per_page(raw, *o.per_page, e);
       })
        .then(o.page.has_value(), [&](OfferkitError **e) {
            return offerkit_list_offers_options_set_page(raw, *o.page, e);
        });
    if (!set.ok()) return set.error();
    return Result<NativeListOffersOptions>(std::move(c));
}

} // namespace detail

/// A client borrowed for the length of a call: what token_needed is given to answer with (the
/// client that needs the token). Do not keep it past the callback.
class ClientRef {
public:
    explicit ClientRef(const OfferkitClient *client) : client_(client) {}

    /// Sets or replaces the access token; requests waiting for one continue with it.
    Result<void> set_access_token(std::string_view token) const {
        std::string t(token);
        return detail::call_void([&](OfferkitError **error) {
            return offerkit_client_set_access_token(client_, t.c_str(), error);
        });
    }

    /// Forgets the access token.
    Result<void> clear_access_token() const {
        return detail::call_void([&](OfferkitError **error) {
            return offerkit_client_set_access_token(client_, nullptr, error);
        });
    }

    /// The other answer to token_needed: no token can be had now. Requests waiting for one fail
    /// at once with ErrorKind::Unauthorized carrying `reason`, instead of timing out.
    Result<void> fail_token_request(std::string_view reason) const {
        std::string r(reason);
        return detail::call_void([&](OfferkitError **error) {
            return offerkit_client_fail_token_request(client_, r.c_str(), error);
        });
    }

    const OfferkitClient *get() const { return client_; }

private:
    const OfferkitClient *client_;
};

/// Everything a Client is made from. Client::create checks every bound (times 1 ms to 24 h, at
/// most 10 retries, at least one page): out of bounds, it fails with ErrorKind::InvalidArgument
/// and one field entry "config" naming each such setting ("timeout", "retry.max_retries", …).
/// Unset (std::nullopt): the library's default; a value that is set is always passed on.
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
    /// Where this client's callbacks run: Thread (the library's I/O thread) or Poll (the thread
    /// calling Client::poll / poll_wait — a game loop's).
    Delivery delivery = Delivery::Thread;
    /// Asked for a token, with the client that needs it: answer with
    /// client.set_access_token (now, or later through the Client, from any thread) or with
    /// client.fail_token_request when there is none to be had. Runs, for a blocking call, on
    /// the thread making that call; for an asynchronous one, with Delivery::Poll inside poll on
    /// the polling thread, with Delivery::Thread on the library's I/O thread. Must be quick.
    std::function<void(ClientRef client, TokenReason reason)> token_needed;
    std::optional<std::chrono::milliseconds> token_wait;
    /// The bound of a whole call (default 30 s): attempts, retries, Retry-After waits and the
    /// token wait happen inside it, so no blocking call takes longer.
    std::optional<std::chrono::milliseconds> deadline;
    /// The most pages a pager walks before it fails with ErrorKind::Decode (default 1000).
    std::optional<uint32_t> max_pages;
    /// Every request through this proxy ("http://[user:password@]host:port"); unset: direct
    /// connections. Environment variables are never read.
    std::optional<std::string> proxy;
    /// The host HTTP executor, as the C ABI takes it (offerkit_config_set_http_executor): every
    /// HTTP attempt goes through the host's own stack. `execute` unset: the built-in transport.
    /// `user_data` must outlive the Client. The contract: ffi/README.md, "Host HTTP executor".
    struct HttpExecutorCallbacks {
        OfferkitHttpExecuteCallback execute = nullptr;
        OfferkitHttpCancelCallback cancel = nullptr;
        void *user_data = nullptr;
    };
    HttpExecutorCallbacks http_executor;
    /// How create's errors name a setting out of bounds, for a wrapper whose users spell it
    /// otherwise: pairs of core's name (`"retry.max_retries"`, `"cache.ttl"`, … — the list at
    /// offerkit_config_set_setting_name) and the wrapper's (`"MaxRetries"`). Without them,
    /// errors use these options' names: `timeout`, `connect_timeout`, `max_retries`,
    /// `retry_backoff.first`, `retry_backoff.second`, `token_wait`, `deadline`, `max_pages`.
    std::vector<std::pair<std::string, std::string>> setting_names;
};

/// A client of the offer service. Thread-safe; move-only; destroying it cancels what is in
/// flight and runs every owed completion first (see offerkit_client_free): with Delivery::Poll
/// on the destroying thread, so destroy it on the thread that polls.
class Client {
public:
    static Result<Client> create(const ClientOptions &options) {
        OfferkitConfig *raw = nullptr;
        OfferkitError *error = nullptr;
        OfferkitStatus status = offerkit_config_new(options.base_url.c_str(), &raw, &error);
        if (status != OFFERKIT_STATUS_OK) return detail::error_of(status, error);
        detail::Handle<OfferkitConfig, offerkit_config_free> config(raw);
        // Setters store what they are given (offerkit_client_new checks every bound); one fails
        // only on NULL, bad UTF-8 or an unknown enum value, and its own error is what is reported.
        auto state = std::make_unique<State>();
        state->token_needed = options.token_needed;
        detail::Setters set;
        set.then(options.timeout.has_value(), [&](OfferkitError **e) {
               return offerkit_config_set_timeout_ms(raw, ms(*options.timeout), e);
           })
            .then(options.connect_timeout.has_value(), [&](OfferkitError **e) {
                return offerkit_config_set_connect_timeout_ms(raw, ms(*options.connect_timeout), e);
            })
            .then(options.max_retries.has_value(), [&](OfferkitError **e) {
                return offerkit_config_set_max_retries(raw, *options.max_retries, e);
            })
            .then(options.retry_backoff.has_value(), [&](OfferkitError **e) {
                return offerkit_config_set_retry_backoff_ms(raw, ms(options.retry_backoff->first),
                                                            ms(options.retry_backoff->second), e);
            })
            .then(true, [&](OfferkitError **e) {
                return offerkit_config_set_allow_insecure_http(raw, options.allow_insecure_http, e);
            })
            .then(options.access_token.has_value(), [&](OfferkitError **e) {
                return offerkit_config_set_access_token(raw, options.access_token->c_str(), e);
            })
            .then(true, [&](OfferkitError **e) {
                return offerkit_config_set_delivery(raw, static_cast<uint32_t>(options.delivery), e);
            })
            .then(options.token_wait.has_value(), [&](OfferkitError **e) {
                return offerkit_config_set_token_wait_ms(raw, ms(*options.token_wait), e);
            })
            .then(options.deadline.has_value(), [&](OfferkitError **e) {
                return offerkit_config_set_deadline_ms(raw, ms(*options.deadline), e);
            })
            .then(options.max_pages.has_value(), [&](OfferkitError **e) {
                return offerkit_config_set_max_pages(raw, *options.max_pages, e);
            })
            .then(options.proxy.has_value(), [&](OfferkitError **e) {
                return offerkit_config_set_proxy(raw, options.proxy->c_str(), e);
            })
            .then(static_cast<bool>(options.token_needed), [&](OfferkitError **e) {
                return offerkit_config_set_token_needed(raw, &Client::on_token_needed, state.get(), e);
            })
            .then(options.http_executor.execute != nullptr, [&](OfferkitError **e) {
                return offerkit_config_set_http_executor(raw, options.http_executor.execute, options.http_executor.cancel,
                                                         options.http_executor.user_data, e);
            });
        for (const std::string &pem : options.extra_root_pem)
            set.then(true, [&](OfferkitError **e) { return offerkit_config_add_root_pem(raw, pem.c_str(), e); });
        static const std::pair<const char *, const char *> own_names[] = {
            {"retry.max_retries", "max_retries"},
            {"retry.initial_backoff", "retry_backoff.first"},
            {"retry.max_backoff", "retry_backoff.second"},
            {"token_provider_timeout", "token_wait"},
        };
        for (const auto &named : own_names)
            set.then(true, [&](OfferkitError **e) {
                return offerkit_config_set_setting_name(raw, named.first, named.second, e);
            });
        for (const auto &named : options.setting_names)
            set.then(true, [&](OfferkitError **e) {
                return offerkit_config_set_setting_name(raw, named.first.c_str(), named.second.c_str(), e);
            });
        if (!set.ok()) return set.error();
        OfferkitClient *client = nullptr;
        status = offerkit_client_new(raw, &client, &error);
        if (status != OFFERKIT_STATUS_OK) return detail::error_of(status, error);
        return Client(client, std::move(state));
    }

    /// This client, borrowed (what token_needed is given).
    ClientRef ref() const { return ClientRef(handle_.get()); }

    /// Sets or replaces the access token, at any time, from any thread.
    Result<void> set_access_token(std::string_view token) const { return ref().set_access_token(token); }

    /// Forgets the access token.
    Result<void> clear_access_token() const { return ref().clear_access_token(); }

    /// The other answer to token_needed: no token can be had now. Requests waiting for one fail
    /// at once with ErrorKind::Unauthorized carrying `reason`, instead of timing out.
    Result<void> fail_token_request(std::string_view reason) const {
        return ref().fail_token_request(reason);
    }

    // ---- Delivery::Poll

    /// Runs queued callbacks here (completions, token_needed of asynchronous calls, and the
    /// queued log messages of a Delivery::Poll log callback): at most `max`, 0 = all queued now.
    /// Never blocks; 0 for a Delivery::Thread client. A callback blocking here only delays this
    /// client's other callbacks.
    size_t poll(size_t max = 0) const { return offerkit_client_poll(handle_.get(), max); }

    /// How many callbacks wait for poll (completions and token requests); 0 with Delivery::Thread.
    size_t pending_completions() const { return offerkit_client_pending_completions(handle_.get()); }

    /// Waits until a callback is queued or `timeout` passed (0: does not wait; at most 24 h,
    /// else ErrorKind::OutOfRange), then runs like poll(max). How many ran: 0 on a timeout.
    /// ErrorKind::InvalidArgument for a Delivery::Thread client; ErrorKind::WouldDeadlock on a
    /// library thread.
    Result<size_t> poll_wait(std::chrono::milliseconds timeout, size_t max = 0) const {
        uint32_t wait = timeout.count() <= 0 ? 0u
                        : timeout.count() > static_cast<int64_t>(UINT32_MAX)
                            ? UINT32_MAX
                            : static_cast<uint32_t>(timeout.count());
        size_t ran = 0;
        OfferkitError *error = nullptr;
        OfferkitStatus status = offerkit_client_poll_wait(handle_.get(), wait, max, &ran, &error);
        if (status != OFFERKIT_STATUS_OK) return detail::error_of(status, error);
        return ran;
    }

    // ---- offers

    Result<OfferList> offers(std::string_view player_id, const OffersOptions &options = {}) const {
        auto o = detail::native(options);
        if (!o.ok()) return o.error();
        std::string id(player_id);
        return detail::call<OfferList>([&](OfferkitOfferList **list, OfferkitError **error) {
            return offerkit_client_offers(handle_.get(), id.c_str(), o.value().get(), list, error);
        });
    }

    Result<Request> offers_async(std::string_view player_id, const OffersOptions &options,
                                 std::function<void(Result<OfferList>)> done) const {
        auto o = detail::native(options);
        if (!o.ok()) return o.error();
        std::string id(player_id);
        return detail::start<OfferList>(std::move(done), [&](void *ud, OfferkitRequest **r,
                                                             OfferkitError **e) {
            return offerkit_client_offers_async(handle_.get(), id.c_str(), o.value().get(),
                                                detail::complete<OfferList>, ud, r, e);
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
        auto o = detail::native(options);
        if (!o.ok()) return o.error();
        std::string id(player_id);
        return detail::call<PlayerOffersPage>(
            [&](OfferkitPlayerOffersPage **page, OfferkitError **error) {
                return offerkit_client_player_offers(handle_.get(), id.c_str(), o.value().get(), page,
                                                     error);
            });
    }

    Result<Request> player_offers_async(std::string_view player_id, const PlayerOffersOptions &options,
                                        std::function<void(Result<PlayerOffersPage>)> done) const {
        auto o = detail::native(options);
        if (!o.ok()) return o.error();
        std::string id(player_id);
        return detail::start<PlayerOffersPage>(std::move(done), [&](void *ud, OfferkitRequest **r,
                                                                    OfferkitError **e) {
            return offerkit_client_player_offers_async(handle_.get(), id.c_str(), o.value().get(),
                                                       detail::complete<PlayerOffersPage>, ud, r, e);
        });
    }

    Result<PlayerOffersPager> player_offers_pager(std::string_view player_id,
                                                  const PlayerOffersOptions &options = {}) const {
        auto o = detail::native(options);
        if (!o.ok()) return o.error();
        std::string id(player_id);
        return detail::call<PlayerOffersPager>(
            [&](OfferkitPlayerOffersPager **pager, OfferkitError **error) {
                return offerkit_client_player_offers_pager(handle_.get(), id.c_str(), o.value().get(),
                                                           pager, error);
            });
    }

    // ---- GET /v1/offers

    /// Without per_page every offer at once; else page `page` (unset: the first) of per_page.
    Result<OfferList> list_offers(const ListOffersOptions &options = {}) const {
        auto o = detail::native(options);
        if (!o.ok()) return o.error();
        return detail::call<OfferList>([&](OfferkitOfferList **list, OfferkitError **error) {
            return offerkit_client_list_offers(handle_.get(), o.value().get(), list, error);
        });
    }

    Result<Request> list_offers_async(const ListOffersOptions &options,
                                      std::function<void(Result<OfferList>)> done) const {
        auto o = detail::native(options);
        if (!o.ok()) return o.error();
        return detail::start<OfferList>(std::move(done), [&](void *ud, OfferkitRequest **r,
                                                             OfferkitError **e) {
            return offerkit_client_list_offers_async(handle_.get(), o.value().get(),
                                                     detail::complete<OfferList>, ud, r, e);
        });
    }

    /// Every page from options.page (unset: the first) on, per_page offers at a time, as one
    /// list without pagination (at most max_pages pages); without per_page, the one answer that
    /// holds every offer.
    Result<OfferList> list_all_offers(const ListOffersOptions &options = {}) const {
        auto o = detail::native(options);
        if (!o.ok()) return o.error();
        return detail::call<OfferList>([&](OfferkitOfferList **list, OfferkitError **error) {
            return offerkit_client_list_all_offers(handle_.get(), o.value().get(), list, error);
        });
    }

    Result<Request> list_all_offers_async(const ListOffersOptions &options,
                                          std::function<void(Result<OfferList>)> done) const {
        auto o = detail::native(options);
        if (!o.ok()) return o.error();
        return detail::start<OfferList>(std::move(done), [&](void *ud, OfferkitRequest **r,
                                                             OfferkitError **e) {
            return offerkit_client_list_all_offers_async(handle_.get(), o.value().get(),
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
        std::function<void(ClientRef, TokenReason)> token_needed;
    };

    Client(OfferkitClient *client, std::unique_ptr<State> state)
        : state_(std::move(state)), handle_(client) {}

    /// With exceptions enabled, a token_needed that throws answers for itself: the requests
    /// waiting for a token fail at once with ErrorKind::Unauthorized carrying the exception's
    /// what() ("unknown exception" for anything not derived from std::exception), as if it had
    /// called fail_token_request, instead of waiting until the token wait runs out.
    static void on_token_needed(void *user_data, const OfferkitClient *client, OfferkitTokenReason reason) noexcept {
        auto *state = static_cast<State *>(user_data);
        if (!state->token_needed) return;
#if OFFERKIT_CPP_EXCEPTIONS
        try {
            state->token_needed(ClientRef(client), static_cast<TokenReason>(reason));
        } catch (const std::exception &e) {
            refuse_token(client, e.what());
        } catch (...) {
            refuse_token(client, "unknown exception");
        }
#else
        state->token_needed(ClientRef(client), static_cast<TokenReason>(reason));
#endif
    }

    /// fail_token_request without allocating (it runs inside a catch handler, maybe for
    /// std::bad_alloc); a what() that is not UTF-8 is replaced by a fixed reason.
    static void refuse_token(const OfferkitClient *client, const char *why) noexcept {
        OfferkitError *error = nullptr;
        if (offerkit_client_fail_token_request(client, why, &error) == OFFERKIT_STATUS_OK) return;
        offerkit_error_free(error);
        error = nullptr;
        if (offerkit_client_fail_token_request(client, "unknown exception (its what() is not UTF-8)", &error) !=
            OFFERKIT_STATUS_OK)
            offerkit_error_free(error);
    }

    static uint64_t ms(std::chrono::milliseconds d) {
        return d.count() < 0 ? 0 : static_cast<uint64_t>(d.count());
    }

    // Declared first, destroyed last: the client (and its token callback) goes before its state.
    std::unique_ptr<State> state_;
    detail::Handle<OfferkitClient, offerkit_client_free> handle_;
};

// ---- helpers


/// The loaded library's version ("1.0.0").
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
using LogFunction = std::function<void(LogLevel, std::string_view)>;

/// The process-wide log callback. The library is always given this state as user_data, and a
/// message runs whichever function is current when it is delivered: a message queued for
/// Delivery::Poll before a replacement (or delivered while one happens) never reaches a
/// function that was freed.
struct LogState {
    std::mutex setting;                  // one set_log_callback or shutdown at a time
    std::mutex lock;                     // guards current; held only to copy it
    std::shared_ptr<LogFunction> current;
};

inline LogState &log_state() {
    // Never destroyed: a library thread may still deliver a message while statics are torn down
    // at exit (unless shutdown() ran first).
    static LogState *state = new LogState();
    return *state;
}

inline void on_log(void *user_data, OfferkitLogLevel level, const char *message) {
    auto *state = static_cast<LogState *>(user_data);
    std::shared_ptr<LogFunction> function;
    {
        std::lock_guard<std::mutex> guard(state->lock);
        function = state->current;
    }
    if (function) run(*function, static_cast<LogLevel>(level), std::string_view(message));
}
} // namespace detail

/// Sets (or with an empty function, removes) the process-wide log callback, up to `max_level`.
/// Delivery::Thread: each message on the thread that logged (often the library's I/O thread;
/// several at once). Delivery::Poll: messages are queued (at most 1 024, the oldest dropped
/// first, then a Warn line says how many) and run on the thread calling Client::poll /
/// poll_wait of any client, or log_poll(). Must not call set_log_callback or shutdown itself.
inline Result<void> set_log_callback(std::function<void(LogLevel, std::string_view)> callback,
                                     LogLevel max_level = LogLevel::Info,
                                     Delivery delivery = Delivery::Thread) {
    detail::LogState &state = detail::log_state();
    std::lock_guard<std::mutex> setting(state.setting);
    std::shared_ptr<detail::LogFunction> next;
    if (callback) next = std::make_shared<detail::LogFunction>(std::move(callback));
    std::shared_ptr<detail::LogFunction> previous;
    {
        std::lock_guard<std::mutex> guard(state.lock);
        previous = state.current;
        state.current = next;
    }
    OfferkitStatus status =
        offerkit_set_log_callback(next ? detail::on_log : nullptr, next ? &state : nullptr,
                                  static_cast<uint32_t>(max_level), static_cast<uint32_t>(delivery));
    if (status != OFFERKIT_STATUS_OK) {
        std::lock_guard<std::mutex> guard(state.lock);
        state.current = previous; // nothing changed in the library
        return Error::adopt(nullptr, status);
    }
    return Result<void>(); // `previous` is freed here, unless a message is running it
}

/// Runs queued log messages (set_log_callback with Delivery::Poll) on this thread: at most
/// `max`, 0 = all queued now. How many ran. Client::poll does the same for every client.
inline size_t log_poll(size_t max = 0) { return offerkit_log_poll(max); }

/// Stops the library: removes the log callback (dropping queued messages), joins its I/O and
/// DNS threads and frees every global it allocated. Call it once every Client and
/// PlayerOffersPager is destroyed (ErrorKind::Busy otherwise, and nothing is stopped) and not
/// from inside a callback (ErrorKind::WouldDeadlock): before unloading the library, or at exit
/// so no library thread outlives main. OK when nothing runs. Creating a Client afterwards
/// starts the library again.
inline Result<void> shutdown() {
    detail::LogState &state = detail::log_state();
    std::lock_guard<std::mutex> setting(state.setting);
    Result<void> stopped = detail::call_void([](OfferkitError **error) { return offerkit_shutdown(error); });
    if (stopped.ok()) {
        std::shared_ptr<detail::LogFunction> removed;
        {
            std::lock_guard<std::mutex> guard(state.lock);
            removed.swap(state.current);
        }
    }
    return stopped;
}

} // namespace offerkit

#endif // OFFERKIT_HPP
