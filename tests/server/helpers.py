"""The server tests' side of protocol v1: register and connect a scripted controller, read its frames."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import websockets

from hermes_host.controller_socket import open_controller_socket
from hermes_wire import controller as protocol
from tests.conftest import scaled
from tests.support.controller import CommandHandler, serve_commands
from tests.support.local_stack import RunningServer


async def connect_controller(
    server: RunningServer,
    session_id: str,
    *,
    controller_id: str = "ctl-1",
    profile: str = "profile-1",
    capabilities: tuple[str, ...] = protocol.CAPABILITY_ALLOWLIST,
) -> websockets.ClientConnection:
    async with server.client() as client:
        grant = await client.register_controller(
            session_id, controller_id=controller_id, browser_profile_id=profile, capabilities=capabilities
        )
    return await open_controller_socket(server.url, grant["ticket"])


async def serve_in_background(socket: websockets.ClientConnection, handler: CommandHandler) -> asyncio.Task[None]:
    return asyncio.create_task(serve_commands(socket, handler))


async def next_frame(socket: websockets.ClientConnection, frame_type: str | None = None) -> dict[str, Any]:
    """The next frame (of ``frame_type``, skipping others) within the scaled timeout."""
    async with asyncio.timeout(scaled(5)):
        while True:
            frame: dict[str, Any] = json.loads(await socket.recv())
            if frame_type is None or frame["type"] == frame_type:
                return frame


async def close_code_of(socket: websockets.ClientConnection) -> tuple[int | None, str]:
    """Wait for the server to close ``socket``; return its close code and reason."""
    async with asyncio.timeout(scaled(5)):
        await socket.wait_closed()
    assert socket.close_code is not None
    return socket.close_code, socket.close_reason or ""
