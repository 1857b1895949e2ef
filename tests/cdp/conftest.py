"""Module-wide fixtures for the real-Chromium tests: one Chromium and one page server per test module.

A module that uses them runs its tests on the module's event loop
(``pytestmark = pytest.mark.asyncio(loop_scope="module")``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from hermes_server.cdp.backend import CDPBackend
from hermes_server.cdp.chromium import ChromiumProcess, find_chromium
from hermes_server.cdp.providers import ExistingChrome

from ..conftest import scaled
from .chromium_stack import Agent, PageServer, page_server


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def chrome() -> AsyncIterator[ChromiumProcess]:
    process = await ChromiumProcess.launch(find_chromium(), timeout_s=scaled(30))
    try:
        yield process
    finally:
        await process.stop()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def pages() -> AsyncIterator[PageServer]:
    async with page_server() as server:
        yield server


@pytest_asyncio.fixture(loop_scope="module")
async def agent(chrome: ChromiumProcess) -> AsyncIterator[Agent]:
    """An agent on the cdp lane, driving the module's Chromium as an existing Chrome (one tab per test)."""
    agent = Agent(CDPBackend(ExistingChrome(chrome.ws_url)))
    yield agent
    await agent.close()
    await agent.backend.aclose()
