"""The lane fixtures of the contract suite (one stack per lane for the run, one session per test), for real apps,
and ``reader``: the test's session, read and acted on as an agent does (``tests/apps/reading.py``).

The applications are servers of their own, so the page server the stacks take serves nothing here.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.apps.reading import Reader
from tests.lanes.conftest import LaneAgent, agent, stack
from tests.support.pages import PageServer, serve_pages

__all__ = ["agent", "stack"]


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_pages({}) as server:
        yield server


@pytest.fixture
def reader(agent: LaneAgent) -> Reader:
    return Reader(agent)
