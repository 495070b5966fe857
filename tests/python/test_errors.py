"""Every OfferError kind through the Python bindings, provoked with client-side validation,
the simulator's real answers and its fault injection; and readable messages."""

import asyncio

import pytest

import offerkit
from offerkit import ErrorKind, OfferError
from conftest import client


async def offers(c, **options):
    return await c.offers("player-1", offerkit.OffersOptions(limit=1, **options))


async def test_invalid_argument_is_checked_before_sending(sim):
    with pytest.raises(OfferError.InvalidArgument) as caught:
        await client(sim).offers("player-1", offerkit.OffersOptions(limit=0, sort="epc"))
    e = caught.value
    assert e.kind() == ErrorKind.INVALID_ARGUMENT
    arguments = e.fields[0].arguments
    assert arguments["limit"] == ["The limit field must be at least 1."]
    assert "sort" in arguments
    assert str(e) == e.detail and "The limit field must be at least 1." in str(e)
    assert "detail=" not in str(e)
    assert sim.stats()["requests"] == 0


async def test_unauthorized_without_a_provider(sim):
    with pytest.raises(OfferError.Unauthorized) as caught:
        await offers(client(sim, access_token="not-a-token"))
    assert caught.value.http_status == 401
    with pytest.raises(OfferError.Unauthorized) as caught:
        await offers(offerkit.OfferClient(offerkit.ClientConfig(base_url=sim.base_url)))
    assert caught.value.http_status is None and "no access token" in str(caught.value)


async def test_forbidden_for_a_token_without_scope(sim):
    with pytest.raises(OfferError.Forbidden) as caught:
        await offers(client(sim, access_token=sim.token(scoped=False)))
    assert caught.value.http_status == 403


async def test_validation_from_the_service(sim):
    with pytest.raises(OfferError.Validation) as caught:
        await client(sim).graphql('{ offers(player_id: "p", limit: 0, sort: "x.y") { id } }')
    e = caught.value
    assert e.kind() == ErrorKind.VALIDATION
    assert e.fields[0].path == ["offers"]
    assert e.fields[0].arguments["limit"] == ["The limit field must be at least 1."]
    assert '"errors"' in e.response_json


async def test_query_error(sim):
    with pytest.raises(OfferError.Query) as caught:
        await client(sim).graphql("{ nope }")
    assert "nope" in str(caught.value)


async def test_graphql_variables_that_are_not_json_name_the_argument(sim):
    with pytest.raises(OfferError.InvalidArgument) as caught:
        await client(sim).graphql("{ nope }", "{p: 1}")
    e = caught.value
    assert e.fields[0].path == ["graphql"]
    assert "variables_json" in e.fields[0].arguments
    assert str(e).startswith("invalid argument: variables_json: not JSON: ")
    assert sim.stats()["requests"] == 0


async def test_invalid_cursor_keeps_the_reason(sim):
    with pytest.raises(OfferError.InvalidCursor) as caught:
        await client(sim).player_offers("player-1", offerkit.PlayerOffersOptions(after="forged"))
    assert "Omit `after`" in caught.value.reason


@pytest.mark.parametrize(
    "status, body, kind",
    [
        (415, '{"error":"Unsupported Media Type: send application/json."}', OfferError.UnsupportedMediaType),
        (500, None, OfferError.Server),
    ],
)
async def test_http_statuses(sim, status, body, kind):
    fault = {"kind": "status", "status": status}
    if body:
        fault["body"] = body
    sim.fault(**fault)
    with pytest.raises(kind) as caught:
        await offers(client(sim))
    assert caught.value.http_status == status


async def test_unprocessable_has_the_field_messages(sim):
    body = ('{"message":"The per page field is required when page is present.",'
            '"errors":{"per_page":["The per page field is required when page is present."]}}')
    sim.fault(kind="status", status=422, body=body)
    with pytest.raises(OfferError.Unprocessable) as caught:
        await client(sim).list_offers()
    e = caught.value
    assert e.http_status == 422
    assert e.fields[0].path == []
    assert e.fields[0].arguments["per_page"] == ["The per page field is required when page is present."]


async def test_rate_limited_with_retry_after(sim):
    sim.fault(kind="status", status=429, retry_after_secs=7)
    with pytest.raises(OfferError.RateLimited) as caught:
        await offers(client(sim))
    assert caught.value.retry_after_secs == 7
    assert "retry after 7 s" in str(caught.value)


async def test_network_timeout_and_decode(sim):
    sim.fault(kind="drop_mid_body")
    with pytest.raises(OfferError.Network):
        await offers(client(sim))
    sim.fault(kind="latency", ms=30000)
    with pytest.raises(OfferError.Timeout):
        await offers(client(sim, timeout_ms=300))
    sim.fault(kind="malformed_json")
    with pytest.raises(OfferError.Decode):
        await offers(client(sim))


async def test_gateway_errors_are_retried(sim):
    sim.fault(kind="status", status=503, times=2)
    assert len(await offers(client(sim, max_retries=2))) == 1
    assert sim.stats()["graphql"] == 3


async def test_cancel_all_fails_calls_in_flight_with_cancelled(sim):
    c = client(sim)
    sim.fault(kind="latency", ms=30000)
    call = asyncio.ensure_future(offers(c))
    await sim.eventually("request in flight", lambda s: s["in_flight"] == 1)
    c.cancel_all()
    with pytest.raises(OfferError.Cancelled) as caught:
        await call
    assert caught.value.kind() == ErrorKind.CANCELLED
    await sim.eventually("server saw the hang-up", lambda s: s["aborted"] == 1)
    assert len(await offers(c)) == 1, "later calls are not affected"


async def test_cancelling_the_task_aborts_the_http_request(sim):
    c = client(sim)
    sim.fault(kind="latency", ms=30000)
    task = asyncio.ensure_future(offers(c))
    await sim.eventually("request in flight", lambda s: s["in_flight"] == 1)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await sim.eventually("server saw the hang-up", lambda s: s["aborted"] == 1 and s["in_flight"] == 0)


async def test_bad_config_is_invalid_argument(sim):
    for bad in [
        offerkit.ClientConfig(base_url="http://offers.example.com"),
        offerkit.ClientConfig(base_url="nonsense"),
        offerkit.ClientConfig(base_url=sim.base_url, timeout_ms=0),
        offerkit.ClientConfig(base_url=sim.base_url, extra_root_pem=["hello"]),
    ]:
        with pytest.raises(OfferError.InvalidArgument):
            offerkit.OfferClient(bad)
