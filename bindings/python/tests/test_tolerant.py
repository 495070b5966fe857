"""What the service sends that the spec does not promise: malformed items skipped with index,
id and reason (the simulator's bad_fields mode), typed fields absent (None) under a replaced
selection, the replaced playerOffers selection, links' select and selection, and odd extra
fields (odd_extra) kept exactly as sent, as Python values."""

from __future__ import annotations

import json
import sys

import pytest

import offerkit
from conftest import Sim, client

# The members odd_extra appends to every item, as the simulator's README writes them.
ODD_EXTRA = (
    '"x_deep":' + "[" * 1000 + "]" * 1000
    + ',"x_huge":1e400,"x_bigint":123456789012345678901234567890,"":"empty key",'
    + '"a.b":"dotted key","x_nul":"a\\u0000b","x_unicode_é":"ü"'
)

# bad_fields breaks position i when i % 4 == 1, by (i // 4) % 4.
BROKEN = [1, 5, 9, 13, 17]
BREAKAGE = ["name", "total_payout_usd", "creatives", "description", "name"]


async def test_skipped_offers_carry_index_id_and_reason(sim: Sim) -> None:
    c = client(sim)
    clean = await c.offers("player-1", limit=20)
    assert len(clean) == 20
    sim.mess(bad_fields=True)
    messy = await c.offers_cached("player-1", limit=20)
    assert [s.index for s in messy.skipped] == BROKEN
    assert [s.id for s in messy.skipped] == [clean[i].id for i in BROKEN]
    for item, word in zip(messy.skipped, BREAKAGE):
        assert isinstance(item, offerkit.SkippedItem)
        assert word in item.reason, (item.index, item.reason)
    assert [o.id for o in messy.offers] == [o.id for i, o in enumerate(clean) if i not in BROKEN]
    assert len(await c.offers("player-1", limit=20)) == 15


async def test_skipped_player_offer_and_a_field_of_another_type(sim: Sim) -> None:
    c = client(sim)
    clean = await c.player_offers("pager-player", limit=100)
    sim.mess(bad_fields=True)
    page = await c.player_offers("pager-player", limit=100)
    # Item 1 is null: skipped, without an id. Item 2 has "status": 5: kept, status None.
    assert [(s.index, s.id) for s in page.skipped] == [(1, None)]
    assert page.skipped[0].reason
    assert len(page.items) == len(clean.items) - 1
    kept = page.items[1]
    assert kept.id == clean.items[2].id
    assert kept.status is None
    assert kept.extra["status"] == 5


async def test_listing_requires_nothing_broken_fields_are_none(sim: Sim) -> None:
    sim.mess(bad_fields=True)
    page = await client(sim).list_offers(per_page=20)
    assert page.skipped == () and len(page.offers) == 20
    offers = page.offers
    assert offers[1].name is None and offers[1].extra["name"] is None
    assert offers[5].total_payout_usd is None
    assert offers[5].extra["total_payout_usd"] == "lots"
    assert offers[9].creatives is None
    creatives = offers[13].creatives
    assert creatives is not None and creatives.description is None
    assert creatives.extra["description"] == 12
    first = offers[0].creatives
    assert offers[0].name and first is not None and first.description is not None


async def test_a_replaced_selection_leaves_typed_fields_none(sim: Sim) -> None:
    c = client(sim)
    full = await c.offers("player-1", limit=3)
    narrow = await c.offers("player-1", limit=3, selection="id name")
    assert [(o.id, o.name) for o in narrow] == [(o.id, o.name) for o in full]
    for offer in narrow:
        assert offer.total_payout_usd is None and offer.creatives is None
        assert offer.extra == {}
    for offer in await c.offers("player-1", limit=3, selection="id", select="campaign_id"):
        assert offer.id is not None and offer.name is None
        assert isinstance(offer.extra["campaign_id"], int)

    # Only the typed fields the selection names are required.
    sim.mess(bad_fields=True)
    payout_only = await c.offers_cached("player-1", limit=20, selection="id total_payout_usd")
    assert [s.index for s in payout_only.skipped] == [5]
    assert len(payout_only.offers) == 19


async def test_player_offers_with_a_replaced_selection(sim: Sim) -> None:
    c = client(sim)
    selection = "offers: items { id } next_cursor"
    default = await c.player_offers("pager-player", limit=2)
    page = await c.player_offers("pager-player", limit=2, selection=selection)
    assert [i.id for i in page.items] == [i.id for i in default.items]
    for item in page.items:
        assert item.id is not None and item.name is None and item.status is None
        assert item.extra == {}
    assert page.next_cursor is not None and page.extra == {}

    everything = await c.player_offers("pager-player", limit=100)
    walked = [i.id async for i in c.player_offers_pages("pager-player", limit=2, selection=selection).items()]
    assert walked == [i.id for i in everything.items]
    with pytest.raises(offerkit.InvalidArgumentError):
        await c.player_offers("pager-player", selection=selection, select="name")


async def test_links_select_adds_selection_replaces(sim: Sim) -> None:
    c = client(sim)
    assert set(await c.links("player-1")) == {"support_portal"}
    assert set(await c.links("player-1", select="offerwall")) == {"support_portal", "offerwall"}
    replaced = await c.links("player-1", selection="offerwall")
    assert set(replaced) == {"offerwall"} and "player_id=player-1" in replaced["offerwall"]


async def test_odd_extra_fields_arrive_exactly_as_python_values(sim: Sim) -> None:
    sim.mess(odd_extra=True)
    c = client(sim)
    limit = sys.getrecursionlimit()
    offers = await c.offers("player-1", limit=2)
    assert sys.getrecursionlimit() == limit, "the recursion limit is not touched"
    assert len(offers) == 2
    # What Python's json makes of the same text, read with room for the 1000-deep value.
    sys.setrecursionlimit(5000)
    try:
        expected = json.loads("{" + ODD_EXTRA + "}")
    finally:
        sys.setrecursionlimit(limit)
    for offer in offers:
        assert offer.id and offer.name and offer.total_payout_usd is not None
        extra = offer.extra
        # (`==` on the 1000-deep value itself would need the raised recursion limit too.)
        assert {k: v for k, v in extra.items() if k != "x_deep"} == {
            k: v for k, v in expected.items() if k != "x_deep"
        }
        assert list(extra) == ["x_deep", "x_huge", "x_bigint", "", "a.b", "x_nul", "x_unicode_é"]
        depth, value = 0, extra["x_deep"]
        while value:
            depth, value = depth + 1, value[0]
        assert depth == 999 and value == []  # 1000 arrays: 999 levels holding one more, then []
        assert extra["x_huge"] == float("inf")
        assert extra["x_bigint"] == 123456789012345678901234567890
        assert extra[""] == "empty key" and extra["a.b"] == "dotted key"
        assert extra["x_nul"] == "a\x00b" and extra["x_unicode_é"] == "ü"
    page = await c.player_offers("pager-player", limit=3)
    assert page.items
    for item in page.items:
        assert list(item.extra)[-7:] == list(expected)


async def test_graphql_hands_back_odd_values_as_the_service_sent_them(sim: Sim) -> None:
    sim.mess(odd_extra=True)
    limit = sys.getrecursionlimit()
    data = await client(sim).graphql('{ offers(player_id: "player-1", limit: 1) { id } }')
    assert sys.getrecursionlimit() == limit, "the recursion limit is not touched"
    offer = data["offers"][0]
    assert list(offer) == ["id", "x_deep", "x_huge", "x_bigint", "", "a.b", "x_nul", "x_unicode_é"]
    assert offer["x_bigint"] == 123456789012345678901234567890, "an integer stays exact"
    assert isinstance(offer["x_bigint"], int)
    depth, value = 0, offer["x_deep"]
    while value:
        depth, value = depth + 1, value[0]
    assert depth == 999 and value == [], "1000 arrays deep, read whole"
    assert offer["x_huge"] == float("inf"), "a number with an exponent is a float, as json.loads reads it"
