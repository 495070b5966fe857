"""Bring your own HTTP: the app's own stack (aiohttp, httpx, the standard library) carries
offerkit's requests, one attempt at a time.

Everything above one attempt stays in the library: the headers, retries, `Retry-After`, the
call's deadline, the token flow, redirect refusal, the body cap and the mapping of every failure
to an `OfferkitError`. The executor's contract:

- send exactly the method, URL, headers and body given, and never follow a redirect (answer the
  3xx as it is: offerkit refuses it with its `Location` in the message);
- answer with the status, the headers and the whole body after transfer decoding (offerkit sends
  no `Accept-Encoding`; a stack that adds one must decompress);
- give up after `request.timeout` by raising `HttpExecutorError(HttpFailureKind.TIMEOUT, ...)`
  (offerkit stops waiting half a second later in any case);
- a connection, DNS or TLS failure (a refused certificate included) is `HttpFailureKind.NETWORK`.

Anything else the executor raises fails that attempt as a network failure carrying its text (and
is retried like one); nothing is printed. Cancelling a call cancels the executor's coroutine.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import timedelta
from typing import Protocol, runtime_checkable

from ._native import offerkit as _ffi

__all__ = ["HttpExecutor", "HttpExecutorError", "HttpFailureKind", "HttpRequest", "HttpResponse"]


class HttpFailureKind(enum.Enum):
    """Why an attempt got no complete answer."""

    NETWORK = "network"
    """No connection, DNS or TLS failure, or the connection broke before the answer was whole."""
    TIMEOUT = "timeout"
    """The attempt took longer than `HttpRequest.timeout`."""
    TOO_LARGE = "too_large"
    """The body is longer than `HttpRequest.max_response_bytes`."""


class HttpExecutorError(Exception):
    """Raised by an executor for an attempt that got no complete answer. `http_status`: the
    status, when the failure came after it (a body that broke off)."""

    def __init__(self, kind: HttpFailureKind, message: str, *, http_status: int | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.http_status = http_status

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.kind, self.message, self.http_status))


def _rebuild(kind: HttpFailureKind, message: str, http_status: int | None) -> HttpExecutorError:
    return HttpExecutorError(kind, message, http_status=http_status)


@dataclass(frozen=True, slots=True)
class HttpRequest:
    """One attempt to send. The `authorization` header carries the access token: never log it
    (this class's `repr` hides it)."""

    method: str
    """`"GET"` or `"POST"`."""
    url: str
    headers: tuple[tuple[str, str], ...]
    """Header names and values, in the order to send them."""
    body: bytes | None
    timeout: timedelta
    """How long this attempt may take, body included."""
    max_response_bytes: int

    def header(self, name: str) -> str | None:
        """The value of header `name` (any case), or None."""
        lowered = name.lower()
        return next((v for n, v in self.headers if n.lower() == lowered), None)

    def __repr__(self) -> str:
        shown = tuple((n, "***" if n.lower() == "authorization" else v) for n, v in self.headers)
        size = None if self.body is None else len(self.body)
        return (
            f"HttpRequest(method={self.method!r}, url={self.url!r}, headers={shown!r}, "
            f"body_bytes={size!r}, timeout={self.timeout!r})"
        )


@dataclass(frozen=True, slots=True)
class HttpResponse:
    """A complete answer."""

    status: int
    headers: tuple[tuple[str, str], ...]
    body: bytes


@runtime_checkable
class HttpExecutor(Protocol):
    """The app's HTTP stack, as offerkit uses it (see the module's contract)."""

    async def execute(self, request: HttpRequest) -> HttpResponse:
        """Sends `request` once and answers with the whole response."""
        ...


_KINDS = {
    HttpFailureKind.NETWORK: "Network",
    HttpFailureKind.TIMEOUT: "Timeout",
    HttpFailureKind.TOO_LARGE: "TooLarge",
}


class HostExecutor(_ffi.HttpExecutor):
    """The app's executor as the generated module's callback interface."""

    def __init__(self, executor: HttpExecutor) -> None:
        if not isinstance(executor, HttpExecutor):
            raise TypeError(
                f"http_executor must have `async def execute(self, request)`, not {type(executor).__name__}"
            )
        self._executor = executor

    async def execute(self, request: _ffi.HttpRequest) -> _ffi.HttpResponse:
        mine = HttpRequest(
            method=request.method,
            url=request.url,
            headers=tuple((h.name, h.value) for h in request.headers),
            body=None if request.body is None else bytes(request.body),
            timeout=timedelta(milliseconds=request.timeout_ms),
            max_response_bytes=request.max_response_bytes,
        )
        try:
            response = await self._executor.execute(mine)
        except HttpExecutorError as err:
            variant = getattr(_ffi.HttpExecutorError, _KINDS[err.kind])
            raise variant(detail=err.message, http_status=err.http_status) from None
        if not isinstance(response, HttpResponse):
            raise TypeError(f"the HTTP executor returned {type(response).__name__}, not HttpResponse")
        return _ffi.HttpResponse(
            status=response.status,
            headers=[_ffi.HttpHeader(name=n, value=v) for n, v in response.headers],
            body=bytes(response.body),
        )

    def __repr__(self) -> str:
        return "<offerkit HTTP executor>"
