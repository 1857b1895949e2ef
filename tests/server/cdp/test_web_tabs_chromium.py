"""Issue 11, item 5, on the cdp lane: browser_tab_activate refuses a tab that is not a web page (an existing
Chrome shares all its tabs, chrome:// pages included), with the extension lane's code and message."""

from __future__ import annotations

import pytest

from tests.server.cdp.chromium_stack import Agent

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.chromium]


async def test_browser_tab_activate_refuses_a_chrome_page(agent: Agent) -> None:
    await agent.call("browser_tabs")  # the session's browser and tab
    context = agent.supervisor.browser_context
    params = {"url": "chrome://version/"} | ({"browserContextId": context} if context else {})
    target = (await agent.supervisor.send("Target.createTarget", params))["targetId"]
    try:
        tabs = await agent.call("browser_tabs")
        [version] = [tab for tab in tabs if tab["url"].startswith("chrome://version")]
        code, message = await agent.fail("browser_tab_activate", tab_id=version["id"])
        assert code == "controller_error"
        assert message == (
            f"not_a_web_page: Tab {version['id']} shows a chrome: page, not a web page; an agent controls web pages "
            "only. Call browser_tabs and pick a tab with an http(s) page."
        )
        assert agent.supervisor.controlled_target != target
    finally:
        await agent.supervisor.send("Target.closeTarget", {"targetId": target})
