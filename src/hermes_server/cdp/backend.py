"""``CDPBackend``: the tools on the CDP lane, which serves every session not bound to an extension.

Each session gets, on its first call, a browser from the configured source (``providers``),
a ``CDPSupervisor`` from the ``SupervisorRegistry`` (one persistent DevTools socket), and one
tab of its own.  Every later call reuses them; closing the session (or stopping the server)
tears them down.

The ten extension tools take the same arguments and give the same results as on the
extension lane, with the same snapshot engine (``engine``); clicks and typing are real input
events (``Input.dispatchMouseEvent`` / ``Input.insertText`` / key events) at the element's
position.  Two tools exist on this lane only: ``browser_dialog`` and ``browser_cdp``.

Failure, for the agent (stable codes, ``errors.TOOL_ERROR_CODES``):

* the browser cannot be had (no Chromium, a provider refusing, an endpoint down):
  ``backend_unavailable``, saying what to fix;
* the browser went away *during* a call: ``controller_disconnected`` (the action may or may
  not have happened; nothing is retried); the next call starts a new browser and its result
  carries a ``notice`` that the session's page state was lost;
* a dialog blocks the page: actions are refused (``controller_error``, ``dialog_open: …``)
  until ``browser_dialog`` answers it, and an action that opened one returns at once with
  ``pending_dialogs`` instead of waiting for an answer that must come from the agent;
* anything the engine or the browser refuses: ``controller_error: <code>: <message>``, the
  format the extension lane uses.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from hermes_server.cdp.dialogs import DialogRecord, PendingDialog
from hermes_server.cdp.engine import PageEngine, TabRefs, load_engine
from hermes_server.cdp.keys import parse_key
from hermes_server.cdp.providers import BrowserLease, BrowserSource, source_from_config
from hermes_server.cdp.supervisor import (
    CDPSupervisor,
    DialogInterrupt,
    InitScript,
    SupervisorOptions,
    SupervisorRegistry,
)
from hermes_server.config import ServerConfig
from hermes_server.errors import CDPCommandFailed, CDPDisconnected, ConfigError, LaunchError, ProviderError
from hermes_server.routing.lanes import ToolCall
from hermes_server.routing.outcome import ToolOutcome
from hermes_wire.errors import ToolError
from hermes_wire.tools import CDP_LANE

log = logging.getLogger(__name__)

#: After DOMContentLoaded, how long a navigation still waits for the load event (slow images, ads).
LOAD_GRACE_S = 5.0
#: browser_cdp never reaches the whole browser: those domains act beyond the session's own tab.
REFUSED_CDP_DOMAINS = ("Browser.", "Target.")
#: Input types typed into with real input events.  The others (a select, date and time pickers, range, colour)
#: have no text to type into: the engine sets them as the user's choice would, as on the extension lane.
TEXT_INPUT_TYPES = frozenset({"text", "search", "url", "tel", "email", "password", "number"})

LOST_NOTICE = (
    "The browser behind this session went away (it crashed, was killed or its connection dropped) and was "
    "started again: this session's page state (tabs, history, cookies, refs) was lost, and it now has one blank tab."
)
TAB_CLOSED_NOTICE = "The controlled tab was closed; this session now controls a new blank tab."
TAB_CRASHED_NOTICE = "The controlled tab's page crashed; this session now controls a new blank tab."


@dataclass
class Browsing:
    """One session's hold on its browser: its supervisor, and what the lane remembers about its tabs."""

    supervisor: CDPSupervisor
    lease: BrowserLease
    #: The tab this session last brought to the front (``browser_tabs``' ``active``).
    active_target: str
    refs: dict[str, TabRefs] = field(default_factory=dict)

    def engine(self, engine_source: InitScript) -> PageEngine:
        target, _ = self.supervisor.tab_session()
        return PageEngine(self.supervisor, engine_source, self.refs.setdefault(target, TabRefs()))


Handler = Callable[["CDPBackend", Browsing, dict[str, Any]], Awaitable[Any]]


class CDPBackend:
    """Serves the ``cdp`` lane (``backends.Backend``), and frees each session's browser when it closes."""

    name = CDP_LANE

    def __init__(self, source: BrowserSource, *, dialog_policy: str = "must_respond",
                 dialog_timeout_s: float = 300.0, dialog_bridge: str = "auto",
                 clock: Callable[[], float] = time.time) -> None:
        self.source = source
        self.registry = SupervisorRegistry(clock=clock)
        self._dialog_policy = dialog_policy
        self._dialog_timeout_s = dialog_timeout_s
        self._dialog_bridge = dialog_bridge
        self._sessions: dict[str, Browsing] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    @classmethod
    def from_config(cls, config: ServerConfig, environ: Mapping[str, str] | None = None) -> CDPBackend:
        return cls(
            source_from_config(config, os.environ if environ is None else environ),
            dialog_policy=config.dialog_policy, dialog_timeout_s=config.dialog_timeout_s,
            dialog_bridge=config.dialog_bridge,
        )

    # ----- the Backend interface, and session life -----

    async def run(self, call: ToolCall) -> ToolOutcome:
        if call.tool.name == "controller.noop":  # a channel check: it must not start a browser
            return ToolOutcome(True, result={})
        handler = _HANDLERS.get(call.tool.name)
        if handler is None:
            return ToolOutcome.failure("capability_not_allowed", f"{call.tool.name} is not served by the cdp lane.")
        notice: str | None = None
        try:
            async with asyncio.timeout(call.timeout_s):
                browsing, notice = await self._browsing(call.session.session_id)
                if call.tool.blocked_by_dialog:
                    _refuse_if_dialog(browsing.supervisor)
                result = await handler(self, browsing, call.arguments)
        except TimeoutError:
            outcome = ToolOutcome.failure(
                "command_timeout", f"{call.tool.name} did not finish within {call.timeout_s:g}s; what it did so far "
                "stays done. Take a browser_snapshot to see the page.",
            )
        except ToolError as error:
            outcome = ToolOutcome.failure(error.code, error.message)
        except CDPDisconnected:
            outcome = ToolOutcome.failure(
                "controller_disconnected",
                f"The browser went away during {call.tool.name} (it crashed, was closed or the connection dropped); "
                "the action may or may not have happened. The next call starts the browser again, and this "
                "session's page state is lost.",
            )
        except CDPCommandFailed as failed:
            outcome = ToolOutcome.failure("controller_error", f"cdp_error: {failed.message}")
        except (LaunchError, ProviderError, ConfigError) as error:
            outcome = ToolOutcome.failure(
                "backend_unavailable", f"No browser for this session from {self.source.label}: {error.message}"
            )
        else:
            if notice is None:
                return ToolOutcome(True, result=result)
            if isinstance(result, dict):
                notices = " ".join(filter(None, (notice, result.get("notice"))))
                return ToolOutcome(True, result=result | {"notice": notices})
            outcome = ToolOutcome.failure("controller_error", f"browser_restarted: {notice} Call again.")
        if notice is not None and outcome.error_message is not None and not outcome.ok:
            outcome = ToolOutcome.failure(outcome.error_code or "controller_error",
                                             f"{notice} {outcome.error_message}")
        return outcome

    async def close_session(self, session_id: str) -> None:
        """The agent closed the session: close its tab (or browser context), its socket and any cloud browser."""
        async with self._locks.setdefault(session_id, asyncio.Lock()):
            self._sessions.pop(session_id, None)
            await self.registry.stop(session_id)
            await self.source.release(session_id)
        self._locks.pop(session_id, None)

    async def aclose(self) -> None:
        """The server stops: every supervisor, then the browser source (the local Chromium, cloud sessions)."""
        self._sessions.clear()
        await self.registry.stop_all()
        await self.source.aclose()

    async def _browsing(self, session_id: str) -> tuple[Browsing, str | None]:
        """The session's browser, supervisor and tab, set up on first use and after a crash (with a notice)."""
        async with self._locks.setdefault(session_id, asyncio.Lock()):
            browsing = self._sessions.get(session_id)
            supervisor = self.registry.get(session_id)
            if browsing is not None and supervisor is browsing.supervisor and supervisor.alive:
                return browsing, await self._tab_check(browsing)
            lost = browsing is not None
            lease = await self.source.acquire(session_id, replace=lost)
            try:
                supervisor = await self.registry.get_or_start(session_id, lease.ws_url, self._options(lease))
            except CDPDisconnected as refused:
                raise ProviderError(f"its DevTools endpoint did not take a connection ({refused.message})") from None
            target = await supervisor.open_tab(isolated=lease.isolated)
            browsing = Browsing(supervisor, lease, target)
            self._sessions[session_id] = browsing
            return browsing, LOST_NOTICE if lost else None

    def _options(self, lease: BrowserLease) -> SupervisorOptions:
        bridge = self._dialog_bridge == "on" or (self._dialog_bridge == "auto" and lease.closes_dialogs)
        return SupervisorOptions(
            dialog_policy=self._dialog_policy, dialog_timeout_s=self._dialog_timeout_s, dialog_bridge=bridge,
            engine=load_engine(),
        )

    async def _tab_check(self, browsing: Browsing) -> str | None:
        """A controlled tab that was closed or crashed is replaced by a fresh one, with a notice."""
        supervisor = browsing.supervisor
        target = supervisor.controlled_target
        if target is not None and supervisor.state.targets.is_crashed(target):
            await supervisor.send("Target.closeTarget", {"targetId": target})
            browsing.active_target = await supervisor.open_tab(isolated=browsing.lease.isolated)
            return TAB_CRASHED_NOTICE
        if target is None or supervisor.state.targets.tab_session(target) is None:
            browsing.active_target = await supervisor.open_tab(isolated=browsing.lease.isolated)
            return TAB_CLOSED_NOTICE
        return None

    # ----- the tools -----

    async def navigate(self, browsing: Browsing, args: dict[str, Any]) -> dict[str, Any]:
        supervisor = browsing.supervisor
        target, session = supervisor.tab_session()
        since = supervisor.state.dialogs.opened
        last_closed = supervisor.state.dialogs.recent[-1] if supervisor.state.dialogs.recent else None
        reply = await supervisor.act(supervisor.send("Page.navigate", {"url": args["url"]}, session_id=session))
        if isinstance(reply, DialogInterrupt):
            return await _interrupted(supervisor, reply)
        if reply.get("errorText"):
            kept = [r for r in _closed_since(supervisor, last_closed) if r.dialog.type == "beforeunload"]
            why = f" A beforeunload dialog was dismissed ({kept[-1].closed_by}), which keeps the page." if kept else ""
            raise ToolError("controller_error",
                            f"navigation_failed: {args['url']} did not load ({reply['errorText']}).{why}")
        if reply.get("loaderId"):
            interrupt = await _settle(supervisor, target, str(reply["loaderId"]), since)
            if interrupt is not None:
                return await _interrupted(supervisor, interrupt)
        return await _page_info(supervisor, target)

    async def back(self, browsing: Browsing, args: dict[str, Any]) -> dict[str, Any]:
        supervisor = browsing.supervisor
        target, session = supervisor.tab_session()
        history = await supervisor.send("Page.getNavigationHistory", session_id=session)
        index = int(history.get("currentIndex", 0))
        if index <= 0:
            raise ToolError("controller_error", "no_history: There is no previous page in this tab's history.")
        state = supervisor.state
        before, since = state.navigations.commits(target), state.dialogs.opened
        entry = history["entries"][index - 1]
        reply = await supervisor.act(
            supervisor.send("Page.navigateToHistoryEntry", {"entryId": entry["id"]}, session_id=session)
        )
        committed = not isinstance(reply, DialogInterrupt) and await supervisor.until(
            lambda: state.navigations.commits(target) > before, dialogs_since=since
        )
        if not committed:
            return await _interrupted(supervisor, DialogInterrupt(state.dialogs.pending_on(target)[-1]))
        top = state.frames.get(target)
        if top is not None and top.loader_id and not top.restored:
            interrupt = await _settle(supervisor, target, top.loader_id, since)
            if interrupt is not None:
                return await _interrupted(supervisor, interrupt)
        return await _page_info(supervisor, target)

    async def snapshot(self, browsing: Browsing, args: dict[str, Any]) -> dict[str, Any]:
        supervisor = browsing.supervisor
        target, _ = supervisor.tab_session()
        blocking = supervisor.state.dialogs.pending_on(target)
        if blocking:  # the page's JavaScript is stopped: its engine cannot answer, so say why instead
            dialog = blocking[0]
            text = (f"A {dialog.type} dialog ({dialog.id}) is open and blocks the page: {dialog.message!r}. "
                    "Answer it with browser_dialog (action accept or dismiss), then take a new snapshot.")
            result = {"snapshot": text, **await _page_info(supervisor, target)}
        else:
            result = await browsing.engine(load_engine()).snapshot(full=bool(args.get("full")))
        return result | supervisor.state.snapshot_metadata(target)

    async def click(self, browsing: Browsing, args: dict[str, Any]) -> dict[str, Any]:
        supervisor = browsing.supervisor
        _, session = supervisor.tab_session()
        x, y, rect = await browsing.engine(load_engine()).point(args["ref"])
        _check_actionable(rect)
        result = {"ok": True, "ref": rect["ref"], "role": rect.get("role"), "name": rect.get("name"),
                  "x": round(x), "y": round(y)}
        if rect.get("covered_by"):
            result["covered_by"] = rect["covered_by"]
        done = await supervisor.act(_mouse_click(supervisor, session, x, y))
        if isinstance(done, DialogInterrupt):
            return result | await _interrupted(supervisor, done)
        return result

    async def type(self, browsing: Browsing, args: dict[str, Any]) -> dict[str, Any]:
        supervisor = browsing.supervisor
        _, session = supervisor.tab_session()
        engine = browsing.engine(load_engine())
        ref = "@" + args["ref"].removeprefix("@")
        frame, facts = await engine.field(ref)
        real_keys = facts["editable"] or facts["tag"] == "textarea" or (
            facts["tag"] == "input" and facts["type"] in TEXT_INPUT_TYPES
        )
        if not real_keys:  # a <select>, a range or colour input...: the engine sets them as a user's choice would
            return await engine.call(frame, "type", ref, args["text"])
        x, y, rect = await engine.point(ref)
        _check_actionable(rect)
        text = args["text"].replace("\r", "")
        if facts["tag"] == "input":
            text = text.replace("\n", "")
        done = await supervisor.act(_replace_text(supervisor, session, x, y, text))
        result: dict[str, Any] = {"ok": True, "ref": rect["ref"], "role": rect.get("role"), "name": rect.get("name")}
        if isinstance(done, DialogInterrupt):
            return result | await _interrupted(supervisor, done)
        _, after = await engine.field(ref)
        if after["password"]:
            result["password"] = True
        else:
            result["value"] = after["value"]
        return result

    async def press(self, browsing: Browsing, args: dict[str, Any]) -> dict[str, Any]:
        supervisor = browsing.supervisor
        _, session = supervisor.tab_session()
        keys = parse_key(args["key"])

        async def press_and_release() -> None:
            await supervisor.send("Input.dispatchKeyEvent", keys.down, session_id=session)
            await supervisor.send("Input.dispatchKeyEvent", keys.up, session_id=session)

        done = await supervisor.act(press_and_release())
        result = {"ok": True, "key": args["key"]}
        if isinstance(done, DialogInterrupt):
            return result | await _interrupted(supervisor, done)
        return result

    async def scroll(self, browsing: Browsing, args: dict[str, Any]) -> dict[str, Any]:
        engine = browsing.engine(load_engine())
        ref = args.get("ref")
        if ref is None:
            return await engine.call(engine.frames()[0], "scroll", None, args["direction"])
        ref = "@" + ref.removeprefix("@")
        return await engine.call(await engine.owner_of(ref), "scroll", ref, args["direction"])

    async def tabs(self, browsing: Browsing, args: dict[str, Any]) -> list[dict[str, Any]]:
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

    async def tab_activate(self, browsing: Browsing, args: dict[str, Any]) -> dict[str, Any]:
        supervisor = browsing.supervisor
        target = supervisor.state.targets.target_of_tab(args["tab_id"])
        if target is None or target not in {info["targetId"] for info in await _tab_targets(browsing)}:
            raise ToolError("invalid_arguments", f"No tab {args['tab_id']}; call browser_tabs for the ids.")
        await supervisor.send("Target.activateTarget", {"targetId": target})
        await supervisor.control(target)
        browsing.active_target = target
        return {"id": args["tab_id"], **await _page_info(supervisor, target), "controlled": True}

    async def screenshot(self, browsing: Browsing, args: dict[str, Any]) -> dict[str, Any]:
        supervisor = browsing.supervisor
        _, session = supervisor.tab_session()
        shot = await supervisor.send("Page.captureScreenshot", {"format": "png"}, session_id=session)
        return {"mime_type": "image/png", "data": shot["data"]}

    async def dialog(self, browsing: Browsing, args: dict[str, Any]) -> dict[str, Any]:
        supervisor = browsing.supervisor
        dialog = await supervisor.respond_to_dialog(args["action"], args.get("prompt_text"), args.get("dialog_id"))
        return {
            "answered": dialog.as_json() | {"action": args["action"]},
            "pending_dialogs": [d.as_json() for d in supervisor.state.dialogs.pending.values()],
        }

    async def cdp(self, browsing: Browsing, args: dict[str, Any]) -> dict[str, Any]:
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
        try:
            reply = await supervisor.act(supervisor.send(method, args.get("params") or {}, session_id=session))
        except CDPCommandFailed as failed:
            raise ToolError("controller_error", f"cdp_error: {failed.message}") from None
        if isinstance(reply, DialogInterrupt):
            return await _interrupted(supervisor, reply)
        return {"result": reply}


_HANDLERS: dict[str, Handler] = {
    "browser_navigate": CDPBackend.navigate,
    "browser_back": CDPBackend.back,
    "browser_snapshot": CDPBackend.snapshot,
    "browser_click": CDPBackend.click,
    "browser_type": CDPBackend.type,
    "browser_press": CDPBackend.press,
    "browser_scroll": CDPBackend.scroll,
    "browser_tabs": CDPBackend.tabs,
    "browser_tab_activate": CDPBackend.tab_activate,
    "browser_screenshot": CDPBackend.screenshot,
    "browser_dialog": CDPBackend.dialog,
    "browser_cdp": CDPBackend.cdp,
}


# ----- helpers -------------------------------------------------------------------------------------------


def _refuse_if_dialog(supervisor: CDPSupervisor) -> None:
    target = supervisor.controlled_target
    blocking = supervisor.state.dialogs.pending_on(target) if target is not None else []
    if blocking:
        dialog = blocking[0]
        raise ToolError(
            "controller_error",
            f"dialog_open: A {dialog.type} dialog ({dialog.id}, {dialog.message[:200]!r}) blocks the page; answer "
            "it with browser_dialog (action accept or dismiss) first.",
        )


async def _interrupted(supervisor: CDPSupervisor, interrupt: DialogInterrupt) -> dict[str, Any]:
    """What an action reports when a dialog it caused now waits for the agent's answer."""
    dialog: PendingDialog = interrupt.dialog
    target, _ = supervisor.tab_session()
    return {
        **await _page_info(supervisor, target),
        "pending_dialogs": [d.as_json() for d in supervisor.state.dialogs.pending.values()],
        "notice": f"A {dialog.type} dialog ({dialog.id}) opened and blocks the page: {dialog.message[:200]!r}. "
                  "Answer it with browser_dialog.",
    }


def _closed_since(supervisor: CDPSupervisor, last: DialogRecord | None) -> list[DialogRecord]:
    """The dialogs closed after ``last`` (the newest record before an action)."""
    recent = list(supervisor.state.dialogs.recent)
    return recent[recent.index(last) + 1:] if last in recent else recent


async def _settle(supervisor: CDPSupervisor, target: str, loader_id: str, since: int) -> DialogInterrupt | None:
    """Wait for a new document's DOMContentLoaded, then (briefly) its load event, unless a dialog interrupts."""
    state = supervisor.state
    loaded = state.navigations.loaded
    if not await supervisor.until(lambda: loaded(target, loader_id, "DOMContentLoaded"), dialogs_since=since):
        return DialogInterrupt(state.dialogs.pending_on(target)[-1])
    try:
        async with asyncio.timeout(LOAD_GRACE_S):
            if not await supervisor.until(lambda: loaded(target, loader_id, "load"), dialogs_since=since):
                return DialogInterrupt(state.dialogs.pending_on(target)[-1])
    except TimeoutError:
        log.info("load did not fire within %gs of DOMContentLoaded; answering anyway", LOAD_GRACE_S)
    return None


async def _page_info(supervisor: CDPSupervisor, target: str) -> dict[str, str]:
    """``{url, title}`` from the browser's side, which answers even while a dialog blocks the page.

    The URL is the committed document's (from the frame tree): the browser's own idea of the
    tab's URL already shows a navigation that a beforeunload dialog is still holding back.
    """
    info = (await supervisor.send("Target.getTargetInfo", {"targetId": target}))["targetInfo"]
    top = supervisor.state.frames.get(target)
    return {"url": top.url if top is not None and top.url else info.get("url", ""), "title": info.get("title", "")}


async def _tab_targets(browsing: Browsing) -> list[dict[str, Any]]:
    """The page targets this session may see: its own browser context's, or all of a browser it does not share."""
    infos = (await browsing.supervisor.send("Target.getTargets"))["targetInfos"]
    context = browsing.supervisor.browser_context
    return [i for i in infos if i.get("type") == "page" and (context is None or i.get("browserContextId") == context)]


def _check_actionable(rect: dict[str, Any]) -> None:
    ref = rect.get("ref", "the element")
    if not rect.get("visible", True):
        raise ToolError("controller_error", f"not_visible: Element {ref} is not visible now; take a new snapshot.")
    if rect.get("disabled"):
        raise ToolError("controller_error", f"disabled: Element {ref} is disabled.")


async def _mouse_click(supervisor: CDPSupervisor, session: str, x: float, y: float) -> None:
    """A left click as the mouse makes it: move there, press, release."""
    await supervisor.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y}, session_id=session)
    for kind in ("mousePressed", "mouseReleased"):
        await supervisor.send("Input.dispatchMouseEvent", {
            "type": kind, "x": x, "y": y, "button": "left", "buttons": 1 if kind == "mousePressed" else 0,
            "clickCount": 1,
        }, session_id=session)


async def _replace_text(supervisor: CDPSupervisor, session: str, x: float, y: float, text: str) -> None:
    """Focus the field with a click, select what it holds, and type ``text`` over it (or delete it)."""
    await _mouse_click(supervisor, session, x, y)
    select_all = parse_key("Control+a")
    await supervisor.send("Input.dispatchKeyEvent", select_all.down, session_id=session)
    await supervisor.send("Input.dispatchKeyEvent", select_all.up, session_id=session)
    if text:
        await supervisor.send("Input.insertText", {"text": text}, session_id=session)
    else:
        delete = parse_key("Backspace")
        await supervisor.send("Input.dispatchKeyEvent", delete.down, session_id=session)
        await supervisor.send("Input.dispatchKeyEvent", delete.up, session_id=session)

