"""Conversions between the generated uniffi module (`offerkit.offerkit`) and the records,
enums and exceptions of this package. Conversions only: what the library decides stays in the
library.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from . import _json
from ._native import offerkit as _ffi
from ._errors import ERROR_CLASSES, OfferkitError
from ._kinds import ErrorKind
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


def offer(native: Any) -> Offer:
    creatives = native.creatives
    return Offer(
        native.id,
        native.name,
        native.total_payout_usd,
        None
        if creatives is None
        else Creatives(creatives.name, creatives.description, _json.loads(creatives.extra_json)),
        _json.loads(native.extra_json),
    )


def offers(natives: Iterable[Any]) -> list[Offer]:
    return [offer(n) for n in natives]


def offers_from_json(text: str) -> list[Offer]:
    """The offers of `OfferClient.offers_json`: one array per offer, `[id, name,
    total_payout_usd, creatives, extra]`, creatives `null` or `[name, description, extra]`."""
    return [
        Offer(id, name, payout, None if c is None else Creatives(c[0], c[1], c[2]), extra)
        for id, name, payout, c, extra in _json.loads(text)
    ]


def skipped(natives: Iterable[Any]) -> tuple[SkippedItem, ...]:
    return tuple(SkippedItem(n.index, n.id, n.reason) for n in natives)


def player_offers_page(native: Any) -> PlayerOffersPage:
    return PlayerOffersPage(
        tuple(PlayerOffer(i.id, i.name, i.status, _json.loads(i.extra_json)) for i in native.items),
        native.next_cursor,
        skipped(native.skipped),
        _json.loads(native.extra_json),
    )


def listing_page(native: Any) -> ListingPage:
    p = native.pagination
    return ListingPage(
        tuple(offers(native.offers)),
        None if p is None else Pagination(p.current_page, p.per_page, p.has_more_pages, p.next_page),
        skipped(native.skipped),
    )


def cached_offers(native: Any) -> CachedOffers:
    return CachedOffers(
        tuple(offers(native.offers)),
        skipped(native.skipped),
        native.from_cache,
        native.stale,
        timedelta(milliseconds=native.age_ms),
    )


def conventions(natives: Iterable[Any]) -> list[PlayerIdConvention]:
    return [PlayerIdConvention[n.name] for n in natives]


def click_url(native: Any) -> ClickUrl:
    return ClickUrl(native.url, tuple(conventions(native.warnings)))


def field_errors(natives: Iterable[Any]) -> tuple[FieldError, ...]:
    return tuple(
        FieldError(tuple(f.path), {name: tuple(messages) for name, messages in f.arguments.items()})
        for f in natives
    )


def error(native: Exception) -> OfferkitError:
    """The package's exception for the generated module's `OfferError` variant `native`."""
    cls = ERROR_CLASSES[ErrorKind[_VARIANT_KINDS[type(native).__name__]]]
    retry_after_secs = getattr(native, "retry_after_secs", None)
    response_json = getattr(native, "response_json", None)
    response = None
    if response_json is not None:
        decoded = _json.loads(response_json)
        response = decoded if isinstance(decoded, dict) else {"response": decoded}
    return cls(
        getattr(native, "detail", str(native)),
        http_status=getattr(native, "http_status", None),
        fields=field_errors(getattr(native, "fields", ())),
        retry_after=None if retry_after_secs is None else timedelta(seconds=retry_after_secs),
        reason=getattr(native, "reason", None),
        response=response,
    )


def native_error(err: OfferkitError) -> Exception:
    """The generated module's `OfferError` variant for `err`, as a token provider raises it:
    the library keeps its kind and message."""
    variant = getattr(_ffi.OfferError, _KIND_VARIANTS[err.kind.name])
    data: dict[str, Any] = {}
    for name in inspect.signature(variant).parameters:
        if name == "detail":
            data[name] = err.message
        elif name == "fields":
            data[name] = []
        else:
            data[name] = None
    exception: Exception = variant(**data)
    return exception


# Variant names of the generated `OfferError` (`RateLimited`) and the kinds' names (`RATE_LIMITED`).
_KIND_VARIANTS = {kind.name: "".join(w.title() for w in kind.name.split("_")) for kind in ErrorKind}
_VARIANT_KINDS = {variant: kind for kind, variant in _KIND_VARIANTS.items()}
