"""Shared by the MCP and command-line tests: a scripted browser behind a controller, a real PNG, MCP clients."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import struct
import sys
import zlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, TextIO

import httpx2
from mcp import Client, StdioServerParameters, types
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from hermes_server.agents.mcp_http import MCP_PATH, SESSION_HEADER
from hermes_wire.tool_spec import EXTENSION_LANE
from hermes_wire.tools import TOOLS
from tests.conftest import scaled
from tests.server.helpers import connect_controller, serve_in_background
from tests.support.local_stack import RunningServer


def tiny_png(width: int = 3, height: int = 2) -> bytes:
    """A real, valid PNG (8-bit RGB, red), built by hand so the tests need no image library."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


PNG = tiny_png()
SNAPSHOT = '- main:\n  - button "Sign Up" @e4\n  - textbox "Email" @e5'


def browser_tools(lane: str, *, raw_cdp: bool = False) -> list[str]:
    """What MCP lists for a session on ``lane``: every tool of that lane but the channel check, and browser_cdp
    only on a server whose configuration turns it on (``raw_cdp``)."""
    return [
        name
        for name, spec in TOOLS.items()
        if name != "controller.noop" and lane in spec.lanes and (name != "browser_cdp" or raw_cdp)
    ]


BROWSER_TOOLS = browser_tools(EXTENSION_LANE)


async def new_session(server: RunningServer, lane: str = "extension") -> str:
    async with server.client() as client:
        return str((await client.create_session(browser_lane=lane))["id"])


def text_of(result: types.CallToolResult) -> str:
    assert len(result.content) == 1 and isinstance(result.content[0], types.TextContent), result.content
    return result.content[0].text


def mcp_errors(error: BaseException) -> list[MCPError]:
    """The MCPErrors in ``error``: the SDK's client raises them inside (nested) exception groups."""
    if isinstance(error, MCPError):
        return [error]
    if isinstance(error, BaseExceptionGroup):
        return [found for inner in error.exceptions for found in mcp_errors(inner)]
    return []


class ScriptedBrowser:
    """Answers commands like the extension would, and records which ones reached it."""

    def __init__(self) -> None:
        self.received: list[tuple[str, dict[str, Any]]] = []

    async def __call__(self, action: str, arguments: dict[str, Any]) -> Any:
        self.received.append((action, arguments))
        if action == "browser_snapshot":
            return {"snapshot": SNAPSHOT}
        if action == "browser_screenshot":
            return {"mime_type": "image/png", "data": base64.b64encode(PNG).decode()}
        return {"done": action, "arguments": arguments}


@asynccontextmanager
async def scripted_browser(server: RunningServer, session_id: str) -> AsyncIterator[ScriptedBrowser]:
    """A controller connected to ``session_id`` and serving a ``ScriptedBrowser`` until the block ends."""
    browser = ScriptedBrowser()
    socket = await connect_controller(server, session_id)
    serving = await serve_in_background(socket, browser)
    try:
        yield browser
    finally:
        serving.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await serving
        await socket.close()


@asynccontextmanager
async def mcp_over_http(
    server: RunningServer, session_id: str | None, *, api_key: str | None = None, mode: str = "auto"
) -> AsyncIterator[Client]:
    """The SDK's client on ``/mcp``; ``mode`` "auto" speaks 2026-07-28, "legacy" the initialize handshake.

    ``api_key`` defaults to the server's; an empty one sends no Authorization header.
    """
    key = server.api_key if api_key is None else api_key
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    if session_id is not None:
        headers[SESSION_HEADER] = session_id
    async with (
        httpx2.AsyncClient(headers=headers) as http,
        Client(streamable_http_client(server.url + MCP_PATH, http_client=http), mode=mode) as client,
    ):
        yield client


def mcp_over_stdio(server: RunningServer, *args: str, env: dict[str, str], errlog: TextIO) -> Client:
    """The SDK's client on a real ``python -m hermes_server mcp`` subprocess (its stderr goes to ``errlog``)."""
    parameters = StdioServerParameters(
        command=sys.executable, args=["-m", "hermes_server", "mcp", "--server", server.url, *args], env=env
    )
    return Client(stdio_client(parameters, errlog=errlog))


async def run_cli(env: dict[str, str], *args: str) -> tuple[int, str, str]:
    """Run ``hermes-browser`` with stdout into a pipe, without blocking the event loop that serves the server;
    returns (status, stdout, stderr)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "hermes_server",
        *args,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    stdout, stderr = await asyncio.wait_for(process.communicate(), scaled(30))
    assert process.returncode is not None
    return process.returncode, stdout.decode(), stderr.decode()
