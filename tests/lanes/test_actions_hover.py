"""A hover (``browser_click`` with ``hover``) says whether the page took it, on both lanes, and the page agrees.

The cdp lane moves a real pointer: the browser's ``:hover`` state follows it, so a menu that opens through
CSS ``:hover`` alone opens (``hovered`` true). The extension lane fires synthetic events: a menu that a
mouseenter handler opens opens, but ``:hover`` does not change, so the CSS menu stays closed, and the result
says so (``hovered`` false, with a notice) instead of a bare success. What is open is read from the page's
own snapshot, never only from the tool's answer.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from hermes_wire.tool_spec import CDP_LANE, EXTENSION_LANE
from tests.lanes.action_pages import ACTION_PAGES, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.test_actions_wait import ref_of
from tests.support.pages import PageServer

pytestmark = pytest.mark.chromium


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages(ACTION_PAGES) as server:
        yield server


#: The menus page as a standards-mode document, and as a quirks-mode one (no doctype), where the hover is the same.
MENU_PAGES = ["/hover-menus", "/hover-menus-quirks"]


def hover(agent: LaneAgent, button: str, item: str, path: str) -> tuple[dict[str, Any], bool]:
    """Hover over the menu's ``button`` on ``path``: the result, and whether the page then shows ``item``."""
    agent.open(path)
    before = agent.snapshot()
    assert f'menuitem "{item}"' not in before  # the menu starts closed
    hovered = agent.ok("browser_click", ref=ref_of(before, f'button "{button}"'), hover=True)
    assert (hovered["role"], hovered["name"]) == ("button", button)
    return hovered, f'menuitem "{item}"' in agent.snapshot()


def assert_says_the_hover_was_not_taken(result: dict[str, Any]) -> None:
    assert result["hovered"] is False, result
    notice = result["notice"]
    assert notice.startswith("The element does not match CSS :hover") and "click" in notice, notice


@pytest.mark.parametrize("path", MENU_PAGES)
def test_a_css_only_hover_menu_opens_on_the_cdp_lane_and_the_extension_lane_says_it_did_not(
    agent: LaneAgent, path: str
) -> None:
    result, shown = hover(agent, "Styles", "Bold", path)
    if agent.lane == CDP_LANE:
        assert shown
        assert result["hovered"] is True and "notice" not in result, result
    else:
        assert agent.lane == EXTENSION_LANE
        assert not shown  # synthetic events leave :hover alone: the CSS menu stays closed...
        assert_says_the_hover_was_not_taken(result)  # ...and the result says so instead of a bare success
    assert result["ok"] is True


@pytest.mark.parametrize("path", MENU_PAGES)
def test_a_menu_opened_by_mouseenter_opens_on_both_lanes(agent: LaneAgent, path: str) -> None:
    result, shown = hover(agent, "Scripts", "Run", path)
    assert shown
    if agent.lane == CDP_LANE:
        assert result["hovered"] is True and "notice" not in result, result
    else:
        # The handler ran, yet the element does not match :hover: said as on the CSS menu.
        assert_says_the_hover_was_not_taken(result)
