"""Wire protocol v1 between the server and a browser controller: every constant of this hop lives here.

The names, fields and status codes are upstream Hermes's, unchanged, so that an
extension written for Hermes's own gateway works against this server.  Parsing
of controller frames is here too: it is pure (text in, typed frame out) and
raises ``ProtocolViolation`` with the close code the socket must be closed with.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from hermes_wire import strict_json
from hermes_wire.errors import ProtocolViolation
from hermes_wire.tool_spec import EXTENSION_LANE
from hermes_wire.tools import tools_for_lane

PROTOCOL_VERSION = 1

#: The only capabilities a controller may ever hold (the tools the extension lane serves); requested ones
#: outside it are filtered out.
CAPABILITY_ALLOWLIST: tuple[str, ...] = tuple(spec.name for spec in tools_for_lane(EXTENSION_LANE))

TRANSPORT_FAMILY = "extension"
REGISTER_PATH = "/v1/browser-control/register"
WS_PATH = "/v1/browser-control/ws"

#: Paired devices list the principal's extension sessions here (device-signed).
DEVICE_SESSIONS_PATH = "/v1/browser-control/sessions"
#: The listing's long poll: ``?unchanged=<token>`` holds the request until the listing is no longer the one that
#: answer's ``token`` named, or this many seconds have passed, so a host learns of a new session at once.
LISTING_UNCHANGED_PARAM = "unchanged"
LISTING_WAIT_S = 20.0
#: A listing token: lower-case hex, at most this long (it goes back into a signed URL, so nothing else passes).
LISTING_TOKEN_CHARACTERS = 32
LISTING_TOKEN = re.compile(f"[0-9a-f]{{1,{LISTING_TOKEN_CHARACTERS}}}")
#: Loopback pairing: open a request, then approve or deny it (each proves the pairing secret).
PAIRING_PREFIX = "/v1/browser-control/pairing/"
PAIRING_REQUESTS_PATH = PAIRING_PREFIX + "requests"

SUBPROTOCOL = "hermes-browser-control-v1"
TICKET_SUBPROTOCOL_PREFIX = "hermes-browser-control-ticket."
TICKET_TTL_S = 30.0
#: Tickets are ``secrets.token_urlsafe(32)``: 43 URL-safe characters, all legal in a subprotocol token.
TICKET_PATTERN = re.compile(r"[A-Za-z0-9_-]{43}")

KEEPALIVE_INTERVAL_S = 20.0
#: How long a lane whose controller dropped waits for it to reconnect before its pending commands
#: fail ``controller_disconnected`` (the server's ``browser.extension_control.reconnect_grace_s``).
DEFAULT_RECONNECT_GRACE_S = 5.0
#: Largest controller frame accepted; a screenshot result is the biggest legitimate one.
MAX_FRAME_BYTES = 16 * 1024 * 1024
#: Identifiers sent by controllers (session, controller, profile, command ids) stay short and printable.
IDENTIFIER_PATTERN = re.compile(r"[A-Za-z0-9._:@-]{1,128}")


class LaneState(StrEnum):
    """Where an extension-bound session's route to its controller stands (reported in ``controller.state``)."""

    AWAITING_CONTROLLER = "awaiting_controller"  # no controller has connected yet
    CONNECTED = "connected"  # exactly one live connection: commands are routed
    DISCONNECTED = "disconnected"  # its socket dropped; pending commands wait out the reconnect grace
    AMBIGUOUS = "ambiguous"  # two live connections claim the identity: nothing is routed
    DETACHED = "detached"  # the controller detached: fails closed until the agent unbinds


#: The longest deadline a command carries (``timeout_ms``): the tool API's own cap on ``timeout_s``.
MAX_COMMAND_TIMEOUT_MS = 300_000

# Frame types.
COMMAND = "browser.controller.command"
CANCEL = "browser.controller.cancel"
RESULT = "browser.controller.result"
HEARTBEAT = "browser.controller.heartbeat"
DETACH = "browser.controller.detach"

# Close codes the server uses on a controller socket.
CLOSE_NORMAL = 1000  # the controller detached; its acknowledgement was sent first
CLOSE_GOING_AWAY = 1001  # the server is shutting down
CLOSE_UNSUPPORTED = 1003  # unknown frame type, or a binary frame
CLOSE_INVALID_FRAME = 1007  # not a JSON object, or a field of the wrong type
CLOSE_TOO_BIG = 1009  # frame over MAX_FRAME_BYTES (sent by aiohttp itself)
CLOSE_REPLACED = 4001  # another controller took over this session's lane
CLOSE_REVOKED = 4003  # the device's pairing was revoked
CLOSE_SESSION_CLOSED = 4004  # the agent closed the session


@dataclass(frozen=True)
class ResultFrame:
    command_id: str
    ok: bool
    result: Any = None
    error_code: str | None = None
    error_message: str | None = None


@dataclass(frozen=True)
class HeartbeatFrame:
    nonce: str | int


@dataclass(frozen=True)
class DetachFrame:
    pass


ControllerFrame = ResultFrame | HeartbeatFrame | DetachFrame


def command_frame(
    *,
    command_id: str,
    action: str,
    arguments: dict[str, Any],
    controller_id: str,
    browser_profile_id: str,
    tool_call_id: str,
    timeout_ms: int,
    files: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A command for the controller; ``timeout_ms`` is the server's deadline for it, so that a wait inside the
    browser (the user's answer to a site question) can end with its own code before the server gives up.
    ``files``: browser_file_upload's files, each ``{name, size, type, sha256, data}`` (``data``: the bytes in
    base64), since the browser cannot read the server's disk."""
    frame = {
        "type": COMMAND,
        "command_id": command_id,
        "action": action,
        "arguments": arguments,
        "controller_id": controller_id,
        "browser_profile_id": browser_profile_id,
        "tool_call_id": tool_call_id,
        "timeout_ms": timeout_ms,
    }
    return frame | {"files": files} if files is not None else frame


def cancel_frame(*, command_id: str, tool_call_id: str) -> dict[str, Any]:
    return {"type": CANCEL, "command_id": command_id, "tool_call_id": tool_call_id}


def heartbeat_reply(nonce: str | int) -> dict[str, Any]:
    return {"type": HEARTBEAT, "nonce": nonce, "ok": True}


def detach_reply() -> dict[str, Any]:
    return {"type": DETACH, "ok": True}


def _invalid(detail: str) -> ProtocolViolation:
    return ProtocolViolation(f"malformed frame: {detail}", close_code=CLOSE_INVALID_FRAME)


def parse_controller_frame(text: str) -> ControllerFrame:
    """Turn one text frame from a controller into a typed frame, or raise ``ProtocolViolation``.

    The close code is ``CLOSE_INVALID_FRAME`` for a frame that is not strict JSON (``strict_json``:
    no ``NaN``, no number beyond a double, no deeper nesting than ``strict_json.MAX_NESTING``), not
    an object, or with a field of the wrong type; ``CLOSE_UNSUPPORTED`` for an unknown ``type``.
    """
    try:
        frame = strict_json.loads(text)
    except ValueError as refused:
        raise _invalid(str(refused)) from None
    if not isinstance(frame, dict):
        raise _invalid("a frame must be a JSON object")
    frame_type = frame.get("type")
    if frame_type == RESULT:
        return _parse_result(frame)
    if frame_type == HEARTBEAT:
        nonce = frame.get("nonce")
        if isinstance(nonce, bool) or not isinstance(nonce, (str, int)) or len(str(nonce)) > 128:
            raise _invalid("heartbeat 'nonce' must be a string or integer of at most 128 characters")
        return HeartbeatFrame(nonce)
    if frame_type == DETACH:
        return DetachFrame()
    shown = frame_type if isinstance(frame_type, str) else type(frame_type).__name__
    raise ProtocolViolation(f"unknown frame type {shown[:60]!r}", close_code=CLOSE_UNSUPPORTED)


def _parse_result(frame: dict[str, Any]) -> ResultFrame:
    command_id = frame.get("command_id")
    if not isinstance(command_id, str) or not IDENTIFIER_PATTERN.fullmatch(command_id):
        raise _invalid("result 'command_id' must be the command's id string")
    ok = frame.get("ok")
    if type(ok) is not bool:  # "true", 1 and null are all refused: exactly a JSON boolean
        raise _invalid("result 'ok' must be a JSON boolean")
    if ok:
        return ResultFrame(command_id, True, result=frame.get("result"))
    error = frame.get("error")
    if isinstance(error, str):
        return ResultFrame(command_id, False, error_code=None, error_message=error)
    if not isinstance(error, dict):
        raise _invalid("a failed result needs 'error' as an object or a string")
    code, message = error.get("code"), error.get("message")
    if (code is not None and not isinstance(code, str)) or not isinstance(message, str):
        raise _invalid("result 'error' needs a string 'message' and an optional string 'code'")
    return ResultFrame(command_id, False, error_code=code, error_message=message)
