"""Fail-closed routing of tool calls, and the one wrapper every tool call goes through.

A session whose lane is ``extension`` is served by the extension lane and nothing
else: a missing, disconnected, ambiguous, detached or incapable controller fails
the call.  There is no fallback to another browser and no retry on another
backend.  Sessions on the ``cdp`` lane go to the existing (CDP) backend.  A tool
declared for other lanes only (``ToolSpec.lanes``) fails on this session's lane
rather than being sent to a lane that can serve it, and a tool the configuration
has not turned on (``ToolSpec.switched_on_by``: ``browser_cdp``) fails on every
lane: the tools a session is served (``served_tools``) are the ones every list shows.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Collection
from typing import Any

from hermes_server.documents import extract_text
from hermes_server.routing import downloads, pdf_tab, screenshots
from hermes_server.routing.choosers import ChooserWatch
from hermes_server.routing.lanes import Backend, ToolCall
from hermes_server.routing.outcome import ToolOutcome
from hermes_server.routing.sessions import Session
from hermes_server.routing.uploads import UploadFile, UploadPolicy, checked_files
from hermes_wire.errors import ToolError
from hermes_wire.tool_fields import SEE_DEFAULT
from hermes_wire.tool_spec import EXTENSION_LANE, OWN_WAIT_MARGIN_S, ToolSpec
from hermes_wire.tools import TOOLS, tools_for_lane

#: The keys of browser_snapshot's answer that an action's answer takes when it shows the page (``see``).
SEEN_KEYS = ("snapshot", "changes", "unchanged")
#: The tools whose lane answers with the session's download records, which the router reads the files of.
DOWNLOAD_READS = frozenset({"browser_downloads", "browser_read_download"})
#: The tools whose lane answers with the bytes of a PDF the tab shows, which the router reads the text of.
PDF_READS = frozenset({"browser_snapshot", "browser_find"})
#: The least time the read after an action gets, whatever is left of the call's own timeout.
SEE_MIN_TIMEOUT_S = 5.0


class Router:
    def __init__(
        self,
        *,
        extension: Backend,
        cdp: Backend,
        switched_on: Collection[str] = frozenset(),
        uploads: UploadPolicy | None = None,
        choosers: ChooserWatch | None = None,
        downloads: downloads.DownloadPolicy | None = None,
    ) -> None:
        """``switched_on``: the keys that turn on a tool off by default (``ServerConfig.tool_switches``);
        ``uploads``: where browser_file_upload may take files from (none: it refuses every file); ``choosers``: when
        an upload without ref may answer a file chooser (a watch of its own if not given); ``downloads``: the folders
        a session's downloads are read from, and the caps (none: no download can be read)."""
        self._extension = extension
        self._cdp = cdp
        self._switched_on = frozenset(switched_on)
        self._uploads = uploads or UploadPolicy(folders=())
        self.choosers = choosers or ChooserWatch()
        self._downloads = downloads

    def served_tools(self, session: Session) -> list[ToolSpec]:
        """The tools ``session`` can call, in declaration order: what the HTTP and MCP tool lists show."""
        return tools_for_lane(session.browser_lane, self._switched_on)

    def backend_for(self, session: Session) -> Backend:
        return self._extension if session.browser_lane == EXTENSION_LANE else self._cdp

    async def run_tool(
        self, session: Session, tool: ToolSpec, arguments: Any, *, tool_call_id: str, timeout_s: float
    ) -> ToolOutcome:
        """Validate, route and run one call; always returns an outcome stamped with the lane that answered."""
        backend = self.backend_for(session)
        try:
            if session.browser_lane not in tool.lanes:
                raise ToolError(
                    "capability_not_allowed",
                    f"{tool.name} runs only on the {' or '.join(sorted(tool.lanes))} lane and this session is on "
                    f"the {session.browser_lane} lane; create a session with that browser_lane to use it.",
                )
            if tool.switched_on_by is not None and tool.switched_on_by not in self._switched_on:
                raise ToolError(
                    "capability_not_allowed",
                    f"{tool.name} is off on this server: it bypasses every guard the other tools keep, so it runs "
                    f"only once the user sets {tool.switched_on_by}: true in the server's configuration and restarts "
                    "the server (docs/configuration.md). Use the tools the session lists.",
                )
            checked = tool.validate(arguments)
            if tool.name == "browser_screenshot":
                screenshots.check_arguments(checked)
            self.choosers.check(session.session_id, tool, checked)
            uploads: tuple[UploadFile, ...] = ()
            if tool.name == "browser_file_upload":  # read once, here: the lane gets the checked bytes, never a path
                uploads = tuple(await asyncio.to_thread(checked_files, checked["paths"], self._uploads))
                checked = checked | {"paths": [file.name for file in uploads]}
        except ToolError as error:
            outcome = ToolOutcome.of_error(error)
        else:
            if tool.own_wait is not None:  # the call's own wait ends before its deadline (ToolSpec.own_wait)
                argument, default = tool.own_wait
                timeout_s = max(timeout_s, float(checked.get(argument, default)) + OWN_WAIT_MARGIN_S)
            see = checked.get("see", SEE_DEFAULT) if "see" in tool.schema["properties"] else "none"
            action = {key: value for key, value in checked.items() if key != "see"}
            started = time.monotonic()
            outcome = await backend.run(ToolCall(session, tool, action, tool_call_id, timeout_s, uploads))
            self.choosers.answered(session.session_id, tool, action, outcome)
            if tool.name in DOWNLOAD_READS:
                outcome = await self._read_downloads(session, tool.name, action, outcome)
            if tool.name in PDF_READS:  # a PDF the tab shows: its bytes made into its text, the same for both lanes
                outcome = await pdf_tab.read_in_tab(tool.name, action, outcome)
            if tool.name == "browser_screenshot":
                outcome = await self._finished_screenshot(outcome, annotate=bool(checked.get("annotate")))
            if outcome.ok and see != "none" and isinstance(outcome.result, dict):
                left_s = max(timeout_s - (time.monotonic() - started), SEE_MIN_TIMEOUT_S)
                outcome = await self._shown(backend, session, outcome, see, tool_call_id, left_s)
        return outcome.answered_by(backend.name)

    async def _read_downloads(
        self, session: Session, tool: str, action: dict[str, Any], outcome: ToolOutcome
    ) -> ToolOutcome:
        """The lane's records of the session's downloads made into the agent's answer: the files themselves are read
        here, the same way for both lanes, and only inside the session's download folder (``downloads``)."""
        if not outcome.ok or not isinstance(outcome.result, dict):
            return outcome
        policy = self._downloads
        if policy is None:
            return ToolOutcome.failure("controller_error", "download_unreadable: this server reads no downloads.")
        folder = policy.folder_for(session.browser_lane, session.session_id)
        try:
            if tool == "browser_downloads":
                records = outcome.result.get("downloads")
                shown = await asyncio.to_thread(downloads.listed, records, folder, policy.caps)
                return ToolOutcome.success(outcome.result | {"downloads": shown})
            record = outcome.result.get("download")
            read = await asyncio.to_thread(
                downloads.read, record, folder, policy.caps, action.get("max_chars"), extract_text
            )
            return ToolOutcome.success(read)
        except ToolError as error:
            return ToolOutcome.of_error(error)

    @staticmethod
    async def _finished_screenshot(outcome: ToolOutcome, *, annotate: bool) -> ToolOutcome:
        """The lane's capture made into the agent's one PNG (stitched, cropped, labelled: ``screenshots``), off the
        event loop: decoding and encoding a tall page takes a while."""
        if not outcome.ok or not isinstance(outcome.result, dict):
            return outcome
        try:
            return ToolOutcome.success(await asyncio.to_thread(screenshots.finished, outcome.result, annotate=annotate))
        except ToolError as error:
            return ToolOutcome.of_error(error)

    async def _shown(
        self, backend: Backend, session: Session, outcome: ToolOutcome, see: str, tool_call_id: str, timeout_s: float
    ) -> ToolOutcome:
        """The action's answer with the page as it is after it (``see``: its changes, or the compact page), read
        through the lane's own browser_snapshot, so that the user's rules for reading apply. A read that fails
        leaves the action's success as it is, with the reason (``snapshot_error``)."""
        read = ToolCall(
            session, TOOLS["browser_snapshot"], {"changes": see == "changes"}, f"{tool_call_id}:see", timeout_s
        )
        view = await pdf_tab.read_in_tab("browser_snapshot", read.arguments, await backend.run(read))
        if not view.ok:
            shown: dict[str, Any] = {"snapshot_error": {"code": view.error_code, "message": view.error_message}}
        elif isinstance(view.result, dict):
            shown = {key: view.result[key] for key in SEEN_KEYS if key in view.result}
        else:
            shown = {"snapshot_error": {"code": "controller_error", "message": "The page was read in a wrong shape."}}
        return ToolOutcome.success(outcome.result | shown)
