"""Latency of `offers` through the offerkit Python package: sequential calls on one client, as
bindings/uniffi/examples/core_latency.rs does on the Rust core. Run by bindings/uniffi/bench.sh.

    python bench_offers.py BASE_URL TOKEN CALLS   -> one JSON line (median/mean/p90 in µs)
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time

import offerkit


async def main(base_url: str, token: str, calls: int) -> None:
    config = offerkit.ClientConfig(base_url, access_token=token)
    async with offerkit.OfferClient(config) as client:
        await client.offers("bench-player", limit=10)  # warm-up: connection, runtime
        samples = []
        for _ in range(calls):
            started = time.perf_counter()
            offers = await client.offers("bench-player", limit=10)
            samples.append((time.perf_counter() - started) * 1e6)
            assert len(offers) == 10
    samples.sort()
    print(json.dumps({
        "what": "python bindings",
        "calls": calls,
        "median_us": round(samples[len(samples) // 2], 1),
        "mean_us": round(statistics.fmean(samples), 1),
        "p90_us": round(samples[len(samples) * 9 // 10], 1),
    }))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
