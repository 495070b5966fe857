"""How long each step takes, so that a block's longest lane starts first (runner.run_steps): the
seconds this machine's last passing run took, kept in the cache, else those of a measured run on
a fresh 2-core machine (harness/step-seconds.json, committed). Used for ordering only: a wrong
figure costs time, never a result."""

from __future__ import annotations

import contextlib
import json
import os

from . import tools

MEASURED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "step-seconds.json")
REMEMBERED = os.path.join(tools.CACHE, "step-seconds.json")


def _read(path: str) -> dict[str, float]:
    with contextlib.suppress(OSError, ValueError), open(path) as f:
        data = json.load(f)
        return {k: float(v) for k, v in data.items() if isinstance(v, (int, float))}
    return {}


def expected() -> dict[str, float]:
    return {**_read(MEASURED), **_read(REMEMBERED)}


def remember(seconds: dict[str, float]) -> None:
    """Adds this run's passing steps to the machine's figures."""
    with contextlib.suppress(OSError):
        os.makedirs(tools.CACHE, exist_ok=True)
        merged = {**_read(REMEMBERED), **{k: round(v) for k, v in seconds.items()}}
        tmp = REMEMBERED + f".{os.getpid()}"
        with open(tmp, "w") as f:
            json.dump(merged, f, indent=1, sort_keys=True)
        os.replace(tmp, REMEMBERED)
