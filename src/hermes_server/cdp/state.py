"""What a CDP supervisor knows about its browser, as a plain object fed with CDP events.  No I/O.

``SupervisorState.feed(event, now)`` takes one event and returns the *effects* the I/O side
must carry out (answer a dialog, arm a watchdog, set up a new child session, let a request
through); ``answer`` and ``watchdog_fired`` do the same for the agent and the timer.  So
every transition can be tested by feeding events in and reading state out, and the
WebSocket pump (``supervisor``) stays a thin loop.

It tracks, per ``DESIGN.md``:

* **Dialogs.**  Pending ones (they block their page's JavaScript) and a ring of the last
  ``RECENT_DIALOGS_MAX`` closed ones, each with ``closed_by``: ``agent`` (``browser_dialog``),
  ``auto_policy`` (``auto_dismiss`` / ``auto_accept``), ``watchdog`` (``must_respond`` timed
  out) or ``remote`` (closed by the browser or a provider's proxy, or its page went away).
  A native dialog arrives as ``Page.javascriptDialogOpening``; a bridged one as a
  ``Fetch.requestPaused`` for the bridge host (see ``bridge``).
* **Frames.**  Every frame of every attached page, with its parent, URL, origin and the CDP
  session that owns its document.  A cross-origin iframe in its own process (OOPIF) is a
  child target whose id is its frame id, auto-attached with its own flat session.
  ``frame_tree`` reports one tab's tree, capped (``FRAME_TREE_MAX_ENTRIES`` children, OOPIF
  depth ``FRAME_TREE_MAX_OOPIF_DEPTH``) with ``truncated``.
* **Sessions.**  Each flat session (a tab, or an OOPIF inside one) and the tab it belongs to,
  so a dialog or a frame can be traced to its tab and a command routed to the right session.
* **Engine worlds.**  The execution context of the snapshot engine's isolated world in each frame.
* **Console errors.**  A ring of the last ``CONSOLE_ERRORS_MAX`` errors and uncaught exceptions.
* **Tab ids.**  Small integers for the agent (``browser_tab_activate`` takes one), mapped to target ids.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from hermes_server.cdp import bridge
from hermes_server.cdp.connection import CDPEvent
from hermes_wire.errors import ToolError

MUST_RESPOND = "must_respond"
AUTO_DISMISS = "auto_dismiss"
AUTO_ACCEPT = "auto_accept"

RECENT_DIALOGS_MAX = 20
CONSOLE_ERRORS_MAX = 50
FRAME_TREE_MAX_ENTRIES = 30
FRAME_TREE_MAX_OOPIF_DEPTH = 2
CONSOLE_TEXT_MAX = 500

CLOSED_BY_AGENT = "agent"
CLOSED_BY_POLICY = "auto_policy"
CLOSED_BY_WATCHDOG = "watchdog"
CLOSED_BY_REMOTE = "remote"


# ----- the things tracked ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PendingDialog:
    """An open dialog.  ``cdp_session_id`` is where to answer it; ``bridge_request_id`` marks a bridged one."""

    id: str
    type: str
    message: str
    default_prompt: str
    opened_at: float
    cdp_session_id: str
    tab_target_id: str
    frame_id: str | None = None
    bridge_request_id: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "type": self.type, "message": self.message, "opened_at": self.opened_at}


@dataclass(frozen=True)
class DialogRecord:
    """A closed dialog, as listed in ``recent_dialogs``."""

    dialog: PendingDialog
    closed_at: float
    closed_by: str

    def as_json(self) -> dict[str, Any]:
        return self.dialog.as_json() | {"closed_at": self.closed_at, "closed_by": self.closed_by}


@dataclass
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


@dataclass(frozen=True)
class TargetSession:
    """One flat CDP session: a tab (``page``) or an out-of-process iframe inside one."""

    session_id: str
    target_id: str
    type: str
    tab_target_id: str


@dataclass(frozen=True)
class ConsoleError:
    level: str
    text: str
    at: float

    def as_json(self) -> dict[str, Any]:
        return {"level": self.level, "text": self.text, "at": self.at}


# ----- effects: what the I/O side must do ----------------------------------------------------------------


@dataclass(frozen=True)
class AnswerDialog:
    """Answer ``dialog`` natively (``Page.handleJavaScriptDialog``) or through the bridge (``Fetch.fulfillRequest``)."""

    dialog: PendingDialog
    accept: bool
    prompt_text: str


@dataclass(frozen=True)
class ArmWatchdog:
    """Call ``watchdog_fired(dialog_id)`` after ``delay_s`` unless the dialog closed before."""

    dialog_id: str
    delay_s: float


@dataclass(frozen=True)
class SetUpChild:
    """A child target (an OOPIF) attached, paused: enable its domains, then let it run."""

    session_id: str


@dataclass(frozen=True)
class RefreshFrameTree:
    """Ask the session for its frame tree (``Page.getFrameTree``) and feed it to ``frame_tree_loaded``."""

    session_id: str


@dataclass(frozen=True)
class ContinueRequest:
    """A paused request that is not the bridge's: let it go on unchanged."""

    session_id: str
    request_id: str


Effect = AnswerDialog | ArmWatchdog | SetUpChild | RefreshFrameTree | ContinueRequest


# ----- the state ------------------------------------------------------------------------------------------


@dataclass
class SupervisorState:
    policy: str = MUST_RESPOND
    dialog_timeout_s: float = 300.0
    #: The name of the snapshot engine's isolated world, whose contexts are tracked per frame.
    engine_world: str = ""

    pending: dict[str, PendingDialog] = field(default_factory=dict)
    recent: deque[DialogRecord] = field(default_factory=lambda: deque(maxlen=RECENT_DIALOGS_MAX))
    frames: dict[str, FrameInfo] = field(default_factory=dict)
    sessions: dict[str, TargetSession] = field(default_factory=dict)
    console_errors: deque[ConsoleError] = field(default_factory=lambda: deque(maxlen=CONSOLE_ERRORS_MAX))
    #: (session id, frame id) -> execution context id of the engine's world in that frame's document
    engine_contexts: dict[tuple[str, str], int] = field(default_factory=dict)
    #: frame id -> (loader id of its current document, lifecycle events seen for it)
    lifecycle: dict[str, tuple[str, set[str]]] = field(default_factory=dict)
    #: frame id -> how many navigations (new document, same-document, history) it has committed
    navigations: dict[str, int] = field(default_factory=dict)
    #: Tab targets whose renderer crashed; cleared when the tab navigates again.
    crashed_tabs: set[str] = field(default_factory=set)
    #: Counts dialogs that started waiting for an answer, so a caller can tell one opened during its action.
    dialogs_opened: int = 0

    _dialog_ids: Iterator[int] = field(default_factory=lambda: itertools.count(1))
    _tab_ids: dict[str, int] = field(default_factory=dict)
    _next_tab_id: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    # ----- registration by the I/O side -----

    def tab_attached(self, session_id: str, target_id: str) -> None:
        """The supervisor attached to a tab (a page target) with this flat session."""
        self.sessions[session_id] = TargetSession(session_id, target_id, "page", target_id)
        self.frames.setdefault(target_id, FrameInfo(target_id, None, session_id))

    def frame_tree_loaded(self, session_id: str, tree: dict[str, Any]) -> None:
        """Record ``Page.getFrameTree``'s answer on ``session_id``: the frames that existed before we attached.

        Events may have been applied since the answer was sent, so it only fills in frames
        not known yet (or known only by id), never overwriting what an event said.
        """
        frame = tree.get("frame") or {}
        if "id" not in frame:
            return
        known = self.frames.get(frame["id"])
        if known is None or not known.url:
            self._frame_navigated(session_id, frame, count=False)
        for child in tree.get("childFrames") or ():
            self.frame_tree_loaded(session_id, child)

    def tab_session(self, target_id: str) -> str | None:
        """The flat session attached to tab ``target_id``, if any."""
        return next((s.session_id for s in self.sessions.values() if s.type == "page" and s.target_id == target_id),
                    None)

    # ----- events -----

    def feed(self, event: CDPEvent, now: float) -> list[Effect]:
        """Apply one CDP event; return what must be done about it."""
        handler = _HANDLERS.get(event.method)
        if handler is None or (event.session_id is None and event.method not in _BROWSER_LEVEL):
            return []
        return handler(self, event.params, event.session_id or "", now)

    def _dialog_opening(self, params: dict[str, Any], session_id: str, now: float) -> list[Effect]:
        tab = self._tab_of(session_id)
        if tab is None:
            return []
        dialog = PendingDialog(
            f"d-{next(self._dialog_ids)}", str(params.get("type", "alert")), str(params.get("message", "")),
            str(params.get("defaultPrompt", "")), now, session_id, tab, params.get("frameId"),
        )
        return self._opened(dialog, now)

    def _request_paused(self, params: dict[str, Any], session_id: str, now: float) -> list[Effect]:
        request_id = str(params.get("requestId", ""))
        parsed = bridge.parse_request(str((params.get("request") or {}).get("url", "")))
        tab = self._tab_of(session_id)
        if parsed is None or tab is None:
            return [ContinueRequest(session_id, request_id)]
        kind, message, default_prompt = parsed
        dialog = PendingDialog(
            f"d-{next(self._dialog_ids)}", kind, message, default_prompt, now, session_id, tab,
            params.get("frameId"), bridge_request_id=request_id,
        )
        return self._opened(dialog, now)

    def _opened(self, dialog: PendingDialog, now: float) -> list[Effect]:
        if self.policy == MUST_RESPOND:
            self.pending[dialog.id] = dialog
            self.dialogs_opened += 1
            return [ArmWatchdog(dialog.id, self.dialog_timeout_s)]
        accept = self.policy == AUTO_ACCEPT
        self.recent.append(DialogRecord(dialog, now, CLOSED_BY_POLICY))
        return [AnswerDialog(dialog, accept, dialog.default_prompt if accept else "")]

    def _dialog_closed(self, params: dict[str, Any], session_id: str, now: float) -> list[Effect]:
        frame_id = params.get("frameId")
        for dialog in list(self.pending.values()):
            if (dialog.cdp_session_id == session_id and dialog.bridge_request_id is None
                    and (frame_id is None or dialog.frame_id in (None, frame_id))):
                self._close(dialog, now, CLOSED_BY_REMOTE)
        return []

    def _close(self, dialog: PendingDialog, now: float, closed_by: str) -> None:
        del self.pending[dialog.id]
        self.recent.append(DialogRecord(dialog, now, closed_by))

    def _frame_attached(self, params: dict[str, Any], session_id: str, now: float) -> list[Effect]:
        frame_id = params.get("frameId")
        if isinstance(frame_id, str) and frame_id not in self.frames:
            self.frames[frame_id] = FrameInfo(frame_id, params.get("parentFrameId"), session_id)
        return []

    def _frame_navigated_event(self, params: dict[str, Any], session_id: str, now: float) -> list[Effect]:
        frame = params.get("frame") or {}
        if "id" not in frame:
            return []
        # A new document starts with no child frames, and Chrome does not always report the old
        # ones detached: drop them; the new document's frames attach afterwards.
        self._remove_frames({f.frame_id for f in self.frames.values() if f.parent_id == frame["id"]}, now)
        kind = str(params.get("type", "Navigation"))
        self._frame_navigated(session_id, frame, count=True, kind=kind)
        self._close_bridged_dialogs(lambda d: d.frame_id == frame["id"], now)
        # A document back from the back/forward cache brings its frames back without announcing them.
        return [RefreshFrameTree(session_id)] if kind == "BackForwardCacheRestore" else []

    def _frame_navigated(self, session_id: str, frame: dict[str, Any], *, count: bool,
                         kind: str = "Navigation") -> None:
        frame_id = frame["id"]
        known = self.frames.get(frame_id)
        owner = self.sessions.get(session_id)
        is_oopif = owner is not None and owner.type == "iframe" and owner.target_id == frame_id
        info = FrameInfo(
            frame_id,
            frame.get("parentId") or (known.parent_id if known else None),
            session_id,
            str(frame.get("url", "")) + str(frame.get("urlFragment", "")),
            str(frame.get("securityOrigin", "")),
            is_oopif or (known.is_oopif if known and known.session_id == session_id else False),
            str(frame.get("loaderId", "")),
            kind == "BackForwardCacheRestore",
        )
        self.frames[frame_id] = info
        if count:
            self.navigations[frame_id] = self.navigations.get(frame_id, 0) + 1
            if info.parent_id is None:
                self.crashed_tabs.discard(frame_id)

    def _navigated_within_document(self, params: dict[str, Any], session_id: str, now: float) -> list[Effect]:
        frame = self.frames.get(str(params.get("frameId")))
        if frame is not None:
            frame.url = str(params.get("url", frame.url))
            self.navigations[frame.frame_id] = self.navigations.get(frame.frame_id, 0) + 1
        return []

    def _frame_detached(self, params: dict[str, Any], session_id: str, now: float) -> list[Effect]:
        frame_id = str(params.get("frameId"))
        frame = self.frames.get(frame_id)
        # "swap": the frame moved to another process (it became an OOPIF); its child session describes it now.
        if params.get("reason") == "swap" or frame is None or frame.session_id != session_id:
            return []
        self._remove_frames({frame_id}, now)
        return []

    def _remove_frames(self, roots: set[str], now: float) -> None:
        doomed = set(roots)
        grew = True
        while grew:
            more = {f.frame_id for f in self.frames.values() if f.parent_id in doomed} - doomed
            doomed |= more
            grew = bool(more)
        for frame_id in doomed:
            self.frames.pop(frame_id, None)
            self.lifecycle.pop(frame_id, None)
            self.navigations.pop(frame_id, None)
        self.engine_contexts = {k: v for k, v in self.engine_contexts.items() if k[1] not in doomed}
        self._close_bridged_dialogs(lambda d: d.frame_id in doomed, now)

    def _close_bridged_dialogs(self, matches: Callable[[PendingDialog], bool], now: float) -> None:
        """A bridged dialog's request dies with its document; nobody will answer it any more."""
        for dialog in list(self.pending.values()):
            if dialog.bridge_request_id is not None and matches(dialog):
                self._close(dialog, now, CLOSED_BY_REMOTE)

    def _attached_to_target(self, params: dict[str, Any], session_id: str, now: float) -> list[Effect]:
        info = params.get("targetInfo") or {}
        child = params.get("sessionId")
        parent = self.sessions.get(session_id)
        if parent is None or not isinstance(child, str) or info.get("type") != "iframe":
            return []
        target_id = str(info.get("targetId"))
        self.sessions[child] = TargetSession(child, target_id, "iframe", parent.tab_target_id)
        known = self.frames.get(target_id)
        parent_frame = info.get("parentFrameId") or (known.parent_id if known else None)
        self.frames[target_id] = FrameInfo(
            target_id, parent_frame, child, str(info.get("url", "")), known.origin if known else "", True,
        )
        return [SetUpChild(child)]

    def _detached_from_target(self, params: dict[str, Any], session_id: str, now: float) -> list[Effect]:
        gone = self.sessions.pop(str(params.get("sessionId")), None)
        if gone is None:
            return []
        self._session_gone(gone, now)
        return []

    def _session_gone(self, gone: TargetSession, now: float) -> None:
        if gone.type == "page":
            for child in [s for s in self.sessions.values() if s.tab_target_id == gone.target_id]:
                del self.sessions[child.session_id]
            for dialog in [d for d in self.pending.values() if d.tab_target_id == gone.target_id]:
                self._close(dialog, now, CLOSED_BY_REMOTE)
            self._remove_frames({gone.target_id}, now)
            self.crashed_tabs.discard(gone.target_id)
        else:
            root = self.frames.get(gone.target_id)
            if root is not None and root.session_id == gone.session_id:
                self._remove_frames({gone.target_id}, now)
            for dialog in [d for d in self.pending.values() if d.cdp_session_id == gone.session_id]:
                self._close(dialog, now, CLOSED_BY_REMOTE)
        self.engine_contexts = {k: v for k, v in self.engine_contexts.items() if k[0] != gone.session_id}

    def _target_crashed(self, params: dict[str, Any], session_id: str, now: float) -> list[Effect]:
        owner = self.sessions.get(session_id)
        if owner is not None and owner.type == "page":
            self.crashed_tabs.add(owner.target_id)
            for dialog in [d for d in self.pending.values() if d.tab_target_id == owner.target_id]:
                self._close(dialog, now, CLOSED_BY_REMOTE)
        return []

    def _context_created(self, params: dict[str, Any], session_id: str, now: float) -> list[Effect]:
        context = params.get("context") or {}
        frame_id = (context.get("auxData") or {}).get("frameId")
        if self.engine_world and context.get("name") == self.engine_world and isinstance(frame_id, str):
            self.engine_contexts[(session_id, frame_id)] = int(context["id"])
        return []

    def _context_destroyed(self, params: dict[str, Any], session_id: str, now: float) -> list[Effect]:
        context_id = params.get("executionContextId")
        self.engine_contexts = {
            k: v for k, v in self.engine_contexts.items() if not (k[0] == session_id and v == context_id)
        }
        return []

    def _contexts_cleared(self, params: dict[str, Any], session_id: str, now: float) -> list[Effect]:
        self.engine_contexts = {k: v for k, v in self.engine_contexts.items() if k[0] != session_id}
        return []

    def _lifecycle(self, params: dict[str, Any], session_id: str, now: float) -> list[Effect]:
        frame_id, loader_id, name = params.get("frameId"), params.get("loaderId"), params.get("name")
        if isinstance(frame_id, str) and isinstance(loader_id, str) and isinstance(name, str):
            current = self.lifecycle.get(frame_id)
            if current is None or current[0] != loader_id or name == "init":
                current = (loader_id, set())
                self.lifecycle[frame_id] = current
            current[1].add(name)
        return []

    def _console_api(self, params: dict[str, Any], session_id: str, now: float) -> list[Effect]:
        if params.get("type") in ("error", "assert"):
            texts = [str(a.get("value", a.get("description", ""))) for a in params.get("args") or ()
                     if isinstance(a, dict)]
            self.console_errors.append(ConsoleError("error", " ".join(texts)[:CONSOLE_TEXT_MAX], now))
        return []

    def _exception(self, params: dict[str, Any], session_id: str, now: float) -> list[Effect]:
        details = params.get("exceptionDetails") or {}
        text = (details.get("exception") or {}).get("description") or details.get("text") or "exception"
        self.console_errors.append(ConsoleError("exception", str(text)[:CONSOLE_TEXT_MAX], now))
        return []

    # ----- the agent and the timer -----

    def answer(self, action: str, prompt_text: str | None, dialog_id: str | None, tab_target_id: str | None,
               now: float) -> tuple[PendingDialog, list[Effect]]:
        """The agent answers a dialog: ``dialog_id``'s, or the only one pending (on ``tab_target_id``, if given)."""
        candidates = [d for d in self.pending.values() if tab_target_id is None or d.tab_target_id == tab_target_id]
        if dialog_id is not None:
            dialog = self.pending.get(dialog_id)
            if dialog is None:
                open_ids = ", ".join(self.pending) or "none"
                raise ToolError(
                    "invalid_arguments",
                    f"No pending dialog {dialog_id}; pending: {open_ids}. browser_snapshot lists pending_dialogs, "
                    "and recent_dialogs says how closed ones ended.",
                )
        elif not candidates:
            last = self.recent[-1] if self.recent else None
            hint = f" The last one, {last.dialog.id}, was closed by {last.closed_by}." if last else ""
            raise ToolError("invalid_arguments", f"No dialog is open.{hint}")
        elif len(candidates) > 1:
            raise ToolError(
                "invalid_arguments",
                f"{len(candidates)} dialogs are open ({', '.join(d.id for d in candidates)}); pass dialog_id.",
            )
        else:
            dialog = candidates[0]
        accept = action == "accept"
        text = (dialog.default_prompt if prompt_text is None else prompt_text) if accept else ""
        self._close(dialog, now, CLOSED_BY_AGENT)
        return dialog, [AnswerDialog(dialog, accept, text)]

    def watchdog_fired(self, dialog_id: str, now: float) -> list[Effect]:
        """``must_respond`` ran out of patience: dismiss the dialog if it is still open."""
        dialog = self.pending.get(dialog_id)
        if dialog is None:
            return []
        self._close(dialog, now, CLOSED_BY_WATCHDOG)
        return [AnswerDialog(dialog, False, "")]

    # ----- reading -----

    def pending_on(self, tab_target_id: str) -> list[PendingDialog]:
        return [d for d in self.pending.values() if d.tab_target_id == tab_target_id]

    def frame_tree(self, tab_target_id: str) -> dict[str, Any]:
        """``{top, children, truncated}`` for one tab, breadth first, within the entry and OOPIF-depth caps."""
        top = self.frames.get(tab_target_id)
        if top is None:
            return {"top": None, "children": [], "truncated": False}
        by_parent: dict[str, list[FrameInfo]] = {}
        for frame in self.frames.values():
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

    def frames_of(self, tab_target_id: str) -> list[FrameInfo]:
        """Every frame of one tab, parents before children (uncapped: for the engine, not the agent)."""
        by_parent: dict[str | None, list[FrameInfo]] = {}
        for frame in self.frames.values():
            by_parent.setdefault(frame.parent_id, []).append(frame)
        ordered: list[FrameInfo] = []
        top = self.frames.get(tab_target_id)
        queue = deque([top] if top is not None else [])
        while queue:
            frame = queue.popleft()
            ordered.append(frame)
            queue.extend(by_parent.get(frame.frame_id, ()))
        return ordered

    def session_for_frame(self, frame_id: str, tab_target_id: str) -> str:
        """The flat session to send a command to ``frame_id`` through; only an OOPIF has one of its own."""
        frame = next((f for f in self.frames_of(tab_target_id) if f.frame_id == frame_id), None)
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

    def snapshot_metadata(self, tab_target_id: str) -> dict[str, Any]:
        """The fields ``browser_snapshot`` adds on the CDP lane."""
        metadata: dict[str, Any] = {
            "pending_dialogs": [d.as_json() for d in self.pending.values()],
            "recent_dialogs": [r.as_json() for r in self.recent],
            "frame_tree": self.frame_tree(tab_target_id),
        }
        if self.console_errors:
            metadata["console_errors"] = [e.as_json() for e in self.console_errors]
        return metadata

    def tab_id(self, target_id: str) -> int:
        """The small integer the agent uses for a tab (assigned on first sight, stable while the supervisor lives)."""
        if target_id not in self._tab_ids:
            self._tab_ids[target_id] = next(self._next_tab_id)
        return self._tab_ids[target_id]

    def target_of_tab(self, tab_id: int) -> str | None:
        return next((target for target, number in self._tab_ids.items() if number == tab_id), None)

    def _tab_of(self, session_id: str) -> str | None:
        owner = self.sessions.get(session_id)
        return owner.tab_target_id if owner is not None else None

    def loaded(self, frame_id: str, loader_id: str | None, name: str) -> bool:
        """Whether ``frame_id``'s document (``loader_id``'s, if given) reached lifecycle event ``name``."""
        current = self.lifecycle.get(frame_id)
        return current is not None and (loader_id is None or current[0] == loader_id) and name in current[1]


_Handler = Callable[[SupervisorState, dict[str, Any], str, float], list[Effect]]
_HANDLERS: dict[str, _Handler] = {
    "Page.javascriptDialogOpening": SupervisorState._dialog_opening,
    "Page.javascriptDialogClosed": SupervisorState._dialog_closed,
    "Fetch.requestPaused": SupervisorState._request_paused,
    "Page.frameAttached": SupervisorState._frame_attached,
    "Page.frameNavigated": SupervisorState._frame_navigated_event,
    "Page.navigatedWithinDocument": SupervisorState._navigated_within_document,
    "Page.frameDetached": SupervisorState._frame_detached,
    "Page.lifecycleEvent": SupervisorState._lifecycle,
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
