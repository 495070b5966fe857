"""The click helper: the tracking URL of an offer for one player."""

from __future__ import annotations

import pytest

import offerkit


def test_click_url_sets_exactly_the_player() -> None:
    built = offerkit.click_url("https://t.example/click/7?player_id=old&sub=1", "p-1")
    assert built == offerkit.ClickUrl("https://t.example/click/7?sub=1&player_id=p-1", ())
    # Every player_id goes, wherever it was; the id is appended last, the rest keeps its order.
    moved = offerkit.click_url("https://t.example/c?a=1&player_id=x&&b=2&player_id=y#top", "p-1")
    assert moved.url == "https://t.example/c?a=1&b=2&player_id=p-1#top"


def test_click_url_warns_on_conventions_and_refuses_no_player() -> None:
    built = offerkit.click_url("https://t.example/click/7", "Player One")
    assert built.url == "https://t.example/click/7?player_id=Player+One"
    assert built.warnings == (offerkit.PlayerIdConvention.UPPERCASE, offerkit.PlayerIdConvention.SPACE)
    with pytest.raises(offerkit.InvalidArgumentError) as caught:
        offerkit.click_url("https://t.example/click/7", "")
    assert "player_id" in caught.value.fields[0].arguments
