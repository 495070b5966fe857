"""Log forwarding: offerkit's log records, handed to the app's logger.

Nothing is logged until `set_logger` is called; tokens are never logged. Either a `Logger`
(any object with `log(level, target, message)`) or a standard `logging.Logger`, which then
receives each record on its child named after the record's source (`offerkit.transport`) at
the matching `logging` level. Whatever a logger raises is ignored and
that record dropped: the call that was logging goes on and nothing is printed.
"""

from __future__ import annotations

import enum
import logging
from typing import Protocol, Union, runtime_checkable

from ._native import offerkit as _ffi

__all__ = ["LogLevel", "Logger", "set_logger"]


class LogLevel(enum.Enum):
    """Severity of a log record, most severe first."""

    ERROR = "error"
    WARN = "warn"
    INFO = "info"
    DEBUG = "debug"
    TRACE = "trace"

    @property
    def logging_level(self) -> int:
        """The matching level of the `logging` module (`TRACE` is 5, below `DEBUG`)."""
        return _LOGGING_LEVELS[self]


_LOGGING_LEVELS = {
    LogLevel.ERROR: logging.ERROR,
    LogLevel.WARN: logging.WARNING,
    LogLevel.INFO: logging.INFO,
    LogLevel.DEBUG: logging.DEBUG,
    LogLevel.TRACE: 5,
}


@runtime_checkable
class Logger(Protocol):
    """Receives offerkit's log records. Called from offerkit's worker threads: must be quick
    and must not block."""

    def log(self, level: LogLevel, target: str, message: str) -> None:
        """One record: its level, its source (`offerkit.transport`, `offerkit.token_refresh`,
        ...: `offerkit`, a dot, then the part of offerkit that logged) and the text with
        its fields (`offer service request method=POST status=200 ...`)."""
        ...


class _HostLogger(_ffi.Logger):
    """The app's logger as the generated module's callback interface."""

    def __init__(self, logger: Union[Logger, logging.Logger]) -> None:
        self._logger = logger

    def log(self, level: object, target: str, message: str) -> None:
        ours = LogLevel[getattr(level, "name")]
        if isinstance(self._logger, logging.Logger):
            name = target
            parent = self._logger
            if name != parent.name:
                parent = parent.getChild(name.removeprefix(parent.name + "."))
            parent.log(ours.logging_level, message)
        else:
            self._logger.log(ours, target, message)


def set_logger(logger: Union[Logger, logging.Logger, None], max_level: LogLevel = LogLevel.INFO) -> None:
    """Sends offerkit's log records at `max_level` and above to `logger`; `None` stops
    forwarding. May be called again at any time to replace the logger or the level; it returns
    once no call into the previous logger is in progress. Calling it from inside `log` is
    ignored. With a `logging.Logger`, e.g. `logging.getLogger("offerkit")`, records arrive on
    its children named after their source."""
    _ffi.set_logger(None if logger is None else _HostLogger(logger), _ffi.LogLevel[max_level.name])
