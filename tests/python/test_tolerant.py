"""What the service sends that the spec does not promise, through the Python bindings: malformed
items skipped with index, id and reason (the simulator's bad_fields mode), typed fields absent
(None) under a replaced selection, the replaced playerOffers selection, links' select and
selection, and odd extra fields (odd_extra) kept exactly as sent."""

import json
import sys

import pytest

import offerkit
from conftest import client

# The members odd_extra appends to every item, as the simulator's README writes them.
ODD_EXTRA = (
    '"x_deep":' + "[" * 1000 + "]" * 1000
    + ',"x_huge":1e400,"x_bigint":123456789012345678901234567890,"":"empty key",'
    + '"a.b":"dotted key","x_nul":"a\\u0000b","x_unicode_é":"ü"'
)

# bad_fields breaks position i when i % 4 == 1, by (i // 4) % 4.
BROKEN = [1, 5, 9, 13, 17]
BREAKAGE = ["name", "total_payout_usd", "creatives", "description", "name"]


async def test_skipped_offers_carry_index_id_and_reason(sim):
    c = client(sim)
    clean = await c.offers("player-1", offerkit.OffersOptions(limit=20))
    assert len(clean) == 20
    sim.mess(bad_fields=True)
    messy = await c.offers_cached("player-1", offerkit.OffersOptions(limit=20))
    assert [s.index for s in messy.skipped] == BROKEN
    assert [s.id for s in messy.skipped] == [clean[i].id for i in BROKEN]
    for item, word in zip(messy.skipped, BREAKAGE):
        assert isinstance(item, offerkit.SkippedItem)
        assert word in item.reason, (item.index, item.reason)
    assert [o.id for o in messy.offers] == [o.id for i, o in enumerate(clean) if i not in BROKEN]
    assert len(await c.offers("player-1", offerkit.OffersOptions(limit=20))) == 15


async def test_skipped_player_offer_and_a_field_of_another_type(sim):
    c = client(sim)
    clean = await c.player_offers("pager-player", offerkit.PlayerOffersOptions(limit=100))
    sim.mess(bad_fields=True)
    page = await c.player_offers("pager-player", offerkit.PlayerOffersOptions(limit=100))
    # Item 1 is null: skipped, without an id. Item 2 has "status": 5: kept, status None.
    assert [(s.index, s.id) for s in page.skipped] == [(1, None)]
    assert page.skipped[0].reason
    assert len(page.items) == len(clean.items) - 1
    kept = page.items[1]
    assert kept.id == clean.items[2].id
    assert kept.status is None
    assert json.loads(kept.extra_json)["status"] == 5


async def test_listing_requires_nothing_broken_fields_are_none(sim):
    sim.mess(bad_fields=True)
    page = await client(sim).list_offers(offerkit.ListingOptions(per_page=20))
    assert page.skipped == [] and len(page.offers) == 20
    offers = page.offers
    assert offers[1].name is None and json.loads(offers[1].extra_json)["name"] is None
    assert offers[5].total_payout_usd is None
    assert json.loads(offers[5].extra_json)["total_payout_usd"] == "lots"
    assert offers[9].creatives is None
    assert offers[13].creatives.description is None
    assert json.loads(offers[13].creatives.extra_json)["description"] == 12
    assert offers[0].name and offers[0].creatives.description is not None


async def test_a_replaced_selection_leaves_typed_fields_none(sim):
    c = client(sim)
    full = await c.offers("player-1", offerkit.OffersOptions(limit=3))
    narrow = await c.offers("player-1", offerkit.OffersOptions(limit=3, selection="id name"))
    assert [(o.id, o.name) for o in narrow] == [(o.id, o.name) for o in full]
    for offer in narrow:
        assert offer.total_payout_usd is None and offer.creatives is None
        assert offer.extra_json == "{}"
    added = await c.offers("player-1", offerkit.OffersOptions(limit=3, selection="id", select="campaign_id"))
    for offer in added:
        assert offer.id is not None and offer.name is None
        assert isinstance(json.loads(offer.extra_json)["campaign_id"], int)

    # Only the typed fields the selection names are required.
    sim.mess(bad_fields=True)
    payout_only = await c.offers_cached(
        "player-1", offerkit.OffersOptions(limit=20, selection="id total_payout_usd")
    )
    assert [s.index for s in payout_only.skipped] == [5]
    assert len(payout_only.offers) == 19


async def test_player_offers_with_a_replaced_selection(sim):
    c = client(sim)
    selection = "offers: items { id } next_cursor"
    default = await c.player_offers("pager-player", offerkit.PlayerOffersOptions(limit=2))
    page = await c.player_offers("pager-player", offerkit.PlayerOffersOptions(limit=2, selection=selection))
    assert [i.id for i in page.items] == [i.id for i in default.items]
    for item in page.items:
        assert item.id is not None and item.name is None and item.status is None
        assert item.extra_json == "{}"
    assert page.next_cursor is not None and page.extra_json == "{}"

    everything = await c.player_offers("pager-player", offerkit.PlayerOffersOptions(limit=100))
    pager = c.player_offers_pager("pager-player", offerkit.PlayerOffersOptions(limit=2, selection=selection))
    walked = []
    while (p := await pager.next_page()) is not None:
        walked.extend(i.id for i in p.items)
    assert walked == [i.id for i in everything.items]
    with pytest.raises(offerkit.OfferError.InvalidArgument):
        await c.player_offers("pager-player", offerkit.PlayerOffersOptions(selection=selection, select="name"))


async def test_links_select_adds_selection_replaces(sim):
    c = client(sim)
    assert set(json.loads(await c.links("player-1"))) == {"support_portal"}
    assert set(json.loads(await c.links("player-1", select="offerwall"))) == {"support_portal", "offerwall"}
    replaced = json.loads(await c.links("player-1", selection="offerwall"))
    assert set(replaced) == {"offerwall"} and "player_id=player-1" in replaced["offerwall"]


async def test_odd_extra_fields_are_kept_exactly_and_parse(sim):
    sim.mess(odd_extra=True)
    c = client(sim)
    offers = await c.offers("player-1", offerkit.OffersOptions(limit=2))
    assert len(offers) == 2
    for offer in offers:
        assert offer.id and offer.name and offer.total_payout_usd is not None
        assert offer.extra_json == "{" + ODD_EXTRA + "}"
    page = await c.player_offers("pager-player", offerkit.PlayerOffersOptions(limit=3))
    assert page.items and all(i.extra_json.endswith("," + ODD_EXTRA + "}") for i in page.items)

    # Python's json needs a recursion limit above its default 1000 for the 1000-deep value.
    with pytest.raises(RecursionError):
        json.loads(offers[0].extra_json)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(5000)
    try:
        extra = json.loads(offers[0].extra_json)
    finally:
        sys.setrecursionlimit(limit)
    assert list(extra) == ["x_deep", "x_huge", "x_bigint", "", "a.b", "x_nul", "x_unicode_é"]
    depth, value = 0, extra["x_deep"]
    while value:
        depth, value = depth + 1, value[0]
    assert depth == 999 and value == []  # 1000 arrays: 999 levels holding one more, then []
    assert extra["x_huge"] == float("inf")
    assert extra["x_bigint"] == 123456789012345678901234567890
    assert extra[""] == "empty key" and extra["a.b"] == "dotted key"
    assert extra["x_nul"] == "a\x00b" and extra["x_unicode_é"] == "ü"
