"""A call's deadline leaves room for the wait the call makes itself, in the router's core (the Dagster UI, tried as
a user would: browser_snapshot with wait_timeout_s=40 failed with command_timeout at the server's 30 s, on both
lanes, where its docs promise wait_timeout up to 60). Messages in, messages out: a scripted backend records the
deadline each call reaches the lane with."""

from __future__ import annotations

import pytest

from hermes_server.routing.lanes import ToolCall
from hermes_server.routing.outcome import ToolOutcome
from hermes_server.routing.router import Router
from hermes_server.routing.sessions import Session
from hermes_wire.tool_spec import CDP_LANE, OWN_WAIT_MARGIN_S, WAIT_TIMEOUT_DEFAULT_S
from hermes_wire.tools import TOOLS

SESSION = Session("sess_1", "principal", "test", CDP_LANE, 0.0)
COMMAND_TIMEOUT_S = 30.0


class DeadlineBackend:
    """Answers every call at once and records the deadline it came with."""

    name = CDP_LANE

    def __init__(self) -> None:
        self.deadlines: list[float] = []

    async def run(self, call: ToolCall) -> ToolOutcome:
        self.deadlines.append(call.timeout_s)
        return ToolOutcome.success({"snapshot": "", "url": "u", "title": "t", "truncated": False})


@pytest.mark.parametrize(
    ("arguments", "deadline"),
    [
        ({"wait_for": "Done", "wait_timeout_s": 50}, 50 + OWN_WAIT_MARGIN_S),  # past the command's timeout
        ({"wait_for": "Done", "wait_timeout_s": 5}, COMMAND_TIMEOUT_S),  # well within it: unchanged
        ({}, COMMAND_TIMEOUT_S),
    ],
)
async def test_the_deadline_covers_the_wait_the_call_asks_for(arguments: dict[str, object], deadline: float) -> None:
    backend = DeadlineBackend()
    router = Router(extension=backend, cdp=backend)
    outcome = await router.run_tool(
        SESSION, TOOLS["browser_snapshot"], arguments, tool_call_id="call-1", timeout_s=COMMAND_TIMEOUT_S
    )
    assert outcome.ok and backend.deadlines == [deadline]


async def test_a_short_deadline_given_still_covers_the_default_wait() -> None:
    backend = DeadlineBackend()
    router = Router(extension=backend, cdp=backend)
    await router.run_tool(SESSION, TOOLS["browser_snapshot"], {"wait_for": "Done"}, tool_call_id="c", timeout_s=2)
    assert backend.deadlines == [WAIT_TIMEOUT_DEFAULT_S + OWN_WAIT_MARGIN_S]


async def test_a_call_that_makes_no_wait_of_its_own_keeps_its_deadline() -> None:
    backend = DeadlineBackend()
    router = Router(extension=backend, cdp=backend)
    await router.run_tool(SESSION, TOOLS["browser_tabs"], {}, tool_call_id="c", timeout_s=2)
    assert backend.deadlines == [2]
