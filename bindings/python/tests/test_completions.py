"""`offers`, `links` and `graphql` through the event loop's completion socket (offerkit/_completions.py):
used on this platform, the same answers and errors as the generated coroutines, cancellation
that aborts the request, many calls at once, and nothing left open when the loop ends."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine, Iterator

import pytest
import uvloop

import offerkit
from offerkit import _completions
from conftest import LOOP, Sim, client

# The loops a user's program may run the package on (where the loop can watch a descriptor).
LOOPS: dict[str, Callable[[], asyncio.AbstractEventLoop]] = {
    "asyncio": asyncio.new_event_loop,
    "uvloop": uvloop.new_event_loop,
}


@pytest.fixture
def watching() -> Iterator[None]:
    """The completion socket on, whatever the run's setting (the release run turns it off)."""
    before = _completions.enabled
    _completions.enabled = True
    yield
    _completions.enabled = before


def open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


async def test_the_loop_watches_a_completion_socket_here(sim: Sim, watching: None) -> None:
    watcher = _completions.watcher()
    assert watcher is not None, "a selector loop on Linux can watch a descriptor"
    assert _completions.watcher() is watcher, "one per loop"
    c = client(sim)
    assert len(await c.offers("player-1", limit=2)) == 2
    assert sim.stats()["graphql"] == 1
    assert watcher._queue.pending() == 0, "the finished call was collected"


async def test_answers_equal_the_generated_coroutines(sim: Sim, watching: None) -> None:
    c = client(sim)
    query = 'query($p: String!) { offers(player_id: $p, limit: 3) { id name } }'
    fast = await c.offers("player-7", limit=5, select="links { click_url }")
    fast_links = await c.links("player-7", select="offerwall")
    fast_data = await c.graphql(query, {"p": "player-7"})
    _completions.enabled = False
    slow = await c.offers("player-7", limit=5, select="links { click_url }")
    slow_links = await c.links("player-7", select="offerwall")
    slow_data = await c.graphql(query, {"p": "player-7"})
    assert len(fast) == 5 and fast == slow
    assert fast_links == slow_links and set(fast_links) == {"support_portal", "offerwall"}
    assert fast_data == slow_data and len(fast_data["offers"]) == 3


async def test_errors_equal_the_generated_coroutines(sim: Sim, watching: None) -> None:
    caught: list[offerkit.OfferkitError] = []
    for enabled in (True, False):
        _completions.enabled = enabled
        with pytest.raises(offerkit.UnauthorizedError) as unauthorized:
            await client(sim, access_token="not-a-token").offers("player-1")
        with pytest.raises(offerkit.InvalidArgumentError) as invalid:
            await client(sim).offers("player-1", limit=0)
        caught += [unauthorized.value, invalid.value]
    fast_unauthorized, fast_invalid, slow_unauthorized, slow_invalid = caught
    assert fast_unauthorized.http_status == slow_unauthorized.http_status == 401
    assert str(fast_unauthorized) == str(slow_unauthorized)
    assert fast_invalid.fields == slow_invalid.fields and fast_invalid.fields
    # The generated exception is neither the cause nor shown context, on either way.
    assert fast_invalid.__cause__ is None and fast_invalid.__suppress_context__


async def test_cancelling_the_task_cancels_the_call_and_its_request(sim: Sim, watching: None) -> None:
    watcher = _completions.watcher()
    assert watcher is not None
    c = client(sim)
    sim.fault(kind="latency", ms=30000)
    task = asyncio.ensure_future(c.offers("player-1"))
    await sim.eventually("request in flight", lambda s: s["in_flight"] == 1)
    assert watcher._queue.pending() == 1
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert watcher._queue.pending() == 0, "the call is forgotten at once"
    await sim.eventually("server saw the hang-up", lambda s: s["aborted"] == 1 and s["in_flight"] == 0)
    assert len(await c.offers("player-1", limit=1)) == 1, "the socket still serves"


async def test_many_calls_at_once_each_get_their_own_answer(sim: Sim, watching: None) -> None:
    c = client(sim)
    limits = [1 + i % 7 for i in range(64)]
    answers = await asyncio.gather(*(c.offers(f"player-{i}", limit=n) for i, n in enumerate(limits)))
    assert [len(a) for a in answers] == limits
    assert sim.stats()["graphql"] == 64


async def test_the_suite_runs_on_the_loop_it_names() -> None:
    loop = asyncio.get_running_loop()
    if LOOP == "uvloop":
        assert isinstance(loop, uvloop.Loop), f"OFFERKIT_TEST_LOOP=uvloop, but the loop is {loop!r}"
    else:
        assert type(loop).__module__.startswith("asyncio."), f"not asyncio's own loop: {loop!r}"


def run_on(make_loop: Callable[[], asyncio.AbstractEventLoop], calls: Callable[[], Coroutine[object, None, int]]) -> int:
    loop = make_loop()
    try:
        return loop.run_until_complete(calls())
    finally:
        loop.close()


@pytest.mark.parametrize("loop_name", sorted(LOOPS))
def test_a_loop_that_ends_leaves_no_descriptor_open(sim: Sim, watching: None, loop_name: str) -> None:
    token = sim.token()
    make_loop = LOOPS[loop_name]

    async def calls() -> int:
        c = offerkit.OfferClient(offerkit.ClientConfig(sim.base_url, access_token=token))
        assert _completions.watcher() is not None, f"{loop_name} can watch a descriptor"
        return len(await c.offers("player-1", limit=3))

    assert run_on(make_loop, calls) == 3  # the first loop: the library's runtime starts
    before = open_descriptors()
    for _ in range(20):
        assert run_on(make_loop, calls) == 3
    # The HTTP connections of ended clients close on the library thread: allow for them.
    assert open_descriptors() <= before + 2, "each loop's socket pair is closed with it"


def test_a_loop_that_cannot_watch_descriptors_uses_the_generated_coroutines(sim: Sim, watching: None) -> None:
    class NoReaders(asyncio.SelectorEventLoop):
        def add_reader(self, *args: object) -> None:
            raise NotImplementedError("as Windows' proactor loop")

    async def calls() -> tuple[_completions.Watcher | None, int]:
        c = client(sim)
        return _completions.watcher(), len(await c.offers("player-1", limit=2))

    loop = NoReaders()
    try:
        assert loop.run_until_complete(calls()) == (None, 2)
    finally:
        loop.close()


async def test_a_loop_without_weak_references_uses_the_generated_coroutines(
    sim: Sim, watching: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    class NoWeakKeys:
        def __getitem__(self, loop: object) -> None:
            raise TypeError(f"cannot create weak reference to {type(loop).__name__!r} object")

    monkeypatch.setattr(_completions, "_WATCHERS", NoWeakKeys())
    assert _completions.watcher() is None
    assert len(await client(sim).offers("player-1", limit=2)) == 2
