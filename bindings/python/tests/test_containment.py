"""Whatever the app's callbacks raise or return wrongly is contained: a token provider's failure
of any kind (an Exception, a BaseException that is not one, a value that is not a token) fails
the waiting call at once as `UnauthorizedError` with its text, not after the token wait as a
timeout; a logger that raises is ignored. Nothing is printed, nothing reaches an unraisable or
event loop exception hook, nothing panics."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import offerkit
from conftest import Sim, client, config


class HostBug(BaseException):
    """Not an Exception: `except Exception` does not catch it."""


class Provider:
    def __init__(self, answer: Callable[[], Any]) -> None:
        self.answer = answer

    async def access_token(self, reason: offerkit.TokenReason) -> str:
        await asyncio.sleep(0)  # a real provider awaits its backend
        token: str = self.answer()
        return token


def raise_(error: BaseException) -> Callable[[], Any]:
    def answer() -> Any:
        raise error

    return answer


Seen = list[tuple[str, object]]


@pytest.fixture
def hooks(monkeypatch: pytest.MonkeyPatch) -> Iterator[Seen]:
    """Records what reaches the unraisable hook (exceptions escaping ctypes callbacks) and the
    running loop's exception handler."""
    seen: Seen = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: seen.append(("unraisable", u.exc_value)))
    yield seen


def watch_loop(seen: Seen) -> None:
    asyncio.get_running_loop().set_exception_handler(lambda _, ctx: seen.append(("loop", ctx)))


# (what the provider does, text the error carries)
FAILURES = [
    (raise_(ConnectionError("studio backend unreachable")), "studio backend unreachable"),
    (raise_(HostBug("host invariant broken")), "host invariant broken"),
    (raise_(asyncio.CancelledError("backend request cancelled")), "backend request cancelled"),
    (lambda: None, "NoneType"),
    (lambda: 42, "'int' object"),
    (lambda: "", "the access token provider returned an empty token"),
]


@pytest.mark.parametrize("answer,text", FAILURES)
async def test_a_failing_provider_fails_the_call_at_once_as_unauthorized(
    sim: Sim, capfd: pytest.CaptureFixture[str], hooks: Seen, answer: Callable[[], Any], text: str
) -> None:
    watch_loop(hooks)
    async with offerkit.OfferClient(config(sim, timeout=20), Provider(answer)) as c:
        with pytest.raises(offerkit.UnauthorizedError) as caught:
            await c.offers("player-1")
    assert caught.value.kind is offerkit.ErrorKind.UNAUTHORIZED
    assert text in str(caught.value)
    assert caught.value.http_status is None
    assert sim.stats()["graphql"] == 0, "nothing sent without a token"
    assert hooks == []
    out, err = capfd.readouterr()
    assert (out, err) == ("", ""), "nothing printed"


async def test_an_async_function_provider_fails_the_same_way(sim: Sim, capfd: pytest.CaptureFixture[str]) -> None:
    async def fetch(reason: offerkit.TokenReason) -> str:
        raise KeyError("no session")

    async with offerkit.OfferClient(config(sim, timeout=20), fetch) as c:
        with pytest.raises(offerkit.UnauthorizedError, match="no session"):
            await c.offers("player-1")
    assert capfd.readouterr() == ("", "")


@pytest.mark.parametrize("error", [ValueError("logger broke"), HostBug("logger broke")])
async def test_a_raising_logger_is_ignored(
    sim: Sim, capfd: pytest.CaptureFixture[str], hooks: Seen, error: BaseException
) -> None:
    calls: list[str] = []

    class Broken:
        def log(self, level: offerkit.LogLevel, target: str, message: str) -> None:
            calls.append(message)
            raise error

    watch_loop(hooks)
    offerkit.set_logger(Broken(), offerkit.LogLevel.DEBUG)
    try:
        assert len(await client(sim).offers("player-1", limit=1)) == 1
        assert len(await client(sim).offers("player-2", limit=2)) == 2
    finally:
        offerkit.set_logger(None)
    assert calls, "the logger was called"
    assert hooks == []
    assert capfd.readouterr() == ("", "")


async def test_a_logging_logger_whose_handler_raises_is_ignored(sim: Sim, capfd: pytest.CaptureFixture[str]) -> None:
    class Exploding(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            raise HostBug("handler broke")

    logger = logging.getLogger("offerkit-test-exploding")
    logger.propagate = False
    logger.addHandler(Exploding())
    offerkit.set_logger(logger, offerkit.LogLevel.DEBUG)
    try:
        assert len(await client(sim).offers("player-1", limit=1)) == 1
    finally:
        offerkit.set_logger(None)
    assert capfd.readouterr() == ("", "")
