// Tests of the C++17 wrapper (bindings/cpp/offerkit.hpp) against the simulator: RAII handles,
// Result<T> carrying the error kind, std::function completions (thread and poll delivery),
// cancellation, the pager, tokens, helpers and logging. Ends with "N passed, N failed".
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
#include "support.h"

using namespace std::chrono_literals;

namespace {

int failures = 0;

#define EXPECT(cond)                                                                    \
    do {                                                                                \
        if (!(cond)) {                                                                  \
            std::fprintf(stderr, "    EXPECT failed at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
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
        (void)c.list_offers(0, 3).value(); // page without per_page
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

    auto page = c.list_offers(10, 1);
    EXPECT(page && page->size() == 10);
    EXPECT(page->pagination() && page->pagination()->next_page == std::optional<int64_t>(2));
    auto all = c.list_all_offers(20);
    EXPECT(all && all->size() == 50 && !all->pagination());

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
    auto request = c.list_offers_async(0, 0, [&](auto r) { cancelled.set(std::move(r)); });
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
    auto slot = std::make_shared<offerkit::Client *>(nullptr);
    auto reasons = std::make_shared<std::vector<offerkit::TokenReason>>();
    std::string good = token();
    offerkit::ClientOptions o = options();
    o.access_token = std::string("bad-token");
    o.token_needed = [slot, reasons, good](offerkit::TokenReason reason) {
        reasons->push_back(reason);
        (*slot)->set_access_token(good);
    };
    auto c = offerkit::Client::create(o);
    EXPECT(c.ok());
    *slot = &*c;
    auto list = c->offers("demo");
    EXPECT(list.ok());
    EXPECT(reasons->size() == 1 && (*reasons)[0] == offerkit::TokenReason::Rejected);
    EXPECT(c->clear_access_token().ok());

    // Refused inside the callback: the blocking call fails at once, saying why.
    offerkit::ClientOptions r = options();
    r.access_token.reset();
    r.token_wait = 60s;
    auto refused = std::make_shared<offerkit::Client *>(nullptr);
    r.token_needed = [refused](offerkit::TokenReason) {
        (*refused)->fail_token_request("player signed out");
    };
    auto rc = offerkit::Client::create(r);
    EXPECT(rc.ok());
    *refused = &*rc;
    auto started = std::chrono::steady_clock::now();
    auto denied = rc->offers("demo");
    EXPECT(!denied.ok() && denied.kind() == offerkit::ErrorKind::Unauthorized);
    EXPECT(!denied.ok() && denied.error().message().find("player signed out") != std::string::npos);
    EXPECT(std::chrono::steady_clock::now() - started < 30s);
}

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
// in one field entry "config" with core's message.
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
    EXPECT((named == std::vector<std::string>{"deadline", "max_pages", "retry.max_retries", "timeout"}));

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
    auto started = std::chrono::steady_clock::now();
    auto stormed = c.offers("demo");
    EXPECT(std::chrono::steady_clock::now() - started < 2s);
    EXPECT(stormed.kind() == offerkit::ErrorKind::Server);
    EXPECT(!stormed.ok() && stormed.error().retry_after() == std::optional<std::chrono::milliseconds>(30000ms));
    EXPECT(!stormed.ok() && stormed.error().http_status() == 503);
    EXPECT(sim_stat("graphql") == 1);
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
        {"helpers_and_logging", test_helpers_and_logging},
        {"absent_fields_and_skipped_items", test_absent_fields_and_skipped_items},
        {"settings_out_of_bounds_are_named_by_create", test_settings_out_of_bounds_are_named_by_create},
        {"deadline_max_pages_proxy_and_rejected", test_deadline_max_pages_proxy_and_rejected},
        {"misbehaving_service", test_misbehaving_service},
    };
    int passed = 0, failed = 0;
    for (const Test &t : tests) {
        sim_fresh();
        failures = 0;
        t.run();
        std::printf("%s %s\n", failures ? "FAIL" : "ok  ", t.name);
        (failures ? failed : passed)++;
    }
    sim_fresh(); // leave the simulator as found
    std::printf("%d passed, %d failed, 0 skipped\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
