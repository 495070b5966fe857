"""A game client in Python (the offerkit package) whose token provider asks the token
broker: it never holds the refresh token, only the short-lived access tokens the broker hands
out. Run by scripts/test-server.sh when the binding is installed.

    OFFERKIT_BASE_URL=http://127.0.0.1:PORT BROKER_URL=http://127.0.0.1:PORT2 \
    PLAYER_SESSION=session-1 python client.py

Prints one line `N offers for player-1 with M token(s) from the broker`; exits 1 on failure.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import urllib.request

import offerkit


class BrokerTokenProvider:
    """Asks the broker (`POST /offer-token`) with the player's session."""

    def __init__(self, broker_url: str, session: str) -> None:
        self.broker_url = broker_url.rstrip("/")
        self.session = session
        self.answers: list[dict[str, object]] = []

    def _fetch(self) -> dict[str, object]:
        request = urllib.request.Request(
            self.broker_url + "/offer-token",
            data=b"",
            method="POST",
            headers={"Authorization": f"Bearer {self.session}"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            body: dict[str, object] = json.loads(response.read())
        self.answers.append(body)
        return body

    async def access_token(self, reason: offerkit.TokenReason) -> str:
        body = await asyncio.to_thread(self._fetch)
        return str(body["access_token"])


async def main() -> int:
    if any(name.startswith("OFFERKIT_REFRESH") for name in os.environ):
        print("the client environment must not carry the refresh token", file=sys.stderr)
        return 1
    provider = BrokerTokenProvider(os.environ["BROKER_URL"], os.environ["PLAYER_SESSION"])
    async with offerkit.OfferClient(os.environ["OFFERKIT_BASE_URL"], provider) as client:
        offers = await client.offers("player-1", limit=3)
        offers_again = await client.offers("player-1", limit=3)
    if len(offers) != 3 or [o.id for o in offers] != [o.id for o in offers_again]:
        print(f"unexpected offers: {offers!r}", file=sys.stderr)
        return 1
    for answer in provider.answers:
        if sorted(answer) != ["access_token", "expires_in"]:
            print(f"unexpected broker answer keys: {sorted(answer)}", file=sys.stderr)
            return 1
    print(f"{len(offers)} offers for player-1 with {len(provider.answers)} token(s) from the broker")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
