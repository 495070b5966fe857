//! The click: `offerkit_click_url` builds the tracking URL of an offer for one player, so the
//! id sent at click time is exactly the id the reward's postback will carry. Core decides
//! (`offerkit::click_url`): an id the service refuses is refused here, convention breaks come
//! back as the `OFFERKIT_PLAYER_ID_*` flags of `offerkit_player_id_lint`.

use std::ffi::c_char;

use crate::boundary::fallible;
use crate::error::OfferkitError;
use crate::out::{self, Out};
use crate::player_id::convention_flags;
use crate::status::OfferkitStatus;
use crate::strings;

/// The tracking URL of an offer for `player_id`. `click_url` is the offer's `links.click_url`
/// (select `links { click_url }`; `offerkit_offer_list_field_text(list, i, "links.click_url", …)`), with or
/// without a player id: every `player_id` parameter it has is removed and `player_id=<the id>`
/// (form-encoded) is appended at the end of its query; the other parameters keep their order and
/// bytes (empty ones, `&&`, are dropped), and so does the fragment.
///
/// `OFFERKIT_STATUS_INVALID_ARGUMENT` for an empty or over-long (255 characters) player id —
/// a click without a player id lands on the service's 404 page — or a click URL that is not
/// an absolute http(s) URL. On success `*out_url` is an owned string (free with
/// `offerkit_string_free`) and, if `out_warnings` is not NULL, `*out_warnings` the
/// `OFFERKIT_PLAYER_ID_*` conventions the id breaks (0: none). Any thread.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn offerkit_click_url(
    click_url: *const c_char,
    player_id: *const c_char,
    out_url: *mut *mut c_char,
    out_warnings: *mut u32,
    out_error: *mut *mut OfferkitError,
) -> OfferkitStatus {
    fallible!(out_error, || {
        let url = strings::required(click_url, "click_url")?;
        let player = strings::required(player_id, "player_id")?;
        let out = Out::required(out_url, "out_url")?;
        let built = offerkit::click_url(url, player)?;
        out.write(strings::owned(&built.url));
        out::write_optional(out_warnings, || convention_flags(&built.warnings));
        Ok(())
    })
}
