"""Module-wide fixtures for the real-Chromium tests: one Chromium and one page server per test module.

The Chromium is the harness's (``tests.support.chromium``), handed to the lane as an existing
Chrome.  A module that uses them runs its tests on the module's event loop
(``pytestmark = pytest.mark.asyncio(loop_scope="module")``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio

from hermes_server.cdp.backend import CDPBackend
from hermes_server.cdp.providers import ExistingChrome
from tests.server.cdp.chromium_stack import PAGES, Agent
from tests.support.chromium import Chromium, launch_chromium
from tests.support.pages import PageServer, serve_pages


@pytest.fixture(scope="module")
def chrome() -> Iterator[Chromium]:
    with launch_chromium() as chromium:
        yield chromium


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_pages(PAGES) as server:
        yield server


@pytest_asyncio.fixture(loop_scope="module")
async def agent(chrome: Chromium) -> AsyncIterator[Agent]:
    """An agent on the cdp lane, driving the module's Chromium as an existing Chrome (one tab per test)."""
    agent = Agent(CDPBackend(ExistingChrome(chrome.ws_url)))
    yield agent
    await agent.close()
    await agent.backend.aclose()
