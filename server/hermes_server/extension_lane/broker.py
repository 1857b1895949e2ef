"""The browser-control broker: tickets, lanes, pending commands, deadlines and replacement.

This module does no I/O and reads no clock.  Every method takes the current
time as ``now`` and returns *effects*, plain records of what the network layer
must do next (send a frame, close a socket, finish a waiting tool call).  The
aiohttp layer (``controller_hub``) feeds WebSocket traffic in and carries the
effects out; the tests feed messages in and check the effects that come out.

Rules it enforces (docs/controller-protocol.md, "Lanes"):

* A ticket is single use and lives ``TICKET_TTL_S`` seconds.
* A session bound to the extension has one *lane*.  Its controller identity is
  ``(controller_id, browser_profile_id)``; exactly one live connection with that
  identity makes the lane routable.  None is *missing* or *disconnected*, two are
  *ambiguous*.
* Socket loss is recoverable, for a while: pending commands keep their deadlines, and a
  result that arrives over the reconnected socket still counts.  Nothing is re-sent.  But a
  lane with no live connection for ``reconnect_grace_s`` fails its pending commands with
  ``controller_disconnected`` rather than hold the agent until each deadline (up to 300 s)
  for a controller that is gone; their results are ignored if it comes back later.
* ``browser.controller.detach`` is a hard separation: pending work is cancelled at
  once and the lane fails closed until the agent unbinds the controller.
* A different identity on the lane is a hard replacement: the old controller's
  pending work is cancelled, and its sockets closed, before the new one is routable.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hermes_server.errors import TicketRejected
from hermes_server.routing.outcome import PASS_THROUGH_CONTROLLER_CODES, ToolOutcome
from hermes_wire import controller as protocol
from hermes_wire.controller import LaneState
from hermes_wire.errors import ProtocolViolation, ToolError


@dataclass(frozen=True)
class ControllerScope:
    """What a ticket grants: one controller identity on one session of one principal."""

    principal_id: str
    session_id: str
    controller_id: str
    browser_profile_id: str
    capabilities: tuple[str, ...]
    transport_family: str = protocol.TRANSPORT_FAMILY
    device_id: str | None = None  # the paired device that registered it; None when registered with the API key

    @property
    def identity(self) -> tuple[str, str]:
        return (self.controller_id, self.browser_profile_id)

    def as_json(self) -> dict[str, Any]:
        return {
            "principal_id": self.principal_id,
            "session_id": self.session_id,
            "controller_id": self.controller_id,
            "browser_profile_id": self.browser_profile_id,
            "transport_family": self.transport_family,
            "capabilities": list(self.capabilities),
        }


# Effects: what the network layer must do, in the order given.
@dataclass(frozen=True)
class SendFrame:
    connection_id: str
    frame: dict[str, Any]


@dataclass(frozen=True)
class CloseConnection:
    connection_id: str
    code: int
    reason: str


@dataclass(frozen=True)
class FinishCommand:
    command_id: str
    outcome: ToolOutcome


Effect = SendFrame | CloseConnection | FinishCommand


@dataclass
class PendingCommand:
    command_id: str
    action: str
    tool_call_id: str
    timeout_s: float
    deadline: float


@dataclass
class Lane:
    """One extension-bound session's route to its controller."""

    session_id: str
    principal_id: str
    identity: tuple[str, str] | None = None
    connections: dict[str, ControllerScope] = field(default_factory=dict)
    detached: bool = False
    pending: dict[str, PendingCommand] = field(default_factory=dict)
    #: When its last live connection dropped; None while one is live (or none ever was).
    disconnected_since: float | None = None

    @property
    def state(self) -> LaneState:
        if self.detached:
            return LaneState.DETACHED
        if self.identity is None:
            return LaneState.AWAITING_CONTROLLER
        if not self.connections:
            return LaneState.DISCONNECTED
        return LaneState.AMBIGUOUS if len(self.connections) > 1 else LaneState.CONNECTED

    def describe(self) -> dict[str, Any]:
        controller_id, profile_id = self.identity or (None, None)
        return {
            "state": self.state,
            "controller_id": controller_id,
            "browser_profile_id": profile_id,
            "pending_commands": len(self.pending),
        }


@dataclass
class _Ticket:
    scope: ControllerScope
    expires_at: float


def _digest(ticket: str) -> bytes:
    """Tickets are stored and looked up by hash, so the table never holds a usable secret."""
    return hashlib.sha256(ticket.encode()).digest()


def _new_ticket() -> str:
    return secrets.token_urlsafe(32)


def _new_command_id() -> str:
    return "cmd_" + secrets.token_hex(12)


class Broker:
    def __init__(
        self,
        *,
        ticket_ttl_s: float = protocol.TICKET_TTL_S,
        reconnect_grace_s: float = protocol.DEFAULT_RECONNECT_GRACE_S,
        new_ticket: Callable[[], str] = _new_ticket,
        new_command_id: Callable[[], str] = _new_command_id,
    ) -> None:
        self.ticket_ttl_s = ticket_ttl_s
        self.reconnect_grace_s = reconnect_grace_s
        self._new_ticket = new_ticket
        self._new_command_id = new_command_id
        self._tickets: dict[bytes, _Ticket] = {}
        self._spent: dict[bytes, float] = {}  # digest -> expiry, so a replay is told apart from a stranger
        self._lanes: dict[str, Lane] = {}
        self._connection_lane: dict[str, str] = {}

    # ----- tickets ---------------------------------------------------------------------------------

    def issue_ticket(self, scope: ControllerScope, now: float) -> tuple[str, float]:
        """Mint a single-use ticket for ``scope``; returns the ticket and when it expires."""
        self._purge_tickets(now)
        ticket = self._new_ticket()
        expires_at = now + self.ticket_ttl_s
        self._tickets[_digest(ticket)] = _Ticket(scope, expires_at)
        return ticket, expires_at

    def redeem_ticket(self, ticket: str, now: float) -> ControllerScope:
        """Spend a ticket.  Raises ``TicketRejected`` (reason: malformed, unknown, reused, expired)."""
        if not protocol.TICKET_PATTERN.fullmatch(ticket):
            raise TicketRejected("malformed")
        digest = _digest(ticket)
        if digest in self._spent:
            raise TicketRejected("reused")
        issued = self._tickets.pop(digest, None)
        if issued is None:
            raise TicketRejected("unknown")
        self._spent[digest] = issued.expires_at
        if now >= issued.expires_at:
            raise TicketRejected("expired")
        return issued.scope

    def burn_ticket(self, ticket: str) -> None:
        """Make a ticket unusable, e.g. one that leaked into a URL."""
        digest = _digest(ticket)
        issued = self._tickets.pop(digest, None)
        if issued is not None:
            self._spent[digest] = issued.expires_at

    def _purge_tickets(self, now: float) -> None:
        # Keep records one extra TTL so a late replay still reads as "reused"/"expired" in the logs.
        horizon = now - self.ticket_ttl_s
        self._tickets = {d: t for d, t in self._tickets.items() if t.expires_at > horizon}
        self._spent = {d: exp for d, exp in self._spent.items() if exp > horizon}

    # ----- lanes -----------------------------------------------------------------------------------

    def bind_session(self, session_id: str, principal_id: str) -> None:
        """Bind a session to the extension transport family: from now on it fails closed."""
        self._lanes.setdefault(session_id, Lane(session_id, principal_id))

    def lane(self, session_id: str) -> Lane | None:
        return self._lanes.get(session_id)

    def connect(self, connection_id: str, scope: ControllerScope, now: float) -> list[Effect]:
        """A controller's socket is open (its ticket already redeemed)."""
        lane = self._lanes.get(scope.session_id)
        if lane is None or lane.detached or lane.principal_id != scope.principal_id:
            reason = "the session is closed or detached" if lane is None or lane.detached else "wrong principal"
            return [CloseConnection(connection_id, protocol.CLOSE_SESSION_CLOSED, reason)]
        effects: list[Effect] = []
        if lane.identity is not None and lane.identity != scope.identity:
            effects += self._cancel_pending(
                lane,
                "command_cancelled",
                f"Controller {scope.controller_id!r} replaced the one this command was sent to; "
                "the command was cancelled and not re-sent.",
            )
            effects += self._close_connections(lane, protocol.CLOSE_REPLACED, "replaced by another controller")
        lane.identity = scope.identity
        lane.connections[connection_id] = scope
        lane.disconnected_since = None
        self._connection_lane[connection_id] = lane.session_id
        return effects

    def disconnect(self, connection_id: str, now: float) -> None:
        """A socket ended without a detach: recoverable, so pending commands wait out the reconnect grace."""
        session_id = self._connection_lane.pop(connection_id, None)
        if session_id is not None:
            lane = self._lanes[session_id]
            lane.connections.pop(connection_id, None)
            if not lane.connections:
                lane.disconnected_since = now

    def receive(self, connection_id: str, text: str, now: float) -> list[Effect]:
        """One text frame from a controller."""
        session_id = self._connection_lane.get(connection_id)
        if session_id is None:
            return []  # the socket was replaced or closed while this frame was in flight
        try:
            frame = protocol.parse_controller_frame(text)
        except ProtocolViolation as violation:
            return [CloseConnection(connection_id, violation.close_code, violation.message)]
        lane = self._lanes[session_id]
        if isinstance(frame, protocol.HeartbeatFrame):
            return [SendFrame(connection_id, protocol.heartbeat_reply(frame.nonce))]
        if isinstance(frame, protocol.DetachFrame):
            lane.detached = True
            effects: list[Effect] = [SendFrame(connection_id, protocol.detach_reply())]
            effects += self._cancel_pending(
                lane,
                "controller_detached",
                "The browser controller detached from this session; the command was cancelled.",
            )
            return effects + self._close_connections(lane, protocol.CLOSE_NORMAL, "detached")
        command = lane.pending.pop(frame.command_id, None)
        if command is None:
            return []  # late (after timeout or cancel) or unknown: ignored
        return [FinishCommand(command.command_id, _outcome_of(frame))]

    def submit(
        self,
        session_id: str,
        action: str,
        arguments: dict[str, Any],
        *,
        tool_call_id: str,
        timeout_s: float,
        now: float,
        files: list[dict[str, Any]] | None = None,
    ) -> tuple[str, list[Effect]]:
        """Route one command to the session's controller, or raise ``ToolError`` (fail closed). ``files``: an
        upload's files, which travel with the command (``protocol.command_frame``)."""
        lane = self._lanes.get(session_id)
        if lane is None:
            raise ToolError("controller_missing", "This session is not bound to a browser controller.")
        if action not in protocol.CAPABILITY_ALLOWLIST:
            raise ToolError("capability_not_allowed", f"{action!r} is not a browser-control capability.")
        connection_id, scope = self._routable_connection(lane)
        if action not in scope.capabilities:
            raise ToolError(
                "capability_not_allowed",
                f"The connected controller did not register the {action!r} capability.",
            )
        command_id = self._new_command_id()
        lane.pending[command_id] = PendingCommand(command_id, action, tool_call_id, timeout_s, now + timeout_s)
        frame = protocol.command_frame(
            command_id=command_id,
            action=action,
            arguments=arguments,
            controller_id=scope.controller_id,
            browser_profile_id=scope.browser_profile_id,
            tool_call_id=tool_call_id,
            timeout_ms=max(1, round(timeout_s * 1000)),
            files=files,
        )
        return command_id, [SendFrame(connection_id, frame)]

    def _routable_connection(self, lane: Lane) -> tuple[str, ControllerScope]:
        state = lane.state
        if state is LaneState.CONNECTED:
            return next(iter(lane.connections.items()))
        if state is LaneState.DETACHED:
            raise ToolError(
                "controller_detached",
                "The controller detached from this session. Unbind it "
                f"(POST /v1/sessions/{lane.session_id}/browser-control/unbind) and connect a controller again.",
            )
        if state is LaneState.AWAITING_CONTROLLER:
            raise ToolError(
                "controller_missing",
                "No browser controller is connected to this session yet: open the Hermes extension "
                "popup and approve pairing, or register a controller for this session.",
            )
        if state is LaneState.DISCONNECTED:
            raise ToolError(
                "controller_disconnected",
                "The session's browser controller is disconnected; it reconnects by itself while the "
                "browser runs. Retry once it is back.",
            )
        raise ToolError(
            "controller_ambiguous",
            f"{len(lane.connections)} controllers claim this session's identity; close the extra "
            "browser or detach one of them.",
        )

    def cancel(self, command_id: str, message: str) -> list[Effect]:
        """The agent gave up on a command (its call went away): cancel frame, then finish it."""
        for lane in self._lanes.values():
            command = lane.pending.pop(command_id, None)
            if command is not None:
                return [
                    *self._cancel_frames(lane, command),
                    FinishCommand(command_id, ToolOutcome.failure("command_cancelled", message)),
                ]
        return []

    def expire(self, now: float) -> list[Effect]:
        """Time out every command whose deadline has passed, each with a cancel frame; then give up on
        the controllers that stayed away past the reconnect grace (no frame: they have no socket)."""
        effects: list[Effect] = []
        for lane in self._lanes.values():
            for command in [c for c in lane.pending.values() if c.deadline <= now]:
                del lane.pending[command.command_id]
                effects += self._cancel_frames(lane, command)
                effects.append(
                    FinishCommand(
                        command.command_id,
                        ToolOutcome.failure(
                            "command_timeout",
                            f"The browser controller did not answer {command.action} within "
                            f"{command.timeout_s:g} s; it was sent a cancel. Take a snapshot to see the "
                            "page's state before retrying.",
                        ),
                    )
                )
            grace_ends = self._grace_ends(lane)
            if grace_ends is not None and grace_ends <= now:
                effects += self._cancel_pending(
                    lane,
                    "controller_disconnected",
                    f"The browser controller's connection dropped and it did not reconnect within "
                    f"{self.reconnect_grace_s:g} s. The command was not re-sent; it may or may not have run, "
                    "so take a snapshot once the controller is back before retrying.",
                )
        return effects

    def next_deadline(self) -> float | None:
        """The earliest moment ``expire`` has work: a command's deadline or a lane's reconnect grace ending."""
        deadlines = [c.deadline for lane in self._lanes.values() for c in lane.pending.values()]
        deadlines += [end for end in map(self._grace_ends, self._lanes.values()) if end is not None]
        return min(deadlines, default=None)

    def _grace_ends(self, lane: Lane) -> float | None:
        """When a lane waiting on a dropped controller gives up on it; None if it is not waiting on one."""
        if lane.connections or not lane.pending or lane.disconnected_since is None:
            return None
        return lane.disconnected_since + self.reconnect_grace_s

    def unbind_controller(self, session_id: str) -> list[Effect]:
        """The agent releases the session's controller: the lane waits for a new one, still fail-closed."""
        lane = self._lanes.get(session_id)
        if lane is None:
            return []
        effects = self._cancel_pending(lane, "command_cancelled", "The agent unbound the controller.")
        effects += self._close_connections(lane, protocol.CLOSE_REPLACED, "unbound by the agent")
        lane.identity, lane.detached = None, False
        return effects

    def revoke_device(self, device_id: str) -> list[Effect]:
        """A pairing was revoked: close that device's sockets at once and cancel the work sent to them."""
        effects: list[Effect] = []
        for lane in self._lanes.values():
            if any(scope.device_id == device_id for scope in lane.connections.values()):
                effects += self._cancel_pending(lane, "command_cancelled", "The controller's pairing was revoked.")
                effects += self._close_connections(lane, protocol.CLOSE_REVOKED, "pairing revoked")
        return effects

    def close_session(self, session_id: str) -> list[Effect]:
        lane = self._lanes.get(session_id)
        if lane is None:
            return []
        effects = self._cancel_pending(lane, "command_cancelled", "The session was closed.")
        effects += self._close_connections(lane, protocol.CLOSE_SESSION_CLOSED, "session closed")
        del self._lanes[session_id]
        return effects

    # ----- helpers ---------------------------------------------------------------------------------

    def _cancel_frames(self, lane: Lane, command: PendingCommand) -> list[Effect]:
        frame = protocol.cancel_frame(command_id=command.command_id, tool_call_id=command.tool_call_id)
        return [SendFrame(connection_id, frame) for connection_id in lane.connections]

    def _cancel_pending(self, lane: Lane, code: str, message: str) -> list[Effect]:
        effects: list[Effect] = []
        for command in lane.pending.values():
            effects += self._cancel_frames(lane, command)
            effects.append(FinishCommand(command.command_id, ToolOutcome.failure(code, message)))
        lane.pending.clear()
        return effects

    def _close_connections(self, lane: Lane, code: int, reason: str) -> list[Effect]:
        effects: list[Effect] = [CloseConnection(c, code, reason) for c in lane.connections]
        for connection_id in lane.connections:
            self._connection_lane.pop(connection_id, None)
        lane.connections.clear()
        return effects


def _outcome_of(frame: protocol.ResultFrame) -> ToolOutcome:
    if frame.ok:
        return ToolOutcome(True, result=frame.result)
    code = frame.error_code if frame.error_code in PASS_THROUGH_CONTROLLER_CODES else "controller_error"
    message = frame.error_message or "the controller reported a failure"
    if frame.error_code and code == "controller_error":
        message = f"{frame.error_code}: {message}"
    return ToolOutcome.failure(code, message)
