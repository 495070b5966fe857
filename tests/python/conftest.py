"""Shared set-up of the Python binding tests: the simulator (started by
scripts/test-uniffi.sh, address in OFFERKIT_SIM_URL; a second one behind the path prefix /api in
OFFERKIT_SIM_PREFIXED_URL) and its /_sim control endpoint."""

import asyncio
import json
import os
import time
import urllib.request

import pytest

import offerkit

SIM_URL = os.environ.get("OFFERKIT_SIM_URL", "")
SIM_PREFIXED_URL = os.environ.get("OFFERKIT_SIM_PREFIXED_URL", "")


class Sim:
    """The simulator's control endpoint: faults, counters, tokens."""

    def __init__(self, base_url: str):
        self.base_url = base_url

    def _call(self, method: str, path: str, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read() or b"null")

    def fault(self, **fault):
        self._call("POST", "/_sim/faults", fault)

    def mess(self, **modes):
        """Replaces the misbehaviour modes, e.g. `mess(bad_fields=True)`."""
        self._call("PUT", "/_sim/mess", modes)

    def clear(self):
        self._call("DELETE", "/_sim/faults")
        self._call("DELETE", "/_sim/mess")
        # Let the previous test's aborted or slow exchanges finish before counting anew.
        deadline = time.monotonic() + 30
        while self.stats().get("in_flight", 0) > 0 and time.monotonic() < deadline:
            time.sleep(0.02)
        self._call("POST", "/_sim/stats/reset")

    def stats(self) -> dict:
        return self._call("GET", "/_sim/stats")

    def token(self, ttl_secs: int = 3600, scoped: bool = True) -> str:
        return self._call("POST", "/_sim/tokens", {"ttl_secs": ttl_secs, "scoped": scoped})["access_token"]

    async def eventually(self, what: str, check, timeout: float = 30.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if check(self.stats()):
                return
            await asyncio.sleep(0.02)
        raise AssertionError(f"timed out waiting for: {what} (stats {self.stats()})")


@pytest.fixture
def sim() -> Sim:
    if not SIM_URL:
        pytest.fail("OFFERKIT_SIM_URL is not set: run scripts/test-uniffi.sh")
    s = Sim(SIM_URL)
    s.clear()
    yield s
    s.clear()


def config(sim: Sim, **overrides) -> offerkit.ClientConfig:
    # Generous: a slow CI machine runs the concurrent tests too; timeout tests set their own.
    fields = {"base_url": sim.base_url, "timeout_ms": 30000, "max_retries": 0}
    fields.update(overrides)
    return offerkit.ClientConfig(**fields)


def client(sim: Sim, **overrides) -> offerkit.OfferClient:
    overrides.setdefault("access_token", sim.token())
    return offerkit.OfferClient(config(sim, **overrides))
