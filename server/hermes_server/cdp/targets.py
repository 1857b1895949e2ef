"""The tabs and flat sessions a supervisor is attached to, which tabs crashed, and the agent's tab numbers.  No I/O.

Each flat CDP session belongs to a tab: the tab's own (a ``page`` target), or an
out-of-process iframe's inside it (an ``iframe`` target, auto-attached, whose target id is
its frame id).  Knowing the tab of every session lets a dialog or a frame be traced to its
tab and a command be routed to the right session.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

PAGE = "page"
IFRAME = "iframe"


@dataclass(frozen=True)
class TargetSession:
    """One flat CDP session: a tab (``page``) or an out-of-process iframe inside one."""

    session_id: str
    target_id: str
    type: str
    tab_target_id: str


class Targets:
    """The attached sessions by id, the crashed tabs, and the small integers the agent calls tabs by."""

    def __init__(self) -> None:
        self._sessions: dict[str, TargetSession] = {}
        #: Tab targets whose renderer crashed; a tab leaves the set when it navigates again or goes away.
        self._crashed: set[str] = set()
        self._tab_numbers: dict[str, int] = {}
        self._next_tab_number = itertools.count(1)

    # ----- sessions -----

    def tab_attached(self, session_id: str, target_id: str) -> None:
        self._sessions[session_id] = TargetSession(session_id, target_id, PAGE, target_id)

    def child_attached(self, parent_session_id: str, child_session_id: str, target_id: str) -> bool:
        """An OOPIF attached under ``parent_session_id``; False (and nothing recorded) if that session is unknown."""
        parent = self._sessions.get(parent_session_id)
        if parent is None:
            return False
        self._sessions[child_session_id] = TargetSession(child_session_id, target_id, IFRAME, parent.tab_target_id)
        return True

    def detached(self, session_id: str) -> TargetSession | None:
        """The session went away (with a tab's, its OOPIFs' sessions); returns it, or None if it was not known."""
        gone = self._sessions.pop(session_id, None)
        if gone is not None and gone.type == PAGE:
            for child in [s for s in self._sessions.values() if s.tab_target_id == gone.target_id]:
                del self._sessions[child.session_id]
            self._crashed.discard(gone.target_id)
        return gone

    def __contains__(self, session_id: object) -> bool:
        return session_id in self._sessions

    def tab_of(self, session_id: str) -> str | None:
        """The tab (target id) a session belongs to."""
        owner = self._sessions.get(session_id)
        return owner.tab_target_id if owner is not None else None

    def tab_session(self, target_id: str) -> str | None:
        """The flat session attached to tab ``target_id``, if any."""
        return next(
            (s.session_id for s in self._sessions.values() if s.type == PAGE and s.target_id == target_id), None
        )

    def sessions_of_tab(self, target_id: str) -> set[str]:
        """Every session of tab ``target_id``: its own and its out-of-process iframes'."""
        return {s.session_id for s in self._sessions.values() if s.tab_target_id == target_id}

    def oopif_frame(self, session_id: str) -> str | None:
        """The frame whose out-of-process iframe ``session_id`` is; None for a tab's session (or an unknown one)."""
        owner = self._sessions.get(session_id)
        return owner.target_id if owner is not None and owner.type == IFRAME else None

    # ----- crashes -----

    def crashed(self, session_id: str) -> str | None:
        """``Inspector.targetCrashed`` on ``session_id``: if it is a tab's, mark the tab crashed and return it."""
        owner = self._sessions.get(session_id)
        if owner is None or owner.type != PAGE:
            return None
        self._crashed.add(owner.target_id)
        return owner.target_id

    def top_frame_navigated(self, target_id: str) -> None:
        """A tab's top frame committed a navigation: its renderer works (again)."""
        self._crashed.discard(target_id)

    def is_crashed(self, target_id: str) -> bool:
        return target_id in self._crashed

    # ----- the agent's tab numbers -----

    def tab_id(self, target_id: str) -> int:
        """The small integer the agent uses for a tab (assigned on first sight, stable while the supervisor lives)."""
        if target_id not in self._tab_numbers:
            self._tab_numbers[target_id] = next(self._next_tab_number)
        return self._tab_numbers[target_id]

    def target_of_tab(self, tab_id: int) -> str | None:
        return next((target for target, number in self._tab_numbers.items() if number == tab_id), None)
