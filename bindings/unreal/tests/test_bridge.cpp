// test_bridge.cpp: the engine-free part of the Unreal plugin (OfferKitBridge.h) compiled with g++
// the way Unreal compiles (C++17, no exceptions) and run against the simulator. The main thread
// is the "game thread": it polls the bridge as the subsystem's Tick does, and every completion,
// token request and log line must run there, exactly once, never inside the call that started
// the request. With OFFERKIT_BRIDGE_EXECUTOR=curl every bridge's HTTP goes through a C++
// HttpExecutor on libcurl (curl_http_executor.h) instead of offerkit's built-in transport, and the
// same tests must pass; the executor tests run in both modes. Prints "N passed, N failed"; with
// OFFERKIT_RESULTS set, each test is also a line of that results file (bindings/c/tests/results.h;
// suite OFFERKIT_SUITE, else "unreal-bridge").
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "OfferKitBridge.h"
#include "curl_http_executor.h"
#include "results.h"

using offerkit_unreal::Bridge;
using offerkit_unreal::Outcome;

namespace {

constexpr const char *SUITE = "unreal-bridge";
int failures = 0;
int current_failures = 0;
std::string first_failure; // of the running test, for its line in the results file
std::mutex first_failure_lock;
void note_failure(const char *file, int line, const char *cond) {
    std::lock_guard<std::mutex> hold(first_failure_lock);
    if (first_failure.empty())
        first_failure = std::string(file) + ":" + std::to_string(line) + ": CHECK(" + cond + ") failed";
}
#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::fprintf(stderr, "    %s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);     \
            note_failure(__FILE__, __LINE__, #cond);                                               \
            current_failures++;                                                                    \
        }                                                                                          \
    } while (0)

// ---- the simulator's control endpoint (plain HTTP/1.1 over loopback)

int sim_port = 0;
std::string sim_url;

std::string sim_http(const char *method, const char *path, const std::string &body) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(sim_port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
        close(fd);
        return std::string();
    }
    std::string request = std::string(method) + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
                          "Connection: close\r\nContent-Type: application/json\r\nContent-Length: " +
                          std::to_string(body.size()) + "\r\n\r\n" + body;
    if (write(fd, request.data(), request.size()) != static_cast<ssize_t>(request.size())) {
        close(fd);
        return std::string();
    }
    std::string response;
    char buffer[4096];
    ssize_t got;
    while ((got = read(fd, buffer, sizeof buffer)) > 0) response.append(buffer, static_cast<size_t>(got));
    close(fd);
    size_t start = response.find("\r\n\r\n");
    return start == std::string::npos ? std::string() : response.substr(start + 4);
}

std::string json_string_field(const std::string &json, const std::string &key) {
    size_t at = json.find("\"" + key + "\":\"");
    if (at == std::string::npos) return std::string();
    at += key.size() + 4;
    return json.substr(at, json.find('"', at) - at);
}

long json_number_field(const std::string &json, const std::string &key) {
    size_t at = json.find("\"" + key + "\":");
    return at == std::string::npos ? -1 : std::atol(json.c_str() + at + key.size() + 3);
}

/// Queues an answer the simulator gives instead of its own (a status fault with this body).
void sim_answer(const char *method, int status, const std::string &body, int times = 1) {
    std::string quoted = "\"";
    for (char c : body) {
        if (c == '"' || c == '\\') quoted += '\\';
        quoted += c;
    }
    quoted += "\"";
    sim_http("POST", "/_sim/faults",
             "{\"kind\":\"status\",\"status\":" + std::to_string(status) + ",\"times\":" + std::to_string(times) +
                 ",\"method\":\"" + method + "\",\"path\":\"/v1/offers\",\"body\":" + quoted + "}");
}

std::string sim_token() { return json_string_field(sim_http("POST", "/_sim/tokens", "{\"ttl_secs\":3600}"), "access_token"); }
void sim_fault(const std::string &fault) { sim_http("POST", "/_sim/faults", fault); }
long sim_stat(const char *name) { return json_number_field(sim_http("GET", "/_sim/stats", ""), name); }
void sim_reset() {
    sim_http("DELETE", "/_sim/faults", "");
    sim_http("DELETE", "/_sim/mess", "");
    // Let the previous test's aborted or slow exchanges finish before counting anew.
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (sim_stat("in_flight") > 0 && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    sim_http("POST", "/_sim/stats/reset", "");
}

// ---- the "game thread": the main thread, polling the bridge as the subsystem's Tick does

struct GameThread {
    std::thread::id id = std::this_thread::get_id();
};

GameThread *game = nullptr;

/// Polls `bridge` (without one, the log queue) on this thread until `done` holds: every callback
/// runs inside these polls. Gives up after 120 s: a hang guard, not a timing check (the suite
/// also runs under valgrind).
template <class F> bool pump_until(const std::unique_ptr<Bridge> &bridge, F done) {
    auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (!done()) {
        size_t ran = bridge ? bridge->poll() : offerkit_unreal::poll_logs();
        if (ran > 0) continue;
        if (std::chrono::steady_clock::now() > give_up) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return true;
}

/// The curl executor every bridge uses in OFFERKIT_BRIDGE_EXECUTOR=curl mode, else null.
std::shared_ptr<CurlHttpExecutor> curl_mode;

std::unique_ptr<Bridge> make_bridge(const std::string &token = sim_token(),
                                    std::function<void(offerkit::TokenReason)> token_needed = nullptr,
                                    offerkit_unreal::Settings settings = offerkit_unreal::Settings()) {
    if (settings.base_url.empty()) settings.base_url = sim_url;
    // A proxy belongs to the host's stack: with an executor it is refused (tested below).
    if (curl_mode && !settings.http_executor && settings.proxy.empty()) settings.http_executor = curl_mode;
    settings.access_token = token;
    settings.token_needed = std::move(token_needed);
    Outcome error;
    std::unique_ptr<Bridge> bridge = Bridge::create(settings, error);
    CHECK(bridge != nullptr && error.ok);
    return bridge;
}

// ---- tests

void test_queries_complete_on_the_game_thread() {
    std::unique_ptr<Bridge> bridge = make_bridge();
    int calls = 0;
    std::vector<offerkit_unreal::Offer> offers;
    offerkit::OffersOptions options;
    options.limit = 3;
    options.select = "links { click_url }";
    offerkit_unreal::RequestId id = bridge->offers("demo", options, [&](offerkit_unreal::OfferList o, Outcome outcome) {
        CHECK(std::this_thread::get_id() == game->id);
        CHECK(outcome.ok);
        CHECK(o.skipped.empty());
        offers = std::move(o.offers);
        calls++;
    });
    CHECK(id > 0);
    CHECK(pump_until(bridge, [&] { return calls == 1; }));
    CHECK(offers.size() == 3);
    for (const auto &offer : offers) {
        CHECK(offer.id && !offer.id->empty() && offer.name && !offer.name->empty());
        CHECK(offer.total_payout_usd && *offer.total_payout_usd > 0);
        CHECK(offer.creative_name && offer.creative_description);
        CHECK(offer.id && offer.json.find("/click/" + *offer.id) != std::string::npos);
    }

    std::string links;
    offerkit::LinksOptions added;
    added.select = "offerwall"; // added to support_portal
    bridge->links("demo", added, [&](std::string json, Outcome outcome) {
        CHECK(outcome.ok);
        links = std::move(json);
        calls++;
    });
    offerkit_unreal::PlayerOffersPage page;
    offerkit::PlayerOffersOptions page_options;
    page_options.limit = 2;
    bridge->player_offers("demo", page_options, [&](offerkit_unreal::PlayerOffersPage p, Outcome outcome) {
        CHECK(outcome.ok);
        page = std::move(p);
        calls++;
    });
    offerkit_unreal::Listing listing;
    offerkit::ListOffersOptions second;
    second.per_page = 10;
    second.page = 2;
    bridge->list_offers(second, [&](offerkit_unreal::Listing l, Outcome outcome) {
        CHECK(outcome.ok);
        listing = std::move(l);
        calls++;
    });
    std::string data;
    bridge->graphql("{ offers(player_id: \"demo\", limit: 1) { id } }", std::nullopt, [&](std::string json, Outcome outcome) {
        CHECK(outcome.ok);
        data = std::move(json);
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 5; }));
    CHECK(links.find("/support") != std::string::npos && links.find("/offerwall") != std::string::npos);
    CHECK(page.items.size() == 2 && !page.next_cursor.empty());
    CHECK(page.items[0].status == std::string("in_progress") || page.items[0].status == std::string("completed"));
    CHECK(page.skipped.empty() && listing.skipped.empty());
    CHECK(listing.paginated && listing.current_page == 2 && listing.per_page == 10 && listing.offers.size() == 10);
    CHECK(data.find("\"offers\"") != std::string::npos);
    CHECK(bridge->in_flight() == 0);
}

void test_errors_carry_kind_fields_and_reason() {
    std::unique_ptr<Bridge> bridge = make_bridge();
    Outcome invalid, cursor, limited;
    int calls = 0;
    offerkit::OffersOptions bad;
    bad.limit = -1;
    bridge->offers("demo", bad, [&](offerkit_unreal::OfferList o, Outcome outcome) {
        CHECK(o.offers.empty() && o.skipped.empty());
        invalid = outcome;
        calls++;
    });
    offerkit::PlayerOffersOptions forged;
    forged.after = "forged";
    bridge->player_offers("demo", forged, [&](offerkit_unreal::PlayerOffersPage, Outcome outcome) {
        cursor = outcome;
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 2; }));
    sim_fault("{\"kind\":\"status\",\"status\":429,\"retry_after_secs\":3}");
    bridge->links("demo", {}, [&](std::string, Outcome outcome) {
        limited = outcome;
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 3; }));
    CHECK(!invalid.ok && invalid.kind == OFFERKIT_STATUS_INVALID_ARGUMENT && invalid.kind_name == "invalid_argument");
    CHECK(invalid.fields.size() == 1 && invalid.fields[0].path == "offers");
    CHECK(invalid.fields[0].arguments.size() == 1 && invalid.fields[0].arguments[0].name == "limit");
    CHECK(invalid.fields[0].arguments[0].messages[0] == "The limit field must be at least 1.");
    CHECK(!cursor.ok && cursor.kind == OFFERKIT_STATUS_INVALID_CURSOR && !cursor.reason.empty());
    CHECK(cursor.http_status == 200); // the GraphQL error came with a 200, and says so
    CHECK(!limited.ok && limited.kind == OFFERKIT_STATUS_RATE_LIMITED && limited.http_status == 429);
    CHECK(limited.retry_after_ms == 3000);
}

void test_a_start_failure_is_delivered_by_poll_too() {
    std::unique_ptr<Bridge> bridge = make_bridge();
    int calls = 0;
    Outcome outcome;
    offerkit::OffersOptions bad;
    bad.language = std::string("e\xff"); // refused before anything starts
    offerkit_unreal::RequestId id = bridge->offers("demo", bad, [&](offerkit_unreal::OfferList, Outcome o) {
        CHECK(std::this_thread::get_id() == game->id);
        outcome = o;
        calls++;
    });
    CHECK(id == 0);
    CHECK(calls == 0); // not inside the call
    CHECK(bridge->pending() == 1);
    CHECK(pump_until(bridge, [&] { return calls == 1; }));
    CHECK(!outcome.ok && outcome.kind == OFFERKIT_STATUS_INVALID_UTF8 && outcome.kind_name == "invalid_utf8");
    CHECK(outcome.fields.size() == 1 && outcome.fields[0].arguments.size() == 1 &&
          outcome.fields[0].arguments[0].name == "language");

    // What core refuses (a 300-character id) starts, and fails through the same path.
    bridge->links(std::string(300, 'x'), {}, [&](std::string, Outcome o) {
        outcome = o;
        calls++;
    });
    CHECK(calls == 1);
    CHECK(pump_until(bridge, [&] { return calls == 2; }));
    CHECK(!outcome.ok && outcome.kind == OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(sim_stat("requests") == 0);
}

void test_cancel_by_id() {
    std::unique_ptr<Bridge> bridge = make_bridge();
    sim_fault("{\"kind\":\"latency\",\"ms\":20000}");
    int calls = 0;
    Outcome outcome;
    offerkit_unreal::RequestId id = bridge->offers("demo", {}, [&](offerkit_unreal::OfferList, Outcome o) {
        CHECK(std::this_thread::get_id() == game->id);
        outcome = o;
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return sim_stat("in_flight") == 1; }));
    CHECK(bridge->in_flight() == 1);
    CHECK(bridge->cancel(id));
    CHECK(pump_until(bridge, [&] { return calls == 1; }));
    CHECK(!outcome.ok && outcome.kind == OFFERKIT_STATUS_CANCELLED);
    CHECK(!bridge->cancel(id)); // already ended
    CHECK(bridge->in_flight() == 0);
}

void test_destroying_the_bridge_runs_every_cancellation_on_the_game_thread_first() {
    std::unique_ptr<Bridge> bridge = make_bridge();
    sim_fault("{\"kind\":\"latency\",\"ms\":20000,\"times\":4}");
    int calls = 0;
    int cancelled = 0;
    for (int i = 0; i < 4; i++)
        bridge->links("demo", {}, [&](std::string, Outcome o) {
            CHECK(std::this_thread::get_id() == game->id);
            cancelled += o.kind == OFFERKIT_STATUS_CANCELLED;
            calls++;
        });
    CHECK(pump_until(bridge, [&] { return sim_stat("in_flight") == 4; }));
    CHECK(calls == 0);
    bridge.reset();
    CHECK(calls == 4); // ran before the destructor returned, here
    CHECK(cancelled == 4);
}

void test_token_needed_reaches_the_game_thread_and_set_token_answers() {
    std::unique_ptr<Bridge> bridge;
    std::vector<offerkit::TokenReason> reasons;
    bridge = make_bridge(std::string(), [&](offerkit::TokenReason reason) {
        CHECK(std::this_thread::get_id() == game->id);
        reasons.push_back(reason);
        CHECK(bridge->set_access_token(sim_token()).ok); // the game's answer, from its backend
    });
    int calls = 0;
    Outcome outcome;
    std::vector<offerkit_unreal::Offer> offers;
    bridge->offers("demo", {}, [&](offerkit_unreal::OfferList o, Outcome out) {
        offers = std::move(o.offers);
        outcome = out;
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 1; }));
    CHECK(outcome.ok && !offers.empty());
    CHECK(reasons.size() == 1 && reasons[0] == offerkit::TokenReason::Missing);
    // A 401 asks again (Rejected) and the request is retried once with the new token.
    sim_fault("{\"kind\":\"status\",\"status\":401}");
    bridge->offers("demo", {}, [&](offerkit_unreal::OfferList, Outcome out) {
        outcome = out;
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 2; }));
    CHECK(outcome.ok);
    CHECK(reasons.size() == 2 && reasons[1] == offerkit::TokenReason::Rejected);
}

void test_token_request_refused_on_the_game_thread_fails_the_request_saying_why() {
    std::unique_ptr<Bridge> bridge;
    int asked = 0;
    bridge = make_bridge(std::string(), [&](offerkit::TokenReason) {
        CHECK(std::this_thread::get_id() == game->id);
        asked++;
        CHECK(bridge->fail_token_request("player signed out").ok);
    });
    int calls = 0;
    Outcome outcome;
    bridge->offers("demo", {}, [&](offerkit_unreal::OfferList, Outcome out) {
        outcome = out;
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 1; }));
    CHECK(!outcome.ok && outcome.kind == OFFERKIT_STATUS_UNAUTHORIZED);
    CHECK(outcome.message.find("player signed out") != std::string::npos);
    CHECK(asked == 1);
    CHECK(sim_stat("requests") == 0);
}

// Built with exceptions, the game's callbacks may throw: a throwing token_needed fails the
// waiting request at once with Unauthorized carrying what() (not Timeout after the token
// wait), and a throwing completion is dropped while the bridge goes on. (Unreal builds without
// exceptions, where callbacks cannot throw: nothing to test there.)
void test_throwing_callbacks_are_contained() {
#if OFFERKIT_CPP_EXCEPTIONS
    int asked = 0;
    std::unique_ptr<Bridge> bridge = make_bridge(std::string(), [&](offerkit::TokenReason) {
        asked++;
        throw std::runtime_error("game backend down");
    });
    int calls = 0;
    Outcome outcome;
    bridge->offers("demo", {}, [&](offerkit_unreal::OfferList, Outcome out) {
        outcome = out;
        calls++;
        throw std::runtime_error("game bug in a completion");
    });
    CHECK(pump_until(bridge, [&] { return calls == 1; }));
    CHECK(!outcome.ok && outcome.kind == OFFERKIT_STATUS_UNAUTHORIZED);
    CHECK(outcome.message.find("game backend down") != std::string::npos);
    CHECK(asked == 1);
    CHECK(sim_stat("requests") == 0);
    // The bridge still works after both threw.
    CHECK(bridge->set_access_token(sim_token()).ok);
    int after = 0;
    bridge->links("demo", {}, [&](std::string, Outcome out) {
        CHECK(out.ok);
        after++;
    });
    CHECK(pump_until(bridge, [&] { return after == 1; }));

    // A start failure's completion runs from the bridge's own queue: thrown there too, it stays
    // inside poll() and inside the destructor.
    offerkit::OffersOptions bad;
    bad.language = std::string("e\xff"); // refused before anything starts
    int refused = 0;
    auto throwing = [&](offerkit_unreal::OfferList, Outcome out) {
        CHECK(!out.ok && out.kind == OFFERKIT_STATUS_INVALID_UTF8);
        refused++;
        throw std::runtime_error("game bug in a completion");
    };
    CHECK(bridge->offers("demo", bad, throwing) == 0);
    CHECK(pump_until(bridge, [&] { return refused == 1; }));
    CHECK(bridge->offers("demo", bad, throwing) == 0);
    bridge.reset(); // runs the owed completion, which throws
    CHECK(refused == 2);
#endif
}

void test_create_fails_with_a_typed_error() {
    offerkit_unreal::Settings settings;
    settings.base_url = "ftp://example.com";
    Outcome error;
    CHECK(Bridge::create(settings, error) == nullptr);
    CHECK(!error.ok && error.kind == OFFERKIT_STATUS_INVALID_ARGUMENT && !error.message.empty());

    // Settings out of bounds pass through to the library, which names each one as
    // FOfferKitSettings spells it.
    settings.base_url = sim_url;
    settings.timeout_ms = 86400001;
    settings.max_retries = 11;
    Outcome bounds;
    CHECK(Bridge::create(settings, bounds) == nullptr);
    CHECK(!bounds.ok && bounds.kind == OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(bounds.fields.size() == 1 && bounds.fields[0].path == "config");
    CHECK(bounds.fields[0].arguments.size() == 2);
    CHECK(bounds.fields[0].arguments[0].name == "MaxRetries");
    CHECK(bounds.fields[0].arguments[0].messages[0] == "11 is more than 10");
    CHECK(bounds.fields[0].arguments[1].name == "TimeoutMs");
    CHECK(bounds.fields[0].arguments[1].messages[0] == "86400001 ms is not between 1 ms and 24 h");
}

void test_many_requests_from_many_threads() {
    std::unique_ptr<Bridge> bridge = make_bridge();
    std::atomic<int> ok{0};
    int calls = 0;
    std::vector<std::thread> starters;
    for (int t = 0; t < 4; t++)
        starters.emplace_back([&, t] {
            for (int i = 0; i < 25; i++)
                bridge->links("thread-" + std::to_string(t), {}, [&](std::string json, Outcome o) {
                    CHECK(std::this_thread::get_id() == game->id);
                    ok += o.ok && json.find("/support") != std::string::npos;
                    calls++;
                });
        });
    for (std::thread &s : starters) s.join();
    CHECK(pump_until(bridge, [&] { return calls == 100; }));
    CHECK(ok == 100);
    CHECK(bridge->in_flight() == 0);
}

void test_absent_fields_and_skipped_items_are_copied() {
    std::unique_ptr<Bridge> bridge = make_bridge();
    sim_answer("POST", 200,
               "{\"data\":{\"offers\":["
               "{\"id\":\"1\",\"name\":\"\",\"total_payout_usd\":0,\"creatives\":{\"name\":\"n\",\"description\":\"d\"}},"
               "{\"id\":\"2\",\"name\":\"Two\",\"total_payout_usd\":\"lots\"},"
               "[],{\"id\":\"4\",\"name\":null}]}}");
    sim_answer("POST", 200,
               "{\"data\":{\"playerOffers\":{\"items\":[{\"id\":\"a\",\"status\":5},\"x\"],\"next_cursor\":null}}}");
    int calls = 0;
    offerkit_unreal::OfferList list;
    offerkit::OffersOptions options;
    options.selection = "id name"; // payout and creatives not required: absent where unusable
    bridge->offers("demo", options, [&](offerkit_unreal::OfferList l, Outcome outcome) {
        CHECK(outcome.ok);
        list = std::move(l);
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 1; }));
    offerkit_unreal::PlayerOffersPage page;
    bridge->player_offers("demo", {}, [&](offerkit_unreal::PlayerOffersPage p, Outcome outcome) {
        CHECK(outcome.ok);
        page = std::move(p);
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 2; }));
    CHECK(list.offers.size() == 2);
    if (list.offers.size() == 2) {
        // Present but empty or zero stays present.
        CHECK(list.offers[0].name == std::optional<std::string>(""));
        CHECK(list.offers[0].total_payout_usd == std::optional<double>(0.0));
        CHECK(list.offers[0].creative_name == std::optional<std::string>("n"));
        // "lots" is no payout, and no creatives were sent.
        CHECK(list.offers[1].id == std::optional<std::string>("2"));
        CHECK(!list.offers[1].total_payout_usd && !list.offers[1].creative_name && !list.offers[1].creative_description);
        CHECK(list.offers[1].json.find("\"total_payout_usd\":\"lots\"") != std::string::npos);
    }
    CHECK(list.skipped.size() == 2);
    if (list.skipped.size() == 2) {
        CHECK(list.skipped[0].index == 2 && !list.skipped[0].id && list.skipped[0].reason.find("array") != std::string::npos);
        CHECK(list.skipped[1].index == 3 && list.skipped[1].id == std::optional<std::string>("4"));
        CHECK(list.skipped[1].reason.find("name is null") != std::string::npos);
    }
    CHECK(page.items.size() == 1 && page.next_cursor.empty());
    if (page.items.size() == 1) {
        CHECK(page.items[0].id == std::optional<std::string>("a") && !page.items[0].name && !page.items[0].status);
    }
    CHECK(page.skipped.size() == 1 && page.skipped[0].index == 1);
}

void test_selections_reach_the_service() {
    std::unique_ptr<Bridge> bridge = make_bridge();
    int calls = 0;
    std::vector<offerkit_unreal::Offer> offers;
    offerkit::OffersOptions ids;
    ids.limit = 2;
    ids.selection = "id";
    bridge->offers("demo", ids, [&](offerkit_unreal::OfferList l, Outcome outcome) {
        CHECK(outcome.ok);
        offers = std::move(l.offers);
        calls++;
    });
    std::string links;
    offerkit::LinksOptions replaced;
    replaced.selection = "offerwall";
    bridge->links("demo", replaced, [&](std::string json, Outcome outcome) {
        CHECK(outcome.ok);
        links = std::move(json);
        calls++;
    });
    offerkit_unreal::PlayerOffersPage page;
    offerkit::PlayerOffersOptions aliased;
    aliased.limit = 2;
    aliased.selection = "offers: items { id } next_cursor";
    bridge->player_offers("demo", aliased, [&](offerkit_unreal::PlayerOffersPage p, Outcome outcome) {
        CHECK(outcome.ok);
        page = std::move(p);
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 3; }));
    CHECK(offers.size() == 2);
    for (const auto &offer : offers) CHECK(offer.id && !offer.name && !offer.total_payout_usd && !offer.creative_name);
    CHECK(links.find("/offerwall") != std::string::npos && links.find("support_portal") == std::string::npos);
    CHECK(page.items.size() == 2 && !page.next_cursor.empty());
    for (const auto &item : page.items) CHECK(item.id && !item.name && !item.status);
}

void test_settings_bound_and_route_requests() {
    // The deadline: a Retry-After of 30 s against 2 s fails at once, saying what the service said.
    offerkit_unreal::Settings bounded;
    bounded.deadline_ms = 2000;
    std::unique_ptr<Bridge> bridge = make_bridge(sim_token(), nullptr, bounded);
    sim_fault("{\"kind\":\"status\",\"status\":503,\"retry_after_secs\":30,\"times\":100}");
    int calls = 0;
    Outcome stormed, unreachable, rejected;
    bridge->links("demo", {}, [&](std::string, Outcome o) {
        stormed = o;
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 1; }));
    CHECK(!stormed.ok && stormed.kind == OFFERKIT_STATUS_SERVER && stormed.retry_after_ms == 30000);
    CHECK(stormed.http_status == 503);
    CHECK(sim_stat("graphql") == 1); // one attempt: the 30 s were not waited for
    sim_http("DELETE", "/_sim/faults", "");

    offerkit_unreal::Settings proxied;
    proxied.proxy = "http://127.0.0.1:9"; // nothing listens there
    proxied.max_retries = 0;
    bridge = make_bridge(sim_token(), nullptr, proxied);
    bridge->links("demo", {}, [&](std::string, Outcome o) {
        unreachable = o;
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 2; }));
    CHECK(!unreachable.ok && unreachable.kind == OFFERKIT_STATUS_NETWORK && unreachable.http_status == 0);

    offerkit_unreal::Settings wrong;
    wrong.base_url = sim_url + "/wrong-prefix";
    bridge = make_bridge(sim_token(), nullptr, wrong);
    bridge->links("demo", {}, [&](std::string, Outcome o) {
        rejected = o;
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 3; }));
    CHECK(!rejected.ok && rejected.kind == OFFERKIT_STATUS_REJECTED && rejected.kind_name == "rejected");
    CHECK(rejected.http_status == 404);
}

// The simulator's misbehaviour modes: the broken items arrive as SkippedItem on the game
// thread, the good ones with the odd members in their JSON, and a Retry-After storm past the
// deadline fails after one attempt instead of being waited for.
void test_misbehaving_service() {
    std::unique_ptr<Bridge> bridge = make_bridge();
    sim_http("PUT", "/_sim/mess", "{\"bad_fields\":true,\"odd_extra\":true}");
    int calls = 0;
    offerkit_unreal::OfferList list;
    offerkit::OffersOptions eight;
    eight.limit = 8;
    bridge->offers("demo", eight, [&](offerkit_unreal::OfferList l, Outcome outcome) {
        CHECK(std::this_thread::get_id() == game->id);
        CHECK(outcome.ok);
        list = std::move(l);
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 1; }));
    CHECK(list.offers.size() == 6 && list.skipped.size() == 2);
    if (list.skipped.size() == 2) {
        CHECK(list.skipped[0].index == 1 && list.skipped[0].id && list.skipped[0].reason.find("name is null") != std::string::npos);
        CHECK(list.skipped[1].index == 5 && list.skipped[1].reason.find("total_payout_usd") != std::string::npos);
    }
    for (const auto &offer : list.offers) {
        CHECK(offer.name && offer.total_payout_usd);
        CHECK(offer.json.find("\"x_huge\":1e400") != std::string::npos);
    }
    // RunGraphQL hands back data as the service wrote it: 1000 arrays deep, every digit.
    std::string data;
    bridge->graphql("{ offers(player_id: \"demo\", limit: 1) { id } }", std::nullopt, [&](std::string d, Outcome o) {
        CHECK(o.ok);
        data = std::move(d);
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 2; }));
    CHECK(data.find("\"x_deep\":" + std::string(1000, '[') + std::string(1000, ']')) != std::string::npos);
    CHECK(data.find("\"x_bigint\":123456789012345678901234567890,") != std::string::npos);
    sim_http("PUT", "/_sim/mess", "{\"retry_after_storm\":30}");
    offerkit_unreal::Settings bounded;
    bounded.deadline_ms = 2000;
    bridge = make_bridge(sim_token(), nullptr, bounded);
    Outcome stormed;
    long attempts = sim_stat("graphql");
    bridge->links("demo", {}, [&](std::string, Outcome o) {
        stormed = o;
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 3; }));
    CHECK(!stormed.ok && stormed.kind == OFFERKIT_STATUS_SERVER && stormed.retry_after_ms == 30000);
    CHECK(sim_stat("graphql") == attempts + 1); // one attempt: the 30 s were not waited for
}

// The log lines (process-wide) are queued and run inside the bridge's poll, on the game thread.
void test_log_lines_reach_the_game_thread() {
    std::mutex lock;
    std::vector<std::thread::id> threads;
    std::vector<std::string> lines;
    CHECK(offerkit_unreal::set_log_handler(
              [&](offerkit::LogLevel, std::string_view line) {
                  std::lock_guard<std::mutex> guard(lock);
                  threads.push_back(std::this_thread::get_id());
                  lines.emplace_back(line);
              },
              offerkit::LogLevel::Debug)
              .ok);
    std::unique_ptr<Bridge> bridge = make_bridge();
    int calls = 0;
    bridge->links("demo", {}, [&](std::string, Outcome) { calls++; });
    auto logged = [&] {
        std::lock_guard<std::mutex> guard(lock);
        for (const std::string &line : lines)
            if (line.find("offer service request") != std::string::npos) return true;
        return false;
    };
    CHECK(pump_until(bridge, [&] { return calls == 1 && logged(); }));
    bridge.reset();
    std::unique_ptr<Bridge> none;
    pump_until(none, [&] { return offerkit_unreal::poll_logs() == 0; }); // what freeing logged
    CHECK(offerkit_unreal::set_log_handler(nullptr, offerkit::LogLevel::Info).ok);
    std::lock_guard<std::mutex> guard(lock);
    CHECK(!threads.empty());
    for (std::thread::id id : threads) CHECK(id == game->id);
}

// A number that is set is sent as it is: 0 reaches the rules of the spec instead of meaning
// "not sent".
void test_numbers_that_are_set_reach_the_rules() {
    std::unique_ptr<Bridge> bridge = make_bridge();
    int calls = 0;
    Outcome zero_limit, zero_per_page;
    offerkit::OffersOptions zero;
    zero.limit = 0;
    bridge->offers("demo", zero, [&](offerkit_unreal::OfferList, Outcome o) {
        zero_limit = o;
        calls++;
    });
    offerkit::ListOffersOptions empty_pages;
    empty_pages.per_page = 0;
    bridge->list_offers(empty_pages, [&](offerkit_unreal::Listing, Outcome o) {
        zero_per_page = o;
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 2; }));
    CHECK(!zero_limit.ok && zero_limit.kind == OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(zero_limit.fields.size() == 1 && zero_limit.fields[0].arguments.size() == 1 &&
          zero_limit.fields[0].arguments[0].name == "limit" &&
          zero_limit.fields[0].arguments[0].messages == std::vector<std::string>{"The limit field must be at least 1."});
    CHECK(!zero_per_page.ok && zero_per_page.kind == OFFERKIT_STATUS_INVALID_ARGUMENT);
    CHECK(sim_stat("requests") == 0);

    offerkit_unreal::Settings zero_timeout;
    zero_timeout.base_url = sim_url;
    zero_timeout.timeout_ms = 0;
    Outcome refused;
    CHECK(Bridge::create(zero_timeout, refused) == nullptr);
    CHECK(!refused.ok && refused.kind == OFFERKIT_STATUS_INVALID_ARGUMENT && refused.fields.size() == 1 &&
          refused.fields[0].arguments.size() == 1 && refused.fields[0].arguments[0].name == "TimeoutMs");
}

// The module's ShutdownModule: the library stops only once every bridge is gone, and starts
// again for the next one.
void test_the_library_stops_only_once_every_bridge_is_gone() {
    std::unique_ptr<Bridge> bridge = make_bridge();
    Outcome busy = offerkit_unreal::shutdown_library();
    CHECK(!busy.ok && busy.kind == OFFERKIT_STATUS_BUSY && busy.kind_name == "busy");
    int calls = 0;
    Outcome outcome;
    bridge->links("demo", {}, [&](std::string, Outcome o) {
        outcome = o;
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 1; }));
    CHECK(outcome.ok); // nothing was stopped
    bridge.reset();
    CHECK(offerkit_unreal::shutdown_library().ok);
    bridge = make_bridge(); // starts the library afresh
    bridge->links("demo", {}, [&](std::string, Outcome o) {
        outcome = o;
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 2; }));
    CHECK(outcome.ok);
    bridge.reset();
    CHECK(offerkit_unreal::shutdown_library().ok);
}


// ---- the host HTTP executor (HttpExecutor)

/// An executor that keeps every request it is given, for the test to answer (or not), and records
/// the cancels it is told of, checking both run on the game thread.
struct HoldingExecutor : offerkit_unreal::HttpExecutor {
    void execute(offerkit_unreal::HttpRequest request) override {
        CHECK(std::this_thread::get_id() == game->id);
        std::lock_guard<std::mutex> guard(lock);
        held.push_back(std::move(request));
    }
    void cancel(uint64_t id) override {
        CHECK(std::this_thread::get_id() == game->id);
        std::lock_guard<std::mutex> guard(lock);
        cancelled.push_back(id);
    }
    size_t count() {
        std::lock_guard<std::mutex> guard(lock);
        return held.size();
    }
    std::mutex lock;
    std::vector<offerkit_unreal::HttpRequest> held;
    std::vector<uint64_t> cancelled;
};

/// An executor that answers at once with `answer`.
struct AnsweringExecutor : offerkit_unreal::HttpExecutor {
    explicit AnsweringExecutor(std::function<void(offerkit_unreal::HttpRequest &)> a) : answer(std::move(a)) {}
    void execute(offerkit_unreal::HttpRequest request) override { answer(request); }
    void cancel(uint64_t) override {}
    std::function<void(offerkit_unreal::HttpRequest &)> answer;
};

Outcome links_through(const std::shared_ptr<offerkit_unreal::HttpExecutor> &executor, int64_t deadline_ms = 0) {
    offerkit_unreal::Settings settings;
    settings.http_executor = executor;
    settings.max_retries = 0;
    if (deadline_ms) settings.deadline_ms = deadline_ms;
    std::unique_ptr<Bridge> bridge = make_bridge(sim_token(), nullptr, settings);
    Outcome outcome;
    int calls = 0;
    if (!bridge) return outcome;
    bridge->links("demo", {}, [&](std::string, Outcome o) {
        outcome = o;
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 1; }));
    return outcome;
}

void test_a_curl_executor_carries_every_request_from_the_game_thread() {
    auto curl = std::make_shared<CurlHttpExecutor>(game->id);
    offerkit_unreal::Settings settings;
    settings.http_executor = curl;
    std::unique_ptr<Bridge> bridge = make_bridge(sim_token(), nullptr, settings);
    int calls = 0;
    size_t offers = 0;
    std::string data;
    offerkit::OffersOptions options;
    options.limit = 4;
    bridge->offers("demo", options, [&](offerkit_unreal::OfferList o, Outcome outcome) {
        CHECK(outcome.ok);
        offers = o.offers.size();
        calls++;
    });
    bridge->graphql("{ offers(player_id: \"demo\", limit: 1) { id } }", std::nullopt, [&](std::string json, Outcome outcome) {
        CHECK(outcome.ok);
        data = std::move(json);
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return calls == 2; }));
    CHECK(offers == 4);
    CHECK(data.find("\"offers\"") != std::string::npos);
    CHECK(curl->executed == 2);
    CHECK(curl->off_thread == 0);
    CHECK(sim_stat("graphql") == 2);
    bridge.reset();
    curl_executor_wait_idle();
}

void test_whatever_an_executor_answers_wrongly_is_a_typed_failure() {
    using offerkit_unreal::HttpFailure;
    using offerkit_unreal::HttpRequest;
    Outcome zero = links_through(std::make_shared<AnsweringExecutor>([](HttpRequest &r) { CHECK(r.respond(0, {}, nullptr, 0)); /* answered: as a network failure */ }));
    CHECK(!zero.ok && zero.kind == OFFERKIT_STATUS_NETWORK && zero.message.find("status 0") != std::string::npos);
    CHECK(zero.http_status == 0); // no error carries a status no response has
    Outcome beyond = links_through(std::make_shared<AnsweringExecutor>([](HttpRequest &r) { CHECK(r.respond(600, {}, nullptr, 0)); }));
    CHECK(!beyond.ok && beyond.kind == OFFERKIT_STATUS_NETWORK && beyond.message.find("status 600") != std::string::npos);
    CHECK(beyond.http_status == 0);
    Outcome dropped = links_through(std::make_shared<AnsweringExecutor>([](HttpRequest &) {})); // destroyed unanswered
    CHECK(!dropped.ok && dropped.kind == OFFERKIT_STATUS_NETWORK && dropped.message.find("without answering") != std::string::npos);
    Outcome slow = links_through(std::make_shared<AnsweringExecutor>([](HttpRequest &r) { CHECK(r.fail(HttpFailure::Timeout, "stack gave up")); }));
    CHECK(!slow.ok && slow.kind == OFFERKIT_STATUS_TIMEOUT && slow.message.find("stack gave up") != std::string::npos);
    Outcome redirect = links_through(std::make_shared<AnsweringExecutor>([](HttpRequest &r) {
        CHECK(r.respond(302, {{"Location", "https://elsewhere.example/"}}, nullptr, 0));
        CHECK(!r.respond(200, {}, nullptr, 0)); // a second answer: the first stands
    }));
    CHECK(!redirect.ok && redirect.kind == OFFERKIT_STATUS_REJECTED && redirect.http_status == 302);
    CHECK(redirect.message.find("elsewhere.example") != std::string::npos);
    Outcome cut = links_through(std::make_shared<AnsweringExecutor>([](HttpRequest &r) { CHECK(r.fail(HttpFailure::Network, "body broke off", 200)); }));
    CHECK(!cut.ok && cut.kind == OFFERKIT_STATUS_NETWORK && cut.http_status == 200);
#if OFFERKIT_CPP_EXCEPTIONS
    Outcome thrown = links_through(std::make_shared<AnsweringExecutor>([](HttpRequest &) { throw std::runtime_error("stack bug"); }));
    CHECK(!thrown.ok && thrown.kind == OFFERKIT_STATUS_NETWORK);
#endif
    offerkit_unreal::Settings proxied;
    proxied.proxy = "http://127.0.0.1:9";
    proxied.http_executor = std::make_shared<HoldingExecutor>();
    proxied.base_url = sim_url;
    Outcome refused;
    CHECK(Bridge::create(proxied, refused) == nullptr);
    CHECK(!refused.ok && refused.kind == OFFERKIT_STATUS_INVALID_ARGUMENT);
}

void test_the_executor_sees_the_request_and_a_cancel_by_id() {
    auto holding = std::make_shared<HoldingExecutor>();
    offerkit_unreal::Settings settings;
    settings.http_executor = holding;
    std::unique_ptr<Bridge> bridge = make_bridge(sim_token(), nullptr, settings);
    int calls = 0;
    Outcome outcome;
    offerkit_unreal::RequestId id = bridge->offers("demo", {}, [&](offerkit_unreal::OfferList, Outcome o) {
        outcome = o;
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return holding->count() == 1; }));
    offerkit_unreal::HttpRequest &request = holding->held[0];
    CHECK(request.method() == "POST");
    CHECK(request.url().substr(0, sim_url.size()) == sim_url);
    CHECK(request.timeout().count() > 0 && request.max_response_bytes() > 0 && request.id() != 0);
    bool authorized = false;
    for (const auto &h : request.headers()) authorized |= h.first == "authorization" && h.second.rfind("Bearer ", 0) == 0;
    CHECK(authorized);
    CHECK(std::string(reinterpret_cast<const char *>(request.body().first), request.body().second).find("\"demo\"") !=
          std::string::npos);
    CHECK(!request.is_cancelled());
    CHECK(bridge->cancel(id));
    // The completion and the executor's cancel are both queued for the game thread, in no set order.
    CHECK(pump_until(bridge, [&] {
        std::lock_guard<std::mutex> guard(holding->lock);
        return calls == 1 && !holding->cancelled.empty();
    }));
    CHECK(!outcome.ok && outcome.kind == OFFERKIT_STATUS_CANCELLED);
    CHECK(holding->cancelled.size() == 1 && holding->cancelled[0] == request.id());
    CHECK(request.is_cancelled());
    CHECK(!request.respond(200, {}, nullptr, 0)); // nobody waits: dropped, harmless
    CHECK(sim_stat("requests") == 0);
}

void test_a_hanging_executor_is_ended_by_the_deadline_and_told() {
    auto holding = std::make_shared<HoldingExecutor>();
    Outcome outcome = links_through(holding, 1000);
    CHECK(!outcome.ok && outcome.kind == OFFERKIT_STATUS_TIMEOUT);
    CHECK(holding->held.size() == 1 && holding->cancelled.size() == 1);
    CHECK(holding->held.size() == 1 && holding->cancelled[0] == holding->held[0].id());
}

void test_destroying_the_bridge_tells_the_executor() {
    auto holding = std::make_shared<HoldingExecutor>();
    offerkit_unreal::Settings settings;
    settings.http_executor = holding;
    std::unique_ptr<Bridge> bridge = make_bridge(sim_token(), nullptr, settings);
    int calls = 0;
    Outcome outcome;
    bridge->links("demo", {}, [&](std::string, Outcome o) {
        outcome = o;
        calls++;
    });
    CHECK(pump_until(bridge, [&] { return holding->count() == 1; }));
    bridge.reset(); // on the game thread: cancel is told here, the completion runs here
    CHECK(calls == 1 && !outcome.ok && outcome.kind == OFFERKIT_STATUS_CANCELLED);
    CHECK(holding->cancelled.size() == 1);
    CHECK(!holding->held[0].respond(200, {}, nullptr, 0)); // after the client is gone: refused, harmless
}

} // namespace

int main() {
    const char *url = std::getenv("OFFERKIT_SIM_URL");
    if (!url) {
        std::fprintf(stderr, "OFFERKIT_SIM_URL is not set\n0 passed, 1 failed\n");
        results_write(SUITE, "(setup)", RESULT_FAILED, 0, "OFFERKIT_SIM_URL is not set");
        return 1;
    }
    sim_url = url;
    sim_port = std::atoi(std::strrchr(url, ':') + 1);
    if (curl_executor_global_init() != 0) {
        std::fprintf(stderr, "curl_global_init failed\n0 passed, 1 failed\n");
        results_write(SUITE, "(setup)", RESULT_FAILED, 0, "curl_global_init failed");
        return 1;
    }
    GameThread game_thread;
    game = &game_thread;
    const char *mode = std::getenv("OFFERKIT_BRIDGE_EXECUTOR");
    if (mode && std::strcmp(mode, "curl") == 0) curl_mode = std::make_shared<CurlHttpExecutor>(game_thread.id);
    struct {
        const char *name;
        void (*run)();
    } tests[] = {
        {"queries complete on the game thread", test_queries_complete_on_the_game_thread},
        {"errors carry kind, fields and reason", test_errors_carry_kind_fields_and_reason},
        {"a start failure is delivered by poll too", test_a_start_failure_is_delivered_by_poll_too},
        {"cancel by id", test_cancel_by_id},
        {"destroying the bridge runs every cancellation on the game thread first", test_destroying_the_bridge_runs_every_cancellation_on_the_game_thread_first},
        {"token needed reaches the game thread; set token answers", test_token_needed_reaches_the_game_thread_and_set_token_answers},
        {"token request refused on the game thread fails the request saying why", test_token_request_refused_on_the_game_thread_fails_the_request_saying_why},
        {"throwing callbacks are contained (with exceptions)", test_throwing_callbacks_are_contained},
        {"create fails with a typed error", test_create_fails_with_a_typed_error},
        {"many requests from many threads", test_many_requests_from_many_threads},
        {"absent fields and skipped items are copied", test_absent_fields_and_skipped_items_are_copied},
        {"selections reach the service", test_selections_reach_the_service},
        {"settings bound and route requests", test_settings_bound_and_route_requests},
        {"misbehaving service", test_misbehaving_service},
        {"log lines reach the game thread", test_log_lines_reach_the_game_thread},
        {"numbers that are set reach the rules", test_numbers_that_are_set_reach_the_rules},
        {"the library stops only once every bridge is gone", test_the_library_stops_only_once_every_bridge_is_gone},
        {"a curl executor carries every request from the game thread", test_a_curl_executor_carries_every_request_from_the_game_thread},
        {"whatever an executor answers wrongly is a typed failure", test_whatever_an_executor_answers_wrongly_is_a_typed_failure},
        {"the executor sees the request and a cancel by id", test_the_executor_sees_the_request_and_a_cancel_by_id},
        {"a hanging executor is ended by the deadline and told", test_a_hanging_executor_is_ended_by_the_deadline_and_told},
        {"destroying the bridge tells the executor", test_destroying_the_bridge_tells_the_executor},
    };
    int passed = 0;
    for (auto &test : tests) {
        sim_reset();
        current_failures = 0;
        first_failure.clear();
        auto started = std::chrono::steady_clock::now();
        test.run(); // its bridges are gone: every callback they owed has run
        double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        std::printf("%s %s\n", current_failures ? "FAIL" : "ok  ", test.name);
        std::fflush(stdout);
        std::string detail =
            current_failures ? std::to_string(current_failures) + " failed checks; the first: " + first_failure : "";
        results_write(SUITE, test.name, current_failures ? RESULT_FAILED : RESULT_PASSED, seconds, detail.c_str());
        if (current_failures) failures++;
        else passed++;
    }
    sim_reset(); // leave the simulator as found
    if (curl_mode) {
        // Every test's requests went through the executor, and only from the game thread.
        bool carried = curl_mode->executed > 0 && curl_mode->off_thread == 0;
        std::printf("%s every request went through the curl executor from the game thread (%d)\n", carried ? "ok  " : "FAIL",
                    curl_mode->executed.load());
        std::string detail = carried ? "" : "executed " + std::to_string(curl_mode->executed.load()) + ", off the game thread " +
                                                std::to_string(curl_mode->off_thread.load());
        results_write(SUITE, "(every request through the curl executor from the game thread)",
                      carried ? RESULT_PASSED : RESULT_FAILED, 0, detail.c_str());
        if (carried) passed++;
        else failures++;
        curl_mode.reset();
    }
    curl_executor_global_cleanup();
    // Nothing of the library left for valgrind to report; a refusal is a failure of the run.
    auto stopping = std::chrono::steady_clock::now();
    Outcome stopped = offerkit_unreal::shutdown_library();
    if (!stopped.ok) {
        std::string detail = "shutdown_library: " + stopped.kind_name + " (" + stopped.message + ")";
        std::printf("FAIL %s\n", detail.c_str());
        results_write(SUITE, "(shutdown at exit)", RESULT_FAILED,
                      std::chrono::duration<double>(std::chrono::steady_clock::now() - stopping).count(), detail.c_str());
        failures++;
    }
    std::printf("%d passed, %d failed\n", passed, failures);
    return failures == 0 && passed > 0 ? 0 : 1;
}
