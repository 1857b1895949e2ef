"""Every frame of every attached tab: its parent, URL, origin and the flat session that owns its document.  No I/O.

A same-process frame is described by its tab's session.  A cross-origin iframe in its own
process (an OOPIF) is a child target whose target id is its frame id, auto-attached with a
flat session of its own, which then describes it and its same-process descendants.

``Frames`` is a read-only mapping (frame id to ``FrameInfo``); ``SupervisorState`` applies
the events to it through the transition methods.  ``tree`` is what the agent reads (one
tab's frames, capped at ``FRAME_TREE_MAX_ENTRIES`` children and OOPIF depth
``FRAME_TREE_MAX_OOPIF_DEPTH``, with ``truncated``); ``of_tab`` is the uncapped list the
snapshot engine walks.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from hermes_wire.errors import ToolError

FRAME_TREE_MAX_ENTRIES = 30
FRAME_TREE_MAX_OOPIF_DEPTH = 2


@dataclass(frozen=True)
class FrameInfo:
    frame_id: str
    parent_id: str | None
    session_id: str
    url: str = ""
    origin: str = ""
    is_oopif: bool = False
    #: The loader of its current document, and whether that document came back from the back/forward cache.
    loader_id: str = ""
    restored: bool = False


class Frames(Mapping[str, FrameInfo]):
    """The known frames by id."""

    def __init__(self) -> None:
        self._frames: dict[str, FrameInfo] = {}

    def __getitem__(self, frame_id: str) -> FrameInfo:
        return self._frames[frame_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._frames)

    def __len__(self) -> int:
        return len(self._frames)

    # ----- transitions -----

    def tab_attached(self, target_id: str, session_id: str) -> None:
        """A tab was attached: its top frame (whose id is the tab's target id) is known from now on."""
        self._frames.setdefault(target_id, FrameInfo(target_id, None, session_id))

    def attached(self, frame_id: str, parent_id: str | None, session_id: str) -> None:
        """``Page.frameAttached``: a new frame, with no document of its own yet."""
        if frame_id not in self._frames:
            self._frames[frame_id] = FrameInfo(frame_id, parent_id, session_id)

    def committed(
        self, session_id: str, frame: dict[str, Any], *, oopif_frame: str | None, restored: bool = False
    ) -> FrameInfo:
        """A document committed in ``frame`` (a CDP ``Frame`` with an ``id``), as described by ``session_id``.

        ``oopif_frame`` is the frame whose OOPIF ``session_id`` is (``Targets.oopif_frame``);
        ``restored``: the document came back from the back/forward cache.
        """
        frame_id = frame["id"]
        known = self._frames.get(frame_id)
        info = FrameInfo(
            frame_id,
            frame.get("parentId") or (known.parent_id if known else None),
            session_id,
            str(frame.get("url", "")) + str(frame.get("urlFragment", "")),
            str(frame.get("securityOrigin", "")),
            frame_id == oopif_frame or (known.is_oopif if known and known.session_id == session_id else False),
            str(frame.get("loaderId", "")),
            restored,
        )
        self._frames[frame_id] = info
        return info

    def tree_loaded(self, session_id: str, tree: dict[str, Any], *, oopif_frame: str | None) -> None:
        """Record ``Page.getFrameTree``'s answer on ``session_id``: the frames that existed before we attached.

        Events may have been applied since the answer was sent, so it only fills in frames
        not known yet (or known only by id), never overwriting what an event said.
        """
        frame = tree.get("frame") or {}
        if "id" not in frame:
            return
        known = self._frames.get(frame["id"])
        if known is None or not known.url:
            self.committed(session_id, frame, oopif_frame=oopif_frame)
        for child in tree.get("childFrames") or ():
            self.tree_loaded(session_id, child, oopif_frame=oopif_frame)

    def moved_within_document(self, frame_id: str, url: str | None) -> bool:
        """``Page.navigatedWithinDocument`` (a fragment, ``history.pushState``); False if the frame is unknown."""
        frame = self._frames.get(frame_id)
        if frame is None:
            return False
        if url is not None:
            self._frames[frame_id] = replace(frame, url=url)
        return True

    def oopif_attached(self, target_id: str, parent_id: str | None, session_id: str, url: str) -> None:
        """An out-of-process iframe's own session attached: from now on that session describes the frame."""
        known = self._frames.get(target_id)
        self._frames[target_id] = FrameInfo(
            target_id,
            parent_id or (known.parent_id if known else None),
            session_id,
            url,
            known.origin if known else "",
            True,
        )

    def remove(self, roots: Iterable[str]) -> set[str]:
        """Forget ``roots`` and every frame below them; returns them all (the roots too, known or not)."""
        doomed = set(roots)
        grew = True
        while grew:
            more = {f.frame_id for f in self._frames.values() if f.parent_id in doomed} - doomed
            doomed |= more
            grew = bool(more)
        for frame_id in doomed:
            self._frames.pop(frame_id, None)
        return doomed

    # ----- reading -----

    def children_of(self, frame_id: str) -> set[str]:
        return {f.frame_id for f in self._frames.values() if f.parent_id == frame_id}

    def described_by(self, frame_id: str, session_id: str) -> bool:
        """Whether ``session_id`` is the session that owns ``frame_id``'s document."""
        frame = self._frames.get(frame_id)
        return frame is not None and frame.session_id == session_id

    def tree(self, tab_target_id: str) -> dict[str, Any]:
        """``{top, children, truncated}`` for one tab, breadth first, within the entry and OOPIF-depth caps."""
        top = self._frames.get(tab_target_id)
        if top is None:
            return {"top": None, "children": [], "truncated": False}
        by_parent: dict[str, list[FrameInfo]] = {}
        for frame in self._frames.values():
            if frame.parent_id is not None:
                by_parent.setdefault(frame.parent_id, []).append(frame)
        children: list[dict[str, Any]] = []
        truncated = False
        queue = deque((child, 0) for child in by_parent.get(top.frame_id, ()))
        while queue:
            frame, parent_depth = queue.popleft()
            depth = parent_depth + (1 if frame.is_oopif else 0)
            if depth > FRAME_TREE_MAX_OOPIF_DEPTH:
                truncated = True
                continue
            if len(children) == FRAME_TREE_MAX_ENTRIES:
                truncated = True
                break
            entry: dict[str, Any] = {"frame_id": frame.frame_id, "url": frame.url, "is_oopif": frame.is_oopif}
            if frame.is_oopif:
                entry["session_id"] = frame.session_id
            children.append(entry)
            queue.extend((child, depth) for child in by_parent.get(frame.frame_id, ()))
        return {
            "top": {"frame_id": top.frame_id, "url": top.url, "origin": top.origin},
            "children": children,
            "truncated": truncated,
        }

    def of_tab(self, tab_target_id: str) -> list[FrameInfo]:
        """Every frame of one tab, parents before children (uncapped: for the engine, not the agent)."""
        by_parent: dict[str | None, list[FrameInfo]] = {}
        for frame in self._frames.values():
            by_parent.setdefault(frame.parent_id, []).append(frame)
        ordered: list[FrameInfo] = []
        top = self._frames.get(tab_target_id)
        queue = deque([top] if top is not None else [])
        while queue:
            frame = queue.popleft()
            ordered.append(frame)
            queue.extend(by_parent.get(frame.frame_id, ()))
        return ordered

    def session_for(self, frame_id: str, tab_target_id: str) -> str:
        """The flat session to send a command to ``frame_id`` through; only an OOPIF has one of its own."""
        frame = next((f for f in self.of_tab(tab_target_id) if f.frame_id == frame_id), None)
        if frame is None:
            raise ToolError(
                "invalid_arguments",
                f"No frame {frame_id[:64]} in the controlled tab; browser_snapshot lists frame_tree.",
            )
        if not frame.is_oopif:
            raise ToolError(
                "invalid_arguments",
                f"Frame {frame_id[:64]} is not an out-of-process iframe, so it has no CDP session of its own. "
                "Reach it from the top frame instead: Runtime.evaluate without frame_id, through the iframe "
                "element's contentWindow / contentDocument (for example "
                "document.querySelector('iframe').contentDocument.title).",
            )
        return frame.session_id
