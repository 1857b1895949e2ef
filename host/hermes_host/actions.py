"""The native host routing's vocabulary: the *actions* it asks the relay to carry out, and the *outcomes* the relay
brings back from the requests it performs. Plain records, without I/O; ``routing.py`` makes the decisions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hermes_host.errors import HostError
from hermes_wire.signatures import device_controller_id

Message = dict[str, Any]


# ----- actions: what the relay must do, in the order given ---------------------------------------------


@dataclass(frozen=True)
class ToExtension:
    message: Message


@dataclass(frozen=True)
class ToServer:
    """Send ``frame`` on the session's socket; if that socket turns out to be gone, report ``undelivered``."""

    session_id: str
    frame: Message


@dataclass(frozen=True)
class OpenLink:
    """Register ``controller_id`` for the session, open the ticket socket and pump its frames in.

    Report ``link_up`` once the socket is open, then ``from_server`` per frame and ``link_down``
    when it closes (or could not be opened), or ``registration_refused``.
    """

    session_id: str
    controller_id: str


@dataclass(frozen=True)
class CloseLink:
    """Stop the session's link and close its socket; the routing has already forgotten it."""

    session_id: str


@dataclass(frozen=True)
class ListSessions:
    """Ask the server (device-signed) for its extension sessions: ``sessions_listed``, ``server_missing``
    or ``server_refused``.  With ``unchanged`` (the last listing's token), the server answers once the listing
    differs from that one."""

    unchanged: str | None = None


@dataclass(frozen=True)
class CheckServer:
    """Not paired: find out only whether a server is running: ``server_running`` or ``server_missing``."""


@dataclass(frozen=True)
class ForgetPairing:
    """The server no longer knows this device: drop the local record that the profile is paired."""


@dataclass(frozen=True)
class Request:
    """An extension request that passed the envelope checks: its type, its id, the whole message."""

    kind: str
    id: str | int
    message: Message


@dataclass(frozen=True)
class Perform:
    """Do ``request`` (hello or a pairing step) and hand the outcome back to ``performed``."""

    request: Request


Action = ToExtension | ToServer | OpenLink | CloseLink | ListSessions | CheckServer | ForgetPairing | Perform


# ----- outcomes of the requests the relay performs ------------------------------------------------------


@dataclass(frozen=True)
class Identity:
    """What ``hello`` found: the browser profile, its device id and whether it is paired."""

    profile_id: str
    device_id: str
    paired: bool

    @property
    def controller_id(self) -> str:
        return device_controller_id(self.device_id)


@dataclass(frozen=True)
class PairingOpened:
    request_id: str
    verification_code: str

    def as_json(self) -> Message:
        return {"request_id": self.request_id, "verification_code": self.verification_code}


@dataclass(frozen=True)
class Paired:
    device_id: str


@dataclass(frozen=True)
class PairingDenied:
    pass


Outcome = Identity | PairingOpened | Paired | PairingDenied | HostError
