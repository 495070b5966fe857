"""`Pages`: a walk over the pages of a paged query, as an async iterator.

`async for page in client.player_offers_pages(...)` gives each page; `.items()` gives the
items of every page, one by one. A page that fails raises its `OfferkitError` and keeps the
position, so iterating again retries it. A walk that would never end (a repeated cursor, a
listing page number that does not grow, more than `ClientConfig.max_pages` pages) fails once
with `DecodeError` and ends. `aclose()` (or leaving `async with`) ends the walk early.

The walk does not know the client: the client hands it `check_open`, which raises
`ClientClosedError` once the client is closed, so each page first asks whether it still may.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from types import TracebackType
from typing import Any, Generic, TypeVar

from ._mapped import mapped

__all__ = ["Pages"]

PageT = TypeVar("PageT")
ItemT = TypeVar("ItemT")


class Pages(Generic[PageT, ItemT]):
    """The pages of one walk, in order (see the module's docstring). Calls on one walk run one
    at a time."""

    def __init__(
        self,
        check_open: Callable[[], object],
        native: Any,
        page: Callable[[Any], PageT],
        items: Callable[[PageT], tuple[ItemT, ...]],
    ) -> None:
        self._check_open = check_open
        self._native: Any = native
        self._page = page
        self._items_of = items

    def __aiter__(self) -> Pages[PageT, ItemT]:
        return self

    async def __anext__(self) -> PageT:
        if self._native is None:
            raise StopAsyncIteration
        self._check_open()
        with mapped():
            native = await self._native.next_page()
        if native is None:
            self._native = None
            raise StopAsyncIteration
        return self._page(native)

    async def items(self) -> AsyncIterator[ItemT]:
        """Every item of every page, in order (skipped items are listed in each page's
        `skipped`, not here)."""
        async for page in self:
            for item in self._items_of(page):
                yield item

    async def aclose(self) -> None:
        """Ends the walk: further iteration stops at once. Idempotent."""
        self._native = None

    async def __aenter__(self) -> Pages[PageT, ItemT]:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()

    def __repr__(self) -> str:
        return f"<offerkit.Pages {'ended' if self._native is None else 'open'}>"
