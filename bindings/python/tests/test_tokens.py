"""The app's token provider: asked when there is no token and once after a 401 (then the
request is retried); an `OfferkitError` it raises keeps its kind; any other failure is
`UnauthorizedError`; and 100 concurrent calls on the library's runtime (at most two threads of
its own)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Iterator

import pytest

import offerkit
from conftest import Sim, client, config


class Provider(offerkit.AccessTokenProvider):
    def __init__(self, answer: Callable[[], str]) -> None:
        self.answer = answer
        self.reasons: list[offerkit.TokenReason] = []

    async def access_token(self, reason: offerkit.TokenReason) -> str:
        self.reasons.append(reason)
        await asyncio.sleep(0)  # a real provider awaits its backend
        return self.answer()


async def test_missing_token_asks_the_provider_once(sim: Sim) -> None:
    provider = Provider(sim.token)
    async with offerkit.OfferClient(config(sim), provider) as c:
        await c.offers("player-1", limit=1)
        await c.offers("player-1", limit=1)
    assert provider.reasons == [offerkit.TokenReason.MISSING]


async def test_401_asks_the_provider_then_the_request_succeeds(sim: Sim) -> None:
    provider = Provider(sim.token)
    c = offerkit.OfferClient(config(sim, access_token="rejected-by-the-service"), provider)
    assert len(await c.offers("player-1", limit=2)) == 2
    assert provider.reasons == [offerkit.TokenReason.REJECTED]
    assert sim.stats()["graphql"] == 2, "the 401, then the retry with the new token"


async def test_an_async_function_is_a_provider(sim: Sim) -> None:
    reasons: list[offerkit.TokenReason] = []

    async def fetch(reason: offerkit.TokenReason) -> str:
        reasons.append(reason)
        return sim.token()

    async with offerkit.OfferClient(config(sim), fetch) as c:
        assert len(await c.offers("player-1", limit=1)) == 1
    assert reasons == [offerkit.TokenReason.MISSING]
    with pytest.raises(TypeError):
        offerkit.OfferClient(config(sim), "not a provider")  # type: ignore[arg-type]


async def test_provider_errors_keep_their_kind_others_are_unauthorized(sim: Sim) -> None:
    def fail() -> str:
        raise ConnectionError("studio backend unreachable")

    with pytest.raises(offerkit.UnauthorizedError) as caught:
        await offerkit.OfferClient(config(sim), Provider(fail)).offers("player-1")
    assert "studio backend unreachable" in str(caught.value)
    assert caught.value.http_status is None

    def refuse() -> str:
        raise offerkit.ForbiddenError("this player is banned")

    with pytest.raises(offerkit.ForbiddenError) as forbidden:
        await offerkit.OfferClient(config(sim), Provider(refuse)).offers("player-1")
    assert str(forbidden.value) == "this player is banned"

    def internal() -> str:
        raise offerkit.InternalError(message="host bug")

    with pytest.raises(offerkit.InternalError):
        await offerkit.OfferClient(config(sim), Provider(internal)).offers("player-1")
    assert sim.stats()["graphql"] == 0


async def test_set_access_token_replaces_the_token(sim: Sim) -> None:
    c = client(sim, access_token="bad")
    with pytest.raises(offerkit.UnauthorizedError):
        await c.offers("player-1")
    c.set_access_token(sim.token())
    assert len(await c.offers("player-1", limit=1)) == 1


async def test_100_concurrent_calls_on_at_most_two_library_threads(sim: Sim) -> None:
    c = client(sim)
    results = await asyncio.gather(*(c.offers(f"player-{i % 7}", limit=2) for i in range(100)))
    assert all(len(r) == 2 for r in results)
    assert sim.stats()["graphql"] == 100
    workers = [name for name in thread_names() if name.startswith("offerkit-worker")]
    assert 1 <= len(workers) <= 2, workers


async def test_a_pinned_event_loop_runs_the_provider(sim: Sim) -> None:
    loops: list[asyncio.AbstractEventLoop] = []

    async def fetch(reason: offerkit.TokenReason) -> str:
        loops.append(asyncio.get_running_loop())
        return sim.token()

    offerkit.set_event_loop(asyncio.get_running_loop())
    try:
        assert len(await offerkit.OfferClient(config(sim), fetch).offers("player-1", limit=1)) == 1
    finally:
        offerkit.set_event_loop(None)
    assert loops == [asyncio.get_running_loop()]


def thread_names() -> Iterator[str]:
    for task in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{task}/comm") as f:
                yield f.read().strip()
        except FileNotFoundError:
            continue  # the thread ended between the listing and the read
