"""Browsers coming and going, on real headless Chromium: the embedded Chromium launched lazily and torn down with
the server, a Chromium killed mid-session, the registry rebinding a session to a second Chromium."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from typing import Any

import pytest
from aiohttp import web

from hermes_server.agents.client import BrowserClient
from hermes_server.app import start_server
from hermes_server.app_keys import SESSION_BACKEND
from hermes_server.cdp.backend import CDPBackend
from hermes_server.cdp.chromium import ChromiumProcess, find_chromium
from hermes_server.cdp.connection import CDPConnection, Endpoint
from hermes_server.cdp.providers import LocalChromium
from hermes_server.cdp.supervisor import SupervisorOptions, SupervisorRegistry
from hermes_server.config import ServerConfig
from tests.conftest import scaled
from tests.server.cdp.chromium_stack import Agent
from tests.server.cdp.processes import alive, chromium_children
from tests.support.pages import PageServer

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.chromium]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def is_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def page_targets(endpoint: Endpoint) -> list[dict[str, Any]]:
    """The tabs a Chromium has, asked over a connection of our own."""
    connection = await CDPConnection.open(endpoint, lambda event: None, timeout_s=scaled(5))
    pump = asyncio.create_task(connection.pump())
    try:
        infos = (await connection.send("Target.getTargets"))["targetInfos"]
    finally:
        await connection.close()
        await pump
    return [info for info in infos if info["type"] == "page"]


async def test_a_killed_chromium_is_relaunched_on_the_next_call_with_a_notice(pages: PageServer) -> None:
    source = LocalChromium(None)
    agent = Agent(CDPBackend(source))
    try:
        assert source.process is None  # launched lazily, on the first call
        await agent.call("browser_navigate", url=pages.url("/plain"))
        first = source.process
        assert first is not None and first.alive
        os.kill(first.pid, signal.SIGKILL)
        await agent.until(lambda: not agent.supervisor.alive)
        recovered = await agent.call("browser_navigate", url=pages.url("/form"))
        assert recovered["url"] == pages.url("/form") and "page state" in recovered["notice"]
        assert source.process is not first and source.process is not None and source.process.alive
        assert "notice" not in await agent.call("browser_snapshot")  # told once
    finally:
        await agent.close()
        await agent.backend.aclose()
    assert source.process is None


async def test_the_call_in_flight_when_chromium_dies_fails_and_the_next_one_recovers(pages: PageServer) -> None:
    source = LocalChromium(None)
    agent = Agent(CDPBackend(source))
    try:
        await agent.call("browser_navigate", url=pages.url("/plain"))
        assert source.process is not None
        pid = source.process.pid
        hanging = asyncio.create_task(
            agent.run(
                "browser_cdp",
                method="Runtime.evaluate",
                params={"expression": "console.error('in flight'); new Promise(() => {})", "awaitPromise": True},
            )
        )
        await agent.until(lambda: any(e.text == "in flight" for e in agent.supervisor.state.console.errors))
        os.kill(pid, signal.SIGKILL)
        outcome = await hanging
        assert (outcome.ok, outcome.error_code) == (False, "controller_disconnected")
        assert "may or may not have happened" in (outcome.error_message or "")
        snapshot = await agent.call("browser_snapshot")
        assert "page state" in snapshot["notice"] and snapshot["url"] == "about:blank"
    finally:
        await agent.close()
        await agent.backend.aclose()


async def test_the_registry_rebinds_a_session_to_a_second_chromium() -> None:
    first_chrome = await ChromiumProcess.launch(find_chromium(), timeout_s=scaled(30))
    second_chrome = await ChromiumProcess.launch(find_chromium(), timeout_s=scaled(30))
    registry = SupervisorRegistry()
    options = SupervisorOptions()
    try:
        first = await registry.get_or_start("sess_1", first_chrome.pipe, options)
        assert await registry.get_or_start("sess_1", first_chrome.pipe, options) is first
        tab = await first.open_tab(isolated=True)
        assert tab in {t["targetId"] for t in await page_targets(first_chrome.pipe)}
        second = await registry.get_or_start("sess_1", second_chrome.pipe, options)
        assert second is not first and not first.alive and second.alive
        assert second.state.frames == {} and second.controlled_target is None  # nothing carried over
        await second.open_tab(isolated=True)
        # The old supervisor's tab (in its own browser context) went away with it.
        assert tab not in {t["targetId"] for t in await page_targets(first_chrome.pipe)}
        assert second.controlled_target in {t["targetId"] for t in await page_targets(second_chrome.pipe)}
    finally:
        await registry.stop_all()
        await first_chrome.stop()
        await second_chrome.stop()


async def test_serve_drives_the_cdp_lane_with_its_own_chromium_and_stops_it(pages: PageServer, tmp_path: Any) -> None:
    """start_server with no backend given: the real lane, from the configuration, over the HTTP tool API."""
    config = ServerConfig(api_key="k" * 40, port=0, home=tmp_path)
    runner, url = await start_server(config)
    app: web.Application = runner.app
    source = app[SESSION_BACKEND].source
    assert isinstance(source, LocalChromium) and source.process is None
    try:
        async with BrowserClient(url, config.api_key) as client:
            session = (await client.create_session(browser_lane="cdp"))["id"]
            opened = await client.call(session, "browser_navigate", {"url": pages.url("/plain")})
            assert opened.ok and opened.backend == "cdp", opened.error_message
            snapshot = await client.call(session, "browser_snapshot")
            assert snapshot.ok and "Plain page" in snapshot.result["snapshot"]
            assert source.process is not None
            chrome = source.process
            tab = next(t for t in await page_targets(chrome.pipe) if t["url"] == pages.url("/plain"))
            await client.close_session(session)
            assert tab["targetId"] not in {t["targetId"] for t in await page_targets(chrome.pipe)}
    finally:
        await runner.cleanup()
    assert not chrome.alive and not is_running(chrome.pid)


async def test_a_server_killed_outright_takes_its_chromium_with_it(pages: PageServer, tmp_path: Any) -> None:
    """SIGKILL leaves no cleanup code to run: the kernel's parent-death signal ends the browser."""
    port = free_port()
    (tmp_path / "config.yaml").write_text(f"api_server:\n  port: {port}\n")
    key = "k" * 40
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "hermes_server",
        "serve",
        "--config",
        str(tmp_path / "config.yaml"),
        env=os.environ | {"HERMES_HOME": str(tmp_path), "HERMES_API_KEY": key},
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    try:
        async with BrowserClient(f"http://127.0.0.1:{port}", key) as client:
            async with asyncio.timeout(scaled(20)):
                while not (tmp_path / "browser-control" / "runtime.json").exists():
                    await asyncio.sleep(0.05)
            session = (await client.create_session(browser_lane="cdp"))["id"]
            assert (await client.call(session, "browser_navigate", {"url": pages.url("/plain")})).ok
        (chromium,) = chromium_children(server.pid)
        server.kill()
        await server.wait()
        async with asyncio.timeout(scaled(10)):
            while alive(chromium):
                await asyncio.sleep(0.05)
    finally:
        if server.returncode is None:
            server.kill()
            await server.wait()
