"""The rig every conformance test shares in a pytest process: the oracle's browser and a session on each lane's
stack (the suite's ``lane_stacks``), started on first use and kept for the whole run."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hermes_wire.tool_spec import CDP_LANE, EXTENSION_LANE
from tests.conformance.rig import Rig, conformance_rig
from tests.conftest import LaneStacks


@pytest.fixture(scope="session")
def rig(lane_stacks: LaneStacks) -> Iterator[Rig]:
    with conformance_rig(lane_stacks, [CDP_LANE, EXTENSION_LANE]) as running:
        yield running
