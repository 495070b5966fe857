// print_offers.cpp: the same as print_offers.c, with the C++17 wrapper (offerkit.hpp).
#include <cstdio>
#include <cstdlib>

#include "offerkit.hpp"

namespace {

int print_offers(int argc, char **argv) {
    offerkit::ClientOptions options;
    options.base_url = argv[1];
    if (const char *token = std::getenv("OFFERKIT_ACCESS_TOKEN")) options.access_token = token;
    auto client = offerkit::Client::create(options);
    if (!client) {
        std::fprintf(stderr, "%s: %s\n", client.error().kind_name().data(), client.error().message().c_str());
        return 1;
    }
    offerkit::OffersOptions query;
    query.limit = 10;
    auto offers = client->offers(argc > 2 ? argv[2] : "demo", query);
    if (!offers) {
        std::fprintf(stderr, "%s: %s\n", offers.error().kind_name().data(), offers.error().message().c_str());
        return 1;
    }
    for (offerkit::OfferView offer : *offers) {
        // A field the service left out is std::nullopt: print a dash instead.
        std::string_view id = offer.id.value_or("-"), name = offer.name.value_or("-");
        std::printf("  %.*s  %.*s  ", static_cast<int>(id.size()), id.data(),
                    static_cast<int>(name.size()), name.data());
        if (offer.total_payout_usd)
            std::printf("$%.2f\n", *offer.total_payout_usd);
        else
            std::printf("$?\n");
    }
    for (const offerkit::SkippedItem &bad : offers->skipped())
        std::fprintf(stderr, "skipped item %zu: %.*s\n", bad.index, static_cast<int>(bad.reason.size()),
                     bad.reason.data());
    return 0;
}

} // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s BASE_URL [PLAYER_ID]\n", argv[0]);
        return 2;
    }
    int status = print_offers(argc, argv); // the client is gone when it returns
    // Stops the library's threads before exit (it refuses while a client lives).
    auto stopped = offerkit::shutdown();
    if (!stopped) {
        std::fprintf(stderr, "%s: %s\n", stopped.error().kind_name().data(), stopped.error().message().c_str());
        return 1;
    }
    return status;
}
