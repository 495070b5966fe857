"""The records offerkit returns: frozen dataclasses with real fields.

Sequences are tuples and JSON objects dicts, so `dataclasses.asdict` gives plain Python data
and `==` compares values. A record is hashable when its fields are; JSON objects (`extra`,
`FieldError.arguments`) are left out of the hash (they still take part in `==`), so every
record here can go into a set or be a dict key.

A typed field is `None` when the caller's `selection` did not ask for it (or the service left
out a field no selection required). With the default selections every typed field is present:
an item lacking one is skipped instead and listed in its page's `skipped`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

__all__ = [
    "Creatives",
    "Offer",
    "PlayerOffer",
    "PlayerOffersPage",
    "Pagination",
    "ListingPage",
    "CachedOffers",
    "SkippedItem",
    "FieldError",
    "PlayerIdConvention",
    "ClickUrl",
]


@dataclass(frozen=True, slots=True)
class Creatives:
    """An offer's creative texts."""

    name: str | None
    description: str | None
    extra: dict[str, Any] = field(default_factory=dict, hash=False)
    """Other creative fields a `select` asked for (e.g. `icon_url`), as the service sent them."""


@dataclass(frozen=True, slots=True)
class Offer:
    """One targeted offer."""

    id: str | None
    """Identifier (a long digit string)."""
    name: str | None
    total_payout_usd: float | None
    """Payout in USD."""
    creatives: Creatives | None
    extra: dict[str, Any] = field(default_factory=dict, hash=False)
    """Every other field the service returned, exactly as sent and in its order (`{}` when
    none), e.g. `{"links": {"click_url": "..."}}` after `select="links { click_url }"`. A typed
    field the service sent in an unusable form that no selection required is here too."""


@dataclass(frozen=True, slots=True)
class PlayerOffer:
    """An offer the player has engaged with."""

    id: str | None
    name: str | None
    status: str | None
    """`"in_progress"` or `"completed"`."""
    extra: dict[str, Any] = field(default_factory=dict, hash=False)
    """The other fields returned (payout, creatives, last activity, ...)."""


@dataclass(frozen=True, slots=True)
class SkippedItem:
    """An item of a list the service sent malformed, left out of the list."""

    index: int
    """0-based position in the list as the service sent it."""
    id: str | None
    """The item's `id`, when it had a usable one."""
    reason: str
    """Why, e.g. `name is null`."""


@dataclass(frozen=True, slots=True)
class PlayerOffersPage:
    """One page of `player_offers`."""

    items: tuple[PlayerOffer, ...]
    """The items of the one list the selection names beside `next_cursor` (`items` by default)."""
    next_cursor: str | None
    """Pass as `after` for the next page; `None` on the last page (or when a replaced
    selection leaves `next_cursor` out)."""
    skipped: tuple[SkippedItem, ...] = ()
    """Items of the page left out because they were malformed."""
    extra: dict[str, Any] = field(default_factory=dict, hash=False)
    """Other fields of the page a replaced selection asked for."""


@dataclass(frozen=True, slots=True)
class Pagination:
    """The pagination of one page of the listing."""

    current_page: int
    per_page: int
    has_more_pages: bool
    next_page: int | None


@dataclass(frozen=True, slots=True)
class ListingPage:
    """One answer of the `GET /v1/offers` listing."""

    offers: tuple[Offer, ...]
    pagination: Pagination | None
    """Present when `per_page` was given."""
    skipped: tuple[SkippedItem, ...] = ()
    """Items left out because they were not objects (the listing requires no field)."""


@dataclass(frozen=True, slots=True)
class CachedOffers:
    """`offers` in detail (see `OfferClient.offers_cached`)."""

    offers: tuple[Offer, ...]
    skipped: tuple[SkippedItem, ...]
    """Items of the answer left out because they were malformed."""
    from_cache: bool
    """Answered from memory (fresh within `ClientConfig.cache_ttl`, or stale)."""
    stale: bool
    """A cached answer returned because a refresh failed with a network, timeout, server
    (5xx) or rate-limited (429) error."""
    age: timedelta
    """Age of the answer (zero when it came from the network just now)."""


@dataclass(frozen=True, slots=True)
class FieldError:
    """One failing argument or field of an `InvalidArgumentError`, `ValidationError` or
    `UnprocessableError`."""

    path: tuple[str, ...]
    """Where: e.g. `("offers",)`, `("config",)`; empty for an HTTP 422 form error."""
    arguments: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)
    """Per argument name, its messages."""


class PlayerIdConvention(enum.Enum):
    """A break of the platform's player-id conventions: reported, never rejected (the service
    accepts such ids, but the id must be the one used at click time)."""

    UPPERCASE = "uppercase"
    """Contains uppercase letters."""
    PERIOD = "period"
    """Contains periods."""
    SPACE = "space"
    """Contains white space."""
    OTHER_CHARACTER = "other_character"
    """Contains anything else that is not a lowercase ASCII letter, digit, `-` or `_`."""


@dataclass(frozen=True, slots=True)
class ClickUrl:
    """A tracking URL and the conventions the player's id breaks (empty: none)."""

    url: str
    warnings: tuple[PlayerIdConvention, ...] = ()
