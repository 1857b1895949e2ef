"""The native host's routing: every decision the host makes, as a plain object without I/O.

Messages go in (from the extension, from each session's controller socket, the server's answers
to a poll, links coming up and going down, clock ticks) and *actions* come out: plain records of
what the relay must do next (send to the extension, send a frame on a session's socket, open a
link by registering for a ticket, close one, poll the server, perform a request that needs the
device's files or the server's pairing API).  Nothing here reads a clock or touches a socket or a
file: whatever depends on time takes ``now``, and ``next_wakeup`` says when the next ``tick`` is
due.  ``relay.py`` feeds messages in and carries actions out; the tests do the same without it.

Rules it keeps:

* Once ``hello`` named the profile, the server is asked for the extension sessions when the profile is
  paired, otherwise only whether a server is running (to pair with), every ``POLL_S``.  The listing
  is a long poll: each answer carries a token, and the next listing, asked at once with that token,
  is held by the server until the sessions change (or its bound passes).  One listing at a time; a
  failed one drops the token and the next waits ``POLL_S``.
* One link per session this host should drive: not a detached one, and not one that another
  controller holds (taking it back would ping-pong).  Sessions the server no longer lists are closed.
* A link whose socket drops, or that could not connect, registers again after a backoff
  (``BACKOFF_S``), longer while attempts keep failing, from the start once a socket was open.
  A close with a final code (1000 detached, 4001 replaced, 4003 revoked, 4004 session closed) or a
  refused registration ends it: only a later listing that still wants the session starts a new
  one, and never for a detached link.
* A command goes to the extension once and is never re-sent: a click must never run twice.  Its
  result goes back over whichever socket the session has *now*; a result that arrives while the
  socket is down waits (at most ``MAX_QUEUED_RESULTS`` per link) and is sent once, first thing
  after the next connection.
* An upload command's files come in the command frame, base64; the host checks them and sends their bytes to the
  extension first, in ``file_chunk`` messages within Chrome's 1 MB, then the command listing the files without
  their bytes. Files it cannot carry whole are refused to the server (``invalid_arguments``) and nothing is sent.
* Every extension request gets exactly one reply.  ``status`` and ``sessions`` are answered at once,
  ``detach`` when the server has closed the socket (or after ``DETACH_WAIT_S``), ``hello`` and the
  pairing requests after the relay has performed them (``Perform``, then ``performed``).
* The status is pushed to the extension whenever it differs from the one it last saw.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from dataclasses import dataclass, field, replace
from enum import StrEnum
from http import HTTPStatus
from typing import Any, TypeGuard

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
    PairingOpened,
    Perform,
    Request,
    ToExtension,
    ToServer,
)
from hermes_host.errors import FramingError, HelloRequired, HostError
from hermes_host.framing import encode
from hermes_wire import controller as protocol
from hermes_wire import native as m
from hermes_wire.controller import LaneState

POLL_S = 1.0
BACKOFF_S = (0.2, 0.5, 1.0, 2.0, 5.0)
MAX_QUEUED_RESULTS = 256
#: How long a ``detach`` waits for the server to close the session's socket.
DETACH_WAIT_S = m.REQUEST_TIMEOUTS_S[m.DETACH] / 2
#: Registration answers that mean "not this device": retrying after a backoff cannot help.
REFUSED_REGISTRATION = (HTTPStatus.UNAUTHORIZED, HTTPStatus.FORBIDDEN)
#: A request id is echoed in its reply, so it must be small and survive JavaScript's numbers.
MAX_ID_CHARACTERS = 128
MAX_SAFE_INTEGER = 2**53 - 1


def usable_request_id(value: Any) -> TypeGuard[str | int]:
    """A string of at most ``MAX_ID_CHARACTERS``, or an integer (not a boolean) within ±``MAX_SAFE_INTEGER``."""
    if isinstance(value, str):
        return len(value) <= MAX_ID_CHARACTERS
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_SAFE_INTEGER


class LinkEnd(StrEnum):
    """Why a link stopped for good (it does not reconnect by itself)."""

    DETACHED = "detached"  # the controller detached (close 1000, after our detach frame)
    REPLACED = "replaced"  # another controller took the lane over (4001)
    REVOKED = "revoked"  # this device's pairing was revoked (4003)
    SESSION_CLOSED = "session_closed"  # the agent closed the session (4004)
    REFUSED = "refused"  # the server refused to register this device for the session (401/403)


FINAL_CLOSE_CODES = {
    protocol.CLOSE_NORMAL: LinkEnd.DETACHED,
    protocol.CLOSE_REPLACED: LinkEnd.REPLACED,
    protocol.CLOSE_REVOKED: LinkEnd.REVOKED,
    protocol.CLOSE_SESSION_CLOSED: LinkEnd.SESSION_CLOSED,
}


# ----- state ---------------------------------------------------------------------------------------------


@dataclass
class Link:
    """This host's controller connection for one server session."""

    session_id: str
    label: str
    open: bool = False
    was_open: bool = False
    failures: int = 0  # attempts in a row that did not end with an open socket
    retry_at: float | None = None  # waiting out a backoff until then
    ended: LinkEnd | None = None
    queued: list[Message] = field(default_factory=list)  # results that arrived while the socket was down

    @property
    def state(self) -> LaneState:
        if self.ended is LinkEnd.DETACHED:
            return LaneState.DETACHED
        if self.open:
            return LaneState.CONNECTED
        if self.ended is None and not self.was_open:
            return LaneState.AWAITING_CONTROLLER
        return LaneState.DISCONNECTED

    def describe(self) -> Message:
        return {"session_id": self.session_id, "label": self.label, "state": self.state}


@dataclass(frozen=True)
class DetachWait:
    request: Request
    session_id: str
    deadline: float


class Routing:
    """One extension's routing (one browser profile): its identity, the server's state and one link per session."""

    def __init__(self) -> None:
        self._identity: Identity | None = None
        self._pairing: PairingOpened | None = None
        self._server_state = m.SERVER_NOT_RUNNING
        self._last_error: str | None = None
        self._last_pushed: Message | None = None
        self._poll_at = 0.0
        self._listing = False  # a ListSessions is under way
        self._listing_token: str | None = None
        self._links: dict[str, Link] = {}
        self._command_session: dict[str, str] = {}  # command id -> session id, until its result
        self._detaching: list[DetachWait] = []

    # ----- status ----------------------------------------------------------------------------------

    def status(self) -> Message:
        identity = self._identity
        paired = identity is not None and identity.paired
        return {
            "version": m.HOST_PROTOCOL_VERSION,
            "server": self._server_state,
            "server_message": m.NOT_RUNNING_TEXT if self._server_state == m.SERVER_NOT_RUNNING else None,
            "paired": paired,
            "device_id": identity.device_id if paired and identity is not None else None,
            "pairing": self._pairing.as_json() if self._pairing is not None else None,
            "sessions": self._sessions(),
            "last_error": self._last_error,
        }

    def _sessions(self) -> list[Message]:
        return [link.describe() for link in self._links.values()]

    def _status_update(self) -> list[Action]:
        """The status, if the extension has not seen this one yet."""
        current = self.status()
        if current == self._last_pushed:
            return []
        self._last_pushed = current
        return [ToExtension({"type": m.STATUS, "status": current})]

    # ----- the clock -------------------------------------------------------------------------------

    def tick(self, now: float) -> list[Action]:
        """Whatever is due by ``now``: a poll, links whose backoff is over, detaches that waited too long."""
        actions: list[Action] = []
        if self._identity is not None and not self._listing and now >= self._poll_at:
            self._poll_at = now + POLL_S
            if self._identity.paired:
                self._listing = True
                actions.append(ListSessions(self._listing_token))
            else:
                actions.append(CheckServer())
        for link in self._links.values():
            if link.retry_at is not None and now >= link.retry_at:
                link.retry_at = None
                actions.append(OpenLink(link.session_id, self._controller_id()))
        for wait in [w for w in self._detaching if now >= w.deadline]:
            self._detaching.remove(wait)
            actions += self._reply(
                wait.request,
                HostError(f"the server did not confirm the detach within {DETACH_WAIT_S:g} s", code="timeout"),
            )
        return actions

    def next_wakeup(self) -> float:
        """When ``tick`` next has something to do (``math.inf``: not until another message comes in)."""
        deadlines = [link.retry_at for link in self._links.values() if link.retry_at is not None]
        deadlines += [wait.deadline for wait in self._detaching]
        if self._identity is not None and not self._listing:
            deadlines.append(self._poll_at)
        return min(deadlines, default=math.inf)

    # ----- the extension ---------------------------------------------------------------------------

    def from_extension(self, message: Message, now: float) -> list[Action]:
        kind = message.get("type")
        if kind == m.RESULT:
            return self._result(message)
        request_id = message.get("id")
        if not isinstance(kind, str) or kind not in m.REQUEST_TIMEOUTS_S:
            reply_to = request_id if usable_request_id(request_id) else None
            return [self._error("unknown_type", f"unknown message type {str(kind)[:40]!r}", reply_to)]
        if not usable_request_id(request_id):
            return [
                self._error(
                    "missing_id",
                    f"{kind} needs an 'id': a string of at most {MAX_ID_CHARACTERS} characters, "
                    "or an integer within ±(2**53 - 1)",
                )
            ]
        request = Request(kind, request_id, message)
        try:
            return self._request(request, now)
        except HostError as refused:
            return self._reply(request, refused)

    def bad_message(self, error: FramingError) -> list[Action]:
        """A message from the extension that could not be read: say so (there is no id to reply to)."""
        return [self._error(error.code, error.message)]

    def _request(self, request: Request, now: float) -> list[Action]:
        if request.kind == m.STATUS:
            return self._reply(request, {"status": self.status()})
        if request.kind == m.SESSIONS:
            return self._reply(request, {"sessions": self._sessions()})
        if request.kind == m.DETACH:
            return self._detach(request, now)
        if request.kind == m.HELLO:
            if request.message.get("version") != m.HOST_PROTOCOL_VERSION:
                raise HostError(f"this host speaks version {m.HOST_PROTOCOL_VERSION}", code="version_unsupported")
            return [Perform(request)]
        self._required_identity()  # pairing is for the profile that hello named
        if request.kind in (m.PAIR_APPROVE, m.PAIR_DENY) and (
            self._pairing is None or request.message.get("request_id") != self._pairing.request_id
        ):
            raise HostError("no such pairing request is waiting; start pairing again", code="no_pairing_request")
        return [Perform(request)]

    def performed(self, request: Request, outcome: Outcome, now: float) -> list[Action]:
        """The relay did ``request``: record what it changed and reply."""
        if isinstance(outcome, HostError):
            return self._reply(request, outcome)
        if isinstance(outcome, Identity):
            self._identity = outcome
            self._poll_at = now  # find the server (and the sessions) at once
            answer = {"version": m.HOST_PROTOCOL_VERSION, "timeouts_s": m.REQUEST_TIMEOUTS_S, "status": self.status()}
        elif isinstance(outcome, PairingOpened):
            self._pairing = outcome
            answer = outcome.as_json()
        elif isinstance(outcome, Paired):
            self._identity = replace(self._required_identity(), paired=True)
            self._pairing, self._last_error = None, None
            self._poll_at = now
            answer = {"device_id": outcome.device_id}
        else:
            self._pairing = None
            answer = {}
        return self._reply(request, answer)

    def _detach(self, request: Request, now: float) -> list[Action]:
        session_id = str(request.message.get("session_id"))
        link = self._links.get(session_id)
        if link is None or not link.open:
            raise HostError("that session is not connected", code="not_connected")
        self._detaching.append(DetachWait(request, session_id, now + DETACH_WAIT_S))
        return [ToServer(session_id, {"type": protocol.DETACH})]

    def _result(self, message: Message) -> list[Action]:
        command_id, ok = message.get("command_id"), message.get("ok")
        if not isinstance(command_id, str) or type(ok) is not bool:
            return [self._error("bad_result", "a result needs a 'command_id' string and a boolean 'ok'")]
        link = self._links.get(self._command_session.pop(command_id, ""))
        if link is None or link.ended is not None:
            return []  # an unknown or cancelled command, or a link that is gone: nobody waits for it
        frame = {"type": protocol.RESULT, "command_id": command_id, "ok": ok}
        frame |= {"result": message.get("result")} if ok else {"error": message.get("error")}
        if link.open:
            return [ToServer(link.session_id, frame)]
        self._queue(link, frame)
        return []

    def _reply(self, request: Request, answer: Message | HostError) -> list[Action]:
        """The one reply to ``request``, and the status after it (a refusal becomes the last error)."""
        reply: Message = {"type": request.kind, "reply_to": request.id}
        if isinstance(answer, HostError):
            self._last_error = answer.message
            reply |= {"ok": False, "error": {"code": answer.code, "message": answer.message}}
        else:
            reply |= {"ok": True} | answer
        return [ToExtension(reply), *self._status_update()]

    @staticmethod
    def _error(code: str, text: str, reply_to: Any = None) -> ToExtension:
        error = {"code": code, "message": text}
        return ToExtension({"type": m.ERROR, "reply_to": reply_to, "ok": False, "error": error})

    # ----- the server's controller sockets ---------------------------------------------------------

    def from_server(self, session_id: str, frame: Message) -> list[Action]:
        kind = frame.get("type")
        if kind == protocol.COMMAND:
            return self._command(session_id, frame)
        if kind == protocol.CANCEL:
            command_id = frame.get("command_id")
            self._command_session.pop(str(command_id), None)
            return [ToExtension({"type": m.CANCEL, "session_id": session_id, "command_id": command_id})]
        return []  # acknowledgements (detach, heartbeat) need nothing

    def _command(self, session_id: str, frame: Message) -> list[Action]:
        command = {
            "type": m.COMMAND,
            "session_id": session_id,
            "command_id": frame["command_id"],
            "action": frame["action"],
            "arguments": frame["arguments"],
            "tool_call_id": frame["tool_call_id"],
        }
        chunks: list[Action] = []
        if "files" in frame:
            try:
                command["files"], chunks = _split_files(session_id, frame["command_id"], frame["files"])
            except ValueError as malformed:
                return [
                    self._refused(session_id, frame["command_id"], f"the upload's files are malformed: {malformed}")
                ]
        timeout_ms = frame.get("timeout_ms")
        if (
            isinstance(timeout_ms, int)
            and not isinstance(timeout_ms, bool)
            and 0 < timeout_ms <= protocol.MAX_COMMAND_TIMEOUT_MS
        ):
            command["timeout_ms"] = timeout_ms  # the server's deadline; anything else is left out, never guessed
        try:
            encode(command)  # over Chrome's 1 MB limit: refuse it here rather than break the channel
        except FramingError as too_big:
            return [self._refused(session_id, frame["command_id"], too_big.message)]
        self._command_session[frame["command_id"]] = session_id
        return [*chunks, ToExtension(command)]

    @staticmethod
    def _refused(session_id: str, command_id: str, why: str) -> ToServer:
        """The command's result, sent to the server without the extension: it cannot be carried across."""
        error = {"code": "invalid_arguments", "message": why}
        return ToServer(session_id, {"type": protocol.RESULT, "command_id": command_id, "ok": False, "error": error})

    def link_up(self, session_id: str) -> list[Action]:
        """The session's socket is open: the results that waited for it go first."""
        link = self._links.get(session_id)
        if link is None:
            return []
        link.open, link.was_open, link.failures = True, True, 0
        waiting, link.queued = link.queued, []
        return [ToServer(session_id, frame) for frame in waiting] + self._status_update()

    def link_down(self, session_id: str, close_code: int | None, now: float) -> list[Action]:
        """The socket closed (``close_code``), or could not be opened (None): end the link or back off."""
        link = self._links.get(session_id)
        if link is None:
            return []
        link.open = False
        ended = FINAL_CLOSE_CODES.get(close_code) if close_code is not None else None
        if ended is None:
            link.retry_at = now + BACKOFF_S[min(link.failures, len(BACKOFF_S) - 1)]
            link.failures += 1
            return self._status_update()
        link.ended = ended
        return self._answer_detaches(link) + self._status_update()

    def registration_refused(self, session_id: str, status: int, now: float) -> list[Action]:
        """The server answered the registration with an error ``status``."""
        link = self._links.get(session_id)
        if link is None or status not in REFUSED_REGISTRATION:
            return self.link_down(session_id, None, now)
        link.ended = LinkEnd.REFUSED
        return self._status_update()

    def undelivered(self, session_id: str, frame: Message) -> list[Action]:
        """A frame the relay could not send because the socket had just gone: keep it if it is a result."""
        link = self._links.get(session_id)
        if link is not None and link.ended is None and frame["type"] == protocol.RESULT:
            self._queue(link, frame)
        return []

    def _queue(self, link: Link, frame: Message) -> None:
        if len(link.queued) < MAX_QUEUED_RESULTS:
            link.queued.append(frame)

    def _answer_detaches(self, link: Link) -> list[Action]:
        answered = [wait for wait in self._detaching if wait.session_id == link.session_id]
        for wait in answered:
            self._detaching.remove(wait)
        return [
            action
            for wait in answered
            for action in self._reply(wait.request, {"session_id": link.session_id, "state": link.state})
        ]

    # ----- the server's answers to a poll ----------------------------------------------------------

    def sessions_listed(self, sessions: list[Message], token: str | None = None) -> list[Action]:
        """The server's extension sessions: open links for those to drive, close the others.  With the listing's
        ``token``, the next listing is asked at once, and the server holds it until the sessions change."""
        self._listing, self._listing_token = False, token
        if token is not None:
            self._poll_at = -math.inf
        self._server_state = m.SERVER_RUNNING
        wanted = {session["id"]: session for session in sessions if self._should_drive(session["controller"])}
        detaching = {wait.session_id for wait in self._detaching}  # kept until the socket closes
        actions: list[Action] = [
            self._close(session_id)
            for session_id in list(self._links)
            if session_id not in wanted and session_id not in detaching
        ]
        for session_id, session in wanted.items():
            link = self._links.get(session_id)
            if link is None or link.ended not in (None, LinkEnd.DETACHED):
                self._links[session_id] = Link(session_id, str(session.get("label", "")))
                actions.append(OpenLink(session_id, self._controller_id()))
        return actions + self._status_update()

    def _should_drive(self, controller: Message) -> bool:
        """Not a detached session, and not one another controller holds (taking it back would ping-pong)."""
        if controller["state"] == LaneState.DETACHED:
            return False
        held = controller["state"] in (LaneState.CONNECTED, LaneState.AMBIGUOUS)
        return not (held and controller["controller_id"] != self._controller_id())

    def listing_dropped(self) -> list[Action]:
        """The relay did not send the listing it was asked for (the pairing was forgotten meanwhile): nothing is
        under way any more, and the next tick decides again what to ask."""
        self._listing = False
        return []

    def server_running(self) -> list[Action]:
        self._server_state = m.SERVER_RUNNING
        return self._status_update()

    def server_missing(self, reason: str | None = None) -> list[Action]:
        """No server to talk to; ``reason``, when given, becomes the last error: the runtime file names a
        process that is gone, or what answers is not the paired server (as good as none)."""
        self._server_state = m.SERVER_NOT_RUNNING
        self._listing, self._listing_token = False, None
        if reason is not None:
            self._last_error = reason
        return self._status_update()

    def server_refused(self, status: int, message: str) -> list[Action]:
        """The server refused the listing; a 401 means it no longer knows this device (revoked, or lost)."""
        self._listing, self._listing_token = False, None
        self._last_error = message
        actions: list[Action] = []
        if status == HTTPStatus.UNAUTHORIZED:
            self._identity = replace(self._required_identity(), paired=False)
            actions = [ForgetPairing(), *(self._close(session_id) for session_id in list(self._links))]
        return actions + self._status_update()

    def _close(self, session_id: str) -> CloseLink:
        del self._links[session_id]
        return CloseLink(session_id)

    # ----- identity --------------------------------------------------------------------------------

    def _required_identity(self) -> Identity:
        if self._identity is None:
            raise HelloRequired
        return self._identity

    def _controller_id(self) -> str:
        return self._required_identity().controller_id


# ----- an upload's files ----------------------------------------------------------------------------------

SHA256_HEX = re.compile(r"[0-9a-f]{64}")
MAX_FILE_NAME_CHARACTERS = 255
MAX_FILE_TYPE_CHARACTERS = 255


def _split_files(session_id: str, command_id: str, files: Any) -> tuple[list[Message], list[Action]]:
    """An upload command's files (``{name, size, type, sha256, data}``, ``data`` in base64) as the extension gets
    them: the list without the bytes, each file saying in how many chunks its bytes come, and the ``file_chunk``
    messages that carry them (``FILE_CHUNK_CHARACTERS`` each, to go before the command). ``ValueError`` says what
    is wrong with a list that does not hold such files (the extension checks each file's digest itself)."""
    if not isinstance(files, list) or not 0 < len(files) <= m.MAX_COMMAND_FILES:
        raise ValueError(f"a list of 1 to {m.MAX_COMMAND_FILES} files is needed")
    listed: list[Message] = []
    chunks: list[Action] = []
    for number, file in enumerate(files):
        name, size, kind, digest, data = (
            file.get(key) if isinstance(file, dict) else None for key in ("name", "size", "type", "sha256", "data")
        )
        if not isinstance(name, str) or not 0 < len(name) <= MAX_FILE_NAME_CHARACTERS or "/" in name:
            raise ValueError(f"file {number} needs a name of 1 to {MAX_FILE_NAME_CHARACTERS} characters, no '/'")
        if not isinstance(kind, str) or len(kind) > MAX_FILE_TYPE_CHARACTERS:
            raise ValueError(f"file {number} needs a type of at most {MAX_FILE_TYPE_CHARACTERS} characters")
        if not isinstance(digest, str) or not SHA256_HEX.fullmatch(digest):
            raise ValueError(f"file {number} needs its sha256 in lower-case hex")
        if not isinstance(size, int) or isinstance(size, bool) or not isinstance(data, str):
            raise ValueError(f"file {number} needs a whole size and its data in base64")
        try:
            decoded = len(base64.b64decode(data, validate=True))
        except binascii.Error:
            raise ValueError(f"file {number}'s data is not base64") from None
        if decoded != size:
            raise ValueError(f"file {number} holds {decoded} bytes, not the {size} it says")
        pieces = [
            data[start : start + m.FILE_CHUNK_CHARACTERS] for start in range(0, len(data), m.FILE_CHUNK_CHARACTERS)
        ]
        listed.append({"name": name, "size": size, "type": kind, "sha256": digest, "chunks": len(pieces)})
        chunks += [
            ToExtension(
                {
                    "type": m.FILE_CHUNK,
                    "session_id": session_id,
                    "command_id": command_id,
                    "file": number,
                    "index": index,
                    "data": piece,
                }
            )
            for index, piece in enumerate(pieces)
        ]
    return listed, chunks
