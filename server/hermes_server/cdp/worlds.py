"""Where the snapshot engine's isolated world lives: its execution context in each frame's current document.  No I/O.

The supervisor registers the engine in the isolated world named ``world_name`` for every new
document (see ``engine``); each such world announces itself with
``Runtime.executionContextCreated`` on the session that owns the frame.  A context dies with
its document (``executionContextDestroyed`` / ``executionContextsCleared``), its frame or its
session.  The engine also creates worlds itself, for documents that existed before we
attached, and reports those with ``injected``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any


class EngineWorlds:
    """(session id, frame id) to the execution context id of the engine's world in that frame's document."""

    def __init__(self, world_name: str = "") -> None:
        #: The isolated world's name; empty: no engine, nothing tracked.
        self._world_name = world_name
        self._contexts: dict[tuple[str, str], int] = {}

    def context(self, session_id: str, frame_id: str) -> int | None:
        return self._contexts.get((session_id, frame_id))

    # ----- the browser's events -----

    def created(self, session_id: str, context: dict[str, Any]) -> None:
        """``Runtime.executionContextCreated``'s ``context``: kept if it is the engine's world."""
        frame_id = (context.get("auxData") or {}).get("frameId")
        if self._world_name and context.get("name") == self._world_name and isinstance(frame_id, str):
            self._contexts[(session_id, frame_id)] = int(context["id"])

    def destroyed(self, session_id: str, context_id: Any) -> None:
        self._keep(lambda key, value: not (key[0] == session_id and value == context_id))

    def session_cleared(self, session_id: str) -> None:
        """Every context of ``session_id`` is gone: its documents were replaced, or the session itself went away."""
        self._keep(lambda key, _: key[0] != session_id)

    def frames_gone(self, frame_ids: Collection[str]) -> None:
        self._keep(lambda key, _: key[1] not in frame_ids)

    # ----- the engine's own findings -----

    def injected(self, session_id: str, frame_id: str, context_id: int) -> None:
        """The engine created its world in a frame itself (``Page.createIsolatedWorld``)."""
        self._contexts[(session_id, frame_id)] = context_id

    def lost(self, session_id: str, frame_id: str) -> None:
        """Evaluating in the frame's world failed for want of a context: its document went away."""
        self._contexts.pop((session_id, frame_id), None)

    def _keep(self, keeps: Callable[[tuple[str, str], int], bool]) -> None:
        self._contexts = {key: value for key, value in self._contexts.items() if keeps(key, value)}
