"""One DevTools connection: numbered commands matched to their replies, every event handed to one listener.

The lane uses Chrome's *flat* session mode (``Target.attachToTarget`` / ``setAutoAttach``
with ``flatten: true``): the page and all its out-of-process iframes share one connection,
and each message names its target session in ``sessionId``.  So one connection per
supervisor is enough, whatever the number of frames.

What carries the messages is a ``Transport``, opened from an ``Endpoint``:

* ``WebSocketEndpoint``: a browser someone else runs (``BROWSER_CDP_URL``, a cloud
  provider), reached at its DevTools WebSocket URL;
* ``pipe.BrowserPipe``: the Chromium the lane launches itself, reached over the pipe it was
  started with, which no other process can open (``chromium``).

Everything above (``CDPConnection``, the supervisor, the tools) is the same for both.

Reading is not done by ``send``: ``pump()`` reads until the transport closes and must run in
a background task (the supervisor owns it).  That keeps events flowing while a command
waits for its reply (a click whose reply only comes once a dialog it opened is closed, for
instance), and it gives one place to fail every waiting command when the connection dies.
"""

from __future__ import annotations

import asyncio
import ipaddress
import itertools
import json
import logging
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import urlsplit

import websockets
from websockets.asyncio.client import ClientConnection

from hermes_server.cdp.events import CDPEvent
from hermes_server.errors import CDPCommandFailed, CDPDisconnected, CDPError

log = logging.getLogger(__name__)

#: Screenshots and full snapshots of big pages arrive as single messages of several megabytes.
MAX_MESSAGE_BYTES = 256 * 1024 * 1024

Message = dict[str, Any]
EventListener = Callable[[CDPEvent], None]


class Transport(Protocol):
    """Carries DevTools messages (JSON objects) both ways for one ``CDPConnection``."""

    async def send(self, message: Message) -> None:
        """Send one message (``CDPDisconnected`` once the transport is closed)."""
        ...

    async def receive(self) -> Message:
        """The next message (``CDPDisconnected``, with the reason, once the transport is closed)."""
        ...

    async def close(self) -> None: ...


class Endpoint(Protocol):
    """Where a browser's DevTools are reached; two equal endpoints are the same browser."""

    async def open(self, *, timeout_s: float) -> Transport:
        """A new transport to it (``CDPDisconnected`` if it cannot be had within ``timeout_s``)."""
        ...


def decode(raw: str | bytes) -> Message | None:
    """One DevTools message as a dict; None (logged) for anything that is not a JSON object."""
    try:
        message = json.loads(raw)
    except ValueError:
        log.warning("ignored a DevTools message that is not JSON")
        return None
    return message if isinstance(message, dict) else None


# ----- over a WebSocket ------------------------------------------------------------------------------------


def _is_loopback(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class WebSocketTransport:
    """A DevTools WebSocket."""

    def __init__(self, socket: ClientConnection) -> None:
        self._socket = socket

    async def send(self, message: Message) -> None:
        try:
            await self._socket.send(json.dumps(message))
        except websockets.ConnectionClosed as closed:
            raise CDPDisconnected(f"the DevTools WebSocket closed ({closed})") from None

    async def receive(self) -> Message:
        while True:
            try:
                raw = await self._socket.recv()
            except websockets.ConnectionClosed as closed:
                raise CDPDisconnected(f"the DevTools WebSocket closed ({closed})") from None
            message = decode(raw)
            if message is not None:
                return message

    async def close(self) -> None:
        await self._socket.close()


@dataclass(frozen=True)
class WebSocketEndpoint:
    """A browser's DevTools WebSocket URL (``ws://`` or ``wss://``).

    ``authorization``: an ``Authorization`` header for a proxy that asks for one (a Selenium Grid's basic auth);
    never shown.  ``ping_interval_s``: for a browser behind a proxy over the network, whose socket may go silent
    without closing when the machine behind it vanishes: unanswered pings close it (None: no pings, the
    supervisor notices a dead browser through the socket closing)."""

    url: str
    authorization: str | None = field(default=None, repr=False)
    ping_interval_s: float | None = None

    async def open(self, *, timeout_s: float) -> Transport:
        try:
            socket = await websockets.connect(
                self.url,
                additional_headers={"Authorization": self.authorization} if self.authorization else None,
                max_size=MAX_MESSAGE_BYTES,
                compression=None,  # loopback or a provider's proxy: deflating screenshots only costs time
                open_timeout=timeout_s,
                ping_interval=self.ping_interval_s,
                ping_timeout=self.ping_interval_s,
                # A proxy from the environment must not sit between us and a browser on this machine.
                proxy=None if _is_loopback(self.url) else True,
            )
        except (OSError, TimeoutError, websockets.InvalidHandshake, websockets.InvalidURI) as error:
            raise CDPDisconnected(f"cannot open the DevTools WebSocket ({type(error).__name__}: {error})") from None
        return WebSocketTransport(socket)


# ----- the connection --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Waiting:
    """A command sent and not answered yet."""

    method: str
    session_id: str | None
    reply: asyncio.Future[Message]


class CDPConnection:
    """A DevTools connection over ``transport``.  Run ``pump`` in a task; ``close`` when done."""

    def __init__(self, transport: Transport, on_event: EventListener) -> None:
        self._transport = transport
        self._on_event = on_event
        self._ids = itertools.count(1)
        self._waiting: dict[int, _Waiting] = {}
        self._closed_reason: str | None = None

    @classmethod
    async def open(cls, endpoint: Endpoint, on_event: EventListener, *, timeout_s: float) -> CDPConnection:
        """Connect to ``endpoint`` (``CDPDisconnected`` if it cannot be reached within ``timeout_s``)."""
        return cls(await endpoint.open(timeout_s=timeout_s), on_event)

    @classmethod
    async def connect(cls, ws_url: str, on_event: EventListener, *, timeout_s: float) -> CDPConnection:
        """Connect to the DevTools WebSocket at ``ws_url``."""
        return await cls.open(WebSocketEndpoint(ws_url), on_event, timeout_s=timeout_s)

    @property
    def closed(self) -> bool:
        return self._closed_reason is not None

    async def send(self, method: str, params: Message | None = None, *, session_id: str | None = None) -> Message:
        """Send one command and wait for its result (``CDPCommandFailed`` / ``CDPDisconnected`` otherwise)."""
        if self._closed_reason is not None:
            raise CDPDisconnected(self._closed_reason)
        command_id = next(self._ids)
        message: Message = {"id": command_id, "method": method, "params": params or {}}
        if session_id is not None:
            message["sessionId"] = session_id
        reply: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._waiting[command_id] = _Waiting(method, session_id, reply)
        try:
            await self._transport.send(message)
            return await reply
        finally:
            self._waiting.pop(command_id, None)

    def input_replies(self, session_id: str) -> list[asyncio.Future[Message]]:
        """The replies that ``Input.dispatch…`` commands on ``session_id`` wait for: the page is handling that input
        still, or its reply is on its way.  Read while an event is dispatched, it tells whether the event came
        before the input's reply (a reply is marked done as it is read, before any message after it)."""
        return [
            waiting.reply
            for waiting in self._waiting.values()
            if waiting.method.startswith("Input.dispatch") and waiting.session_id == session_id
            if not waiting.reply.done()
        ]

    def fail_waiting(self, session_ids: Collection[str], error: CDPError) -> None:
        """Fail at once the commands waiting for an answer from ``session_ids``: their target will never answer."""
        for waiting in self._waiting.values():
            if waiting.session_id in session_ids and not waiting.reply.done():
                waiting.reply.set_exception(error)

    async def pump(self) -> None:
        """Read messages until the transport closes, then fail every command still waiting."""
        reason = "the DevTools connection closed"
        try:
            while True:
                self._dispatch(await self._transport.receive())
        except CDPDisconnected as closed:
            reason = closed.message
        finally:
            self._closed_reason = self._closed_reason or reason
            for waiting in self._waiting.values():
                if not waiting.reply.done():
                    waiting.reply.set_exception(CDPDisconnected(self._closed_reason))

    def _dispatch(self, message: Message) -> None:
        if "id" in message:
            waiting = self._waiting.get(message["id"])
            if waiting is None or waiting.reply.done():
                return  # a reply nobody waits for any more (its caller gave up)
            error = message.get("error")
            if isinstance(error, dict):
                waiting.reply.set_exception(
                    CDPCommandFailed(waiting.method, int(error.get("code", 0)), str(error.get("message", "")))
                )
            else:
                waiting.reply.set_result(message.get("result") or {})
        elif isinstance(message.get("method"), str):
            event = CDPEvent(message["method"], message.get("params") or {}, message.get("sessionId"))
            try:
                self._on_event(event)
            except Exception:  # a listener bug must not stop the replies of every other command
                log.exception("the CDP event listener failed on %s", event.method)

    async def close(self) -> None:
        self._closed_reason = self._closed_reason or "the connection was closed by the server"
        await self._transport.close()
