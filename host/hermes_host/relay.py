"""The relay: the routing's I/O.  It feeds the routing what happens and carries out what it decides.

One ``Relay`` serves one extension (one browser profile).  What happens: messages from the
extension (``host.serve`` reads them off stdin), frames on each session's controller socket,
the server's answers over HTTP, and the clock (``run`` ticks the routing whenever its next
deadline comes).  What it carries out (``routing.Action``): messages to the extension, frames to
a socket, links opened (register for a ticket, open the WebSocket, pump its frames in) and
closed, polls of the server, and the requests that need the device's key files or the server's
pairing API (``hello``, ``pair.*``).  Every decision (what to forward where, when to reconnect,
what to answer) is the routing's; this module only does the waiting, reading and writing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import time
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any, assert_never

import aiohttp
import websockets

from hermes_host.actions import (
    Action,
    CheckServer,
    CloseLink,
    ForgetPairing,
    Identity,
    ListSessions,
    Message,
    OpenLink,
    Outcome,
    Paired,
    PairingDenied,
    PairingOpened,
    Perform,
    Request,
    ToExtension,
    ToServer,
)
from hermes_host.device import DeviceStore, PairedDevice
from hermes_host.errors import (
    FramingError,
    HelloRequired,
    HostError,
    ServerGone,
    ServerRefused,
    ServerUnavailable,
    ServerUntrusted,
)
from hermes_host.routing import Routing
from hermes_host.server_link import ServerLink
from hermes_wire import native as m

log = logging.getLogger(__name__)

SendToExtension = Callable[[Message], Awaitable[None]]


class Relay:
    def __init__(
        self,
        home: Path,
        send: SendToExtension,
        http: aiohttp.ClientSession,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.home = home
        self.server = ServerLink(home, http)
        self.routing = Routing()
        self._send = send
        self._clock = clock
        self._device: DeviceStore | None = None
        self._paired: PairedDevice | None = None  # the device key and the pinned server key, once paired
        self._links: dict[str, asyncio.Task[None]] = {}
        self._sockets: dict[str, websockets.ClientConnection] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._wake = asyncio.Event()  # set whenever the routing may have a new deadline
        self._performers: dict[str, Callable[[Message], Awaitable[Outcome]]] = {
            m.HELLO: self._hello,
            m.PAIR_START: self._pair_start,
            m.PAIR_APPROVE: self._pair_approve,
            m.PAIR_DENY: self._pair_deny,
        }

    # ----- what happens ----------------------------------------------------------------------------

    async def run(self) -> None:
        """Forever: tick the routing when its next deadline comes, or sooner when something changed."""
        while True:
            await self._carry(self.routing.tick(self._clock()))
            self._wake.clear()
            delay = self.routing.next_wakeup() - self._clock()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(None if delay == math.inf else max(delay, 0.0)):
                    await self._wake.wait()

    async def from_extension(self, message: Message) -> None:
        await self._carry(self.routing.from_extension(message, self._clock()))

    async def bad_message(self, error: FramingError) -> None:
        await self._carry(self.routing.bad_message(error))

    async def close(self) -> None:
        for session_id in list(self._links):
            await self._close_link(session_id)
        for task in list(self._tasks):
            task.cancel()

    # ----- carrying actions out --------------------------------------------------------------------

    async def _carry(self, actions: list[Action]) -> None:
        self._wake.set()
        for action in actions:
            match action:
                case ToExtension(message):
                    await self._send(message)
                case ToServer(session_id, frame):
                    await self._to_server(session_id, frame)
                case OpenLink(session_id, controller_id):
                    self._links[session_id] = self._spawn(self._link(session_id, controller_id))
                case CloseLink(session_id):
                    await self._close_link(session_id)
                case ListSessions(unchanged):  # the routing asks for one listing at a time
                    self._spawn(self._list_sessions(unchanged))
                case CheckServer():
                    await self._carry(self._check_server())
                case ForgetPairing():
                    self._device_store().forget_pairing()
                    self._paired = None
                case Perform(request):
                    self._spawn(self._perform(request))
                case _:
                    assert_never(action)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a relay task failed", exc_info=task.exception())

    async def _to_server(self, session_id: str, frame: Message) -> None:
        socket = self._sockets.get(session_id)
        if socket is not None:
            try:
                await socket.send(json.dumps(frame))
            except websockets.ConnectionClosed:
                pass
            else:
                return
        await self._carry(self.routing.undelivered(session_id, frame))

    # ----- links -----------------------------------------------------------------------------------

    async def _link(self, session_id: str, controller_id: str) -> None:
        """Register, open the ticket socket and feed its frames in until it closes."""
        paired, profile_id = self._paired, self._device_store().profile_id
        try:
            if paired is None:
                raise HostError("this browser profile is no longer paired", code="not_paired")
            grant = await self.server.register(paired, session_id, controller_id, profile_id)
            socket = await self.server.open_socket(paired, grant["ticket"])
        except ServerRefused as refused:
            log.info("session %s: registration refused (%s %s)", session_id, refused.status, refused.code)
            await self._carry(self.routing.registration_refused(session_id, refused.status, self._clock()))
            return
        except ServerUntrusted as untrusted:
            log.warning("session %s: %s", session_id, untrusted.message)
            down = self.routing.link_down(session_id, None, self._clock())
            await self._carry(down + self.routing.server_missing(untrusted.message))
            return
        except (HostError, OSError, websockets.InvalidHandshake, TimeoutError) as error:
            log.info("session %s: cannot connect (%s)", session_id, type(error).__name__)
            await self._carry(self.routing.link_down(session_id, None, self._clock()))
            return
        self._sockets[session_id] = socket
        try:
            await self._carry(self.routing.link_up(session_id))
            async for raw in socket:
                await self._carry(self.routing.from_server(session_id, json.loads(raw)))
        except websockets.ConnectionClosed:
            pass
        finally:
            self._sockets.pop(session_id, None)
        log.info("session %s: socket closed (%s %s)", session_id, socket.close_code, socket.close_reason)
        await self._carry(self.routing.link_down(session_id, socket.close_code, self._clock()))

    async def _close_link(self, session_id: str) -> None:
        task, socket = self._links.pop(session_id, None), self._sockets.pop(session_id, None)
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if socket is not None:
            await socket.close()

    # ----- polls -----------------------------------------------------------------------------------

    async def _list_sessions(self, unchanged: str | None) -> None:
        if self._paired is None:  # the pairing was forgotten after this listing was decided on
            await self._carry(self.routing.listing_dropped())
            return
        try:
            sessions, token = await self.server.extension_sessions(self._paired, unchanged)
        except ServerUnavailable as missing:
            actions = self._server_missing(missing)
        except ServerUntrusted as untrusted:
            log.warning("%s", untrusted.message)
            actions = self.routing.server_missing(untrusted.message)
        except ServerRefused as refused:
            actions = self.routing.server_refused(refused.status, refused.message)
        except Exception as failure:  # the routing must hear that the listing ended, or it never asks again
            log.error("the session listing failed", exc_info=failure)
            actions = self.routing.server_missing(f"the session listing failed ({type(failure).__name__})")
        else:
            actions = self.routing.sessions_listed(sessions, token)
        await self._carry(actions)

    def _check_server(self) -> list[Action]:
        try:
            self.server.runtime()
        except ServerUnavailable as missing:
            return self._server_missing(missing)
        return self.routing.server_running()

    def _server_missing(self, missing: ServerUnavailable) -> list[Action]:
        """Nothing runs; a runtime file left by a dead server is worth saying in the status."""
        return self.routing.server_missing(missing.message if isinstance(missing, ServerGone) else None)

    # ----- requests that need the device's files or the pairing API --------------------------------

    async def _perform(self, request: Request) -> None:
        limit = m.REQUEST_TIMEOUTS_S[request.kind]
        outcome: Outcome
        try:
            async with asyncio.timeout(limit):
                outcome = await self._performers[request.kind](request.message)
        except TimeoutError:
            outcome = HostError(f"{request.kind} took over {limit:g} s", code="timeout")
        except HostError as error:
            outcome = error
        await self._carry(self.routing.performed(request, outcome, self._clock()))

    async def _hello(self, message: Message) -> Identity:
        try:
            device = DeviceStore(self.home, str(message.get("browser_profile_id", "")))
        except ValueError as error:
            raise HostError(str(error), code="invalid_arguments") from None
        self._device, self._paired = device, device.paired()
        return Identity(device.profile_id, device.device_id(), self._paired is not None)

    async def _pair_start(self, message: Message) -> PairingOpened:
        device = self._device_store()
        label = str(message.get("label", ""))[:100]
        opened = await self.server.open_pairing(device.key(), device.profile_id, label)
        return PairingOpened(str(opened["request_id"]), str(opened["verification_code"]))

    async def _pair_approve(self, message: Message) -> Paired:
        device = self._device_store()
        server_key = await self.server.approve_pairing(str(message["request_id"]), device.device_id())
        device.mark_paired(server_key)
        self._paired = PairedDevice(device.key(), server_key)
        return Paired(device.device_id())

    async def _pair_deny(self, message: Message) -> PairingDenied:
        await self.server.deny_pairing(str(message["request_id"]))
        return PairingDenied()

    def _device_store(self) -> DeviceStore:
        """The profile's device, which ``hello`` found (the routing asks for nothing that needs it before)."""
        if self._device is None:
            raise HelloRequired
        return self._device
