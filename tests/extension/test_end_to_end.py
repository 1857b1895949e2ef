"""The whole product in real Chromium: the unpacked extension, the native host Chrome launches, the server.

The module's tests share one server and one browser, paired once through the real popup page (the one click); each
test begins from the stack's checked reset (``stack``, tests/extension/conftest.py), then acts as an agent over the
HTTP tool API and checks what the page and the server really saw.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from hermes_wire.errors import ToolError
from hermes_wire.tool_spec import ToolSpec
from hermes_wire.tools import TOOLS
from tests.conftest import scaled
from tests.extension.browser_stack import browser_stack
from tests.extension.png import png_size
from tests.support.browser_stack import BrowserStack
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium


def ref_of(snapshot: str, role: str, name: str) -> str:
    """Find an element by role and accessible name in a snapshot, as an agent would."""
    pattern = re.compile(rf'- {re.escape(role)} "{re.escape(name)}"[^\n]*?(@e\d+)')
    found = pattern.search(snapshot)
    assert found, f'no {role} "{name}" in:\n{snapshot}'
    return found.group(1)


def snapshot(stack: BrowserStack, session_id: str, **options: Any) -> str:
    return stack.ok(session_id, "browser_snapshot", **options)["snapshot"]


def test_agent_fills_and_submits_a_form(stack: BrowserStack) -> None:
    session_id = stack.connected_session("form")
    stack.ok(session_id, "browser_navigate", url=stack.pages.url("form.html"))
    page = snapshot(stack, session_id)
    assert '- heading "Create your account" [level=1]' in page
    stack.ok(session_id, "browser_type", ref=ref_of(page, "textbox", "Full name"), text="Ada Lovelace")
    stack.ok(session_id, "browser_type", ref=ref_of(page, "textbox", "Email"), text="ada@example.com")
    typed = stack.ok(session_id, "browser_type", ref=ref_of(page, "textbox", "Password"), text="s3cret!")
    assert typed.get("password") is True
    stack.ok(session_id, "browser_type", ref=ref_of(page, "combobox", "Country"), text="Japan")
    stack.ok(session_id, "browser_click", ref=ref_of(page, "checkbox", "I accept the terms"))
    stack.ok(session_id, "browser_type", ref=ref_of(page, "textbox", "Nickname"), text="countess")
    page = snapshot(stack, session_id)
    assert "s3cret" not in page  # password values never appear
    assert "[checked]" in page.split('checkbox "I accept the terms"')[1].split("\n")[0]
    # Submit like a user finishing the last field: Enter in the focused input.
    pressed = stack.ok(session_id, "browser_press", key="Enter")
    assert pressed["target"]["name"] == "Nickname"
    received = wait_until(lambda: stack.pages.received, 10, "the form to be posted")
    assert received == [
        {
            "full_name": "Ada Lovelace",
            "email": "ada@example.com",
            "password": "s3cret!",
            "country": "jp",
            "terms": "yes",
            "nickname_state": "countess",
        }
    ]
    # The popup's live log shows what the agent did, with the password masked.
    stack.open_popup()
    log = wait_until(lambda: stack.driver.find_element(By.ID, "actionLog").text, 10, "the action log")
    assert 'typed "Ada Lovelace"' in log and "s3cret" not in log and "•" in log


def test_agent_pages_through_a_list_with_screenshot_evidence(stack: BrowserStack) -> None:
    session_id = stack.connected_session("pages")
    stack.ok(session_id, "browser_navigate", url=stack.pages.url("list?page=1"))
    seen: list[str] = []
    for page_number in (1, 2, 3):
        page = snapshot(stack, session_id)
        assert f'- heading "Results, page {page_number}" [level=1]' in page
        seen += re.findall(r"Item (\d+)", page)
        shot = stack.ok(session_id, "browser_screenshot")
        assert shot["mime_type"] == "image/png"
        width, height = png_size(shot["data"])
        assert (width, height) == tuple(
            stack.driver.execute_script(
                "return [window.innerWidth * devicePixelRatio, window.innerHeight * devicePixelRatio]"
            )
        )
        if page_number < 3:
            stack.ok(session_id, "browser_click", ref=ref_of(page, "link", "Next page"))
    assert seen == [str(n) for n in range(1, 16)]
    assert "Last page" in snapshot(stack, session_id)
    assert stack.ok(session_id, "browser_back")["url"].endswith("/list?page=2")
    assert '- heading "Results, page 2" [level=1]' in snapshot(stack, session_id)
    assert stack.ok(session_id, "browser_scroll", direction="down")["direction"] == "down"


def test_agent_drives_a_cross_origin_iframe_through_refs(stack: BrowserStack) -> None:
    session_id = stack.connected_session("frames")
    stack.ok(session_id, "browser_navigate", url=stack.pages.url("frame_outer.html"))

    def with_frame() -> str | None:
        text = snapshot(stack, session_id)
        return text if "Card holder" in text else None

    page = wait_until(with_frame, 10, "the cross-origin frame in the snapshot")
    assert '- iframe "Payment form"' in page
    refs = re.findall(r"@e\d+", page)
    assert len(refs) == len(set(refs))  # unique across both frames
    stack.ok(session_id, "browser_type", ref=ref_of(page, "textbox", "Card holder"), text="Grace Hopper")
    stack.ok(session_id, "browser_click", ref=ref_of(page, "button", "Pay now"))
    stack.ok(session_id, "browser_click", ref=ref_of(page, "button", "Outer button"))
    after = snapshot(stack, session_id)
    assert "Paid by Grace Hopper" in after and '- button "Outer clicked"' in after
    # The frame really is cross-origin: the top page cannot read it.
    assert stack.driver.execute_script(
        "try { document.getElementById('inner').contentDocument.body; return 'same'; } catch (e) { return 'blocked'; }"
    ) in ("blocked", None)


def test_agent_switches_to_a_tab_the_page_opened(stack: BrowserStack) -> None:
    session_id = stack.connected_session("tabs")
    stack.ok(session_id, "browser_navigate", url=stack.pages.url("tabs.html"))
    opener = [t for t in stack.ok(session_id, "browser_tabs") if t["controlled"]]
    assert len(opener) == 1 and opener[0]["url"].endswith("tabs.html")
    stack.ok(session_id, "browser_click", ref=ref_of(snapshot(stack, session_id), "link", "Open the other page"))
    other = wait_until(
        lambda: [t for t in stack.ok(session_id, "browser_tabs") if t["url"].endswith("other.html")],
        10,
        "the new tab",
    )[0]
    assert other["controlled"] is False
    activated = stack.ok(session_id, "browser_tab_activate", tab_id=other["id"])
    assert activated["controlled"] is True
    tabs = {t["id"]: t for t in stack.ok(session_id, "browser_tabs")}
    assert tabs[other["id"]]["controlled"] and tabs[other["id"]]["active"]
    assert not tabs[opener[0]["id"]]["controlled"]
    assert badge(stack, other["id"]) == "AI" and badge(stack, opener[0]["id"]) == ""
    page = snapshot(stack, session_id)
    assert '- heading "Other page" [level=1]' in page
    stack.ok(session_id, "browser_click", ref=ref_of(page, "button", "Other button"))
    assert '- button "Other clicked"' in snapshot(stack, session_id)


def badge(stack: BrowserStack, tab_id: int) -> str:
    """The toolbar badge text of a tab, read through the extension's own popup page."""
    popup = stack.open_popup()
    text = stack.driver.execute_async_script(
        "chrome.action.getBadgeText({tabId: arguments[0]}).then(arguments[1])", tab_id
    )
    popup.close()
    return text


def test_dialogs_never_hang_and_are_reported(stack: BrowserStack) -> None:
    session_id = stack.connected_session("dialogs")
    stack.ok(session_id, "browser_navigate", url=stack.pages.url("dialogs.html"))
    page = snapshot(stack, session_id)
    stack.ok(session_id, "browser_click", ref=ref_of(page, "button", "Save"))
    stack.ok(session_id, "browser_click", ref=ref_of(page, "button", "Delete"))
    result = stack.ok(session_id, "browser_snapshot")
    assert "after alert;confirm=false;" in result["snapshot"]  # auto_dismiss is the default
    dialogs = [(d["type"], d["message"], d["action"], d["closed_by"]) for d in result["recent_dialogs"]]
    assert dialogs == [
        ("alert", "Saved!", "accept", "auto_policy"),
        ("confirm", "Delete everything?", "dismiss", "auto_policy"),
    ]


def test_detach_from_the_popup_fails_the_next_call_closed(stack: BrowserStack) -> None:
    session_id = stack.connected_session("detach")
    assert stack.call(session_id, "controller.noop")["ok"]
    stack.open_popup().click_listed(f'.detachButton[data-session-id="{session_id}"]', scaled(10))
    wait_until(lambda: stack.lane_state(session_id) == "detached", 10, "the lane to detach")
    reply = stack.call(session_id, "browser_snapshot")
    assert (reply["ok"], reply["error"]["code"], reply["backend"]) == (False, "controller_detached", "extension")


def test_the_popup_keeps_its_detach_button_while_the_agent_acts(stack: BrowserStack) -> None:
    """The popup refreshes on every storage change, and the agent's calls make several a second (the action log,
    the refs): an unchanged sessions list must not be re-drawn, or the Detach button is replaced under the
    user's pointer between press and release, and the click is lost."""
    session_id = stack.connected_session("busy")
    stack.ok(session_id, "browser_navigate", url=stack.pages.url("other.html"))
    stack.open_popup()
    driver = stack.driver
    button = wait_until(lambda: driver.find_elements(By.CSS_SELECTOR, ".detachButton"), 10, "Detach")[0]

    def logged() -> int:
        return len(driver.find_elements(By.CSS_SELECTOR, "#actionLog li"))

    before = logged()
    for _ in range(3):
        stack.ok(session_id, "browser_snapshot")
    wait_until(lambda: logged() >= before + 3, 10, "the popup to show the agent's three snapshots")
    assert button.get_attribute("data-session-id") == session_id  # the same element: raises if re-drawn
    button.click()
    wait_until(lambda: stack.lane_state(session_id) == "detached", 10, "the lane to detach")


def test_controller_recovers_after_the_service_worker_is_killed(stack: BrowserStack) -> None:
    session_id = stack.connected_session("recover")
    stack.ok(session_id, "browser_navigate", url=stack.pages.url("other.html"))
    controlled = [t["id"] for t in stack.ok(session_id, "browser_tabs") if t["controlled"]]
    stack.restart_service_worker(session_id)
    # The worker recovered its state from chrome.storage: same controlled tab, same page.
    assert [t["id"] for t in stack.ok(session_id, "browser_tabs") if t["controlled"]] == controlled
    assert '- heading "Other page" [level=1]' in snapshot(stack, session_id)


def test_capabilities_outside_the_allowlist_are_refused_on_both_sides(stack: BrowserStack) -> None:
    session_id = stack.connected_session("allowlist")
    # Server side: no such tool, and a controller cannot register for one.
    status, body = stack.api_status(
        "POST", f"/v1/sessions/{session_id}/browser/browser_evaluate", {"arguments": {"script": "document.cookie"}}
    )
    assert (status, body["error"]["code"]) == (404, "unknown_tool")
    # Extension side: even a server that sent such a command (simulated here by reaching into the
    # broker) gets a refusal from the extension's own allowlist.
    outcome = stack.on_server(send_unlisted_command(stack, session_id))
    assert (outcome.ok, outcome.error_code) == (False, "capability_not_allowed")
    assert "browser_evaluate is not a capability of this controller" in (outcome.error_message or "")


def test_the_extension_checks_arguments_against_the_contract_schemas(stack: BrowserStack) -> None:
    """Arguments that got past the server are checked again by the extension, against the schema the
    generated contract carries, with the server's own messages (one validator subset on both sides)."""
    press = TOOLS["browser_press"]
    session_id = stack.connected_session("schemas")
    for arguments in ({"key": ""}, {"key": "Enter", "delay": 5}, {}, {"key": 13}):
        with pytest.raises(ToolError) as server_side:
            press.validate(arguments)
        outcome = stack.on_server(send_unchecked_command(stack, session_id, press, arguments))
        assert (outcome.ok, outcome.error_code) == (False, "invalid_arguments")
        assert outcome.error_message == server_side.value.message


async def send_unlisted_command(stack: BrowserStack, session_id: str) -> Any:
    """A command the allowlist does not have, as a server that let it through would send it."""
    from dataclasses import replace
    from unittest import mock

    from hermes_server.app_keys import BROKER
    from hermes_wire import controller as protocol

    lane = stack.server.app[BROKER].lane(session_id)
    assert lane is not None
    for connection_id, scope in list(lane.connections.items()):
        lane.connections[connection_id] = replace(scope, capabilities=(*scope.capabilities, "browser_evaluate"))
    unlisted = replace(TOOLS["controller.noop"], name="browser_evaluate")
    with mock.patch.object(protocol, "CAPABILITY_ALLOWLIST", (*protocol.CAPABILITY_ALLOWLIST, "browser_evaluate")):
        return await send_unchecked_command(stack, session_id, unlisted, {"script": "1"})


async def send_unchecked_command(stack: BrowserStack, session_id: str, tool: ToolSpec, arguments: Any) -> Any:
    """Straight to the hub, past the router's argument check."""
    from hermes_server.app_keys import HUB, SESSIONS
    from hermes_server.routing.lanes import ToolCall

    session = stack.server.app[SESSIONS].get(session_id, "local")
    return await stack.server.app[HUB].run(ToolCall(session, tool, arguments, "t-unchecked", 10.0))


def test_popup_shows_when_hermes_is_not_running() -> None:
    """A stack of its own: the browser must be unpaired, and the server is made to look stopped (its runtime file
    withdrawn), which no reset takes back."""
    with browser_stack(paired=False) as stack:
        stack.on_server(stop_accepting(stack))
        stack.open_popup()
        state = wait_until(
            lambda: (
                stack.driver.find_element(By.ID, "notRunning").is_displayed()
                and stack.driver.find_element(By.ID, "serverState").text
            ),
            15,
            "the not-running state",
        )
        assert state in ("not running", "host not connected")
        assert "Hermes server not running" in stack.driver.find_element(By.ID, "notRunning").text


async def stop_accepting(stack: BrowserStack) -> None:
    """Make the server look stopped to the host: withdraw its runtime file."""
    from hermes_wire.home import runtime_path

    runtime_path(stack.server.config.home).unlink()
