"""The host's AccessTokenProvider, implemented in Python: asked when there is no token and
once after a 401 (then the request is retried), its exceptions become typed errors; and 100
concurrent calls on the library's runtime (at most two threads of its own)."""

import asyncio
import os

import pytest

import offerkit
from offerkit import OfferError, TokenReason
from conftest import client, config


class Provider(offerkit.AccessTokenProvider):
    def __init__(self, answer):
        self.answer = answer
        self.reasons = []

    async def access_token(self, reason):
        self.reasons.append(reason)
        await asyncio.sleep(0)  # a real provider awaits its backend
        return self.answer()


async def test_missing_token_asks_the_provider_once(sim):
    provider = Provider(sim.token)
    c = offerkit.OfferClient(config(sim), provider)
    await c.offers("player-1", offerkit.OffersOptions(limit=1))
    await c.offers("player-1", offerkit.OffersOptions(limit=1))
    assert provider.reasons == [TokenReason.MISSING]


async def test_401_asks_the_provider_then_the_request_succeeds(sim):
    provider = Provider(sim.token)
    c = offerkit.OfferClient(config(sim, access_token="rejected-by-the-service"), provider)
    offers = await c.offers("player-1", offerkit.OffersOptions(limit=2))
    assert len(offers) == 2
    assert provider.reasons == [TokenReason.REJECTED]
    assert sim.stats()["graphql"] == 2, "the 401, then the retry with the new token"


async def test_provider_exceptions_become_typed_errors(sim):
    def fail():
        raise ConnectionError("studio backend unreachable")

    c = offerkit.OfferClient(config(sim), Provider(fail))
    with pytest.raises(OfferError.Unauthorized) as caught:
        await c.offers("player-1")
    assert "studio backend unreachable" in str(caught.value)
    assert caught.value.http_status is None

    def refuse():
        raise OfferError.Forbidden("this player is banned", None)

    c = offerkit.OfferClient(config(sim), Provider(refuse))
    with pytest.raises(OfferError.Forbidden) as caught:
        await c.offers("player-1")
    assert str(caught.value) == "this player is banned"

    def internal():
        raise OfferError.Internal("host bug")

    c = offerkit.OfferClient(config(sim), Provider(internal))
    with pytest.raises(OfferError.Internal):
        await c.offers("player-1")
    assert sim.stats()["graphql"] == 0


async def test_set_access_token_replaces_the_token(sim):
    c = client(sim, access_token="bad")
    with pytest.raises(OfferError.Unauthorized):
        await c.offers("player-1")
    c.set_access_token(sim.token())
    assert len(await c.offers("player-1", offerkit.OffersOptions(limit=1))) == 1


async def test_100_concurrent_calls_on_at_most_two_library_threads(sim):
    c = client(sim)
    results = await asyncio.gather(
        *(c.offers(f"player-{i % 7}", offerkit.OffersOptions(limit=2)) for i in range(100))
    )
    assert all(len(r) == 2 for r in results)
    assert sim.stats()["graphql"] == 100
    workers = [name for name in thread_names() if name.startswith("offerkit-worker")]
    assert 1 <= len(workers) <= 2, workers


def thread_names():
    for task in os.listdir("/proc/self/task"):
        with open(f"/proc/self/task/{task}/comm") as f:
            yield f.read().strip()
