"""The README's MCP configurations work exactly as written, for Claude Desktop, Claude Code, Cursor and VS Code.

The snippets are read out of README.md (not copied here), so an edit that breaks one fails this
test.  Each is started the way its client starts it: the ``command`` (the README's placeholder
path replaced by this environment's installed console script) with the ``args`` as given, and an
environment holding only ``HOME`` and ``PATH``, as those clients give a stdio server; nothing tells
it where the server is or what the key is, so it must find them under ``~/.hermes`` by itself.
Against a real stack (the server, Chromium launched and paired by ``hermes-browser browser``), the
SDK's MCP client lists the tools, navigates to a page and takes a snapshot of it.
"""

from __future__ import annotations

import asyncio
import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters, types
from mcp.client.stdio import stdio_client

from hermes_server.config import write_new_key
from hermes_wire.home import browser_control_dir
from tests.conftest import scaled
from tests.server.agents.agent_surfaces import BROWSER_TOOLS
from tests.server.agents.launched_browser import HERMES_BROWSER, launched_browser
from tests.support.local_stack import running_server
from tests.support.pages import serve_pages

README = Path(__file__).resolve().parents[3] / "README.md"
#: The command path the README's configurations show, to be replaced by the reader's own.
PLACEHOLDER = "/path/to/hermes-browser-control/.venv/bin/hermes-browser"
PAGE = "<!doctype html><title>MCP check</title><main><button>Configured as the README says</button></main>"
MCP_TIMEOUT_S = 60.0


@dataclass(frozen=True)
class Launch:
    """What an MCP client runs for a stdio server: a command and its arguments."""

    command: str
    args: list[str]


def block_after(label: str) -> tuple[str, str]:
    """The language and text of the first fenced block after the README line that starts with ``label``."""
    text = README.read_text(encoding="utf-8")
    start = text.index("\n" + label)
    found = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M).search(text, start)
    assert found is not None, f"no code block after {label!r}"
    return found.group(1), found.group(2)


def json_server(label: str, servers_key: str) -> dict[str, object]:
    language, text = block_after(label)
    assert language == "json", label
    server: dict[str, object] = json.loads(text)[servers_key]["hermes-browser"]
    return server


def readme_configs() -> dict[str, Launch]:
    """Each client's configuration from README.md, as the launch it describes."""
    desktop = json_server("Claude Desktop (`claude_desktop_config.json`", "mcpServers")
    cursor = json_server("Cursor (`.cursor/mcp.json`", "mcpServers")
    vscode = json_server("VS Code (`.vscode/mcp.json`", "servers")
    assert vscode.pop("type") == "stdio"
    language, claude_code = block_after("Claude Code:")
    assert language == "sh"
    words = shlex.split(claude_code)
    assert words[:5] == ["claude", "mcp", "add", "hermes-browser", "--"], words
    configs = {"Claude Code": Launch(words[5], words[6:])}
    for client, server in (("Claude Desktop", desktop), ("Cursor", cursor), ("VS Code", vscode)):
        assert set(server) == {"command", "args"}, (client, server)  # no env, no cwd: nothing else to set
        configs[client] = Launch(str(server["command"]), [str(arg) for arg in server["args"]])  # type: ignore[attr-defined]
    return configs


def test_the_readme_has_a_configuration_for_each_client_running_hermes_browser_mcp() -> None:
    configs = readme_configs()
    assert sorted(configs) == ["Claude Code", "Claude Desktop", "Cursor", "VS Code"]
    for client, launch in configs.items():
        assert launch.command == PLACEHOLDER, client
        assert launch.args[0] == "mcp", client


def snapshot_text(result: types.CallToolResult) -> str:
    assert not result.is_error, result.content
    assert isinstance(result.content[0], types.TextContent), result.content  # then its metadata, as JSON
    return result.content[0].text


async def list_and_snapshot(parameters: StdioServerParameters, page_url: str, errlog: Path) -> str:
    """Speak MCP to the server ``parameters`` start: list the tools, navigate, and return the snapshot's text."""
    with errlog.open("w+") as stderr:
        try:
            async with asyncio.timeout(scaled(MCP_TIMEOUT_S)), Client(stdio_client(parameters, errlog=stderr)) as mcp:
                assert [tool.name for tool in (await mcp.list_tools()).tools] == BROWSER_TOOLS
                navigated = await mcp.call_tool("browser_navigate", {"url": page_url})
                assert not navigated.is_error, navigated.content
                return snapshot_text(await mcp.call_tool("browser_snapshot", {}))
        except BaseException:
            print(f"{parameters.command} {parameters.args} said on stderr:\n{errlog.read_text()}")
            raise


@pytest.mark.chromium
@pytest.mark.processes
async def test_each_readme_configuration_lists_the_tools_and_takes_a_snapshot(tmp_path: Path) -> None:
    user_home = tmp_path
    hermes_home = user_home / ".hermes"  # the default HERMES_HOME of a user whose HOME this is
    key = write_new_key(browser_control_dir(hermes_home) / "api_key")
    snapshots = {}
    with serve_pages({"/page": PAGE}) as pages:
        async with (
            running_server(home=hermes_home, api_key=key),
            launched_browser(hermes_home, "--headless", "--approve", "--act-without-asking") as browser,
        ):
            await browser.expect("Ready:")
            for client, launch in readme_configs().items():
                parameters = StdioServerParameters(
                    command=launch.command.replace(PLACEHOLDER, HERMES_BROWSER),
                    args=launch.args,
                    env={"HOME": str(user_home), "PATH": "/usr/bin:/bin"},
                )
                errlog = tmp_path / f"mcp-{len(snapshots)}.log"
                snapshots[client] = await list_and_snapshot(parameters, pages.url("/page"), errlog)
    assert len(snapshots) == 4
    for client, snapshot in snapshots.items():
        assert 'button "Configured as the README says"' in snapshot, (client, snapshot)
