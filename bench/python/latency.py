"""Latency probe for BENCHMARKS.md (d): `offers` (limit 20) through the offerkit Python
package, one call at a time on one client. Prints one JSON array of per-call latencies in
microseconds.

    python latency.py BASE_URL TOKEN CALLS [generated]

`generated`: through uniffi's generated coroutines (the way on Windows) instead of the event
loop's completion socket (offerkit/_completions.py), for (j).
"""

from __future__ import annotations

import asyncio
import json
import sys
import time

import offerkit
from offerkit import _completions


async def main(base_url: str, token: str, calls: int) -> None:
    config = offerkit.ClientConfig(base_url, access_token=token)
    async with offerkit.OfferClient(config) as client:
        for _ in range(20):  # warm-up: connection, runtime
            await client.offers("bench-player", limit=20)
        samples = []
        for _ in range(calls):
            started = time.perf_counter()
            offers = await client.offers("bench-player", limit=20)
            samples.append(round((time.perf_counter() - started) * 1e6))
            assert len(offers) == 20
    print(json.dumps(samples))


if __name__ == "__main__":
    if sys.argv[4:] == ["generated"]:
        _completions.enabled = False
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
