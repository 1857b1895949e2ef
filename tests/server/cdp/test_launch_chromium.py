"""The Chromium the cdp lane launches, attacked from the same machine: no DevTools port for a local process to
reach."""

from __future__ import annotations

import os

import pytest

from hermes_server.cdp.backend import CDPBackend
from hermes_server.cdp.providers import LocalChromium
from tests.server.cdp.chromium_stack import Agent
from tests.server.cdp.processes import command_line, descendants, listening_ports, profile_of
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
