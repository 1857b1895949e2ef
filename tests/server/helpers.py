"""A real server on a free loopback port, and a scripted controller speaking protocol v1 over ``websockets``."""

from __future__ import annotations

import asyncio
import json
import secrets
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import websockets
from aiohttp import web

from hermes_host.controller_socket import open_controller_socket
from hermes_server.agents.client import BrowserClient
from hermes_server.app import start_server
from hermes_server.config import ServerConfig
from hermes_server.routing.lanes import Backend, UnavailableBackend
from hermes_wire import controller as protocol
from tests.support.controller import CommandHandler, serve_commands

from ..conftest import scaled

EXTENSION_ORIGIN = "chrome-extension://" + "a" * 32


@dataclass
class RunningServer:
    url: str
    api_key: str
    app: web.Application
    config: ServerConfig

    def client(self, api_key: str | None = None) -> BrowserClient:
        return BrowserClient(self.url, api_key or self.api_key)


@asynccontextmanager
async def running_server(
    cdp_backend: Backend | None = None, *, home: Path | None = None, port: int = 0, **settings: Any
) -> AsyncIterator[RunningServer]:
    """Start the real server on 127.0.0.1 with a fresh random key (extension control on by default).

    The cdp lane is ``cdp_backend``, or none at all (``UnavailableBackend``): no test launches a browser by accident.

    ``home`` is its HERMES_HOME (a fresh temporary one unless given, e.g. to restart on the same pairings).
    """
    with tempfile.TemporaryDirectory() as scratch:
        config = replace(
            ServerConfig(api_key=secrets.token_urlsafe(32), port=port, home=home or Path(scratch)),
            **({"extension_control_enabled": True, "allowed_origins": (EXTENSION_ORIGIN,)} | settings),
        )
        runner, url = await start_server(config, cdp_backend=cdp_backend or UnavailableBackend())
        try:
            yield RunningServer(url, config.api_key, runner.app, config)
        finally:
            await runner.cleanup()


async def connect_controller(
    server: RunningServer, session_id: str, *, controller_id: str = "ctl-1", profile: str = "profile-1",
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
            frame = json.loads(await socket.recv())
            if frame_type is None or frame["type"] == frame_type:
                return frame


async def close_code_of(socket: websockets.ClientConnection) -> tuple[int | None, str]:
    """Wait for the server to close ``socket``; return its close code and reason."""
    async with asyncio.timeout(scaled(5)):
        await socket.wait_closed()
    assert socket.close_code is not None
    return socket.close_code, socket.close_reason or ""


async def wait_for_lane_state(server: RunningServer, session_id: str, state: str) -> None:
    """Poll the session list until the controller lane reaches ``state`` (no fixed sleeps)."""
    async with server.client() as client, asyncio.timeout(scaled(5)):
        while True:
            sessions = {s["id"]: s for s in await client.list_sessions()}
            if sessions[session_id]["controller"]["state"] == state:
                return
            await asyncio.sleep(0.01)
