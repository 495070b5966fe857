// unreal_offers.cpp: what the Unreal plugin's subsystem does, without the engine: the plugin's
// engine-free bridge (Private/OfferKitBridge.h, from the unzipped plugin) fetches a player's offers
// and the main thread (the "game thread") polls it as the subsystem's tick does.
// bindings/unreal/smoke.sh compiles it with only the plugin's Private/ folder and
// Source/ThirdParty/offerkit/include on the include path, links the plugin's static library
// (lib/Linux or, cross-compiled, lib/LinuxArm64), and runs it against the simulator.
//
//   ./unreal_offers BASE_URL ACCESS_TOKEN PLAYER_ID
//
// Prints "N offers for PLAYER_ID:" then one line per offer; exit status 1 on any error, or if the
// completion ran anywhere but inside poll() on the main thread.
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>

#include "OfferKitBridge.h"

int main(int argc, char **argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: %s BASE_URL ACCESS_TOKEN PLAYER_ID\n", argv[0]);
        return 2;
    }
    offerkit_unreal::Settings settings;
    settings.base_url = argv[1];
    settings.access_token = argv[2];
    settings.deadline_ms = 20000;
    offerkit_unreal::Outcome error;
    std::unique_ptr<offerkit_unreal::Bridge> bridge = offerkit_unreal::Bridge::create(settings, error);
    if (!bridge) {
        std::fprintf(stderr, "create: %s: %s\n", error.kind_name.c_str(), error.message.c_str());
        return 1;
    }
    const std::thread::id game_thread = std::this_thread::get_id();
    bool polling = false, done = false, ok = false, on_game_thread = false;
    offerkit::OffersOptions options;
    options.limit = 5;
    std::string player = argv[3];
    bridge->offers(player, options, [&](offerkit_unreal::OfferList list, offerkit_unreal::Outcome outcome) {
        done = true;
        on_game_thread = polling && std::this_thread::get_id() == game_thread;
        if (!outcome.ok) {
            std::fprintf(stderr, "offers: %s: %s\n", outcome.kind_name.c_str(), outcome.message.c_str());
            return;
        }
        ok = true;
        std::printf("%zu offers for %s:\n", list.offers.size(), player.c_str());
        for (const offerkit_unreal::Offer &offer : list.offers)
            std::printf("  %s  %s\n", offer.id.value_or("?").c_str(), offer.name.value_or("?").c_str());
    });
    while (!done) { // one "frame" every 5 ms; the deadline above bounds the wait
        polling = true;
        bridge->poll();
        polling = false;
        if (!done) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    bridge.reset();
    if (!on_game_thread) std::fprintf(stderr, "the completion did not run inside poll() on the main thread\n");
    return ok && on_game_thread ? 0 : 1;
}
