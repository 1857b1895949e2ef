"""``CDPSupervisor`` and ``SupervisorRegistry`` against the mock DevTools endpoint: the I/O half of the state."""

from __future__ import annotations

import asyncio
import base64
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest

from hermes_extension import page_hook_source
from hermes_server.cdp import bridge
from hermes_server.cdp.dialogs import AUTO_ACCEPT, AUTO_DISMISS
from hermes_server.cdp.supervisor import (
    CDPSupervisor,
    DialogInterrupt,
    InitScript,
    SupervisorOptions,
    SupervisorRegistry,
)
from hermes_server.errors import CDPCommandFailed, CDPDisconnected
from tests.conftest import scaled
from tests.server.cdp.mock_cdp import MockBrowser, mock_browser


@pytest.fixture
async def browser() -> AsyncIterator[MockBrowser]:
    async with mock_browser() as mock:
        yield mock


async def started(browser: MockBrowser, **options: Any) -> CDPSupervisor:
    supervisor = CDPSupervisor("sess_1", browser.endpoint, SupervisorOptions(**options))
    await supervisor.start()
    return supervisor


async def until(supervisor: CDPSupervisor, check: Any) -> None:
    async with asyncio.timeout(scaled(5)):
        await supervisor.until(check)


async def test_open_tab_attaches_flat_and_enables_everything_on_the_tab(browser: MockBrowser) -> None:
    engine = InitScript("/* engine */", "hermes-snapshot")
    supervisor = await started(browser, engine=engine)
    target = await supervisor.open_tab(isolated=True)
    session = supervisor.state.targets.tab_session(target)
    assert session is not None and supervisor.controlled_target == target
    assert browser.methods()[:3] == ["Target.createBrowserContext", "Target.createTarget", "Target.attachToTarget"]
    assert browser.last("Target.attachToTarget").params == {"targetId": target, "flatten": True}
    assert browser.last("Target.createTarget").params["browserContextId"] == supervisor.browser_context
    assert browser.methods(session) == [
        "Page.enable",
        "Runtime.enable",
        "Page.setLifecycleEventsEnabled",
        "Page.setInterceptFileChooserDialog",  # never a native file dialog: the agent answers a chooser
        "Page.addScriptToEvaluateOnNewDocument",
        "Page.addScriptToEvaluateOnNewDocument",
        "Target.setAutoAttach",
        "Page.getFrameTree",
    ]
    auto = browser.last("Target.setAutoAttach").params
    assert (auto["autoAttach"], auto["flatten"], auto["waitForDebuggerOnStart"]) == (True, True, True)
    hook, script = [r.params for r in browser.received if r.method == "Page.addScriptToEvaluateOnNewDocument"]
    # the engine's page-world hook (click listeners) first, in the main world, then the engine in its own world
    assert hook == {"source": page_hook_source(), "runImmediately": True}
    assert (script["source"], script["worldName"]) == ("/* engine */", "hermes-snapshot")
    assert supervisor.state.frames.tree(target)["top"]["frame_id"] == target
    await supervisor.stop()


@pytest.mark.parametrize("isolated", [True, False])
async def test_stop_closes_what_the_supervisor_opened_without_waiting_for_the_connection_to_drop(
    browser: MockBrowser, isolated: bool
) -> None:
    """On the launched Chromium's pipe the connection outlives the session: disposeOnDetach never fires there."""
    supervisor = await started(browser)
    target = await supervisor.open_tab(isolated=isolated)
    context = supervisor.browser_context
    await supervisor.stop()
    if isolated:
        assert browser.last("Target.disposeBrowserContext").params == {"browserContextId": context}
    else:
        assert browser.last("Target.closeTarget").params == {"targetId": target}
    assert target not in browser.targets


async def test_navigation_events_update_the_frame_tree_and_wake_waiters(browser: MockBrowser) -> None:
    supervisor = await started(browser)
    target = await supervisor.open_tab(isolated=False)
    _, session = supervisor.tab_session()
    reply = await supervisor.send("Page.navigate", {"url": "https://example.com/"}, session_id=session)
    await until(supervisor, lambda: supervisor.state.navigations.loaded(target, reply["loaderId"], "load"))
    assert supervisor.state.frames.tree(target)["top"] == {
        "frame_id": target,
        "url": "https://example.com/",
        "origin": "https://example.com",
    }
    await supervisor.stop()


async def test_must_respond_waits_for_the_agent_then_answers_natively(browser: MockBrowser) -> None:
    supervisor = await started(browser)
    target = await supervisor.open_tab(isolated=False)
    _, session = supervisor.tab_session()
    await browser.open_dialog(session, "prompt", "Name?", "anon")
    await until(supervisor, lambda: bool(supervisor.state.dialogs.pending))
    assert "Page.handleJavaScriptDialog" not in browser.methods()
    dialog = await supervisor.respond_to_dialog("accept", "Ada", None)
    assert dialog.type == "prompt"
    assert browser.last("Page.handleJavaScriptDialog").params == {"accept": True, "promptText": "Ada"}
    await until(supervisor, lambda: browser.dialogs == {})
    assert [r.closed_by for r in supervisor.state.dialogs.recent] == ["agent"]
    assert supervisor.state.dialogs.pending_on(target) == []
    await supervisor.stop()


@pytest.mark.parametrize(("policy", "accept"), [(AUTO_DISMISS, False), (AUTO_ACCEPT, True)])
async def test_auto_policies_answer_without_the_agent(browser: MockBrowser, policy: str, accept: bool) -> None:
    supervisor = await started(browser, dialog_policy=policy)
    await supervisor.open_tab(isolated=False)
    _, session = supervisor.tab_session()
    await browser.open_dialog(session, "confirm", "Sure?")
    answered = await browser.wait_for("Page.handleJavaScriptDialog", session)
    assert answered.params == {"accept": accept}
    assert [r.closed_by for r in supervisor.state.dialogs.recent] == ["auto_policy"]
    await supervisor.stop()


async def test_the_watchdog_dismisses_an_unanswered_dialog(browser: MockBrowser) -> None:
    supervisor = await started(browser, dialog_timeout_s=0.05)
    await supervisor.open_tab(isolated=False)
    _, session = supervisor.tab_session()
    await browser.open_dialog(session, "alert", "Hello")
    answered = await browser.wait_for("Page.handleJavaScriptDialog", session)
    assert answered.params == {"accept": False}
    assert [r.closed_by for r in supervisor.state.dialogs.recent] == ["watchdog"]
    await supervisor.stop()


async def test_a_dialog_the_browser_closes_is_remote(browser: MockBrowser) -> None:
    supervisor = await started(browser)
    await supervisor.open_tab(isolated=False)
    target, session = supervisor.tab_session()
    await browser.open_dialog(session, "alert", "Hello")
    await until(supervisor, lambda: bool(supervisor.state.dialogs.pending))
    await browser.emit("Page.javascriptDialogClosed", {"frameId": target, "result": True, "userInput": ""}, session)
    await until(supervisor, lambda: not supervisor.state.dialogs.pending)
    assert [r.closed_by for r in supervisor.state.dialogs.recent] == ["remote"]
    await supervisor.stop()


async def test_act_returns_when_a_dialog_blocks_the_command(browser: MockBrowser) -> None:
    supervisor = await started(browser)
    await supervisor.open_tab(isolated=False)
    _, session = supervisor.tab_session()
    never = asyncio.get_running_loop().create_future()  # a click whose reply waits for the dialog's answer
    acting = asyncio.create_task(supervisor.act(never))
    await browser.open_dialog(session, "confirm", "Leave?")
    async with asyncio.timeout(scaled(5)):
        outcome = await acting
    assert isinstance(outcome, DialogInterrupt) and outcome.dialog.message == "Leave?"
    never.set_result(None)
    assert await supervisor.act(asyncio.sleep(0, result="done")) == "done"
    await supervisor.stop()


async def test_frames_attach_and_detach(browser: MockBrowser) -> None:
    supervisor = await started(browser)
    target = await supervisor.open_tab(isolated=False)
    _, session = supervisor.tab_session()
    await browser.emit("Page.frameAttached", {"frameId": "F1", "parentFrameId": target}, session)
    await until(supervisor, lambda: len(supervisor.state.frames.tree(target)["children"]) == 1)
    await browser.emit("Page.frameDetached", {"frameId": "F1", "reason": "remove"}, session)
    await until(supervisor, lambda: supervisor.state.frames.tree(target)["children"] == [])
    await supervisor.stop()


async def test_a_child_target_is_set_up_like_the_tab_then_resumed(browser: MockBrowser) -> None:
    supervisor = await started(browser, dialog_bridge=True)
    target = await supervisor.open_tab(isolated=False)
    _, session = supervisor.tab_session()
    child = await browser.attach_child(session, "OOPIF1", target)
    await browser.wait_for("Runtime.runIfWaitingForDebugger", child)
    assert browser.methods(child) == [
        "Page.enable",
        "Runtime.enable",
        "Fetch.enable",
        "Page.addScriptToEvaluateOnNewDocument",
        "Target.setAutoAttach",
        "Page.getFrameTree",
        "Runtime.runIfWaitingForDebugger",
    ]
    assert browser.last("Fetch.enable").params == {"patterns": bridge.FETCH_PATTERNS}
    assert supervisor.state.frames.tree(target)["children"] == [
        {"frame_id": "OOPIF1", "url": "", "is_oopif": True, "session_id": child}
    ]
    # Commands for the OOPIF go through its own session.
    reply = await supervisor.send(
        "Runtime.evaluate", {"expression": "1"}, session_id=supervisor.state.frames.session_for("OOPIF1", target)
    )
    assert reply["result"]["value"] == "evaluated in OOPIF1"
    await browser.emit("Target.detachedFromTarget", {"sessionId": child, "targetId": "OOPIF1"}, session)
    await until(supervisor, lambda: supervisor.state.frames.tree(target)["children"] == [])
    await supervisor.stop()


async def test_a_bridged_dialog_is_answered_with_fulfill_request(browser: MockBrowser) -> None:
    supervisor = await started(browser, dialog_bridge=True)
    target = await supervisor.open_tab(isolated=False)
    _, session = supervisor.tab_session()
    url = f"https://{bridge.BRIDGE_HOST}{bridge.BRIDGE_PATH}?type=prompt&message=Name%3F&default_prompt=anon"
    await browser.emit(
        "Fetch.requestPaused", {"requestId": "interception-1", "frameId": target, "request": {"url": url}}, session
    )
    await browser.emit(
        "Fetch.requestPaused",
        {"requestId": "interception-2", "frameId": target, "request": {"url": "https://example.com/app.js"}},
        session,
    )
    assert (await browser.wait_for("Fetch.continueRequest", session)).params == {"requestId": "interception-2"}
    await until(supervisor, lambda: bool(supervisor.state.dialogs.pending))
    await supervisor.respond_to_dialog("accept", None, None)
    fulfilled = browser.last("Fetch.fulfillRequest").params
    assert fulfilled["requestId"] == "interception-1"
    assert json.loads(base64.b64decode(fulfilled["body"])) == {"accept": True, "prompt_text": "anon"}
    await supervisor.stop()


async def test_an_unknown_method_is_refused_with_method_not_found(browser: MockBrowser) -> None:
    supervisor = await started(browser)
    with pytest.raises(CDPCommandFailed) as failed:
        await supervisor.send("Nope.nothing")
    assert failed.value.cdp_code == -32601 and "Nope.nothing" in failed.value.message
    await supervisor.stop()


async def test_teardown_closes_its_own_tabs_and_the_socket(browser: MockBrowser) -> None:
    supervisor = await started(browser)
    target = await supervisor.open_tab(isolated=False)
    await supervisor.stop()
    assert browser.last("Target.closeTarget").params == {"targetId": target}
    assert not supervisor.alive
    async with asyncio.timeout(scaled(5)):
        await browser.disconnected.wait()  # the server side saw the socket close


async def test_a_dropped_connection_fails_waiters_and_commands(browser: MockBrowser) -> None:
    supervisor = await started(browser)
    await supervisor.open_tab(isolated=False)
    waiting = asyncio.create_task(supervisor.until(lambda: False))
    await browser.connections[0].close()
    async with asyncio.timeout(scaled(5)):
        with pytest.raises(CDPDisconnected):
            await waiting
    assert not supervisor.alive
    with pytest.raises(CDPDisconnected):
        await supervisor.send("Page.enable")
    await supervisor.stop()


async def test_the_registry_is_idempotent_and_rebinds_to_a_new_url_with_fresh_state(browser: MockBrowser) -> None:
    registry = SupervisorRegistry()
    options = SupervisorOptions()
    first = await registry.get_or_start("sess_1", browser.endpoint, options)
    same = await asyncio.gather(*(registry.get_or_start("sess_1", browser.endpoint, options) for _ in range(3)))
    assert all(s is first for s in same) and len(browser.connections) == 1
    await first.open_tab(isolated=False)
    _, session = first.tab_session()
    await browser.open_dialog(session, "alert", "old")
    await until(first, lambda: bool(first.state.dialogs.pending))
    async with mock_browser() as second_browser:
        second = await registry.get_or_start("sess_1", second_browser.endpoint, options)
        assert second is not first and not first.alive and registry.get("sess_1") is second
        assert second.state.dialogs.pending == {} and second.state.frames == {} and second.controlled_target is None
        await registry.stop_all()
        assert not second.alive and registry.get("sess_1") is None


async def test_the_registry_replaces_a_dead_supervisor_on_the_same_url(browser: MockBrowser) -> None:
    registry = SupervisorRegistry()
    first = await registry.get_or_start("sess_1", browser.endpoint, SupervisorOptions())
    await browser.connections[0].close()
    async with asyncio.timeout(scaled(5)):
        await first.until(lambda: not first.alive)
    second = await registry.get_or_start("sess_1", browser.endpoint, SupervisorOptions())
    assert second is not first and second.alive
    await registry.stop_all()
