// OfferKitBridge.h: the engine-free half of the Unreal plugin, in plain C++17 over
// bindings/cpp/offerkit.hpp, so it can be compiled and tested without Unreal
// (tests/unreal/test_bridge.cpp). It turns offerkit results into plain copies (std::string, no
// handles), hands every completion and token request to a "post to game thread" function the
// host supplies (Unreal: AsyncTask(ENamedThreads::GameThread, ...)), and keeps the requests in
// flight by id so the game can cancel them. No exceptions are needed (Unreal builds without).
// A typed field the service did not send stays std::nullopt here (the subsystem turns that into
// an empty value with its bHas... flag false); malformed items come with each result as
// SkippedItem.
#ifndef OFFERKIT_UNREAL_BRIDGE_H
#define OFFERKIT_UNREAL_BRIDGE_H

#include <chrono>
#include <cstddef>
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
    uint32_t kind = 0; ///< an OfferkitErrorKind (0 when ok)
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

/// Runs a task on the game thread (must accept tasks from any thread, and keep working until
/// the Bridge is destroyed: destroying it posts the completions of cancelled requests).
using Post = std::function<void(std::function<void()>)>;

/// Request ids start at 1; 0 means "nothing started" (the completion was posted with the error).
using RequestId = int64_t;

struct Settings {
    std::string base_url;
    std::string access_token; ///< empty: none
    int64_t timeout_ms = 0;   ///< 0: the library's default
    int32_t max_retries = -1; ///< -1: the library's default
    /// The longest any request takes until its completion is posted (0: the library's 30 s):
    /// attempts, retries, Retry-After waits and the wait for a token all happen inside it.
    int64_t deadline_ms = 0;
    int32_t max_pages = 0; ///< 0: the library's default (1000)
    std::string proxy;     ///< "http://[user:password@]host:port"; empty: direct connections
    bool allow_insecure_http = false;
    /// Asked (on the game thread, through Post) for a token; answer with set_access_token.
    std::function<void(offerkit::TokenReason)> token_needed;
};

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

/// One offerkit client for the plugin. Thread-safe. Destroying it cancels every request in
/// flight; their completions (kind cancelled) are posted before the destructor returns.
class Bridge {
public:
    static std::unique_ptr<Bridge> create(const Settings &settings, Post post, Outcome &error) {
        std::unique_ptr<Bridge> bridge(new Bridge(std::move(post)));
        offerkit::ClientOptions options;
        options.base_url = settings.base_url;
        if (!settings.access_token.empty()) options.access_token = settings.access_token;
        if (settings.timeout_ms > 0) options.timeout = std::chrono::milliseconds(settings.timeout_ms);
        if (settings.max_retries >= 0) options.max_retries = static_cast<uint32_t>(settings.max_retries);
        if (settings.deadline_ms > 0) options.deadline = std::chrono::milliseconds(settings.deadline_ms);
        if (settings.max_pages > 0) options.max_pages = static_cast<uint32_t>(settings.max_pages);
        if (!settings.proxy.empty()) options.proxy = settings.proxy;
        options.allow_insecure_http = settings.allow_insecure_http;
        if (settings.token_needed) {
            // Runs on a library thread: only posts. The handler is shared with the posted tasks.
            auto handler = std::make_shared<std::function<void(offerkit::TokenReason)>>(settings.token_needed);
            Post post_copy = bridge->post_;
            options.token_needed = [handler, post_copy](offerkit::TokenReason reason) {
                post_copy([handler, reason] { (*handler)(reason); });
            };
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
        // offerkit_client_free: cancels what is in flight and runs every owed completion first.
        client_.reset();
        std::lock_guard<std::mutex> guard(lock_);
        requests_.clear();
    }

    Bridge(const Bridge &) = delete;
    Bridge &operator=(const Bridge &) = delete;

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

    RequestId list_offers(int64_t per_page, int64_t page, std::function<void(Listing, Outcome)> done) {
        return start<offerkit::OfferList>(std::move(done), copy_listing, [&](auto finish) {
            return client_->list_offers_async(per_page, page, std::move(finish));
        });
    }

    RequestId graphql(const std::string &document, const std::optional<std::string> &variables_json,
                      std::function<void(std::string, Outcome)> done) {
        return start<std::string>(std::move(done), copy_json, [&](auto finish) {
            return client_->graphql_async(document, variables_json, std::move(finish));
        });
    }

private:
    explicit Bridge(Post post) : post_(std::move(post)) {}

    /// Starts one call. The completion (a library thread, or the thread destroying the Bridge)
    /// copies the result, forgets the request and posts `done` to the game thread. `start_call`
    /// starts the wrapper's async call with the completion it is given.
    template <class Native, class Plain, class Convert, class StartCall>
    RequestId start(std::function<void(Plain, Outcome)> done, Convert convert, StartCall start_call) {
        RequestId id;
        {
            std::lock_guard<std::mutex> guard(lock_);
            id = ++next_id_;
        }
        Post post = post_;
        auto finish = [this, id, done, convert, post](offerkit::Result<Native> result) {
            forget(id);
            if (result.ok()) {
                Plain plain = convert(result.value());
                post([done, plain] { done(plain, Outcome::success()); });
            } else {
                Outcome error = Outcome::from(result.error());
                post([done, error] { done(Plain(), error); });
            }
        };
        offerkit::Result<offerkit::Request> request = start_call(std::move(finish));
        if (!request.ok()) {
            Outcome error = Outcome::from(request.error());
            post_([done, error] { done(Plain(), error); });
            return 0;
        }
        std::lock_guard<std::mutex> guard(lock_);
        if (finished_early_.erase(id) == 0) requests_.emplace(id, std::move(request).value());
        return id;
    }

    /// The request ended; when its completion beat the start call's return, remember that.
    void forget(RequestId id) {
        std::lock_guard<std::mutex> guard(lock_);
        if (requests_.erase(id) == 0) finished_early_.insert(id);
    }

    Post post_;
    mutable std::mutex lock_;
    RequestId next_id_ = 0;
    std::unordered_map<RequestId, offerkit::Request> requests_;
    std::unordered_set<RequestId> finished_early_;
    std::optional<offerkit::Client> client_; // last: destroyed first, while the rest still lives
};

} // namespace offerkit_unreal

#endif // OFFERKIT_UNREAL_BRIDGE_H
