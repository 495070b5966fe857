"""Whatever the host's callbacks raise or return wrongly is contained: a token provider's
failure of any kind (an Exception, a BaseException that is not one, a value that is not a
token) fails the waiting call at once as `unauthorized` with its text, not after the token wait
as a timeout; a logger that raises is ignored. Nothing is printed as an unhandled error, nothing
reaches an unraisable or event loop exception hook, nothing panics."""

import asyncio
import sys

import pytest

import offerkit
from offerkit import ErrorKind, OfferError
from conftest import client, config


class HostBug(BaseException):
    """Not an Exception: `except Exception` does not catch it."""


class Provider(offerkit.AccessTokenProvider):
    def __init__(self, answer):
        self.answer = answer

    async def access_token(self, reason):
        await asyncio.sleep(0)  # a real provider awaits its backend
        return self.answer()


def raise_(error):
    def answer():
        raise error

    return answer


@pytest.fixture
def hooks(monkeypatch):
    """Records what reaches the unraisable hook (exceptions escaping ctypes callbacks); each
    test adds the event loop's exception handler."""
    seen = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: seen.append(("unraisable", u.exc_value)))
    yield seen


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
async def test_a_failing_provider_fails_the_call_at_once_as_unauthorized(sim, capsys, hooks, answer, text):
    asyncio.get_running_loop().set_exception_handler(lambda _, ctx: hooks.append(("loop", ctx)))
    c = offerkit.OfferClient(config(sim, timeout_ms=20000), Provider(answer))
    with pytest.raises(OfferError) as caught:
        await c.offers("player-1")
    assert caught.value.kind() == ErrorKind.UNAUTHORIZED, caught.value
    assert text in str(caught.value)
    assert caught.value.http_status is None
    assert sim.stats()["graphql"] == 0, "nothing sent without a token"
    assert hooks == []
    assert "Unhandled exception" not in capsys.readouterr().err


@pytest.mark.parametrize("error", [ValueError("logger broke"), HostBug("logger broke")])
async def test_a_raising_logger_is_ignored(sim, capsys, hooks, error):
    calls = []

    class Broken(offerkit.Logger):
        def log(self, level, target, message):
            calls.append(message)
            raise error

    asyncio.get_running_loop().set_exception_handler(lambda _, ctx: hooks.append(("loop", ctx)))
    offerkit.set_logger(Broken(), offerkit.LogLevel.DEBUG)
    try:
        assert len(await client(sim).offers("player-1", offerkit.OffersOptions(limit=1))) == 1
        assert len(await client(sim).offers("player-2", offerkit.OffersOptions(limit=2))) == 2
    finally:
        offerkit.set_logger(None, offerkit.LogLevel.INFO)
    assert calls, "the logger was called"
    assert hooks == []
    err = capsys.readouterr().err
    assert "Unhandled exception" not in err and "logger broke" not in err, err
