"""Module-wide fixtures for the real-Chromium tests: one Chromium and one page server per test module.

A module that uses them runs its tests on the module's event loop
(``pytestmark = pytest.mark.asyncio(loop_scope="module")``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from hermes_server.cdp.chromium import ChromiumProcess, find_chromium

from ..conftest import scaled
from .chromium_stack import PageServer, page_server


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
