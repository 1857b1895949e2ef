"""The agent tool API end to end: HTTP → server → ticket WebSocket → scripted controller → back."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
import websockets

from hermes_server.errors import ApiError
from hermes_server.routing.outcome import ToolOutcome
from hermes_wire import controller as protocol
from tests.conftest import scaled
from tests.server.conftest import CountingBackend
from tests.server.helpers import close_code_of, connect_controller, next_frame, serve_in_background
from tests.support.controller import CommandRefused
from tests.support.local_stack import RunningServer, running_server, wait_for_lane_state


async def new_session(server: RunningServer, lane: str = "extension") -> str:
    async with server.client() as client:
        return (await client.create_session(browser_lane=lane))["id"]


async def call(
    server: RunningServer, session_id: str, tool: str, arguments: dict[str, Any] | None = None, **options: Any
) -> ToolOutcome:
    async with server.client() as client:
        return await client.call(session_id, tool, arguments, **options)


async def echo(action: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"action": action, "arguments": arguments}


# ----- sessions ---------------------------------------------------------------------------------------


async def test_sessions_can_be_created_listed_and_closed(server: RunningServer) -> None:
    async with server.client() as client:
        made = await client.create_session(label="shopping", browser_lane="extension")
        assert made["browser_lane"] == "extension"
        assert made["controller"]["state"] == "awaiting_controller"
        cdp_session = await client.create_session(browser_lane="cdp")
        assert cdp_session["browser_lane"] == "cdp" and cdp_session["controller"] is None
        listed = {s["id"]: s for s in await client.list_sessions()}
        assert set(listed) == {made["id"], cdp_session["id"]}
        assert listed[made["id"]]["label"] == "shopping"
        await client.close_session(made["id"])
        assert [s["id"] for s in await client.list_sessions()] == [cdp_session["id"]]
        with pytest.raises(ApiError) as missing:
            await client.close_session(made["id"])
        assert (missing.value.status, missing.value.code) == (404, "session_not_found")


@pytest.mark.parametrize(
    "body",
    [{"browser_lane": "firefox"}, {"label": 5}, {"label": "x" * 201}, {"browser_lane": "cdp", "colour": "red"}],
)
async def test_bad_session_requests_are_400(server: RunningServer, body: dict[str, Any]) -> None:
    async with server.client() as client:
        with pytest.raises(ApiError) as refused:
            await client.request("POST", "/v1/sessions", body)
    assert (refused.value.status, refused.value.code) == (400, "invalid_request")


# ----- argument checking and routing -------------------------------------------------------------------


async def test_a_call_round_trips_through_the_controller(server: RunningServer, cdp: CountingBackend) -> None:
    session_id = await new_session(server)
    socket = await connect_controller(server, session_id)
    serving = await serve_in_background(socket, echo)
    reply = await call(server, session_id, "browser_type", {"ref": "@e5", "text": "hello"}, tool_call_id="call-1")
    assert reply == ToolOutcome(
        True, backend="extension", result={"action": "browser_type", "arguments": {"ref": "@e5", "text": "hello"}}
    )
    assert cdp.calls == []
    serving.cancel()
    await socket.close()


@pytest.mark.parametrize(
    ("tool", "arguments", "fragment"),
    [
        ("browser_click", {}, "arguments.ref is required"),
        ("browser_click", {"ref": "e1; alert(1)"}, "arguments.ref is not valid"),
        ("browser_click", {"ref": "@e1", "force": True}, "arguments.force is not accepted"),
        ("browser_navigate", {"url": "javascript:alert(1)"}, "arguments.url is not valid"),
        ("browser_scroll", {"direction": "sideways"}, "must be one of up, down"),
        ("browser_tab_activate", {"tab_id": "3"}, "must be an integer"),
        ("browser_tab_activate", {"tab_id": True}, "must be an integer"),
        ("browser_tab_activate", {"tab_id": -1}, "at least 0"),
        ("browser_type", {"ref": "@e1", "text": "x" * 20001}, "longer than 20000"),
        ("browser_snapshot", {"full": "yes"}, "must be a boolean"),
    ],
)
async def test_arguments_are_checked_before_anything_is_routed(
    server: RunningServer, cdp: CountingBackend, tool: str, arguments: dict[str, Any], fragment: str
) -> None:
    session_id = await new_session(server)
    socket = await connect_controller(server, session_id)
    received: list[str] = []

    async def record(action: str, args: dict[str, Any]) -> dict[str, Any]:
        received.append(action)
        return {}

    serving = await serve_in_background(socket, record)
    reply = await call(server, session_id, tool, arguments)
    assert (reply.ok, reply.error_code, reply.backend) == (False, "invalid_arguments", "extension")
    assert fragment in (reply.error_message or "")
    # A later valid call is the first thing the controller sees: the invalid one never left the server.
    assert (await call(server, session_id, "controller.noop")).ok
    assert received == ["controller.noop"]
    assert cdp.calls == []
    serving.cancel()
    await socket.close()


async def test_unknown_tools_and_sessions_are_404(server: RunningServer) -> None:
    session_id = await new_session(server)
    async with server.client() as client:
        with pytest.raises(ApiError) as unknown_tool:
            await client.call(session_id, "browser_evaluate", {"script": "1"})
        assert (unknown_tool.value.status, unknown_tool.value.code) == (404, "unknown_tool")
        with pytest.raises(ApiError) as unknown_session:
            await client.call("sess_nope", "browser_tabs")
        assert (unknown_session.value.status, unknown_session.value.code) == (404, "session_not_found")
        for bad_options in ({"timeout_s": 0}, {"timeout_s": 301}, {"tool_call_id": "has space"}):
            with pytest.raises(ApiError) as bad:
                await client.call(session_id, "browser_tabs", **bad_options)
            assert bad.value.code == "invalid_request"


async def test_extension_session_without_controller_never_reaches_another_backend(
    server: RunningServer, cdp: CountingBackend
) -> None:
    session_id = await new_session(server)
    for tool, arguments in [
        ("browser_navigate", {"url": "https://example.com/"}),
        ("browser_snapshot", {}),
        ("browser_click", {"ref": "@e1"}),
        ("browser_screenshot", {}),
    ]:
        reply = await call(server, session_id, tool, arguments)
        assert (reply.ok, reply.error_code, reply.backend) == (False, "controller_missing", "extension")
        assert "approve pairing" in (reply.error_message or "")
    assert cdp.calls == []
    # The CDP lane does serve sessions created for it.
    cdp_session = await new_session(server, "cdp")
    reply = await call(server, cdp_session, "browser_snapshot")
    assert (reply.ok, reply.backend, reply.result) == (True, "cdp", {"served_by": "cdp"})
    assert [c.tool.name for c in cdp.calls] == ["browser_snapshot"]


async def test_cdp_lane_without_a_backend_answers_backend_unavailable() -> None:
    async with running_server() as server:
        session_id = await new_session(server, "cdp")
        reply = await call(server, session_id, "browser_snapshot")
        assert (reply.ok, reply.error_code, reply.backend) == (False, "backend_unavailable", "cdp")


async def test_disconnected_and_incapable_controllers_fail_closed(server: RunningServer, cdp: CountingBackend) -> None:
    session_id = await new_session(server)
    socket = await connect_controller(server, session_id, capabilities=("controller.noop",))
    serving = await serve_in_background(socket, echo)
    reply = await call(server, session_id, "browser_click", {"ref": "@e1"})
    assert (reply.ok, reply.error_code) == (False, "capability_not_allowed")
    await socket.close()
    await serving
    await wait_for_lane_state(server, session_id, "disconnected")
    reply = await call(server, session_id, "controller.noop")
    assert (reply.ok, reply.error_code) == (False, "controller_disconnected")
    assert cdp.calls == []


async def test_controller_refusal_reaches_the_agent(server: RunningServer) -> None:
    session_id = await new_session(server)

    async def refuse(action: str, arguments: dict[str, Any]) -> None:
        raise CommandRefused("No element @e9; take a new snapshot.", code="stale_ref")

    socket = await connect_controller(server, session_id)
    serving = await serve_in_background(socket, refuse)
    reply = await call(server, session_id, "browser_click", {"ref": "@e9"})
    assert (reply.ok, reply.error_code) == (False, "controller_error")
    assert reply.error_message == "stale_ref: No element @e9; take a new snapshot."
    serving.cancel()
    await socket.close()


# ----- deadlines, disconnects, detach, replacement ------------------------------------------------------


async def test_controller_that_never_answers_times_out_with_a_cancel_frame(server: RunningServer) -> None:
    session_id = await new_session(server)
    socket = await connect_controller(server, session_id)
    pending = asyncio.create_task(
        call(server, session_id, "browser_click", {"ref": "@e1"}, timeout_s=0.3, tool_call_id="call-slow")
    )
    command = await next_frame(socket, protocol.COMMAND)
    cancel = await next_frame(socket, protocol.CANCEL)
    assert cancel == {"type": protocol.CANCEL, "command_id": command["command_id"], "tool_call_id": "call-slow"}
    reply = await pending
    assert (reply.ok, reply.error_code) == (False, "command_timeout")
    # A result after the timeout is ignored, and the socket stays usable.
    await socket.send(json.dumps({"type": protocol.RESULT, "command_id": command["command_id"], "ok": True}))
    serving = await serve_in_background(socket, echo)
    assert (await call(server, session_id, "controller.noop")).ok
    serving.cancel()
    await socket.close()


async def test_controller_that_drops_mid_command_and_returns_before_the_deadline(server: RunningServer) -> None:
    session_id = await new_session(server)
    first = await connect_controller(server, session_id)
    click = {"ref": "@e2", "see": "none"}  # the command alone: no read of the page after it
    pending = asyncio.create_task(call(server, session_id, "browser_click", click, timeout_s=scaled(10)))
    command = await next_frame(first, protocol.COMMAND)
    await first.close()  # the socket vanishes mid-command
    await wait_for_lane_state(server, session_id, "disconnected")
    assert not pending.done()
    second = await connect_controller(server, session_id)  # same identity, fresh ticket
    await second.send(
        json.dumps(
            {"type": protocol.RESULT, "command_id": command["command_id"], "ok": True, "result": {"clicked": "@e2"}}
        )
    )
    reply = await pending
    assert (reply.ok, reply.result) == (True, {"clicked": "@e2"})
    # Nothing was re-sent to the returning controller.
    await second.send(json.dumps({"type": protocol.HEARTBEAT, "nonce": 7}))
    assert (await next_frame(second))["type"] == protocol.HEARTBEAT
    await second.close()


async def test_detach_cancels_pending_work_and_fails_closed_until_unbound(server: RunningServer) -> None:
    session_id = await new_session(server)
    socket = await connect_controller(server, session_id)
    pending = asyncio.create_task(call(server, session_id, "browser_click", {"ref": "@e1"}))
    command = await next_frame(socket, protocol.COMMAND)
    await socket.send(json.dumps({"type": protocol.DETACH}))
    assert await next_frame(socket, protocol.DETACH) == {"type": protocol.DETACH, "ok": True}
    assert await next_frame(socket, protocol.CANCEL) == {
        "type": protocol.CANCEL,
        "command_id": command["command_id"],
        "tool_call_id": command["tool_call_id"],
    }
    assert (await close_code_of(socket))[0] == protocol.CLOSE_NORMAL
    reply = await pending
    assert (reply.ok, reply.error_code) == (False, "controller_detached")
    reply = await call(server, session_id, "controller.noop")
    assert (reply.ok, reply.error_code) == (False, "controller_detached")
    with pytest.raises(ApiError) as refused:
        await connect_controller(server, session_id)
    assert (refused.value.status, refused.value.code) == (403, "browser_control_session_forbidden")
    async with server.client() as client:
        assert (await client.unbind_controller(session_id))["controller"]["state"] == "awaiting_controller"
    socket = await connect_controller(server, session_id, controller_id="ctl-2")
    serving = await serve_in_background(socket, echo)
    assert (await call(server, session_id, "controller.noop")).ok
    serving.cancel()
    await socket.close()


async def test_replacement_cancels_the_old_controllers_work_first(server: RunningServer) -> None:
    session_id = await new_session(server)
    old = await connect_controller(server, session_id, controller_id="ctl-old")
    pending = asyncio.create_task(call(server, session_id, "browser_click", {"ref": "@e1"}))
    command = await next_frame(old, protocol.COMMAND)
    new = await connect_controller(server, session_id, controller_id="ctl-new", profile="profile-2")
    reply = await pending
    assert (reply.ok, reply.error_code) == (False, "command_cancelled")
    assert (await next_frame(old, protocol.CANCEL))["command_id"] == command["command_id"]
    assert (await close_code_of(old))[0] == protocol.CLOSE_REPLACED
    serving = await serve_in_background(new, echo)
    reply = await call(server, session_id, "browser_tabs")
    assert (reply.ok, reply.result["action"]) == (True, "browser_tabs")
    serving.cancel()
    await new.close()


async def test_two_sockets_with_one_identity_are_ambiguous(server: RunningServer) -> None:
    session_id = await new_session(server)
    first = await connect_controller(server, session_id)
    second = await connect_controller(server, session_id)
    await wait_for_lane_state(server, session_id, "ambiguous")
    reply = await call(server, session_id, "controller.noop")
    assert (reply.ok, reply.error_code) == (False, "controller_ambiguous")
    await first.close()
    await wait_for_lane_state(server, session_id, "connected")
    serving = await serve_in_background(second, echo)
    assert (await call(server, session_id, "controller.noop")).ok
    serving.cancel()
    await second.close()


async def test_closing_a_session_cancels_its_pending_work(server: RunningServer) -> None:
    session_id = await new_session(server)
    socket = await connect_controller(server, session_id)
    pending = asyncio.create_task(call(server, session_id, "browser_click", {"ref": "@e1"}))
    command = await next_frame(socket, protocol.COMMAND)
    async with server.client() as client:
        await client.close_session(session_id)
    reply = await pending
    assert (reply.ok, reply.error_code) == (False, "command_cancelled")
    assert (await next_frame(socket, protocol.CANCEL))["command_id"] == command["command_id"]
    assert (await close_code_of(socket))[0] == protocol.CLOSE_SESSION_CLOSED


async def test_a_vanished_controller_mid_command_still_ends_at_the_deadline(server: RunningServer) -> None:
    session_id = await new_session(server)
    socket = await connect_controller(server, session_id)
    pending = asyncio.create_task(call(server, session_id, "browser_click", {"ref": "@e1"}, timeout_s=0.5))
    await next_frame(socket, protocol.COMMAND)
    socket.transport.abort()  # no close handshake at all
    reply = await pending
    assert (reply.ok, reply.error_code) == (False, "command_timeout")


async def test_a_killed_controller_fails_the_call_after_the_reconnect_grace_not_at_the_deadline(
    cdp: CountingBackend, caplog: pytest.LogCaptureFixture
) -> None:
    grace_s, deadline_s = 1.0, 60.0
    async with running_server(cdp_backend=cdp, reconnect_grace_s=grace_s) as server:
        session_id = await new_session(server)
        first = await connect_controller(server, session_id)
        pending = asyncio.create_task(call(server, session_id, "browser_click", {"ref": "@e1"}, timeout_s=deadline_s))
        command = await next_frame(first, protocol.COMMAND)
        killed_at = time.monotonic()
        first.transport.abort()  # no close handshake: the socket is simply gone
        async with asyncio.timeout(scaled(5) + grace_s):
            reply = await pending
        assert (reply.ok, reply.error_code) == (False, "controller_disconnected")
        assert grace_s <= time.monotonic() - killed_at < deadline_s
        # It comes back: its late result is ignored, nothing is re-sent, and the lane serves new calls.
        second = await connect_controller(server, session_id)
        await second.send(json.dumps({"type": protocol.RESULT, "command_id": command["command_id"], "ok": True}))
        received: list[str] = []

        async def remember(action: str, arguments: dict[str, Any]) -> dict[str, Any]:
            received.append(action)
            return {}

        serving = await serve_in_background(second, remember)
        assert (await call(server, session_id, "controller.noop")).ok
        assert received == ["controller.noop"]
        serving.cancel()
        await second.close()
    assert not [record for record in caplog.records if record.exc_info is not None]


# ----- burst ------------------------------------------------------------------------------------------


async def test_a_thousand_command_burst_across_ten_sessions_loses_and_misroutes_nothing(
    server: RunningServer,
) -> None:
    sessions = [await new_session(server) for _ in range(10)]
    sockets: list[websockets.ClientConnection] = []
    servers: list[asyncio.Task[None]] = []
    for index, session_id in enumerate(sessions):
        socket = await connect_controller(server, session_id, controller_id=f"ctl-{index}")

        async def answer(action: str, arguments: dict[str, Any], owner: str = session_id) -> dict[str, Any]:
            return {"owner": owner, "text": arguments["text"]}

        sockets.append(socket)
        servers.append(await serve_in_background(socket, answer))

    async with server.client() as client:

        async def one(number: int) -> tuple[str, str, ToolOutcome]:
            session_id = sessions[number % 10]
            text = f"{session_id}/{number}"
            return (
                session_id,
                text,
                await client.call(
                    session_id, "browser_type", {"ref": "@e1", "text": text, "see": "none"}, timeout_s=scaled(60)
                ),
            )

        async with asyncio.timeout(scaled(120)):
            outcomes = await asyncio.gather(*(one(n) for n in range(1000)))

    assert len(outcomes) == 1000
    for session_id, text, reply in outcomes:
        assert reply.ok, reply
        assert reply.result == {"owner": session_id, "text": text}
    async with server.client() as client:
        assert all(s["controller"]["pending_commands"] == 0 for s in await client.list_sessions())
    for task in servers:
        task.cancel()
    for socket in sockets:
        await socket.close()
