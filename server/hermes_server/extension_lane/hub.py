"""The extension lane's network half: feeds controller sockets into the broker and carries out its effects.

All decisions are the broker's.  This class only owns what the broker must not:
the sockets, the futures that tool calls wait on, the clock, the background
task that wakes up at the next command deadline, and the wake-up of the native
hosts' long polls of the session listing (``listing_changed``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from hermes_server.extension_lane.broker import (
    Broker,
    CloseConnection,
    ControllerScope,
    Effect,
    FinishCommand,
    SendFrame,
)
from hermes_server.routing.lanes import ToolCall
from hermes_server.routing.outcome import ToolOutcome
from hermes_server.routing.uploads import attachments
from hermes_wire import controller as protocol
from hermes_wire.errors import ToolError
from hermes_wire.tool_spec import EXTENSION_LANE

log = logging.getLogger(__name__)


class ControllerHub:
    """Implements ``Backend`` for the extension lane."""

    name = EXTENSION_LANE

    def __init__(self, broker: Broker, clock: Callable[[], float] = time.monotonic) -> None:
        self.broker = broker
        self.now = clock
        self._sockets: dict[str, web.WebSocketResponse] = {}
        self._waiting: dict[str, asyncio.Future[ToolOutcome]] = {}
        self._deadlines_changed = asyncio.Event()
        self._next_wakeup: float | None = None  # when the deadline watcher will next look
        self._background: set[asyncio.Task[None]] = set()
        self._listing_changed = asyncio.Event()
        self._stopping = False
        #: How many listings are held right now (the tests wait for a long poll to be in place with it).
        self.held_listings = 0

    # ----- tool calls ------------------------------------------------------------------------------

    async def run(self, call: ToolCall) -> ToolOutcome:
        try:
            # The browser cannot read this disk: an upload's bytes travel with the command (encoded off the loop).
            files = await asyncio.to_thread(attachments, list(call.uploads)) if call.uploads else None
            command_id, effects = self.broker.submit(
                call.session.session_id,
                call.tool.name,
                call.arguments,
                tool_call_id=call.tool_call_id,
                timeout_s=call.timeout_s,
                now=self.now(),
                files=files,
            )
        except ToolError as error:
            return ToolOutcome.failure(error.code, error.message)
        finished = asyncio.get_running_loop().create_future()
        self._waiting[command_id] = finished
        self._wake_for_sooner_deadline()
        try:
            await self.apply(effects)
            outcome: ToolOutcome = await finished
            return outcome
        except asyncio.CancelledError:
            # The agent's request went away (or the server is stopping): tell the controller, in the background.
            self._spawn(self.apply(self.broker.cancel(command_id, "The agent's call was cancelled.")))
            raise
        finally:
            self._waiting.pop(command_id, None)

    # ----- controller sockets ----------------------------------------------------------------------

    async def serve_connection(self, socket: web.WebSocketResponse, scope: ControllerScope) -> None:
        """Run one controller socket (already upgraded) until it closes."""
        connection_id = "conn_" + secrets.token_hex(8)
        self._sockets[connection_id] = socket
        log.info("controller %s connected to session %s", scope.controller_id, scope.session_id)
        try:
            await self.apply(self.broker.connect(connection_id, scope, self.now()))
            async for message in socket:
                if message.type == WSMsgType.TEXT:
                    await self.apply(self.broker.receive(connection_id, message.data, self.now()))
                elif message.type == WSMsgType.BINARY:
                    await socket.close(
                        code=protocol.CLOSE_UNSUPPORTED, message=b"binary frames are not part of protocol v1"
                    )
        finally:
            self.broker.disconnect(connection_id, self.now())
            self.listing_changed()
            self._wake_for_sooner_deadline()  # the lane's reconnect grace may end before any deadline
            self._sockets.pop(connection_id, None)
            log.info(
                "controller %s left session %s (close code %s)",
                scope.controller_id,
                scope.session_id,
                socket.close_code,
            )

    async def close_all(self) -> None:
        """On shutdown: answer the held listings and say goodbye to every controller (they reconnect to the next
        server)."""
        self._stopping = True
        self.listing_changed()
        for socket in list(self._sockets.values()):
            await socket.close(code=protocol.CLOSE_GOING_AWAY, message=b"server shutting down")

    # ----- effects ---------------------------------------------------------------------------------

    async def apply(self, effects: list[Effect]) -> None:
        self.listing_changed()  # whatever the broker just did may have changed a lane's state
        for effect in effects:
            if isinstance(effect, FinishCommand):
                waiter = self._waiting.get(effect.command_id)
                if waiter is not None and not waiter.done():
                    waiter.set_result(effect.outcome)
            elif isinstance(effect, SendFrame):
                await self._send(effect.connection_id, effect.frame)
            elif isinstance(effect, CloseConnection):
                socket = self._sockets.get(effect.connection_id)
                if socket is not None:
                    log.info("closing controller socket: %s (%d)", effect.reason, effect.code)
                    await socket.close(code=effect.code, message=effect.reason.encode()[:120])

    async def _send(self, connection_id: str, frame: dict[str, Any]) -> None:
        socket = self._sockets.get(connection_id)
        if socket is None or socket.closed:
            return  # the socket went away; the broker hears of it through serve_connection
        with contextlib.suppress(ConnectionError):
            await socket.send_json(frame)

    # ----- the session listing's long poll -----------------------------------------------------------

    def listing_changed(self) -> None:
        """Wake the held listings: the sessions or their lanes may have changed.  Each waiter compares the listing
        with the one it was given, so a wake-up with nothing changed costs a comparison, never a wrong answer."""
        self._listing_changed.set()
        self._listing_changed = asyncio.Event()

    async def until_listing_changes(self, timeout_s: float) -> bool:
        """Wait for the next ``listing_changed`` (at most ``timeout_s``); False once the server is stopping, so that
        no held listing delays the shutdown."""
        if self._stopping:
            return False
        changed = self._listing_changed
        self.held_listings += 1
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), timeout_s)
        finally:
            self.held_listings -= 1
        return not self._stopping

    # ----- deadlines -------------------------------------------------------------------------------

    async def run_deadlines(self) -> None:
        """Background task: expire commands at their deadlines (timeouts and their cancel frames) and
        lanes at the end of their reconnect grace."""
        while True:
            self._next_wakeup = self.broker.next_deadline()
            self._deadlines_changed.clear()
            delay = None if self._next_wakeup is None else max(0.0, self._next_wakeup - self.now())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._deadlines_changed.wait(), delay)
            await self.apply(self.broker.expire(self.now()))

    def _wake_for_sooner_deadline(self) -> None:
        """Wake the deadline watcher if the broker now has a deadline before the one it sleeps towards."""
        due = self.broker.next_deadline()
        if due is not None and (self._next_wakeup is None or due < self._next_wakeup):
            self._deadlines_changed.set()

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
