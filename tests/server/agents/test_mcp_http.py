"""MCP over streamable HTTP at /mcp, through the SDK's own client, against a real server and a scripted controller."""

from __future__ import annotations

import asyncio
import base64

import aiohttp
import pytest
from mcp import types
from mcp.shared.exceptions import MCPError

from hermes_server.agents.mcp_http import MCP_PATH, SESSION_HEADER
from hermes_wire.tool_spec import CDP_LANE
from hermes_wire.tools import TOOLS
from tests.conftest import scaled
from tests.server.agents.agent_surfaces import (
    BROWSER_TOOLS,
    PNG,
    SNAPSHOT,
    mcp_errors,
    mcp_over_http,
    new_session,
    scripted_browser,
    text_of,
)
from tests.server.conftest import CountingBackend
from tests.support.local_stack import RunningServer, running_server


@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_tool_list_is_the_declarations_with_their_hints(server: RunningServer, mode: str) -> None:
    session_id = await new_session(server)
    async with asyncio.timeout(scaled(10)), mcp_over_http(server, session_id, mode=mode) as client:
        listed = (await client.list_tools()).tools
    assert [tool.name for tool in listed] == BROWSER_TOOLS
    for tool in listed:
        spec = TOOLS[tool.name]
        assert (tool.description, tool.input_schema) == (spec.description, spec.schema)
        assert tool.annotations is not None
        assert (tool.annotations.read_only_hint, tool.annotations.destructive_hint) == (
            spec.read_only,
            spec.destructive,
        )


async def test_an_extension_session_never_lists_or_runs_a_cdp_only_tool(cdp: CountingBackend) -> None:
    """Even on a server whose configuration turns browser_cdp on (for the cdp lane)."""
    assert TOOLS["browser_cdp"].lanes == {CDP_LANE}
    async with running_server(cdp_backend=cdp, cdp_raw_tool=True) as server:
        extension_session, cdp_session = await new_session(server), await new_session(server, "cdp")
        async with asyncio.timeout(scaled(10)):
            async with mcp_over_http(server, extension_session) as client:
                assert "browser_cdp" not in [tool.name for tool in (await client.list_tools()).tools]
                with pytest.raises(MCPError, match="unknown_tool"):
                    await client.call_tool("browser_cdp", {})
            async with mcp_over_http(server, cdp_session) as client:
                assert "browser_cdp" in [tool.name for tool in (await client.list_tools()).tools]
            async with server.client() as api:  # the HTTP tool API refuses it too, without routing it anywhere
                reply = await api.call(extension_session, "browser_cdp")
    assert (reply.ok, reply.error_code, reply.backend) == (False, "capability_not_allowed", "extension")
    assert "runs only on the cdp lane" in (reply.error_message or "")
    assert cdp.calls == []


@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_calls_round_trip_through_the_controller(server: RunningServer, mode: str) -> None:
    session_id = await new_session(server)
    async with (
        asyncio.timeout(scaled(10)),
        scripted_browser(server, session_id) as browser,
        mcp_over_http(server, session_id, mode=mode) as client,
    ):
        snapshot = await client.call_tool("browser_snapshot", {})
        typed = await client.call_tool("browser_type", {"ref": "@e5", "text": "ada@example.com"})
    assert not snapshot.is_error and text_of(snapshot) == SNAPSHOT
    assert not typed.is_error
    # The action's JSON, then the page after it (see: changes, read by the router) as text of its own.
    result_text, page_text = (block.text for block in typed.content if isinstance(block, types.TextContent))
    assert '"arguments": {"ref": "@e5", "text": "ada@example.com"}' in result_text and "snapshot" not in result_text
    assert page_text == SNAPSHOT
    assert browser.received == [
        ("browser_snapshot", {}),
        ("browser_type", {"ref": "@e5", "text": "ada@example.com"}),
        ("browser_snapshot", {"changes": True}),
    ]


async def test_an_extension_session_without_a_controller_fails_closed(
    server: RunningServer, cdp: CountingBackend
) -> None:
    session_id = await new_session(server)
    async with asyncio.timeout(scaled(10)), mcp_over_http(server, session_id) as client:
        result = await client.call_tool("browser_navigate", {"url": "https://example.com/"})
    assert result.is_error
    assert text_of(result).startswith("controller_missing: ")
    assert "popup and approve pairing" in text_of(result)  # the message says what to do
    assert cdp.calls == []  # never silently served by the other lane


async def test_a_screenshot_arrives_as_image_content(server: RunningServer) -> None:
    session_id = await new_session(server)
    async with (
        asyncio.timeout(scaled(10)),
        scripted_browser(server, session_id),
        mcp_over_http(server, session_id) as client,
    ):
        result = await client.call_tool("browser_screenshot", {})
    assert not result.is_error
    [image] = result.content
    assert isinstance(image, types.ImageContent)
    assert image.mime_type == "image/png" and base64.b64decode(image.data) == PNG


async def test_bad_arguments_are_rejected_with_the_schema_error(server: RunningServer) -> None:
    session_id = await new_session(server)
    async with (
        asyncio.timeout(scaled(10)),
        scripted_browser(server, session_id) as browser,
        mcp_over_http(server, session_id) as client,
    ):
        missing = await client.call_tool("browser_click", {})
        wrong_type = await client.call_tool("browser_tab_activate", {"tab_id": "3"})
    assert missing.is_error and text_of(missing) == "invalid_arguments: arguments.ref is required"
    assert wrong_type.is_error and text_of(wrong_type) == "invalid_arguments: arguments.tab_id must be an integer"
    assert browser.received == []


@pytest.mark.parametrize("header", [None, "sess_doesnotexist"])
async def test_a_request_must_name_an_open_session(server: RunningServer, header: str | None) -> None:
    async with asyncio.timeout(scaled(10)), mcp_over_http(server, header) as client:
        with pytest.raises(MCPError) as refused:
            await client.list_tools()
        with pytest.raises(MCPError):
            await client.call_tool("browser_snapshot", {})
    expected = "session_required: " if header is None else "session_not_found: "
    assert refused.value.message.startswith(expected) and SESSION_HEADER in refused.value.message


@pytest.mark.parametrize("api_key", ["", "wrong-" + "k" * 40])
async def test_a_missing_or_wrong_key_is_refused(server: RunningServer, api_key: str) -> None:
    session_id = await new_session(server)
    with pytest.raises((MCPError, BaseExceptionGroup)) as refused:
        async with asyncio.timeout(scaled(10)), mcp_over_http(server, session_id, api_key=api_key) as client:
            await client.list_tools()
    assert mcp_errors(refused.value), refused.value
    headers = {SESSION_HEADER: session_id, "Accept": "application/json, text/event-stream"}
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    async with (
        aiohttp.ClientSession() as http,
        http.post(
            server.url + MCP_PATH, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, headers=headers
        ) as response,
    ):
        assert response.status == 401
        assert (await response.json())["error"]["code"] == "invalid_api_key"


@pytest.mark.parametrize(
    ("headers", "status", "code"),
    [
        ({"Origin": "https://evil.example"}, 403, "origin_not_allowed"),
        ({"Host": "evil.example"}, 403, "host_not_allowed"),
    ],
)
async def test_the_endpoint_keeps_the_host_and_origin_checks(
    server: RunningServer, headers: dict[str, str], status: int, code: str
) -> None:
    async with (
        aiohttp.ClientSession() as http,
        http.post(
            server.url + MCP_PATH,
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
            headers={"Authorization": f"Bearer {server.api_key}"} | headers,
        ) as response,
    ):
        assert (response.status, (await response.json())["error"]["code"]) == (status, code)


async def test_get_is_not_served(server: RunningServer) -> None:
    """No standalone SSE stream: the JSON-response bridge answers only POST."""
    async with (
        aiohttp.ClientSession() as http,
        http.get(
            server.url + MCP_PATH, headers={"Authorization": f"Bearer {server.api_key}", "Accept": "text/event-stream"}
        ) as response,
    ):
        assert response.status == 405
