"""Fixtures the extension tests share: a plain headless Chromium per test module, and a fresh tab in it per test,
for the engine; the extension's popup page in a headless Chromium with the extension loaded, per test module,
for the background modules a test imports into it (stored.js, uploads.js); and the whole product (server, Chromium
with the extension, paired) per test module, reset to its start before each test (``stack``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver

from tests.conftest import scaled
from tests.extension.browser_stack import browser_stack
from tests.extension.snapshot_harness import Browser, Tab
from tests.support.browser_stack import BrowserStack
from tests.support.extension_browser import POPUP_URL, local_chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    shared = Browser()
    yield shared
    shared.close()


@pytest.fixture
def tab(browser: Browser) -> Iterator[Tab]:
    opened = browser.new_tab()
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def popup(tmp_path_factory: pytest.TempPathFactory) -> Iterator[webdriver.Chrome]:
    home: Path = tmp_path_factory.mktemp("home")
    with local_chromium(home, headless=True) as driver:
        driver.get(POPUP_URL)
        driver.set_script_timeout(scaled(20))
        yield driver


@pytest.fixture(scope="module")
def module_stack() -> Iterator[BrowserStack]:
    """The stack a module's tests share: the end-to-end pages, mode "act". A module that needs other pages or the
    mode "ask" defines its own ``module_stack``."""
    with browser_stack() as shared:
        yield shared


@pytest.fixture
def stack(module_stack: BrowserStack) -> BrowserStack:
    """The module's stack, as it started: a server, one browser and one pairing serve all of a module's tests
    (starting them took seconds per test), and each test after the first begins with ``BrowserStack.reset``, which
    brings the start back and checks it: no session, one blank tab, the extension's state and storage."""
    if module_stack.used:
        module_stack.reset()
    module_stack.used = True
    return module_stack
