"""What a CDP supervisor knows about its browser, fed with CDP events.  No I/O.

``SupervisorState.feed(event, now)`` takes one event, routes it to the parts it concerns and
returns the *effects* the I/O side (``supervisor``) must carry out: answer a dialog, arm a
watchdog, set up a new child session, reload a frame tree, let a request through, give up on
the commands sent to a tab whose page crashed.
``dialogs.answer`` and ``dialogs.watchdog_fired`` do the same for the agent and the timer.
So every transition can be tested by feeding events in and reading state out, and the
WebSocket pump stays a thin loop.

The parts, each owning its fields and changed only through its own methods:

``dialogs``      pending and recent JavaScript dialogs, under the dialog policy (``dialogs``).
``targets``      the tab and OOPIF sessions, crashed tabs, the agent's tab numbers (``targets``).
``frames``       every frame of every attached tab (``frames``).
``navigations``  per frame: lifecycle events of its current document and its commit count (``navigation``).
``worlds``       the snapshot engine's execution context per frame (``worlds``).
``console``      per tab, the console errors and uncaught exceptions no snapshot has shown yet (``console``).

One event often concerns several parts: a new document in a frame drops its child frames
(and their lifecycle, engine worlds and bridged dialogs) and counts a navigation; a tab
going away takes its dialogs, frames and OOPIF sessions with it.  This module holds exactly
those cross-part rules; what each part does with its share is in its own module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from hermes_server.cdp import bridge
from hermes_server.cdp.console import ConsoleErrors
from hermes_server.cdp.dialogs import MUST_RESPOND, DialogEffect, Dialogs
from hermes_server.cdp.events import CDPEvent
from hermes_server.cdp.frames import Frames
from hermes_server.cdp.navigation import Navigations
from hermes_server.cdp.targets import PAGE, Targets
from hermes_server.cdp.worlds import EngineWorlds

#: ``Page.frameNavigated``'s ``type`` for a document back from the back/forward cache.
BFCACHE_RESTORE = "BackForwardCacheRestore"
#: ``Page.frameStartedNavigating``'s ``navigationType`` of a navigation to another document (not within this one).
NEW_DOCUMENT_NAVIGATIONS = frozenset(
    {"differentDocument", "historyDifferentDocument", "reload", "reloadBypassingCache", "restore", "restoreWithPost"}
)


# ----- effects, besides the dialogs' own (``AnswerDialog``, ``ArmWatchdog``) ------------------------------


@dataclass(frozen=True)
class SetUpChild:
    """A child target (an OOPIF) attached, paused: enable its domains, then let it run."""

    session_id: str


@dataclass(frozen=True)
class ReleaseChild:
    """A child target the lane does not follow (a page's worker) attached, paused as every child is: let it run, and
    detach from it (``parent``: the session it attached to)."""

    session_id: str
    parent: str


@dataclass(frozen=True)
class RefreshFrameTree:
    """Ask the session for its frame tree (``Page.getFrameTree``) and feed it to ``frame_tree_loaded``."""

    session_id: str


@dataclass(frozen=True)
class ContinueRequest:
    """A paused request that is not the bridge's: let it go on unchanged."""

    session_id: str
    request_id: str


@dataclass(frozen=True)
class TabCrashed:
    """Tab ``target_id``'s page crashed: fail at once what waits for an answer from its ``session_ids``."""

    target_id: str
    session_ids: frozenset[str]


Effect = DialogEffect | SetUpChild | ReleaseChild | RefreshFrameTree | ContinueRequest | TabCrashed


class SupervisorState:
    """The parts, and the routing of each event to them."""

    def __init__(self, *, policy: str = MUST_RESPOND, dialog_timeout_s: float = 300.0, engine_world: str = "") -> None:
        self.dialogs: Final = Dialogs(policy, dialog_timeout_s)
        self.targets: Final = Targets()
        self.frames: Final = Frames()
        self.navigations: Final = Navigations()
        #: Tracks the contexts of the isolated world named ``engine_world`` (empty: none).
        self.worlds: Final = EngineWorlds(engine_world)
        self.console: Final = ConsoleErrors()

    # ----- registration by the I/O side -----

    def tab_attached(self, session_id: str, target_id: str) -> None:
        """The supervisor attached to a tab (a page target) with this flat session."""
        self.targets.tab_attached(session_id, target_id)
        self.frames.tab_attached(target_id, session_id)

    def frame_tree_loaded(self, session_id: str, tree: dict[str, Any]) -> None:
        """``Page.getFrameTree``'s answer on ``session_id``: the frames that existed before we attached."""
        self.frames.tree_loaded(session_id, tree, oopif_frame=self.targets.oopif_frame(session_id))

    # ----- reading -----

    def snapshot_metadata(self, tab_target_id: str) -> dict[str, Any]:
        """The fields ``browser_snapshot`` adds on the CDP lane.  It takes the tab's fresh console errors: the
        next snapshot shows only those that come after this one."""
        metadata: dict[str, Any] = {
            "pending_dialogs": self.dialogs.pending_json(),
            "recent_dialogs": self.dialogs.recent_json(),
            "frame_tree": self.frames.tree(tab_target_id),
        }
        errors, more = self.console.take(tab_target_id)
        if errors:
            metadata["console_errors"] = [e.as_json() for e in errors]
        if more:
            metadata["console_errors_more"] = more
        return metadata

    # ----- events -----

    def feed(self, event: CDPEvent, now: float) -> Sequence[Effect]:
        """Apply one CDP event; return what must be done about it."""
        handler = _HANDLERS.get(event.method)
        if handler is None or (event.session_id is None and event.method not in _BROWSER_LEVEL):
            return []
        return handler(self, event.params, event.session_id or "", now)

    def _dialog_opening(self, params: dict[str, Any], session_id: str, now: float) -> Sequence[Effect]:
        tab = self.targets.tab_of(session_id)
        if tab is None:
            return []
        return self.dialogs.open(
            str(params.get("type", "alert")),
            str(params.get("message", "")),
            str(params.get("defaultPrompt", "")),
            now=now,
            session_id=session_id,
            tab_target_id=tab,
            frame_id=params.get("frameId"),
        )

    def _request_paused(self, params: dict[str, Any], session_id: str, now: float) -> Sequence[Effect]:
        request_id = str(params.get("requestId", ""))
        parsed = bridge.parse_request(str((params.get("request") or {}).get("url", "")))
        tab = self.targets.tab_of(session_id)
        if parsed is None or tab is None:
            return [ContinueRequest(session_id, request_id)]
        kind, message, default_prompt = parsed
        return self.dialogs.open(
            kind,
            message,
            default_prompt,
            now=now,
            session_id=session_id,
            tab_target_id=tab,
            frame_id=params.get("frameId"),
            bridge_request_id=request_id,
        )

    def _dialog_closed(self, params: dict[str, Any], session_id: str, now: float) -> Sequence[Effect]:
        self.dialogs.closed_by_browser(session_id, params.get("frameId"), now)
        return []

    def _frame_attached(self, params: dict[str, Any], session_id: str, now: float) -> Sequence[Effect]:
        frame_id = params.get("frameId")
        if isinstance(frame_id, str):
            self.frames.attached(frame_id, params.get("parentFrameId"), session_id)
        return []

    def _frame_navigated(self, params: dict[str, Any], session_id: str, now: float) -> Sequence[Effect]:
        frame = params.get("frame") or {}
        if "id" not in frame:
            return []
        frame_id = frame["id"]
        # A new document starts with no child frames, and Chrome does not always report the old
        # ones detached: drop them; the new document's frames attach afterwards.
        self._remove_frames(self.frames.children_of(frame_id), now)
        restored = params.get("type") == BFCACHE_RESTORE
        info = self.frames.committed(
            session_id, frame, oopif_frame=self.targets.oopif_frame(session_id), restored=restored
        )
        self.navigations.committed(frame_id)
        if info.parent_id is None:
            self.targets.top_frame_navigated(frame_id)
            tab = self.targets.tab_of(session_id)
            if tab is not None and not self.targets.oopif_frame(session_id):
                self.console.document_replaced(tab)
        self.dialogs.documents_gone({frame_id}, now)
        # A document back from the back/forward cache brings its frames back without announcing them.
        return [RefreshFrameTree(session_id)] if restored else []

    def _navigated_within_document(self, params: dict[str, Any], session_id: str, now: float) -> Sequence[Effect]:
        frame_id, url = str(params.get("frameId")), params.get("url")
        if self.frames.moved_within_document(frame_id, None if url is None else str(url)):
            self.navigations.committed(frame_id)
        return []

    def _frame_detached(self, params: dict[str, Any], session_id: str, now: float) -> Sequence[Effect]:
        frame_id = str(params.get("frameId"))
        # "swap": the frame moved to another process (it became an OOPIF); its child session describes it now.
        if params.get("reason") != "swap" and self.frames.described_by(frame_id, session_id):
            self._remove_frames({frame_id}, now)
        return []

    def _attached_to_target(self, params: dict[str, Any], session_id: str, now: float) -> Sequence[Effect]:
        info = params.get("targetInfo") or {}
        child = params.get("sessionId")
        if not isinstance(child, str):
            return []
        if info.get("type") != "iframe":  # a worker: it waits for a debugger until let run
            return [ReleaseChild(child, session_id)]
        target_id = str(info.get("targetId"))
        if not self.targets.child_attached(session_id, child, target_id):
            return []
        self.frames.oopif_attached(target_id, info.get("parentFrameId"), child, str(info.get("url", "")))
        return [SetUpChild(child)]

    def _detached_from_target(self, params: dict[str, Any], session_id: str, now: float) -> Sequence[Effect]:
        gone = self.targets.detached(str(params.get("sessionId")))
        if gone is None:
            return []
        if gone.type == PAGE:
            self.dialogs.tab_gone(gone.target_id, now)
            self._remove_frames({gone.target_id}, now)
        else:
            if self.frames.described_by(gone.target_id, gone.session_id):
                self._remove_frames({gone.target_id}, now)
            self.dialogs.session_gone(gone.session_id, now)
        self.worlds.session_cleared(gone.session_id)
        return []

    def _target_crashed(self, params: dict[str, Any], session_id: str, now: float) -> Sequence[Effect]:
        tab = self.targets.crashed(session_id)
        if tab is None:
            return []
        self.dialogs.tab_gone(tab, now)
        return [TabCrashed(tab, frozenset(self.targets.sessions_of_tab(tab)))]

    def _context_created(self, params: dict[str, Any], session_id: str, now: float) -> Sequence[Effect]:
        self.worlds.created(session_id, params.get("context") or {})
        return []

    def _context_destroyed(self, params: dict[str, Any], session_id: str, now: float) -> Sequence[Effect]:
        self.worlds.destroyed(session_id, params.get("executionContextId"))
        return []

    def _contexts_cleared(self, params: dict[str, Any], session_id: str, now: float) -> Sequence[Effect]:
        self.worlds.session_cleared(session_id)
        return []

    def _lifecycle(self, params: dict[str, Any], session_id: str, now: float) -> Sequence[Effect]:
        frame_id, loader_id, name = params.get("frameId"), params.get("loaderId"), params.get("name")
        if isinstance(frame_id, str) and isinstance(loader_id, str) and isinstance(name, str):
            self.navigations.lifecycle_event(frame_id, loader_id, name)
        return []

    def _started_navigating(self, params: dict[str, Any], session_id: str, now: float) -> Sequence[Effect]:
        frame_id, loader_id = params.get("frameId"), params.get("loaderId")
        if (
            isinstance(frame_id, str)
            and isinstance(loader_id, str)
            and params.get("navigationType") in NEW_DOCUMENT_NAVIGATIONS
        ):
            self.navigations.started(frame_id, loader_id)
        return []

    def _stopped_loading(self, params: dict[str, Any], session_id: str, now: float) -> Sequence[Effect]:
        frame_id = params.get("frameId")
        if isinstance(frame_id, str):
            self.navigations.stopped_loading(frame_id)
        return []

    def _console_api(self, params: dict[str, Any], session_id: str, now: float) -> Sequence[Effect]:
        self.console.api_called(self.targets.tab_of(session_id), params, now)
        return []

    def _exception(self, params: dict[str, Any], session_id: str, now: float) -> Sequence[Effect]:
        self.console.exception_thrown(self.targets.tab_of(session_id), params, now)
        return []

    def _remove_frames(self, roots: Iterable[str], now: float) -> None:
        """Frames went away, with everything below them: their lifecycle, engine worlds and bridged dialogs too."""
        doomed = self.frames.remove(roots)
        self.navigations.frames_gone(doomed)
        self.worlds.frames_gone(doomed)
        self.dialogs.documents_gone(doomed, now)


_Handler = Callable[[SupervisorState, dict[str, Any], str, float], Sequence[Effect]]
_HANDLERS: dict[str, _Handler] = {
    "Page.javascriptDialogOpening": SupervisorState._dialog_opening,
    "Page.javascriptDialogClosed": SupervisorState._dialog_closed,
    "Fetch.requestPaused": SupervisorState._request_paused,
    "Page.frameAttached": SupervisorState._frame_attached,
    "Page.frameNavigated": SupervisorState._frame_navigated,
    "Page.navigatedWithinDocument": SupervisorState._navigated_within_document,
    "Page.frameDetached": SupervisorState._frame_detached,
    "Page.lifecycleEvent": SupervisorState._lifecycle,
    "Page.frameStartedNavigating": SupervisorState._started_navigating,
    "Page.frameStoppedLoading": SupervisorState._stopped_loading,
    "Target.attachedToTarget": SupervisorState._attached_to_target,
    "Target.detachedFromTarget": SupervisorState._detached_from_target,
    "Inspector.targetCrashed": SupervisorState._target_crashed,
    "Runtime.executionContextCreated": SupervisorState._context_created,
    "Runtime.executionContextDestroyed": SupervisorState._context_destroyed,
    "Runtime.executionContextsCleared": SupervisorState._contexts_cleared,
    "Runtime.consoleAPICalled": SupervisorState._console_api,
    "Runtime.exceptionThrown": SupervisorState._exception,
}
#: Events that arrive on the browser's own connection (no sessionId) and still concern us.
_BROWSER_LEVEL = frozenset({"Target.detachedFromTarget"})
