"""`ErrorKind`: the kinds of offerkit's one error taxonomy, as a Python enum.

Each value is the kind's name in every offerkit binding and in the library's messages
(`"rate_limited"`), so a kind can be logged, compared and stored as text.
"""

from __future__ import annotations

import enum

__all__ = ["ErrorKind"]


class ErrorKind(enum.Enum):
    """The kind of an `OfferkitError` (`error.kind`), for code that handles errors generically."""

    INVALID_ARGUMENT = "invalid_argument"
    UNAUTHORIZED = "unauthorized"
    FORBIDDEN = "forbidden"
    VALIDATION = "validation"
    QUERY = "query"
    INVALID_CURSOR = "invalid_cursor"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"
    UNPROCESSABLE = "unprocessable"
    RATE_LIMITED = "rate_limited"
    SERVER = "server"
    NETWORK = "network"
    TIMEOUT = "timeout"
    CANCELLED = "cancelled"
    DECODE = "decode"
    INTERNAL = "internal"
    REJECTED = "rejected"
