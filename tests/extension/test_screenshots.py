"""Screenshots on the extension lane show the session's own tab, and only that.

Chrome can only capture the visible tab of a window, and at most twice a second per extension.
Two sessions controlling two tabs of one window take screenshots at the same time: each picture
must be its own tab's (each tab shows a page of one solid colour), and none may fail on Chrome's
capture quota.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from tests.extension.browser_stack import browser_stack
from tests.extension.png import Pixel, top_rows

pytestmark = pytest.mark.chromium

SHOTS_PER_SESSION = 6
RED: Pixel = (255, 0, 0)
BLUE: Pixel = (0, 0, 255)
#: The band of the viewport that is checked pixel by pixel (the pages are one colour throughout).
BAND_ROWS = 40


def colours(shot: dict[str, Any]) -> set[Pixel]:
    return {pixel for row in top_rows(shot["data"], BAND_ROWS) for pixel in row}


def test_concurrent_sessions_each_screenshot_their_own_tab() -> None:
    with browser_stack() as stack:
        red = stack.connected_session("red")  # takes the active tab
        stack.driver.switch_to.new_window("tab")
        blue = stack.connected_session("blue")  # takes the new tab, now the active one
        stack.ok(red, "browser_navigate", url=stack.pages.url("red.html"))
        stack.ok(blue, "browser_navigate", url=stack.pages.url("blue.html"))
        [red_tab] = [t for t in stack.ok(red, "browser_tabs") if t["controlled"]]
        [blue_tab] = [t for t in stack.ok(blue, "browser_tabs") if t["controlled"]]
        assert red_tab["id"] != blue_tab["id"]

        with ThreadPoolExecutor(max_workers=2 * SHOTS_PER_SESSION) as pool:
            calls = {
                session: [pool.submit(stack.call, session, "browser_screenshot") for _ in range(SHOTS_PER_SESSION)]
                for session in (red, blue)
            }
            replies = {session: [call.result() for call in waiting] for session, waiting in calls.items()}

        for session, colour in ((red, RED), (blue, BLUE)):
            for reply in replies[session]:
                assert reply["ok"], f"a screenshot failed: {reply.get('error')}"
                assert colours(reply["result"]) == {colour}, f"{session} got another tab's pixels"
        activated = [reply["result"].get("activated_tab") for session in (red, blue) for reply in replies[session]]
        assert all(isinstance(flag, bool) for flag in activated) and any(activated)
