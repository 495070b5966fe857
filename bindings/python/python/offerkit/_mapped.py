"""`mapped()`: the one place where the generated module's `OfferError` becomes this package's
`OfferkitError`, so every call into the library translates its failures the same way.

    with mapped():
        text = await native.offers_json(player_id, options)

The generated exception is suppressed as context (as `raise ... from None` does): a traceback
shows the package's exception only. Any other exception passes through untouched.
"""

from __future__ import annotations

from types import TracebackType

from ._native import offerkit as _ffi
from ._convert import error

__all__ = ["mapped"]


class _Mapped:
    """Stateless, so one instance serves every `with` (nested, concurrent, across threads)."""

    __slots__ = ()

    def __enter__(self) -> None:
        return None

    # Returns `None`, never `True`: no exception is swallowed, which mypy also relies on.
    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if isinstance(exc, _ffi.OfferError):
            raise error(exc) from None


_MAPPED = _Mapped()


def mapped() -> _Mapped:
    """A context manager that raises the package's exception for a generated `OfferError`."""
    return _MAPPED
