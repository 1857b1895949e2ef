"""Issue 31, item 6, on the extension lane: one tab, one session. A session never acts in a tab another session
controls: a session that connects while the active tab is held gets a new background tab of its own in the same
window, browser_tab_activate onto another session's tab is refused (tab_held_by_other_session), and the popup shows
which session holds which tab. Judged by the shop's own log: every order once, from the page of the session that
placed it, before and after the service worker restarts."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from tests.extension.test_end_to_end import ref_of
from tests.support.browser_stack import BrowserStack, ExtensionState, extension_stack
from tests.support.pages import serve_pages
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

SESSIONS = 4
ORDERS_PER_ROUND = 3
CONNECT_TIMEOUT_S = 30


def order_page(query: Mapping[str, str]) -> str:
    """Shop ``shop``'s order form: the page says which shop it is in a field of its own form, so the shop's log
    tells from which page each order came."""
    shop = query.get("shop", "?")
    return f"""<title>Order at shop {shop}</title><h1>Shop {shop}</h1>
<form method="post" action="/placed"><input type="hidden" name="shop" value="{shop}">
<label>Item <input name="item"></label><button>Place order</button></form>"""


@pytest.fixture(scope="module")
def module_stack() -> Iterator[BrowserStack]:
    with (
        serve_pages({"/order": order_page, "/placed": "<title>Placed</title><h1>Order placed</h1>"}) as shop,
        extension_stack(shop) as shared,
    ):
        yield shared


def place_orders(stack: BrowserStack, session_id: str, shop: int, orders: list[str], failures: list[str]) -> None:
    """One agent: its own shop's order page, then each order typed and placed there, as an agent does it. A call
    that fails is noted and the agent goes on with its next order: the shop's log is the judge."""
    for item in orders:
        try:
            stack.ok(session_id, "browser_navigate", url=stack.pages.url(f"order?shop={shop}"), see="none")
            snapshot = stack.ok(session_id, "browser_snapshot")["snapshot"]
            stack.ok(session_id, "browser_type", ref=ref_of(snapshot, "textbox", "Item"), text=item, see="none")
            stack.ok(session_id, "browser_click", ref=ref_of(snapshot, "button", "Place order"), see="none")
        except AssertionError as failed:
            failures.append(f"shop {shop}, {item}: {failed}")


def run_round(stack: BrowserStack, sessions: list[str], round_name: str) -> tuple[dict[str, str], list[str]]:
    """Every session places its orders at once: the orders, item -> the shop it is for, and the calls that failed."""
    expected = {
        f"{round_name}-shop{shop}-order{n}": str(shop) for shop in range(SESSIONS) for n in range(ORDERS_PER_ROUND)
    }
    failures: list[str] = []
    agents = [
        threading.Thread(
            target=place_orders,
            args=(stack, session_id, shop, [item for item, at in expected.items() if at == str(shop)], failures),
        )
        for shop, session_id in enumerate(sessions)
    ]
    for agent in agents:
        agent.start()
    for agent in agents:
        agent.join()
    return expected, failures


def shop_log(stack: BrowserStack, expected: dict[str, str]) -> list[tuple[str, str]]:
    """The orders of this round (their items start with its name) the shop received, as (item, shop), once as many
    came as were placed, or the wait is over: the comparison then shows what is missing."""
    round_name = next(iter(expected)).split("-")[0]

    def received() -> list[tuple[str, str]]:
        orders = [(str(order.get("item", "")), str(order.get("shop", ""))) for order in stack.pages.received]
        return [(item, shop) for item, shop in orders if item.startswith(f"{round_name}-")]

    with contextlib.suppress(TimeoutError):
        wait_until(lambda: len(received()) >= len(expected) or None, 10, "the shop to receive the orders")
    return received()


def all_connected(stack: BrowserStack, sessions: list[str]) -> None:
    wait_until(
        lambda: all(stack.lane_state(session_id) == "connected" for session_id in sessions),
        CONNECT_TIMEOUT_S,
        "every session's controller to connect",
    )


def controlled_tab(stack: BrowserStack, session_id: str) -> int:
    [tab] = [tab["id"] for tab in stack.ok(session_id, "browser_tabs") if tab["controlled"]]
    return int(tab)


def test_four_sessions_at_once_each_place_their_orders_on_their_own_page(stack: BrowserStack) -> None:
    driver = stack.driver
    driver.get(stack.pages.url("order?shop=user"))  # the user's own tab, active when the agents connect
    sessions = [stack.new_session(f"agent {shop}") for shop in range(SESSIONS)]  # at once: none waits for another
    all_connected(stack, sessions)
    # What the sessions found on connecting (checked below, once the shop's log has judged): the first took the
    # user's active tab, as a session does; each other one a new blank tab of its own, in the background.
    # (A session's controller connects before its new tab is open: the list is read once all are there.)
    found = wait_until(
        lambda: len(listed := {tab["id"]: tab for tab in stack.ok(sessions[0], "browser_tabs")}) >= SESSIONS and listed,
        CONNECT_TIMEOUT_S,
        "a tab for every session",
    )

    expected, failures = run_round(stack, sessions, "first")
    assert sorted(shop_log(stack, expected)) == sorted(expected.items()), failures
    assert not failures, failures
    tabs = [controlled_tab(stack, session_id) for session_id in sessions]
    assert len(set(tabs)) == SESSIONS and set(tabs) == set(found), f"two sessions share a tab: {tabs}, {found}"
    [active] = [tab for tab in found.values() if tab["active"]]
    assert active["url"] == stack.pages.url("order?shop=user"), found
    assert all(tab["url"] in ("", "about:blank") for tab in found.values() if not tab["active"]), found  # blank

    # The popup says which session holds which tab.
    popup = stack.open_popup()
    shown: dict[str, Any] = ExtensionState.read(driver).popup["tabs"]
    popup.close()
    assert {session_id: shown[session_id]["id"] for session_id in sessions} == dict(zip(sessions, tabs, strict=True)), (
        shown
    )

    # Another session's tab is not to be taken: refused, and both sessions keep their tabs.
    reply = stack.call(sessions[1], "browser_tab_activate", tab_id=tabs[0])
    assert not reply["ok"] and reply["error"]["code"] == "controller_error", reply
    assert reply["error"]["message"].startswith(f"tab_held_by_other_session: Tab {tabs[0]} "), reply
    assert [controlled_tab(stack, session_id) for session_id in sessions[:2]] == tabs[:2]

    # The tabs are kept in chrome.storage: a new service worker serves each session in its own tab still.
    stack.restart_service_worker(sessions[0])
    all_connected(stack, sessions)
    expected, failures = run_round(stack, sessions, "second")
    assert sorted(shop_log(stack, expected)) == sorted(expected.items()), failures
    assert not failures, failures
    assert [controlled_tab(stack, session_id) for session_id in sessions] == tabs
