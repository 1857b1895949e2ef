"""``hermes-browser`` as a user runs it: real subprocesses, real ports, and what ends up in the log."""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
import stat
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from hermes_host.controller_socket import websocket_url
from hermes_server.agents.client import BrowserClient
from hermes_wire import controller as protocol
from tests.conftest import scaled


def hermes_browser(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hermes_server", *args], env=env, capture_output=True, text=True, timeout=scaled(30)
    )


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if k != "HERMES_API_KEY"}
    return clean | {"HERMES_HOME": str(tmp_path / "home")}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.processes
def test_bad_configuration_exits_2_naming_key_and_file(tmp_path: Path, env: dict[str, str]) -> None:
    config = tmp_path / "config.yaml"
    config.write_text("browser:\n  extension_control:\n    enabeld: true\n")
    done = hermes_browser("serve", "--config", str(config), env=env | {"HERMES_API_KEY": "k" * 40})
    assert done.returncode == 2
    assert "browser.extension_control.enabeld" in done.stderr and str(config) in done.stderr


@pytest.mark.processes
def test_serve_refuses_to_start_without_a_key(env: dict[str, str]) -> None:
    done = hermes_browser("serve", env=env)
    assert done.returncode == 2
    assert "hermes-browser key" in done.stderr


@pytest.mark.processes
def test_install_host_runs_the_hosts_installer_and_passes_its_exit_status_through(
    tmp_path: Path, env: dict[str, str]
) -> None:
    profile = tmp_path / "profile"
    done = hermes_browser("install-host", "--user-data-dir", str(profile), "--browser", "chromium", env=env)
    assert done.returncode == 0, done.stderr
    assert (profile / "NativeMessagingHosts" / "com.hermes.browser_control.json").is_file()
    assert "Installed the native host manifest" in done.stdout
    refused = hermes_browser(
        "install-host", "--user-data-dir", str(tmp_path / "other"), "--extension-id", "NOT-AN-ID", env=env
    )
    assert refused.returncode == 2 and "not a Chrome extension id" in refused.stderr
    assert not (tmp_path / "other").exists()
    removed = hermes_browser("install-host", "--user-data-dir", str(profile), "--uninstall", env=env)
    assert removed.returncode == 0 and list((profile / "NativeMessagingHosts").iterdir()) == []
    helped = hermes_browser("install-host", "--help", env=env)  # the installer's own help, not an empty one
    assert helped.returncode == 0 and "--user-data-dir" in helped.stdout and "--uninstall" in helped.stdout


@pytest.mark.processes
def test_key_command_writes_a_private_key_once(env: dict[str, str]) -> None:
    done = hermes_browser("key", env=env)
    assert done.returncode == 0, done.stderr
    key_file = Path(env["HERMES_HOME"]) / "browser-control" / "api_key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert key_file.read_text().strip() not in done.stdout  # the key is not echoed to the terminal
    again = hermes_browser("key", env=env)
    assert again.returncode == 2 and "--force" in again.stderr


@pytest.mark.processes
async def test_served_server_keeps_secrets_out_of_its_log(tmp_path: Path, env: dict[str, str]) -> None:
    port = free_port()
    config = tmp_path / "config.yaml"
    config.write_text(f"api_server:\n  port: {port}\nbrowser:\n  extension_control:\n    enabled: true\n")
    api_key = secrets.token_urlsafe(32)
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "hermes_server",
        "serve",
        "--config",
        str(config),
        env=env | {"HERMES_API_KEY": api_key},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    try:
        assert process.stdout is not None
        banner = await asyncio.wait_for(process.stdout.readline(), scaled(20))
        assert f"127.0.0.1:{port}" in banner.decode()
        base = f"http://127.0.0.1:{port}"
        async with BrowserClient(base, api_key) as client:
            async with asyncio.timeout(scaled(20)):
                while True:  # the banner prints just before the socket binds
                    try:
                        await client.capabilities()
                        break
                    except aiohttp.ClientConnectionError:
                        await asyncio.sleep(0.05)
            session = await client.create_session(browser_lane="extension")
            grant = await client.register_controller(session["id"], controller_id="c", browser_profile_id="p")
        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(
                    websocket_url(base) + f"?ticket={grant['ticket']}",
                    protocols=[protocol.SUBPROTOCOL, protocol.TICKET_SUBPROTOCOL_PREFIX + grant["ticket"]],
                )
            assert refused.value.status == 401
    finally:
        process.terminate()
        output, _ = await asyncio.wait_for(process.communicate(), scaled(20))
    log = output.decode()
    assert "GET /v1/browser-control/ws 401" in log  # the refusal is logged...
    assert grant["ticket"] not in log  # ...without the ticket
    assert api_key not in log
