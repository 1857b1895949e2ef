"""The extension tools on the CDP lane, on real headless Chromium: same arguments, same result shapes."""

from __future__ import annotations

import asyncio
import base64
import time

import pytest

from hermes_server.cdp.backend import CDPBackend
from hermes_server.cdp.providers import ExistingChrome
from hermes_server.cdp.supervisor import CDPSupervisor
from hermes_server.routing.outcome import ToolOutcome, image_of, snapshot_of
from tests.conftest import scaled
from tests.server.cdp.chromium_stack import Agent
from tests.support.pages import PageServer

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.chromium]


async def test_navigate_and_snapshot(agent: Agent, pages: PageServer) -> None:
    opened = await agent.call("browser_navigate", url=pages.url("/plain"))
    assert opened == {"url": pages.url("/plain"), "title": "Plain"}
    result = await agent.call("browser_snapshot")
    text, metadata = snapshot_of(result)  # the shape every agent surface reads
    assert text == '- heading "Plain page" [level=1]\n- paragraph: Nothing to see.'
    assert metadata["url"] == pages.url("/plain") and metadata["pending_dialogs"] == []


async def test_a_navigation_that_fails_says_why(agent: Agent, pages: PageServer) -> None:
    code, message = await agent.fail("browser_navigate", url="http://127.0.0.1:9/")
    assert code == "controller_error" and message.startswith("navigation_failed:") and "ERR_" in message


async def test_back_returns_to_the_previous_page_and_fails_clearly_at_the_start(
    agent: Agent, pages: PageServer
) -> None:
    await agent.call("browser_navigate", url=pages.url("/plain"))
    await agent.call("browser_navigate", url=pages.url("/form"))
    assert await agent.call("browser_back") == {"url": pages.url("/plain"), "title": "Plain"}
    await agent.call("browser_back")  # to the tab's first page, about:blank
    code, message = await agent.fail("browser_back")
    assert (code, message.split(":")[0]) == ("controller_error", "no_history")


async def test_type_replaces_the_value_with_real_keystrokes(agent: Agent, pages: PageServer) -> None:
    await agent.call("browser_navigate", url=pages.url("/form"))
    text = (await agent.call("browser_snapshot"))["snapshot"]
    await agent.evaluate(
        "window.events = []; document.querySelector('input').addEventListener('input', "
        "e => events.push([e.isTrusted, e.inputType])); 0"
    )
    typed = await agent.call("browser_type", ref=agent.ref_of(text, 'textbox "Name"'), text="Ada Lovelace")
    assert (typed["role"], typed["name"], typed["value"]) == ("textbox", "Name", "Ada Lovelace")
    assert [True, "insertText"] in await agent.evaluate("events")
    secret = await agent.call("browser_type", ref=agent.ref_of(text, 'textbox "Password"'), text="hunter2")
    assert secret["password"] is True and "value" not in secret
    bio = await agent.call("browser_type", ref=agent.ref_of(text, 'textbox "Bio"'), text="line one\nline two")
    assert bio["value"] == "line one\nline two"
    colour = await agent.call("browser_type", ref=agent.ref_of(text, 'combobox "Colour"'), text="Green")
    assert colour["value"] == "Green"
    cleared = await agent.call("browser_type", ref=agent.ref_of(text, 'textbox "Name"'), text="")
    assert cleared["value"] == ""
    assert "hunter2" not in (await agent.call("browser_snapshot", full=True))["snapshot"]


async def test_press_enter_submits_the_focused_form(agent: Agent, pages: PageServer) -> None:
    await agent.call("browser_navigate", url=pages.url("/form"))
    text = (await agent.call("browser_snapshot"))["snapshot"]
    await agent.call("browser_type", ref=agent.ref_of(text, 'textbox "Name"'), text="Grace")
    pressed = await agent.call("browser_press", key="Enter")
    # The press waited for the page the form led to: the frame already shows it when the call returns.
    target = agent.supervisor.controlled_target or ""
    assert pressed == {"ok": True, "key": "Enter", "navigated": agent.supervisor.state.frames[target].url}
    assert "who=Grace" in pressed["navigated"]
    code, message = await agent.fail("browser_press", key="Hyper+q")
    assert code == "invalid_arguments" and "Unknown modifier" in message


async def test_scroll_moves_the_page(agent: Agent, pages: PageServer) -> None:
    await agent.call("browser_navigate", url=pages.url("/frames/many"))
    await agent.evaluate("document.body.style.height = '5000px'; 0")
    scrolled = await agent.call("browser_scroll", direction="down")
    assert scrolled["ok"] is True and scrolled["scrolled"] > 0 and scrolled["target"] == "page"
    assert await agent.evaluate("scrollY") == scrolled["position"]


async def test_a_stale_ref_is_reported_as_the_extension_lane_reports_it(agent: Agent, pages: PageServer) -> None:
    await agent.call("browser_navigate", url=pages.url("/plain"))
    code, message = await agent.fail("browser_click", ref="@e99999")
    assert code == "controller_error" and message.startswith("stale_ref:")


async def test_tabs_and_tab_activate(agent: Agent, pages: PageServer) -> None:
    await agent.call("browser_navigate", url=pages.url("/opener"))
    text = (await agent.call("browser_snapshot"))["snapshot"]
    await agent.call("browser_click", ref=agent.ref_of(text, 'link "Open the form"'))
    target = agent.supervisor.controlled_target or ""
    async with asyncio.timeout(scaled(10)):  # the popup opens on its own time: poll the tab list for it
        tabs = await agent.call("browser_tabs")
        while not any(t["title"] == "Form" for t in tabs):
            await asyncio.sleep(0.05)
            tabs = await agent.call("browser_tabs")
    mine = next(t for t in tabs if t["controlled"])
    assert mine == {
        "id": agent.supervisor.state.targets.tab_id(target),
        "title": "Opener",
        "url": pages.url("/opener"),
        "active": True,
        "controlled": True,
    }
    popup = next(t for t in tabs if t["url"] == pages.url("/form"))
    assert popup["controlled"] is False
    activated = await agent.call("browser_tab_activate", tab_id=popup["id"])
    assert activated == {"id": popup["id"], "url": pages.url("/form"), "title": "Form", "controlled": True}
    assert "Send" in (await agent.call("browser_snapshot"))["snapshot"]
    code, _ = await agent.fail("browser_tab_activate", tab_id=9999)
    assert code == "invalid_arguments"
    await agent.call("browser_tab_activate", tab_id=mine["id"])


async def test_screenshot_is_a_png(agent: Agent, pages: PageServer) -> None:
    await agent.call("browser_navigate", url=pages.url("/plain"))
    shot = await agent.call("browser_screenshot")
    mime_type, data = image_of(shot)
    assert mime_type == "image/png" and data.startswith(b"\x89PNG") and base64.b64encode(data).decode() == shot["data"]


async def test_browser_cdp_refuses_the_browser_wide_domains_and_reports_unknown_methods(agent: Agent) -> None:
    code, message = await agent.fail("browser_cdp", method="Browser.close")
    assert code == "capability_not_allowed" and "browser_tabs" in message
    code, message = await agent.fail("browser_cdp", method="Nope.nothing")
    assert code == "controller_error" and "-32601" in message


async def test_a_closed_tab_is_replaced_with_a_notice(agent: Agent, pages: PageServer) -> None:
    await agent.call("browser_navigate", url=pages.url("/plain"))
    target = agent.supervisor.controlled_target
    await agent.supervisor.send("Target.closeTarget", {"targetId": target})
    await agent.until(lambda: agent.supervisor.state.targets.tab_session(target or "") is None)
    result = await agent.call("browser_snapshot")
    assert "controlled tab was closed" in result["notice"] and agent.supervisor.controlled_target != target


async def test_the_noop_answers_without_a_browser() -> None:
    fresh = Agent(CDPBackend(ExistingChrome("http://127.0.0.1:9")), "sess_noop")  # nothing listens there
    assert await fresh.call("controller.noop") == {}
    code, message = await fresh.fail("browser_tabs")
    assert code == "backend_unavailable" and "browser.cdp_url" in message


#: A crashed tab is reported within this (scaled) bound, far below any call's deadline (as on the extension lane).
CRASH_REPORT_S = 2.0


async def on_plain_page(agent: Agent, pages: PageServer) -> tuple[CDPSupervisor, str, str]:
    """The agent's tab showing /plain: its supervisor, the tab's target and session."""
    await agent.call("browser_navigate", url=pages.url("/plain"))
    target, session = agent.supervisor.tab_session()
    return agent.supervisor, target, session


def assert_tab_crashed(outcome: ToolOutcome) -> None:
    assert (outcome.ok, outcome.error_code) == (False, "controller_error"), outcome
    assert (outcome.error_message or "").startswith("tab_crashed: ") and "navigate" in (outcome.error_message or "")


async def test_calls_in_flight_when_the_tab_crashes_fail_at_once_as_tab_crashed(
    agent: Agent, pages: PageServer
) -> None:
    """Their replies and the page's load events will never come: waiting for them would last until the deadline."""
    supervisor, target, _ = await on_plain_page(agent, pages)
    busy = pages.url("/busy")
    navigating = asyncio.create_task(agent.run("browser_navigate", url=busy))
    # Committed, and its script now keeps the page from loading and the snapshot engine from answering.
    await agent.until(lambda: (top := supervisor.state.frames.get(target)) is not None and top.url == busy)
    snapshotting = asyncio.create_task(agent.run("browser_snapshot"))
    started = time.monotonic()
    crashing = await agent.run("browser_cdp", method="Page.crash")  # its reply never comes either
    outcomes = [crashing, await navigating, await snapshotting]
    took = time.monotonic() - started
    for outcome in outcomes:
        assert_tab_crashed(outcome)
    assert took < scaled(CRASH_REPORT_S), f"the crash took {took:.1f} s to be reported"
    reopened = await agent.call("browser_navigate", url=pages.url("/plain"))  # the session goes on in a new tab
    assert reopened == {"url": pages.url("/plain"), "title": "Plain"} and supervisor.controlled_target != target


async def test_a_crash_between_calls_fails_the_next_call_and_the_one_after_has_a_new_tab(
    agent: Agent, pages: PageServer
) -> None:
    supervisor, target, session = await on_plain_page(agent, pages)
    crashing = asyncio.create_task(supervisor.send("Page.crash", session_id=session))  # no call is in flight
    await agent.until(lambda: supervisor.state.targets.is_crashed(target))
    crashing.cancel()
    started = time.monotonic()
    assert_tab_crashed(await agent.run("browser_snapshot"))
    assert time.monotonic() - started < scaled(CRASH_REPORT_S)
    blank = await agent.call("browser_snapshot")  # told once: now a new blank tab
    assert blank["url"] == "about:blank" and "notice" not in blank and supervisor.controlled_target != target
    assert (await agent.call("browser_navigate", url=pages.url("/plain")))["title"] == "Plain"
