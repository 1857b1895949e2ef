"""When browser_file_upload without ``ref`` may answer a file chooser, the same on both lanes (no I/O).

A page's file chooser is a moment, not a state: a person picks files in it right after the click that opened it,
or closes it. So a chooser an action opened (its answer says ``file_chooser``) is answerable only by the next upload
after that action, within ``CHOOSER_LIFETIME_S``; any other action in between (a click, a key, a navigation, another
tab) closes it, and so does an upload that answers it. An upload the lane refuses before it gives any file (a wrong
path, two files for a one-file input) leaves it open for the next. Reads (a snapshot, a screenshot, a tab list) do
not count as actions. After that the answer is ``no_file_chooser``. The lanes add the rest: the chooser is kept per
tab (the extension lane) or per frame of the controlled tab (the cdp lane), and the engine that knows its input
lives and dies with its document, so a chooser is answered only in the tab and document that opened it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hermes_server.routing.outcome import ToolOutcome
from hermes_wire.errors import ToolError
from hermes_wire.tool_spec import ToolSpec

#: How long after the action that opened it a file chooser may be answered (seconds).
CHOOSER_LIFETIME_S = 60.0

NO_FILE_CHOOSER = (
    "no_file_chooser: No file chooser is open: click the uploader's button first (its answer says file_chooser), "
    "then upload with the very next action, within {lifetime:g} s; or give ref (the file input or the drop zone)."
)


@dataclass
class ChooserWatch:
    """Each session's open file chooser: when the action that opened it answered; the router feeds it every call."""

    lifetime_s: float = CHOOSER_LIFETIME_S
    clock: Callable[[], float] = time.monotonic
    _opened_at: dict[str, float] = field(default_factory=dict)

    def check(self, session_id: str, tool: ToolSpec, arguments: dict[str, Any]) -> None:
        """Before a call: an upload without ref fails with ``no_file_chooser`` unless the session's last action
        opened a chooser less than ``lifetime_s`` ago."""
        if not _answers_chooser(tool, arguments):
            return
        opened_at = self._opened_at.get(session_id)
        if opened_at is None or self.clock() - opened_at > self.lifetime_s:
            self._opened_at.pop(session_id, None)
            raise ToolError("controller_error", NO_FILE_CHOOSER.format(lifetime=self.lifetime_s))

    def answered(self, session_id: str, tool: ToolSpec, arguments: dict[str, Any], outcome: ToolOutcome) -> None:
        """After a call: an action that opened a chooser opens the session's; any other action closes it, except an
        upload without ref that failed (it gave the chooser nothing)."""
        if tool.read_only or (tool.name == "browser_tabs" and arguments.get("action", "list") == "list"):
            return
        if _answers_chooser(tool, arguments) and not outcome.ok:
            return
        result = outcome.result if outcome.ok and isinstance(outcome.result, dict) else {}
        if result.get("file_chooser"):
            self._opened_at[session_id] = self.clock()
        else:
            self._opened_at.pop(session_id, None)


def _answers_chooser(tool: ToolSpec, arguments: dict[str, Any]) -> bool:
    return tool.name == "browser_file_upload" and "ref" not in arguments
