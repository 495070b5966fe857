"""Calls whose answers the event loop collects itself: how `OfferClient` runs the calls that
answer with one text (`offers`, `links`, `graphql`) wherever the loop can watch a file
descriptor.

The generated coroutines follow uniffi's async protocol: the library wakes the loop from its own
thread through a ctypes callback at every poll of the call (the GIL taken on a foreign thread,
`call_soon_threadsafe`, one more loop turn to poll again; BENCHMARKS.md measures the
difference). Here the library writes one byte to a socket the loop watches (`loop.add_reader`)
when calls finish, and the loop collects them with one plain call (one more for a failed
call's error); no Python runs on the library's thread.

One queue (`Completions`) per event loop, made on the loop's first call and dropped with the
loop. Where the loop cannot watch a descriptor (Windows' proactor loop) or the library has no
socket pair (Windows), `watcher()` gives `None` and the generated coroutines serve.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

from ._native import offerkit as _ffi

__all__ = ["Watcher", "text_call", "watcher"]

# Off in tests that check the generated coroutines give the same answers.
enabled = True

# The generated module's constructor and its loop lookup, which carry no annotations.
_new_queue: Callable[[], Any] = _ffi.Completions
_note_loop: Callable[[], object] = _ffi._uniffi_get_event_loop

_WATCHERS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Watcher | None] = (
    weakref.WeakKeyDictionary()
)


class Watcher:
    """The loop's queue of finished calls and the futures waiting for them."""

    # No reference to the loop: `_WATCHERS` holds this as the value of a weak key, the loop.
    __slots__ = ("_queue", "_waiting")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._queue = _new_queue()
        self._waiting: dict[int, asyncio.Future[str]] = {}
        loop.add_reader(self._queue.fd(), self._collect)

    async def call(self, start: Callable[..., int], *args: Any) -> str:
        """Starts a call (`start(queue, *args)` returns its id) and waits for its text. The
        call's `OfferError` is raised as the generated exception (for `mapped()`). Cancelling
        the waiting task cancels the call and its request."""
        # The loop that the library's calls into Python (async token providers and HTTP
        # executors, run from its thread) use: the one of the latest call, as for the
        # generated coroutines.
        _note_loop()
        call_id = start(self._queue, *args)
        future: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self._waiting[call_id] = future
        try:
            return await future
        finally:
            # Still waiting: the task was cancelled (or the loop is going away).
            if self._waiting.pop(call_id, None) is not None:
                self._queue.cancel(call_id)

    def _collect(self) -> None:
        queue = self._queue
        for call_id, text in queue.finished().items():
            future = self._waiting.pop(call_id, None)
            if text is not None:
                if future is not None and not future.done():
                    future.set_result(text)
                continue
            try:
                queue.raise_failure(call_id)  # also when nobody waits: the error is let go
            except _ffi.OfferError as exc:
                if future is not None and not future.done():
                    future.set_exception(exc)


def watcher() -> Watcher | None:
    """The running loop's watcher, made on first use; `None` where the loop or the platform
    cannot watch a descriptor (then the generated coroutines are used)."""
    if not enabled:
        return None
    loop = asyncio.get_running_loop()
    try:
        return _WATCHERS[loop]
    except KeyError:
        pass
    except TypeError:  # a loop that cannot be weakly referenced: no place to keep its queue
        return None
    made: Watcher | None
    try:
        made = Watcher(loop)
    except (NotImplementedError, _ffi.OfferError):
        made = None
    _WATCHERS[loop] = made
    return made


async def text_call(
    generated: Callable[..., Awaitable[str]], started: Callable[..., int], *args: Any
) -> str:
    """A call that answers with one text: through the running loop's completion socket
    (`started(queue, *args)`) where it has one, else the generated coroutine
    (`generated(*args)`). Raises the generated exception (for `mapped()`)."""
    watching = watcher()
    if watching is None:
        return await generated(*args)
    return await watching.call(started, *args)
