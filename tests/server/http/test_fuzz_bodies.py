"""Every POST route under fuzzing: no body, however random, gets a 5xx or an answer that is not JSON.

One real server serves the whole run, on a loop of its own (``BackgroundLoop``), so that it is
also shown to stay up through every example.  Each example is a body (any JSON value, a JSON
object with the fields the routes read, random bytes, or deep nesting) and the credential to
bring; it is posted to every POST route of the app (``hostile.Stage``), with that credential where
the route takes it.  ``EXAMPLES_RUN`` counts the examples (``BODY_EXAMPLES`` at most).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import Counter
from collections.abc import AsyncIterator, Iterator

import aiohttp
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import scaled
from tests.server.conftest import CountingBackend
from tests.server.http.hostile import NO_CREDENTIAL, WRONG_TYPES, Body, Stage, assert_no_traceback
from tests.support.background_loop import BackgroundLoop, background_loop
from tests.support.local_stack import running_server
from tests.wire.controller_frames import deep, json_values

BODY_EXAMPLES = 250
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


@contextlib.asynccontextmanager
async def client_session() -> AsyncIterator[aiohttp.ClientSession]:
    """A client session made on the loop that enters it (aiohttp binds it to the running loop)."""
    async with aiohttp.ClientSession() as http:
        yield http


@pytest.fixture
def stage_on_a_loop() -> Iterator[tuple[BackgroundLoop, Stage, aiohttp.ClientSession]]:
    with background_loop("fuzzed-server") as loop:
        server = loop.enter(running_server(cdp_backend=CountingBackend()), scaled(30))
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


async def still_serving(stage: Stage) -> None:
    async with stage.server.client() as client:
        assert (await client.capabilities())["object"] == "capabilities"
