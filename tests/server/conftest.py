"""Fixtures of the server tests: a real server whose CDP lane is a counting stand-in."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from hermes_server.routing.lanes import ToolCall
from hermes_server.routing.outcome import ToolOutcome
from tests.support.local_stack import RunningServer, running_server


class CountingBackend:
    """Stands in for the CDP lane so a test can prove which calls reached it."""

    name = "cdp"

    def __init__(self) -> None:
        self.calls: list[ToolCall] = []

    async def run(self, call: ToolCall) -> ToolOutcome:
        self.calls.append(call)
        return ToolOutcome(True, result={"served_by": "cdp"})


@pytest.fixture
async def cdp() -> CountingBackend:
    return CountingBackend()


@pytest.fixture
async def server(cdp: CountingBackend) -> AsyncIterator[RunningServer]:
    async with running_server(cdp_backend=cdp) as running:
        yield running
