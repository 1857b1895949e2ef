"""Issue 11, items 3 and 6: a click lands where the agent meant, or says why not; and the click's arguments
(button, double, modifiers, hover) do on both lanes what a real mouse does.

The page judges: each scenario reads what the page itself recorded (its status text, its log of mouse
events), never only the tool's answer.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import ACTION_PAGES, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.test_actions_wait import ref_of
from tests.lanes.test_contract import line_of
from tests.support.pages import PageServer

pytestmark = pytest.mark.chromium


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages(ACTION_PAGES) as server:
        yield server


def page_log(agent: LaneAgent, start: str) -> str:
    """The text of the page's paragraph that starts with ``start`` (what the page recorded)."""
    return line_of(agent.snapshot(), "- paragraph: " + start).removeprefix("- paragraph: ")


def test_a_button_below_the_fold_of_a_scrolling_box_is_scrolled_into_the_box_and_clicked(agent: LaneAgent) -> None:
    agent.open("/box")
    deep = ref_of(agent.ok("browser_snapshot", full=True)["snapshot"], 'button "Open last"')
    clicked = agent.ok("browser_click", ref=deep)
    assert (clicked["role"], clicked["name"]) == ("button", "Open last")
    assert page_log(agent, "Deep") == "Deep clicked"


def test_a_click_on_a_button_under_an_overlay_presses_nothing_and_names_the_overlay(agent: LaneAgent) -> None:
    agent.open("/overlay")
    buy = ref_of(agent.snapshot(), 'button "Buy"')
    code, message = agent.error("browser_click", ref=buy)
    assert code == "controller_error" and message.startswith("click_intercepted: "), message
    assert "(div#veil, @e" in message, message
    # A real mouse would have clicked the overlay: the tool refuses instead, and neither got the click.
    assert page_log(agent, "Nothing") == "Nothing clicked"


@pytest.mark.parametrize(
    ("arguments", "events"),
    [
        ({}, "mouseover:0 click:0"),
        ({"button": "right"}, "mouseover:0 contextmenu:2 auxclick:2"),
        ({"button": "middle"}, "mouseover:0 auxclick:1"),
        ({"double": True}, "mouseover:0 click:0 click:0 dblclick:0"),
        ({"modifiers": "Shift+Control"}, "mouseover:0:ctrl+shift click:0:ctrl+shift"),
        ({"hover": True}, "mouseover:0"),
    ],
)
def test_click_arguments_give_the_mouse_events_a_real_mouse_gives(
    agent: LaneAgent, arguments: dict[str, object], events: str
) -> None:
    agent.open("/mouse")
    target = ref_of(agent.snapshot(), 'button "Target"')
    clicked = agent.ok("browser_click", ref=target, **arguments)
    assert (clicked["role"], clicked["name"]) == ("button", "Target")
    assert line_of(agent.snapshot(), "- paragraph: ") == "- paragraph: " + events


def test_hover_opens_a_menu_and_the_click_names_the_item_it_removed(agent: LaneAgent) -> None:
    agent.open("/menu")
    opener = ref_of(agent.snapshot(), 'button "Actions"')
    agent.ok("browser_click", ref=opener, hover=True)
    item = ref_of(agent.snapshot(), 'menuitem "Delete"')
    clicked = agent.ok("browser_click", ref=item)
    # The item is gone after the click; the result names it as it was before.
    assert (clicked["role"], clicked["name"]) == ("menuitem", "Delete")
    snapshot = agent.snapshot()
    assert "Delete" not in snapshot.replace("paragraph: Deleted", "")
    assert line_of(snapshot, "- paragraph: ") == "- paragraph: Deleted"
