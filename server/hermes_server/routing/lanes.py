"""The one interface every browser lane implements, and the lane that answers when nothing serves it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from hermes_server.routing.outcome import ToolOutcome
from hermes_server.routing.sessions import Session
from hermes_server.routing.uploads import UploadFile
from hermes_wire.tool_spec import CDP_LANE, ToolSpec


@dataclass(frozen=True)
class ToolCall:
    """One validated tool call, ready for a backend."""

    session: Session
    tool: ToolSpec
    arguments: dict[str, Any]
    tool_call_id: str
    timeout_s: float
    #: browser_file_upload's files, as the policy checked and read them (``arguments["paths"]`` holds only their
    #: names: a lane hands its browser these bytes, never a path it would open again).
    uploads: tuple[UploadFile, ...] = ()


class Backend(Protocol):
    #: The lane name reported to the agent as ``backend``.
    name: str

    async def run(self, call: ToolCall) -> ToolOutcome:
        """Carry out the call; failures come back as an outcome with a stable error code, not an exception."""
        ...


@runtime_checkable
class SessionBackend(Backend, Protocol):
    """A backend that holds resources per session (a tab, a cloud browser) and for the server's lifetime
    (a browser process): it is told when a session closes and when the server stops, so nothing outlives them."""

    async def close_session(self, session_id: str) -> None: ...

    async def aclose(self) -> None: ...


class UnavailableBackend:
    """Serves the CDP lane until a real CDP backend is configured: every call fails clearly."""

    name = CDP_LANE

    async def run(self, call: ToolCall) -> ToolOutcome:
        return ToolOutcome.failure(
            "backend_unavailable",
            "No browser backend serves sessions on the cdp lane in this build. Create the session with "
            "browser_lane 'extension' and connect the Hermes extension instead.",
        )
