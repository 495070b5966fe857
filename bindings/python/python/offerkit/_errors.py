"""The exceptions of offerkit: `OfferkitError` and one subclass per kind of the library's error
taxonomy, each a plain Python exception (keyword constructor, attributes, pickling).

Every failure of an offerkit call raises one of them; nothing else is raised for a failed call
(a wrong argument *type* is a `TypeError`, as in any Python library). All of them carry the same
attributes, `None` or empty where the kind has no such data, so a handler never has to know the
subclass to read `http_status` or `fields`.
"""

from __future__ import annotations

import builtins
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any, ClassVar

from ._kinds import ErrorKind
from ._records import FieldError

__all__ = [
    "OfferkitError",
    "InvalidArgumentError",
    "UnauthorizedError",
    "ForbiddenError",
    "ValidationError",
    "QueryError",
    "InvalidCursorError",
    "UnsupportedMediaTypeError",
    "UnprocessableError",
    "RateLimitedError",
    "ServerError",
    "NetworkError",
    "TimeoutError",
    "CancelledError",
    "ClientClosedError",
    "DecodeError",
    "InternalError",
    "RejectedError",
]


class OfferkitError(Exception):
    """Every failure of an offerkit call; catch a subclass for one kind.

    Attributes (the same on every subclass; `None` or empty where the kind has no such data):

    - `kind`: the `ErrorKind` (also given by the subclass).
    - `message`: the complete readable text, also `str(error)`.
    - `http_status`: the HTTP status of the response, when one arrived: GraphQL errors on a
      200 or a 4xx, a `NetworkError` or `TimeoutError` after the status line, a `DecodeError`
      of a 200 or of a pager page that repeated a cursor (`None` without a response, e.g. when
      the token provider failed or a walk stopped at `max_pages`).
    - `fields`: per failing argument or field, its messages (`InvalidArgumentError`,
      `ValidationError`, `UnprocessableError`).
    - `retry_after`: the service's `Retry-After`, as sent (`RateLimitedError`, `ServerError`).
    - `reason`: the service's explanation of a refused cursor (`InvalidCursorError`).
    - `response`: the whole GraphQL response of a GraphQL error, as a dict.

    Raise one from a token provider to fail the waiting call with that kind and message.
    """

    kind: ClassVar[ErrorKind]

    message: str
    http_status: int | None
    fields: tuple[FieldError, ...]
    retry_after: timedelta | None
    reason: str | None
    response: dict[str, Any] | None

    def __init__(
        self,
        message: str,
        *,
        http_status: int | None = None,
        fields: Sequence[FieldError] = (),
        retry_after: timedelta | float | None = None,
        reason: str | None = None,
        response: Mapping[str, Any] | None = None,
    ) -> None:
        if type(self) is OfferkitError:
            raise TypeError("OfferkitError is the base class: raise one of its subclasses")
        super().__init__(message)
        self.message = message
        self.http_status = http_status
        self.fields = tuple(fields)
        if retry_after is not None and not isinstance(retry_after, timedelta):
            retry_after = timedelta(seconds=retry_after)
        self.retry_after = retry_after
        self.reason = reason
        self.response = None if response is None else dict(response)

    def __str__(self) -> str:
        return self.message

    def _data(self) -> dict[str, Any]:
        """The keyword arguments that rebuild this error (those not at their default)."""
        data: dict[str, Any] = {}
        if self.http_status is not None:
            data["http_status"] = self.http_status
        if self.fields:
            data["fields"] = self.fields
        if self.retry_after is not None:
            data["retry_after"] = self.retry_after
        if self.reason is not None:
            data["reason"] = self.reason
        if self.response is not None:
            data["response"] = self.response
        return data

    def __repr__(self) -> str:
        args = [repr(self.message)] + [f"{name}={value!r}" for name, value in self._data().items()]
        return f"{type(self).__name__}({', '.join(args)})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.message, self._data()))


def _rebuild(cls: type[OfferkitError], message: str, data: dict[str, Any]) -> OfferkitError:
    """Unpickles an error: its class called with its message and keyword arguments."""
    return cls(message, **data)


class InvalidArgumentError(OfferkitError, ValueError):
    """A value the service's rules reject; nothing was sent. `fields` names each argument and
    why (for a `ClientConfig`, one entry with path `("config",)` naming every setting out of
    its bounds by its `ClientConfig` field: `timeout`, `deadline`, `max_pages`, `max_retries`,
    `cache_ttl`, `cache_max_stale`). Also a `ValueError`."""

    kind = ErrorKind.INVALID_ARGUMENT


class UnauthorizedError(OfferkitError):
    """HTTP 401 (a replacement token did not help), no token at all, or the token provider
    failed: raised, returned something that is not a token, or returned an empty one
    (`http_status` is then `None` and the message carries what it raised)."""

    kind = ErrorKind.UNAUTHORIZED


class ForbiddenError(OfferkitError):
    """HTTP 403: the token lacks the required scope."""

    kind = ErrorKind.FORBIDDEN


class ValidationError(OfferkitError):
    """GraphQL validation errors: `fields` has one entry per failing field with every
    argument's messages; `response` is the whole GraphQL response."""

    kind = ErrorKind.VALIDATION


class QueryError(OfferkitError):
    """GraphQL query errors (unknown field, missing argument, syntax); `response` is the whole
    GraphQL response."""

    kind = ErrorKind.QUERY


class InvalidCursorError(OfferkitError):
    """`player_offers` got a cursor the service did not issue; `reason` is its explanation."""

    kind = ErrorKind.INVALID_CURSOR


class UnsupportedMediaTypeError(OfferkitError):
    """HTTP 415."""

    kind = ErrorKind.UNSUPPORTED_MEDIA_TYPE


class UnprocessableError(OfferkitError):
    """HTTP 422, with the body's per-field messages in `fields` (one entry, empty path)."""

    kind = ErrorKind.UNPROCESSABLE


class RateLimitedError(OfferkitError):
    """HTTP 429; `retry_after` is the service's `Retry-After`, when it sent one."""

    kind = ErrorKind.RATE_LIMITED


class ServerError(OfferkitError):
    """HTTP 5xx after the retries. `retry_after` is the service's `Retry-After`, when it sent
    one; a wait that would end past the call's deadline is not made (the call fails at once)."""

    kind = ErrorKind.SERVER


class NetworkError(OfferkitError, builtins.ConnectionError):
    """The connection failed or broke (after the retries), or the proxy was unreachable. Also
    a `ConnectionError`."""

    kind = ErrorKind.NETWORK


class TimeoutError(OfferkitError, builtins.TimeoutError):
    """An attempt took longer than `ClientConfig.timeout`, or the whole call longer than
    `ClientConfig.deadline` (the message says which). Also the built-in `TimeoutError`, so
    `except TimeoutError` catches it whichever of the two names is in scope."""

    kind = ErrorKind.TIMEOUT


class CancelledError(OfferkitError):
    """`OfferClient.cancel_all()` or `aclose()` ended the call while it ran. Not
    `asyncio.CancelledError`: cancelling the awaiting task raises that one, as usual."""

    kind = ErrorKind.CANCELLED


class ClientClosedError(CancelledError):
    """A call on an `OfferClient` (or one of its pagers) after `aclose()`."""


class DecodeError(OfferkitError):
    """The response was not what the service's spec describes (not JSON, truncated,
    oversized, every item of a list malformed), or a pager's walk did not end (a repeated
    cursor, a page number that does not grow, more than `ClientConfig.max_pages` pages).
    `http_status` is set whenever a response arrived (a repeated cursor or a page number that
    does not grow: the page's status); past `max_pages` nothing is requested, so it is `None`."""

    kind = ErrorKind.DECODE


class InternalError(OfferkitError):
    """A bug inside offerkit (for example a caught panic)."""

    kind = ErrorKind.INTERNAL


class RejectedError(OfferkitError):
    """The service refused the request with a status its spec does not name (400, 404, 405,
    409, ...) or a redirect (never followed): usually a wrong `base_url` or path prefix. Not
    retried, never answered from the cache."""

    kind = ErrorKind.REJECTED


ERROR_CLASSES: dict[ErrorKind, type[OfferkitError]] = {
    cls.kind: cls
    for cls in (
        InvalidArgumentError,
        UnauthorizedError,
        ForbiddenError,
        ValidationError,
        QueryError,
        InvalidCursorError,
        UnsupportedMediaTypeError,
        UnprocessableError,
        RateLimitedError,
        ServerError,
        NetworkError,
        TimeoutError,
        CancelledError,
        DecodeError,
        InternalError,
        RejectedError,
    )
}
"""The class raised for each kind."""
