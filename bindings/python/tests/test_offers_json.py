"""`offers` reads the library's one-JSON-text answer (`offers_json`) instead of lifting uniffi
records field by field; both must give the same offers, field for field, whatever the service
sends: the default selection, added and replaced selections, malformed items, and odd extra
values (1000 deep, 1e400, a 30-digit integer, NUL, empty and dotted keys)."""

from __future__ import annotations

import sys
from typing import Any

import pytest

import offerkit
from offerkit import _convert
from offerkit._native import offerkit as ffi
from conftest import Sim, client

CASES: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({}, {"limit": 20}),
    ({}, {}),
    ({}, {"limit": 5, "select": "campaign_id links { click_url } creatives { icon_url }"}),
    ({}, {"limit": 5, "selection": "id name"}),
    ({}, {"limit": 5, "selection": "id", "select": "campaign_id"}),
    ({"bad_fields": True}, {"limit": 20}),
    ({"bad_fields": True}, {"limit": 20, "selection": "id total_payout_usd"}),
    ({"odd_extra": True}, {"limit": 3}),
]


@pytest.mark.parametrize("mess,options", CASES)
async def test_the_json_answer_equals_the_records_field_for_field(
    sim: Sim, mess: dict[str, Any], options: dict[str, Any]
) -> None:
    if mess:
        sim.mess(**mess)
    native = client(sim)._check_open()
    native_options = ffi.OffersOptions(**options)
    from_records = _convert.offers(await native.offers("player-1", native_options))
    from_json = _convert.offers_from_json(await native.offers_json("player-1", native_options))
    assert len(from_json) == len(from_records) > 0
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(5000)  # `==` on a 1000-deep value recurses
    try:
        for a, b in zip(from_json, from_records):
            assert (a.id, a.name, a.total_payout_usd) == (b.id, b.name, b.total_payout_usd)
            assert type(a.total_payout_usd) is type(b.total_payout_usd)
            assert a.creatives == b.creatives
            assert a.extra == b.extra and list(a.extra) == list(b.extra)
            assert a == b
    finally:
        sys.setrecursionlimit(limit)
    assert [o.id for o in await client(sim).offers("player-1", **options)] == [o.id for o in from_records]
