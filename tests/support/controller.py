"""The controller's side of protocol v1, over the ``websockets`` library.

Used by the tests and the benchmark as a scripted controller, and a reference for
anyone writing a controller: register for a ticket, open the ticket WebSocket,
answer each ``browser.controller.command`` with one ``browser.controller.result``
and stop work on ``browser.controller.cancel``.

Run as ``python -m tests.support.controller --session ID`` it is a
channel-check controller: it registers only ``controller.noop`` and answers it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import os
from collections.abc import Awaitable, Callable
from typing import Any

import websockets

from hermes_host.controller_socket import open_controller_socket
from hermes_server.agents.client import BrowserClient
from hermes_server.errors import ApiError
from hermes_wire import controller as protocol
from hermes_wire.errors import HermesError


class CommandRefused(HermesError):
    """Raised by a command handler to answer ``ok: false`` with its own ``code``."""

    code = "controller_error"


CommandHandler = Callable[[str, dict[str, Any]], Awaitable[Any]]


async def serve_commands(socket: websockets.ClientConnection, handler: CommandHandler) -> None:
    """Answer commands until the socket closes; each runs as its own task, and a cancel frame cancels it."""
    running: dict[str, asyncio.Task[None]] = {}
    try:
        async for raw in socket:
            frame = json.loads(raw)
            if frame.get("type") == protocol.COMMAND:
                command_id = frame["command_id"]
                task = asyncio.create_task(_answer(socket, frame, handler))
                running[command_id] = task
                task.add_done_callback(functools.partial(_forget, running, command_id))
            elif frame.get("type") == protocol.CANCEL and frame.get("command_id") in running:
                running[frame["command_id"]].cancel()
    except websockets.ConnectionClosed:
        pass
    finally:
        for task in running.values():
            task.cancel()


def _forget(running: dict[str, asyncio.Task[None]], command_id: str, _: asyncio.Task[None]) -> None:
    running.pop(command_id, None)


async def _answer(socket: websockets.ClientConnection, frame: dict[str, Any], handler: CommandHandler) -> None:
    reply: dict[str, Any] = {"type": protocol.RESULT, "command_id": frame["command_id"]}
    try:
        reply |= {"ok": True, "result": await handler(frame["action"], frame["arguments"])}
    except CommandRefused as refused:
        reply |= {"ok": False, "error": {"code": refused.code, "message": refused.message}}
    with contextlib.suppress(websockets.ConnectionClosed):
        await socket.send(json.dumps(reply))


async def noop_only(action: str, arguments: dict[str, Any]) -> dict[str, Any]:
    if action != "controller.noop":
        raise CommandRefused(
            f"this channel-check controller only answers controller.noop, not {action}", code="capability_not_allowed"
        )
    return {}


async def _main(server: str, session_id: str, controller_id: str) -> None:
    api_key = os.environ.get("HERMES_API_KEY", "")
    async with BrowserClient(server, api_key) as client:
        grant = await client.register_controller(
            session_id,
            controller_id=controller_id,
            browser_profile_id="channel-check",
            capabilities=["controller.noop"],
        )
    socket = await open_controller_socket(server, grant["ticket"])
    print("ready", flush=True)
    await serve_commands(socket, noop_only)


def main() -> None:
    parser = argparse.ArgumentParser(description="A controller that answers controller.noop (reads HERMES_API_KEY).")
    parser.add_argument("--server", default=f"http://127.0.0.1:{os.environ.get('HERMES_PORT', '8642')}")
    parser.add_argument("--session", required=True, help="the extension session to control")
    parser.add_argument("--controller-id", default="channel-check")
    options = parser.parse_args()
    try:
        asyncio.run(_main(options.server, options.session, options.controller_id))
    except ApiError as refused:
        raise SystemExit(f"controller: registration refused ({refused.status} {refused.code}): {refused}") from None


if __name__ == "__main__":
    main()
