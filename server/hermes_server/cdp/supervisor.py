"""``CDPSupervisor``: one persistent DevTools connection per (session, endpoint), and the registry that owns them.

The supervisor is the I/O half of ``state.SupervisorState``: a background task pumps the
connection (``CDPConnection.pump``), every event goes through ``SupervisorState.feed``, and the
effects that come back are carried out here (answer a dialog, arm a watchdog, set up an
OOPIF's session, let a paused request through, fail what waits on a crashed tab).  Tool calls
borrow the same connection for their commands, so there is one connection per session however
many frames a page has, and a cloud provider's signed URL is only ever used once.  The
connection is a WebSocket or a share of the launched Chromium's pipe (``connection.Endpoint``);
nothing here depends on which.

Every flat session (the tab, and each OOPIF auto-attached inside it) is set up the same way:
``Page`` (dialogs, frames, lifecycle) and ``Runtime`` (console errors, execution contexts)
enabled, the init scripts (the dialog bridge, the snapshot engine's page-world hook and isolated world)
registered, and ``Target.setAutoAttach {autoAttach, flatten, waitForDebuggerOnStart}``, so each new OOPIF is
paused until it has been set up the same way and none of its scripts runs before ours; a page's worker, paused
too, is let run at once and detached from.

Waiting: ``until(check)`` re-evaluates ``check`` after every event (no polling), and
``act`` races a command against a dialog opening: a click whose handler calls ``alert``
only gets its reply once the dialog is closed, so the agent is told about the dialog
instead of waiting for a reply that needs its own answer first.  A tab whose page crashes
answers nothing more: its commands in flight and every wait on it fail at once
(``CDPTargetCrashed``) instead of lasting until the call's deadline.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from hermes_extension import page_hook_source
from hermes_server.cdp import bridge
from hermes_server.cdp.connection import CDPConnection, Endpoint
from hermes_server.cdp.dialogs import MUST_RESPOND, AnswerDialog, ArmWatchdog, AwaitInputReply, PendingDialog
from hermes_server.cdp.events import CDPEvent
from hermes_server.cdp.state import (
    ContinueRequest,
    Effect,
    RefreshFrameTree,
    ReleaseChild,
    SetUpChild,
    SupervisorState,
    TabCrashed,
)
from hermes_server.errors import CDPCommandFailed, CDPDisconnected, CDPError, CDPTargetCrashed

log = logging.getLogger(__name__)
T = TypeVar("T")

#: How long stopping may spend closing the tabs (or the browser context) it opened before it just drops the connection.
STOP_CLEANUP_TIMEOUT_S = 2.0
#: Auto-attach every child (a frame in another process, which is set up before it runs, and a page's workers): a filter
#: that left workers out did not keep them from waiting for a debugger, and a page that computes or uploads in a worker
#: (Taipy's uploads) hung. A child that is not a frame is let run and detached from (``ReleaseChild``).
AUTO_ATTACH = {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True}


@dataclass(frozen=True)
class InitScript:
    """A script run in every frame's new documents; in the isolated world ``world`` if given, else the main world."""

    source: str
    world: str | None = None


@dataclass(frozen=True)
class SupervisorOptions:
    """How a supervisor treats dialogs, and what it installs in every frame."""

    dialog_policy: str = MUST_RESPOND
    dialog_timeout_s: float = 300.0
    dialog_bridge: bool = False
    #: The snapshot engine, run in its own isolated world of every frame (``None``: no engine).
    engine: InitScript | None = None
    connect_timeout_s: float = 10.0


@dataclass(frozen=True)
class DialogInterrupt:
    """What ``act`` returns when a dialog opened (and now blocks the page) before the command answered."""

    dialog: PendingDialog


class CDPSupervisor:
    """One session's DevTools connection and everything it observes.  ``start`` it; ``stop`` tears it all down."""

    def __init__(
        self, session_id: str, endpoint: Endpoint, options: SupervisorOptions, *, clock: Callable[[], float] = time.time
    ) -> None:
        self.session_id = session_id
        self.endpoint = endpoint
        self.options = options
        self.state = SupervisorState(
            policy=options.dialog_policy,
            dialog_timeout_s=options.dialog_timeout_s,
            engine_world=(options.engine.world or "") if options.engine else "",
        )
        #: The tab the session's tools act on.
        self.controlled_target: str | None = None
        self._clock = clock
        self._connection: CDPConnection | None = None
        self._pump: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._watchdogs: dict[str, asyncio.TimerHandle] = {}
        self._own_context: str | None = None
        self._own_targets: set[str] = set()
        #: The browser's default context holds other sessions' tabs too (``open_tab``'s ``shared_by_sessions``).
        self.shares_context = False
        #: What else reads every event (``tap``): the session's downloads.
        self._taps: list[Callable[[CDPEvent], None]] = []
        #: Sent to every flat session after Page and Runtime are enabled: the bridge's interception, the init scripts.
        self._session_commands: list[tuple[str, dict[str, Any]]] = []
        if options.dialog_bridge:
            self._session_commands.append(("Fetch.enable", {"patterns": bridge.FETCH_PATTERNS}))
            self._session_commands.append(
                ("Page.addScriptToEvaluateOnNewDocument", {"source": bridge.SCRIPT, "runImmediately": True})
            )
        if options.engine is not None:
            # The engine's page-world hook first: it must see the page's addEventListener calls from the start.
            self._session_commands.append(
                ("Page.addScriptToEvaluateOnNewDocument", {"source": page_hook_source(), "runImmediately": True})
            )
            engine: dict[str, Any] = {"source": options.engine.source, "runImmediately": True}
            if options.engine.world:
                engine["worldName"] = options.engine.world
            self._session_commands.append(("Page.addScriptToEvaluateOnNewDocument", engine))

    # ----- life cycle -----

    async def start(self) -> None:
        """Connect and start pumping events (``CDPDisconnected`` if the endpoint cannot be reached)."""
        self._connection = await CDPConnection.open(
            self.endpoint, self._on_event, timeout_s=self.options.connect_timeout_s
        )
        self._pump = asyncio.create_task(self._connection.pump(), name=f"cdp-pump-{self.session_id}")
        self._pump.add_done_callback(lambda _: self._pulse())

    @property
    def alive(self) -> bool:
        return (
            self._connection is not None
            and not self._connection.closed
            and self._pump is not None
            and not self._pump.done()
        )

    async def stop(self) -> None:
        """Close what this supervisor opened (tabs, its browser context), the connection, and forget everything."""
        for handle in self._watchdogs.values():
            handle.cancel()
        self._watchdogs.clear()
        for task in list(self._tasks):
            task.cancel()
        if self.alive:
            # A browser context made with disposeOnDetach goes away, tabs and all, when a WebSocket closes; a
            # pipe stays open for the other sessions, so it is disposed of here (and tabs in a shared one closed).
            with contextlib.suppress(CDPError, TimeoutError):
                async with asyncio.timeout(STOP_CLEANUP_TIMEOUT_S):
                    if self._own_context is not None:
                        await self.send("Target.disposeBrowserContext", {"browserContextId": self._own_context})
                    else:
                        closing = self._own_targets
                        if self.shares_context:  # the tabs its tabs opened are the session's too
                            infos = (await self.send("Target.getTargets"))["targetInfos"]
                            closing = {info["targetId"] for info in self.own_tabs(infos)}
                        for target_id in closing:
                            await self.send("Target.closeTarget", {"targetId": target_id})
        if self._connection is not None:
            await self._connection.close()
        if self._pump is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._pump
        await asyncio.gather(*self._tasks, return_exceptions=True)

    # ----- commands -----

    async def send(
        self, method: str, params: dict[str, Any] | None = None, *, session_id: str | None = None
    ) -> dict[str, Any]:
        if self._connection is None:
            raise CDPDisconnected("the supervisor is not connected")
        return await self._connection.send(method, params, session_id=session_id)

    def input_in_flight(self, session_id: str) -> bool:
        """Whether the page on ``session_id`` is handling an input event the agent's action sent (``CDPConnection``)."""
        return self._connection is not None and bool(self._connection.input_replies(session_id))

    async def _settle_input(self, effect: AwaitInputReply) -> None:
        """Whether the controlled tab's input, on its way as a dialog opened, has its reply within the grace."""
        try:
            _, session = self.tab_session()
        except CDPDisconnected:
            replies = []
        else:
            replies = self._connection.input_replies(session) if self._connection is not None else []
        if replies:
            await asyncio.wait(replies, timeout=effect.within_s)
        replied = all(reply.done() for reply in replies)
        self._apply(self.state.dialogs.input_settled(effect.dialog_id, replied, self._clock()))
        self._pulse()

    async def open_tab(self, *, isolated: bool, shared_by_sessions: bool = False) -> str:
        """Open the session's tab (in a browser context of its own when ``isolated``) and control it.
        ``shared_by_sessions``: the default context holds other sessions' tabs too (``BrowserLease``).

        In the default context, the tab opens in a window of its own when a tab there already shows a page
        (``_shows_another_page``): as a tab in front of it, it would hide that page, which then draws no frames (a
        menu that opens with a transition stays closed) and runs its timers throttled. Otherwise it is a tab of
        the window there is: a window costs the browser about 0.2 s of CPU to open and close (measured: 40
        sessions took 21 CPU-s with a window each, 13 as tabs). A context of the session's own has a window of its
        own already."""
        self.shares_context = shared_by_sessions and not isolated
        params: dict[str, Any] = {"url": "about:blank"}
        if isolated:
            if self._own_context is None:
                reply = await self.send("Target.createBrowserContext", {"disposeOnDetach": True})
                self._own_context = str(reply["browserContextId"])
            params["browserContextId"] = self._own_context
        elif await self._shows_another_page():
            params["newWindow"] = True
        target_id = str((await self.send("Target.createTarget", params))["targetId"])
        self._own_targets.add(target_id)
        await self.control(target_id)
        return target_id

    async def _shows_another_page(self) -> bool:
        """Whether a tab of the browser's default context, not this session's, shows a page: another session
        controls it, or it is not blank (a user's tab, in a Chrome of theirs). The blank tab a browser starts with
        does not count. A browser that cannot list them (a cloud browser may not) gets a tab in the window there is."""
        try:
            contexts = await self.send("Target.getBrowserContexts")
            infos = (await self.send("Target.getTargets"))["targetInfos"]
        except CDPCommandFailed:
            return False
        others = set(contexts.get("browserContextIds", []))  # every context but the default one
        return any(
            info.get("type") == "page"
            and info.get("browserContextId") not in others
            and info["targetId"] not in self._own_targets
            and (info.get("attached") or info.get("url") != "about:blank")
            for info in infos
        )

    def own_tabs(self, infos: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Of ``infos`` (``Target.getTargets``), the tabs this session opened and the tabs those opened."""
        return own_tabs(infos, self._own_targets)

    def opened(self, target_id: str) -> bool:
        """Whether this supervisor opened ``target_id`` (the session's first tab, and each ``open_tab`` since)."""
        return target_id in self._own_targets

    @property
    def browser_context(self) -> str | None:
        """The browser context this supervisor created for its session, if it made one."""
        return self._own_context

    async def control(self, target_id: str) -> str:
        """Make ``target_id`` the controlled tab, attaching and setting it up first if needed; returns its session."""
        session_id = self.state.targets.tab_session(target_id)
        if session_id is None:
            reply = await self.send("Target.attachToTarget", {"targetId": target_id, "flatten": True})
            session_id = str(reply["sessionId"])
            self.state.tab_attached(session_id, target_id)
            await self._set_up_session(session_id, is_tab=True)
        self.controlled_target = target_id
        return session_id

    def tab_session(self) -> tuple[str, str]:
        """``(target id, session id)`` of the controlled tab (``CDPDisconnected`` if it is gone)."""
        target = self.controlled_target
        session_id = self.state.targets.tab_session(target) if target is not None else None
        if target is None or session_id is None:
            raise CDPDisconnected("the controlled tab is closed")
        return target, session_id

    async def _set_up_session(self, session_id: str, *, is_tab: bool) -> None:
        commands: list[tuple[str, dict[str, Any]]] = [("Page.enable", {}), ("Runtime.enable", {})]
        if is_tab:
            # A file chooser the page opens is never shown (a headed browser would wait on its native dialog): the
            # engine notes its input, and browser_file_upload without ref answers it.
            commands.append(("Page.setLifecycleEventsEnabled", {"enabled": True}))
            commands.append(("Page.setInterceptFileChooserDialog", {"enabled": True}))
        commands += self._session_commands
        commands += [("Target.setAutoAttach", AUTO_ATTACH), ("Page.getFrameTree", {})]
        # Sent back to back (one round trip, not eight); the browser runs them in order.
        replies = await asyncio.gather(*(self.send(m, p, session_id=session_id) for m, p in commands))
        self.state.frame_tree_loaded(session_id, replies[-1].get("frameTree") or {})
        if not is_tab:
            await self.send("Runtime.runIfWaitingForDebugger", session_id=session_id)

    # ----- dialogs -----

    async def respond_to_dialog(self, action: str, prompt_text: str | None, dialog_id: str | None) -> PendingDialog:
        """The agent's answer (``browser_dialog``); ``ToolError`` if there is no such dialog to answer."""
        dialog, effects = self.state.dialogs.answer(
            action, prompt_text, dialog_id, self.controlled_target, self._clock()
        )
        handle = self._watchdogs.pop(dialog.id, None)
        if handle is not None:
            handle.cancel()
        for effect in effects:
            if isinstance(effect, AnswerDialog):
                await self._answer(effect)
        return dialog

    async def _answer(self, effect: AnswerDialog) -> None:
        dialog = effect.dialog
        try:
            if dialog.bridge_request_id is not None:
                await self.send(
                    "Fetch.fulfillRequest",
                    bridge.fulfill_params(
                        dialog.bridge_request_id,
                        accept=effect.accept,
                        prompt_text=effect.prompt_text,
                    ),
                    session_id=dialog.cdp_session_id,
                )
            else:
                params: dict[str, Any] = {"accept": effect.accept}
                if dialog.type == "prompt" and effect.accept:
                    params["promptText"] = effect.prompt_text
                await self.send("Page.handleJavaScriptDialog", params, session_id=dialog.cdp_session_id)
        except CDPCommandFailed as failed:
            log.info("dialog %s had already closed when answered: %s", dialog.id, failed.cdp_message)

    def _watchdog_fired(self, dialog_id: str) -> None:
        self._watchdogs.pop(dialog_id, None)
        if dialog_id in self.state.dialogs.pending:
            log.warning("dialog %s got no answer within %gs; dismissing it", dialog_id, self.options.dialog_timeout_s)
        self._apply(self.state.dialogs.watchdog_fired(dialog_id, self._clock()))
        self._pulse()

    # ----- events and effects -----

    def _on_event(self, event: CDPEvent) -> None:
        self._apply(self.state.feed(event, self._clock()))
        for listener in self._taps:
            listener(event)
        self._pulse()

    def tap(self, listener: Callable[[CDPEvent], None]) -> None:
        """Have ``listener`` read every event too, after the state (it must not block: ``background`` its I/O)."""
        self._taps.append(listener)

    def background(self, work: Awaitable[Any]) -> None:
        """Run ``work`` beside the calls, as the supervisor's own (cancelled when it stops, failures logged)."""
        self._spawn(work)

    def _apply(self, effects: Sequence[Effect]) -> None:
        for effect in effects:
            if isinstance(effect, AnswerDialog):
                self._spawn(self._answer(effect))
            elif isinstance(effect, AwaitInputReply):
                self._spawn(self._settle_input(effect))
            elif isinstance(effect, ArmWatchdog):
                self._watchdogs[effect.dialog_id] = asyncio.get_running_loop().call_later(
                    effect.delay_s, self._watchdog_fired, effect.dialog_id
                )
            elif isinstance(effect, SetUpChild):
                self._spawn(self._set_up_child(effect.session_id))
            elif isinstance(effect, ReleaseChild):
                self._spawn(self._release_child(effect))
            elif isinstance(effect, RefreshFrameTree):
                self._spawn(self._refresh_frame_tree(effect.session_id))
            elif isinstance(effect, TabCrashed):
                if self._connection is not None:
                    self._connection.fail_waiting(effect.session_ids, CDPTargetCrashed("the tab's page crashed"))
            elif isinstance(effect, ContinueRequest):
                self._spawn(
                    self._quietly(
                        self.send(
                            "Fetch.continueRequest", {"requestId": effect.request_id}, session_id=effect.session_id
                        )
                    )
                )

    async def _set_up_child(self, session_id: str) -> None:
        try:
            await self._set_up_session(session_id, is_tab=False)
        except CDPCommandFailed as failed:  # the frame went away while we set it up
            log.debug("child session %s not set up: %s", session_id, failed)

    async def _release_child(self, effect: ReleaseChild) -> None:
        await self._quietly(self.send("Runtime.runIfWaitingForDebugger", session_id=effect.session_id))
        await self._quietly(
            self.send("Target.detachFromTarget", {"sessionId": effect.session_id}, session_id=effect.parent)
        )

    async def _refresh_frame_tree(self, session_id: str) -> None:
        with contextlib.suppress(CDPCommandFailed):
            reply = await self.send("Page.getFrameTree", session_id=session_id)
            self.state.frame_tree_loaded(session_id, reply.get("frameTree") or {})
            self._pulse()

    @staticmethod
    async def _quietly(command: Awaitable[Any]) -> None:
        with contextlib.suppress(CDPCommandFailed):
            await command

    def _spawn(self, work: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(_log_failure)

    def _pulse(self) -> None:
        """Wake everything waiting in ``until``: the state may have changed."""
        self._changed.set()
        self._changed = asyncio.Event()

    # ----- waiting -----

    async def until(self, check: Callable[[], bool], *, dialogs_since: int | None = None) -> bool:
        """Wait until ``check()`` holds (True), or a dialog opened since ``dialogs_since`` blocks the tab (False).

        ``dialogs_since`` is a reading of ``state.dialogs.opened`` taken before the action
        that may open one; None waits for ``check`` alone.  Re-checked after every event;
        ``CDPDisconnected`` if the connection dies first, ``CDPTargetCrashed`` if the controlled
        tab's page crashes.  Bound it with the caller's timeout.
        """
        while not check():
            if (
                dialogs_since is not None
                and self.state.dialogs.opened != dialogs_since
                and self._dialog_on_controlled_tab()
            ):
                return False
            if not self.alive:
                raise CDPDisconnected("the DevTools connection closed")
            if self.controlled_target is not None and self.state.targets.is_crashed(self.controlled_target):
                raise CDPTargetCrashed("the controlled tab's page crashed")
            await self._changed.wait()
        return True

    async def act(self, command: Awaitable[T], *, dialogs_since: int | None = None) -> T | DialogInterrupt:
        """Run ``command``; if a dialog opens on the controlled tab before it answers, stop waiting and say so."""
        since = self.state.dialogs.opened if dialogs_since is None else dialogs_since
        task = asyncio.ensure_future(command)
        task.add_done_callback(lambda _: self._pulse())
        try:
            finished = await self.until(task.done, dialogs_since=since)
        except BaseException:
            task.cancel()
            raise
        if finished:
            return task.result()
        task.add_done_callback(_log_failure)  # it answers once the dialog is closed; nobody needs the reply
        return DialogInterrupt(self._newest_dialog())

    def _dialog_on_controlled_tab(self) -> bool:
        return self.controlled_target is not None and bool(self.state.dialogs.pending_on(self.controlled_target))

    def _newest_dialog(self) -> PendingDialog:
        assert self.controlled_target is not None
        return self.state.dialogs.pending_on(self.controlled_target)[-1]


def _log_failure(task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and task.exception() is not None and not isinstance(task.exception(), CDPError):
        log.error("CDP supervisor background work failed", exc_info=task.exception())


class SupervisorRegistry:
    """At most one live supervisor per session; a new endpoint replaces the old supervisor, sharing no state."""

    def __init__(self, *, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._supervisors: dict[str, CDPSupervisor] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    def get(self, session_id: str) -> CDPSupervisor | None:
        return self._supervisors.get(session_id)

    async def get_or_start(self, session_id: str, endpoint: Endpoint, options: SupervisorOptions) -> CDPSupervisor:
        """The session's supervisor for ``endpoint``: the running one (idempotent), or a fresh one with ``options``.

        A supervisor on another endpoint, or one whose connection died, is stopped first.
        """
        async with self._locks.setdefault(session_id, asyncio.Lock()):
            current = self._supervisors.get(session_id)
            if current is not None and current.endpoint == endpoint and current.alive:
                return current
            if current is not None:
                await self._drop(session_id)
            supervisor = CDPSupervisor(session_id, endpoint, options, clock=self._clock)
            await supervisor.start()
            self._supervisors[session_id] = supervisor
            return supervisor

    async def stop(self, session_id: str) -> None:
        async with self._locks.setdefault(session_id, asyncio.Lock()):
            await self._drop(session_id)

    async def _drop(self, session_id: str) -> None:
        supervisor = self._supervisors.pop(session_id, None)
        if supervisor is not None:
            await supervisor.stop()

    async def stop_all(self) -> None:
        for session_id in list(self._supervisors):
            await self.stop(session_id)


def own_tabs(infos: list[dict[str, Any]], opened: set[str]) -> list[dict[str, Any]]:
    """The page targets of ``infos`` that are in ``opened`` or were opened from one of them, at any remove (a
    popup's popup): in a browser context other sessions share, what of it is one session's."""
    pages = [info for info in infos if info.get("type") == "page"]
    owned = set(opened)
    grew = True
    while grew:
        grew = False
        for info in pages:
            if info["targetId"] not in owned and info.get("openerId") in owned:
                owned.add(info["targetId"])
                grew = True
    return [info for info in pages if info["targetId"] in owned]
