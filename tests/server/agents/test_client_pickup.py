"""An agent that calls right after creating its extension session: the extension looks for new sessions every
two seconds, so the first call waits for it (``BrowserClient.call_once_picked_up``, used by ``hermes-browser
call`` and ``hermes-browser mcp``), and a session nobody picks up still fails ``controller_missing``."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from hermes_server.agents import client as client_module
from hermes_wire.tool_spec import EXTENSION_LANE
from tests.conftest import scaled
from tests.server.agents.agent_surfaces import SNAPSHOT, scripted_browser
from tests.support.local_stack import RunningServer, running_server


@pytest.fixture
async def server() -> Any:
    async with running_server() as running:
        yield running


async def test_the_first_call_waits_for_the_extension_and_is_sent_once(
    server: RunningServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with server.client() as client:
        session = await client.create_session(browser_lane=EXTENSION_LANE)
        waiting = asyncio.Event()
        connects = client.controller_connects

        async def spied(session_id: str, within_s: float) -> bool:
            waiting.set()  # the call found no controller and now waits for one
            return await connects(session_id, within_s)

        monkeypatch.setattr(client, "controller_connects", spied)
        call = asyncio.create_task(client.call_once_picked_up(session["id"], "browser_snapshot"))
        await asyncio.wait_for(waiting.wait(), scaled(10))
        async with scripted_browser(server, session["id"]) as browser:
            outcome = await asyncio.wait_for(call, scaled(10))
    assert outcome.ok and outcome.result == {"snapshot": SNAPSHOT}
    assert browser.received == [("browser_snapshot", {})]  # the refused first try never reached a browser


async def test_a_session_nobody_picks_up_fails_after_the_grace_and_then_at_once(
    server: RunningServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(client_module, "PICKUP_GRACE_S", 0.5)
    loop = asyncio.get_running_loop()
    async with server.client() as client:
        session_id = (await client.create_session(browser_lane=EXTENSION_LANE))["id"]
        started = loop.time()
        first = await client.call_once_picked_up(session_id, "browser_snapshot")
        first_took = loop.time() - started
        started = loop.time()
        second = await client.call_once_picked_up(session_id, "browser_snapshot")  # older than the grace now
        second_took = loop.time() - started
    assert first.error_code == second.error_code == "controller_missing"
    assert 0.3 < first_took < scaled(5) and second_took < 0.3
