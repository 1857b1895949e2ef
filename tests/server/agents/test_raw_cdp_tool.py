"""``browser_cdp`` is off unless the configuration turns it on (``browser.cdp.raw_tool: true``).

The raw DevTools escape hatch bypasses every guard the other tools keep: on the cdp lane,
``Page.navigate`` to ``file:///etc/hostname`` opened the file although ``browser_navigate``
refuses file URLs.  So by default no surface lists it (the session object's ``tools``, MCP over
HTTP and over stdio, the HTTP API's list of a session's tools) and a call by name is refused
with ``capability_not_allowed`` before anything reaches the lane; turned on, it is listed,
described as bypassing every guard, and runs.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from mcp.shared.exceptions import MCPError

from hermes_server.errors import ApiError
from hermes_wire.tool_spec import CDP_LANE, RAW_CDP_SWITCH
from hermes_wire.tools import TOOLS
from tests.conftest import scaled
from tests.server.agents.agent_surfaces import browser_tools, mcp_over_http, mcp_over_stdio, new_session, run_cli
from tests.server.conftest import CountingBackend
from tests.support.local_stack import RunningServer, running_server

#: The call of the issue: through browser_cdp, a file URL that browser_navigate refuses.
FILE_NAVIGATION = {"method": "Page.navigate", "params": {"url": "file:///etc/hostname"}}


async def listed_by_mcp(server: RunningServer, session_id: str) -> list[str]:
    async with asyncio.timeout(scaled(10)), mcp_over_http(server, session_id) as client:
        return [tool.name for tool in (await client.list_tools()).tools]


async def test_by_default_no_tool_list_shows_browser_cdp(server: RunningServer) -> None:
    async with server.client() as api:
        made = await api.create_session(browser_lane=CDP_LANE)
        [listed] = await api.list_sessions()
        with pytest.raises(ApiError) as unknown:
            await api.call(made["id"], "browser_nothing")
    assert "browser_cdp" not in made["tools"] and made["tools"] == listed["tools"]
    assert made["tools"] == ["controller.noop", *browser_tools(CDP_LANE)]
    assert unknown.value.code == "unknown_tool" and "browser_dialog" in unknown.value.message
    assert "browser_cdp" not in unknown.value.message
    assert await listed_by_mcp(server, made["id"]) == browser_tools(CDP_LANE)


async def test_by_default_a_browser_cdp_call_is_refused_before_the_lane(
    server: RunningServer, cdp: CountingBackend
) -> None:
    session_id = await new_session(server, CDP_LANE)
    async with server.client() as api:
        reply = await api.call(session_id, "browser_cdp", FILE_NAVIGATION)
    assert (reply.ok, reply.error_code, reply.backend) == (False, "capability_not_allowed", CDP_LANE)
    assert f"{RAW_CDP_SWITCH}: true" in (reply.error_message or "")
    assert "bypasses every guard" in (reply.error_message or "")
    async with asyncio.timeout(scaled(10)), mcp_over_http(server, session_id) as client:
        with pytest.raises(MCPError, match="unknown_tool"):  # not listed, so not called
            await client.call_tool("browser_cdp", FILE_NAVIGATION)
    assert cdp.calls == []


@pytest.mark.processes
async def test_by_default_the_command_line_and_mcp_over_stdio_refuse_it_too(
    server: RunningServer, cdp: CountingBackend, tmp_path: Path
) -> None:
    session_id = await new_session(server, CDP_LANE)
    env = {"HERMES_HOME": str(tmp_path), "HERMES_API_KEY": server.api_key}
    arguments = ["--args", json.dumps(FILE_NAVIGATION), "--session", session_id, "--server", server.url]
    status, _, stderr = await run_cli(env, "call", "browser_cdp", *arguments)
    assert status == 1 and "capability_not_allowed" in stderr and RAW_CDP_SWITCH in stderr
    with (tmp_path / "stderr").open("w+") as errlog:
        client = mcp_over_stdio(server, "--session", session_id, env=env, errlog=errlog)
        async with asyncio.timeout(scaled(30)), client:
            assert [tool.name for tool in (await client.list_tools()).tools] == browser_tools(CDP_LANE)
    assert cdp.calls == []


async def test_turned_on_it_is_listed_everywhere_says_it_bypasses_every_guard_and_runs(cdp: CountingBackend) -> None:
    async with running_server(cdp_backend=cdp, cdp_raw_tool=True) as server:
        async with server.client() as api:
            made = await api.create_session(browser_lane=CDP_LANE)
            reply = await api.call(made["id"], "browser_cdp", FILE_NAVIGATION)
        assert "browser_cdp" in made["tools"]
        assert await listed_by_mcp(server, made["id"]) == browser_tools(CDP_LANE, raw_cdp=True)
    assert reply.ok and reply.result == {"served_by": "cdp"}
    assert [(call.tool.name, call.arguments) for call in cdp.calls] == [("browser_cdp", FILE_NAVIGATION)]
    description = TOOLS["browser_cdp"].description
    assert "bypasses every guard" in description and f"{RAW_CDP_SWITCH}: true" in description
