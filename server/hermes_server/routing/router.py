"""Fail-closed routing of tool calls, and the one wrapper every tool call goes through.

A session whose lane is ``extension`` is served by the extension lane and nothing
else: a missing, disconnected, ambiguous, detached or incapable controller fails
the call.  There is no fallback to another browser and no retry on another
backend.  Sessions on the ``cdp`` lane go to the existing (CDP) backend.  A tool
declared for other lanes only (``ToolSpec.lanes``) fails on this session's lane
rather than being sent to a lane that can serve it.
"""

from __future__ import annotations

from typing import Any

from hermes_server.routing.lanes import Backend, ToolCall
from hermes_server.routing.outcome import ToolOutcome
from hermes_server.routing.sessions import Session
from hermes_wire.errors import ToolError
from hermes_wire.tools import EXTENSION_LANE, ToolSpec


class Router:
    def __init__(self, *, extension: Backend, cdp: Backend) -> None:
        self._extension = extension
        self._cdp = cdp

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
            checked = tool.validate(arguments)
        except ToolError as error:
            outcome = ToolOutcome.of_error(error)
        else:
            outcome = await backend.run(ToolCall(session, tool, checked, tool_call_id, timeout_s))
        return outcome.answered_by(backend.name)
