"""The page guard against the page it guards: dialog records and the dialog policy belong to the extension.

A page's own scripts run in the same world as the guard (``page/dialog_guard.js``), so whatever
they can reach they can forge.  These pages try everything a page can: the relay's old event,
handshakes the guard or the relay might accept, ports stolen from message events, from
``MessagePort.prototype.postMessage`` and from the ``MessageEvent.data`` getter, and the policy
attribute set right before asking.  The records must be exactly the dialogs the page really opened,
answered by the user's policy, and a burst of dialogs must give one record each.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from tests.support.browser_stack import BrowserStack
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

#: How long the page's reports may take to reach the service worker's records.
RECORDS_TIMEOUT_S = 10


def click(stack: BrowserStack, session_id: str, name: str) -> None:
    page = stack.ok(session_id, "browser_snapshot")["snapshot"]
    found = re.search(rf'- button "{re.escape(name)}"[^\n]*?(@e\d+)', page)
    assert found, f'no button "{name}" in:\n{page}'
    stack.ok(session_id, "browser_click", ref=found.group(1))


def records(stack: BrowserStack, session_id: str) -> list[tuple[Any, ...]]:
    dialogs = stack.ok(session_id, "browser_snapshot")["recent_dialogs"]
    return [(d["type"], d["message"], d["action"], d["closed_by"]) for d in dialogs]


def test_a_hostile_page_can_neither_forge_records_nor_choose_the_policy(stack: BrowserStack) -> None:
    session_id = stack.connected_session("hostile")
    stack.ok(session_id, "browser_navigate", url=stack.pages.url("hostile_dialogs.html"))
    click(stack, session_id, "Ask")
    assert "confirm=false;" in stack.ok(session_id, "browser_snapshot")["snapshot"]  # the user's policy
    # A last, real dialog: whatever the page forged came before it, so its record closes the list.
    click(stack, session_id, "Done")
    wait_until(lambda: "Done" in [r[1] for r in records(stack, session_id)], RECORDS_TIMEOUT_S, "the last record")
    assert records(stack, session_id) == [
        ("confirm", "Really?", "dismiss", "auto_policy"),
        ("alert", "Done", "accept", "auto_policy"),
    ]


def test_ten_alerts_back_to_back_give_ten_records(stack: BrowserStack) -> None:
    session_id = stack.connected_session("burst")
    stack.ok(session_id, "browser_navigate", url=stack.pages.url("alert_burst.html"))
    click(stack, session_id, "Ten alerts")
    expected = [("alert", f"Alert {n}", "accept", "auto_policy") for n in range(1, 11)]
    seen: list[list[tuple[Any, ...]]] = []

    def all_ten() -> bool:
        seen.append(records(stack, session_id))
        return len(seen[-1]) >= len(expected)

    try:
        wait_until(all_ten, RECORDS_TIMEOUT_S, "ten dialog records")
    except TimeoutError:
        pytest.fail(f"records lost: only {seen[-1]}")
    assert seen[-1] == expected


def test_the_users_policy_reaches_the_guard(stack: BrowserStack) -> None:
    """The policy chosen in the popup answers the page's confirm, over the channel the page cannot touch."""
    popup = stack.open_popup()  # first: a session connecting while its tab is still blank would take it
    session_id = stack.connected_session("policy")
    Select(stack.driver.find_element(By.ID, "dialogPolicy")).select_by_value("auto_accept")
    stored = "chrome.storage.local.get('dialogPolicy').then((found) => arguments[0](found.dialogPolicy))"
    wait_until(lambda: stack.driver.execute_async_script(stored) == "auto_accept", 10, "the policy to be saved")
    popup.close()
    stack.ok(session_id, "browser_navigate", url=stack.pages.url("dialogs.html"))
    click(stack, session_id, "Delete")
    assert "confirm=true;" in stack.ok(session_id, "browser_snapshot")["snapshot"]
    assert records(stack, session_id) == [("confirm", "Delete everything?", "accept", "auto_policy")]
