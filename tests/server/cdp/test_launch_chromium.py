"""The Chromium the cdp lane launches, attacked from the same machine: no DevTools port for a local process to
reach, and no temporary profile (cookies, history) left behind by a server that was killed outright."""

from __future__ import annotations

import asyncio
import os
import signal
import tempfile
from pathlib import Path

import pytest

from hermes_server.cdp.backend import CDPBackend
from hermes_server.cdp.chromium import ChromiumProcess, find_chromium
from hermes_server.cdp.providers import LocalChromium
from tests.conftest import scaled
from tests.server.cdp.chromium_stack import Agent
from tests.server.cdp.processes import (
    chromium_children,
    command_line,
    descendants,
    group_alive,
    listening_ports,
    profile_of,
)
from tests.support.local_stack import ServerProcess
from tests.support.pages import PageServer

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.chromium]


async def test_the_lanes_chromium_listens_on_no_port(pages: PageServer) -> None:
    """Any local process could drive a DevTools port (list the tabs, run script in them) without the API key."""
    source = LocalChromium(None)
    agent = Agent(CDPBackend(source))
    try:
        assert (await agent.call("browser_navigate", url=pages.url("/plain")))["title"] == "Plain"
        assert source.process is not None
        tree = [source.process.pid, *descendants(source.process.pid)]
        assert len(tree) > 1  # the browser and the renderer, zygote and helper processes it started
        assert pages.port in listening_ports([os.getpid()])  # the scan does find a listening socket where one is
        assert listening_ports(tree) == set()
        assert not [arg for pid in tree for arg in command_line(pid) if arg.startswith("--remote-debugging-port")]
        profile = profile_of(source.process.pid)
        assert profile.is_dir() and not (profile / "DevToolsActivePort").exists()
    finally:
        await agent.close()
        await agent.backend.aclose()


async def lane_profile(server: ServerProcess, pages: PageServer) -> Path:
    """Have ``server``'s cdp lane launch its Chromium (a session's first call); the profile folder it runs in."""
    async with server.client() as client:
        session = (await client.create_session(browser_lane="cdp"))["id"]
        assert (await client.call(session, "browser_navigate", {"url": pages.url("/plain")})).ok
    (chromium,) = chromium_children(server.pid)
    return profile_of(chromium)


@pytest.mark.processes
async def test_a_killed_servers_profile_is_swept_at_the_next_launch_and_a_live_servers_kept(
    pages: PageServer, temporary: Path
) -> None:
    """SIGKILL leaves no cleanup code to run: the next launch removes what the dead server left, and only that."""
    async with ServerProcess.start() as killed, ServerProcess.start() as running:
        left_behind = await lane_profile(killed, pages)
        in_use = await lane_profile(running, pages)
        assert left_behind.parent == in_use.parent == temporary
        (chromium,) = chromium_children(killed.pid)
        os.kill(killed.pid, signal.SIGKILL)
        async with asyncio.timeout(scaled(10)):
            # It follows its server (parent-death signal), and its helpers follow it, leaving its profile.
            while group_alive(chromium):
                await asyncio.sleep(0.05)
        assert left_behind.is_dir()
        # A folder with the same prefix that no server of ours claims (another tool's, say) is not ours to remove.
        foreign = Path(tempfile.mkdtemp(prefix="hermes-chromium-"))
        launched = await ChromiumProcess.launch(find_chromium(), timeout_s=scaled(30))
        try:
            assert not left_behind.exists()
            assert in_use.is_dir() and foreign.is_dir()
            async with running.client() as client:
                session = (await client.create_session(browser_lane="cdp"))["id"]
                assert (await client.call(session, "browser_snapshot")).ok  # the live server's browser still works
        finally:
            await launched.stop()
