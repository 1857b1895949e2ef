"""``hermes-browser call`` and ``sessions`` as a user runs them: real subprocesses against a real server."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from tests.server.agents.agent_surfaces import PNG, SNAPSHOT, new_session, run_cli, scripted_browser
from tests.support.local_stack import RunningServer, running_server


@pytest.fixture
async def server() -> Any:
    async with running_server() as running:
        yield running


@pytest.fixture
def env(tmp_path: Path, server: RunningServer) -> dict[str, str]:
    """The caller's environment with this server's key, an empty HERMES_HOME and no HERMES_SESSION."""
    clean = {k: v for k, v in os.environ.items() if k not in ("HERMES_API_KEY", "HERMES_SESSION")}
    return clean | {"HERMES_HOME": str(tmp_path / "home"), "HERMES_API_KEY": server.api_key}


async def hermes_browser(server: RunningServer, env: dict[str, str], *args: str) -> tuple[int, str, str]:
    """Run the CLI against ``server``; returns (status, stdout, stderr)."""
    return await run_cli(env, *args, "--server", server.url)


@pytest.mark.processes
@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (["browser_tab_activate", "tab_id=3"], {"tab_id": 3}),  # typed by the schema: an integer
        (["browser_type", "ref=@e5", "text=42"], {"ref": "@e5", "text": "42"}),  # ...and a string stays one
        (["browser_type", "--args", '{"ref": "@e5", "text": "hi"}'], {"ref": "@e5", "text": "hi"}),
        (["browser_type", "--timeout", "10", "ref=@e5", "text=after options"], {"ref": "@e5", "text": "after options"}),
    ],
)
async def test_call_prints_the_result_as_json(
    server: RunningServer, env: dict[str, str], arguments: list[str], expected: dict[str, Any]
) -> None:
    session_id = await new_session(server)
    async with scripted_browser(server, session_id) as browser:
        status, stdout, stderr = await hermes_browser(server, env, "call", *arguments, "--session", session_id)
    assert status == 0, stderr
    if arguments[0] == "browser_type":  # an action: its answer shows the page after it, read by the router
        assert json.loads(stdout) == {"done": arguments[0], "arguments": expected, "snapshot": SNAPSHOT}
        assert browser.received == [(arguments[0], expected), ("browser_snapshot", {"changes": True})]
    else:
        assert json.loads(stdout) == {"done": arguments[0], "arguments": expected}
        assert browser.received == [(arguments[0], expected)]


@pytest.mark.processes
async def test_call_uses_the_only_open_session(server: RunningServer, env: dict[str, str]) -> None:
    session_id = await new_session(server)
    async with scripted_browser(server, session_id):
        status, stdout, stderr = await hermes_browser(server, env, "call", "browser_snapshot")
    assert status == 0, stderr
    assert "snapshot" in json.loads(stdout)


@pytest.mark.processes
@pytest.mark.parametrize(
    ("key", "arguments", "code"),
    [
        (None, ["browser_click", "ref=@e1"], "controller_missing"),  # fails closed: no controller
        (None, ["browser_click"], "invalid_arguments"),
        ("wrong-" + "k" * 40, ["browser_click", "ref=@e1"], "invalid_api_key"),
    ],
)
async def test_a_failed_call_exits_1_with_the_code_on_stderr(
    server: RunningServer, env: dict[str, str], key: str | None, arguments: list[str], code: str
) -> None:
    session_id = await new_session(server)
    status, stdout, stderr = await hermes_browser(
        server, env | ({"HERMES_API_KEY": key} if key else {}), "call", *arguments, "--session", session_id
    )
    assert (status, stdout) == (1, "")
    assert stderr.startswith(f"hermes-browser: {code}: ")


@pytest.mark.processes
async def test_out_writes_the_screenshot_bytes(server: RunningServer, env: dict[str, str], tmp_path: Path) -> None:
    session_id = await new_session(server)
    out = tmp_path / "shot.png"
    async with scripted_browser(server, session_id):
        status, stdout, stderr = await hermes_browser(
            server, env, "call", "browser_screenshot", "--session", session_id, "--out", str(out)
        )
    assert status == 0, stderr
    assert out.read_bytes() == PNG
    assert stat.S_IMODE(out.stat().st_mode) == 0o600  # a screenshot shows whatever the tab shows
    assert json.loads(stdout) == {"path": str(out), "mime_type": "image/png", "bytes": len(PNG)}


@pytest.mark.processes
async def test_an_unknown_option_is_a_usage_error(server: RunningServer, env: dict[str, str]) -> None:
    status, _, stderr = await hermes_browser(server, env, "call", "browser_tabs", "--colour", "red")
    assert status == 2 and "unrecognized arguments: --colour red" in stderr


@pytest.mark.processes
async def test_out_is_refused_for_a_tool_without_an_image(
    server: RunningServer, env: dict[str, str], tmp_path: Path
) -> None:
    status, _, stderr = await hermes_browser(server, env, "call", "browser_tabs", "--out", str(tmp_path / "x"))
    assert status == 2 and "--out is for image results" in stderr


@pytest.mark.processes
async def test_sessions_new_list_close(server: RunningServer, env: dict[str, str]) -> None:
    status, stdout, stderr = await hermes_browser(server, env, "sessions", "new", "--label", "shopping")
    assert status == 0, stderr
    made = json.loads(stdout)
    assert (made["label"], made["browser_lane"]) == ("shopping", "extension")
    status, stdout, _ = await hermes_browser(server, env, "sessions", "list")
    assert [s["id"] for s in json.loads(stdout)] == [made["id"]]
    status, stdout, _ = await hermes_browser(server, env, "sessions", "close", made["id"])
    assert status == 0 and json.loads(stdout) == {"id": made["id"], "closed": True}
    async with server.client() as client:
        assert await client.list_sessions() == []
    status, _, stderr = await hermes_browser(server, env, "sessions", "close", made["id"])
    assert status == 1 and stderr.startswith("hermes-browser: session_not_found: ")
