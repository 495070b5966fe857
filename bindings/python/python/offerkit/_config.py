"""`ClientConfig`: what an `OfferClient` is built from, with durations as `timedelta`.

The values go to the library unchanged (durations as whole milliseconds, rounded up); the
library decides which ones it refuses, so the bounds are the same in every offerkit binding. A
value out of its bounds fails `OfferClient(...)` with `InvalidArgumentError` whose `fields` hold
one entry, path `("config",)`, naming each such setting by its field here: `timeout`,
`deadline`, `max_pages`, `max_retries`, `cache_ttl`, `cache_max_stale` (the only fields with
bounds).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta
from typing import Union
from urllib.parse import urlsplit

from ._errors import InvalidArgumentError

__all__ = ["ClientConfig", "Duration"]

SETTING_NAMES: dict[str, str] = {
    "timeoutMs": "timeout",
    "deadlineMs": "deadline",
    "maxPages": "max_pages",
    "maxRetries": "max_retries",
    "cacheTtlMs": "cache_ttl",
    "cacheMaxStaleMs": "cache_max_stale",
}
"""The library's name of each setting it may refuse (as its record spells it) → this class's
field: an `InvalidArgumentError` for a config names the fields of `ClientConfig`."""

Duration = Union[timedelta, float]
"""A duration: a `timedelta`, or seconds as a number."""


def _duration(name: str, value: Duration) -> timedelta:
    if isinstance(value, timedelta):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a timedelta or a number of seconds, not {type(value).__name__}")
    if not math.isfinite(value):
        raise InvalidArgumentError(f"{name} must be a finite number of seconds, got {value}")
    try:
        return timedelta(seconds=value)
    except OverflowError:
        raise InvalidArgumentError(f"{name} is too long: {value} s") from None


def millis(name: str, value: timedelta) -> int:
    """`value` in whole milliseconds, rounded up (so no positive duration becomes 0 ms)."""
    if value < timedelta(0):
        raise InvalidArgumentError(f"{name} must not be negative, got {value.total_seconds()} s")
    return -(-value // timedelta(milliseconds=1))


@dataclass(frozen=True, slots=True, init=False)
class ClientConfig:
    """Configuration of an `OfferClient`. Only `base_url` is required; durations take a
    `timedelta` or seconds as a number (`timeout=2.5`) and always read back as `timedelta`.
    `repr()` never shows the access token or a proxy's credentials."""

    base_url: str
    """Base address of the service, e.g. `https://offers.example.com` (may carry a path
    prefix). `https://` always; `http://` only to loopback or with `allow_insecure_http`."""
    timeout: timedelta
    """Per attempt: the longest one HTTP attempt may take, whole body included, and the longest
    the token provider may take; never more than what is left of `deadline`. Default 10 s;
    1 ms to 24 h."""
    deadline: timedelta
    """Total: the longest a whole call may take, every attempt, retry, backoff, `Retry-After`
    wait and the token provider included; past it the call fails with `TimeoutError`. A
    `Retry-After` that would end past it is not waited for (the call fails at once with the
    service's error and its `retry_after`). Default 30 s; 1 ms to 24 h."""
    max_pages: int
    """Most pages a pager walks before it fails with `DecodeError`. Default 1000; at least 1."""
    proxy_url: str | None
    """Send every request through this proxy, `http://[user:password@]host:port` (or
    `https://`). `None` (default): direct connections. The environment (`HTTPS_PROXY`,
    `NO_PROXY`, ...) is never read; an app that wants the system's proxy passes it here."""
    max_retries: int
    """Retries of a read after 502/503/504, a broken connection or a timeout. Default 2; 0
    (none) to 10."""
    extra_root_pem: tuple[str, ...]
    """Extra trusted root certificates, PEM text (each may hold several), on top of the
    built-in web PKI roots."""
    allow_insecure_http: bool
    """Allow plain `http://` to hosts other than loopback. Never for production."""
    access_token: str | None
    """An access token to start with; replace it any time with `OfferClient.set_access_token`."""
    user_agent: str | None
    """`User-Agent` header; `None`: `offerkit/<version>`."""
    cache_ttl: timedelta | None
    """Turns on the response cache of `offers` (see `OfferClient.offers_cached`): answers
    younger than this come from memory, identical concurrent calls share one request, and
    outages (a network failure, a timeout, a 5xx or a 429) are bridged with the last good answer
    marked stale. `None` (default): no cache.
    Recommended: 5 minutes. At most 24 h."""
    cache_max_stale: timedelta
    """Oldest cached answer returned (marked stale) when a refresh fails with a network,
    timeout, server (5xx) or rate-limited (429) error; zero: never. Used only with
    `cache_ttl`. Default 1 h; at most 24 h."""

    def __init__(
        self,
        base_url: str,
        *,
        timeout: Duration = timedelta(seconds=10),
        deadline: Duration = timedelta(seconds=30),
        max_pages: int = 1000,
        proxy_url: str | None = None,
        max_retries: int = 2,
        extra_root_pem: Iterable[str] = (),
        allow_insecure_http: bool = False,
        access_token: str | None = None,
        user_agent: str | None = None,
        cache_ttl: Duration | None = None,
        cache_max_stale: Duration = timedelta(hours=1),
    ) -> None:
        values = {
            "base_url": base_url,
            "timeout": _duration("timeout", timeout),
            "deadline": _duration("deadline", deadline),
            "max_pages": max_pages,
            "proxy_url": proxy_url,
            "max_retries": max_retries,
            "extra_root_pem": tuple(extra_root_pem),
            "allow_insecure_http": allow_insecure_http,
            "access_token": access_token,
            "user_agent": user_agent,
            "cache_ttl": None if cache_ttl is None else _duration("cache_ttl", cache_ttl),
            "cache_max_stale": _duration("cache_max_stale", cache_max_stale),
        }
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __repr__(self) -> str:
        shown = {
            "base_url": self.base_url,
            "timeout": self.timeout,
            "deadline": self.deadline,
            "max_pages": self.max_pages,
            "proxy_url": _without_credentials(self.proxy_url),
            "max_retries": self.max_retries,
            "extra_root_pem": f"<{len(self.extra_root_pem)} PEM texts>",
            "allow_insecure_http": self.allow_insecure_http,
            "access_token": "<set>" if self.access_token is not None else None,
            "user_agent": self.user_agent,
            "cache_ttl": self.cache_ttl,
            "cache_max_stale": self.cache_max_stale,
        }
        return "ClientConfig(" + ", ".join(f"{k}={v!r}" for k, v in shown.items()) + ")"


def _without_credentials(url: str | None) -> str | None:
    """The proxy URL without `user:password@` (and nothing of it when it does not parse)."""
    if url is None:
        return None
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = f":{parts.port}" if parts.port is not None else ""
    except ValueError:
        return "<unparsable>"
    if "@" not in parts.netloc:
        return url
    host = f"[{host}]" if ":" in host else host
    return parts._replace(netloc=f"<credentials>@{host}{port}").geturl()
