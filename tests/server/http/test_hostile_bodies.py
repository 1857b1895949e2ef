"""Every route answers a hostile body or header with a clear JSON error, logs no traceback, and the server stays up.

The bodies are the classic ways to crash a Python JSON handler: malformed or non-UTF-8 text,
100,000 levels of nesting (``RecursionError`` in the decoder), nesting just deep enough to pass
the decoder and crash the next encoder, integers of 4,000 digits (a timestamp that overflows the
first float conversion) and 5,000 (over Python's 4,300-digit limit), ``1e400`` and ``NaN``, a
body that is not an object, and each field the routes read given a value of the wrong type.

The headers are each header the server reads (``hostile.PARSED_HEADERS``) holding what ``int()``
reads though no peer of ours writes it, what a float cannot hold, and bytes that are not UTF-8;
and a device signature whose timestamp is spelled in a way ``int()`` accepts: digits by the
hundred or the thousand (a 400-digit one used to be a 500: ``OverflowError`` in the window's
arithmetic), Arabic-Indic digits, a sign, underscores (with a signature that is good for the
number they spell).  A credential that is not in its one exact form is a 401, never a 500.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

import aiohttp
import pytest

from hermes_wire import controller as protocol
from hermes_wire import signatures as device_auth
from tests.server.conftest import CountingBackend
from tests.server.http.hostile import (
    BEARER,
    DEVICE,
    NO_CREDENTIAL,
    PARSED_HEADERS,
    WRONG_TYPES,
    Answer,
    Body,
    Route,
    Stage,
    assert_no_traceback,
    signed_spelling,
)
from tests.support.local_stack import RunningServer, running_server

HUGE_INTEGER = 10**3999  # 4,000 digits: Python reads it, a float cannot hold it
#: Nested deeper than any body needs, yet shallow enough for Python's decoder to read without complaint.
DEEP_BUT_DECODABLE = 150


def nested_object(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    for _ in range(depth - 1):
        value = {"a": value}
    return value


HOSTILE_BODIES: dict[str, Body] = {
    "malformed JSON": b'{"label": ',
    "not UTF-8": b'{"label": "\xff"}',
    "100,000 levels of [": b"[" * 100_000,
    '100,000 levels of {"a":': b'{"a":' * 100_000,
    f"{DEEP_BUT_DECODABLE} levels of objects": {
        "arguments": {"method": "Page.enable", "params": nested_object(DEEP_BUT_DECODABLE)}
    },
    "a 4,000-digit integer": str(HUGE_INTEGER).encode(),
    "a 4,000-digit timestamp": {"timestamp": HUGE_INTEGER},
    "a 4,000-digit timeout": {"timeout_s": HUGE_INTEGER},
    "a 5,000-digit integer": b'{"timestamp": ' + b"9" * 5000 + b"}",
    "1e400": b'{"timeout_s": 1e400, "timestamp": 1e400}',
    "NaN": {"timeout_s": float("nan"), "timestamp": float("nan")},
    "an array": b"[1, 2]",
    "a string": b'"text"',
    "null": b"null",
    **{f"{field} of the wrong type": {field: value} for field, value in WRONG_TYPES.items()},
}


@pytest.fixture
async def server(cdp: CountingBackend) -> AsyncIterator[RunningServer]:
    """With browser_cdp turned on: the most exposed configuration is the one attacked."""
    async with running_server(cdp_backend=cdp, cdp_raw_tool=True) as running:
        yield running


@pytest.fixture
async def stage(server: RunningServer) -> Stage:
    return await Stage.set_up(server)


async def test_every_post_route_refuses_hostile_bodies_with_a_json_error(
    stage: Stage, cdp: CountingBackend, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    wrong: list[str] = []
    async with aiohttp.ClientSession() as http:
        for target, credential in stage.attempts():
            without_body = await stage.post(http, target, credential, None)
            for name, body in HOSTILE_BODIES.items():
                answer = await stage.post(http, target, credential, body)
                if not refused(answer, without_body):
                    wrong.append(f"{name} to {target.path} with {credential}: {answer.status} {answer.body[:120]!r}")
    assert not wrong, f"{len(wrong)} answers were not clear refusals:\n" + "\n".join(wrong)
    assert_no_traceback(caplog.records)
    assert not cdp.calls, "a hostile body reached the browser"
    await assert_still_serving(stage)


def refused(answer: Answer, without_body: Answer) -> bool:
    """A 4xx (or a tool reply) with ``error.code``; or, from a route that reads no body, what no body gets."""
    if answer.status >= 500 or answer.json_or_none() is None:
        return False
    return answer.error_code() is not None or (answer.status, answer.json()) == (
        without_body.status,
        without_body.json(),
    )


async def assert_still_serving(stage: Stage) -> None:
    async with stage.server.client() as client:
        assert (await client.capabilities())["object"] == "capabilities"
        cdp_session = stage.path_values[0]["session_id"]
        assert (await client.call(cdp_session, "browser_cdp", {"method": "Page.enable"})).ok


async def test_every_post_route_of_the_app_is_attacked(stage: Stage) -> None:
    """The enumeration is the app's router: the routes known today are all in it (and any added later)."""
    templates = {target.template for target in stage.targets()}
    assert {
        "/v1/sessions",
        "/v1/sessions/{session_id}/browser/{tool}",
        "/v1/sessions/{session_id}/browser-control/unbind",
        "/v1/browser-control/register",
        "/v1/browser-control/pairing/requests",
        "/v1/browser-control/pairing/requests/{request_id}/approve",
        "/v1/browser-control/pairing/requests/{request_id}/deny",
        "/mcp",
    } <= templates


# ----- headers ---------------------------------------------------------------------------------------


def arabic_indic(number: int) -> str:
    """``number`` in Arabic-Indic digits, which ``int()`` reads as the same number."""
    return "".join(chr(0x0660 + int(digit)) for digit in str(number))


#: How a device's timestamp header may be written so that ``int()`` reads it (the signature is good for that number).
HOSTILE_TIMESTAMPS: dict[str, Callable[[int], str]] = {
    "4,000 digits": lambda now: "9" * 4000,
    "400 digits": lambda now: "9" * 400,
    "309 digits (the shortest a float cannot hold)": lambda now: "1" + "0" * 308,
    "4,301 digits (over int()'s own limit)": lambda now: "9" * 4301,
    "Arabic-Indic digits": arabic_indic,
    "full-width digits": lambda now: "".join(chr(0xFF10 + int(digit)) for digit in str(now)),
    "a plus sign": lambda now: f"+{now}",
    "underscores": lambda now: f"{now:_}",
    "a leading zero": lambda now: f"0{now}",
    "a minus sign": lambda now: f"-{now}",
}
#: The routes that take a device signature, with the body each is sent.
DEVICE_ROUTES = [("POST", protocol.REGISTER_PATH, b"{}"), ("GET", protocol.DEVICE_SESSIONS_PATH, b"")]
#: Values for any header: numbers int() reads that no peer writes, numbers too long for a float, non-UTF-8 bytes.
HOSTILE_HEADER_VALUES: dict[str, bytes] = {
    "4,000 digits": b"9" * 4000,
    "400 digits": b"9" * 400,
    "Arabic-Indic digits": arabic_indic(12).encode(),
    "a plus sign": b"+5",
    "underscores": b"1_000",
    "a minus sign": b"-1",
    "not UTF-8": b"\xff\xfe",
    "an overlong UTF-8 NUL": b"\xc0\x80",
    "4,000 letters": b"a" * 4000,
    "empty": b"",
}


@pytest.mark.parametrize("spelling", HOSTILE_TIMESTAMPS)
@pytest.mark.parametrize(("method", "path", "body"), DEVICE_ROUTES)
async def test_a_device_timestamp_in_any_but_its_one_form_is_a_401(
    stage: Stage, caplog: pytest.LogCaptureFixture, spelling: str, method: str, path: str, body: bytes
) -> None:
    """A 4,000- or 400-digit timestamp was a 500 with a traceback; Arabic-Indic digits or a sign passed, signed."""
    caplog.set_level(logging.DEBUG)
    headers = signed_spelling(stage.device, method, path, body, HOSTILE_TIMESTAMPS[spelling])
    async with (
        aiohttp.ClientSession() as http,
        http.request(method, stage.server.url + path, data=body or None, headers=headers) as response,
    ):
        answer = Answer(response.status, response.content_type, await response.read())
    assert (answer.status, answer.error_code()) == (401, "device_signature_invalid"), answer.body[:200]
    assert_no_traceback(caplog.records)


async def test_the_same_signature_with_its_timestamp_written_plainly_is_accepted(stage: Stage) -> None:
    """What the refusals above are measured against: the one spelling, str() of the number, passes."""
    method, path, body = DEVICE_ROUTES[1]
    headers = signed_spelling(stage.device, method, path, body, str)
    async with aiohttp.ClientSession() as http, http.get(stage.server.url + path, headers=headers) as response:
        assert response.status == 200, await response.text()


@pytest.mark.parametrize(
    ("header", "value"),
    [
        (device_auth.NONCE_HEADER, "n" * 4000),
        (device_auth.NONCE_HEADER, arabic_indic(10**20)),
        (device_auth.SIGNATURE_HEADER, "A" * 4000),
        (device_auth.SIGNATURE_HEADER, "!" * 86),
        (device_auth.DEVICE_HEADER, "dev_" + "0" * 4000),
    ],
    ids=["4,000-character nonce", "Arabic-Indic nonce", "4,000-character signature", "signature of !", "long id"],
)
async def test_any_device_header_out_of_its_form_is_a_401(stage: Stage, header: str, value: str) -> None:
    method, path, body = DEVICE_ROUTES[0]
    headers = device_auth.sign_request(stage.device, method, path, body) | {header: value}
    async with (
        aiohttp.ClientSession() as http,
        http.post(stage.server.url + path, data=body, headers=headers) as response,
    ):
        assert response.status == 401 and (await response.json())["error"]["code"] == "device_signature_invalid"


async def test_an_api_key_that_is_not_utf8_is_a_401(stage: Stage, caplog: pytest.LogCaptureFixture) -> None:
    """It was a 500: the key's bytes went through aiohttp as lone surrogates, which ``str.encode()`` refuses."""
    caplog.set_level(logging.DEBUG)
    for route in stage.routes():
        if BEARER in route.credentials and route.template != protocol.WS_PATH:
            answer = await stage.send(route, NO_CREDENTIAL, {"Authorization": b"Bearer \xff" + b"a" * 42})
            assert (answer.status, answer.error_code()) == (401, "invalid_api_key"), route
    assert_no_traceback(caplog.records)


@pytest.mark.parametrize(
    "host",
    [b"127.0.0.1:" + arabic_indic(80).encode(), b"127.0.0.1:+80", b"127.0.0.1:99999", b"localhost:", b"[::1]x"],
)
async def test_a_loopback_host_with_a_port_that_is_not_one_is_refused(stage: Stage, host: bytes) -> None:
    route = next(r for r in stage.routes() if r.template == "/v1/capabilities")
    answer = await stage.send(route, BEARER, {"Host": host})
    assert (answer.status, answer.error_code()) == (403, "host_not_allowed")


async def test_every_route_answers_hostile_headers_with_a_json_error(
    stage: Stage, cdp: CountingBackend, caplog: pytest.LogCaptureFixture
) -> None:
    """Each header the server reads, holding each hostile value, on every route with its strongest credential."""
    caplog.set_level(logging.DEBUG)
    wrong: list[str] = []

    async def attack(route: Route, credential: str) -> None:
        for header in PARSED_HEADERS:
            for name, value in HOSTILE_HEADER_VALUES.items():
                answer = await stage.send(route, credential, {header: value})
                if answer.status >= 500 or answer.json_or_none() is None:
                    where = f"{header}: {name} to {route.method} {route.path}"
                    wrong.append(f"{where}: {answer.status} {answer.body[:120]!r}")

    await asyncio.gather(*(attack(route, strongest(route)) for route in stage.routes()))
    assert not wrong, f"{len(wrong)} answers were 5xx or not JSON:\n" + "\n".join(wrong)
    assert_no_traceback(caplog.records)
    await assert_still_serving(stage)


def strongest(route: Route) -> str:
    """The credential that takes a request furthest into ``route``: a device's on its routes, else the key."""
    if route.path in (protocol.REGISTER_PATH, protocol.DEVICE_SESSIONS_PATH):
        return DEVICE
    return BEARER if BEARER in route.credentials else NO_CREDENTIAL
