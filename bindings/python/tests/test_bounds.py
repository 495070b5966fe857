"""Bounds of a call: the deadline (a Retry-After storm, a hanging service), pagers that would
never end (cursor cycle, endless empty pages, a stalled listing), `RejectedError` for a wrong
path prefix, the proxy setting (a working forward proxy, an unreachable one), and settings out
of the library's bounds."""

from __future__ import annotations

import dataclasses
import http.server
import socket
import threading
import urllib.error
import urllib.request
from datetime import timedelta
from typing import Any

import pytest

import offerkit
from conftest import SIM_PREFIXED_URL, Sim, client


def test_config_defaults_and_durations() -> None:
    defaults = offerkit.ClientConfig("https://offers.example.com")
    assert defaults.timeout == timedelta(seconds=10)
    assert defaults.deadline == timedelta(seconds=30)
    assert defaults.max_pages == 1000
    assert defaults.proxy_url is None and defaults.cache_ttl is None
    assert defaults.cache_max_stale == timedelta(hours=1)
    # Float seconds read back as timedelta.
    config = offerkit.ClientConfig("https://offers.example.com", timeout=2.5, cache_ttl=300)
    assert config.timeout == timedelta(milliseconds=2500)
    assert config.cache_ttl == timedelta(minutes=5)
    assert config == offerkit.ClientConfig(
        "https://offers.example.com", timeout=timedelta(seconds=2.5), cache_ttl=timedelta(seconds=300)
    )
    assert hash(config) == hash(
        offerkit.ClientConfig("https://offers.example.com", timeout=2.5, cache_ttl=300)
    )
    with pytest.raises(offerkit.InvalidArgumentError, match="timeout must be a finite number"):
        offerkit.ClientConfig("https://offers.example.com", timeout=float("inf"))
    with pytest.raises(TypeError):
        offerkit.ClientConfig("https://offers.example.com", timeout="5")  # type: ignore[arg-type]


def test_repr_never_shows_the_token_or_proxy_credentials() -> None:
    config = offerkit.ClientConfig(
        "https://offers.example.com",
        access_token="eyJ.secret-token.sig",
        proxy_url="http://alice:hunter2@proxy.example.com:3128",
    )
    shown = repr(config)
    for secret in ("secret-token", "alice", "hunter2"):
        assert secret not in shown, shown
    assert "proxy.example.com:3128" in shown and "access_token='<set>'" in shown
    assert "pw" not in repr(offerkit.ClientConfig("https://o.example.com", proxy_url="http://bob:pw@[bad"))


async def test_a_retry_after_past_the_deadline_fails_at_once(sim: Sim) -> None:
    c = client(sim, max_retries=2, deadline=2)
    sim.mess(retry_after_storm=30)
    with pytest.raises(offerkit.ServerError) as caught:
        await c.offers("player-1", limit=1)
    assert caught.value.http_status == 503
    assert caught.value.retry_after == timedelta(seconds=30)
    # One request: the Retry-After was not waited for.
    assert sim.stats()["requests"] == 1


async def test_the_deadline_bounds_a_whole_call(sim: Sim) -> None:
    sim.fault(kind="latency", ms=30000)
    c = client(sim, timeout=30, max_retries=2, deadline=timedelta(milliseconds=500))
    with pytest.raises(offerkit.TimeoutError) as caught:
        await c.offers("player-1", limit=1)
    assert "deadline" in str(caught.value)
    assert isinstance(caught.value, TimeoutError), "also the built-in TimeoutError"
    for bad in ({"deadline": 0}, {"deadline": -1}, {"max_pages": 0}, {"max_pages": -1}):
        with pytest.raises(offerkit.InvalidArgumentError):
            client(sim, **bad)


def test_config_out_of_bounds_names_every_setting(sim: Sim) -> None:
    with pytest.raises(offerkit.InvalidArgumentError) as caught:
        client(sim, timeout=0, max_retries=11)
    e = caught.value
    assert e.kind is offerkit.ErrorKind.INVALID_ARGUMENT
    assert isinstance(e, ValueError)
    assert [f.path for f in e.fields] == [("config",)]
    arguments = e.fields[0].arguments
    assert set(arguments) == {"timeout", "max_retries"}, "the names of ClientConfig's fields"
    assert arguments["timeout"] == ("0 ms is not between 1 ms and 24 h",)
    assert arguments["max_retries"] == ("11 is more than 10",)
    assert "timeout" in str(e) and "max_retries" in str(e) and "retry." not in str(e)
    assert sim.stats()["requests"] == 0
    # Every setting the library may refuse, each named by its field here.
    two_days = timedelta(days=2)
    with pytest.raises(offerkit.InvalidArgumentError) as caught:
        client(sim, timeout=0, deadline=0, max_pages=0, max_retries=11, cache_ttl=two_days, cache_max_stale=two_days)
    named = set(caught.value.fields[0].arguments)
    assert named == {"timeout", "deadline", "max_pages", "max_retries", "cache_ttl", "cache_max_stale"}
    assert named <= {f.name for f in dataclasses.fields(offerkit.ClientConfig)}
    assert "cache." not in str(caught.value)
    # A negative duration has no milliseconds to send: refused by the conversion.
    with pytest.raises(offerkit.InvalidArgumentError, match="timeout must not be negative"):
        client(sim, timeout=-1)


async def test_a_cursor_cycle_ends_the_walk_with_decode(sim: Sim) -> None:
    sim.mess(cursor_cycle=True)
    pages = client(sim).player_offers_pages("pager-player", limit=2)
    seen = 0
    with pytest.raises(offerkit.DecodeError) as caught:
        async for _ in pages:
            seen += 1
            assert seen < 10
    # Cursors A, B, then A again: the third page repeats one.
    assert seen == 2
    assert sim.stats()["graphql"] == 3
    assert "cursor" in str(caught.value)
    assert caught.value.http_status == 200, "the page that repeated a cursor came with 200"
    assert [page async for page in pages] == [], "the walk has ended"


async def test_endless_empty_pages_stop_at_max_pages(sim: Sim) -> None:
    sim.mess(endless_empty_pages=True)
    seen = 0
    with pytest.raises(offerkit.DecodeError) as caught:
        async for page in client(sim, max_pages=5).player_offers_pages("pager-player", limit=2):
            assert page.items == () and page.next_cursor
            seen += 1
            assert seen < 50
    assert seen == 5
    assert caught.value.http_status is None, "the page past max_pages is never requested"
    assert sim.stats()["graphql"] == 5


async def test_a_stalled_listing_ends_with_decode(sim: Sim) -> None:
    sim.mess(listing_stall=True)
    with pytest.raises(offerkit.DecodeError) as caught:
        async for _ in client(sim).listing_pages(20):
            pass
    assert caught.value.http_status == 200, "the stalled page came with 200"
    assert sim.stats()["listing"] == 1


async def test_a_wrong_path_prefix_is_rejected(sim: Sim) -> None:
    if not SIM_PREFIXED_URL:
        pytest.fail("OFFERKIT_SIM_PREFIXED_URL is not set: run bindings/uniffi/test.sh")
    root = SIM_PREFIXED_URL.removesuffix("/api")
    token = Sim(root).token()
    async with offerkit.OfferClient(offerkit.ClientConfig(root, access_token=token, max_retries=2)) as wrong:
        with pytest.raises(offerkit.RejectedError) as caught:
            await wrong.offers("player-1", limit=1)
    e = caught.value
    assert e.http_status == 404 and e.kind is offerkit.ErrorKind.REJECTED
    assert "base_url" in str(e)
    async with offerkit.OfferClient(offerkit.ClientConfig(SIM_PREFIXED_URL, access_token=token)) as right:
        assert len(await right.offers("player-1", limit=1)) == 1

    sim.fault(kind="status", status=409, times=3)
    with pytest.raises(offerkit.RejectedError) as caught:
        await client(sim, max_retries=2).offers("player-1", limit=1)
    assert caught.value.http_status == 409
    assert sim.stats()["requests"] == 1, "not retried"


class ForwardProxy(http.server.ThreadingHTTPServer):
    """A plain-HTTP forward proxy on loopback that counts what it carries."""

    def __init__(self) -> None:
        proxy = self
        self.carried: list[tuple[str, str]] = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def _forward(self) -> None:
                proxy.carried.append((self.command, self.path))
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                request = urllib.request.Request(self.path, data=body or None, method=self.command)
                for name in ("Authorization", "Content-Type", "Accept"):
                    if self.headers.get(name):
                        request.add_header(name, self.headers[name])
                direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))
                try:
                    response = direct.open(request, timeout=30)
                    status, content_type, data = response.status, response.headers.get("Content-Type"), response.read()
                except urllib.error.HTTPError as e:
                    status, content_type, data = e.code, e.headers.get("Content-Type"), e.read()
                self.send_response(status)
                self.send_header("Content-Type", content_type or "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = _forward

        super().__init__(("127.0.0.1", 0), Handler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


async def test_proxy_url_carries_every_request(sim: Sim) -> None:
    proxy = ForwardProxy()
    thread = threading.Thread(target=proxy.serve_forever, daemon=True)
    thread.start()
    try:
        async with client(sim, proxy_url=proxy.url) as c:
            assert len(await c.offers("player-1", limit=2)) == 2
        assert proxy.carried == [("POST", sim.base_url + "/v1/offers")]
    finally:
        proxy.shutdown()
        proxy.server_close()


async def test_an_unreachable_proxy_is_a_network_error(sim: Sim) -> None:
    with socket.socket() as s:  # a port nothing listens on once closed
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    c = client(sim, proxy_url=f"http://127.0.0.1:{port}")
    with pytest.raises(offerkit.NetworkError) as caught:
        await c.offers("player-1", limit=1)
    assert isinstance(caught.value, ConnectionError)
    assert sim.stats()["requests"] == 0, "nothing went around the proxy"
    with pytest.raises(offerkit.InvalidArgumentError):
        client(sim, proxy_url="not a url")
