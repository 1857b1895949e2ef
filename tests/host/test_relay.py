"""The relay under socket loss: a killed server socket mid-command, and a server that stops and comes back."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from hermes_server.app_keys import HUB
from tests.host.test_pairing import connected_host, wait_lane
from tests.support.local_stack import RunningServer, running_server


def kill_controller_sockets(server: RunningServer) -> None:
    """Drop every controller socket from the server's side, with no close handshake (reaches into the hub)."""
    for socket in list(server.app[HUB]._sockets.values()):
        socket._writer.transport.abort()  # type: ignore[union-attr]


@pytest.mark.processes
async def test_server_socket_killed_mid_command_still_delivers_the_result(tmp_path: Path) -> None:
    async with running_server(home=tmp_path) as server:
        host, _, session_id = await connected_host(server)
        async with server.client() as client:
            call = asyncio.create_task(
                client.call(session_id, "browser_click", {"ref": "@e1", "see": "none"}, timeout_s=20)
            )
            command = await host.next(lambda m: m.get("type") == "command")
            kill_controller_sockets(server)
            await wait_lane(server, session_id, "disconnected", within=2)
            await wait_lane(server, session_id, "connected", within=5)  # the host came back by itself
            await host.send(
                {"type": "result", "command_id": command["command_id"], "ok": True, "result": {"clicked": "@e1"}}
            )
            reply = await call
        assert (reply.ok, reply.result) == (True, {"clicked": "@e1"})
        assert not [m for m in host.backlog if m.get("type") == "command"]  # nothing was sent twice
        await host.close()


@pytest.mark.processes
async def test_result_sent_while_the_socket_is_down_is_delivered_after_reconnecting(tmp_path: Path) -> None:
    async with running_server(home=tmp_path) as server:
        host, _, session_id = await connected_host(server)
        async with server.client() as client:
            call = asyncio.create_task(
                client.call(session_id, "browser_type", {"ref": "@e1", "text": "x", "see": "none"}, timeout_s=20)
            )
            command = await host.next(lambda m: m.get("type") == "command")
            kill_controller_sockets(server)
            await host.status_where(lambda s: s["sessions"] and s["sessions"][0]["state"] == "disconnected")
            await host.send({"type": "result", "command_id": command["command_id"], "ok": True, "result": "typed"})
            assert (await call).result == "typed"
        await host.close()
