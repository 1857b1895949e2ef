"""The cdp lane's tools: one handler per tool that ``hermes_wire.tools`` declares for the lane, in one table.

``@handles("browser_click")`` registers a handler in ``HANDLERS``, keyed by tool name; a test
checks that the table covers exactly ``tools_for_lane(CDP_LANE)``.  A handler gets the
session's ``Browsing`` and the validated arguments and returns the tool's result.  What every
call shares (the timeout, refusing tools that a dialog blocks, turning errors into a
``ToolOutcome``, the browser-restart notice) is done once, around the handler, by
``CDPBackend.run``.

The ten extension tools take the same arguments and give the same results as on the
extension lane, with the same snapshot engine (``engine``); clicks and typing are real input
events (``Input.dispatchMouseEvent`` / ``Input.insertText`` / key events) at the element's
position.  Two tools exist on this lane only: ``browser_dialog`` and ``browser_cdp``.

A dialog that an action makes the page open blocks the page until the agent answers it, so
the action cannot finish: ``_act`` and ``_until`` raise ``DialogOpened`` with what the action
has to report so far, and ``CDPBackend.run`` answers with that, the page's URL and title,
``pending_dialogs`` and a notice (``dialog_opened_result``).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from hermes_server.cdp.dialogs import DialogRecord, PendingDialog
from hermes_server.cdp.engine import (
    HOVER_LOOK_MS,
    HOVER_SETTLE_MS,
    INTERCEPTED_GRACE_MS,
    PageEngine,
    Reader,
    TabRefs,
    engine_failure,
    load_engine,
    quoted_page_text,
    ref_key,
)
from hermes_server.cdp.frames import FrameInfo
from hermes_server.cdp.keys import KeyPress, clipboard_chord, parse_key, typed_keys
from hermes_server.cdp.providers import BrowserLease
from hermes_server.cdp.supervisor import CDPSupervisor, DialogInterrupt
from hermes_server.errors import CDPCommandFailed, CDPError, PressStopped
from hermes_wire.errors import ToolError
from hermes_wire.tools import IMAGES_DEFAULT, SCREENSHOT_MAX_HEIGHT, WAIT_TIMEOUT_DEFAULT_S

log = logging.getLogger(__name__)
T = TypeVar("T")

#: After DOMContentLoaded, how long a navigation still waits for the load event (slow images, ads).
LOAD_GRACE_S = 5.0
#: browser_cdp never reaches the whole browser: those domains act beyond the session's own tab.
REFUSED_CDP_DOMAINS = ("Browser.", "Target.")
#: Input types typed into with real input events.  The others (a select, date and time pickers, range, colour)
#: have no text to type into: the engine sets them as the user's choice would, as on the extension lane.
TEXT_INPUT_TYPES = frozenset({"text", "search", "url", "tel", "email", "password", "number"})

Arguments = dict[str, Any]


@dataclass
class Browsing:
    """One session's hold on its browser: its supervisor, and what the lane remembers about its tabs."""

    supervisor: CDPSupervisor
    lease: BrowserLease
    #: The tab this session last brought to the front (``browser_tabs``' ``active``).
    active_target: str
    refs: dict[str, TabRefs] = field(default_factory=dict)
    #: This session's reads of pages, for browser_snapshot's changes.
    reader: Reader = field(default_factory=Reader)
    #: Each tab ``browser_tabs`` opened -> the tab that was controlled then (control goes back there on close).
    opened_from: dict[str, str] = field(default_factory=dict)
    #: The session's own clipboard: what its last copy or cut took (browser_press), for its next paste.
    clipboard: str = ""
    #: The frame whose last action opened a file chooser (its engine knows the input): browser_file_upload without
    #: ref answers it.
    chooser_frame: str | None = None

    def engine(self) -> PageEngine:
        """The snapshot engine in the controlled tab, with that tab's refs."""
        target, _ = self.supervisor.tab_session()
        return PageEngine(self.supervisor, load_engine(), self.refs.setdefault(target, TabRefs()))


class DialogOpened(Exception):
    """The action made the page open ``dialog``, which now blocks it: the call ends here and reports ``so_far``.

    Not an error, so not in ``hermes_server.errors``: ``CDPBackend.run`` catches it and
    answers successfully with ``dialog_opened_result``.
    """

    def __init__(self, dialog: PendingDialog, so_far: dict[str, Any] | None = None) -> None:
        super().__init__(dialog.id)
        self.dialog = dialog
        self.so_far = so_far or {}


Action = Callable[[Browsing, Arguments], Awaitable[Any]]


@dataclass(frozen=True)
class ChannelCheck:
    """A tool answered at once with ``{}`` and without the session's browser, so calling it never starts one."""


HANDLERS: dict[str, Action | ChannelCheck] = {"controller.noop": ChannelCheck()}


def handles(tool_name: str) -> Callable[[Action], Action]:
    """Register the decorated function as the handler of ``tool_name``."""

    def register(action: Action) -> Action:
        if tool_name in HANDLERS:
            raise ValueError(f"{tool_name} has two handlers")
        HANDLERS[tool_name] = action
        return action

    return register


# ----- the tools -----------------------------------------------------------------------------------------


@handles("browser_navigate")
async def navigate(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    supervisor = browsing.supervisor
    dialogs = supervisor.state.dialogs
    target, session = supervisor.tab_session()
    since = dialogs.opened
    last_closed = dialogs.recent[-1] if dialogs.recent else None
    reply = await _act(supervisor, supervisor.send("Page.navigate", {"url": args["url"]}, session_id=session))
    if reply.get("errorText"):
        kept = [r for r in _closed_since(supervisor, last_closed) if r.dialog.type == "beforeunload"]
        why = f" A beforeunload dialog was dismissed ({kept[-1].closed_by}), which keeps the page." if kept else ""
        raise ToolError(
            "controller_error", f"navigation_failed: {args['url']} did not load ({reply['errorText']}).{why}"
        )
    if reply.get("loaderId"):
        await _settle(supervisor, target, str(reply["loaderId"]), since)
    return await _page_info(supervisor, target)


@handles("browser_back")
async def back(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    return await _history_step(browsing, -1)


@handles("browser_forward")
async def forward(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    return await _history_step(browsing, +1)


async def _history_step(browsing: Browsing, step: int) -> dict[str, Any]:
    """Go ``step`` entries through the tab's history (back -1, forward +1) and wait for the page there."""
    supervisor = browsing.supervisor
    target, session = supervisor.tab_session()
    history = await supervisor.send("Page.getNavigationHistory", session_id=session)
    index = int(history.get("currentIndex", 0)) + step
    if not 0 <= index < len(history.get("entries", [])):
        where = "previous" if step < 0 else "next"
        raise ToolError("controller_error", f"no_history: There is no {where} page in this tab's history.")
    entry = {"entryId": history["entries"][index]["id"]}
    return await _next_document(supervisor, target, "Page.navigateToHistoryEntry", entry, session)


@handles("browser_reload")
async def reload(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    supervisor = browsing.supervisor
    target, session = supervisor.tab_session()
    return await _next_document(supervisor, target, "Page.reload", {}, session)


async def _next_document(
    supervisor: CDPSupervisor, target: str, method: str, params: dict[str, Any], session: str
) -> dict[str, str]:
    """``method`` (a history step, a reload), then the tab's next document: its commit, and its load unless the
    back-forward cache restored it (that page has no load to wait for); the page's ``{url, title}``."""
    state = supervisor.state
    before, since = state.navigations.commits(target), state.dialogs.opened
    await _act(supervisor, supervisor.send(method, params, session_id=session))
    await _until(supervisor, target, lambda: state.navigations.commits(target) > before, since)
    top = state.frames.get(target)
    if top is not None and top.loader_id and not top.restored:
        await _settle(supervisor, target, top.loader_id, since)
    return await _page_info(supervisor, target)


@handles("browser_snapshot")
async def snapshot(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    supervisor = browsing.supervisor
    await _wait_for_text(browsing, args)
    target, _ = supervisor.tab_session()
    blocking = supervisor.state.dialogs.pending_on(target)
    if blocking:  # the page's JavaScript is stopped: its engine cannot answer, so say why instead
        dialog = blocking[0]
        text = (
            f"A {dialog.type} dialog ({dialog.id}) is open and blocks the page: {quoted_page_text(dialog.message)}. "
            "Answer it with browser_dialog (action accept or dismiss), then take a new snapshot."
        )
        result = {"snapshot": text, **await _page_info(supervisor, target)}
    else:
        read = {"full": bool(args.get("full")), "changes": bool(args.get("changes"))}
        result = await browsing.engine().snapshot(reader=browsing.reader, **read)
    return result | supervisor.state.snapshot_metadata(target)


@handles("browser_find")
async def find(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    query: dict[str, Any] = {key: args[key] for key in ("text", "role", "name", "limit") if key in args}
    return await browsing.engine().find(query)


@handles("browser_get_images")
async def get_images(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    return await browsing.engine().images(int(args.get("limit", IMAGES_DEFAULT)))


#: How many times a click or typing goes when the engine's guard stopped its press (``PressStopped``: nothing
#: was pressed): what slid over the point, a banner animating in, is in place or gone by the next aim.
PRESS_ATTEMPTS = 3


async def _pressing(action: Callable[[], Awaitable[dict[str, Any]]]) -> dict[str, Any]:
    """``action()``, again while the engine's guard stops its press, at most ``PRESS_ATTEMPTS`` times."""
    for _ in range(PRESS_ATTEMPTS - 1):
        try:
            return await action()
        except PressStopped:
            log.info("a press was stopped on its way (something moved over its point); aiming again")
    return await action()


@handles("browser_click")
async def click(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    return await _pressing(lambda: _click_once(browsing, args))


async def _click_once(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    supervisor = browsing.supervisor
    _, session = supervisor.tab_session()
    hover = bool(args.get("hover"))
    gesture = Gesture.of(args)

    async def arrive(px: float, py: float) -> None:
        await _send_mouse(supervisor, session, _mouse_events(px, py, gesture.arriving()))

    # The pointer arrives while the engine aims: a dialog the arrival opens (a mouseover handler's alert) stops
    # the page's JavaScript, so the aim cannot answer, and the click ends here with the dialog.
    aiming = browsing.engine().aim(args["ref"], hover=hover, arrive=None if hover else arrive)
    x, y, aimed, frame = await _act(supervisor, aiming, so_far={"ok": True, "ref": ref_key(args["ref"])})
    result = {
        "ok": True,
        "ref": aimed["ref"],
        "role": aimed.get("role"),
        "name": aimed.get("name"),
        "x": round(x),
        "y": round(y),
    }
    result |= {key: aimed[key] for key in ("opens", "hint") if aimed.get(key)}
    before = _Before.now(supervisor, frame)

    async def clicked() -> dict[str, Any]:
        await _act(supervisor, _click_at(browsing, session, frame, aimed, (x, y), gesture, result), so_far=result)
        done = await _after_action(browsing, frame, int(aimed["watch"]), result, before)
        if hover and "navigated" not in done:
            done |= await _hover_taken(browsing, frame, aimed["ref"], done)
        return done

    return await _following_tabs(browsing, before.target, clicked, result)


async def _hover_taken(browsing: Browsing, frame: FrameInfo, ref: str, so_far: dict[str, Any]) -> dict[str, Any]:
    """What a hover did, once the page has settled after it: ``hovered`` (the element matches ``:hover``) and,
    when not, the engine's ``notice``, as the extension lane's click reports it (the engine's ``hoverState``).
    A real pointer sets ``:hover``; it stays off when something else is drawn over the element."""
    try:
        state = await _act(browsing.supervisor, browsing.engine().call(frame, "hoverState", ref), so_far=so_far)
    except CDPCommandFailed:  # the frame's document went away since the hover: nothing to report of it
        return {}
    return {key: state[key] for key in ("hovered", "notice") if key in state}


@handles("browser_type")
async def type_text(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    return await _pressing(lambda: _type_once(browsing, args))


async def _type_once(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    supervisor = browsing.supervisor
    _, session = supervisor.tab_session()
    engine = browsing.engine()
    ref = ref_key(args["ref"])
    # What kind of field it is and, for one that takes real keys, where to click it: one call (engine._TYPE_AIM).
    frame, facts, aim = await engine.aim_to_type(ref, TEXT_INPUT_TYPES)
    if aim is None:  # a <select>, a range or colour input...: the engine sets them as a user's choice would
        before = _Before.now(supervisor, frame)
        done = await _act(supervisor, engine.call(frame, "type", ref, args["text"]))
        return await _follow(supervisor, frame, done, before)
    x, y, aimed = aim
    text = args["text"].replace("\r", "")
    if facts["tag"] == "input":
        text = text.replace("\n", "")
    result: dict[str, Any] = {"ok": True, "ref": aimed["ref"], "role": aimed.get("role"), "name": aimed.get("name")}
    before = _Before.now(supervisor, frame)
    typing = _replace_text(
        supervisor, session, x, y, text, together=frame.parent_id is None, last_as_key=facts["tag"] == "input"
    )
    await _act(supervisor, typing, so_far=result)
    # Typing lands exactly or fails (type_mismatch): once what the typing caused is over (the engine's settle, a
    # plain field's as soon as it caused nothing), the engine reads back what the element holds, in the same call.
    try:
        checked = await _act(
            supervisor, engine.typed_after(frame, int(aimed["watch"]), ref, args["text"]), so_far=result
        )
    except CDPCommandFailed:  # the frame's document went away under the call: the typing navigated it
        checked = {"replaced": True}
    if checked.get("replaced"):  # nothing to read back in the old document: follow, then read the new one
        result = await _follow(supervisor, frame, result | {"navigating": True}, before)
        checked = await engine.call(frame, "typed", ref, args["text"])
    else:
        result = await _follow(supervisor, frame, result | {"navigating": checked.get("navigating")}, before)
    return result | {key: checked[key] for key in ("value", "password") if key in checked}


@handles("browser_drag")
async def drag(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    """The engine's drag in the frame of ``ref`` (drag.js: pressed, moved and released at clear points, with the
    pointer, mouse and HTML5 drag events a mouse gives), the same events as on the extension lane; then what it
    caused is followed as a click's is (a navigation, tabs it opened)."""
    engine = browsing.engine()
    frame = await engine.owner_of(args["ref"])
    if (await engine.owner_of(args["to_ref"])).frame_id != frame.frame_id:
        raise ToolError("invalid_arguments", "ref and to_ref are in different frames: a drag stays in one frame.")
    before = _Before.now(browsing.supervisor, frame)
    result: dict[str, Any] = {"ok": True, "ref": ref_key(args["ref"])}

    async def dragged() -> dict[str, Any]:
        done = await _act(
            browsing.supervisor,
            engine.call(frame, "drag", ref_key(args["ref"]), ref_key(args["to_ref"])),
            so_far=result,
        )
        return await _follow(browsing.supervisor, frame, result | done, before)

    return await _following_tabs(browsing, before.target, dragged, result)


@handles("browser_file_upload")
async def file_upload(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    """The files (real paths the router checked against the user's folders) into the file input ``ref`` names, as
    the browser's chooser gives them (``DOM.setFileInputFiles``), read back; or, for anything else, dropped on it:
    the browser puts them in a file input of the engine's own, unseen by the page, and the engine drops them."""
    engine = browsing.engine()
    key = ref_key(args["ref"]) if "ref" in args else None
    frame = await engine.owner_of(key) if key is not None else _chooser_frame(browsing)
    target = await engine.call(frame, "fileTarget", key)
    supervisor = browsing.supervisor
    before = _Before.now(supervisor, frame)
    result: dict[str, Any] = {"ok": True} | ({"ref": key} if key is not None else {})
    if target["input"]:
        if len(args["paths"]) > 1 and not target.get("multiple"):
            raise ToolError(
                "invalid_arguments", f"The file input {key or 'of the file chooser'} takes one file; give one path."
            )
        token = await engine.watch(frame)
        await engine.set_input_files(frame, key, args["paths"])
        held = await engine.call(frame, "filesHeld", key)
        if key is None:
            browsing.chooser_frame = None  # answered
        return await _after_action(browsing, frame, token, result | held, before)
    dropped = await _act(supervisor, engine.drop_files(frame, key, args["paths"]), so_far=result)
    return await _follow(supervisor, frame, result | dropped, before)


def _chooser_frame(browsing: Browsing) -> FrameInfo:
    """The frame whose last action opened a file chooser; ``no_file_chooser`` if none did or it is gone."""
    frame = next((f for f in browsing.engine().frames() if f.frame_id == browsing.chooser_frame), None)
    if frame is None:
        raise ToolError(
            "controller_error",
            "no_file_chooser: No file chooser is open: click the uploader's button first (its answer says "
            "file_chooser), or give ref (the file input or the drop zone).",
        )
    return frame


#: How much of a copied text the agent is told (never a password field's: only its length); the extension's too.
CLIPBOARD_SHOWN = 200


@handles("browser_press")
async def press(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    """A real key press; a copy, cut or paste (``clipboard_chord``) goes through the session's own clipboard
    instead, by the engine in the focused frame, so the browser's (the user's, on a desktop) is never touched."""
    supervisor = browsing.supervisor
    _, session = supervisor.tab_session()
    keys = parse_key(args["key"])
    result: dict[str, Any] = {"ok": True, "key": args["key"]}
    engine = browsing.engine()
    top = engine.frames()[0]
    token = await engine.watch(top)
    before = _Before.now(supervisor, top)

    async def pressed() -> dict[str, Any]:
        if clipboard_chord(keys):
            _, answer = await _act(supervisor, engine.press_in_focus(args["key"], {"clipboard": browsing.clipboard}))
            told = dict(answer.get("clipboard") or {})
            if "text" in told:
                browsing.clipboard = str(told.pop("text"))
                if not told.get("password"):
                    told["text"] = browsing.clipboard[:CLIPBOARD_SHOWN]
            result.update(action=answer.get("action"), clipboard=told)
        else:
            await _act(supervisor, _press(supervisor, session, keys), so_far=result)
        return await _after_action(browsing, top, token, result, before)

    return await _following_tabs(browsing, before.target, pressed, result)


@handles("browser_scroll")
async def scroll(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    engine = browsing.engine()
    ref, direction, options = args.get("ref"), args.get("direction"), {"pages": args.get("pages")}
    if ref is None:
        return await engine.call(engine.frames()[0], "scroll", None, direction, options)
    ref = ref_key(ref)
    return await engine.call(await engine.owner_of(ref), "scroll", ref, direction, options)


@handles("browser_tabs")
async def tabs(browsing: Browsing, args: Arguments) -> Any:
    action = args.get("action", "list")
    if action == "new":
        return await _new_tab(browsing, args)
    if action == "close":
        return await _close_tab(browsing, args)
    if "url" in args or "id" in args:
        raise ToolError("invalid_arguments", "url goes with action new, id with action close.")
    supervisor = browsing.supervisor
    return [
        {
            "id": supervisor.state.targets.tab_id(info["targetId"]),
            "title": info.get("title", ""),
            "url": info.get("url", ""),
            "active": info["targetId"] == browsing.active_target,
            "controlled": info["targetId"] == supervisor.controlled_target,
        }
        for info in await _tab_targets(browsing)
    ]


async def _new_tab(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    """A tab of the session's own, in front and controlled, that loads ``url`` as browser_navigate would."""
    if "url" not in args or "id" in args:
        raise ToolError("invalid_arguments", "action new takes a url (and no id).")
    supervisor = browsing.supervisor
    before = supervisor.controlled_target
    target = await supervisor.open_tab(isolated=browsing.lease.isolated)
    if before is not None:
        browsing.opened_from[target] = before
    await supervisor.send("Target.activateTarget", {"targetId": target})
    browsing.active_target = target
    page = await navigate(browsing, {"url": args["url"]})
    return {"id": supervisor.state.targets.tab_id(target), **page, "controlled": True}


#: How long closing a tab waits for the browser to say it is gone.
CLOSE_WAIT_S = 10.0


async def _close_tab(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    """Close a tab the session may close (``not_your_tab`` otherwise); closing the controlled one gives control to
    the tab it was opened from, if that is still open."""
    if "id" not in args or "url" in args:
        raise ToolError("invalid_arguments", "action close takes the id of a tab (and no url).")
    supervisor = browsing.supervisor
    target = supervisor.state.targets.target_of_tab(args["id"])
    infos = {info["targetId"]: info for info in await _tab_targets(browsing)}
    if target is None or target not in infos:
        raise ToolError("invalid_arguments", f"No tab {args['id']}; call browser_tabs for the ids.")
    if not _sessions_tab(browsing, target, infos):
        raise ToolError(
            "controller_error",
            f"not_your_tab: Tab {args['id']} was opened by the user, not by this session: an agent closes only the "
            "tabs it opened and the one it controls.",
        )
    controlled = target == supervisor.controlled_target
    await supervisor.send("Target.closeTarget", {"targetId": target})
    if supervisor.state.targets.tab_session(target) is not None:
        # closed once the browser has let go of it: a list of the tabs taken after this answer does not show it
        await asyncio.wait_for(
            supervisor.until(lambda: supervisor.state.targets.tab_session(target) is None), CLOSE_WAIT_S
        )
    back_to = str(browsing.opened_from.pop(target, None) or infos[target].get("openerId") or "")
    if not controlled:
        return {
            "closed": args["id"],
            "controls": None if supervisor.controlled_target is None else await _shown(browsing),
        }
    if back_to not in infos or back_to == target:
        return {"closed": args["id"], "controls": None}
    await supervisor.send("Target.activateTarget", {"targetId": back_to})
    await supervisor.control(back_to)
    browsing.active_target = back_to
    return {"closed": args["id"], "controls": await _shown(browsing)}


def _sessions_tab(browsing: Browsing, target: str, infos: dict[str, dict[str, Any]]) -> bool:
    """Whether the session may close ``target``: it controls it, opened it, or one of its tabs' pages opened it (a
    link to a new tab, window.open), or a tab one of those opened."""
    supervisor = browsing.supervisor
    seen: set[str] = set()
    while target and target not in seen:
        if target == supervisor.controlled_target or supervisor.opened(target):
            return True
        seen.add(target)
        target = str(infos.get(target, {}).get("openerId") or "")
    return False


async def _shown(browsing: Browsing) -> dict[str, Any]:
    """``{id, url, title}`` of the controlled tab."""
    target, _ = browsing.supervisor.tab_session()
    return {"id": browsing.supervisor.state.targets.tab_id(target), **await _page_info(browsing.supervisor, target)}


@handles("browser_tab_activate")
async def tab_activate(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    supervisor = browsing.supervisor
    target = supervisor.state.targets.target_of_tab(args["tab_id"])
    info = {info["targetId"]: info for info in await _tab_targets(browsing)}.get(target or "")
    if target is None or info is None:
        raise ToolError("invalid_arguments", f"No tab {args['tab_id']}; call browser_tabs for the ids.")
    url = str(info.get("url", ""))
    if not _is_web_page(url):
        scheme = url.split(":")[0] or "no"
        raise ToolError(
            "controller_error",
            f"not_a_web_page: Tab {args['tab_id']} shows a {scheme}: page, not a web page; an agent controls web "
            "pages only. Call browser_tabs and pick a tab with an http(s) page.",
        )
    await supervisor.send("Target.activateTarget", {"targetId": target})
    await supervisor.control(target)
    browsing.active_target = target
    return {"id": args["tab_id"], **await _page_info(supervisor, target), "controlled": True}


@handles("browser_screenshot")
async def screenshot(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    """The window, one element or the whole page, clipped by the browser; with annotate, where each element with a
    ref is, relative to the image (the router draws the labels: routing/screenshots.py)."""
    supervisor = browsing.supervisor
    _, session = supervisor.tab_session()
    engine = browsing.engine()
    params: dict[str, Any] = {"format": "png"}
    answer: dict[str, Any] = {}
    origin = {"x": 0.0, "y": 0.0}
    if args.get("ref"):
        box = await engine.box(args["ref"])
        metrics = await supervisor.send("Page.getLayoutMetrics", session_id=session)
        page_x, page_y = (float(metrics["cssVisualViewport"][key]) for key in ("pageX", "pageY"))
        height = min(box["height"], SCREENSHOT_MAX_HEIGHT)
        if box["width"] < 1 or height < 1:
            raise ToolError("controller_error", "not_visible: The element has no size on the page, so it has no image.")
        params |= {"captureBeyondViewport": True, "clip": box | {"height": height, "scale": 1}}
        params["clip"] |= {"x": box["x"] + page_x, "y": box["y"] + page_y}
        origin = {"x": box["x"], "y": box["y"]}
        answer["clipped"] = height < box["height"]
    elif args.get("full_page"):
        metrics = await supervisor.send("Page.getLayoutMetrics", session_id=session)
        content = metrics["cssContentSize"]
        height = min(float(content["height"]), SCREENSHOT_MAX_HEIGHT)
        clip = {"x": 0, "y": 0, "width": float(content["width"]), "height": height, "scale": 1}
        params |= {"captureBeyondViewport": True, "clip": clip}
        answer["clipped"] = height < float(content["height"])
    if args.get("annotate"):
        boxes = await engine.labels(page=bool(args.get("full_page")))
        answer["boxes"] = [box | {"x": box["x"] - origin["x"], "y": box["y"] - origin["y"]} for box in boxes]
        if "clip" in params:
            answer["css_width"] = params["clip"]["width"]
        else:  # the window, scrollbar included, as the capture holds it
            answer["css_width"] = float(await engine.evaluate(engine.frames()[0], "innerWidth"))
    shot = await _act(supervisor, supervisor.send("Page.captureScreenshot", params, session_id=session))
    return answer | {"mime_type": "image/png", "data": shot["data"]}


@handles("browser_dialog")
async def dialog(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    supervisor = browsing.supervisor
    answered = await supervisor.respond_to_dialog(args["action"], args.get("prompt_text"), args.get("dialog_id"))
    return {
        "answered": answered.as_json() | {"action": args["action"]},
        "pending_dialogs": supervisor.state.dialogs.pending_json(),
    }


@handles("browser_cdp")
async def cdp(browsing: Browsing, args: Arguments) -> dict[str, Any]:
    supervisor = browsing.supervisor
    method = args["method"]
    if method.startswith(REFUSED_CDP_DOMAINS):
        raise ToolError(
            "capability_not_allowed",
            f"{method} acts on the whole browser, beyond this session's tab, so browser_cdp refuses the Browser "
            "and Target domains; use browser_tabs / browser_tab_activate for tabs.",
        )
    target, session = supervisor.tab_session()
    if args.get("frame_id"):
        session = supervisor.state.frames.session_for(args["frame_id"], target)
    return {"result": await _act(supervisor, supervisor.send(method, args.get("params") or {}, session_id=session))}


# ----- when a dialog opens -----------------------------------------------------------------------------


async def _act(supervisor: CDPSupervisor, command: Awaitable[T], *, so_far: dict[str, Any] | None = None) -> T:
    """``command``'s result; ``DialogOpened`` (reporting ``so_far``) if a dialog blocks the tab before it answers."""
    done = await supervisor.act(command)
    if isinstance(done, DialogInterrupt):
        raise DialogOpened(done.dialog, so_far)
    return done


async def _until(supervisor: CDPSupervisor, target: str, check: Callable[[], bool], dialogs_since: int) -> None:
    """Wait until ``check()`` holds; ``DialogOpened`` if a dialog opened since ``dialogs_since`` blocks the tab."""
    if not await supervisor.until(check, dialogs_since=dialogs_since):
        raise DialogOpened(supervisor.state.dialogs.pending_on(target)[-1])


async def dialog_opened_result(supervisor: CDPSupervisor, opened: DialogOpened) -> dict[str, Any]:
    """What an action reports when a dialog it caused now waits for the agent's answer."""
    target, _ = supervisor.tab_session()
    dialog = opened.dialog
    return opened.so_far | {
        **await _page_info(supervisor, target),
        "pending_dialogs": supervisor.state.dialogs.pending_json(),
        "notice": f"A {dialog.type} dialog ({dialog.id}) opened and blocks the page: {dialog.message[:200]!r}. "
        "Answer it with browser_dialog.",
    }


def _closed_since(supervisor: CDPSupervisor, last: DialogRecord | None) -> list[DialogRecord]:
    """The dialogs closed after ``last`` (the newest record before an action)."""
    recent = list(supervisor.state.dialogs.recent)
    return recent[recent.index(last) + 1 :] if last in recent else recent


async def _settle(
    supervisor: CDPSupervisor, target: str, loader_id: str, since: int, frame_id: str | None = None
) -> None:
    """Wait for a new document's DOMContentLoaded, then (briefly) its load event, unless a dialog interrupts.

    The document is the tab's top one, or ``frame_id``'s.
    """
    navigations = supervisor.state.navigations
    frame = frame_id or target
    await _until(supervisor, target, lambda: navigations.loaded(frame, loader_id, "DOMContentLoaded"), since)
    try:
        async with asyncio.timeout(LOAD_GRACE_S):
            await _until(supervisor, target, lambda: navigations.loaded(frame, loader_id, "load"), since)
    except TimeoutError:
        log.info("load did not fire within %gs of DOMContentLoaded; answering anyway", LOAD_GRACE_S)


# ----- tabs an action opens or closes ---------------------------------------------------------------------


async def _following_tabs(
    browsing: Browsing, target: str, action: Callable[[], Awaitable[dict[str, Any]]], so_far: dict[str, Any]
) -> dict[str, Any]:
    """``action()``'s result in the tab ``target``, with the tabs and windows it opened (``opened``); if it
    closed its own tab (a popup whose Save closes it), ``so_far`` with ``closed`` and the opener back in control."""
    tabs_before = {info["targetId"]: info for info in await _tab_targets(browsing)}
    opener = tabs_before[target].get("openerId") if target in tabs_before else None
    try:
        done = await _unless_closed(browsing.supervisor, target, action())
        if done is not None and done.get("navigated") and await _closing_itself(browsing, target):
            # the tab's removal ends this wait (or the call's deadline does)
            done = await _unless_closed(browsing.supervisor, target, asyncio.get_running_loop().create_future())
    except (CDPError, ToolError):
        if not await _closed_by_action(browsing, target):
            raise
        done = None
    tabs_after = await _tab_targets(browsing)
    if done is None or target not in {info["targetId"] for info in tabs_after}:
        return await _return_to_opener(browsing, so_far, opener)
    opened = await _opened_by_action(browsing, target, tabs_after, set(tabs_before))
    return done | ({"opened": opened} if opened else {})


async def _unless_closed(supervisor: CDPSupervisor, target: str, work: Awaitable[T]) -> T | None:
    """``work``'s result, or None if the tab ``target`` closes first: its commands in flight are never answered."""
    task = asyncio.ensure_future(work)
    gone = asyncio.ensure_future(supervisor.until(lambda: supervisor.state.targets.tab_session(target) is None))
    try:
        await asyncio.wait({task, gone}, return_when=asyncio.FIRST_COMPLETED)
        return task.result() if task.done() else None
    finally:
        for waiting in (task, gone):
            waiting.cancel()
        await asyncio.gather(task, gone, return_exceptions=True)


async def _closing_itself(browsing: Browsing, target: str) -> bool:
    """Whether the document an action navigated to has closed its window, or its tab is gone: the answer page of
    Django's "+" popup tells the opener and closes the window while it loads, and the tab goes a moment after the
    navigation is followed. ``window.closed`` turns true at once; it is read in the engine's world (the page's
    own cannot fake it)."""
    top = browsing.supervisor.state.frames.get(target)
    if top is None:
        return True
    try:
        return await browsing.engine().evaluate(top, "window.closed") is True
    except (CDPError, ToolError):
        return await _closed_by_action(browsing, target)


async def _closed_by_action(browsing: Browsing, target: str) -> bool:
    """Whether the tab the action ran in is gone (a popup that closed itself), by the browser's own list."""
    return target not in {info["targetId"] for info in await _tab_targets(browsing)}


async def _return_to_opener(browsing: Browsing, result: dict[str, Any], opener: str | None) -> dict[str, Any]:
    """The action closed its tab: the session controls the tab that opened it again (``controls``), if it is open."""
    supervisor = browsing.supervisor
    done = dict(result)
    if opener is None or opener not in {info["targetId"] for info in await _tab_targets(browsing)}:
        return done | {"closed": True, "controls": None}
    await supervisor.send("Target.activateTarget", {"targetId": opener})
    await supervisor.control(opener)
    browsing.active_target = opener
    page = await _page_info(supervisor, opener)
    return done | {"closed": True, "controls": {"id": supervisor.state.targets.tab_id(opener), **page}}


async def _opened_by_action(
    browsing: Browsing, target: str, tabs: list[dict[str, Any]], known: set[str]
) -> list[dict[str, Any]]:
    """The tabs and windows the page opened during the action (in ``tabs``, not in ``known``), each once loaded:
    ``[{id, url, title}]``. Each is attached (which is how its lifecycle events reach us) and the session's
    control stays where it was.
    """
    supervisor = browsing.supervisor
    fresh = [i["targetId"] for i in tabs if i["targetId"] not in known and i.get("openerId") == target]
    opened = []
    for new in fresh:
        session = await supervisor.control(new)
        await supervisor.control(target)
        await _loaded_elsewhere(supervisor, new, session)
        opened.append({"id": supervisor.state.targets.tab_id(new), **await _page_info(supervisor, new)})
    return opened


#: Whether a tab's document is loaded, and not the blank one a window opened by script starts with.
_LOADED_PAGE = "document.readyState === 'complete' && location.href !== 'about:blank'"


async def _loaded_elsewhere(supervisor: CDPSupervisor, tab: str, session: str) -> None:
    """Wait (at most ``LOAD_GRACE_S``) until a tab other than the controlled one has loaded its page."""
    navigations = supervisor.state.navigations

    def loaded() -> bool:
        top = supervisor.state.frames.get(tab)
        return navigations.loaded(tab, None, "load") and top is not None and top.url not in ("", "about:blank")

    reply = await supervisor.send(
        "Runtime.evaluate", {"expression": _LOADED_PAGE, "returnByValue": True}, session_id=session
    )
    if (reply.get("result") or {}).get("value") is True:
        return
    try:
        async with asyncio.timeout(LOAD_GRACE_S):
            await supervisor.until(loaded)
    except TimeoutError:
        log.info("a tab the action opened did not load within %gs; reporting it as it is", LOAD_GRACE_S)


# ----- waiting for text --------------------------------------------------------------------------------


async def _wait_for_text(browsing: Browsing, args: Arguments) -> None:
    """``browser_snapshot``'s ``wait_for`` / ``wait_for_gone``: wait in the top frame (from its DOM changes) until
    the text is shown / no longer shown, within ``wait_timeout_s``; ``wait_timeout`` past it.

    A document that goes away meanwhile (the page navigated) is waited on again in the next one.
    """
    conditions = [(args[key], key == "wait_for_gone") for key in ("wait_for", "wait_for_gone") if args.get(key)]
    timeout_s = float(args.get("wait_timeout_s") or WAIT_TIMEOUT_DEFAULT_S)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    for text, gone in conditions:
        while (remaining := deadline - loop.time()) > 0:
            engine = browsing.engine()
            try:
                waited = await _act(
                    browsing.supervisor, engine.call(engine.frames()[0], "waitForText", text, gone, remaining * 1000)
                )
            except CDPCommandFailed:
                continue  # the document went away while we waited
            if waited.get("met"):
                break
        else:
            shown, state = json.dumps(text[:80]), "still shown" if gone else "not shown"
            raise ToolError(
                "controller_error",
                f"wait_timeout: {shown} was {state} on the page after {timeout_s:g} s; "
                "take a snapshot to see what it shows, or wait longer with wait_timeout_s.",
            )


# ----- what an action caused ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Before:
    """What an action's frame was before it: its document's loader and the dialogs opened so far."""

    target: str
    frame_id: str
    loader: str | None
    dialogs_since: int
    #: the frame's navigations that had ended without a document (a 204, a download)
    dropped: int

    @classmethod
    def now(cls, supervisor: CDPSupervisor, frame: FrameInfo) -> _Before:
        target, _ = supervisor.tab_session()
        state = supervisor.state
        navigations = state.navigations
        return cls(
            target,
            frame.frame_id,
            navigations.loader(frame.frame_id),
            state.dialogs.opened,
            navigations.dropped(frame.frame_id),
        )


async def _after_action(
    browsing: Browsing, frame: FrameInfo, token: int, result: dict[str, Any], before: _Before
) -> dict[str, Any]:
    """``result`` once what the action caused is over: the engine's ``settle`` (the DOM quiet again), or, if
    the action started a navigation of the frame, its new document loaded, with ``navigated``: its URL."""
    supervisor = browsing.supervisor
    try:
        after = await _act(supervisor, browsing.engine().call(frame, "settle", token), so_far=result)
    except CDPCommandFailed:  # the frame's document went away under the call: the action navigated it
        after = {"replaced": True}
    if after.get("file_chooser"):  # the browser showed none (Page.setInterceptFileChooserDialog): the agent answers
        browsing.chooser_frame = frame.frame_id
        result = result | {"file_chooser": after["file_chooser"]}
    return await _follow(
        supervisor, frame, result | {"navigating": after.get("navigating") or after.get("replaced")}, before
    )


async def _follow(supervisor: CDPSupervisor, frame: FrameInfo, done: dict[str, Any], before: _Before) -> dict[str, Any]:
    """An engine action's answer; when it started a navigation (``navigating``), once the new document of
    its frame has loaded, with ``navigated``: the URL now in that frame.  A navigation that ends without a
    document (the server answered 204, or sent a file to save) leaves the page as it was: no ``navigated``."""
    result = {key: value for key, value in done.items() if key != "navigating"}
    if not done.get("navigating"):
        return result
    navigations = supervisor.state.navigations

    def new_document() -> bool:
        loader = navigations.loader(before.frame_id)
        return loader is not None and loader != before.loader

    def dropped() -> bool:
        return navigations.dropped(before.frame_id) > before.dropped

    await _until(supervisor, before.target, lambda: new_document() or dropped(), before.dialogs_since)
    if not new_document():
        return result
    loader = navigations.loader(before.frame_id)
    if loader is not None:
        await _settle(supervisor, before.target, loader, before.dialogs_since, before.frame_id)
    now = supervisor.state.frames.get(before.frame_id)
    result["navigated"] = now.url if now is not None and now.url else frame.url
    return result


# ----- reading the tab -----------------------------------------------------------------------------------


async def _page_info(supervisor: CDPSupervisor, target: str) -> dict[str, str]:
    """``{url, title}`` from the browser's side, which answers even while a dialog blocks the page.

    The URL is the committed document's (from the frame tree): the browser's own idea of the
    tab's URL already shows a navigation that a beforeunload dialog is still holding back.
    """
    info = (await supervisor.send("Target.getTargetInfo", {"targetId": target}))["targetInfo"]
    top = supervisor.state.frames.get(target)
    return {"url": top.url if top is not None and top.url else info.get("url", ""), "title": info.get("title", "")}


#: The New Tab page counts as a blank page: it is the empty tab a user opens to hand over.
NEW_TAB_PAGES = frozenset({"chrome://newtab/", "chrome://new-tab-page/", "chrome://new-tab-page-third-party/"})


def _is_web_page(url: str) -> bool:
    """A page an agent may control: http(s) or a blank one (what browser_navigate takes); never the browser's own
    (chrome://, devtools://...) nor an extension's."""
    return url.split(":")[0].lower() in {"http", "https"} or url in {"about:blank", *NEW_TAB_PAGES}


async def _tab_targets(browsing: Browsing) -> list[dict[str, Any]]:
    """The page targets this session may see: its own browser context's, or all of a browser it does not share."""
    infos = (await browsing.supervisor.send("Target.getTargets"))["targetInfos"]
    context = browsing.supervisor.browser_context
    return [i for i in infos if i.get("type") == "page" and (context is None or i.get("browserContextId") == context)]


# ----- input events --------------------------------------------------------------------------------------


#: CDP's ``buttons`` bit of each button, and its ``modifiers`` bit of each key.
_BUTTON_BITS = {"left": 1, "right": 2, "middle": 4}
_MODIFIER_BITS = {"Alt": 1, "Control": 2, "Meta": 4, "Shift": 8}


@dataclass(frozen=True)
class Gesture:
    """What ``browser_click`` asks of the mouse: which button, how many clicks, the keys held, or only a hover."""

    button: str = "left"
    clicks: int = 1
    modifiers: int = 0
    hover: bool = False

    @classmethod
    def of(cls, args: Arguments) -> Gesture:
        keys = str(args.get("modifiers") or "")
        return cls(
            button=str(args.get("button") or "left"),
            clicks=2 if args.get("double") else 1,
            modifiers=sum(_MODIFIER_BITS[key] for key in set(keys.split("+")) if key),
            hover=bool(args.get("hover")),
        )

    def arriving(self) -> Gesture:
        """Only the pointer's arrival before this gesture: a hover with the same keys held."""
        return Gesture(modifiers=self.modifiers, hover=True)


async def _click_at(
    browsing: Browsing,
    session: str,
    frame: FrameInfo,
    aimed: dict[str, Any],
    point: tuple[float, float],
    gesture: Gesture,
    result: dict[str, Any],
) -> None:
    """``gesture`` at ``point`` (page coordinates of ``aimed``, the engine's aim at the element in ``frame``), as a
    hand does it: the pointer arrives, the page answers the hover, and the press goes where the element is then.

    Arriving over an element can change it: a ``:hover`` style that swaps an icon's image collapses the icon
    until the new image has loaded (MiniWoB's social feed), a hover style moves it. A press sent with the move
    hits what is there meanwhile (the icon's row), so the press waits until the point hits the element again,
    moving with it if it moved (``result``'s ``x``/``y``); past the bound, it presses where a press still reaches
    the element, and while one would land on something else it waits ``INTERCEPTED_GRACE_MS`` longer, then
    presses nothing (``click_intercepted``, from ``under_pointer``).
    The pointer is moved there again every ``HOVER_LOOK_MS`` meanwhile: a move that the browser routed before a
    just-loaded cross-site iframe could take input went to the page around it. A hover only moves; a press whose
    point reaches the element through something else (its label, a hidden control's drawing) gets no wait: the
    element itself never takes that hover.
    """
    supervisor = browsing.supervisor
    x, y = point
    there = aimed.get("pointerAt") == point  # the pointer went there while the engine aimed (PageEngine.aim)
    if gesture.hover or not aimed.get("onTarget") or (there and aimed.get("hovered")):
        await _send_mouse(supervisor, session, _mouse_events(x, y, gesture, move=not there))
        return
    loop = asyncio.get_running_loop()
    started = loop.time()
    while True:
        if not there:
            await _send_mouse(supervisor, session, _mouse_events(x, y, gesture.arriving()))
        waited_ms = (loop.time() - started) * 1000
        where = await browsing.engine().under_pointer(frame, aimed["ref"], aimed["x"], aimed["y"], HOVER_LOOK_MS)
        if not where.get("unsettled") and not where.get("blocked"):
            break
        if where.get("unsettled") and waited_ms + HOVER_LOOK_MS >= HOVER_SETTLE_MS:
            break  # the hover never settled, but a press there reaches the element
        if where.get("blocked") and waited_ms + HOVER_LOOK_MS >= HOVER_SETTLE_MS + INTERCEPTED_GRACE_MS:
            raise engine_failure(where["blocked"].get("error"))
        there = False  # the move may not have reached the element's document: move again
    moved = (x + where["x"] - aimed["x"], y + where["y"] - aimed["y"])
    result["x"], result["y"] = round(moved[0]), round(moved[1])
    await _send_mouse(supervisor, session, _mouse_events(*moved, gesture, move=moved != point))


def _mouse_events(x: float, y: float, gesture: Gesture, *, move: bool = True) -> list[dict[str, Any]]:
    """The mouse events of ``gesture`` at ``(x, y)``: the move there (unless ``move`` is false: the pointer is
    already there), then a press and a release per click (none for a hover)."""
    events: list[dict[str, Any]] = (
        [{"type": "mouseMoved", "x": x, "y": y, "modifiers": gesture.modifiers}] if move else []
    )
    if not gesture.hover:
        for count in range(1, gesture.clicks + 1):
            for kind in ("mousePressed", "mouseReleased"):
                events.append(
                    {
                        "type": kind,
                        "x": x,
                        "y": y,
                        "button": gesture.button,
                        "buttons": _BUTTON_BITS[gesture.button] if kind == "mousePressed" else 0,
                        "clickCount": count,
                        "modifiers": gesture.modifiers,
                    }
                )
    return events


async def _send_mouse(supervisor: CDPSupervisor, session: str, events: list[dict[str, Any]]) -> None:
    """Send ``events`` back to back (the browser handles them in order): waiting for each one's answer would
    wait for a frame per event, as Chromium aligns mouse input with its frames."""
    await asyncio.gather(*(supervisor.send("Input.dispatchMouseEvent", event, session_id=session) for event in events))


async def _press(supervisor: CDPSupervisor, session: str, keys: KeyPress) -> None:
    """Press the key (with its modifiers) and release it (back to back, as ``_send_mouse`` sends a click's)."""
    await asyncio.gather(
        supervisor.send("Input.dispatchKeyEvent", keys.down, session_id=session),
        supervisor.send("Input.dispatchKeyEvent", keys.up, session_id=session),
    )


async def _replace_text(
    supervisor: CDPSupervisor,
    session: str,
    x: float,
    y: float,
    text: str,
    *,
    together: bool = False,
    last_as_key: bool = False,
) -> None:
    """Focus the field with a click, select what it holds, and type ``text`` over it (or delete it).

    Each gesture's events are sent back to back (the click's, each key's). ``together``: the field is in the top
    frame, so every event goes to one widget of the browser, which handles them in the order sent: all the
    gestures go back to back too. A field in a child frame gets the keys only once the click has focused that
    frame (the browser routes keys to the focused frame), so there each gesture waits for the one before.

    The text goes in as one insertion: a key per character costs the browser a round of its input pipeline each
    (50 characters: 37 ms against 6), and a code editor would indent a new line, or close a bracket, on a real
    key. ``last_as_key`` (a one-line ``<input>``): its last character is a key pressed and released, so that a
    widget acting on a key's events (Flatpickr's year field reads its value on keyup) sees the whole text then."""
    selecting = [parse_key("Control+a")] + ([] if text else [parse_key("Backspace")])
    gestures = [[("Input.dispatchMouseEvent", event) for event in _mouse_events(x, y, Gesture())]]
    gestures += [[("Input.dispatchKeyEvent", key.down), ("Input.dispatchKeyEvent", key.up)] for key in selecting]
    inserted, keyed = (text[:-1], text[-1:]) if last_as_key else (text, "")
    if inserted:
        gestures.append([("Input.insertText", {"text": inserted})])
    gestures += [
        [("Input.dispatchKeyEvent", key.down), ("Input.dispatchKeyEvent", key.up)] for key in typed_keys(keyed)
    ]
    if together:
        gestures = [[event for gesture in gestures for event in gesture]]
    for gesture in gestures:
        await asyncio.gather(*(supervisor.send(method, params, session_id=session) for method, params in gesture))
