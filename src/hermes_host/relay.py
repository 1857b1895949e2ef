"""The relay: the extension's messages in, the server's controller sockets out, and back.

One ``Relay`` serves one extension (one browser profile).  After ``hello`` names the
profile and the profile is paired, it polls the server's extension sessions every
``POLL_S`` and keeps one ``SessionLink`` (register + ticket WebSocket) per open session.
Commands from the server go to the extension; the extension's results go back over
whichever socket the session has *now*, so a result survives a reconnect.  Nothing is
ever re-sent to the extension: a click must never run twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
import websockets

from hermes_host.controller_socket import open_controller_socket
from hermes_host.device import DeviceStore
from hermes_host.errors import FramingError, HostError, ServerRefused, ServerUnavailable
from hermes_host.framing import encode
from hermes_host.server_link import ServerLink
from hermes_wire import controller as protocol
from hermes_wire import native as m

log = logging.getLogger(__name__)

POLL_S = 1.0
BACKOFF_S = (0.2, 0.5, 1.0, 2.0, 5.0)
MAX_QUEUED_RESULTS = 256
#: Close codes after which a session link must not reconnect.
FINAL_CLOSE_CODES = {
    protocol.CLOSE_NORMAL: "detached",
    protocol.CLOSE_REPLACED: "replaced",
    protocol.CLOSE_REVOKED: "revoked",
    protocol.CLOSE_SESSION_CLOSED: "closed",
}

SendToExtension = Callable[[dict[str, Any]], Awaitable[None]]


class SessionLink:
    """One extension session's controller connection, reconnecting with backoff and fresh tickets."""

    def __init__(self, relay: Relay, session: dict[str, Any]) -> None:
        self.relay = relay
        self.session_id: str = session["id"]
        self.label: str = session.get("label", "")
        self.state = "connecting"
        self._socket: websockets.ClientConnection | None = None
        self._queued: list[dict[str, Any]] = []  # results that arrived while the socket was down
        self.task = asyncio.create_task(self._run(), name=f"link {self.session_id}")

    def describe(self) -> dict[str, Any]:
        return {"session_id": self.session_id, "label": self.label, "state": self.state}

    async def _run(self) -> None:
        attempt = 0
        while True:
            ended = await self._connect_once()
            if ended is not None:
                self.state = ended
                await self.relay.status_changed()
                return
            self.state = "reconnecting"
            await self.relay.status_changed()
            await asyncio.sleep(BACKOFF_S[min(attempt, len(BACKOFF_S) - 1)])
            attempt += 1

    async def _connect_once(self) -> str | None:
        """Register, connect and pump frames; returns a final state, or None to reconnect."""
        relay = self.relay
        try:
            grant = await relay.server.register(relay.key(), self.session_id, relay.controller_id, relay.profile_id)
            socket = await open_controller_socket(relay.server.url, grant["ticket"])
        except ServerRefused as refused:
            log.info("session %s: registration refused (%s %s)", self.session_id, refused.status, refused.code)
            return "closed" if refused.status in (401, 403) else None
        except (HostError, OSError, websockets.InvalidHandshake, TimeoutError) as error:
            log.info("session %s: cannot connect (%s)", self.session_id, type(error).__name__)
            return None
        self._socket = socket
        self.state = "connected"
        await relay.status_changed()
        try:
            for result in self._queued:
                await socket.send(json.dumps(result))
            self._queued.clear()
            async for raw in socket:
                await relay.from_server(self.session_id, json.loads(raw))
        except websockets.ConnectionClosed:
            pass
        finally:
            self._socket = None
        code = socket.close_code or 0
        log.info("session %s: socket closed (%s %s)", self.session_id, code, socket.close_reason)
        return FINAL_CLOSE_CODES.get(code)

    async def send(self, frame: dict[str, Any]) -> None:
        """Send a frame now, or keep a result until the socket is back."""
        if self._socket is not None:
            with contextlib.suppress(websockets.ConnectionClosed):
                await self._socket.send(json.dumps(frame))
                return
        if frame["type"] == protocol.RESULT and len(self._queued) < MAX_QUEUED_RESULTS:
            self._queued.append(frame)

    async def stop(self) -> None:
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task
        if self._socket is not None:
            await self._socket.close()


class Relay:
    def __init__(self, home: Path, send: SendToExtension, http: aiohttp.ClientSession) -> None:
        self.home = home
        self.server = ServerLink(home, http)
        self._send = send
        self.profile_id = ""
        self._device: DeviceStore | None = None
        self._links: dict[str, SessionLink] = {}
        self._command_session: dict[str, str] = {}  # command id -> session id, until its result
        self._pairing: dict[str, Any] | None = None
        self._server_state = m.SERVER_NOT_RUNNING
        self._last_error: str | None = None
        self._last_status: dict[str, Any] | None = None
        self._poll_now = asyncio.Event()
        self._handlers: dict[str, Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]] = {
            m.HELLO: self._hello,
            m.STATUS: self._status_request,
            m.PAIR_START: self._pair_start,
            m.PAIR_APPROVE: self._pair_approve,
            m.PAIR_DENY: self._pair_deny,
            m.SESSIONS: self._sessions,
            m.DETACH: self._detach,
        }
        self._requests: set[asyncio.Task[None]] = set()

    # ----- identity --------------------------------------------------------------------------------

    @property
    def device(self) -> DeviceStore:
        if self._device is None:
            raise HostError("send hello with the browser profile id first", code="hello_required")
        return self._device

    def key(self) -> Any:
        return self.device.key()

    @property
    def controller_id(self) -> str:
        return "hermes-host." + self.device.device_id()

    # ----- status ----------------------------------------------------------------------------------

    def status(self) -> dict[str, Any]:
        paired = self._device is not None and self._device.is_paired()
        return {
            "version": m.HOST_PROTOCOL_VERSION,
            "server": self._server_state,
            "server_message": m.NOT_RUNNING_TEXT if self._server_state == m.SERVER_NOT_RUNNING else None,
            "paired": paired,
            "device_id": self._device.device_id() if paired and self._device else None,
            "pairing": self._pairing,
            "sessions": [link.describe() for link in self._links.values()],
            "last_error": self._last_error,
        }

    async def status_changed(self) -> None:
        """Push the status to the extension, only when it differs from what it last saw."""
        current = self.status()
        if current != self._last_status:
            self._last_status = current
            await self._send({"type": m.STATUS, "status": current})

    # ----- extension side --------------------------------------------------------------------------

    async def from_extension(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == m.RESULT:
            await self._result(message)
        elif kind in self._handlers:
            task = asyncio.create_task(self._answer(message))
            self._requests.add(task)
            task.add_done_callback(self._requests.discard)
        else:
            await self.tell_error("unknown_type", f"unknown message type {str(kind)[:40]!r}", message.get("id"))

    async def tell_error(self, code: str, text: str, reply_to: Any = None) -> None:
        await self._send({"type": m.ERROR, "reply_to": reply_to, "ok": False,
                          "error": {"code": code, "message": text}})

    async def _answer(self, request: dict[str, Any]) -> None:
        kind, request_id = request["type"], request.get("id")
        reply: dict[str, Any] = {"type": kind, "reply_to": request_id}
        if not isinstance(request_id, (str, int)) or isinstance(request_id, bool):
            await self.tell_error("missing_id", f"{kind} needs an 'id'")
            return
        try:
            async with asyncio.timeout(m.REQUEST_TIMEOUTS_S[kind]):
                reply |= {"ok": True} | await self._handlers[kind](request)
        except TimeoutError:
            reply |= {"ok": False, "error": {"code": "timeout",
                                             "message": f"{kind} took over {m.REQUEST_TIMEOUTS_S[kind]:g} s"}}
        except HostError as error:
            self._last_error = error.message
            reply |= {"ok": False, "error": {"code": error.code, "message": error.message}}
        await self._send(reply)
        await self.status_changed()

    async def _hello(self, request: dict[str, Any]) -> dict[str, Any]:
        if request.get("version") != m.HOST_PROTOCOL_VERSION:
            raise HostError(f"this host speaks version {m.HOST_PROTOCOL_VERSION}", code="version_unsupported")
        try:
            self._device = DeviceStore(self.home, str(request.get("browser_profile_id", "")))
        except ValueError as error:
            raise HostError(str(error), code="invalid_arguments") from None
        self.profile_id = self._device.profile_id
        self._poll_now.set()
        return {"version": m.HOST_PROTOCOL_VERSION, "timeouts_s": m.REQUEST_TIMEOUTS_S, "status": self.status()}

    async def _status_request(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"status": self.status()}

    async def _pair_start(self, request: dict[str, Any]) -> dict[str, Any]:
        opened = await self.server.open_pairing(self.key(), self.profile_id, str(request.get("label", ""))[:100])
        self._pairing = {"request_id": opened["request_id"], "verification_code": opened["verification_code"]}
        return dict(self._pairing)

    async def _pair_approve(self, request: dict[str, Any]) -> dict[str, Any]:
        answer = await self.server.answer_pairing(self._pending_request(request), approve=True)
        self.device.mark_paired()
        self._pairing, self._last_error = None, None
        self._poll_now.set()
        return {"device_id": answer["device_id"]}

    async def _pair_deny(self, request: dict[str, Any]) -> dict[str, Any]:
        await self.server.answer_pairing(self._pending_request(request), approve=False)
        self._pairing = None
        return {}

    def _pending_request(self, request: dict[str, Any]) -> str:
        if self._pairing is None or request.get("request_id") != self._pairing["request_id"]:
            raise HostError("no such pairing request is waiting; start pairing again", code="no_pairing_request")
        return str(self._pairing["request_id"])

    async def _sessions(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"sessions": [link.describe() for link in self._links.values()]}

    async def _detach(self, request: dict[str, Any]) -> dict[str, Any]:
        link = self._links.get(str(request.get("session_id")))
        if link is None or link.state != "connected":
            raise HostError("that session is not connected", code="not_connected")
        await link.send({"type": protocol.DETACH})
        await asyncio.wait_for(asyncio.shield(link.task), m.REQUEST_TIMEOUTS_S[m.DETACH] / 2)
        return {"session_id": link.session_id, "state": link.state}

    async def _result(self, message: dict[str, Any]) -> None:
        command_id, ok = message.get("command_id"), message.get("ok")
        if not isinstance(command_id, str) or type(ok) is not bool:
            await self.tell_error("bad_result", "a result needs a 'command_id' string and a boolean 'ok'")
            return
        session_id = self._command_session.pop(command_id, None)
        link = self._links.get(session_id or "")
        if link is None:
            log.info("dropping a result for unknown or cancelled command %s", command_id)
            return
        frame = {"type": protocol.RESULT, "command_id": command_id, "ok": ok}
        frame |= {"result": message.get("result")} if ok else {"error": message.get("error")}
        await link.send(frame)

    # ----- server side -----------------------------------------------------------------------------

    async def from_server(self, session_id: str, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == protocol.COMMAND:
            command = {
                "type": m.COMMAND, "session_id": session_id, "command_id": frame["command_id"],
                "action": frame["action"], "arguments": frame["arguments"], "tool_call_id": frame["tool_call_id"],
            }
            try:
                encode(command)  # over Chrome's 1 MB limit: refuse here rather than break the channel
            except FramingError as too_big:
                await self._links[session_id].send({
                    "type": protocol.RESULT, "command_id": frame["command_id"], "ok": False,
                    "error": {"code": "invalid_arguments", "message": too_big.message},
                })
                return
            self._command_session[frame["command_id"]] = session_id
            await self._send(command)
        elif kind == protocol.CANCEL:
            self._command_session.pop(frame.get("command_id", ""), None)
            await self._send({"type": m.CANCEL, "session_id": session_id, "command_id": frame.get("command_id")})

    async def poll_sessions(self) -> None:
        """Forever: follow the server's extension sessions (a new one is picked up within ``POLL_S``)."""
        while True:
            try:
                await self._sync_sessions()
            except Exception:  # a bug here must not stop the host from following sessions
                log.exception("following the server's sessions failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._poll_now.wait(), POLL_S)
            self._poll_now.clear()

    async def _sync_sessions(self) -> None:
        if self._device is None:
            return
        try:
            if not self._device.is_paired():
                self.server.runtime()  # still tell the popup whether a server is there to pair with
                self._server_state = m.SERVER_RUNNING
                return
            sessions = await self.server.extension_sessions(self.key())
            self._server_state = m.SERVER_RUNNING
        except ServerUnavailable:
            self._server_state = m.SERVER_NOT_RUNNING
            return
        except ServerRefused as refused:
            if refused.status == 401:  # revoked, or the server lost our pairing
                self._device.forget_pairing()
                await self._stop_links(list(self._links))
            self._last_error = refused.message
            return
        finally:
            await self.status_changed()
        wanted = {s["id"]: s for s in sessions if self._should_drive(s["controller"])}
        await self._stop_links([sid for sid in self._links if sid not in wanted])
        for session_id, session in wanted.items():
            link = self._links.get(session_id)
            if link is None or (link.task.done() and link.state != "detached"):
                self._links[session_id] = SessionLink(self, session)

    def _should_drive(self, controller: dict[str, Any]) -> bool:
        """Not a detached session, and not one another controller holds (taking it back would ping-pong)."""
        if controller["state"] == "detached":
            return False
        held_by_other = controller["state"] in ("connected", "ambiguous")
        return not (held_by_other and controller["controller_id"] != self.controller_id)

    async def _stop_links(self, session_ids: list[str]) -> None:
        for session_id in session_ids:
            await self._links.pop(session_id).stop()

    async def close(self) -> None:
        await self._stop_links(list(self._links))
        for task in list(self._requests):
            task.cancel()
