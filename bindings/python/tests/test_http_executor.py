"""Bring your own HTTP from Python: the standard library's `http.client` carries offerkit's
requests to the simulator over loopback (as an app would plug in aiohttp or httpx), and the
queries, errors, retries, timeouts and cancellation behave as with the built-in stack. Executors
that misbehave (raise anything, answer nonsense) fail the attempt with a typed error, print
nothing, and never hang the call."""

from __future__ import annotations

import asyncio
import http.client
import re
import socket
import time
import urllib.parse
from datetime import timedelta

import pytest

import offerkit
from conftest import Sim, config


class StdlibExecutor:
    """`http.client` on a worker thread: never follows redirects, keeps the attempt's timeout."""

    def __init__(self) -> None:
        self.requests: list[offerkit.HttpRequest] = []

    async def execute(self, request: offerkit.HttpRequest) -> offerkit.HttpResponse:
        self.requests.append(request)
        return await asyncio.to_thread(self._send, request)

    @staticmethod
    def _send(request: offerkit.HttpRequest) -> offerkit.HttpResponse:
        url = urllib.parse.urlsplit(request.url)
        path = url.path + (f"?{url.query}" if url.query else "")
        connection = http.client.HTTPConnection(
            url.hostname or "", url.port or 80, timeout=request.timeout.total_seconds()
        )
        try:
            connection.request(request.method, path, body=request.body, headers=dict(request.headers))
            response = connection.getresponse()
            status = response.status
            try:
                body = response.read(request.max_response_bytes + 1)
            except (socket.timeout, TimeoutError) as e:
                raise offerkit.HttpExecutorError(
                    offerkit.HttpFailureKind.TIMEOUT, f"reading the body: {e}", http_status=status
                ) from None
            except (OSError, http.client.HTTPException) as e:
                raise offerkit.HttpExecutorError(
                    offerkit.HttpFailureKind.NETWORK, f"reading the body: {e!r}", http_status=status
                ) from None
            return offerkit.HttpResponse(status=status, headers=tuple(response.getheaders()), body=body)
        except (socket.timeout, TimeoutError) as e:
            raise offerkit.HttpExecutorError(offerkit.HttpFailureKind.TIMEOUT, str(e)) from None
        except (OSError, http.client.HTTPException) as e:
            raise offerkit.HttpExecutorError(offerkit.HttpFailureKind.NETWORK, repr(e)) from None
        finally:
            connection.close()


def executor_client(sim: Sim, executor: offerkit.HttpExecutor, **overrides: object) -> offerkit.OfferClient:
    overrides.setdefault("access_token", sim.token())
    return offerkit.OfferClient(config(sim, **overrides), http_executor=executor)


async def test_queries_go_through_the_apps_executor(sim: Sim) -> None:
    executor = StdlibExecutor()
    async with executor_client(sim, executor) as client:
        offers = await client.offers("player-1", limit=3)
        links = await client.links("player-1")
    assert len(offers) == 3 and all(o.id for o in offers)
    assert isinstance(links, dict) and links
    assert [r.method for r in executor.requests] == ["POST", "POST"]
    first = executor.requests[0]
    assert first.url == sim.base_url + "/v1/offers"
    assert (first.header("Authorization") or "").startswith("Bearer ")
    assert first.header("content-type") == "application/json"
    assert first.header("accept-encoding") is None
    # What is left of the 30 s deadline (a loaded machine may take a few seconds to get here).
    assert timedelta(seconds=20) < first.timeout <= timedelta(seconds=30), "the timeout, within what is left of the deadline"
    assert "Bearer" not in repr(first) and "***" in repr(first)
    assert sim.stats()["graphql"] == 2


async def test_service_errors_and_retry_after_through_the_executor(sim: Sim) -> None:
    sim.fault(kind="status", status=429, retry_after_secs=7)
    with pytest.raises(offerkit.RateLimitedError) as caught:
        await executor_client(sim, StdlibExecutor()).offers("player-1", limit=1)
    assert caught.value.http_status == 429
    assert caught.value.retry_after == timedelta(seconds=7)


async def test_a_503_is_retried_through_the_executor(sim: Sim) -> None:
    sim.fault(kind="status", status=503, times=1)
    executor = StdlibExecutor()
    offers = await executor_client(sim, executor, max_retries=2).offers("player-1", limit=1)
    assert len(offers) == 1
    assert len(executor.requests) == 2


async def test_the_executors_timeout_is_a_timeout_error(sim: Sim) -> None:
    sim.fault(kind="latency", ms=20000)
    started = time.monotonic()
    with pytest.raises(offerkit.TimeoutError):
        await executor_client(sim, StdlibExecutor(), timeout=0.3).offers("player-1", limit=1)
    # Well short of the 20 s the answer would have taken.
    assert time.monotonic() - started < 10, "the attempt's timeout bounds the call"


async def test_cancelling_the_call_cancels_the_executors_coroutine(sim: Sim) -> None:
    started = asyncio.Event()
    cancelled = asyncio.Event()

    class Hangs:
        async def execute(self, request: offerkit.HttpRequest) -> offerkit.HttpResponse:
            started.set()
            try:
                await asyncio.sleep(60)
            except asyncio.CancelledError:
                cancelled.set()
                raise
            raise AssertionError("not reached")

    client = executor_client(sim, Hangs())
    task = asyncio.ensure_future(client.offers("player-1", limit=1))
    # Cancelled once the executor runs (cancelled earlier, the call never reaches it).
    await asyncio.wait_for(started.wait(), timeout=10)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await asyncio.wait_for(cancelled.wait(), timeout=10)


@pytest.mark.parametrize(
    "raised",
    [ValueError("boom"), KeyError("k"), NotImplementedError("todo"), RuntimeError("x" * 50)],
    ids=["ValueError", "KeyError", "NotImplementedError", "RuntimeError"],
)
async def test_whatever_an_executor_raises_is_a_network_error(
    sim: Sim, raised: Exception, capfd: pytest.CaptureFixture[str]
) -> None:
    class Raises:
        async def execute(self, request: offerkit.HttpRequest) -> offerkit.HttpResponse:
            raise raised

    with pytest.raises(offerkit.NetworkError) as caught:
        await executor_client(sim, Raises(), max_retries=1).offers("player-1", limit=1)
    assert "the HTTP executor failed" in str(caught.value)
    out, err = capfd.readouterr()
    assert out == "" and err == ""


@pytest.mark.parametrize(
    "kind, error",
    [
        (offerkit.HttpFailureKind.NETWORK, offerkit.NetworkError),
        (offerkit.HttpFailureKind.TIMEOUT, offerkit.TimeoutError),
    ],
    ids=["network", "timeout"],
)
async def test_a_failure_after_the_status_line_keeps_the_status(
    sim: Sim, kind: offerkit.HttpFailureKind, error: type[offerkit.OfferkitError]
) -> None:
    class BreaksOff:
        """The simulator's whole answer, then a failure as if its body had broken off."""

        async def execute(self, request: offerkit.HttpRequest) -> offerkit.HttpResponse:
            answer = await StdlibExecutor().execute(request)
            raise offerkit.HttpExecutorError(kind, "the body broke off", http_status=answer.status)

    with pytest.raises(error) as caught:
        await executor_client(sim, BreaksOff()).offers("player-1", limit=1)
    assert caught.value.http_status == 200
    assert "the body broke off" in str(caught.value)
    assert sim.stats()["graphql"] == 1


@pytest.mark.parametrize("status", [0, 99, 600])
async def test_a_failure_with_a_status_no_response_has_keeps_no_status(sim: Sim, status: int) -> None:
    class Fails:
        async def execute(self, request: offerkit.HttpRequest) -> offerkit.HttpResponse:
            raise offerkit.HttpExecutorError(offerkit.HttpFailureKind.NETWORK, "broke", http_status=status)

    with pytest.raises(offerkit.NetworkError) as caught:
        await executor_client(sim, Fails()).offers("player-1", limit=1)
    assert caught.value.http_status is None, f"{status} is no HTTP status"


@pytest.mark.parametrize("status", [0, 99, 600, -1])
async def test_a_status_no_response_has_is_a_network_error(sim: Sim, status: int) -> None:
    class Nonsense:
        async def execute(self, request: offerkit.HttpRequest) -> offerkit.HttpResponse:
            return offerkit.HttpResponse(status=status, headers=(), body=b"{}")

    with pytest.raises(offerkit.NetworkError) as caught:
        await executor_client(sim, Nonsense()).offers("player-1", limit=1)
    assert str(status) in str(caught.value)
    assert caught.value.http_status is None, "no response arrived"


async def test_a_redirect_the_executor_returns_is_rejected(sim: Sim) -> None:
    class Redirects:
        async def execute(self, request: offerkit.HttpRequest) -> offerkit.HttpResponse:
            return offerkit.HttpResponse(status=302, headers=(("Location", "https://elsewhere.example/"),), body=b"")

    with pytest.raises(offerkit.RejectedError) as caught:
        await executor_client(sim, Redirects()).offers("player-1", limit=1)
    assert caught.value.http_status == 302
    assert "https://elsewhere.example/" in str(caught.value)


async def test_settings_of_the_apps_stack_are_refused_with_an_executor(sim: Sim) -> None:
    with pytest.raises(offerkit.InvalidArgumentError) as caught:
        offerkit.OfferClient(
            offerkit.ClientConfig(sim.base_url, proxy_url="http://127.0.0.1:3128"),
            http_executor=StdlibExecutor(),
        )
    assert "proxy" in str(caught.value)
    with pytest.raises(TypeError):
        offerkit.OfferClient(sim.base_url, http_executor=object())  # type: ignore[arg-type]


def test_executor_errors_pickle() -> None:
    import pickle

    e = offerkit.HttpExecutorError(offerkit.HttpFailureKind.TIMEOUT, "slow", http_status=200)
    back = pickle.loads(pickle.dumps(e))
    assert (back.kind, back.message, back.http_status) == (offerkit.HttpFailureKind.TIMEOUT, "slow", 200)


async def test_an_integer_id_and_a_payout_as_text_are_read_not_skipped(sim: Sim) -> None:
    """The simulator's real answer, its ids rewritten as JSON integers and its payouts as
    numeric text: the same offers, none skipped (the tolerant reading the READMEs describe)."""

    class Retyped:
        async def execute(self, request: offerkit.HttpRequest) -> offerkit.HttpResponse:
            answer = await StdlibExecutor().execute(request)
            body = re.sub(rb'"total_payout_usd":(-?[0-9.eE+-]+)', rb'"total_payout_usd":"\1"', answer.body)
            body = re.sub(rb'"id":"([0-9]+)"', rb'"id":\1', body)
            assert body != answer.body, "the rewrite changed the answer"
            return offerkit.HttpResponse(status=answer.status, headers=answer.headers, body=body)

    plain = await executor_client(sim, StdlibExecutor()).offers("player-1", limit=5)
    retyped = await executor_client(sim, Retyped()).offers_cached("player-1", limit=5)
    assert retyped.skipped == ()
    assert [(o.id, o.total_payout_usd) for o in retyped.offers] == [(o.id, o.total_payout_usd) for o in plain]
