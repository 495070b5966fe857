// offerkit_click.hpp: the click helper of the C++ wrapper (offerkit.hpp), in its own header.
// The reward's postback carries the player id sent at click time, and a click without one
// lands on the service's 404 page, so open offers through offerkit::click_url: it refuses an
// id the service refuses, reports convention breaks, and sets player_id to exactly that id.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "offerkit.hpp"

namespace offerkit {

/// A tracking URL for one player, and the conventions ("uppercase", "period", "space",
/// "other_character") the player's id breaks (empty: none).
struct ClickUrl {
    std::string url;
    std::vector<std::string> warnings;
};

/// The tracking URL of an offer for `player_id`. `offer_click_url` is the offer's
/// `links.click_url` (select `links { click_url }`), with or without a player id: every
/// `player_id` parameter is removed and `player_id=<the id>` appended at the end of its query
/// (the other parameters keep their order and bytes; empty ones are dropped). Error kind
/// `InvalidArgument` for an empty or over-long id, or a URL that is not an absolute http(s) URL.
inline Result<ClickUrl> click_url(std::string_view offer_click_url, std::string_view player_id) {
    std::string url(offer_click_url);
    std::string id(player_id);
    char *out = nullptr;
    uint32_t flags = 0;
    OfferkitError *error = nullptr;
    OfferkitStatus status = offerkit_click_url(url.c_str(), id.c_str(), &out, &flags, &error);
    if (status != OFFERKIT_STATUS_OK) return detail::error_of(status, error);
    return ClickUrl{detail::adopt_string(out).value_or(std::string()),
                    detail::convention_names(flags)};
}

} // namespace offerkit
