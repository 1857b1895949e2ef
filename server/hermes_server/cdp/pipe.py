"""Chromium's DevTools pipe (``--remote-debugging-pipe``), shared by the supervisors of the Chromium the lane launched.

Why a pipe: a DevTools *port* on loopback lets every local process list the agent's tabs and
run script in them, without the server's API key.  A pipe is two file descriptors that only
the server holds: Chromium reads commands from its fd 3 and writes replies and events to its
fd 4, each message one JSON text followed by a NUL byte (JSON never contains a raw NUL: a
NUL inside a string is written ``\\u0000``).  ``chromium.launch`` makes the pipes.

One pipe, many supervisors.  A WebSocket endpoint takes one connection per supervisor; a
pipe is one connection for the whole browser.  ``BrowserPipe`` multiplexes it: each
supervisor opens a ``PipeChannel`` (the ``connection.Transport`` it reads and writes), and

* **commands** get a pipe-wide id on the way out, and the reply gets the channel's own id
  back on the way in, so the channels' numbering never collides;
* **sessions** belong to the channel that made them: a reply that carries a ``sessionId``
  (``Target.attachToTarget``) gives that session to the channel that asked, and
  ``Target.attachedToTarget`` on a session gives the new child session (an OOPIF) to the
  same channel;
* **events** go to the channel owning their ``sessionId`` (a browser-level event, to the
  owner of the session it names, as ``Target.detachedFromTarget`` does).  An event no
  channel owns goes nowhere: one agent's session never sees another's pages.

Reading uses the event loop's pipe transports (``connect_read_pipe``/``connect_write_pipe``):
no thread, and a message is routed in the callback that completes it.  What the pipe cannot
take at once is buffered by the write transport; what we write are commands, small but for the
snapshot engine's source once per session, so that buffer stays bounded without flow control.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import os
from typing import Any

from hermes_server.cdp.connection import Message, Transport, decode
from hermes_server.errors import CDPDisconnected

log = logging.getLogger(__name__)

NUL = b"\0"


class PipeChannel:
    """One supervisor's share of a ``BrowserPipe`` (a ``connection.Transport``)."""

    def __init__(self, pipe: BrowserPipe) -> None:
        self._pipe = pipe
        #: What the pipe routed here, in order; None once the channel is closed.
        self._inbox: asyncio.Queue[Message | None] = asyncio.Queue()
        self._closed_reason: str | None = None

    async def send(self, message: Message) -> None:
        if self._closed_reason is not None:
            raise CDPDisconnected(self._closed_reason)
        self._pipe.write(self, message)

    async def receive(self) -> Message:
        if self._closed_reason is not None and self._inbox.empty():
            raise CDPDisconnected(self._closed_reason)
        message = await self._inbox.get()
        if message is None:
            raise CDPDisconnected(self._closed_reason or "the DevTools pipe closed")
        return message

    async def close(self) -> None:
        self._pipe.forget(self)
        self.end("the connection was closed by the server")

    def deliver(self, message: Message) -> None:
        if self._closed_reason is None:
            self._inbox.put_nowait(message)

    def end(self, reason: str) -> None:
        if self._closed_reason is None:
            self._closed_reason = reason
            self._inbox.put_nowait(None)


class BrowserPipe(asyncio.Protocol):
    """The DevTools pipe of one Chromium (an ``connection.Endpoint``): ``open`` gives each supervisor a channel."""

    def __init__(self) -> None:
        self._writer: asyncio.WriteTransport | None = None
        self._reader: asyncio.BaseTransport | None = None
        #: The start of a message whose NUL has not arrived yet, in the pieces it came in.
        self._partial: list[bytes] = []
        self._ids = itertools.count(1)
        #: pipe-wide command id -> the channel that sent it, and its own id for it
        self._pending: dict[int, tuple[PipeChannel, Any]] = {}
        #: flat session id -> the channel it belongs to
        self._owners: dict[str, PipeChannel] = {}
        self._channels: set[PipeChannel] = set()
        self._closed_reason: str | None = None

    @classmethod
    async def connect(cls, reads_from: int, writes_to: int) -> BrowserPipe:
        """Take over our ends of the two pipes: ``reads_from`` is Chromium's fd 4's, ``writes_to`` its fd 3's."""
        loop = asyncio.get_running_loop()
        pipe = cls()
        await loop.connect_read_pipe(lambda: pipe, os.fdopen(reads_from, "rb", buffering=0))
        pipe._writer, _ = await loop.connect_write_pipe(asyncio.BaseProtocol, os.fdopen(writes_to, "wb", buffering=0))
        return pipe

    # ----- the Endpoint interface -----

    async def open(self, *, timeout_s: float) -> Transport:
        if self._closed_reason is not None:
            raise CDPDisconnected(self._closed_reason)
        channel = PipeChannel(self)
        self._channels.add(channel)
        return channel

    def close(self) -> None:
        """Close the pipe (Chromium takes that as the end of its DevTools client) and every channel on it."""
        self._end("the DevTools pipe was closed by the server")
        for transport in (self._writer, self._reader):
            if transport is not None:
                transport.close()

    # ----- for the channels -----

    def write(self, channel: PipeChannel, message: Message) -> None:
        if self._closed_reason is not None or self._writer is None or self._writer.is_closing():
            raise CDPDisconnected(self._closed_reason or "the DevTools pipe closed")
        pipe_id = next(self._ids)
        self._pending[pipe_id] = (channel, message["id"])
        self._writer.write(json.dumps({**message, "id": pipe_id}).encode() + NUL)

    def forget(self, channel: PipeChannel) -> None:
        """``channel`` closed: its sessions and unanswered commands are nobody's now."""
        self._channels.discard(channel)
        self._owners = {session: owner for session, owner in self._owners.items() if owner is not channel}
        self._pending = {pipe_id: sent for pipe_id, sent in self._pending.items() if sent[0] is not channel}

    # ----- reading (asyncio.Protocol) -----

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._reader = transport

    def data_received(self, data: bytes) -> None:
        *complete, rest = data.split(NUL)
        if complete:
            complete[0] = b"".join([*self._partial, complete[0]])
            self._partial.clear()
            for raw in complete:
                message = decode(raw)
                if message is not None:
                    self._route(message)
        if rest:
            self._partial.append(rest)

    def connection_lost(self, exc: Exception | None) -> None:
        self._end("Chromium closed its DevTools pipe (it exited)")

    def _route(self, message: Message) -> None:
        if "id" in message:
            sent = self._pending.pop(message["id"], None) if isinstance(message["id"], int) else None
            if sent is None:
                return  # its channel closed meanwhile
            channel, channel_id = sent
            result = message.get("result")
            session = result.get("sessionId") if isinstance(result, dict) else None
            if isinstance(session, str):
                self._owners[session] = channel
            message["id"] = channel_id
            channel.deliver(message)
            return
        params = message.get("params")
        named = params.get("sessionId") if isinstance(params, dict) else None
        named = named if isinstance(named, str) else None
        session = message.get("sessionId")
        owner = self._owners.get(session) if isinstance(session, str) else self._owners.get(named or "")
        if owner is None:
            return
        method = message.get("method")
        if method == "Target.attachedToTarget" and named is not None:
            self._owners[named] = owner
        owner.deliver(message)
        if method == "Target.detachedFromTarget" and named is not None:
            self._owners.pop(named, None)

    def _end(self, reason: str) -> None:
        if self._closed_reason is None:
            self._closed_reason = reason
            for channel in self._channels:
                channel.end(reason)
            self._channels.clear()
            self._owners.clear()
            self._pending.clear()
