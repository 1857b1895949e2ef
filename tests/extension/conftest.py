"""Fixtures the extension tests share: a plain headless Chromium per test module, and a fresh tab in it per test,
for the engine; and the extension's popup page in a headless Chromium with the extension loaded, per test module,
for the background modules a test imports into it (stored.js, uploads.js)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver

from tests.conftest import scaled
from tests.extension.snapshot_harness import Browser, Tab
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
