"""Failures are reported as failures on the extension lane, promptly, with the cdp lane's codes.

A snapshot the engine cannot take in the top frame is ``snapshot_failed`` (never an empty
snapshot reported as a success), and a tab whose renderer is gone is ``tab_crashed`` at once
(never a wait for a page that will not load until the command's deadline).
"""

from __future__ import annotations

import time

import pytest
from selenium.common.exceptions import WebDriverException

from tests.conftest import scaled
from tests.support.browser_stack import BrowserStack

pytestmark = pytest.mark.chromium

#: A crashed tab is reported within this (scaled) bound, far below any command's deadline.
CRASH_REPORT_S = 2.0


def error_of(stack: BrowserStack, session_id: str, tool: str, **arguments: str) -> tuple[str, str]:
    reply = stack.call(session_id, tool, **arguments)
    assert not reply["ok"], f"{tool} unexpectedly succeeded: {str(reply)[:300]}"
    return reply["error"]["code"], reply["error"]["message"]


def test_a_snapshot_the_engine_cannot_take_fails_as_snapshot_failed(stack: BrowserStack) -> None:
    session_id = stack.connected_session("deep")
    stack.ok(session_id, "browser_navigate", url=stack.pages.url("deep_dom.html"))
    code, message = error_of(stack, session_id, "browser_snapshot")
    assert code == "controller_error" and message.startswith("snapshot_failed: "), message


def crash(stack: BrowserStack, tab: str) -> None:
    """Crash the renderer of Selenium's window ``tab``; Selenium ends on a fresh tab (a crashed one is lost to it)."""
    stack.driver.switch_to.new_window("tab")
    elsewhere = stack.driver.current_window_handle
    stack.driver.switch_to.window(tab)
    stack.driver.set_page_load_timeout(scaled(5))
    with pytest.raises(WebDriverException, match="crash"):
        stack.driver.get("chrome://crash")
    stack.driver.switch_to.window(elsewhere)


def test_a_crashed_tab_fails_fast_as_tab_crashed_once_then_navigate_loads_it_again(stack: BrowserStack) -> None:
    """As on the cdp lane: the crash is reported (fast) to the first call, and browser_navigate then recovers."""
    session_id = stack.connected_session("crash")
    controlled = stack.driver.current_window_handle  # the active tab, which the new session took
    stack.ok(session_id, "browser_navigate", url=stack.pages.url("other.html"))
    crash(stack, controlled)
    for tool, arguments in (("browser_navigate", {"url": stack.pages.url("form.html")}), ("browser_snapshot", {})):
        started = time.monotonic()
        code, message = error_of(stack, session_id, tool, **arguments)
        took = time.monotonic() - started
        assert code == "controller_error" and message.startswith("tab_crashed: "), (tool, message)
        assert "browser_navigate" in message, message  # it says how to recover
        assert took < scaled(CRASH_REPORT_S), f"{tool} took {took:.1f} s to report the crash"
    loaded = stack.ok(session_id, "browser_navigate", url=stack.pages.url("form.html"))
    assert loaded["url"].endswith("/form.html"), loaded
    assert "textbox" in stack.ok(session_id, "browser_snapshot")["snapshot"]
