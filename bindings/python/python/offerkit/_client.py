"""`OfferClient`: the queries of the Offer Personalization Service as coroutines.

A thin adapter over the generated module's client: arguments become the library's options,
answers become this package's records, the generated exceptions this package's. Cancelling the
awaiting task cancels the HTTP request.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import TracebackType
from typing import Any

from . import _completions, _convert, _json
from ._native import offerkit as _ffi
from ._config import SETTING_NAMES, ClientConfig, millis
from ._mapped import mapped
from ._errors import ClientClosedError
from ._pager import Pages
from ._records import CachedOffers, ListingPage, Offer, PlayerOffer, PlayerOffersPage
from ._http import HostExecutor, HttpExecutor
from ._tokens import HostProvider, TokenProvider

__all__ = ["OfferClient"]


class OfferClient:
    """A client of the Offer Personalization Service. Share one per app: calls may run
    concurrently from any coroutine; each call is bounded by `ClientConfig.deadline`.

        async with offerkit.OfferClient("https://offers.example.com", token_provider) as client:
            offers = await client.offers("player-42", limit=5)

    Leaving `async with` (or `await client.aclose()`) cancels the calls still running (they
    raise `CancelledError`); calls made afterwards raise `ClientClosedError`.

    `token_provider` is asked for a token when the client has none, ahead of expiry, and once
    after a 401. `http_executor`: the app's own HTTP stack carries the requests instead of the
    library's (see `HttpExecutor`; `proxy_url` and `extra_root_pem` are then refused: they belong
    to that stack). Raises `InvalidArgumentError` for a bad base address, scheme, proxy or root
    certificate, or settings out of their bounds (`fields` names every one of them at once).
    """

    def __init__(
        self,
        config: ClientConfig | str,
        token_provider: TokenProvider | None = None,
        *,
        http_executor: HttpExecutor | None = None,
    ) -> None:
        if isinstance(config, str):
            config = ClientConfig(config)
        provider = None if token_provider is None else HostProvider(token_provider)
        executor = None if http_executor is None else HostExecutor(http_executor)
        native_config = _ffi.ClientConfig(
            base_url=config.base_url,
            timeout_ms=millis("timeout", config.timeout),
            deadline_ms=millis("deadline", config.deadline),
            max_pages=config.max_pages,
            proxy_url=config.proxy_url,
            max_retries=config.max_retries,
            extra_root_pem=list(config.extra_root_pem),
            allow_insecure_http=config.allow_insecure_http,
            access_token=config.access_token,
            user_agent=config.user_agent,
            cache_ttl_ms=None if config.cache_ttl is None else millis("cache_ttl", config.cache_ttl),
            cache_max_stale_ms=millis("cache_max_stale", config.cache_max_stale),
        )
        self._base_url = config.base_url
        self._native: Any = None
        with mapped():
            _ffi.check_client_config(native_config, SETTING_NAMES)
            self._native = _ffi.OfferClient(native_config, provider, executor)

    def _check_open(self) -> Any:
        """The generated client; `ClientClosedError` after `aclose()`."""
        native = self._native
        if native is None:
            raise ClientClosedError("the OfferClient is closed")
        return native

    # Lifecycle

    async def aclose(self) -> None:
        """Closes the client: calls still running fail with `CancelledError`, later calls and
        pagers raise `ClientClosedError`. Idempotent."""
        self.close()

    def close(self) -> None:
        """`aclose()` for code outside a coroutine."""
        native, self._native = self._native, None
        if native is not None:
            native.cancel_all()

    @property
    def closed(self) -> bool:
        """Whether `aclose()` was called."""
        return self._native is None

    async def __aenter__(self) -> OfferClient:
        self._check_open()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()

    def __repr__(self) -> str:
        return f"<offerkit.OfferClient {self._base_url!r}{' closed' if self.closed else ''}>"

    # Tokens, cancellation, cache

    def set_access_token(self, token: str | None) -> None:
        """Replaces the access token (its JWT `exp` is read); `None` forgets it. Safe from any
        thread, at any time."""
        self._check_open().set_access_token(token)

    def cancel_all(self) -> None:
        """Cancels every call of this client (and its pagers) running now: they raise
        `CancelledError`. Later calls are not affected."""
        self._check_open().cancel_all()

    def invalidate(self, player_id: str) -> None:
        """Forgets every cached answer for `player_id` (does nothing without a cache)."""
        self._check_open().invalidate(player_id)

    def clear_cache(self) -> None:
        """Forgets every cached answer (does nothing without a cache)."""
        self._check_open().clear_cache()

    # Queries

    async def offers(
        self,
        player_id: str,
        *,
        limit: int | None = None,
        language: str | None = None,
        sort: str | None = None,
        select: str | None = None,
        selection: str | None = None,
    ) -> list[Offer]:
        """All targeted offers for `player_id`. A malformed offer is left out (and logged as a
        warning); `offers_cached` says which and why.

        - `limit`: at most this many (at least 1); `None`: no limit.
        - `language`: 2 to 5 characters (`en`, `de`, `zh-HK`); `None`: the service's default.
        - `sort`: `epc.asc`, `epc.desc`, `last_activation.asc` or `last_activation.desc`.
        - `select`: GraphQL fields *added* to the selection, e.g. `"links { click_url }"`; they
          arrive in `Offer.extra`.
        - `selection`: the whole offer selection, *replacing* the default
          `id name total_payout_usd creatives { name description }` (`select` is then added
          to it). The typed fields it names are required in every offer (an offer lacking
          one is skipped); those it leaves out are `None`.
        """
        options = _ffi.OffersOptions(
            limit=limit, language=language, sort=sort, select=select, selection=selection
        )
        native = self._check_open()
        with mapped():
            # One JSON text, decoded by `json` in C: lifting the records field by field in
            # Python cost about 4 µs an offer, this 1 µs (see BENCHMARKS.md).
            text = await _completions.text_call(
                native.offers_json, native.offers_json_started, player_id, options
            )
        return _convert.offers_from_json(text)

    async def offers_cached(
        self,
        player_id: str,
        *,
        limit: int | None = None,
        language: str | None = None,
        sort: str | None = None,
        select: str | None = None,
        selection: str | None = None,
    ) -> CachedOffers:
        """`offers` in detail (same arguments): the items skipped as malformed, whether the
        answer came from the response cache (see `ClientConfig.cache_ttl`), whether it is a
        stale answer bridging an outage, and its age."""
        options = _ffi.OffersOptions(
            limit=limit, language=language, sort=sort, select=select, selection=selection
        )
        with mapped():
            native = await self._check_open().offers_cached(player_id, options)
        return _convert.cached_offers(native)

    async def links(
        self, player_id: str, *, select: str | None = None, selection: str | None = None
    ) -> dict[str, Any]:
        """The tracking links for `player_id`, as the service returned them. The default
        selection is `support_portal`; `select` adds fields to it (`"offerwall"` gives both),
        `selection` replaces it (`select` is then added to that)."""
        native = self._check_open()
        with mapped():
            text = await _completions.text_call(
                native.links, native.links_started, player_id, select, selection
            )
        links: dict[str, Any] = _json.loads(text)
        return links

    async def player_offers(
        self,
        player_id: str,
        *,
        limit: int | None = None,
        after: str | None = None,
        language: str | None = None,
        select: str | None = None,
        selection: str | None = None,
    ) -> PlayerOffersPage:
        """One page of the offers `player_id` has engaged with; malformed items are left out
        and listed in the page's `skipped`.

        - `limit`: items per page, 1 to 100 (the service's default: 50).
        - `after`: a `next_cursor` from a previous page of the same query.
        - `language`: 2 to 5 characters.
        - `select`: GraphQL fields added to each item's default selection (into `extra`).
        - `selection`: the whole `playerOffers` selection, replacing the default, e.g.
          `"offers: items { id } next_cursor"`: items are read from the one list field it names
          beside `next_cursor` (leave `next_cursor` out and there is no next page). Not
          together with `select` (`InvalidArgumentError`).
        """
        options = _ffi.PlayerOffersOptions(
            language=language, limit=limit, after=after, select=select, selection=selection
        )
        with mapped():
            native = await self._check_open().player_offers(player_id, options)
        return _convert.player_offers_page(native)

    def player_offers_pages(
        self,
        player_id: str,
        *,
        limit: int | None = None,
        after: str | None = None,
        language: str | None = None,
        select: str | None = None,
        selection: str | None = None,
    ) -> Pages[PlayerOffersPage, PlayerOffer]:
        """Every page of `player_offers` (same arguments), from `after` or the first page:
        `async for page in client.player_offers_pages(id)`, or `.items()` for the items. The
        arguments are checked now (`InvalidArgumentError`)."""
        options = _ffi.PlayerOffersOptions(
            language=language, limit=limit, after=after, select=select, selection=selection
        )
        with mapped():
            native = self._check_open().player_offers_pager(player_id, options)
        return Pages(self._check_open, native, _convert.player_offers_page, _player_offers_items)

    async def list_offers(self, *, per_page: int | None = None, page: int | None = None) -> ListingPage:
        """The `GET /v1/offers` listing: every offer at once, or with `per_page` (1 to 100)
        the page `page` (from 1; default 1) of `per_page` offers with its `pagination`."""
        options = _ffi.ListingOptions(per_page=per_page, page=page)
        with mapped():
            native = await self._check_open().list_offers(options)
        return _convert.listing_page(native)

    def listing_pages(self, per_page: int) -> Pages[ListingPage, Offer]:
        """Every page of the listing, `per_page` offers at a time, from page 1:
        `async for page in client.listing_pages(20)`, or `.items()` for the offers."""
        with mapped():
            native = self._check_open().listing_pager(per_page)
        return Pages(self._check_open, native, _convert.listing_page, _listing_items)

    async def graphql(self, query: str, variables: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Runs any GraphQL document and returns its `data`. `variables` must be
        JSON-serializable (`TypeError` otherwise). A non-empty `errors` array raises the mapped
        error (`ValidationError`, `QueryError`, ...), whose `response` holds the whole response."""
        if variables is not None and not isinstance(variables, Mapping):
            raise TypeError(f"variables must be a mapping, not {type(variables).__name__}")
        variables_json = None if variables is None else json.dumps(dict(variables))
        native = self._check_open()
        with mapped():
            text = await _completions.text_call(
                native.graphql, native.graphql_started, query, variables_json
            )
        data: dict[str, Any] = _json.loads(text)
        return data


def _player_offers_items(page: PlayerOffersPage) -> tuple[PlayerOffer, ...]:
    return page.items


def _listing_items(page: ListingPage) -> tuple[Offer, ...]:
    return page.offers
