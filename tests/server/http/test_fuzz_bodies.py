"""Every route under fuzzing: no body and no header, however random, gets a 5xx or an answer that is not JSON.

One real server serves the whole run, on a loop of its own (``BackgroundLoop``), so that it is
also shown to stay up through every example.  It serves ``browser_cdp`` too: the most exposed
configuration is the one fuzzed.

* Bodies: each example is a body (any JSON value, a JSON object with the fields the routes read,
  random bytes, or deep nesting) and the credential to bring; it is posted to every POST route
  of the app (``hostile.Stage``), with that credential where the route takes it.
* Headers: each example is a few of the headers the server reads (``hostile.PARSED_HEADERS``:
  the signature headers, ``Host``, ``Origin``, ``Authorization``, the MCP transport's) holding
  any bytes a header may hold, numbers ``int()`` reads though no peer writes them most of all;
  they replace the good ones of a request with that credential, on every route (any method).
* ``Content-Length``, which aiohttp reads before any code of ours: any spelling of it is a
  400 from the parser or the route's own answer, never a 5xx, never a traceback in the log.

``EXAMPLES_RUN`` counts the examples (``BODY_EXAMPLES``, ``HEADER_EXAMPLES`` at most).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from collections import Counter
from collections.abc import AsyncIterator, Iterator

import aiohttp
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import scaled
from tests.server.conftest import CountingBackend
from tests.server.http.hostile import (
    BEARER,
    DEVICE,
    NO_CREDENTIAL,
    PARSED_HEADERS,
    WRONG_TYPES,
    Body,
    Stage,
    assert_no_traceback,
    send_raw,
)
from tests.support.background_loop import BackgroundLoop, background_loop
from tests.support.local_stack import running_server
from tests.wire.controller_frames import deep, json_values

BODY_EXAMPLES = 250
HEADER_EXAMPLES = 200
CONTENT_LENGTH_EXAMPLES = 150
EXAMPLES_RUN: Counter[str] = Counter()
REQUEST_TIMEOUT_S = 10.0

#: Objects with the fields the routes read, each holding any JSON value (a proof is added where it is the credential).
field_objects = st.dictionaries(st.sampled_from(sorted(WRONG_TYPES)) | st.text(max_size=8), json_values, max_size=5)
bodies: st.SearchStrategy[Body] = (
    field_objects
    | json_values.map(lambda value: json.dumps(value).encode())
    | st.binary(max_size=200)
    | st.builds(deep, st.integers(min_value=1, max_value=3000), st.booleans()).map(str.encode)
)


#: Numbers as a peer could write them: what ``int()`` reads (Unicode digits, signs, underscores, spaces, thousands
#: of digits) and what it does not (hex, exponents, decimals), next to plain ones of every length.
numbers_as_text = (
    st.integers().map(str)
    | st.integers(min_value=300, max_value=5000).map(lambda digits: "9" * digits)
    | st.text(st.characters(categories=["Nd"]), min_size=1, max_size=24)
    | st.builds(lambda sign, n: f"{sign}{n}", st.sampled_from(["+", "-", " ", "0", "00"]), st.integers(min_value=0))
    | st.integers(min_value=1000).map(lambda n: f"{n:_}")
    | st.sampled_from(["0x10", "1e3", "1.5", "NaN", "inf", "", " ", "1 2", "2, 2"])
)


def field_value(raw: bytes) -> bytes:
    """``raw`` with only the bytes a header's value may hold (no control character but tab), so the parser lets
    it through to the server's code; the parser's own refusals are tested with ``Content-Length``."""
    return bytes(byte for byte in raw if byte == 0x09 or 0x20 <= byte != 0x7F)


header_values = (numbers_as_text.map(str.encode) | st.text(max_size=60).map(str.encode) | st.binary(max_size=60)).map(
    field_value
)
hostile_headers = st.dictionaries(st.sampled_from(PARSED_HEADERS), header_values, min_size=1, max_size=4)
#: What aiohttp's parser accepts as a length (ASCII digits, around spaces and tabs it strips).
PARSED_LENGTH = re.compile(rb"[ \t]*([0-9]+)[ \t]*")


def readable_length(value: bytes) -> int | None:
    """The length aiohttp's parser reads in ``value`` (it must fit in 64 bits), or None if it refuses it."""
    parsed = PARSED_LENGTH.fullmatch(value)
    digits = parsed[1].lstrip(b"0") or b"0" if parsed else b""
    return int(digits) if digits and len(digits) <= 20 and int(digits) < 2**64 else None


#: The body posted under a fuzzed Content-Length: JSON followed by spaces, so any prefix of it is some body.
PADDED_BODY = b"{}" + b" " * 100


@contextlib.asynccontextmanager
async def client_session() -> AsyncIterator[aiohttp.ClientSession]:
    """A client session made on the loop that enters it (aiohttp binds it to the running loop)."""
    async with aiohttp.ClientSession() as http:
        yield http


@pytest.fixture
def stage_on_a_loop() -> Iterator[tuple[BackgroundLoop, Stage, aiohttp.ClientSession]]:
    with background_loop("fuzzed-server") as loop:
        server = loop.enter(running_server(cdp_backend=CountingBackend(), cdp_raw_tool=True), scaled(30))
        stage = loop.run(Stage.set_up(server), scaled(30))
        http = loop.enter(client_session(), scaled(5))
        yield loop, stage, http


def test_no_body_gets_a_5xx_or_an_answer_that_is_not_json(
    stage_on_a_loop: tuple[BackgroundLoop, Stage, aiohttp.ClientSession], caplog: pytest.LogCaptureFixture
) -> None:
    loop, stage, http = stage_on_a_loop
    caplog.set_level(logging.DEBUG)
    targets = stage.targets()
    credentials = sorted({credential for target in targets for credential in target.credentials})

    @settings(max_examples=BODY_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(bodies, st.sampled_from(credentials))
    def fuzz_bodies(body: Body, credential: str) -> None:
        EXAMPLES_RUN["http bodies"] += 1

        async def post_everywhere() -> None:
            answers = await asyncio.gather(
                *(
                    stage.post(http, target, credential if credential in target.credentials else NO_CREDENTIAL, body)
                    for target in targets
                )
            )
            for target, answer in zip(targets, answers, strict=True):
                assert answer.status < 500, f"{target.path}: {answer.status} {answer.body[:200]!r}"
                answer.json()

        loop.run(post_everywhere(), scaled(REQUEST_TIMEOUT_S))

    fuzz_bodies()
    assert EXAMPLES_RUN["http bodies"] > 0
    assert_no_traceback(caplog.records)
    loop.run(still_serving(stage), scaled(REQUEST_TIMEOUT_S))


def test_no_header_gets_a_5xx_or_an_answer_that_is_not_json(
    stage_on_a_loop: tuple[BackgroundLoop, Stage, aiohttp.ClientSession], caplog: pytest.LogCaptureFixture
) -> None:
    loop, stage, _ = stage_on_a_loop
    caplog.set_level(logging.DEBUG)
    routes = stage.routes()

    @settings(max_examples=HEADER_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(hostile_headers, st.sampled_from([NO_CREDENTIAL, BEARER, DEVICE]))
    def fuzz_headers(headers: dict[str, bytes], credential: str) -> None:
        EXAMPLES_RUN["http headers"] += 1

        async def send_everywhere() -> None:
            answers = await asyncio.gather(
                *(
                    stage.send(route, credential if credential in route.credentials else NO_CREDENTIAL, headers)
                    for route in routes
                )
            )
            for route, answer in zip(routes, answers, strict=True):
                assert answer.status < 500, f"{route.method} {route.path}: {answer.status} {answer.body[:200]!r}"
                answer.json()

        loop.run(send_everywhere(), scaled(REQUEST_TIMEOUT_S))

    fuzz_headers()
    assert EXAMPLES_RUN["http headers"] > 0
    assert_no_traceback(caplog.records)
    loop.run(still_serving(stage), scaled(REQUEST_TIMEOUT_S))


def test_no_content_length_gets_a_5xx(
    stage_on_a_loop: tuple[BackgroundLoop, Stage, aiohttp.ClientSession], caplog: pytest.LogCaptureFixture
) -> None:
    """A length the parser reads gets the route's own JSON answer; any other spelling its 400, one line in the log."""
    loop, stage, _ = stage_on_a_loop
    caplog.set_level(logging.DEBUG)
    posts = [route for route in stage.routes() if route.method == "POST"]
    lengths = (numbers_as_text.map(str.encode) | st.binary(max_size=30)).map(field_value)
    # A length the parser reads, of more bytes than are sent, would keep the server waiting for them.
    short_or_unreadable = lengths.filter(lambda value: readable_length(value) in (None, *range(len(PADDED_BODY) + 1)))

    @settings(max_examples=CONTENT_LENGTH_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(short_or_unreadable)
    def fuzz_content_length(length: bytes) -> None:
        EXAMPLES_RUN["content length"] += 1
        parsed = readable_length(length)
        body = PADDED_BODY if parsed is None else PADDED_BODY[:parsed]

        async def post_everywhere() -> None:
            for route in posts:
                head = f"POST {route.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                head += f"Authorization: Bearer {stage.server.api_key}\r\n"
                request = head.encode() + b"Content-Length: " + length + b"\r\nConnection: close\r\n\r\n" + body
                answer = await send_raw(stage.server.url, request)
                assert answer.status < 500, f"{route.path}: {answer.status} {answer.body[:200]!r}"
                assert parsed is not None or answer.status == 400, f"{route.path}: {length!r} got {answer.status}"
                if parsed is not None:
                    answer.json()

        loop.run(post_everywhere(), scaled(REQUEST_TIMEOUT_S))

    fuzz_content_length()
    assert EXAMPLES_RUN["content length"] > 0
    assert_no_traceback(caplog.records)
    loop.run(still_serving(stage), scaled(REQUEST_TIMEOUT_S))


async def still_serving(stage: Stage) -> None:
    async with stage.server.client() as client:
        assert (await client.capabilities())["object"] == "capabilities"
