"""Issue 11, item 5, on the extension lane: a session adopts the active web tab of the last focused window,
never the extension's own pages (the popup opened as a tab)."""

from __future__ import annotations

import pytest

from tests.support.browser_stack import BrowserStack
from tests.support.extension_browser import POPUP_URL

pytestmark = pytest.mark.chromium


def test_a_new_session_skips_the_popup_opened_as_a_tab_and_adopts_the_web_page(stack: BrowserStack) -> None:
    driver = stack.driver
    driver.get(stack.pages.url("form.html"))  # the web page the user was on
    driver.switch_to.new_window("tab")
    driver.get(POPUP_URL)  # then the extension's popup, opened as a tab, is the active one
    session_id = stack.connected_session("web")
    tabs = stack.ok(session_id, "browser_tabs")
    controlled = [tab for tab in tabs if tab["controlled"]]
    assert [tab["url"] for tab in controlled] == [stack.pages.url("form.html")], tabs
    popup = next(tab for tab in tabs if tab["url"] == POPUP_URL)
    code, message = stack.call(session_id, "browser_tab_activate", tab_id=popup["id"])["error"].values()
    assert code == "controller_error"
    assert message.startswith(f"not_a_web_page: Tab {popup['id']} shows a chrome-extension: page"), message
    # The refusal changed nothing: the session still controls the web page.
    assert [tab["url"] for tab in stack.ok(session_id, "browser_tabs") if tab["controlled"]] == [
        stack.pages.url("form.html")
    ]


def test_the_agent_never_closes_a_tab_the_user_opened(stack: BrowserStack) -> None:
    driver = stack.driver
    driver.get(stack.pages.url("form.html"))  # the user's own tab
    users = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.get(stack.pages.url("form.html") + "?handed-over")  # the tab the user hands over: the session adopts it
    session_id = stack.connected_session("web")
    tabs = stack.ok(session_id, "browser_tabs")
    [controlled] = [tab for tab in tabs if tab["controlled"]]
    [user_tab] = [tab for tab in tabs if tab["url"] == stack.pages.url("form.html")]
    code, message = stack.call(session_id, "browser_tabs", action="close", id=user_tab["id"])["error"].values()
    assert code == "controller_error" and message.startswith(f"not_your_tab: Tab {user_tab['id']} was opened"), message
    assert users in driver.window_handles  # the user's tab is still there
    # The tab it controls is the session's to close; it then controls none until the next action takes one.
    closed = stack.ok(session_id, "browser_tabs", action="close", id=controlled["id"])
    assert closed == {"closed": controlled["id"], "controls": None}, closed
    assert not [tab for tab in stack.ok(session_id, "browser_tabs") if tab["controlled"]]
