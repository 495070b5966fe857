"""Bounds of a call through the Python bindings: the deadline (a Retry-After storm, a hanging
service), pagers that would never end (cursor cycle, endless empty pages, a stalled listing),
`Rejected` for a wrong path prefix, the proxy setting (a working forward proxy, an
unreachable one), and settings out of the core's bounds."""

import http.server
import socket
import threading
import time
import urllib.error
import urllib.request

import pytest

import offerkit
from offerkit import ErrorKind, OfferError
from conftest import SIM_PREFIXED_URL, Sim, client, config


def test_config_defaults():
    defaults = offerkit.ClientConfig(base_url="https://offers.example.com")
    assert defaults.deadline_ms == 30000
    assert defaults.max_pages == 1000
    assert defaults.proxy_url is None


async def test_a_retry_after_past_the_deadline_fails_at_once(sim):
    c = client(sim, max_retries=2, deadline_ms=2000)
    sim.mess(retry_after_storm=30)
    started = time.monotonic()
    with pytest.raises(OfferError.Server) as caught:
        await c.offers("player-1", offerkit.OffersOptions(limit=1))
    elapsed = time.monotonic() - started
    assert caught.value.http_status == 503
    assert caught.value.retry_after_secs == 30
    assert sim.stats()["requests"] == 1
    assert elapsed < 2.0, f"failed after {elapsed:.2f} s instead of at once"


async def test_the_deadline_bounds_a_whole_call(sim):
    sim.fault(kind="latency", ms=30000)
    c = client(sim, timeout_ms=30000, max_retries=2, deadline_ms=500)
    started = time.monotonic()
    with pytest.raises(OfferError.Timeout) as caught:
        await c.offers("player-1", offerkit.OffersOptions(limit=1))
    assert "deadline" in str(caught.value)
    assert time.monotonic() - started < 10
    for bad in ({"deadline_ms": 0}, {"deadline_ms": -1}, {"max_pages": 0}, {"max_pages": -1}):
        with pytest.raises(OfferError.InvalidArgument):
            client(sim, **bad)


def test_config_out_of_bounds_names_every_setting(sim):
    with pytest.raises(OfferError.InvalidArgument) as caught:
        client(sim, timeout_ms=0, max_retries=11)
    e = caught.value
    assert e.kind() == ErrorKind.INVALID_ARGUMENT
    assert [f.path for f in e.fields] == [["config"]]
    arguments = e.fields[0].arguments
    assert set(arguments) == {"timeout", "retry.max_retries"}
    assert arguments["timeout"] == ["0 ms is not between 1 ms and 24 h"]
    assert arguments["retry.max_retries"] == ["11 is more than 10"]
    assert "timeout" in str(e) and "retry.max_retries" in str(e)
    assert sim.stats()["requests"] == 0
    # A negative number has no unsigned form: refused by the conversion, as before.
    with pytest.raises(OfferError.InvalidArgument):
        client(sim, timeout_ms=-1)


async def test_a_cursor_cycle_ends_the_walk_with_decode(sim):
    sim.mess(cursor_cycle=True)
    pager = client(sim).player_offers_pager("pager-player", offerkit.PlayerOffersOptions(limit=2))
    pages = 0
    with pytest.raises(OfferError.Decode) as caught:
        while pages < 10 and await pager.next_page() is not None:
            pages += 1
    # Cursors A, B, then A again: the third page repeats one.
    assert pages == 2
    assert sim.stats()["graphql"] == 3
    assert "cursor" in str(caught.value)
    assert await pager.next_page() is None


async def test_endless_empty_pages_stop_at_max_pages(sim):
    sim.mess(endless_empty_pages=True)
    pager = client(sim, max_pages=5).player_offers_pager(
        "pager-player", offerkit.PlayerOffersOptions(limit=2)
    )
    pages = 0
    with pytest.raises(OfferError.Decode):
        while pages < 50 and (page := await pager.next_page()) is not None:
            assert page.items == [] and page.next_cursor
            pages += 1
    assert pages == 5
    assert sim.stats()["graphql"] == 5


async def test_a_stalled_listing_ends_with_decode(sim):
    sim.mess(listing_stall=True)
    pager = client(sim).listing_pager(20)
    with pytest.raises(OfferError.Decode):
        while await pager.next_page() is not None:
            pass
    assert sim.stats()["listing"] == 1


async def test_a_wrong_path_prefix_is_rejected(sim):
    if not SIM_PREFIXED_URL:
        pytest.fail("OFFERKIT_SIM_PREFIXED_URL is not set: run scripts/test-uniffi.sh")
    root = SIM_PREFIXED_URL.removesuffix("/api")
    token = Sim(root).token()
    wrong = offerkit.OfferClient(offerkit.ClientConfig(base_url=root, access_token=token, max_retries=2))
    with pytest.raises(OfferError.Rejected) as caught:
        await wrong.offers("player-1", offerkit.OffersOptions(limit=1))
    e = caught.value
    assert e.http_status == 404 and e.kind() == ErrorKind.REJECTED
    assert "base_url" in str(e)
    right = offerkit.OfferClient(offerkit.ClientConfig(base_url=SIM_PREFIXED_URL, access_token=token))
    assert len(await right.offers("player-1", offerkit.OffersOptions(limit=1))) == 1

    sim.fault(kind="status", status=409, times=3)
    with pytest.raises(OfferError.Rejected) as caught:
        await client(sim, max_retries=2).offers("player-1", offerkit.OffersOptions(limit=1))
    assert caught.value.http_status == 409
    assert sim.stats()["requests"] == 1, "not retried"


class ForwardProxy(http.server.ThreadingHTTPServer):
    """A plain-HTTP forward proxy on loopback that counts what it carries."""

    def __init__(self):
        proxy = self
        self.carried = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _forward(self):
                proxy.carried.append((self.command, self.path))
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                request = urllib.request.Request(self.path, data=body or None, method=self.command)
                for name in ("Authorization", "Content-Type", "Accept"):
                    if self.headers.get(name):
                        request.add_header(name, self.headers[name])
                direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))
                try:
                    response = direct.open(request, timeout=30)
                except urllib.error.HTTPError as e:
                    response = e
                data = response.read()
                self.send_response(response.status)
                self.send_header("Content-Type", response.headers.get("Content-Type", "application/json"))
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = _forward

        super().__init__(("127.0.0.1", 0), Handler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


async def test_proxy_url_carries_every_request(sim):
    proxy = ForwardProxy()
    thread = threading.Thread(target=proxy.serve_forever, daemon=True)
    thread.start()
    try:
        c = client(sim, proxy_url=proxy.url)
        offers = await c.offers("player-1", offerkit.OffersOptions(limit=2))
        assert len(offers) == 2
        assert proxy.carried == [("POST", sim.base_url + "/v1/offers")]
    finally:
        proxy.shutdown()
        proxy.server_close()


async def test_an_unreachable_proxy_is_a_network_error(sim):
    with socket.socket() as s:  # a port nothing listens on once closed
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    c = client(sim, proxy_url=f"http://127.0.0.1:{port}")
    with pytest.raises(OfferError.Network):
        await c.offers("player-1", offerkit.OffersOptions(limit=1))
    assert sim.stats()["requests"] == 0, "nothing went around the proxy"
    with pytest.raises(OfferError.InvalidArgument):
        client(sim, proxy_url="not a url")
