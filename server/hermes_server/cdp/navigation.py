"""How far each frame's current document has loaded, and how many navigations each frame has committed.  No I/O.

``browser_navigate`` waits for its new document's ``DOMContentLoaded`` (then, briefly,
``load``), so lifecycle events are kept per document: a frame's events start over when a
new loader (document) sends its first one.  ``browser_back`` cannot know the loader in
advance; it waits for the frame's navigation count to move instead.

A navigation can also end without a new document: the server answers ``204 No Content`` or
sends a file to save (``Content-Disposition: attachment``), and the frame keeps its document.
Chromium then says the frame stopped loading with that navigation never committed; each such
navigation counts as *dropped*, so an action that started one stops waiting for its document.
"""

from __future__ import annotations

from collections.abc import Collection


class Navigations:
    """Per frame: the loader of its current document with the lifecycle events it reached, and its commit count."""

    def __init__(self) -> None:
        self._lifecycle: dict[str, tuple[str, set[str]]] = {}
        self._commits: dict[str, int] = {}
        #: frame -> the loader of the cross-document navigation it started and has not yet finished loading
        self._started: dict[str, str] = {}
        self._dropped: dict[str, int] = {}

    def lifecycle_event(self, frame_id: str, loader_id: str, name: str) -> None:
        """``Page.lifecycleEvent``: ``loader_id``'s document reached ``name`` (``init``, ``load``, ...)."""
        current = self._lifecycle.get(frame_id)
        if current is None or current[0] != loader_id or name == "init":
            current = (loader_id, set())
            self._lifecycle[frame_id] = current
        current[1].add(name)

    def committed(self, frame_id: str) -> None:
        """The frame committed a navigation: a new document, a same-document one, or a history step."""
        self._commits[frame_id] = self._commits.get(frame_id, 0) + 1

    def started(self, frame_id: str, loader_id: str) -> None:
        """``Page.frameStartedNavigating`` to another document: ``loader_id`` will be its loader if it commits."""
        self._started[frame_id] = loader_id

    def stopped_loading(self, frame_id: str) -> None:
        """``Page.frameStoppedLoading``: a navigation started since the last stop that left no document is dropped."""
        loader = self._started.pop(frame_id, None)
        if loader is not None and self.loader(frame_id) != loader:
            self._dropped[frame_id] = self._dropped.get(frame_id, 0) + 1

    def frames_gone(self, frame_ids: Collection[str]) -> None:
        for frame_id in frame_ids:
            self._lifecycle.pop(frame_id, None)
            self._commits.pop(frame_id, None)
            self._started.pop(frame_id, None)
            self._dropped.pop(frame_id, None)

    def loaded(self, frame_id: str, loader_id: str | None, name: str) -> bool:
        """Whether ``frame_id``'s document (``loader_id``'s, if given) reached lifecycle event ``name``."""
        current = self._lifecycle.get(frame_id)
        return current is not None and (loader_id is None or current[0] == loader_id) and name in current[1]

    def loader(self, frame_id: str) -> str | None:
        """The loader of ``frame_id``'s current document (a new one once a navigation commits), if known."""
        current = self._lifecycle.get(frame_id)
        return current[0] if current is not None else None

    def commits(self, frame_id: str) -> int:
        """How many navigations ``frame_id`` has committed since it became known."""
        return self._commits.get(frame_id, 0)

    def dropped(self, frame_id: str) -> int:
        """How many navigations of ``frame_id`` ended without a new document (a 204, a download)."""
        return self._dropped.get(frame_id, 0)

    def dropped_anywhere(self) -> int:
        """How many navigations of any frame known now ended without a new document (a download begins with one)."""
        return sum(self._dropped.values())
