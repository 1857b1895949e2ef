"""Random controller frames through the real hub, over a real WebSocket: each is handled or closes with its code.

One server serves the whole run on a loop of its own (``BackgroundLoop``).  Each example opens a
fresh extension session with a controller socket and a command in flight, sends one frame from
``tests.wire.controller_frames`` (the placeholder id replaced by the real one, so some results
finish the command), and checks what the server did against what the parser says the frame is:

* a frame the parser refuses: the socket is closed with the parser's close code;
* a heartbeat: its reply; a detach: its reply, then close 1000, and the command fails detached;
* a result: the socket stays open (a heartbeat still gets its reply), and a result for the
  command in flight finishes it with that outcome.

After every example a session on another controller still answers a tool call.  ``EXAMPLES_RUN``
counts the examples (``HUB_EXAMPLES`` at most).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from hermes_wire import controller as protocol
from hermes_wire.errors import ProtocolViolation
from tests.conftest import scaled
from tests.server.conftest import CountingBackend
from tests.server.helpers import close_code_of, connect_controller, next_frame, serve_in_background
from tests.server.routing.test_tool_api import call, new_session
from tests.support.background_loop import BackgroundLoop, background_loop
from tests.support.local_stack import RunningServer, running_server
from tests.wire.controller_frames import frame_texts, with_pending

HUB_EXAMPLES = 100
EXAMPLES_RUN: Counter[str] = Counter()
EXAMPLE_TIMEOUT_S = 20.0


async def noop(action: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {}


@pytest.fixture
def server_on_a_loop() -> Iterator[tuple[BackgroundLoop, RunningServer, str]]:
    """The server, and a session whose controller answers every call (the bystander)."""
    with background_loop("hub-fuzz") as loop:
        server = loop.enter(running_server(cdp_backend=CountingBackend()), scaled(30))

        async def bystander() -> str:
            session_id = await new_session(server)
            await serve_in_background(await connect_controller(server, session_id, controller_id="bystander"), noop)
            return session_id

        yield loop, server, loop.run(bystander(), scaled(30))


def test_any_frame_is_handled_or_closes_the_socket_with_its_code(
    server_on_a_loop: tuple[BackgroundLoop, RunningServer, str], caplog: pytest.LogCaptureFixture
) -> None:
    loop, server, bystander = server_on_a_loop
    caplog.set_level(logging.DEBUG)

    @settings(max_examples=HUB_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(frame_texts)
    def fuzz_hub(text: str) -> None:
        EXAMPLES_RUN["hub frames"] += 1
        loop.run(send_one_frame(server, text), scaled(EXAMPLE_TIMEOUT_S))
        assert loop.run(call(server, bystander, "controller.noop"), scaled(EXAMPLE_TIMEOUT_S)).ok

    fuzz_hub()
    assert EXAMPLES_RUN["hub frames"] > 0
    assert not [record for record in caplog.records if record.exc_info is not None or record.levelno >= logging.ERROR]


async def send_one_frame(server: RunningServer, template: str) -> None:
    session_id = await new_session(server)
    socket = await connect_controller(server, session_id)
    pending = asyncio.create_task(call(server, session_id, "browser_tabs", timeout_s=60))
    command_id = (await next_frame(socket, protocol.COMMAND))["command_id"]
    text = with_pending(template, command_id)
    try:
        frame: protocol.ControllerFrame | ProtocolViolation = protocol.parse_controller_frame(text)
    except ProtocolViolation as violation:
        frame = violation
    await socket.send(text)
    finished = False  # whether the frame itself ended the command in flight
    if isinstance(frame, ProtocolViolation):
        assert (await close_code_of(socket))[0] == frame.close_code
    elif isinstance(frame, protocol.DetachFrame):
        assert await next_frame(socket, protocol.DETACH) == protocol.detach_reply()
        assert (await close_code_of(socket))[0] == protocol.CLOSE_NORMAL
        assert (await pending).error_code == "controller_detached"
        finished = True
    else:
        nonce = frame.nonce if isinstance(frame, protocol.HeartbeatFrame) else "probe"
        if isinstance(frame, protocol.ResultFrame):
            await socket.send(json.dumps({"type": protocol.HEARTBEAT, "nonce": nonce}))
        assert await next_frame(socket) == protocol.heartbeat_reply(nonce)  # handled, and the socket still open
        if isinstance(frame, protocol.ResultFrame) and frame.command_id == command_id:
            reply = await pending
            assert reply.ok is frame.ok and (reply.result == frame.result or not frame.ok)
            finished = True
    async with server.client() as client:
        await client.close_session(session_id)
    if not finished:
        assert (await pending).error_code == "command_cancelled"
    await socket.close()
