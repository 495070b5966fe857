"""Every error kind, provoked with client-side validation, the simulator's real answers and its
fault injection; readable messages; and the exceptions as Python values (keyword constructors,
attributes, pickling, repr)."""

from __future__ import annotations

import asyncio
import copy
import pickle
import traceback
from datetime import timedelta

import pytest

import offerkit
from conftest import Sim, client


async def offers(c: offerkit.OfferClient) -> list[offerkit.Offer]:
    return await c.offers("player-1", limit=1)


async def test_invalid_argument_is_checked_before_sending(sim: Sim) -> None:
    with pytest.raises(offerkit.InvalidArgumentError) as caught:
        await client(sim).offers("player-1", limit=0, sort="epc")
    e = caught.value
    assert e.kind is offerkit.ErrorKind.INVALID_ARGUMENT and e.kind.value == "invalid_argument"
    arguments = e.fields[0].arguments
    assert arguments["limit"] == ("The limit field must be at least 1.",)
    assert "sort" in arguments
    assert str(e) == e.message and "The limit field must be at least 1." in str(e)
    assert "detail=" not in str(e)
    assert sim.stats()["requests"] == 0


async def test_unauthorized_without_a_provider(sim: Sim) -> None:
    with pytest.raises(offerkit.UnauthorizedError) as caught:
        await offers(client(sim, access_token="not-a-token"))
    assert caught.value.http_status == 401
    with pytest.raises(offerkit.UnauthorizedError) as caught:
        await offers(offerkit.OfferClient(sim.base_url))
    assert caught.value.http_status is None and "no access token" in str(caught.value)


async def test_forbidden_for_a_token_without_scope(sim: Sim) -> None:
    with pytest.raises(offerkit.ForbiddenError) as caught:
        await offers(client(sim, access_token=sim.token(scoped=False)))
    assert caught.value.http_status == 403


async def test_validation_from_the_service(sim: Sim) -> None:
    with pytest.raises(offerkit.ValidationError) as caught:
        await client(sim).graphql('{ offers(player_id: "p", limit: 0, sort: "x.y") { id } }')
    e = caught.value
    assert e.kind is offerkit.ErrorKind.VALIDATION
    assert e.fields[0].path == ("offers",)
    assert e.fields[0].arguments["limit"] == ("The limit field must be at least 1.",)
    assert e.response is not None and isinstance(e.response["errors"], list)
    assert e.http_status == 200, "GraphQL errors keep the status they came with"


async def test_query_error(sim: Sim) -> None:
    with pytest.raises(offerkit.QueryError) as caught:
        await client(sim).graphql("{ nope }")
    assert "nope" in str(caught.value)
    assert caught.value.response is not None and "errors" in caught.value.response
    assert caught.value.http_status == 200


async def test_graphql_errors_on_a_400_keep_the_400(sim: Sim) -> None:
    body = '{"errors":[{"message":"Syntax Error: unexpected <EOF>"}],"data":null}'
    sim.fault(kind="status", status=400, body=body)
    with pytest.raises(offerkit.QueryError) as caught:
        await offers(client(sim))
    assert caught.value.http_status == 400
    assert "Syntax Error" in str(caught.value)


async def test_graphql_variables_must_be_a_json_mapping(sim: Sim) -> None:
    c = client(sim)
    with pytest.raises(TypeError):
        await c.graphql("{ nope }", ["not", "a", "mapping"])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        await c.graphql("{ nope }", {"p": {1, 2}})
    assert sim.stats()["requests"] == 0


async def test_invalid_cursor_keeps_the_reason(sim: Sim) -> None:
    with pytest.raises(offerkit.InvalidCursorError) as caught:
        await client(sim).player_offers("player-1", after="forged")
    assert caught.value.reason is not None and "Omit `after`" in caught.value.reason
    assert caught.value.http_status == 200


@pytest.mark.parametrize(
    "status, body, kind",
    [
        (415, '{"error":"Unsupported Media Type: send application/json."}', offerkit.UnsupportedMediaTypeError),
        (500, None, offerkit.ServerError),
    ],
)
async def test_http_statuses(sim: Sim, status: int, body: str | None, kind: type[offerkit.OfferkitError]) -> None:
    if body:
        sim.fault(kind="status", status=status, body=body)
    else:
        sim.fault(kind="status", status=status)
    with pytest.raises(kind) as caught:
        await offers(client(sim))
    assert caught.value.http_status == status


async def test_unprocessable_has_the_field_messages(sim: Sim) -> None:
    body = (
        '{"message":"The per page field is required when page is present.",'
        '"errors":{"per_page":["The per page field is required when page is present."]}}'
    )
    sim.fault(kind="status", status=422, body=body)
    with pytest.raises(offerkit.UnprocessableError) as caught:
        await client(sim).list_offers()
    e = caught.value
    assert e.http_status == 422
    assert e.fields[0].path == ()
    assert e.fields[0].arguments["per_page"] == ("The per page field is required when page is present.",)


async def test_rate_limited_with_retry_after(sim: Sim) -> None:
    sim.fault(kind="status", status=429, retry_after_secs=7)
    with pytest.raises(offerkit.RateLimitedError) as caught:
        await offers(client(sim))
    assert caught.value.retry_after == timedelta(seconds=7)
    assert "retry after 7 s" in str(caught.value)


async def test_network_timeout_and_decode(sim: Sim) -> None:
    sim.fault(kind="drop_mid_body")
    with pytest.raises(offerkit.NetworkError) as network:
        await offers(client(sim))
    assert network.value.http_status == 200, "the body broke off after a 200"
    sim.fault(kind="latency", ms=30000)
    with pytest.raises(offerkit.TimeoutError) as timeout:
        await offers(client(sim, timeout=0.3))
    assert timeout.value.http_status is None, "no status had arrived"
    # A loaded machine may time out before the request reaches the simulator, which then keeps
    # the latency fault for the next request.
    sim.clear()
    sim.fault(kind="malformed_json")
    with pytest.raises(offerkit.DecodeError):
        await offers(client(sim))


async def test_gateway_errors_are_retried(sim: Sim) -> None:
    sim.fault(kind="status", status=503, times=2)
    assert len(await offers(client(sim, max_retries=2))) == 1
    assert sim.stats()["graphql"] == 3


async def test_cancel_all_fails_calls_in_flight_with_cancelled(sim: Sim) -> None:
    c = client(sim)
    sim.fault(kind="latency", ms=30000)
    call = asyncio.ensure_future(offers(c))
    await sim.eventually("request in flight", lambda s: s["in_flight"] == 1)
    c.cancel_all()
    with pytest.raises(offerkit.CancelledError) as caught:
        await call
    assert caught.value.kind is offerkit.ErrorKind.CANCELLED
    assert not isinstance(caught.value, offerkit.ClientClosedError)
    await sim.eventually("server saw the hang-up", lambda s: s["aborted"] == 1)
    assert len(await offers(c)) == 1, "later calls are not affected"


async def test_cancelling_the_task_aborts_the_http_request(sim: Sim) -> None:
    c = client(sim)
    sim.fault(kind="latency", ms=30000)
    task = asyncio.ensure_future(offers(c))
    await sim.eventually("request in flight", lambda s: s["in_flight"] == 1)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await sim.eventually("server saw the hang-up", lambda s: s["aborted"] == 1 and s["in_flight"] == 0)


async def test_bad_config_is_invalid_argument(sim: Sim) -> None:
    for bad in [
        offerkit.ClientConfig("http://offers.example.com"),
        offerkit.ClientConfig("nonsense"),
        offerkit.ClientConfig(sim.base_url, timeout=0),
        offerkit.ClientConfig(sim.base_url, extra_root_pem=["hello"]),
    ]:
        with pytest.raises(offerkit.InvalidArgumentError):
            offerkit.OfferClient(bad)



def shows_only_the_offerkit_error(e: BaseException) -> None:
    """The generated module's exception is neither the cause nor shown context."""
    assert e.__cause__ is None and e.__suppress_context__
    text = "".join(traceback.format_exception(type(e), e, e.__traceback__))
    assert "During handling" not in text and "OfferError" not in text, text


async def test_tracebacks_show_only_the_offerkit_error(sim: Sim) -> None:
    with pytest.raises(offerkit.InvalidArgumentError) as caught:
        offerkit.check_player_id("")
    shows_only_the_offerkit_error(caught.value)
    with pytest.raises(offerkit.InvalidArgumentError) as caught:
        offerkit.OfferClient(offerkit.ClientConfig("nonsense"))
    shows_only_the_offerkit_error(caught.value)
    c = client(sim)
    with pytest.raises(offerkit.InvalidCursorError) as cursor:
        await c.player_offers("player-1", after="forged")
    shows_only_the_offerkit_error(cursor.value)
    with pytest.raises(offerkit.InvalidArgumentError) as caught:
        c.player_offers_pages("player-1", select="x", selection="y")
    shows_only_the_offerkit_error(caught.value)
    with pytest.raises(offerkit.InvalidCursorError) as cursor:
        async for _ in c.player_offers_pages("player-1", after="forged"):
            pass
    shows_only_the_offerkit_error(cursor.value)
    with pytest.raises(offerkit.InvalidCursorError) as cursor:
        async for _ in c.player_offers_pages("player-1", after="forged").items():
            pass
    shows_only_the_offerkit_error(cursor.value)


ALL_KINDS = [
    (offerkit.InvalidArgumentError, "invalid_argument"),
    (offerkit.UnauthorizedError, "unauthorized"),
    (offerkit.ForbiddenError, "forbidden"),
    (offerkit.ValidationError, "validation"),
    (offerkit.QueryError, "query"),
    (offerkit.InvalidCursorError, "invalid_cursor"),
    (offerkit.UnsupportedMediaTypeError, "unsupported_media_type"),
    (offerkit.UnprocessableError, "unprocessable"),
    (offerkit.RateLimitedError, "rate_limited"),
    (offerkit.ServerError, "server"),
    (offerkit.NetworkError, "network"),
    (offerkit.TimeoutError, "timeout"),
    (offerkit.CancelledError, "cancelled"),
    (offerkit.DecodeError, "decode"),
    (offerkit.InternalError, "internal"),
    (offerkit.RejectedError, "rejected"),
]


def test_one_class_per_kind_all_under_one_root() -> None:
    assert [c.kind.value for c, _ in ALL_KINDS] == [v for _, v in ALL_KINDS]
    assert {c.kind for c, _ in ALL_KINDS} == set(offerkit.ErrorKind)
    for cls, _ in ALL_KINDS:
        assert issubclass(cls, offerkit.OfferkitError) and cls.__name__.endswith("Error")
    with pytest.raises(TypeError):
        offerkit.OfferkitError("the base is not raised itself")


@pytest.mark.parametrize("cls", [c for c, _ in ALL_KINDS] + [offerkit.ClientClosedError])
def test_errors_pickle_and_copy_with_every_attribute(cls: type[offerkit.OfferkitError]) -> None:
    field = offerkit.FieldError(("offers",), {"limit": ("must be at least 1",)})
    e = cls(
        "limit: must be at least 1",
        http_status=422,
        fields=[field],
        retry_after=2.5,
        reason="why",
        response={"errors": [{"message": "m"}]},
    )
    for back in (pickle.loads(pickle.dumps(e)), copy.deepcopy(e)):
        assert type(back) is cls
        assert str(back) == "limit: must be at least 1"
        assert back.http_status == 422
        assert back.fields == (field,)
        assert back.retry_after == timedelta(seconds=2.5)
        assert back.reason == "why"
        assert back.response == {"errors": [{"message": "m"}]}
        assert back.kind is e.kind


def test_keyword_constructor_defaults_and_repr() -> None:
    e = offerkit.RateLimitedError("slow down", http_status=429, retry_after=timedelta(seconds=7))
    assert (e.http_status, e.retry_after, e.fields, e.reason, e.response) == (
        429,
        timedelta(seconds=7),
        (),
        None,
        None,
    )
    assert repr(e) == "RateLimitedError('slow down', http_status=429, retry_after=datetime.timedelta(seconds=7))"
    assert repr(offerkit.NetworkError(message="down")) == "NetworkError('down')"
