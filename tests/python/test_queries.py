"""Every query of the Python bindings against the simulator: offers (typed fields and extra),
links, playerOffers and its pager to the end, the GET listing (all and paged) and raw GraphQL."""

import json

import pytest

import offerkit
from conftest import client


async def test_offers_have_typed_fields_and_extra_json(sim):
    c = client(sim)
    offers = await c.offers("player-1", offerkit.OffersOptions(limit=3))
    assert len(offers) == 3
    for offer in offers:
        assert isinstance(offer, offerkit.Offer)
        assert offer.id.isdigit() and offer.name
        assert isinstance(offer.total_payout_usd, float)
        assert offer.creatives.name and offer.creatives.description is not None
        assert json.loads(offer.extra_json) == {}

    selected = await c.offers(
        "player-1",
        offerkit.OffersOptions(limit=1, select="campaign_id links { click_url } creatives { icon_url }"),
    )
    extra = json.loads(selected[0].extra_json)
    assert isinstance(extra["campaign_id"], int)
    assert "player-1" in extra["links"]["click_url"]
    assert "icon_url" in json.loads(selected[0].creatives.extra_json)
    assert sim.stats()["graphql"] == 2


async def test_offers_without_options_and_with_sort(sim):
    c = client(sim)
    everything = await c.offers("player-1")
    assert len(everything) > 3
    by_epc = await c.offers("player-1", offerkit.OffersOptions(sort="epc.desc", language="de"))
    assert {o.id for o in by_epc} == {o.id for o in everything}


async def test_response_cache_hits_stale_answers_and_invalidation(sim):
    c = client(sim, cache_ttl_ms=60_000)
    first = await c.offers_cached("player-1", offerkit.OffersOptions(limit=2))
    assert not first.from_cache and not first.stale and first.age_ms == 0
    second = await c.offers_cached("player-1", offerkit.OffersOptions(limit=2))
    assert second.from_cache and not second.stale
    assert second.offers == first.offers
    assert sim.stats()["graphql"] == 1
    c.invalidate("player-1")
    assert not (await c.offers_cached("player-1", offerkit.OffersOptions(limit=2))).from_cache

    bridging = client(sim, cache_ttl_ms=0, max_retries=0)
    await bridging.offers("player-1", offerkit.OffersOptions(limit=2))
    sim.fault(kind="status", status=503, times=1)
    stale = await bridging.offers_cached("player-1", offerkit.OffersOptions(limit=2))
    assert stale.from_cache and stale.stale and len(stale.offers) == 2
    with pytest.raises(offerkit.OfferError.InvalidArgument):
        client(sim, cache_ttl_ms=-1)


async def test_links_are_the_services_json_object(sim):
    links = json.loads(await client(sim).links("player-1"))
    assert "player_id=player-1" in links["support_portal"]
    both = json.loads(await client(sim).links("player-1", "support_portal offerwall"))
    assert set(both) == {"support_portal", "offerwall"}


async def test_player_offers_page_and_pager_to_the_end(sim):
    c = client(sim)
    whole = await c.player_offers("pager-player", offerkit.PlayerOffersOptions(limit=100))
    assert whole.next_cursor is None
    assert len(whole.items) >= 3
    assert {i.status for i in whole.items} <= {"in_progress", "completed"}

    pager = c.player_offers_pager("pager-player", offerkit.PlayerOffersOptions(limit=2))
    seen, pages = [], 0
    while (page := await pager.next_page()) is not None:
        pages += 1
        seen.extend(item.id for item in page.items)
    assert seen == [i.id for i in whole.items]
    assert pages == (len(seen) + 1) // 2
    assert await pager.next_page() is None, "stays at the end"


async def test_listing_all_one_page_and_pager(sim):
    c = client(sim)
    everything = await c.list_offers()
    assert everything.pagination is None
    assert len(everything.offers) == 50

    page = await c.list_offers(offerkit.ListingOptions(per_page=20, page=2))
    assert page.pagination == offerkit.Pagination(current_page=2, per_page=20, has_more_pages=True, next_page=3)
    assert [o.id for o in page.offers] == [o.id for o in everything.offers[20:40]]

    pager = c.listing_pager(20)
    ids = []
    while (p := await pager.next_page()) is not None:
        ids.extend(o.id for o in p.offers)
    assert ids == [o.id for o in everything.offers]


async def test_raw_graphql_returns_data_json(sim):
    data = json.loads(
        await client(sim).graphql(
            "query($p: String!) { offers(player_id: $p, limit: 2) { id name } }",
            json.dumps({"p": "player-1"}),
        )
    )
    assert len(data["offers"]) == 2
    assert set(data["offers"][0]) == {"id", "name"}


def test_player_id_helpers():
    assert offerkit.short_player_id("") == "p-e3b0c44298fc1c149afbf4c8996fb924"
    assert offerkit.lint_player_id("player_1-a") == []
    assert offerkit.lint_player_id("Player.One") == [
        offerkit.PlayerIdConvention.UPPERCASE,
        offerkit.PlayerIdConvention.PERIOD,
    ]
    offerkit.check_player_id("x" * 255)
    try:
        offerkit.check_player_id("x" * 256)
    except offerkit.OfferError.InvalidArgument as e:
        assert e.fields[0].arguments["player_id"] == [
            "The player id field must not be greater than 255 characters."
        ]
    else:
        raise AssertionError("256 characters must fail")
    assert offerkit.version() == "0.1.0"


async def test_logger_receives_offerkit_records(sim):
    records = []

    class Collect(offerkit.Logger):
        def log(self, level, target, message):
            records.append((level, target, message))

    offerkit.set_logger(Collect(), offerkit.LogLevel.DEBUG)
    try:
        await client(sim).offers("player-1", offerkit.OffersOptions(limit=1))
    finally:
        offerkit.set_logger(None, offerkit.LogLevel.INFO)
    requests = [r for r in records if "offer service request" in r[2]]
    assert requests, records
    level, target, message = requests[0]
    assert level == offerkit.LogLevel.DEBUG
    assert target.startswith("offerkit")
    assert "status=200" in message and "method=POST" in message
    count = len(records)
    await client(sim).offers("player-1", offerkit.OffersOptions(limit=1))
    assert len(records) == count, "nothing forwarded after set_logger(None)"


def test_exit_with_a_logger_set_is_clean(sim):
    """CPython ends a foreign thread that calls into it while finalizing; the module unsets the
    logger at exit so no worker thread does (else: "FATAL: exception not rethrown", abort)."""
    import subprocess
    import sys

    script = f"""
import asyncio, offerkit
class Quiet(offerkit.Logger):
    def log(self, level, target, message): pass
offerkit.set_logger(Quiet(), offerkit.LogLevel.TRACE)
async def main():
    c = offerkit.OfferClient(offerkit.ClientConfig(base_url={sim.base_url!r}, access_token={sim.token()!r}))
    await asyncio.gather(*(c.offers("p") for _ in range(20)))
asyncio.run(main())
"""
    for _ in range(5):
        run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
        assert run.returncode == 0 and "FATAL" not in run.stderr, run.stderr
