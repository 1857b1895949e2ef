"""Agent sessions: who owns each one and which browser lane serves it.  Plain objects, no I/O."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from hermes_wire.tool_spec import LANES

__all__ = ["LANES", "Session", "SessionStore"]
MAX_LABEL_LENGTH = 200


@dataclass(frozen=True)
class Session:
    session_id: str
    principal_id: str
    label: str
    browser_lane: str
    created_at: float

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.session_id,
            "label": self.label,
            "browser_lane": self.browser_lane,
            "created_at": self.created_at,
        }


class SessionStore:
    def __init__(self) -> None:
        self._sessions: dict[str, Session] = {}

    def create(self, principal_id: str, *, label: str, browser_lane: str, now: float) -> Session:
        session = Session("sess_" + secrets.token_hex(12), principal_id, label, browser_lane, now)
        self._sessions[session.session_id] = session
        return session

    def get(self, session_id: str, principal_id: str) -> Session | None:
        """The session, if it exists and belongs to ``principal_id`` (another principal's looks absent)."""
        session = self._sessions.get(session_id)
        return session if session is not None and session.principal_id == principal_id else None

    def owned_by(self, principal_id: str) -> list[Session]:
        return [s for s in self._sessions.values() if s.principal_id == principal_id]

    def remove(self, session_id: str) -> None:
        self._sessions.pop(session_id, None)
