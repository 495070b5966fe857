// Tests of the C++17 wrapper (bindings/cpp/offerkit.hpp) against the simulator: RAII handles,
// Result<T> carrying the error kind, options as values (a set number is always sent),
// std::function completions (thread and poll delivery, every callback on the polling thread),
// cancellation, the pager, tokens, helpers, logging and shutdown. Ends with "N passed, N failed";
// with OFFERKIT_RESULTS set, each test is also a line of that results file (results.h; suite
// OFFERKIT_SUITE, else "cpp-tests").
//
// -Wswitch-enum as an error: the wrapper's mapping of OfferkitStatus (and the switch below over
// offerkit::ErrorKind) must name every value, so a status added to offerkit.h fails this build.
#if defined(__GNUC__)
#pragma GCC diagnostic error "-Wswitch-enum"
#endif
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "offerkit.hpp"
#include "results.h"
#include "support.h"

using namespace std::chrono_literals;

namespace {

int failures = 0;
std::string first_failure; // of the running test, for its line in the results file
std::mutex first_failure_lock;

void note_failure(const char *file, int line, const char *cond) {
    std::lock_guard<std::mutex> hold(first_failure_lock);
    if (first_failure.empty())
        first_failure = std::string("EXPECT failed at ") + file + ":" + std::to_string(line) + ": " + cond;
}

#define EXPECT(cond)                                                                    \
    do {                                                                                \
        if (!(cond)) {                                                                  \
            std::fprintf(stderr, "    EXPECT failed at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
            note_failure(__FILE__, __LINE__, #cond);                                    \
            failures++;                                                                 \
        }                                                                               \
    } while (0)

std::string token() {
    char *t = sim_token(0, true);
    std::string s(t);
    std::free(t);
    return s;
}

offerkit::ClientOptions options(offerkit::Delivery delivery = offerkit::Delivery::Thread) {
    offerkit::ClientOptions o;
    o.base_url = sim_url();
    o.access_token = token();
    o.retry_backoff = std::make_pair(5ms, 20ms);
    o.timeout = 60s; /* generous: the suite also runs under valgrind */
    o.delivery = delivery;
    return o;
}

offerkit::Client client(offerkit::Delivery delivery = offerkit::Delivery::Thread) {
    return offerkit::Client::create(options(delivery)).value();
}

/// A one-shot box a completion fills, waited for with a timeout.
template <class T> struct Box {
    std::mutex lock;
    std::condition_variable cv;
    std::optional<T> value;
    std::thread::id thread;
    int calls = 0;
    void set(T v) {
        std::lock_guard<std::mutex> g(lock);
        value.emplace(std::move(v));
        thread = std::this_thread::get_id();
        calls++;
        cv.notify_all();
    }
    bool wait(std::chrono::milliseconds timeout = 10s) {
        std::unique_lock<std::mutex> g(lock);
        return cv.wait_for(g, timeout, [&] { return value.has_value(); });
    }
};

void test_create_and_errors_carry_the_kind() {
    offerkit::ClientOptions bad;
    bad.base_url = "ftp://nowhere";
    auto result = offerkit::Client::create(bad);
    EXPECT(!result.ok());
    EXPECT(result.kind() == offerkit::ErrorKind::InvalidArgument);
    EXPECT(result.error().kind_name() == "invalid_argument");
    EXPECT(!result.ok() && result.error().status() == OFFERKIT_STATUS_INVALID_ARGUMENT);

    auto c = client();
    sim_fault("{\"kind\":\"status\",\"status\":429,\"retry_after_secs\":7}");
    auto offers = c.offers("demo");
    EXPECT(!offers);
    EXPECT(offers.kind() == offerkit::ErrorKind::RateLimited);
    EXPECT(offers.error().http_status() == 429);
    EXPECT(offers.error().retry_after() == std::optional<std::chrono::milliseconds>(7000ms));

    auto validation = c.graphql("{ offers(player_id: \"p\", limit: 0) { id } }");
    EXPECT(validation.kind() == offerkit::ErrorKind::Validation);
    EXPECT(validation.error().fields().size() == 1);
    EXPECT(validation.error().fields()[0].path == "offers");
    EXPECT(validation.error().fields()[0].arguments[0].first == "limit");
    EXPECT(validation.error().response_json().has_value());

    offerkit::PlayerOffersOptions forged;
    forged.after = "forged";
    auto cursor = c.player_offers("demo", forged);
    EXPECT(cursor.kind() == offerkit::ErrorKind::InvalidCursor);
    EXPECT(cursor.error().reason().has_value());

#if OFFERKIT_CPP_EXCEPTIONS
    bool thrown = false;
    try {
        offerkit::ListOffersOptions page_only;
        page_only.page = 3; // page without per_page
        (void)c.list_offers(page_only).value();
    } catch (const offerkit::Exception &e) {
        thrown = e.error().kind() == offerkit::ErrorKind::InvalidArgument;
    }
    EXPECT(thrown);
#endif
}

void test_blocking_queries() {
    auto c = client();
    offerkit::OffersOptions o;
    o.limit = 4;
    o.select = "links { click_url }";
    auto list = c.offers("demo", o);
    EXPECT(list.ok());
    EXPECT(list->size() > 0 && list->size() <= 4);
    size_t seen = 0;
    for (offerkit::OfferView offer : *list) {
        EXPECT(offer.id && !offer.id->empty() && offer.name && !offer.name->empty());
        EXPECT(offer.total_payout_usd && *offer.total_payout_usd > 0);
        EXPECT(offer.creative_name && offer.creative_description);
        seen++;
    }
    EXPECT(list->skipped().empty());
    EXPECT(seen == list->size());
    auto url = list->field_text(0, "links.click_url");
    EXPECT(url && url->rfind("http", 0) == 0);
    EXPECT(!list->field_json(0, "no.such.path"));
    EXPECT(list->item_json(0).find("\"id\"") != std::string::npos);
    auto past = (*list)[999];
    EXPECT(!past.id && !past.name && !past.total_payout_usd && !past.creative_name);

    offerkit::LinksOptions added;
    added.select = "offerwall";
    auto links = c.links("demo", added);
    EXPECT(links && links->find("\"offerwall\"") != std::string::npos &&
           links->find("\"support_portal\"") != std::string::npos);
    offerkit::LinksOptions replaced;
    replaced.selection = "offerwall";
    links = c.links("demo", replaced);
    EXPECT(links && links->find("\"offerwall\"") != std::string::npos &&
           links->find("support_portal") == std::string::npos);

    offerkit::ListOffersOptions first;
    first.per_page = 10;
    first.page = 1;
    auto page = c.list_offers(first);
    EXPECT(page && page->size() == 10);
    EXPECT(page->pagination() && page->pagination()->next_page == std::optional<int64_t>(2));
    offerkit::ListOffersOptions twenty;
    twenty.per_page = 20;
    auto all = c.list_all_offers(twenty);
    EXPECT(all && all->size() == 50 && !all->pagination());
    auto everything = c.list_offers();
    EXPECT(everything && everything->size() == 50 && !everything->pagination());
    twenty.page = 2; // the walk starts at page 2: 20 + 10 of the 50
    auto rest = c.list_all_offers(twenty);
    EXPECT(rest && rest->size() == 30);

    offerkit::PlayerOffersOptions po;
    po.limit = 3;
    auto player = c.player_offers("demo", po);
    EXPECT(player && player->size() == 3 && player->next_cursor().has_value());
    EXPECT(player && ((*player)[0].status == std::string_view("in_progress") ||
                      (*player)[0].status == std::string_view("completed")));

    auto data = c.graphql("query($p: String!) { links(player_id: $p) { offerwall } }",
                          std::string("{\"p\":\"demo\"}"));
    EXPECT(data && data->find("offerwall") != std::string::npos);
}

void test_pager_to_the_last_page() {
    auto c = client();
    offerkit::PlayerOffersOptions all;
    all.limit = 100;
    size_t total = c.player_offers("demo", all)->size();
    offerkit::PlayerOffersOptions o;
    o.limit = 6;
    auto pager = c.player_offers_pager("demo", o);
    EXPECT(pager.ok());
    size_t items = 0;
    for (int i = 0; i < 100; i++) {
        auto next = pager->next();
        EXPECT(next.ok());
        if (!next.ok() || !next->has_value()) break;
        items += (*next)->size();
    }
    EXPECT(items == total);

    // The same asynchronously.
    auto again = c.player_offers_pager("demo", o);
    items = 0;
    for (int i = 0; i < 100; i++) {
        Box<offerkit::Result<std::optional<offerkit::PlayerOffersPage>>> box;
        auto request = again->next_async([&](auto result) { box.set(std::move(result)); });
        EXPECT(request.ok());
        EXPECT(box.wait());
        auto &result = *box.value;
        EXPECT(result.ok());
        if (!result.ok() || !result->has_value()) break;
        items += (*result)->size();
    }
    EXPECT(items == total);
}

void test_async_on_a_library_thread_and_by_poll() {
    auto c = client();
    Box<offerkit::Result<offerkit::OfferList>> box;
    auto request = c.offers_async("demo", {}, [&](offerkit::Result<offerkit::OfferList> r) {
        box.set(std::move(r));
    });
    EXPECT(request.ok());
    EXPECT(box.wait());
    EXPECT(box.value->ok() && (*box.value)->size() > 0);
    EXPECT(box.thread != std::this_thread::get_id());

    auto polled = client(offerkit::Delivery::Poll);
    Box<offerkit::Result<std::string>> json;
    EXPECT(polled.links_async("demo", {}, [&](auto r) { json.set(std::move(r)); }).ok());
    auto until = std::chrono::steady_clock::now() + 10s;
    while (!json.value && std::chrono::steady_clock::now() < until) {
        polled.poll();
        std::this_thread::sleep_for(2ms);
    }
    EXPECT(json.value && json.value->ok());
    EXPECT(json.thread == std::this_thread::get_id());
    EXPECT(json.calls == 1);
}

void test_cancel_and_destroy_with_requests_in_flight() {
    auto c = client();
    sim_fault("{\"kind\":\"latency\",\"ms\":30000,\"times\":2}");
    Box<offerkit::Result<offerkit::OfferList>> cancelled;
    auto request = c.list_offers_async({}, [&](auto r) { cancelled.set(std::move(r)); });
    EXPECT(request.ok() && request->cancel());
    if (!cancelled.wait(30s)) {
        EXPECT(cancelled.value.has_value()); /* the cancellation was delivered */
        return;
    }
    EXPECT(cancelled.value->kind() == offerkit::ErrorKind::Cancelled);

    auto completions = std::make_shared<std::atomic<int>>(0);
    offerkit::ErrorKind kind = offerkit::ErrorKind::Internal;
    {
        auto doomed = client();
        auto r = doomed.offers_async("demo", {}, [completions, &kind](auto result) {
            kind = result.error().kind();
            (*completions)++;
        });
        EXPECT(r.ok());
        std::this_thread::sleep_for(100ms);
    } // ~Client: cancels, and runs the completion before returning
    EXPECT(completions->load() == 1);
    EXPECT(kind == offerkit::ErrorKind::Cancelled);
    sim_clear_faults(); /* a latency the cancelled calls never reached must not slow what follows */

    // A completion that throws does not take the process down.
#if OFFERKIT_CPP_EXCEPTIONS
    Box<int> after;
    EXPECT(c.links_async("demo", {}, [&](auto) {
                after.set(1);
                throw std::runtime_error("host bug");
            }).ok());
    EXPECT(after.wait());
#endif
}

void test_token_needed_callback() {
    auto reasons = std::make_shared<std::vector<offerkit::TokenReason>>();
    auto asked_by = std::make_shared<const OfferkitClient *>(nullptr);
    std::string good = token();
    offerkit::ClientOptions o = options();
    o.access_token = std::string("bad-token");
    o.token_needed = [reasons, asked_by, good](offerkit::ClientRef client, offerkit::TokenReason reason) {
        reasons->push_back(reason);
        *asked_by = client.get();
        client.set_access_token(good); // answered through the client the callback is given
    };
    auto c = offerkit::Client::create(o);
    EXPECT(c.ok());
    if (!c.ok()) return;
    auto list = c->offers("demo");
    EXPECT(list.ok());
    EXPECT(reasons->size() == 1 && (*reasons)[0] == offerkit::TokenReason::Rejected);
    EXPECT(*asked_by == c->get());
    EXPECT(c->clear_access_token().ok());

    // Refused inside the callback: the blocking call fails at once, saying why.
    offerkit::ClientOptions r = options();
    r.access_token.reset();
    r.token_wait = 60s;
    r.token_needed = [](offerkit::ClientRef client, offerkit::TokenReason) {
        client.fail_token_request("player signed out");
    };
    auto rc = offerkit::Client::create(r);
    EXPECT(rc.ok());
    if (!rc.ok()) return;
    long sent = sim_stat("requests");
    auto denied = rc->offers("demo");
    EXPECT(!denied.ok() && denied.kind() == offerkit::ErrorKind::Unauthorized);
    EXPECT(!denied.ok() && denied.error().message().find("player signed out") != std::string::npos);
    EXPECT(sim_stat("requests") == sent); // refused before anything was sent
}

// With exceptions enabled, whatever a callback throws stays in the wrapper: a throwing
// token_needed fails the waiting call at once with Unauthorized carrying what() — not Timeout
// (the token wait is long, so a hang would show as that kind) —, a throwing log callback loses
// only its line, and calls still succeed.
#if OFFERKIT_CPP_EXCEPTIONS
struct NotUtf8 : std::exception {
    const char *what() const noexcept override { return "bad \xff byte"; }
};

offerkit::Result<offerkit::OfferList> offers_with_throwing_token_callback(std::function<void()> thrower,
                                                                          offerkit::Delivery delivery) {
    offerkit::ClientOptions o = options(delivery);
    o.access_token.reset();
    o.token_wait = 20s;
    o.token_needed = [thrower](offerkit::ClientRef, offerkit::TokenReason) { thrower(); };
    auto c = offerkit::Client::create(o);
    if (!c.ok()) return c.error();
    if (delivery == offerkit::Delivery::Thread) return c->offers("demo");
    Box<offerkit::Result<offerkit::OfferList>> box;
    if (!c->offers_async("demo", {}, [&](auto result) { box.set(std::move(result)); }).ok())
        return offerkit::Error::adopt(nullptr, OFFERKIT_STATUS_INTERNAL);
    for (int i = 0; i < 600 && !box.wait(0ms); i++) c->poll_wait(100ms);
    if (!box.wait(0ms)) return offerkit::Error::adopt(nullptr, OFFERKIT_STATUS_INTERNAL);
    return std::move(*box.value);
}

void expect_unauthorized_saying(const offerkit::Result<offerkit::OfferList> &r, const char *says) {
    EXPECT(!r.ok());
    if (r.ok()) return;
    if (r.kind() != offerkit::ErrorKind::Unauthorized)
        std::fprintf(stderr, "    kind %s: %s\n", std::string(r.error().kind_name()).c_str(), r.error().message().c_str());
    EXPECT(r.kind() == offerkit::ErrorKind::Unauthorized);
    EXPECT(r.error().message().find(says) != std::string::npos);
}

void test_throwing_callbacks_are_contained() {
    long sent = sim_stat("requests");
    for (offerkit::Delivery delivery : {offerkit::Delivery::Thread, offerkit::Delivery::Poll}) {
        expect_unauthorized_saying(offers_with_throwing_token_callback(
                                       [] { throw std::runtime_error("backend down"); }, delivery),
                                   "backend down");
        expect_unauthorized_saying(offers_with_throwing_token_callback([] { throw 42; }, delivery),
                                   "unknown exception");
        expect_unauthorized_saying(offers_with_throwing_token_callback([] { throw NotUtf8(); }, delivery),
                                   "not UTF-8");
    }
    EXPECT(sim_stat("requests") == sent); // nothing sent without a token

    for (offerkit::Delivery delivery : {offerkit::Delivery::Thread, offerkit::Delivery::Poll}) {
        std::atomic<int> lines{0};
        EXPECT(offerkit::set_log_callback([&](offerkit::LogLevel, std::string_view) {
                   lines++;
                   throw std::runtime_error("the game's log is broken");
               }, offerkit::LogLevel::Trace, delivery).ok());
        auto c = client(delivery);
        Box<offerkit::Result<std::string>> links;
        EXPECT(c.links_async("demo", {}, [&](auto result) { links.set(std::move(result)); }).ok());
        if (delivery == offerkit::Delivery::Poll)
            for (int i = 0; i < 600 && !links.wait(0ms); i++) c.poll_wait(100ms);
        EXPECT(links.wait());
        EXPECT(links.value.has_value() && links.value->ok());
        int before = lines.load();
        EXPECT(before > 0);
        EXPECT(c.offers("demo").ok()); // still working after the callback threw
        c.poll();
        EXPECT(lines.load() > before); // and the callback still called
        EXPECT(offerkit::set_log_callback(nullptr).ok());
    }
}
#else
void test_throwing_callbacks_are_contained() {} // callbacks cannot throw without exceptions
#endif

void test_helpers_and_logging() {
    EXPECT(offerkit::version() == offerkit_version());
    EXPECT(offerkit::short_player_id("abc").value() == "p-ba7816bf8f01cfea414140de5dae2223");
    auto lint = offerkit::lint_player_id("A b");
    EXPECT(lint.ok() && lint->size() == 2 && (*lint)[0] == "uppercase" && (*lint)[1] == "space");
    EXPECT(offerkit::validate_player_id("").kind() == offerkit::ErrorKind::InvalidArgument);
    EXPECT(offerkit::validate_player_id("ok").ok());

    std::atomic<int> lines{0};
    EXPECT(offerkit::set_log_callback([&](offerkit::LogLevel, std::string_view line) {
               if (line.find("offer service request") != std::string_view::npos) lines++;
           }, offerkit::LogLevel::Debug).ok());
    auto c = client();
    EXPECT(c.links("demo").ok());
    EXPECT(offerkit::set_log_callback(nullptr).ok());
    EXPECT(lines.load() >= 1);
}

// Malformed and partial items, served byte for byte: absent fields are std::nullopt (not
// empty), bad items come back from skipped() with position, id and reason.
void test_absent_fields_and_skipped_items() {
    auto c = client();
    sim_answer("POST", "/v1/offers", 200,
               "{\"data\":{\"offers\":["
               "{\"id\":\"1\",\"name\":\"\",\"total_payout_usd\":0,"
               "\"creatives\":{\"name\":\"n\",\"description\":\"d\"}},"
               "{\"id\":\"2\",\"name\":null,\"total_payout_usd\":1,"
               "\"creatives\":{\"name\":\"n\",\"description\":\"d\"}},"
               "\"junk\"]}}",
               1);
    auto list = c.offers("demo");
    EXPECT(list.ok() && list->size() == 1);
    if (!list.ok() || list->size() != 1) return;
    offerkit::OfferView offer = (*list)[0];
    // Present but empty or zero is not absent.
    EXPECT(offer.name && offer.name->empty());
    EXPECT(offer.total_payout_usd && *offer.total_payout_usd == 0.0);
    auto skipped = list->skipped();
    EXPECT(skipped.size() == 2);
    if (skipped.size() == 2) {
        EXPECT(skipped[0].index == 1 && skipped[0].id == std::string_view("2"));
        EXPECT(skipped[0].reason.find("name is null") != std::string_view::npos);
        EXPECT(skipped[1].index == 2 && !skipped[1].id);
        EXPECT(skipped[1].reason.find("not an object") != std::string_view::npos);
    }

    offerkit::OffersOptions ids;
    ids.selection = "id";
    ids.limit = 2;
    auto only = c.offers("demo", ids);
    EXPECT(only.ok() && only->size() == 2);
    for (offerkit::OfferView o : *only) {
        EXPECT(o.id && !o.name && !o.total_payout_usd && !o.creative_name && !o.creative_description);
    }

    sim_answer("POST", "/v1/offers", 200,
               "{\"data\":{\"playerOffers\":{\"mine\":[{\"id\":\"a\",\"status\":3},7],"
               "\"next_cursor\":null}}}",
               1);
    offerkit::PlayerOffersOptions po;
    po.selection = "mine: items { id status } next_cursor";
    auto page = c.player_offers("demo", po);
    EXPECT(page.ok() && page->size() == 1 && !page->next_cursor());
    if (!page.ok() || page->size() != 1) return;
    offerkit::PlayerOfferView item = (*page)[0];
    EXPECT(item.id == std::string_view("a") && !item.name && !item.status);
    EXPECT(page->field_json(0, "status") == std::optional<std::string>("3"));
    auto page_skipped = page->skipped();
    EXPECT(page_skipped.size() == 1 && page_skipped[0].index == 1 && !page_skipped[0].id);
}

// The simulator's misbehaviour modes through the wrapper: skipped() names the broken offers
// (positions by the mode's rule, ids from the same request with the mode off), the odd members
// come through field_json as JSON reads them.
void test_misbehaving_service() {
    auto c = client();
    offerkit::OffersOptions twelve;
    twelve.limit = 12;
    twelve.sort = "epc.desc";
    auto reference = c.offers("demo", twelve);
    EXPECT(reference.ok() && reference->size() == 12);
    if (!reference.ok() || reference->size() != 12) return;
    sim_mess("{\"bad_fields\":true,\"odd_extra\":true}");
    auto broken = c.offers("demo", twelve);
    EXPECT(broken.ok() && broken->size() == 9);
    if (!broken.ok()) return;
    auto skipped = broken->skipped();
    EXPECT(skipped.size() == 3);
    const size_t positions[] = {1, 5, 9};
    for (size_t i = 0; i < skipped.size() && i < 3; i++) {
        EXPECT(skipped[i].index == positions[i]);
        EXPECT(skipped[i].id && *skipped[i].id == *(*reference)[positions[i]].id);
    }
    EXPECT(broken->field_json(0, "") == std::optional<std::string>("\"empty key\""));
    EXPECT(!broken->field_json(0, "x_deep") && !broken->field_json(0, "x_huge"));
    EXPECT(broken->field_text(0, "x_unicode_\xc3\xa9") == std::optional<std::string>("\xc3\xbc"));
    EXPECT(broken->item_json(0).find("\"x_bigint\":123456789012345678901234567890") != std::string::npos);
}

// Options out of bounds are refused by create (core checks every setting at once), each named
// as these options spell it in one field entry "config", with core's message.
void test_settings_out_of_bounds_are_named_by_create() {
    offerkit::ClientOptions o = options();
    o.timeout = 0ms;
    auto zero = offerkit::Client::create(o);
    EXPECT(zero.kind() == offerkit::ErrorKind::InvalidArgument);
    EXPECT(!zero.ok() && zero.error().status() == OFFERKIT_STATUS_INVALID_ARGUMENT);
    EXPECT(!zero.ok() && zero.error().fields().size() == 1);
    EXPECT(!zero.ok() && zero.error().fields()[0].path == "config");
    EXPECT(!zero.ok() && zero.error().fields()[0].arguments.size() == 1);
    EXPECT(!zero.ok() && zero.error().fields()[0].arguments[0].first == "timeout");
    EXPECT(!zero.ok() && zero.error().fields()[0].arguments[0].second ==
                             std::vector<std::string>{"0 ms is not between 1 ms and 24 h"});

    o.deadline = std::chrono::milliseconds(86400001);
    o.max_retries = 11;
    o.max_pages = 0u;
    auto several = offerkit::Client::create(o);
    EXPECT(several.kind() == offerkit::ErrorKind::InvalidArgument);
    std::vector<std::string> named;
    if (!several.ok())
        for (const auto &argument : several.error().fields()[0].arguments) named.push_back(argument.first);
    EXPECT((named == std::vector<std::string>{"deadline", "max_pages", "max_retries", "timeout"}));

    // The backoff pair and the token wait by their names here; a wrapper's names replace them.
    o = options();
    o.retry_backoff = std::make_pair(50ms, 10ms);
    o.token_wait = 0ms;
    auto backoff = offerkit::Client::create(o);
    EXPECT(!backoff.ok() && backoff.error().message().find("retry_backoff.first") != std::string::npos);
    EXPECT(!backoff.ok() && backoff.error().message().find("retry.") == std::string::npos);
    named.clear();
    if (!backoff.ok())
        for (const auto &argument : backoff.error().fields()[0].arguments) named.push_back(argument.first);
    EXPECT((named == std::vector<std::string>{"retry_backoff.first", "token_wait"}));
    o.setting_names = {{"retry.initial_backoff", "FirstBackoff"}, {"token_provider_timeout", "TokenWaitMs"}};
    auto renamed = offerkit::Client::create(o);
    named.clear();
    if (!renamed.ok())
        for (const auto &argument : renamed.error().fields()[0].arguments) named.push_back(argument.first);
    EXPECT((named == std::vector<std::string>{"FirstBackoff", "TokenWaitMs"}));
    EXPECT(!renamed.ok() && renamed.error().fields()[0].arguments[0].second ==
                                std::vector<std::string>{"50 ms is more than retry_backoff.second (10 ms)"});
    o.setting_names = {{"cache.size", "CacheSize"}}; // not a setting: that error is create's
    EXPECT(offerkit::Client::create(o).kind() == offerkit::ErrorKind::OutOfRange);

    o = options();
    o.timeout = std::chrono::milliseconds(86400000);
    o.deadline = 1ms;
    EXPECT(offerkit::Client::create(o).ok()); // the bounds themselves are accepted
    EXPECT(sim_stat("requests") == 0);
}

// The client options of the hardening: deadline, page cap, proxy; and the rejected kind.
void test_deadline_max_pages_proxy_and_rejected() {
    offerkit::ClientOptions o = options();
    o.deadline = 2000ms;
    auto c = offerkit::Client::create(o).value();
    sim_fault("{\"kind\":\"status\",\"status\":503,\"retry_after_secs\":30,\"times\":100}");
    auto stormed = c.offers("demo"); // a Retry-After past the deadline is not waited for
    EXPECT(stormed.kind() == offerkit::ErrorKind::Server);
    EXPECT(!stormed.ok() && stormed.error().retry_after() == std::optional<std::chrono::milliseconds>(30000ms));
    EXPECT(!stormed.ok() && stormed.error().http_status() == 503);
    EXPECT(sim_stat("graphql") == 1); // one attempt: no retry after the 30 s
    sim_clear_faults();

    o = options();
    o.max_pages = 2;
    auto capped = offerkit::Client::create(o).value();
    offerkit::PlayerOffersOptions three;
    three.limit = 3;
    auto pager = capped.player_offers_pager("demo", three);
    EXPECT(pager.ok());
    EXPECT(pager->next().ok() && pager->next().ok());
    auto third = pager->next();
    EXPECT(third.kind() == offerkit::ErrorKind::Decode);

    o = options();
    o.proxy = std::string("not a proxy");
    auto refused = offerkit::Client::create(o);
    EXPECT(refused.kind() == offerkit::ErrorKind::InvalidArgument);
    o.proxy = std::string("http://127.0.0.1:9"); // discard: nothing listens
    o.max_retries = 0;
    auto unreachable = offerkit::Client::create(o).value().offers("demo");
    EXPECT(unreachable.kind() == offerkit::ErrorKind::Network);

    o = options();
    o.base_url = std::string(sim_url()) + "/wrong-prefix";
    auto rejected = offerkit::Client::create(o).value().offers("demo");
    EXPECT(rejected.kind() == offerkit::ErrorKind::Rejected);
    EXPECT(!rejected.ok() && rejected.error().http_status() == 404);
    EXPECT(!rejected.ok() && rejected.error().kind_name() == "rejected");
}

/// Every kind by name, in a switch without a default: with -Wswitch-enum (an error in this file)
/// a kind added to the wrapper and not named here fails the build.
const char *expected_name(offerkit::ErrorKind kind) {
    switch (kind) {
    case offerkit::ErrorKind::InvalidArgument: return "invalid_argument";
    case offerkit::ErrorKind::Unauthorized: return "unauthorized";
    case offerkit::ErrorKind::Forbidden: return "forbidden";
    case offerkit::ErrorKind::Validation: return "validation";
    case offerkit::ErrorKind::Query: return "query";
    case offerkit::ErrorKind::InvalidCursor: return "invalid_cursor";
    case offerkit::ErrorKind::UnsupportedMediaType: return "unsupported_media_type";
    case offerkit::ErrorKind::Unprocessable: return "unprocessable";
    case offerkit::ErrorKind::RateLimited: return "rate_limited";
    case offerkit::ErrorKind::Server: return "server";
    case offerkit::ErrorKind::Network: return "network";
    case offerkit::ErrorKind::Timeout: return "timeout";
    case offerkit::ErrorKind::Cancelled: return "cancelled";
    case offerkit::ErrorKind::Decode: return "decode";
    case offerkit::ErrorKind::Internal: return "internal";
    case offerkit::ErrorKind::Rejected: return "rejected";
    case offerkit::ErrorKind::NullArgument: return "null_argument";
    case offerkit::ErrorKind::InvalidUtf8: return "invalid_utf8";
    case offerkit::ErrorKind::OutOfRange: return "out_of_range";
    case offerkit::ErrorKind::WouldDeadlock: return "would_deadlock";
    case offerkit::ErrorKind::NotFound: return "not_found";
    case offerkit::ErrorKind::Busy: return "busy";
    case offerkit::ErrorKind::AlreadyAnswered: return "already_answered";
    case offerkit::ErrorKind::NotAvailable: return "not_available";
    }
    return "?";
}

// One enum: every error status is a kind with the same number and the library's name for it.
void test_every_error_status_is_a_kind() {
    const uint32_t statuses[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                 100, 101, 102, 103, 104, 105, 106, 107};
    for (uint32_t number : statuses) {
        offerkit::Error e = offerkit::Error::adopt(nullptr, static_cast<OfferkitStatus>(number));
        EXPECT(static_cast<uint32_t>(e.kind()) == number);
        EXPECT(static_cast<uint32_t>(e.status()) == number);
        EXPECT(e.kind_name() == expected_name(e.kind()));
    }
    // A number the enum does not name (a newer library's) is reported as internal.
    EXPECT(offerkit::Error::adopt(nullptr, static_cast<OfferkitStatus>(120)).kind() ==
           offerkit::ErrorKind::Internal);
    EXPECT(offerkit::kind_name(offerkit::ErrorKind::NotFound) == "not_found");
    EXPECT(offerkit::kind_name(offerkit::ErrorKind::Busy) == "busy");
}

// A number that is set is sent to the library's checks as it is; unset is not sent.
void test_set_numbers_reach_the_checks_and_unset_is_not_sent() {
    auto c = client();
    offerkit::OffersOptions zero;
    zero.limit = 0;
    auto refused = c.offers("demo", zero);
    EXPECT(refused.kind() == offerkit::ErrorKind::InvalidArgument);
    if (!refused.ok()) {
        const auto &fields = refused.error().fields();
        EXPECT(fields.size() == 1 && fields[0].path == "offers");
        EXPECT(fields.size() == 1 && fields[0].arguments.size() == 1 &&
               fields[0].arguments[0].first == "limit" &&
               fields[0].arguments[0].second == std::vector<std::string>{"The limit field must be at least 1."});
    }
    Box<offerkit::Result<offerkit::OfferList>> later;
    EXPECT(c.offers_async("demo", zero, [&](auto r) { later.set(std::move(r)); }).ok());
    EXPECT(later.wait());
    EXPECT(later.value && later.value->kind() == offerkit::ErrorKind::InvalidArgument);

    offerkit::PlayerOffersOptions no_items;
    no_items.limit = 0;
    EXPECT(c.player_offers("demo", no_items).kind() == offerkit::ErrorKind::InvalidArgument);
    offerkit::PlayerOffersOptions too_many;
    too_many.limit = 101;
    auto over = c.player_offers("demo", too_many);
    EXPECT(!over.ok() && over.error().fields().size() == 1 &&
           over.error().fields()[0].arguments[0].second ==
               std::vector<std::string>{"The limit field must not be greater than 100."});
    offerkit::ListOffersOptions empty_pages;
    empty_pages.per_page = 0;
    EXPECT(c.list_offers(empty_pages).kind() == offerkit::ErrorKind::InvalidArgument);
    EXPECT(c.list_all_offers(empty_pages).kind() == offerkit::ErrorKind::InvalidArgument);
    EXPECT(sim_stat("requests") == 0); // all refused before sending

    // Unset: no limit is sent, and the service answers with more than a small page.
    auto unset = c.offers("demo");
    EXPECT(unset.ok() && unset->size() > 4);

    // Text that is not UTF-8 is refused by the options object, naming the argument.
    offerkit::OffersOptions bad;
    bad.language = std::string("e\xff");
    auto utf = c.offers("demo", bad);
    EXPECT(utf.kind() == offerkit::ErrorKind::InvalidUtf8);
    EXPECT(!utf.ok() && utf.error().fields().size() == 1 &&
           utf.error().fields()[0].path == "offerkit_offers_options_set_language" &&
           utf.error().fields()[0].arguments.size() == 1 &&
           utf.error().fields()[0].arguments[0].first == "language");
    EXPECT(c.player_offers_pager("demo", [] {
                offerkit::PlayerOffersOptions o;
                o.after = std::string("\xc3");
                return o;
            }()).kind() == offerkit::ErrorKind::InvalidUtf8);
}

// Delivery::Poll: the completion, the token request of an asynchronous call and the log
// messages all run on the thread that polls (here a "game" thread, not the main one); the token
// request of a blocking call on the thread making it.
void test_poll_delivery_runs_every_callback_on_the_polling_thread() {
    std::mutex lock;
    std::vector<std::thread::id> log_threads, token_threads;
    EXPECT(offerkit::set_log_callback(
               [&](offerkit::LogLevel, std::string_view) {
                   std::lock_guard<std::mutex> g(lock);
                   log_threads.push_back(std::this_thread::get_id());
               },
               offerkit::LogLevel::Debug, offerkit::Delivery::Poll)
               .ok());
    std::string good = token();
    offerkit::ClientOptions o = options(offerkit::Delivery::Poll);
    o.access_token.reset();
    o.token_needed = [&](offerkit::ClientRef client, offerkit::TokenReason) {
        {
            std::lock_guard<std::mutex> g(lock);
            token_threads.push_back(std::this_thread::get_id());
        }
        client.set_access_token(good);
    };
    std::thread::id game_id, completion_thread;
    size_t tokens_before_poll = 99, queued_before_poll = 0;
    bool completed = false, blocking_ok = false;
    uint64_t first_id = 0, second_id = 0;
    std::thread game([&] {
        game_id = std::this_thread::get_id();
        auto created = offerkit::Client::create(o);
        EXPECT(created.ok());
        if (!created.ok()) return;
        offerkit::Client &c = created.value();
        std::optional<offerkit::Result<offerkit::OfferList>> result;
        auto request = c.offers_async("demo", {}, [&](offerkit::Result<offerkit::OfferList> r) {
            completion_thread = std::this_thread::get_id();
            result.emplace(std::move(r));
        });
        EXPECT(request.ok());
        if (request.ok()) first_id = request->id();
        // The token request is queued for poll like a completion: nothing runs until then.
        auto give_up = std::chrono::steady_clock::now() + 60s;
        while (c.pending_completions() == 0 && std::chrono::steady_clock::now() < give_up)
            std::this_thread::sleep_for(1ms);
        queued_before_poll = c.pending_completions();
        {
            std::lock_guard<std::mutex> g(lock);
            tokens_before_poll = token_threads.size();
        }
        while (!result && std::chrono::steady_clock::now() < give_up) {
            auto ran = c.poll_wait(100ms);
            EXPECT(ran.ok());
        }
        completed = result && result->ok() && (*result)->size() > 0;
        // A blocking call asks on this thread, inline.
        EXPECT(c.clear_access_token().ok());
        blocking_ok = c.offers("demo").ok();
        auto again = c.links_async("demo", {}, [](offerkit::Result<std::string>) {});
        if (again.ok()) second_id = again->id();
        while (c.pending_completions() == 0 && std::chrono::steady_clock::now() < give_up)
            std::this_thread::sleep_for(1ms);
        c.poll();
        offerkit::log_poll();
    });
    game.join();
    EXPECT(offerkit::set_log_callback(nullptr).ok());
    EXPECT(queued_before_poll >= 1);
    EXPECT(tokens_before_poll == 0);
    EXPECT(completed);
    EXPECT(blocking_ok);
    EXPECT(completion_thread == game_id);
    EXPECT(token_threads.size() == 2);
    for (std::thread::id id : token_threads) EXPECT(id == game_id);
    EXPECT(!log_threads.empty());
    for (std::thread::id id : log_threads) EXPECT(id == game_id);
    EXPECT(first_id != 0 && second_id != 0 && first_id != second_id);

    // poll_wait is for poll clients, and waits at most 24 h.
    auto threaded = client();
    EXPECT(threaded.poll_wait(1ms).kind() == offerkit::ErrorKind::InvalidArgument);
    auto polled = client(offerkit::Delivery::Poll);
    EXPECT(polled.poll_wait(std::chrono::hours(25)).kind() == offerkit::ErrorKind::OutOfRange);
    auto nothing = polled.poll_wait(0ms);
    EXPECT(nothing.ok() && *nothing == 0);
}

// shutdown stops the library only once every client and pager is gone, removes the log
// callback, and the library starts again afterwards.
void test_shutdown_waits_for_every_handle_and_restarts() {
    std::atomic<int> lines{0};
    EXPECT(offerkit::set_log_callback([&](offerkit::LogLevel, std::string_view) { lines++; },
                                      offerkit::LogLevel::Debug)
               .ok());
    std::optional<offerkit::Client> c(client());
    EXPECT(c->links("demo").ok());
    EXPECT(lines.load() > 0);
    auto busy = offerkit::shutdown();
    EXPECT(busy.kind() == offerkit::ErrorKind::Busy);
    EXPECT(!busy.ok() && busy.error().message().find('1') != std::string::npos);
    EXPECT(c->links("demo").ok()); // nothing was stopped
    std::optional<offerkit::PlayerOffersPager> pager;
    {
        auto made = c->player_offers_pager("demo");
        EXPECT(made.ok());
        if (made.ok()) pager.emplace(std::move(made).value());
    }
    c.reset();
    EXPECT(offerkit::shutdown().kind() == offerkit::ErrorKind::Busy); // the pager still lives
    pager.reset();
    EXPECT(offerkit::shutdown().ok());
    EXPECT(offerkit::shutdown().ok()); // nothing running: OK again
    lines = 0;
    {
        auto again = client(); // starts the library afresh
        EXPECT(again.links("demo").ok());
    }
    EXPECT(lines.load() == 0); // shutdown removed the log callback
    EXPECT(offerkit::shutdown().ok());
}


/// A host executor that answers every attempt itself, with a canned GraphQL response: what
/// ClientOptions::http_executor must hand the C ABI.
struct CannedExecutor {
    std::atomic<int> executed{0};
    std::mutex lock;
    std::string url;
    std::string method;
};

void canned_execute(void *user_data, OfferkitHttpRequest *request) {
    auto *canned = static_cast<CannedExecutor *>(user_data);
    {
        std::lock_guard<std::mutex> g(canned->lock);
        canned->url = offerkit_http_request_url(request);
        canned->method = offerkit_http_request_method(request);
    }
    canned->executed++;
    static const char body[] = "{\"data\":{\"__typename\":\"FromTheHostsStack\"}}";
    const char *names[] = {"content-type"};
    const char *values[] = {"application/json"};
    offerkit_http_request_respond(request, 200, names, values, 1, reinterpret_cast<const uint8_t *>(body), sizeof body - 1,
                                  nullptr);
    offerkit_http_request_free(request);
}

void test_http_executor_carries_the_attempts() {
    CannedExecutor canned;
    offerkit::ClientOptions o = options();
    o.http_executor.execute = canned_execute;
    o.http_executor.user_data = &canned;
    offerkit::Result<offerkit::Client> made = offerkit::Client::create(o);
    EXPECT(made.ok());
    if (!made.ok()) return;
    offerkit::Client c = std::move(made).value();
    offerkit::Result<std::string> data = c.graphql("{ __typename }", std::nullopt);
    EXPECT(data.ok() && data.value().find("FromTheHostsStack") != std::string::npos);
    EXPECT(canned.executed == 1);
    EXPECT(canned.method == "POST" && canned.url.rfind(sim_url(), 0) == 0);
    EXPECT(sim_stat("requests") == 0); // the host's stack answered: nothing reached the simulator
    // A proxy belongs to the host's stack too: refused with an executor.
    o.proxy = "http://127.0.0.1:9";
    offerkit::Result<offerkit::Client> proxied = offerkit::Client::create(o);
    EXPECT(!proxied.ok() && proxied.error().kind() == offerkit::ErrorKind::InvalidArgument);
}

} // namespace

int main() {
    struct Test {
        const char *name;
        void (*run)();
    } tests[] = {
        {"create_and_errors_carry_the_kind", test_create_and_errors_carry_the_kind},
        {"blocking_queries", test_blocking_queries},
        {"pager_to_the_last_page", test_pager_to_the_last_page},
        {"async_on_a_library_thread_and_by_poll", test_async_on_a_library_thread_and_by_poll},
        {"cancel_and_destroy_with_requests_in_flight", test_cancel_and_destroy_with_requests_in_flight},
        {"token_needed_callback", test_token_needed_callback},
        {"throwing_callbacks_are_contained", test_throwing_callbacks_are_contained},
        {"helpers_and_logging", test_helpers_and_logging},
        {"absent_fields_and_skipped_items", test_absent_fields_and_skipped_items},
        {"settings_out_of_bounds_are_named_by_create", test_settings_out_of_bounds_are_named_by_create},
        {"deadline_max_pages_proxy_and_rejected", test_deadline_max_pages_proxy_and_rejected},
        {"misbehaving_service", test_misbehaving_service},
        {"every_error_status_is_a_kind", test_every_error_status_is_a_kind},
        {"set_numbers_reach_the_checks_and_unset_is_not_sent", test_set_numbers_reach_the_checks_and_unset_is_not_sent},
        {"poll_delivery_runs_every_callback_on_the_polling_thread",
         test_poll_delivery_runs_every_callback_on_the_polling_thread},
        {"shutdown_waits_for_every_handle_and_restarts", test_shutdown_waits_for_every_handle_and_restarts},
        {"http_executor_carries_the_attempts", test_http_executor_carries_the_attempts},
    };
    int passed = 0, failed = 0;
    for (const Test &t : tests) {
        sim_fresh();
        failures = 0;
        first_failure.clear();
        auto started = std::chrono::steady_clock::now();
        t.run();
        double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        std::printf("%s %s\n", failures ? "FAIL" : "ok  ", t.name);
        std::fflush(stdout);
        std::string detail = failures ? std::to_string(failures) + " failed checks; the first: " + first_failure : "";
        results_write("cpp-tests", t.name, failures ? RESULT_FAILED : RESULT_PASSED, seconds, detail.c_str());
        (failures ? failed : passed)++;
    }
    sim_fresh(); // leave the simulator as found
    std::printf("%d passed, %d failed, 0 skipped\n", passed, failed);
    return failed == 0 && passed > 0 ? 0 : 1;
}
