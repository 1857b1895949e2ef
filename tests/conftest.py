"""Shared fixtures.  Every timeout in the suite is multiplied by ``HERMES_TEST_TIMEOUT_SCALE`` (default 1)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack
from typing import TYPE_CHECKING, Self

import pytest

from hermes_wire.tool_spec import EXTENSION_LANE

if TYPE_CHECKING:
    from tests.support.browser_stack import ServerStack
    from tests.support.pages import PageServer


#: Modules whose tests take ten seconds or more each (a Selenium Grid's node timing out, a wheel built and installed,
#: a user's answer awaited in turn for each of a dozen fields): collected first. pytest-xdist hands the collection
#: out in order and steals from the end of a worker's share, so one of these left until the end ran alone on one
#: core while the other workers had finished (half of the run's last minute idle, measured).
SLOW_MODULES_FIRST = (
    "tests/packaging/test_wheel.py",
    "tests/lanes/test_selenium_grid.py",
    "tests/extension/test_user_control_fields.py",
    "tests/extension/test_one_tab_per_session.py",
    "tests/extension/test_user_control_keys.py",
    "tests/extension/test_user_control_widgets.py",
    "tests/apps/test_jupyterlab.py",
    "tests/server/agents/test_readme_mcp_configs.py",
    "tests/extension/test_screenshots.py",
    "tests/extension/test_trusted_input_ask.py",
    "tests/extension/test_user_control_fill_form.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """``SLOW_MODULES_FIRST`` first, in that order; every other test where it was (a stable sort: a module's
    tests stay together, in their order)."""
    rank = {path: place for place, path in enumerate(SLOW_MODULES_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))


def scaled(seconds: float) -> float:
    """A test timeout, stretched on slow machines by HERMES_TEST_TIMEOUT_SCALE."""
    return seconds * float(os.environ.get("HERMES_TEST_TIMEOUT_SCALE", "1"))


@pytest.fixture(scope="session")
def lane_stacks() -> Iterator[LaneStacks]:
    """The whole product for each lane, each started on first use and kept for the whole run (see ``LaneStacks``)."""
    with LaneStacks() as stacks:
        yield stacks


class LaneStacks:
    """One running product per lane for the whole test run: the extension paired in its Chromium, or the cdp lane's
    own.  The contract suite, the real apps and the MiniWoB tasks share them (``stack`` points one at a module's
    pages); each test gets a session of its own on a fresh tab (on both lanes in one browser context: the user's
    profile, the cdp lane's shared one), so no test sees another's page.  Starting each
    once, not once per module, saves a server, a browser and a pairing per module; keeping both up, whatever
    order the tests run in (pytest-xdist hands modules out one by one), saves starting them again."""

    def __init__(self, *, trusted_input: bool = False) -> None:
        #: The extension lane with its trusted-input companion installed and the mode turned on in the popup
        #: (``bench/conformance.py --trusted-input``, the conformance test of what only that mode closes).
        self.trusted_input = trusted_input
        self._running = ExitStack()
        self._stacks: dict[str, ServerStack] = {}
        self._no_pages: PageServer | None = None  # what a stack serves until a module points it at its own pages

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._running.close()

    def of(self, lane: str) -> ServerStack:
        from tests.support.browser_stack import BrowserStack, cdp_stack, extension_stack
        from tests.support.pages import serve_pages

        if lane not in self._stacks:
            if self._no_pages is None:
                self._no_pages = self._running.enter_context(serve_pages({}))
            running = (
                extension_stack(self._no_pages, trusted_input=self.trusted_input)
                if lane == EXTENSION_LANE
                else cdp_stack(self._no_pages)
            )
            self._stacks[lane] = self._running.enter_context(running)
            if lane == EXTENSION_LANE and self.trusted_input:
                stack = self._stacks[lane]
                assert isinstance(stack, BrowserStack)
                stack.set_trusted_input(True)
                stack.remember_start()  # a reset keeps the mode on
        return self._stacks[lane]
