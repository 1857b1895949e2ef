"""The user-control codes reach the agent unchanged on every surface (HTTP, MCP, the CLI).

The extension refuses with ``permission_pending``, ``site_blocked``, ``user_declined`` or
``paused_by_user`` and a message that tells the agent to wait for, or ask, the user. A scripted
controller (the real server, a real controller WebSocket) answers with exactly those codes and
messages, and each surface must pass both on: not as ``controller_error``, not reworded, not retried.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from hermes_wire.errors import USER_CONTROL_CODES
from tests.conftest import scaled
from tests.server.agents.agent_surfaces import mcp_over_http, new_session, run_cli, text_of
from tests.server.helpers import connect_controller, serve_in_background
from tests.support.controller import CommandRefused
from tests.support.local_stack import RunningServer, running_server

#: What the extension says with each code (background/user_control.js, pause.js), as the agent must see it.
MESSAGES = {
    "permission_pending": "The user has not yet said whether the agent may act on example.com: the question is "
    "in the Hermes popup.",
    "site_blocked": "The agent may not act on example.com: blocked by you, in the Hermes popup.",
    "user_declined": 'The user refused to let the agent type into the password field "Password"; nothing was done.',
    "paused_by_user": "The user paused the agent in the Hermes popup; this action was cancelled.",
}


class RefusingBrowser:
    """A controller that refuses every command with one user-control code, counting how often it was asked."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.calls = 0

    async def __call__(self, action: str, arguments: dict[str, Any]) -> Any:
        self.calls += 1
        raise CommandRefused(MESSAGES[self.code], code=self.code)


@pytest.fixture
async def server() -> AsyncIterator[RunningServer]:
    async with running_server() as running:
        yield running


async def refusing(server: RunningServer, code: str) -> tuple[str, RefusingBrowser, asyncio.Task[None]]:
    session_id = await new_session(server)
    browser = RefusingBrowser(code)
    serving = await serve_in_background(await connect_controller(server, session_id), browser)
    return session_id, browser, serving


def test_the_messages_cover_every_user_control_code() -> None:
    assert set(MESSAGES) == USER_CONTROL_CODES


@pytest.mark.parametrize("code", sorted(USER_CONTROL_CODES))
async def test_http_and_mcp_pass_the_code_and_message_through(server: RunningServer, code: str) -> None:
    session_id, browser, serving = await refusing(server, code)
    try:
        async with asyncio.timeout(scaled(10)):
            async with server.client() as client:
                reply = await client.request(
                    "POST", f"/v1/sessions/{session_id}/browser/browser_click", {"arguments": {"ref": "@e1"}}
                )
            async with mcp_over_http(server, session_id) as mcp:
                result = await mcp.call_tool("browser_click", {"ref": "@e1"})
    finally:
        serving.cancel()
    assert reply["ok"] is False and reply["error"] == {"code": code, "message": MESSAGES[code]}
    assert result.is_error and text_of(result) == f"{code}: {MESSAGES[code]}"
    assert browser.calls == 2  # asked once per call: no surface retries a user's refusal


@pytest.mark.processes
@pytest.mark.parametrize("code", sorted(USER_CONTROL_CODES))
async def test_the_cli_prints_the_code_and_message(server: RunningServer, tmp_path: Path, code: str) -> None:
    session_id, browser, serving = await refusing(server, code)
    env = {k: v for k, v in os.environ.items() if k != "HERMES_SESSION"}
    env |= {"HERMES_HOME": str(tmp_path), "HERMES_API_KEY": server.api_key}
    try:
        status, stdout, stderr = await run_cli(
            env, "call", "browser_snapshot", "--session", session_id, "--server", server.url
        )
    finally:
        serving.cancel()
    assert (status, stdout) == (1, "")
    assert stderr.strip() == f"hermes-browser: {code}: {MESSAGES[code]}"
    assert browser.calls == 1
