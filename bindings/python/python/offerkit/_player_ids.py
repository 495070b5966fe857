"""Player-id helpers and the click URL: the service's one rule for ids (1 to 255 characters),
the platform conventions it does not check, the stable short id for longer internal
identifiers, and the tracking URL of an offer for one player."""

from __future__ import annotations

from . import _convert
from ._native import offerkit as _ffi
from ._mapped import mapped
from ._records import ClickUrl, PlayerIdConvention

__all__ = ["check_player_id", "lint_player_id", "short_player_id", "click_url"]


def check_player_id(player_id: str) -> None:
    """Checks the rule the service enforces (1 to 255 characters) without a round trip;
    raises `InvalidArgumentError` naming `player_id`, as a query would."""
    with mapped():
        _ffi.check_player_id(player_id)


def lint_player_id(player_id: str) -> list[PlayerIdConvention]:
    """Every convention `player_id` breaks (empty when it follows them all)."""
    return _convert.conventions(_ffi.lint_player_id(player_id))


def short_player_id(internal_id: str) -> str:
    """A stable, valid, convention-following player id for any internal identifier: `"p-"`
    and the first 16 bytes of SHA-256 of its UTF-8 bytes in lowercase hex (34 characters).
    Every offerkit binding gives the same answer."""
    short: str = _ffi.short_player_id(internal_id)
    return short


def click_url(offer_click_url: str, player_id: str) -> ClickUrl:
    """The tracking URL of an offer for `player_id`. `offer_click_url` is the offer's
    `extra["links"]["click_url"]` (select `links { click_url }`), with or without a player id:
    every `player_id` parameter it has is removed and `player_id=<the id>` (form-encoded) is
    appended at the end of its query, the other parameters keeping their order and bytes (empty
    ones, `&&`, are dropped) and the fragment kept, so the id sent at click time
    is exactly the id the reward's postback will carry. Raises `InvalidArgumentError` for an
    empty or over-long id or a click URL that is not an absolute http(s) URL."""
    with mapped():
        return _convert.click_url(_ffi.click_url(offer_click_url, player_id))
