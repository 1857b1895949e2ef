"""The MCP server: what it lists and how it renders results, and ``hermes-browser mcp`` as a real stdio subprocess
driven by the SDK's own client."""

from __future__ import annotations

import asyncio
import base64
from pathlib import Path
from typing import Any

import pytest
from mcp import types
from mcp.shared.exceptions import MCPError

from hermes_server.agents.mcp_stdio import as_mcp_tool, call_result, listed_tools
from hermes_server.routing.outcome import ToolOutcome
from hermes_wire.tool_spec import CDP_LANE, EXTENSION_LANE, RAW_CDP_SWITCH
from hermes_wire.tools import TOOLS, tools_for_lane
from tests.conftest import scaled
from tests.server.agents.agent_surfaces import (
    BROWSER_TOOLS,
    PNG,
    SNAPSHOT,
    browser_tools,
    mcp_errors,
    mcp_over_stdio,
    new_session,
    scripted_browser,
    text_of,
)
from tests.support.local_stack import RunningServer, running_server

# ----- listing and rendering (no I/O) ------------------------------------------------------------------


@pytest.mark.parametrize("raw_cdp", [False, True])
@pytest.mark.parametrize("lane", [EXTENSION_LANE, CDP_LANE])
def test_every_tool_served_but_the_channel_check_is_listed(lane: str, raw_cdp: bool) -> None:
    served = tools_for_lane(lane, {RAW_CDP_SWITCH} if raw_cdp else ())
    assert [spec.name for spec in listed_tools(served)] == browser_tools(lane, raw_cdp=raw_cdp)


def test_a_tool_that_only_adds_is_not_called_destructive() -> None:
    """MCP's destructiveHint defaults to true, so it must be spelled out as false."""
    navigate = as_mcp_tool(TOOLS["browser_navigate"]).annotations
    click = as_mcp_tool(TOOLS["browser_click"]).annotations
    assert navigate is not None and (navigate.read_only_hint, navigate.destructive_hint) == (False, False)
    assert click is not None and (click.read_only_hint, click.destructive_hint) == (False, True)


def test_snapshot_metadata_follows_the_text() -> None:
    result = call_result(
        TOOLS["browser_snapshot"],
        ToolOutcome(True, backend="cdp", result={"snapshot": SNAPSHOT, "pending_dialogs": []}),
    )
    assert [block.text for block in result.content if isinstance(block, types.TextContent)] == [
        SNAPSHOT,
        '{"pending_dialogs": []}',
    ]


def test_an_action_with_the_page_after_it_is_rendered_without_its_echo() -> None:
    clicked = {"ok": True, "ref": "@e6", "role": "button", "name": "Save", "x": 386, "y": 400}
    shown = {"snapshot": '~ - button "Save" [pressed] @e6', "changes": {"added": 0, "changed": 1, "removed": 0}}
    result = call_result(TOOLS["browser_click"], ToolOutcome(True, backend="cdp", result=clicked | shown))
    assert [block.text for block in result.content if isinstance(block, types.TextContent)] == [
        '{"role": "button", "name": "Save"}',
        shown["snapshot"],
    ]
    unchanged = call_result(
        TOOLS["browser_click"], ToolOutcome(True, result=clicked | {"snapshot": "", "unchanged": True})
    )
    assert text_of(unchanged) == '{"role": "button", "name": "Save", "unchanged": true}'


@pytest.mark.parametrize(
    ("tool", "result"),
    [
        ("browser_screenshot", {"mime_type": "image/png", "data": "not base64!"}),
        ("browser_screenshot", {"mime_type": "text/html", "data": base64.b64encode(PNG).decode()}),
        ("browser_screenshot", "iVBORw0KGgo="),
        ("browser_snapshot", "- button @e1"),
    ],
)
def test_a_result_without_its_declared_shape_is_a_controller_error(tool: str, result: Any) -> None:
    rendered = call_result(TOOLS[tool], ToolOutcome(True, backend="extension", result=result))
    assert rendered.is_error and text_of(rendered).startswith("controller_error: ")


# ----- hermes-browser mcp over stdio ---------------------------------------------------------------------


@pytest.fixture
async def server() -> Any:
    async with running_server() as running:
        yield running


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """An empty HERMES_HOME, so no key file on this machine is read by accident."""
    return {"HERMES_HOME": str(tmp_path / "home")}


@pytest.mark.processes
async def test_stdio_lists_forwards_and_fails_closed(
    server: RunningServer, env: dict[str, str], tmp_path: Path
) -> None:
    session_id = await new_session(server)
    with (tmp_path / "stderr").open("w+") as errlog:
        client = mcp_over_stdio(
            server, "--session", session_id, env=env | {"HERMES_API_KEY": server.api_key}, errlog=errlog
        )
        async with asyncio.timeout(scaled(30)), client:
            assert [tool.name for tool in (await client.list_tools()).tools] == BROWSER_TOOLS
            # No controller yet: the extension-bound session fails closed, with what to do about it.
            missing = await client.call_tool("browser_snapshot", {})
            async with scripted_browser(server, session_id) as browser:
                snapshot = await client.call_tool("browser_snapshot", {"full": True})
                screenshot = await client.call_tool("browser_screenshot", {})
                bad = await client.call_tool("browser_scroll", {"direction": "sideways"})
                with pytest.raises(MCPError, match="unknown_tool"):
                    await client.call_tool("controller.noop", {})
    assert missing.is_error and text_of(missing).startswith("controller_missing: ")
    assert not snapshot.is_error and text_of(snapshot) == SNAPSHOT
    [image] = screenshot.content
    assert isinstance(image, types.ImageContent) and base64.b64decode(image.data) == PNG
    assert (
        bad.is_error and text_of(bad) == "invalid_arguments: arguments.direction must be one of up, down, top, bottom"
    )
    assert browser.received == [("browser_snapshot", {"full": True}), ("browser_screenshot", {})]


@pytest.mark.processes
async def test_a_new_session_lives_as_long_as_the_stdio_server(
    server: RunningServer, env: dict[str, str], tmp_path: Path
) -> None:
    with (tmp_path / "stderr").open("w+") as errlog:
        client = mcp_over_stdio(
            server, "--new-session", "--lane", "cdp", env=env | {"HERMES_API_KEY": server.api_key}, errlog=errlog
        )
        async with asyncio.timeout(scaled(30)), client:
            result = await client.call_tool("browser_back", {})
            async with server.client() as api:
                [session] = await api.list_sessions()
        async with server.client() as api, asyncio.timeout(scaled(10)):
            while await api.list_sessions():  # closed once the subprocess has seen stdin end
                await asyncio.sleep(0.02)
    assert session["browser_lane"] == "cdp"
    assert result.is_error and text_of(result).startswith("backend_unavailable: ")


@pytest.mark.processes
@pytest.mark.parametrize(("api_key", "expected"), [(None, "no API key"), ("wrong-" + "k" * 40, "invalid_api_key")])
async def test_stdio_refuses_to_start_with_a_missing_or_wrong_key(
    server: RunningServer, env: dict[str, str], tmp_path: Path, api_key: str | None, expected: str
) -> None:
    session_id = await new_session(server)
    key_env = {} if api_key is None else {"HERMES_API_KEY": api_key}
    with (tmp_path / "stderr").open("w+") as errlog:
        with pytest.raises((MCPError, BaseExceptionGroup)) as refused:
            async with (
                asyncio.timeout(scaled(30)),
                mcp_over_stdio(server, "--session", session_id, env=env | key_env, errlog=errlog) as client,
            ):
                await client.list_tools()
        errlog.seek(0)
        stderr = errlog.read()
    assert mcp_errors(refused.value), refused.value
    assert expected in stderr
    assert api_key is None or api_key not in stderr  # a key never ends up in a message
