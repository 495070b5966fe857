"""Every query against the simulator: offers (typed fields and extra), the response cache,
links, playerOffers and its pages to the end, the GET listing (all, one page, every page), raw
GraphQL, the player-id helpers, log forwarding, and the client's lifecycle (`async with`,
`aclose()`, calls after it)."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import subprocess
import sys
from datetime import timedelta

import pytest

import offerkit
from conftest import Sim, client


async def test_offers_are_frozen_dataclasses_with_real_fields(sim: Sim) -> None:
    async with client(sim) as c:
        offers = await c.offers("player-1", limit=3)
        assert len(offers) == 3
        for offer in offers:
            assert isinstance(offer, offerkit.Offer)
            assert offer.id is not None and offer.id.isdigit() and offer.name
            assert isinstance(offer.total_payout_usd, float)
            assert offer.creatives is not None
            assert offer.creatives.name and offer.creatives.description is not None
            assert offer.extra == {}
        first = offers[0]
        assert repr(first).startswith(f"Offer(id={first.id!r}, name={first.name!r}, total_payout_usd=")
        as_dict = dataclasses.asdict(first)
        assert as_dict["id"] == first.id and as_dict["extra"] == {}
        creatives = first.creatives
        assert creatives is not None
        assert as_dict["creatives"] == {"name": creatives.name, "description": creatives.description, "extra": {}}
        five: object = 5
        assert (first == five) is False and first != offers[1]
        assert len({*offers, *offers}) == 3, "hashable, equal offers hash alike"
        with pytest.raises(dataclasses.FrozenInstanceError):
            first.name = "changed"  # type: ignore[misc]

        selected = await c.offers("player-1", limit=1, select="campaign_id links { click_url } creatives { icon_url }")
        extra = selected[0].extra
        assert isinstance(extra["campaign_id"], int)
        assert "player-1" in extra["links"]["click_url"]
        assert selected[0].creatives is not None and "icon_url" in selected[0].creatives.extra
        assert sim.stats()["graphql"] == 2


async def test_offers_without_options_and_with_sort(sim: Sim) -> None:
    c = client(sim)
    everything = await c.offers("player-1")
    assert len(everything) > 3
    by_epc = await c.offers("player-1", sort="epc.desc", language="de")
    assert {o.id for o in by_epc} == {o.id for o in everything}


async def test_response_cache_hits_stale_answers_and_invalidation(sim: Sim) -> None:
    c = client(sim, cache_ttl=timedelta(minutes=1))
    first = await c.offers_cached("player-1", limit=2)
    assert not first.from_cache and not first.stale and first.age == timedelta(0)
    second = await c.offers_cached("player-1", limit=2)
    assert second.from_cache and not second.stale
    assert second.offers == first.offers
    assert sim.stats()["graphql"] == 1
    c.invalidate("player-1")
    assert not (await c.offers_cached("player-1", limit=2)).from_cache

    bridging = client(sim, cache_ttl=0, max_retries=0)
    await bridging.offers("player-1", limit=2)
    sim.fault(kind="status", status=503, times=1)
    stale = await bridging.offers_cached("player-1", limit=2)
    assert stale.from_cache and stale.stale and len(stale.offers) == 2
    with pytest.raises(offerkit.InvalidArgumentError):
        client(sim, cache_ttl=-1)


async def test_links_are_a_dict(sim: Sim) -> None:
    links = await client(sim).links("player-1")
    assert set(links) == {"support_portal"}
    assert "player_id=player-1" in links["support_portal"]
    both = await client(sim).links("player-1", select="offerwall")
    assert set(both) == {"support_portal", "offerwall"}


async def test_player_offers_page_and_every_page_to_the_end(sim: Sim) -> None:
    c = client(sim)
    whole = await c.player_offers("pager-player", limit=100)
    assert whole.next_cursor is None
    assert len(whole.items) >= 3
    assert {i.status for i in whole.items} <= {"in_progress", "completed"}

    pages = c.player_offers_pages("pager-player", limit=2)
    seen: list[str | None] = []
    count = 0
    async for page in pages:
        count += 1
        seen.extend(item.id for item in page.items)
    assert seen == [i.id for i in whole.items]
    assert count == (len(seen) + 1) // 2
    assert [p async for p in pages] == [], "stays at the end"

    items = [item async for item in c.player_offers_pages("pager-player", limit=2).items()]
    assert items == list(whole.items)


async def test_pages_close_early(sim: Sim) -> None:
    c = client(sim)
    async with c.player_offers_pages("pager-player", limit=1) as pages:
        async for _ in pages:
            break
    assert [p async for p in pages] == [], "closed: no further page"
    assert sim.stats()["graphql"] == 1


async def test_listing_all_one_page_and_every_page(sim: Sim) -> None:
    c = client(sim)
    everything = await c.list_offers()
    assert everything.pagination is None
    assert len(everything.offers) == 50

    page = await c.list_offers(per_page=20, page=2)
    assert page.pagination == offerkit.Pagination(current_page=2, per_page=20, has_more_pages=True, next_page=3)
    assert [o.id for o in page.offers] == [o.id for o in everything.offers[20:40]]

    ids = [offer.id async for offer in c.listing_pages(20).items()]
    assert ids == [o.id for o in everything.offers]


async def test_raw_graphql_takes_and_returns_python_values(sim: Sim) -> None:
    data = await client(sim).graphql(
        "query($p: String!) { offers(player_id: $p, limit: 2) { id name } }",
        {"p": "player-1"},
    )
    assert len(data["offers"]) == 2
    assert set(data["offers"][0]) == {"id", "name"}


def test_player_id_helpers() -> None:
    assert offerkit.short_player_id("") == "p-e3b0c44298fc1c149afbf4c8996fb924"
    assert offerkit.lint_player_id("player_1-a") == []
    assert offerkit.lint_player_id("Player.One") == [
        offerkit.PlayerIdConvention.UPPERCASE,
        offerkit.PlayerIdConvention.PERIOD,
    ]
    offerkit.check_player_id("x" * 255)
    with pytest.raises(offerkit.InvalidArgumentError) as caught:
        offerkit.check_player_id("x" * 256)
    assert caught.value.fields[0].arguments["player_id"] == (
        "The player id field must not be greater than 255 characters.",
    )
    assert offerkit.__version__ == "1.1.0"


async def test_logger_receives_offerkit_records(sim: Sim) -> None:
    records: list[tuple[offerkit.LogLevel, str, str]] = []

    class Collect:
        def log(self, level: offerkit.LogLevel, target: str, message: str) -> None:
            records.append((level, target, message))

    offerkit.set_logger(Collect(), offerkit.LogLevel.DEBUG)
    try:
        await client(sim).offers("player-1", limit=1)
    finally:
        offerkit.set_logger(None)
    requests = [r for r in records if "offer service request" in r[2]]
    assert requests, records
    level, target, message = requests[0]
    assert level is offerkit.LogLevel.DEBUG
    assert target == "offerkit.transport", "the source as the docs name it"
    assert "status=200" in message and "method=POST" in message
    count = len(records)
    await client(sim).offers("player-1", limit=1)
    assert len(records) == count, "nothing forwarded after set_logger(None)"


async def test_a_logging_logger_gets_records_on_its_children(sim: Sim, caplog: pytest.LogCaptureFixture) -> None:
    offerkit.set_logger(logging.getLogger("offerkit"), offerkit.LogLevel.DEBUG)
    try:
        with caplog.at_level(logging.DEBUG, logger="offerkit"):
            await client(sim).offers("player-1", limit=1)
    finally:
        offerkit.set_logger(None)
    requests = [r for r in caplog.records if "offer service request" in r.getMessage()]
    assert requests, caplog.records
    assert requests[0].levelno == logging.DEBUG
    assert requests[0].name.startswith("offerkit.") and "::" not in requests[0].name


async def test_async_with_closes_and_later_calls_raise_client_closed(sim: Sim) -> None:
    async with client(sim) as c:
        assert len(await c.offers("player-1", limit=1)) == 1
    assert c.closed
    with pytest.raises(offerkit.ClientClosedError) as caught:
        await c.offers("player-1", limit=1)
    assert isinstance(caught.value, offerkit.CancelledError)
    assert caught.value.kind is offerkit.ErrorKind.CANCELLED
    with pytest.raises(offerkit.ClientClosedError):
        c.set_access_token(None)
    await c.aclose()  # idempotent


async def test_aclose_cancels_calls_in_flight_and_pages_stop(sim: Sim) -> None:
    c = client(sim)
    pages = c.player_offers_pages("pager-player", limit=1)
    sim.fault(kind="latency", ms=30000)
    call = asyncio.ensure_future(c.offers("player-1", limit=1))
    await sim.eventually("request in flight", lambda s: s["in_flight"] == 1)
    await c.aclose()
    with pytest.raises(offerkit.CancelledError):
        await call
    await sim.eventually("server saw the hang-up", lambda s: s["aborted"] == 1)
    with pytest.raises(offerkit.ClientClosedError):
        await anext(pages)


def test_exit_with_a_logger_set_is_clean(sim: Sim) -> None:
    """CPython ends a foreign thread that calls into it while finalizing; the module unsets the
    logger at exit so no worker thread does (else: "FATAL: exception not rethrown", abort)."""
    script = f"""
import asyncio, offerkit
class Quiet:
    def log(self, level, target, message): pass
offerkit.set_logger(Quiet(), offerkit.LogLevel.TRACE)
async def main():
    async with offerkit.OfferClient(offerkit.ClientConfig({sim.base_url!r}, access_token={sim.token()!r})) as c:
        await asyncio.gather(*(c.offers("p") for _ in range(20)))
asyncio.run(main())
"""
    for _ in range(5):
        run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
        assert run.returncode == 0 and "FATAL" not in run.stderr, run.stderr
