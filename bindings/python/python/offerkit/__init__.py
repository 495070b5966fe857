"""offerkit: the client of the Offer Personalization Service, for asyncio.

    import offerkit

    async with offerkit.OfferClient("https://offers.example.com", tokens) as client:
        for offer in await client.offers("player-42", limit=5):
            print(offer.name, offer.total_payout_usd)

Everything public is importable from here; the modules beginning with `_` and the generated
`offerkit.offerkit` (the uniffi layer this package adapts) are internal.
"""

from __future__ import annotations

import asyncio
from typing import Any, cast

from ._native import offerkit as _ffi
from ._client import OfferClient
from ._config import ClientConfig, Duration
from ._errors import (
    CancelledError,
    ClientClosedError,
    DecodeError,
    ForbiddenError,
    InternalError,
    InvalidArgumentError,
    InvalidCursorError,
    NetworkError,
    OfferkitError,
    QueryError,
    RateLimitedError,
    RejectedError,
    ServerError,
    TimeoutError,
    UnauthorizedError,
    UnprocessableError,
    UnsupportedMediaTypeError,
    ValidationError,
)
from ._http import HttpExecutor, HttpExecutorError, HttpFailureKind, HttpRequest, HttpResponse
from ._kinds import ErrorKind
from ._log import Logger, LogLevel, set_logger
from ._pager import Pages
from ._player_ids import check_player_id, click_url, lint_player_id, short_player_id
from ._records import (
    CachedOffers,
    ClickUrl,
    Creatives,
    FieldError,
    ListingPage,
    Offer,
    Pagination,
    PlayerIdConvention,
    PlayerOffer,
    PlayerOffersPage,
    SkippedItem,
)
from ._tokens import AccessTokenProvider, TokenProvider, TokenReason

__version__: str = _ffi.version()
"""The offerkit version this package was built from."""


def set_event_loop(loop: asyncio.AbstractEventLoop | None) -> None:
    """Pins the event loop that runs async token providers. offerkit calls the provider from
    its own worker thread, where no loop runs; by default it uses the loop of the latest
    offerkit call, which is right for an app with one loop (`asyncio.run`). An app with
    several loops pins one here; `None` goes back to the default."""
    cast(Any, _ffi).uniffi_set_event_loop(loop)


__all__ = [
    "AccessTokenProvider",
    "CachedOffers",
    "CancelledError",
    "ClickUrl",
    "ClientClosedError",
    "ClientConfig",
    "Creatives",
    "DecodeError",
    "Duration",
    "ErrorKind",
    "FieldError",
    "ForbiddenError",
    "HttpExecutor",
    "HttpExecutorError",
    "HttpFailureKind",
    "HttpRequest",
    "HttpResponse",
    "InternalError",
    "InvalidArgumentError",
    "InvalidCursorError",
    "ListingPage",
    "LogLevel",
    "Logger",
    "NetworkError",
    "Offer",
    "OfferClient",
    "OfferkitError",
    "Pages",
    "Pagination",
    "PlayerIdConvention",
    "PlayerOffer",
    "PlayerOffersPage",
    "QueryError",
    "RateLimitedError",
    "RejectedError",
    "ServerError",
    "SkippedItem",
    "TimeoutError",
    "TokenProvider",
    "TokenReason",
    "UnauthorizedError",
    "UnprocessableError",
    "UnsupportedMediaTypeError",
    "ValidationError",
    "check_player_id",
    "click_url",
    "lint_player_id",
    "set_event_loop",
    "set_logger",
    "short_player_id",
]
