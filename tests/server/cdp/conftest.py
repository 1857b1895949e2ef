"""Module-wide fixtures for the real-Chromium tests: one browser and one page server per test module.

Every module runs twice, once per way the lane meets a browser (``browser``, module scope):

* ``own``: the lane's own headless Chromium, which it launches (``LocalChromium``) and drives
  over Chromium's DevTools pipe, each session in a browser context of its own;
* ``existing``: the harness's Chromium (``tests.support.chromium``) handed to the lane as an
  existing Chrome (``ExistingChrome``), reached over its DevTools WebSocket, as a user's
  ``BROWSER_CDP_URL`` is.

Either way the browser is shared by the module's tests (each test gets its own session, so its
own tab), and stopped after the module.  A module that uses them runs its tests on the module's
event loop (``pytestmark = pytest.mark.asyncio(loop_scope="module")``).
"""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from hermes_server.cdp.backend import CDPBackend
from hermes_server.cdp.providers import ExistingChrome, LocalChromium
from tests.server.cdp.chromium_stack import PAGES, Agent, SharedBrowser
from tests.support.chromium import launch_chromium
from tests.support.pages import PageServer, serve_pages

OWN = "own"
EXISTING = "existing"


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_pages(PAGES) as server:
        yield server


@pytest_asyncio.fixture(scope="module", loop_scope="module", params=[OWN, EXISTING])
async def browser(request: pytest.FixtureRequest) -> AsyncIterator[SharedBrowser]:
    """The module's browser: the lane's own Chromium (over its pipe), or the harness's (over a WebSocket)."""
    if request.param == OWN:
        own = LocalChromium(None)
        yield SharedBrowser(own)
        await own.aclose()
    else:
        with launch_chromium() as chromium:
            yield SharedBrowser(ExistingChrome(chromium.ws_url))


@pytest_asyncio.fixture(loop_scope="module")
async def agent(browser: SharedBrowser) -> AsyncIterator[Agent]:
    """An agent on the cdp lane, driving the module's browser (one tab per test)."""
    agent = Agent(CDPBackend(browser))
    yield agent
    await agent.close()
    await agent.backend.aclose()


@pytest.fixture
def temporary(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The temporary folder of this test and the servers it starts, so it sees only their profiles.

    Not under pytest's ``tmp_path``: Chromium refuses to start when the path of its socket in
    the temporary folder is longer than a Unix socket's address allows.
    """
    with tempfile.TemporaryDirectory(prefix="hermes-sweep-", ignore_cleanup_errors=True) as folder:
        monkeypatch.setenv("TMPDIR", folder)
        monkeypatch.setattr(tempfile, "tempdir", folder)
        yield Path(folder)
