"""What a newcomer meets: the CLI finds the running server by itself, every surface creates a session on
the same default lane, ``call`` prints for a person on a terminal (and JSON into a pipe), and a missing
session names the command that creates one."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from hermes_server.agents.calls import readable
from hermes_server.errors import ApiError
from hermes_wire.home import publish_runtime, read_runtime
from tests.conftest import scaled
from tests.server.agents.agent_surfaces import SNAPSHOT, mcp_over_stdio, new_session, run_cli, scripted_browser
from tests.support.local_stack import RunningServer, running_server


def cli_env(home: Path, api_key: str) -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("HERMES_API_KEY", "HERMES_SESSION")}
    return clean | {"HERMES_HOME": str(home), "HERMES_API_KEY": api_key}


def _read_until_closed(descriptor: int) -> bytes:
    """Everything written to a pseudo-terminal until its last writer closes it (Linux reports EIO then)."""
    chunks = []
    with contextlib.suppress(OSError):
        while chunk := os.read(descriptor, 65536):
            chunks.append(chunk)
    return b"".join(chunks)


async def hermes_browser_on_a_terminal(env: dict[str, str], *args: str) -> tuple[int, str]:
    """Run the CLI with stdout on a pseudo-terminal, as a person runs it; returns (status, what it printed)."""
    controller_end, terminal_end = os.openpty()
    try:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "hermes_server", *args, env=env, stdout=terminal_end, stderr=asyncio.subprocess.PIPE
        )
    finally:
        os.close(terminal_end)
    try:
        printed = asyncio.get_running_loop().run_in_executor(None, _read_until_closed, controller_end)
        _, stderr = await asyncio.wait_for(process.communicate(), scaled(30))
        output = await asyncio.wait_for(printed, scaled(10))
    finally:
        os.close(controller_end)
    assert process.returncode == 0, stderr.decode()
    return process.returncode, output.decode().replace("\r\n", "\n")


@pytest.fixture
async def server() -> Any:
    async with running_server() as running:
        yield running


# ----- 1. the CLI finds the running server -----------------------------------------------------------


@pytest.mark.processes
async def test_sessions_list_finds_the_running_server_on_its_random_port(server: RunningServer) -> None:
    record = read_runtime(server.home)
    assert record is not None and record["url"] == server.url and not server.url.endswith(":8642")
    session_id = await new_session(server)
    status, stdout, stderr = await run_cli(cli_env(server.home, server.api_key), "sessions", "list")
    assert status == 0, stderr
    assert [s["id"] for s in json.loads(stdout)] == [session_id]


@pytest.mark.processes
async def test_with_no_server_running_the_message_names_the_command_that_starts_one(tmp_path: Path) -> None:
    status, stdout, stderr = await run_cli(cli_env(tmp_path, "k" * 40), "sessions", "list")
    assert (status, stdout) == (1, "")
    assert stderr.startswith("hermes-browser: server_unreachable: Cannot reach ") and "`hermes-browser serve`" in stderr


@pytest.mark.processes
async def test_a_runtime_file_left_by_a_dead_server_is_ignored(server: RunningServer, tmp_path: Path) -> None:
    """A server killed with SIGKILL leaves its runtime file: its pid is gone, so the CLI must not trust its URL."""
    finished = await asyncio.create_subprocess_exec(sys.executable, "-c", "")
    await finished.wait()  # reaped: its pid names no process now
    home = tmp_path / "home"
    publish_runtime(home, server.url, "secret")
    record = read_runtime(home)
    assert record is not None
    (home / "browser-control" / "runtime.json").write_text(json.dumps(record | {"pid": finished.pid}))
    status, _, stderr = await run_cli(cli_env(home, server.api_key), "sessions", "list")
    assert status == 1 and "server_unreachable" in stderr and server.url not in stderr, stderr


# ----- 2. one default lane on every surface ------------------------------------------------------------


@pytest.mark.parametrize(("enabled", "lane"), [(True, "extension"), (False, "cdp")])
async def test_http_default_lane_follows_extension_control(enabled: bool, lane: str) -> None:
    async with running_server(extension_control_enabled=enabled) as running, running.client() as client:
        session = await client.request("POST", "/v1/sessions", {"label": "no lane given"})
    assert session["browser_lane"] == lane


@pytest.mark.processes
@pytest.mark.parametrize(("enabled", "lane"), [(True, "extension"), (False, "cdp")])
async def test_cli_sessions_new_lets_the_server_pick_the_lane(enabled: bool, lane: str) -> None:
    async with running_server(extension_control_enabled=enabled) as running:
        env = cli_env(running.home, running.api_key)
        status, stdout, stderr = await run_cli(env, "sessions", "new")
        assert status == 0, stderr
        assert json.loads(stdout)["browser_lane"] == lane
        status, stdout, stderr = await run_cli(env, "sessions", "new", "--lane", "cdp")
        assert status == 0 and json.loads(stdout)["browser_lane"] == "cdp", stderr


@pytest.mark.processes
@pytest.mark.parametrize(("enabled", "lane"), [(True, "extension"), (False, "cdp")])
async def test_mcp_stdio_new_session_lets_the_server_pick_the_lane(enabled: bool, lane: str, tmp_path: Path) -> None:
    async with running_server(extension_control_enabled=enabled) as running:
        with (tmp_path / "stderr").open("w+") as errlog:
            client = mcp_over_stdio(running, env=cli_env(tmp_path, running.api_key), errlog=errlog)
            async with asyncio.timeout(scaled(30)), client, running.client() as api:
                [session] = await api.list_sessions()
    assert session["browser_lane"] == lane


# ----- 3. output fit for a terminal ----------------------------------------------------------------------


@pytest.mark.processes
async def test_on_a_terminal_a_snapshot_prints_as_its_text(server: RunningServer) -> None:
    session_id = await new_session(server)
    env = cli_env(server.home, server.api_key)
    async with scripted_browser(server, session_id):
        _, printed = await hermes_browser_on_a_terminal(env, "call", "browser_snapshot")
        _, as_json = await hermes_browser_on_a_terminal(env, "call", "browser_snapshot", "--json")
        status, piped, stderr = await run_cli(env, "call", "browser_snapshot")
    assert printed == SNAPSHOT + "\n"
    assert status == 0 and json.loads(piped) == {"snapshot": SNAPSHOT}, stderr
    assert as_json == piped  # --json on a terminal is exactly what a script reads from a pipe


@pytest.mark.processes
async def test_on_a_terminal_other_results_print_as_key_value_lines(server: RunningServer) -> None:
    session_id = await new_session(server)
    env = cli_env(server.home, server.api_key)
    async with scripted_browser(server, session_id):
        _, printed = await hermes_browser_on_a_terminal(env, "call", "browser_tab_activate", "tab_id=3")
    assert printed == 'done: browser_tab_activate\narguments:\n  {\n    "tab_id": 3\n  }\n'


@pytest.mark.processes
async def test_sessions_print_a_line_each_on_a_terminal_and_json_with_json_or_into_a_pipe(
    server: RunningServer,
) -> None:
    env = cli_env(server.home, server.api_key)
    _, empty = await hermes_browser_on_a_terminal(env, "sessions", "list")
    assert empty == "No open sessions.\n"
    _, made = await hermes_browser_on_a_terminal(env, "sessions", "new", "--label", "shopping")
    session_id = made.splitlines()[0].removeprefix("id: ")
    assert "label: shopping" in made.splitlines() and "browser_lane: extension" in made.splitlines()
    _, printed = await hermes_browser_on_a_terminal(env, "sessions", "list")
    assert printed == f"{session_id}  extension  controller awaiting_controller  shopping\n"
    _, as_json = await hermes_browser_on_a_terminal(env, "sessions", "list", "--json")
    status, piped, stderr = await run_cli(env, "sessions", "list")
    assert status == 0 and [s["id"] for s in json.loads(piped)] == [session_id], stderr
    assert as_json == piped
    _, closed = await hermes_browser_on_a_terminal(env, "sessions", "close", session_id)
    assert closed == f"Closed {session_id}.\n"


def test_a_snapshot_s_metadata_follows_its_text_readably() -> None:
    result = {"snapshot": "- main", "pending_dialogs": [{"type": "alert", "message": "hi"}], "truncated": False}
    lines = readable("snapshot", result).splitlines()
    assert lines[:3] == ["- main", "", "pending_dialogs:"]
    assert json.loads("\n".join(lines[3:-1])) == result["pending_dialogs"]
    assert lines[-1] == "truncated: false"
    assert readable("json", {"note": "two\nlines", "count": 2}) == "note:\n  two\n  lines\ncount: 2"
    assert readable("json", []) == "[]"


# ----- 4. errors name the fix ------------------------------------------------------------------------------


async def test_session_not_found_names_the_cli_command_and_the_route(server: RunningServer) -> None:
    async with server.client() as client:
        with pytest.raises(ApiError) as missing:
            await client.call("sess_" + "0" * 24, "browser_snapshot")
    assert missing.value.code == "session_not_found"
    assert "`hermes-browser sessions new`" in missing.value.message and "POST /v1/sessions" in missing.value.message
