"""Prints the offers of one player with the offerkit Python package (the wheel built from
bindings/python).

    OFFERKIT_BASE_URL   the service (default: a local simulator at http://127.0.0.1:8080)
    OFFERKIT_TOKEN_URL  where the app gets short-lived access tokens: in a real app the
                        studio's own backend (which holds the refresh token); here the
                        simulator's /_sim/tokens endpoint stands in for it.
    OFFERKIT_PLAYER_ID  (default "demo-player")

Run by bindings/uniffi/test.sh.
"""

from __future__ import annotations

import asyncio
import json
import os
import urllib.request

import offerkit


class BackendTokens:
    """Fetches an access token from the app's backend when offerkit asks for one."""

    def __init__(self, url: str) -> None:
        self.url = url

    async def access_token(self, reason: offerkit.TokenReason) -> str:
        def fetch() -> str:
            request = urllib.request.Request(self.url, data=b"{}", method="POST")
            with urllib.request.urlopen(request, timeout=10) as response:
                token: str = json.load(response)["access_token"]
                return token

        return await asyncio.to_thread(fetch)


async def main() -> None:
    base_url = os.environ.get("OFFERKIT_BASE_URL", "http://127.0.0.1:8080")
    token_url = os.environ.get("OFFERKIT_TOKEN_URL", base_url + "/_sim/tokens")
    player = os.environ.get("OFFERKIT_PLAYER_ID", "demo-player")

    config = offerkit.ClientConfig(base_url, deadline=10)  # no call takes longer than 10 s
    async with offerkit.OfferClient(config, BackendTokens(token_url)) as client:
        try:
            offers = await client.offers(player, limit=5, sort="epc.desc")
        except offerkit.RateLimitedError as e:
            wait = e.retry_after.total_seconds() if e.retry_after else 60
            print(f"busy, retry in {wait:.0f} s")
            return
        except offerkit.OfferkitError as e:
            print(f"could not load offers ({e.kind.value}): {e}")
            return
    print(f"{len(offers)} offers for {player}:")
    for offer in offers:
        # Typed fields are Optional: None only when a replaced selection leaves them out, so
        # with the default selection they are always there.
        print(f"  {offer.id or '':<16} {offer.name or '':<32} ${offer.total_payout_usd or 0.0:.2f}")


if __name__ == "__main__":
    asyncio.run(main())
