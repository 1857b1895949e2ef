"""Bounded waits for synchronous harness code: poll a check until it holds, or fail saying what was awaited.

A poll stands in for an event only where there is no event to wait on (a file Chromium writes, a
page's state read through Selenium, a lane's state read over HTTP); the bound turns "never" into
a ``TimeoutError`` that names the thing, instead of a hung run.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from tests.conftest import scaled

T = TypeVar("T")

POLL_INTERVAL_S = 0.02


def wait_for(check: Callable[[], T | None], timeout_s: float, what: str) -> T:
    """Call ``check`` until it returns something truthy, at most ``timeout_s`` seconds; return that value."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout_s:g} s waiting for {what}")
        time.sleep(POLL_INTERVAL_S)


def wait_until(check: Callable[[], T | None], timeout_s: float = 10, what: str = "condition") -> T:
    """``wait_for`` with a test timeout, stretched by ``HERMES_TEST_TIMEOUT_SCALE`` (``scaled``)."""
    return wait_for(check, scaled(timeout_s), what)
