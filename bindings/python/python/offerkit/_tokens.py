"""The app's token provider, seen by the library.

The app passes either an object with `async def access_token(self, reason)` (the
`AccessTokenProvider` protocol) or an async function of the reason. Whatever it raises or
returns wrongly fails the waiting call at once with `UnauthorizedError` carrying what it raised
(nothing is printed, nothing reaches the event loop's exception handler); an `OfferkitError` it
raises keeps its kind and message. `KeyboardInterrupt`, `SystemExit` and
`asyncio.CancelledError` are re-raised after that, so they still stop the loop or end the task.
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable
from typing import Protocol, Union, runtime_checkable

from . import _convert
from ._native import offerkit as _ffi
from ._errors import OfferkitError

__all__ = ["AccessTokenProvider", "TokenProvider", "TokenReason"]


class TokenReason(enum.Enum):
    """Why the client asks for a token."""

    MISSING = "missing"
    """The client has no token yet."""
    EXPIRING = "expiring"
    """The current token expires within a minute."""
    REJECTED = "rejected"
    """The service answered 401 to the current token."""


@runtime_checkable
class AccessTokenProvider(Protocol):
    """Fetches a short-lived access token, typically from the studio's own backend (which holds
    the refresh token; the app never does). Concurrent requests share one call. It runs on the
    event loop of the latest offerkit call (see `set_event_loop`) and must not call the same
    client's queries."""

    async def access_token(self, reason: TokenReason) -> str:
        """A fresh access token (the JWT text, without `Bearer `)."""
        ...


TokenProvider = Union[AccessTokenProvider, Callable[[TokenReason], Awaitable[str]]]
"""An `AccessTokenProvider`, or an async function taking the `TokenReason`."""


class HostProvider(_ffi.AccessTokenProvider):
    """The app's provider as the generated module's callback interface."""

    def __init__(self, provider: TokenProvider) -> None:
        if isinstance(provider, AccessTokenProvider):
            self._fetch: Callable[[TokenReason], Awaitable[str]] = provider.access_token
        elif callable(provider):
            self._fetch = provider
        else:
            raise TypeError(
                "token_provider must have `async def access_token(self, reason)` or be an async "
                f"function of the reason, not {type(provider).__name__}"
            )

    async def access_token(self, reason: object) -> str:
        try:
            return await self._fetch(TokenReason[getattr(reason, "name")])
        except OfferkitError as err:
            raise _convert.native_error(err) from None

    def __repr__(self) -> str:
        return "<offerkit token provider>"
