"""``CDPBackend``: the cdp lane, which serves every session not bound to an extension.

Each session gets, on its first call, a browser from the configured source (``providers``),
a ``CDPSupervisor`` from the ``SupervisorRegistry`` (one persistent DevTools socket), and one
tab of its own.  Every later call reuses them; closing the session (or stopping the server)
tears them down.

The tools themselves are ``tools.HANDLERS``.  ``CDPBackend.run`` wraps every one of them in
the same guards, so the failures read the same whichever tool failed (stable codes,
``hermes_wire.errors``):

* the call takes longer than its timeout: ``command_timeout``;
* the browser cannot be had (no Chromium, a provider refusing, an endpoint down):
  ``backend_unavailable``, saying what to fix;
* the browser went away *during* a call: ``controller_disconnected`` (the action may or may
  not have happened; nothing is retried); the next call starts a new browser and its result
  carries a ``notice`` that the session's page state was lost (so does a replaced tab);
* the controlled tab's page crashed (its renderer is gone), during the call or before it:
  ``controller_error``, ``tab_crashed: …``, at once rather than at the deadline (nothing on that
  page will answer again), and the session gets a new blank tab, so the crash is reported once
  and the agent's next call works (the extension lane reports a crash with the same prefix);
* a dialog blocks the page: the tools declared ``blocked_by_dialog`` are refused
  (``controller_error``, ``dialog_open: …``) until ``browser_dialog`` answers it, and an
  action that opened one returns at once with ``pending_dialogs`` (``tools.DialogOpened``)
  instead of waiting for an answer that must come from the agent;
* anything the engine or the browser refuses: ``controller_error: <code>: <message>``, the
  format the extension lane uses.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from hermes_server.cdp.chromium import UPLOAD_COPIES_PREFIX, owned_temporary_folder
from hermes_server.cdp.downloads import DownloadWatch, stop_watching, watch_downloads, with_download
from hermes_server.cdp.engine import load_engine
from hermes_server.cdp.providers import BrowserLease, BrowserSource, source_from_config
from hermes_server.cdp.supervisor import CDPSupervisor, SupervisorOptions, SupervisorRegistry
from hermes_server.cdp.tools import HANDLERS, Browsing, ChannelCheck, DialogOpened, dialog_opened_result
from hermes_server.cdp.tools.table import Action
from hermes_server.cdp.tools.uploads import stage_copies
from hermes_server.config import ServerConfig
from hermes_server.errors import (
    CDPCommandFailed,
    CDPDisconnected,
    CDPTargetCrashed,
    ConfigError,
    LaunchError,
    ProviderError,
)
from hermes_server.routing.downloads import DownloadPolicy
from hermes_server.routing.lanes import ToolCall
from hermes_server.routing.outcome import ToolOutcome
from hermes_wire.errors import ToolError
from hermes_wire.tool_spec import CDP_LANE
from hermes_wire.tools import TOOLS

LOST_NOTICE = (
    "The browser behind this session went away (it crashed, was killed or its connection dropped) and was "
    "started again: this session's page state (tabs, history, cookies, refs) was lost, and it now has one blank tab."
)
TAB_CLOSED_NOTICE = "The controlled tab was closed; this session now controls a new blank tab."
#: The actions whose answer says which download they started (``download`` among their result fields).
DOWNLOADING_TOOLS = frozenset(
    spec.name for spec in TOOLS.values() if any(field.name == "download" for field in spec.result_fields)
)


class CDPBackend:
    """Serves the ``cdp`` lane (``routing.lanes.Backend``), and frees each session's browser when it closes."""

    name = CDP_LANE

    def __init__(
        self,
        source: BrowserSource,
        *,
        dialog_policy: str = "must_respond",
        dialog_timeout_s: float = 300.0,
        dialog_bridge: str = "auto",
        downloads: DownloadPolicy | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.source = source
        self.registry = SupervisorRegistry(clock=clock)
        self._dialog_policy = dialog_policy
        self._dialog_timeout_s = dialog_timeout_s
        self._dialog_bridge = dialog_bridge
        self._sessions: dict[str, Browsing] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        #: Each session's private folder of upload copies (``stage_copies``), removed when the session ends.
        self._upload_copies: dict[str, Path] = {}
        #: Where each session's downloads go, and the caps; each session's records (they outlive a replaced browser).
        self._download_policy = downloads
        self._downloads: dict[str, DownloadWatch] = {}

    @classmethod
    def from_config(cls, config: ServerConfig, environ: Mapping[str, str] | None = None) -> CDPBackend:
        return cls(
            source_from_config(config, os.environ if environ is None else environ),
            dialog_policy=config.dialog_policy,
            dialog_timeout_s=config.dialog_timeout_s,
            dialog_bridge=config.dialog_bridge,
            downloads=config.download_policy,
        )

    # ----- the Backend interface, and session life -----

    async def run(self, call: ToolCall) -> ToolOutcome:
        """Serve one call: its handler, inside the guards every tool shares (see the module docstring)."""
        handler = HANDLERS.get(call.tool.name)
        if handler is None:
            return ToolOutcome.failure("capability_not_allowed", f"{call.tool.name} is not served by the cdp lane.")
        if isinstance(handler, ChannelCheck):
            return ToolOutcome.success({})
        notice: str | None = None
        try:
            async with asyncio.timeout(call.timeout_s):
                browsing, notice = await self._browsing(call.session.session_id)
                if call.tool.blocked_by_dialog:
                    _refuse_if_dialog(browsing.supervisor)
                arguments = call.arguments
                if call.uploads:  # the bytes the router read, as private files of the server's for the browser
                    copies = self._copies_folder(call.session.session_id)
                    arguments = arguments | {"paths": await asyncio.to_thread(stage_copies, copies, call.uploads)}
                try:
                    result = await self._handled(call, browsing, handler, arguments)
                except DialogOpened as opened:
                    result = await dialog_opened_result(browsing.supervisor, opened)
                except CDPTargetCrashed:
                    async with self._locks.setdefault(call.session.session_id, asyncio.Lock()):
                        await _replace_if_crashed(browsing)
                    raise
        except Exception as error:
            failure = self._failure(call, error)
            if failure is None:
                raise
            return _with_notice(failure, notice)
        return _with_notice(ToolOutcome.success(result), notice)

    @staticmethod
    async def _handled(call: ToolCall, browsing: Browsing, handler: Action, arguments: dict[str, Any]) -> Any:
        """The handler's result; for an action that may start a download, with the first one it started."""
        watch = browsing.downloads
        mark, dropped = (len(watch.records) if watch else 0), browsing.supervisor.state.navigations.dropped_anywhere()
        result = await handler(browsing, arguments)
        if call.tool.name in DOWNLOADING_TOOLS and watch is not None:
            return await with_download(browsing.supervisor, watch, result, mark=mark, dropped=dropped)
        if isinstance(result, dict):
            result.pop("downloading", None)  # the engine's word for the lane, not the agent's
        return result

    def _failure(self, call: ToolCall, error: Exception) -> ToolOutcome | None:
        """What the agent is told when ``error`` ends the call; None for an error no call should meet (a bug)."""
        if isinstance(error, TimeoutError):
            return ToolOutcome.failure(
                "command_timeout",
                f"{call.tool.name} did not finish within {call.timeout_s:g}s; what it did so far "
                "stays done. Take a browser_snapshot to see the page.",
            )
        if isinstance(error, ToolError):
            return ToolOutcome.of_error(error)
        if isinstance(error, CDPTargetCrashed):
            return ToolOutcome.failure(
                "controller_error",
                f"tab_crashed: The page in the controlled tab crashed (its renderer is gone), so {call.tool.name} "
                "did not finish, and the page's state is lost. This session now controls a new blank tab: "
                "navigate again with browser_navigate.",
            )
        if isinstance(error, CDPDisconnected):
            return ToolOutcome.failure(
                "controller_disconnected",
                f"The browser went away during {call.tool.name} (it crashed, was closed or the connection dropped); "
                "the action may or may not have happened. The next call starts the browser again, and this "
                "session's page state is lost.",
            )
        if isinstance(error, CDPCommandFailed):
            return ToolOutcome.failure("controller_error", f"cdp_error: {error.message}")
        if isinstance(error, LaunchError | ProviderError | ConfigError):
            return ToolOutcome.failure(
                "backend_unavailable", f"No browser for this session from {self.source.label}: {error.message}"
            )
        return None

    async def close_session(self, session_id: str) -> None:
        """The agent closed the session: close its tab (or browser context), its socket and any cloud browser."""
        async with self._locks.setdefault(session_id, asyncio.Lock()):
            browsing = self._sessions.pop(session_id, None)
            if self._downloads.pop(session_id, None) is not None and browsing is not None:
                await stop_watching(browsing.supervisor)  # the files stay: the user may want what the agent fetched
            await self.registry.stop(session_id)
            await self.source.release(session_id)
            await self._remove_copies(session_id)
        self._locks.pop(session_id, None)

    async def aclose(self) -> None:
        """The server stops: every supervisor, then the browser source (the local Chromium, cloud sessions)."""
        self._sessions.clear()
        await self.registry.stop_all()
        await self.source.aclose()
        for session_id in list(self._upload_copies):
            await self._remove_copies(session_id)

    def _copies_folder(self, session_id: str) -> Path:
        """The session's private folder (0700) of the uploads' copies its browser reads; it names this server as its
        owner, so that a server killed outright (no cleanup runs) has it swept at the next launch, as its profiles."""
        if session_id not in self._upload_copies:
            self._upload_copies[session_id] = owned_temporary_folder(UPLOAD_COPIES_PREFIX)
        return self._upload_copies[session_id]

    async def _remove_copies(self, session_id: str) -> None:
        folder = self._upload_copies.pop(session_id, None)
        if folder is not None:
            await asyncio.to_thread(shutil.rmtree, folder, True)

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
                supervisor = await self.registry.get_or_start(session_id, lease.endpoint, self._options(lease))
            except CDPDisconnected as refused:
                raise ProviderError(f"its DevTools endpoint did not take a connection ({refused.message})") from None
            target = await open_session_tab(supervisor, lease)
            browsing = Browsing(supervisor, lease, target, downloads=await self._watching(session_id, supervisor))
            self._sessions[session_id] = browsing
            return browsing, LOST_NOTICE if lost else None

    async def _watching(self, session_id: str, supervisor: CDPSupervisor) -> DownloadWatch | None:
        """The session's downloads, saved into its folder by this (new) browser; None on a server that keeps none."""
        policy = self._download_policy
        if policy is None:
            return None
        watch = self._downloads.get(session_id)
        if watch is None:
            watch = DownloadWatch(policy.folder_for(CDP_LANE, session_id), policy.caps)
            self._downloads[session_id] = watch
        await watch_downloads(supervisor, watch)
        return watch

    def _options(self, lease: BrowserLease) -> SupervisorOptions:
        bridge = self._dialog_bridge == "on" or (self._dialog_bridge == "auto" and lease.closes_dialogs)
        return SupervisorOptions(
            dialog_policy=self._dialog_policy,
            dialog_timeout_s=self._dialog_timeout_s,
            dialog_bridge=bridge,
            engine=load_engine(),
        )

    async def _tab_check(self, browsing: Browsing) -> str | None:
        """A controlled tab that was closed is replaced by a fresh one, with a notice; one that crashed, too, and
        the call fails as ``tab_crashed`` (``CDPTargetCrashed``)."""
        supervisor = browsing.supervisor
        if await _replace_if_crashed(browsing):
            raise CDPTargetCrashed("the controlled tab's page crashed before the call")
        target = supervisor.controlled_target
        if target is None or supervisor.state.targets.tab_session(target) is None:
            browsing.active_target = await open_session_tab(supervisor, browsing.lease)
            return TAB_CLOSED_NOTICE
        return None


async def _replace_if_crashed(browsing: Browsing) -> bool:
    """Close the controlled tab and control a new blank one, if its page crashed; whether it did.

    Called under the session's lock, so two calls that meet the same crash replace the tab once.
    """
    supervisor = browsing.supervisor
    target = supervisor.controlled_target
    if target is None or not supervisor.state.targets.is_crashed(target):
        return False
    await supervisor.send("Target.closeTarget", {"targetId": target})
    browsing.active_target = await open_session_tab(supervisor, browsing.lease)
    return True


def _refuse_if_dialog(supervisor: CDPSupervisor) -> None:
    """A tool that needs the page's JavaScript cannot run while a dialog holds it."""
    target = supervisor.controlled_target
    blocking = supervisor.state.dialogs.pending_on(target) if target is not None else []
    if blocking:
        dialog = blocking[0]
        raise ToolError(
            "controller_error",
            f"dialog_open: A {dialog.type} dialog ({dialog.id}, {dialog.message[:200]!r}) blocks the page; answer "
            "it with browser_dialog (action accept or dismiss) first.",
        )


def _with_notice(outcome: ToolOutcome, notice: str | None) -> ToolOutcome:
    """``outcome`` telling the agent that its browser or tab was replaced before the call (``notice``), if it was."""
    if notice is None:
        return outcome
    if not outcome.ok:
        return ToolOutcome.failure(outcome.error_code or "controller_error", f"{notice} {outcome.error_message}")
    if isinstance(outcome.result, dict):
        notices = " ".join(filter(None, (notice, outcome.result.get("notice"))))
        return ToolOutcome.success(outcome.result | {"notice": notices})
    return ToolOutcome.failure("controller_error", f"browser_restarted: {notice} Call again.")


async def open_session_tab(supervisor: CDPSupervisor, lease: BrowserLease) -> str:
    """A new tab for the session, where its browser puts the session's tabs (``BrowserLease``)."""
    return await supervisor.open_tab(isolated=lease.isolated, shared_by_sessions=lease.shared_by_sessions)
