"""Fixtures the engine tests share: a plain headless Chromium per test module, and a fresh tab in it per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.extension.snapshot_harness import Browser, Tab


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
