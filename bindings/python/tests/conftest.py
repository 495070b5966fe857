"""Shared set-up of the Python package's tests: the simulator (started by
bindings/uniffi/test.sh, address in OFFERKIT_SIM_URL; a second one behind the path prefix /api in
OFFERKIT_SIM_PREFIXED_URL) and its /_sim control endpoint."""

from __future__ import annotations

import asyncio
import json
import os
import time
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import offerkit


# The package runs `offers`, `links` and `graphql` through the loop's completion socket where
# it can (offerkit/_completions.py); bindings/python/test.sh runs the suite once more with this
# set, so the generated coroutines that serve elsewhere (Windows) are tested as fully.
if os.environ.get("OFFERKIT_TEST_GENERATED_COROUTINES") == "1":
    from offerkit import _completions

    _completions.enabled = False

# The event loop of every async test: asyncio's own, or uvloop's (`OFFERKIT_TEST_LOOP=uvloop`:
# bindings/python/test.sh runs the suite once so), the loop many asyncio servers run on Linux
# and macOS. test_completions.py checks that the run is on the loop it names.
LOOP = os.environ.get("OFFERKIT_TEST_LOOP", "asyncio")
if LOOP == "uvloop":
    import uvloop

    def pytest_asyncio_loop_factories(
        config: pytest.Config, item: pytest.Item
    ) -> dict[str, Callable[[], asyncio.AbstractEventLoop]]:
        return {"uvloop": uvloop.new_event_loop}

elif LOOP != "asyncio":
    raise RuntimeError(f"OFFERKIT_TEST_LOOP={LOOP!r}: expected asyncio or uvloop")

SIM_URL = os.environ.get("OFFERKIT_SIM_URL", "")
SIM_PREFIXED_URL = os.environ.get("OFFERKIT_SIM_PREFIXED_URL", "")

Stats = dict[str, int]


class Sim:
    """The simulator's control endpoint: faults, counters, tokens."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url

    def _call(self, method: str, path: str, body: object = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read() or b"null")

    def fault(self, **fault: object) -> None:
        self._call("POST", "/_sim/faults", fault)

    def mess(self, **modes: object) -> None:
        """Replaces the misbehaviour modes, e.g. `mess(bad_fields=True)`."""
        self._call("PUT", "/_sim/mess", modes)

    def clear(self) -> None:
        self._call("DELETE", "/_sim/faults")
        self._call("DELETE", "/_sim/mess")
        # Let the previous test's aborted or slow exchanges finish before counting anew.
        deadline = time.monotonic() + 30
        while self.stats().get("in_flight", 0) > 0 and time.monotonic() < deadline:
            time.sleep(0.02)
        self._call("POST", "/_sim/stats/reset")

    def stats(self) -> Stats:
        stats: Stats = self._call("GET", "/_sim/stats")
        return stats

    def token(self, ttl_secs: int = 3600, scoped: bool = True) -> str:
        token: str = self._call("POST", "/_sim/tokens", {"ttl_secs": ttl_secs, "scoped": scoped})["access_token"]
        return token

    async def eventually(self, what: str, check: Callable[[Stats], bool], timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if check(self.stats()):
                return
            await asyncio.sleep(0.02)
        raise AssertionError(f"timed out waiting for: {what} (stats {self.stats()})")


@pytest.fixture
def sim() -> Iterator[Sim]:
    if not SIM_URL:
        pytest.fail("OFFERKIT_SIM_URL is not set: run bindings/uniffi/test.sh")
    s = Sim(SIM_URL)
    s.clear()
    yield s
    s.clear()


def config(sim: Sim, **overrides: Any) -> offerkit.ClientConfig:
    # Generous: a slow CI machine runs the concurrent tests too; timeout tests set their own.
    fields: dict[str, Any] = {"timeout": 30, "max_retries": 0}
    fields.update(overrides)
    return offerkit.ClientConfig(sim.base_url, **fields)


def client(sim: Sim, **overrides: Any) -> offerkit.OfferClient:
    overrides.setdefault("access_token", sim.token())
    return offerkit.OfferClient(config(sim, **overrides))
