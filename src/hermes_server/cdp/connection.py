"""One DevTools WebSocket: numbered commands matched to their replies, every event handed to one listener.

The lane uses Chrome's *flat* session mode (``Target.attachToTarget`` / ``setAutoAttach``
with ``flatten: true``): the page and all its out-of-process iframes share this one socket,
and each message names its target session in ``sessionId``.  So one connection per
supervisor is enough, whatever the number of frames.

Reading is not done by ``send``: ``pump()`` reads until the socket closes and must run in
a background task (the supervisor owns it).  That keeps events flowing while a command
waits for its reply (a click whose reply only comes once a dialog it opened is closed, for
instance), and it gives one place to fail every waiting command when the socket dies.
"""

from __future__ import annotations

import asyncio
import ipaddress
import itertools
import json
import logging
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import websockets
from websockets.asyncio.client import ClientConnection

from hermes_server.cdp.events import CDPEvent
from hermes_server.errors import CDPCommandFailed, CDPDisconnected

log = logging.getLogger(__name__)

#: Screenshots and full snapshots of big pages arrive as single messages of several megabytes.
MAX_MESSAGE_BYTES = 256 * 1024 * 1024


EventListener = Callable[[CDPEvent], None]


def _is_loopback(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class CDPConnection:
    """A connected DevTools WebSocket.  Make it with ``connect``; run ``pump`` in a task; ``close`` when done."""

    def __init__(self, socket: ClientConnection, on_event: EventListener) -> None:
        self._socket = socket
        self._on_event = on_event
        self._ids = itertools.count(1)
        self._waiting: dict[int, tuple[str, asyncio.Future[dict[str, Any]]]] = {}
        self._closed_reason: str | None = None

    @classmethod
    async def connect(cls, ws_url: str, on_event: EventListener, *, timeout_s: float) -> CDPConnection:
        """Open the socket (``CDPDisconnected`` if it cannot be opened within ``timeout_s``)."""
        try:
            socket = await websockets.connect(
                ws_url,
                max_size=MAX_MESSAGE_BYTES,
                compression=None,  # loopback or a provider's proxy: deflating screenshots only costs time
                open_timeout=timeout_s,
                ping_interval=None,  # the supervisor notices a dead browser through the socket closing
                # A proxy from the environment must not sit between us and a browser on this machine.
                proxy=None if _is_loopback(ws_url) else True,
            )
        except (OSError, TimeoutError, websockets.InvalidHandshake, websockets.InvalidURI) as error:
            raise CDPDisconnected(f"cannot open the DevTools WebSocket ({type(error).__name__}: {error})") from None
        return cls(socket, on_event)

    @property
    def closed(self) -> bool:
        return self._closed_reason is not None

    async def send(
        self, method: str, params: dict[str, Any] | None = None, *, session_id: str | None = None
    ) -> dict[str, Any]:
        """Send one command and wait for its result (``CDPCommandFailed`` / ``CDPDisconnected`` otherwise)."""
        if self._closed_reason is not None:
            raise CDPDisconnected(self._closed_reason)
        command_id = next(self._ids)
        message: dict[str, Any] = {"id": command_id, "method": method, "params": params or {}}
        if session_id is not None:
            message["sessionId"] = session_id
        reply: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[command_id] = (method, reply)
        try:
            await self._socket.send(json.dumps(message))
            return await reply
        except websockets.ConnectionClosed:
            raise CDPDisconnected(self._closed_reason or "the DevTools WebSocket closed") from None
        finally:
            self._waiting.pop(command_id, None)

    async def pump(self) -> None:
        """Read messages until the socket closes, then fail every command still waiting."""
        reason = "the DevTools WebSocket closed"
        try:
            async for raw in self._socket:
                self._dispatch(raw)
        except websockets.ConnectionClosed as closed:
            reason = f"the DevTools WebSocket closed ({closed})"
        finally:
            self._closed_reason = reason
            for _, reply in self._waiting.values():
                if not reply.done():
                    reply.set_exception(CDPDisconnected(reason))

    def _dispatch(self, raw: str | bytes) -> None:
        try:
            message = json.loads(raw)
        except ValueError:
            log.warning("ignored a DevTools message that is not JSON")
            return
        if not isinstance(message, dict):
            return
        if "id" in message:
            waiting = self._waiting.get(message["id"])
            if waiting is None or waiting[1].done():
                return  # a reply nobody waits for any more (its caller gave up)
            method, reply = waiting
            error = message.get("error")
            if isinstance(error, dict):
                reply.set_exception(CDPCommandFailed(method, int(error.get("code", 0)), str(error.get("message", ""))))
            else:
                reply.set_result(message.get("result") or {})
        elif isinstance(message.get("method"), str):
            event = CDPEvent(message["method"], message.get("params") or {}, message.get("sessionId"))
            try:
                self._on_event(event)
            except Exception:  # a listener bug must not stop the replies of every other command
                log.exception("the CDP event listener failed on %s", event.method)

    async def close(self) -> None:
        self._closed_reason = self._closed_reason or "the connection was closed by the server"
        await self._socket.close()
