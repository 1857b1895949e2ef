"""Both lanes behind one fixture: each contract test runs once on the extension lane and once on the cdp lane.

Per lane there is one running product for the whole run (``lane_stacks`` in tests/conftest.py: one
server, one browser), which each test module points at the pages it serves (``stack``); per test
there is one session on a fresh tab (``agent``), so that every test starts from the same state on
both lanes: a tab's ref counter at ``@e1`` and nothing in its history.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from hermes_wire.tool_spec import CDP_LANE, EXTENSION_LANE
from tests.conftest import LaneStacks
from tests.lanes.pages import PAGES
from tests.support.browser_stack import BrowserStack, ServerStack
from tests.support.pages import PageServer, serve_pages


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_pages(PAGES) as server:
        yield server


@pytest.fixture(scope="module", params=[EXTENSION_LANE, CDP_LANE])
def stack(request: pytest.FixtureRequest, lane_stacks: LaneStacks, pages: PageServer) -> ServerStack:
    """The whole product with the lane under test (the extension paired in its Chromium, or the cdp lane's own),
    serving this module's pages."""
    return lane_stacks.of(request.param).serving(pages)


@dataclass(frozen=True)
class LaneAgent:
    """An agent's session on the lane under test: tools are called by name with keyword arguments."""

    stack: ServerStack
    session_id: str

    @property
    def lane(self) -> str:
        return self.stack.lane

    def reply(self, tool: str, **arguments: Any) -> dict[str, Any]:
        """The tool API's whole answer, after checking that the session's own lane gave it."""
        reply = self.stack.call(self.session_id, tool, **arguments)
        assert reply["backend"] == self.lane, reply
        return reply

    def ok(self, tool: str, **arguments: Any) -> Any:
        reply = self.reply(tool, **arguments)
        assert reply["ok"], f"{tool} {arguments} failed on the {self.lane} lane: {reply}"
        return reply["result"]

    def error(self, tool: str, **arguments: Any) -> tuple[str, str]:
        """The code and message of a call that must fail."""
        reply = self.reply(tool, **arguments)
        assert not reply["ok"], f"{tool} {arguments} unexpectedly succeeded on the {self.lane} lane: {reply}"
        return reply["error"]["code"], reply["error"]["message"]

    def open(self, path: str) -> Any:
        return self.ok("browser_navigate", url=self.stack.pages.url(path))

    def snapshot(self) -> str:
        return str(self.ok("browser_snapshot")["snapshot"])

    def evaluated(self, expression: str) -> Any:
        """What ``expression`` gives in the agent's tab, read by the harness: through the extension lane's WebDriver,
        or the cdp lane's raw CDP tool (turned on in the test stack), never through the product's reading of the
        page."""
        if isinstance(self.stack, BrowserStack):
            return self.stack.driver.execute_script(f"return {expression};")
        params = {"expression": expression, "returnByValue": True}
        return self.ok("browser_cdp", method="Runtime.evaluate", params=params)["result"]["result"].get("value")


@pytest.fixture
def agent(stack: ServerStack) -> Iterator[LaneAgent]:
    """A new session on a new tab of the lane's browser, closed (tab and all) after the test."""
    with new_agent(stack) as made:
        yield made


@contextlib.contextmanager
def new_agent(stack: ServerStack) -> Iterator[LaneAgent]:
    """A new session on a new tab of the lane's browser, closed (tab and all) afterwards.

    The cdp lane opens a tab per session by itself; on the extension lane a new session takes the
    active tab, so a fresh one is opened first, as a user would before handing it to the agent.
    """
    if isinstance(stack, BrowserStack):
        stack.driver.switch_to.new_window("tab")
        tab = stack.driver.current_window_handle
        session_id = stack.connected_session("contract")
        yield LaneAgent(stack, session_id)
        stack.close_session(session_id)
        stack.driver.switch_to.window(tab)
        stack.driver.close()
        stack.driver.switch_to.window(stack.driver.window_handles[0])
    else:
        session_id = stack.new_session("contract")
        yield LaneAgent(stack, session_id)
        stack.close_session(session_id)
