"""The cdp lane's handler table against the tool declarations in ``hermes_wire.tools``."""

from __future__ import annotations

from typing import Any

import pytest

from hermes_server.cdp.tools import HANDLERS, Browsing, handles
from hermes_wire.tool_spec import CDP_LANE
from hermes_wire.tools import TOOL_SWITCHES, tools_for_lane


def test_every_tool_declared_for_the_cdp_lane_has_exactly_one_handler_and_nothing_else_has_one() -> None:
    """Those the configuration turns on included: the lane can serve browser_cdp, the router decides whether it may."""
    assert set(HANDLERS) == {spec.name for spec in tools_for_lane(CDP_LANE, TOOL_SWITCHES)}


def test_a_second_handler_for_a_tool_is_refused() -> None:
    async def another_click(browsing: Browsing, args: dict[str, Any]) -> None:
        raise AssertionError("never registered, never called")

    original = HANDLERS["browser_click"]
    with pytest.raises(ValueError, match="browser_click has two handlers"):
        handles("browser_click")(another_click)
    assert HANDLERS["browser_click"] is original
