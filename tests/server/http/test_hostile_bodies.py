"""Every POST route answers a hostile body with a clear JSON error, logs no traceback, and the server stays up.

The bodies are the classic ways to crash a Python JSON handler: malformed or non-UTF-8 text,
100,000 levels of nesting (``RecursionError`` in the decoder), nesting just deep enough to pass
the decoder and crash the next encoder, integers of 4,000 digits (a timestamp that overflows the
first float conversion) and 5,000 (over Python's 4,300-digit limit), ``1e400`` and ``NaN``, a
body that is not an object, and each field the routes read given a value of the wrong type.
"""

from __future__ import annotations

import logging
from typing import Any

import aiohttp
import pytest

from tests.server.conftest import CountingBackend
from tests.server.http.hostile import WRONG_TYPES, Answer, Body, Stage, assert_no_traceback
from tests.support.local_stack import RunningServer

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
