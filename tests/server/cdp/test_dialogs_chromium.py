"""Dialogs on real headless Chromium: every type under every policy, native and through the forced-on bridge,
the watchdog, and the text a prompt hands back to the page."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
import pytest_asyncio

from hermes_server.cdp.backend import CDPBackend
from tests.server.cdp.chromium_stack import Agent, SharedBrowser
from tests.support.pages import PageServer

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.chromium]

#: What the page's handler receives when the dialog is accepted / dismissed.
ACCEPTED = {"alert": "alert returned", "confirm": "true", "prompt": '"anonymous"'}
DISMISSED = {"alert": "alert returned", "confirm": "false", "prompt": "null"}

AgentFactory = Callable[..., Agent]


@pytest_asyncio.fixture(loop_scope="module")
async def agents(browser: SharedBrowser) -> AsyncIterator[AgentFactory]:
    """Agents on the module's browser, each with its own backend settings and tab; all closed afterwards."""
    made: list[Agent] = []

    def make(**settings: Any) -> Agent:
        agent = Agent(CDPBackend(browser, **settings), f"sess_{len(made)}")
        made.append(agent)
        return agent

    yield make
    for agent in made:
        await agent.close()
        await agent.backend.aclose()


async def trigger(agent: Agent, pages: PageServer, kind: str) -> dict[str, Any]:
    await agent.call("browser_navigate", url=pages.url(f"/dialog/{kind}"))
    snapshot = (await agent.call("browser_snapshot"))["snapshot"]
    return await agent.call("browser_click", ref=agent.ref_of(snapshot, 'button "Trigger"'))


async def test_a_dialog_the_pointers_arrival_opens_ends_the_click_with_it(
    agents: AgentFactory, pages: PageServer
) -> None:
    """The click moves the pointer there while the engine aims: a mouseover handler's alert blocks the page then,
    before any press, and the click answers at once with the dialog, as when the press itself opens one."""
    agent = agents(dialog_policy="must_respond")
    clicked = await trigger(agent, pages, "hover")
    [pending] = clicked["pending_dialogs"]
    assert (pending["type"], pending["message"]) == ("alert", "You are about to click"), clicked
    assert "browser_dialog" in clicked["notice"]


@pytest.mark.parametrize("bridge", ["off", "on"])
@pytest.mark.parametrize("kind", ["alert", "confirm", "prompt"])
async def test_must_respond_waits_for_the_agents_answer(
    agents: AgentFactory, pages: PageServer, kind: str, bridge: str
) -> None:
    agent = agents(dialog_policy="must_respond", dialog_bridge=bridge)
    clicked = await trigger(agent, pages, kind)
    [pending] = clicked["pending_dialogs"]  # the click came back at once, telling about the dialog
    assert (pending["type"], pending["id"]) == (kind, "d-1") and "browser_dialog" in clicked["notice"]
    snapshot = await agent.call("browser_snapshot")
    assert snapshot["pending_dialogs"] == [pending] and "blocks the page" in snapshot["snapshot"]
    bridged = agent.supervisor.state.dialogs.pending["d-1"].bridge_request_id is not None
    assert bridged is (bridge == "on")  # forced on, the bridge caught it instead of a native dialog
    code, message = await agent.fail("browser_click", ref="@e1")
    assert code == "controller_error" and message.startswith("dialog_open:")
    answered = await agent.call("browser_dialog", action="accept")
    assert answered["answered"]["id"] == "d-1" and answered["pending_dialogs"] == []
    assert await agent.page_result() == ACCEPTED[kind]
    recent = (await agent.call("browser_snapshot"))["recent_dialogs"]
    assert [(r["id"], r["type"], r["closed_by"]) for r in recent] == [("d-1", kind, "agent")]


@pytest.mark.parametrize("bridge", ["off", "on"])
@pytest.mark.parametrize(("policy", "expected"), [("auto_dismiss", DISMISSED), ("auto_accept", ACCEPTED)])
@pytest.mark.parametrize("kind", ["alert", "confirm", "prompt"])
async def test_auto_policies_answer_by_themselves(
    agents: AgentFactory, pages: PageServer, kind: str, policy: str, expected: dict[str, str], bridge: str
) -> None:
    agent = agents(dialog_policy=policy, dialog_bridge=bridge)
    clicked = await trigger(agent, pages, kind)
    assert "pending_dialogs" not in clicked
    assert await agent.page_result() == expected[kind]
    snapshot = await agent.call("browser_snapshot")
    assert snapshot["pending_dialogs"] == []
    assert [(r["type"], r["closed_by"]) for r in snapshot["recent_dialogs"]] == [(kind, "auto_policy")]
    assert (agent.supervisor.state.dialogs.recent[-1].dialog.bridge_request_id is not None) is (bridge == "on")


@pytest.mark.parametrize("bridge", ["off", "on"])
@pytest.mark.parametrize(
    ("action", "prompt_text", "received"),
    [
        ("accept", "Ada Lovelace", '"Ada Lovelace"'),
        ("accept", "", '""'),
        ("dismiss", "ignored", "null"),
    ],
)
async def test_a_prompt_gets_the_agents_text(
    agents: AgentFactory, pages: PageServer, action: str, prompt_text: str, received: str, bridge: str
) -> None:
    agent = agents(dialog_bridge=bridge)
    await trigger(agent, pages, "prompt")
    await agent.call("browser_dialog", action=action, prompt_text=prompt_text)
    assert await agent.page_result() == received


@pytest.mark.parametrize("bridge", ["off", "on"])
async def test_the_watchdog_dismisses_what_nobody_answers(agents: AgentFactory, pages: PageServer, bridge: str) -> None:
    agent = agents(dialog_timeout_s=0.3, dialog_bridge=bridge)
    clicked = await trigger(agent, pages, "confirm")
    assert clicked["pending_dialogs"]
    await agent.until(lambda: not agent.supervisor.state.dialogs.pending)
    assert await agent.page_result() == "false"
    recent = (await agent.call("browser_snapshot"))["recent_dialogs"]
    assert [r["closed_by"] for r in recent] == ["watchdog"]
    code, message = await agent.fail("browser_dialog", action="accept")
    assert code == "invalid_arguments" and "closed by watchdog" in message


async def arm_beforeunload(agent: Agent, pages: PageServer) -> None:
    """Open the page with a beforeunload handler and click it: Chromium only asks after a user gesture."""
    await agent.call("browser_navigate", url=pages.url("/unload"))
    snapshot = (await agent.call("browser_snapshot"))["snapshot"]
    await agent.call("browser_click", ref=agent.ref_of(snapshot, 'button "Arm"'))


@pytest.mark.parametrize("bridge", ["off", "on"])
@pytest.mark.parametrize("action", ["accept", "dismiss"])
async def test_beforeunload_under_must_respond(
    agents: AgentFactory, pages: PageServer, action: str, bridge: str
) -> None:
    agent = agents(dialog_bridge=bridge)  # the bridge cannot take beforeunload: it stays native either way
    await arm_beforeunload(agent, pages)
    leaving = await agent.call("browser_navigate", url=pages.url("/plain"))
    [pending] = leaving["pending_dialogs"]
    assert pending["type"] == "beforeunload" and leaving["url"].endswith("/unload")
    await agent.call("browser_dialog", action=action)
    state, target = agent.supervisor.state, agent.supervisor.controlled_target or ""
    if action == "accept":  # the navigation that was waiting goes on
        await agent.until(lambda: state.frames[target].url.endswith("/plain"))
    else:  # the page stays, and can be used again
        await agent.until(lambda: not state.dialogs.pending)
        assert (await agent.call("browser_snapshot"))["url"].endswith("/unload")
    assert [r.closed_by for r in state.dialogs.recent] == ["agent"]


async def test_beforeunload_auto_accept_leaves(agents: AgentFactory, pages: PageServer) -> None:
    agent = agents(dialog_policy="auto_accept")
    await arm_beforeunload(agent, pages)
    left = await agent.call("browser_navigate", url=pages.url("/plain"))
    assert left == {"url": pages.url("/plain"), "title": "Plain"}
    recent = (await agent.call("browser_snapshot"))["recent_dialogs"]
    assert [(r["type"], r["closed_by"]) for r in recent] == [("beforeunload", "auto_policy")]


async def test_beforeunload_auto_dismiss_stays(agents: AgentFactory, pages: PageServer) -> None:
    agent = agents(dialog_policy="auto_dismiss")
    await arm_beforeunload(agent, pages)
    code, message = await agent.fail("browser_navigate", url=pages.url("/plain"))
    assert code == "controller_error" and "beforeunload dialog was dismissed (auto_policy)" in message
    snapshot = await agent.call("browser_snapshot")
    assert snapshot["url"].endswith("/unload")
    assert [(r["type"], r["closed_by"]) for r in snapshot["recent_dialogs"]] == [("beforeunload", "auto_policy")]
