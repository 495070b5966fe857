// OfferKitBridge.h: the engine-free half of the Unreal plugin, in plain C++17 over
// bindings/cpp/offerkit.hpp, so it can be compiled and tested without Unreal
// (bindings/unreal/tests/test_bridge.cpp). It turns offerkit results into plain copies (std::string, no
// handles), keeps the requests in flight by id so the game can cancel them, and runs every
// callback on the game thread: its client uses offerkit's poll delivery, and the game thread
// calls Bridge::poll once per frame, which runs the completions, the token requests and the
// queued log messages right there (no offerkit thread ever runs game code, nothing is posted
// between threads). No exceptions are needed (Unreal builds without). A typed field the service
// did not send stays std::nullopt here (the subsystem turns that into an empty value with its
// bHas... flag false); malformed items come with each result as SkippedItem.
#ifndef OFFERKIT_UNREAL_BRIDGE_H
#define OFFERKIT_UNREAL_BRIDGE_H

#include <chrono>
#include <cstddef>
#include <deque>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "offerkit.hpp"
#include "OfferKitHttpExecutor.h"

namespace offerkit_unreal {

/// One argument of a field entry and its messages.
struct FieldArgument {
    std::string name;
    std::vector<std::string> messages;
};

/// A field entry of an error (validation, invalid_argument, unprocessable).
struct FieldError {
    std::string path;
    std::vector<FieldArgument> arguments;
};

/// The outcome of a call: ok, or everything the offerkit error carries.
struct Outcome {
    bool ok = true;
    uint32_t kind = 0; ///< the OfferkitStatus (offerkit::ErrorKind) number; 0 when ok
    std::string kind_name;
    std::string message;
    uint16_t http_status = 0;
    std::string reason;
    int64_t retry_after_ms = -1;
    std::string response_json;
    std::vector<FieldError> fields;

    static Outcome success() { return Outcome(); }

    static Outcome from(const offerkit::Error &e) {
        Outcome o;
        o.ok = false;
        o.kind = static_cast<uint32_t>(e.kind());
        o.kind_name = std::string(e.kind_name());
        o.message = e.message();
        o.http_status = e.http_status();
        if (e.reason()) o.reason = *e.reason();
        if (e.retry_after()) o.retry_after_ms = e.retry_after()->count();
        if (e.response_json()) o.response_json = *e.response_json();
        for (const offerkit::FieldEntry &f : e.fields()) {
            FieldError field;
            field.path = f.path;
            for (const auto &argument : f.arguments) field.arguments.push_back({argument.first, argument.second});
            o.fields.push_back(std::move(field));
        }
        return o;
    }
};

/// An offer's typed fields, std::nullopt when absent (not selected, or not sent usably).
struct Offer {
    std::optional<std::string> id;
    std::optional<std::string> name;
    std::optional<double> total_payout_usd;
    std::optional<std::string> creative_name;
    std::optional<std::string> creative_description;
    std::string json; ///< the object the service sent (every field, extra selected ones included)
};

struct PlayerOffer {
    std::optional<std::string> id;
    std::optional<std::string> name;
    std::optional<std::string> status; ///< "in_progress" or "completed"
    std::string json;
};

/// An item the service sent malformed, left out of its list.
struct SkippedItem {
    size_t index = 0;              ///< position in the answer as sent
    std::optional<std::string> id; ///< when it had a usable one
    std::string reason;
};

/// The result of offers: the good offers and the skipped ones.
struct OfferList {
    std::vector<Offer> offers;
    std::vector<SkippedItem> skipped;
};

struct PlayerOffersPage {
    std::vector<PlayerOffer> items;
    std::string next_cursor; ///< empty on the last page
    std::vector<SkippedItem> skipped;
};

struct Listing {
    std::vector<Offer> offers;
    std::vector<SkippedItem> skipped;
    bool paginated = false;
    int64_t current_page = 0;
    int64_t per_page = 0;
    bool has_more_pages = false;
    int64_t next_page = 0;
};

/// Request ids start at 1; 0 means "nothing started" (the completion still runs, with the
/// error, in the next poll).
using RequestId = int64_t;

/// The client's settings. Unset (std::nullopt): the library's default; a value that is set is
/// passed on as it is, so the library's bounds check sees it (0 ms is refused, not "default").
struct Settings {
    std::string base_url;
    std::string access_token; ///< empty: none
    std::optional<int64_t> timeout_ms;
    std::optional<int32_t> max_retries;
    /// The longest any request takes until its completion is ready for poll (default 30 s):
    /// attempts, retries, Retry-After waits and the wait for a token all happen inside it.
    std::optional<int64_t> deadline_ms;
    std::optional<int32_t> max_pages; ///< default 1000
    std::string proxy;                ///< "http://[user:password@]host:port"; empty: direct connections
    bool allow_insecure_http = false;
    /// Asked for a token, on the game thread inside poll(); answer with set_access_token (or
    /// fail_token_request), there or later.
    std::function<void(offerkit::TokenReason)> token_needed;
    /// The game's HTTP stack for every attempt (null: offerkit's built-in transport; required with
    /// the lite library). Its execute and cancel run on the game thread inside poll() (cancel
    /// also in the destructor); the Bridge keeps it alive until its client is freed. With it, a
    /// proxy is refused (kind invalid_argument: set it in the stack).
    std::shared_ptr<HttpExecutor> http_executor;
};

/// Routes offerkit's log messages (process-wide, up to `max_level`) to `handler`, on the game
/// thread: they are queued and run inside poll() of any Bridge, or by poll_logs() (at most
/// 1 024 wait; beyond, the oldest are dropped and a Warn line says how many). An empty handler
/// removes it. Not from inside a log handler.
inline Outcome set_log_handler(std::function<void(offerkit::LogLevel, std::string_view)> handler,
                               offerkit::LogLevel max_level) {
    offerkit::Result<void> set = offerkit::set_log_callback(std::move(handler), max_level, offerkit::Delivery::Poll);
    return set.ok() ? Outcome::success() : Outcome::from(set.error());
}

/// Runs the queued log messages here (for frames without any Bridge); how many ran.
inline size_t poll_logs() { return offerkit::log_poll(0); }

/// Stops the library (offerkit::shutdown): its threads are joined, its globals freed and the log
/// handler removed. Kind busy (nothing stopped) while a Bridge is alive. The module calls it on
/// shutdown; a later Bridge starts the library again.
inline Outcome shutdown_library() {
    offerkit::Result<void> stopped = offerkit::shutdown();
    return stopped.ok() ? Outcome::success() : Outcome::from(stopped.error());
}

/// A borrowed optional view as an owned optional copy.
inline std::optional<std::string> copy_text(const std::optional<std::string_view> &text) {
    if (!text) return std::nullopt;
    return std::string(*text);
}

inline Offer copy_offer(const offerkit::OfferList &list, size_t i) {
    offerkit::OfferView v = list[i];
    Offer o;
    o.id = copy_text(v.id);
    o.name = copy_text(v.name);
    o.total_payout_usd = v.total_payout_usd;
    o.creative_name = copy_text(v.creative_name);
    o.creative_description = copy_text(v.creative_description);
    o.json = list.item_json(i);
    return o;
}

inline std::vector<SkippedItem> copy_skipped(const std::vector<offerkit::SkippedItem> &skipped) {
    std::vector<SkippedItem> out;
    for (const offerkit::SkippedItem &s : skipped) out.push_back({s.index, copy_text(s.id), std::string(s.reason)});
    return out;
}

inline OfferList copy_offers(const offerkit::OfferList &list) {
    OfferList out;
    out.offers.reserve(list.size());
    for (size_t i = 0; i < list.size(); i++) out.offers.push_back(copy_offer(list, i));
    out.skipped = copy_skipped(list.skipped());
    return out;
}

inline PlayerOffersPage copy_page(const offerkit::PlayerOffersPage &page) {
    PlayerOffersPage out;
    for (size_t i = 0; i < page.size(); i++) {
        offerkit::PlayerOfferView v = page[i];
        out.items.push_back({copy_text(v.id), copy_text(v.name), copy_text(v.status), page.item_json(i)});
    }
    if (auto cursor = page.next_cursor()) out.next_cursor = std::string(*cursor);
    out.skipped = copy_skipped(page.skipped());
    return out;
}

/// A listing page: its offers, the skipped items and the pagination (when paginated).
inline Listing copy_listing(const offerkit::OfferList &list) {
    Listing out;
    OfferList copied = copy_offers(list);
    out.offers = std::move(copied.offers);
    out.skipped = std::move(copied.skipped);
    if (auto p = list.pagination()) {
        out.paginated = true;
        out.current_page = p->current_page;
        out.per_page = p->per_page;
        out.has_more_pages = p->has_more_pages;
        out.next_page = p->next_page.value_or(0);
    }
    return out;
}

/// JSON text (links, raw GraphQL) is already a plain copy.
inline std::string copy_json(const std::string &json) { return json; }

/// One offerkit client for the plugin. Its methods may be called from any thread; its callbacks
/// (completions, token requests) run only on the thread calling poll() — the game thread — and
/// never inside the call that started a request. Destroy it on the game thread: that cancels
/// every request in flight and runs their completions (kind cancelled) there before the
/// destructor returns. A callback may destroy its own Bridge.
class Bridge {
public:
    static std::unique_ptr<Bridge> create(const Settings &settings, Outcome &error) {
        std::unique_ptr<Bridge> bridge(new Bridge());
        offerkit::ClientOptions options;
        options.base_url = settings.base_url;
        options.delivery = offerkit::Delivery::Poll;
        if (!settings.access_token.empty()) options.access_token = settings.access_token;
        if (settings.timeout_ms) options.timeout = std::chrono::milliseconds(*settings.timeout_ms);
        // Negative counts are out of bounds: passed on as a count the bounds check refuses.
        if (settings.max_retries)
            options.max_retries = *settings.max_retries < 0 ? UINT32_MAX : static_cast<uint32_t>(*settings.max_retries);
        if (settings.deadline_ms) options.deadline = std::chrono::milliseconds(*settings.deadline_ms);
        if (settings.max_pages)
            options.max_pages = *settings.max_pages < 0 ? 0u : static_cast<uint32_t>(*settings.max_pages);
        if (!settings.proxy.empty()) options.proxy = settings.proxy;
        options.allow_insecure_http = settings.allow_insecure_http;
        // Errors name each setting as FOfferKitSettings spells it (the plugin's only settings).
        options.setting_names = {{"timeout", "TimeoutMs"},
                                 {"retry.max_retries", "MaxRetries"},
                                 {"deadline", "DeadlineMs"},
                                 {"max_pages", "MaxPages"}};
        if (settings.token_needed) {
            // Runs inside poll() on the game thread (the bridge makes no blocking calls, whose
            // token requests would run on their caller's thread).
            std::function<void(offerkit::TokenReason)> handler = settings.token_needed;
            options.token_needed = [handler](offerkit::ClientRef, offerkit::TokenReason reason) { handler(reason); };
        }
        if (settings.http_executor) {
            bridge->http_executor_ = settings.http_executor;
            options.http_executor.execute = &detail::http_execute;
            options.http_executor.cancel = &detail::http_cancel;
            options.http_executor.user_data = bridge->http_executor_.get();
        }
        offerkit::Result<offerkit::Client> client = offerkit::Client::create(options);
        if (!client.ok()) {
            error = Outcome::from(client.error());
            return nullptr;
        }
        bridge->client_.emplace(std::move(client).value());
        error = Outcome::success();
        return bridge;
    }

    ~Bridge() {
        *alive_ = false;
        // offerkit_client_free: cancels what is in flight and runs every owed completion here.
        client_.reset();
        // Requests that never started still owe their completion.
        std::deque<std::function<void()>> unstarted;
        {
            std::lock_guard<std::mutex> guard(lock_);
            unstarted.swap(unstarted_);
            requests_.clear();
        }
        for (std::function<void()> &task : unstarted) task();
    }

    Bridge(const Bridge &) = delete;
    Bridge &operator=(const Bridge &) = delete;

    /// Runs, here, what is ready: completions, token requests and queued log messages (at most
    /// `max` of them; 0: all ready now). Call it once per frame on the game thread. How many ran.
    size_t poll(size_t max = 0) {
        std::shared_ptr<bool> alive = alive_; // a callback may destroy this Bridge
        size_t ran = 0;
        while (max == 0 || ran < max) {
            std::function<void()> task;
            {
                std::lock_guard<std::mutex> guard(lock_);
                if (unstarted_.empty()) break;
                task = std::move(unstarted_.front());
                unstarted_.pop_front();
            }
            task();
            ran++;
            if (!*alive) return ran;
        }
        if (max != 0 && ran >= max) return ran;
        // The last use of this object: the client may be freed by one of the callbacks.
        return ran + client_->poll(max == 0 ? 0 : max - ran);
    }

    /// How many callbacks wait for poll().
    size_t pending() const {
        std::lock_guard<std::mutex> guard(lock_);
        return unstarted_.size() + client_->pending_completions();
    }

    Outcome set_access_token(const std::string &token) {
        offerkit::Result<void> r = token.empty() ? client_->clear_access_token() : client_->set_access_token(token);
        return r.ok() ? Outcome::success() : Outcome::from(r.error());
    }

    /// The other answer to a token request: none can be had. Waiting requests fail at once with
    /// kind unauthorized and a message carrying `reason`.
    Outcome fail_token_request(const std::string &reason) {
        offerkit::Result<void> r = client_->fail_token_request(reason);
        return r.ok() ? Outcome::success() : Outcome::from(r.error());
    }

    /// Cancels a request: its completion then reports kind cancelled. False if it already ended.
    bool cancel(RequestId id) {
        std::lock_guard<std::mutex> guard(lock_);
        auto found = requests_.find(id);
        return found != requests_.end() && found->second.cancel();
    }

    /// How many requests are in flight (their completion has not run yet).
    size_t in_flight() const {
        std::lock_guard<std::mutex> guard(lock_);
        return requests_.size();
    }

    RequestId offers(const std::string &player_id, const offerkit::OffersOptions &options,
                     std::function<void(OfferList, Outcome)> done) {
        return start<offerkit::OfferList>(std::move(done), copy_offers, [&](auto finish) {
            return client_->offers_async(player_id, options, std::move(finish));
        });
    }

    RequestId links(const std::string &player_id, const offerkit::LinksOptions &options,
                    std::function<void(std::string, Outcome)> done) {
        return start<std::string>(std::move(done), copy_json, [&](auto finish) {
            return client_->links_async(player_id, options, std::move(finish));
        });
    }

    RequestId player_offers(const std::string &player_id, const offerkit::PlayerOffersOptions &options,
                            std::function<void(PlayerOffersPage, Outcome)> done) {
        return start<offerkit::PlayerOffersPage>(std::move(done), copy_page, [&](auto finish) {
            return client_->player_offers_async(player_id, options, std::move(finish));
        });
    }

    /// GET /v1/offers: without per_page every offer at once, else one page.
    RequestId list_offers(const offerkit::ListOffersOptions &options, std::function<void(Listing, Outcome)> done) {
        return start<offerkit::OfferList>(std::move(done), copy_listing, [&](auto finish) {
            return client_->list_offers_async(options, std::move(finish));
        });
    }

    RequestId graphql(const std::string &document, const std::optional<std::string> &variables_json,
                      std::function<void(std::string, Outcome)> done) {
        return start<std::string>(std::move(done), copy_json, [&](auto finish) {
            return client_->graphql_async(document, variables_json, std::move(finish));
        });
    }

private:
    Bridge() = default;

    /// Starts one call. The completion (inside poll, or in the destructor) forgets the request,
    /// copies the result and runs `done`, last: `done` may destroy this Bridge. A call that did
    /// not start has its `done` queued for the next poll, so it never runs inside this call.
    template <class Native, class Plain, class Convert, class StartCall>
    RequestId start(std::function<void(Plain, Outcome)> done, Convert convert, StartCall start_call) {
        RequestId id;
        {
            std::lock_guard<std::mutex> guard(lock_);
            id = ++next_id_;
        }
        auto finish = [this, id, done, convert](offerkit::Result<Native> result) {
            forget(id);
            if (result.ok())
                done(convert(result.value()), Outcome::success());
            else
                done(Plain(), Outcome::from(result.error()));
        };
        offerkit::Result<offerkit::Request> request = start_call(std::move(finish));
        std::lock_guard<std::mutex> guard(lock_);
        if (!request.ok()) {
            Outcome error = Outcome::from(request.error());
            // Run by poll() or the destructor: like every other completion, one that throws (in
            // a build with exceptions) is swallowed — never out of the game's tick or a destructor.
            unstarted_.push_back([done, error]() mutable { offerkit::detail::run(done, Plain(), error); });
            return 0;
        }
        if (finished_early_.erase(id) == 0) requests_.emplace(id, std::move(request).value());
        return id;
    }

    /// The request ended; when its completion beat the start call's return (poll on the game
    /// thread while another thread starts a request), remember that.
    void forget(RequestId id) {
        std::lock_guard<std::mutex> guard(lock_);
        if (requests_.erase(id) == 0) finished_early_.insert(id);
    }

    std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
    mutable std::mutex lock_;
    RequestId next_id_ = 0;
    std::unordered_map<RequestId, offerkit::Request> requests_;
    std::unordered_set<RequestId> finished_early_;
    std::deque<std::function<void()>> unstarted_;
    std::shared_ptr<HttpExecutor> http_executor_; // outlives client_: told of cancels while it is freed
    std::optional<offerkit::Client> client_;      // last: destroyed first, while the rest still lives
};

} // namespace offerkit_unreal

#endif // OFFERKIT_UNREAL_BRIDGE_H
