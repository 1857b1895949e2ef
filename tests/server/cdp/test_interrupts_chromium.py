"""Actions that make the page open a dialog, on real headless Chromium: each returns at once instead of waiting for
an answer only the agent can give, with what it did so far, the pending dialog and a notice."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.server.cdp.chromium_stack import Agent

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.chromium]

PAGE = """<button onclick="alert('from the button')">Alert</button>
<input aria-label="Name" oninput="alert('typed ' + this.value)">"""


async def open_page(agent: Agent) -> str:
    """The test page (built in about:blank, so no server is needed); returns its snapshot."""
    await agent.call("browser_navigate", url="about:blank")
    await agent.evaluate(f"document.body.innerHTML = {json.dumps(PAGE)}")
    return str((await agent.call("browser_snapshot"))["snapshot"])


def assert_interrupted(result: dict[str, Any], message: str) -> None:
    [pending] = result["pending_dialogs"]
    assert (pending["type"], pending["message"]) == ("alert", message)
    assert "browser_dialog" in result["notice"] and result["url"] == "about:blank"


async def test_a_click_reports_the_element_it_clicked(agent: Agent) -> None:
    snapshot = await open_page(agent)
    result = await agent.call("browser_click", ref=agent.ref_of(snapshot, 'button "Alert"'))
    assert_interrupted(result, "from the button")
    assert (result["ok"], result["role"], result["name"]) == (True, "button", "Alert") and "x" in result


async def test_a_key_press_reports_the_key(agent: Agent) -> None:
    await open_page(agent)
    await agent.evaluate("document.querySelector('button').focus()")
    result = await agent.call("browser_press", key="Enter")
    assert_interrupted(result, "from the button")
    assert (result["ok"], result["key"]) == (True, "Enter")


async def test_typing_reports_the_field_but_not_its_value_yet(agent: Agent) -> None:
    snapshot = await open_page(agent)
    result = await agent.call("browser_type", ref=agent.ref_of(snapshot, 'textbox "Name"'), text="Ada")
    # A key a character, as a person types: the first key's input event opens the alert.
    assert_interrupted(result, "typed A")
    assert (result["ok"], result["name"]) == (True, "Name") and "value" not in result


async def test_a_raw_cdp_command_reports_the_dialog_instead_of_its_reply(agent: Agent) -> None:
    await open_page(agent)
    result = await agent.call("browser_cdp", method="Runtime.evaluate", params={"expression": "alert('raw')"})
    assert_interrupted(result, "raw")
    assert "result" not in result
    assert (await agent.call("browser_dialog", action="accept"))["pending_dialogs"] == []
