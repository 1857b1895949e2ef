"""Issue 23, item 3, in the router's core: an action's answer shows the page after it (``see``).

The router runs the action, then the lane's own browser_snapshot (changes, or the compact page), and merges what
that read answers; ``see`` itself never reaches a lane. Messages in, messages out: a scripted backend records
every call and answers from a table, with no server and no browser.
"""

from __future__ import annotations

from typing import Any

import pytest

from hermes_server.routing.lanes import ToolCall
from hermes_server.routing.outcome import ToolOutcome
from hermes_server.routing.router import Router
from hermes_server.routing.sessions import Session
from hermes_wire.tool_spec import CDP_LANE
from hermes_wire.tools import TOOLS

SESSION = Session("sess_1", "principal", "test", CDP_LANE, 0.0)


class ScriptedBackend:
    """Answers each tool from ``answers`` (an outcome, or a function of the arguments) and records the calls."""

    name = CDP_LANE

    def __init__(self, answers: dict[str, ToolOutcome]) -> None:
        self.answers = answers
        self.calls: list[tuple[str, dict[str, Any]]] = []

    async def run(self, call: ToolCall) -> ToolOutcome:
        self.calls.append((call.tool.name, call.arguments))
        return self.answers[call.tool.name]


CLICKED = ToolOutcome.success({"ok": True, "ref": "@e1"})
CHANGES = ToolOutcome.success(
    {"snapshot": '~ - button "Add" [focused] @e1', "changes": {"added": 0, "removed": 0, "changed": 1}, "url": "u"}
)


async def run(backend: ScriptedBackend, tool: str, arguments: dict[str, Any]) -> ToolOutcome:
    router = Router(extension=backend, cdp=backend)
    return await router.run_tool(SESSION, TOOLS[tool], arguments, tool_call_id="call-1", timeout_s=10)


async def test_an_action_answers_with_its_changes_by_default_and_see_never_reaches_the_lane() -> None:
    backend = ScriptedBackend({"browser_click": CLICKED, "browser_snapshot": CHANGES})
    outcome = await run(backend, "browser_click", {"ref": "@e1"})
    assert backend.calls == [("browser_click", {"ref": "@e1"}), ("browser_snapshot", {"changes": True})]
    # Only the read's page keys join the action's answer (not the page's url, which the action may not report).
    assert outcome.result == {
        "ok": True,
        "ref": "@e1",
        "snapshot": '~ - button "Add" [focused] @e1',
        "changes": {"added": 0, "removed": 0, "changed": 1},
    }


@pytest.mark.parametrize(("see", "read"), [("page", {"changes": False}), ("changes", {"changes": True})])
async def test_see_chooses_the_read(see: str, read: dict[str, Any]) -> None:
    backend = ScriptedBackend({"browser_press": CLICKED, "browser_snapshot": CHANGES})
    await run(backend, "browser_press", {"key": "Enter", "see": see})
    assert backend.calls == [("browser_press", {"key": "Enter"}), ("browser_snapshot", read)]


async def test_see_none_and_tools_without_see_read_nothing() -> None:
    backend = ScriptedBackend({"browser_click": CLICKED, "browser_tabs": ToolOutcome.success([])})
    assert (await run(backend, "browser_click", {"ref": "@e1", "see": "none"})).result == CLICKED.result
    assert (await run(backend, "browser_tabs", {})).result == []
    assert backend.calls == [("browser_click", {"ref": "@e1"}), ("browser_tabs", {})]


async def test_a_failed_action_is_not_followed_by_a_read() -> None:
    failed = ToolOutcome.failure("controller_error", "click_intercepted: Nothing was pressed")
    backend = ScriptedBackend({"browser_click": failed, "browser_snapshot": CHANGES})
    outcome = await run(backend, "browser_click", {"ref": "@e1"})
    assert (outcome.ok, outcome.error_code) == (False, "controller_error")
    assert backend.calls == [("browser_click", {"ref": "@e1"})]


async def test_a_read_that_fails_leaves_the_action_a_success_and_says_why() -> None:
    refused = ToolOutcome.failure("site_blocked", "The user blocked this site.")
    backend = ScriptedBackend({"browser_click": CLICKED, "browser_snapshot": refused})
    outcome = await run(backend, "browser_click", {"ref": "@e1"})
    assert outcome.ok and outcome.result == {
        "ok": True,
        "ref": "@e1",
        "snapshot_error": {"code": "site_blocked", "message": "The user blocked this site."},
    }


async def test_an_invalid_see_is_refused_before_anything_runs() -> None:
    backend = ScriptedBackend({})
    outcome = await run(backend, "browser_click", {"ref": "@e1", "see": "everything"})
    assert (outcome.ok, outcome.error_code) == (False, "invalid_arguments")
    assert backend.calls == []
