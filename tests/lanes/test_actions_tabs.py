"""Issue 11, item 4 on both lanes: tabs and windows an action opens or closes are followed.

A click that opens a tab or a popup window names it in its result (``opened``) and it is in
``browser_tabs``; a popup that closes itself when its Save is clicked is no error: the result says the
tab closed (``closed``) and the session controls the tab that opened it again (``controls``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.lanes.action_pages import TAB_PAGES, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.test_actions_wait import ref_of
from tests.lanes.test_contract import line_of
from tests.support.pages import PageServer

pytestmark = pytest.mark.chromium


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages(TAB_PAGES) as server:
        yield server


def tab_of(agent: LaneAgent, tab_id: int) -> dict[str, Any]:
    [tab] = [tab for tab in agent.ok("browser_tabs") if tab["id"] == tab_id]
    return dict(tab)


def test_a_link_to_a_new_tab_names_the_tab_it_opened(agent: LaneAgent, pages: PageServer) -> None:
    agent.open("/opener")
    clicked = agent.ok("browser_click", ref=ref_of(agent.snapshot(), 'link "Open in a new tab"'))
    [opened] = clicked["opened"]
    assert (opened["url"], opened["title"]) == (pages.url("/opened"), "Opened")
    listed = tab_of(agent, opened["id"])
    assert (listed["url"], listed["controlled"]) == (pages.url("/opened"), False)
    agent.ok("browser_tab_activate", tab_id=opened["id"])
    assert '- heading "A new tab" [level=1]' in agent.snapshot()


def test_a_popup_that_closes_itself_after_save_returns_control_to_its_opener(
    agent: LaneAgent, pages: PageServer
) -> None:
    agent.open("/opener")
    opener = next(tab for tab in agent.ok("browser_tabs") if tab["controlled"])
    clicked = agent.ok("browser_click", ref=ref_of(agent.snapshot(), 'button "Add another"'))
    [popup] = clicked["opened"]
    assert (popup["url"], popup["title"]) == (pages.url("/popup"), "Popup")
    agent.ok("browser_tab_activate", tab_id=popup["id"])
    saved = agent.ok("browser_click", ref=ref_of(agent.snapshot(), 'button "Save"'))
    assert saved["closed"] is True, saved
    assert saved["controls"] == {"id": opener["id"], "url": pages.url("/opener"), "title": "Opener"}
    assert popup["id"] not in {tab["id"] for tab in agent.ok("browser_tabs")}
    # The session is back on the opener, which the popup told it saved.
    assert line_of(agent.snapshot(), "- paragraph: ") == "- paragraph: Saved"


def test_enter_in_a_popup_that_closes_itself_returns_control_to_its_opener(agent: LaneAgent, pages: PageServer) -> None:
    agent.open("/opener")
    opener = next(tab for tab in agent.ok("browser_tabs") if tab["controlled"])
    [popup] = agent.ok("browser_click", ref=ref_of(agent.snapshot(), 'button "Add another"'))["opened"]
    agent.ok("browser_tab_activate", tab_id=popup["id"])
    agent.ok("browser_type", ref=ref_of(agent.snapshot(), 'textbox "Name"'), text="Ada")
    pressed = agent.ok("browser_press", key="Enter")
    assert (pressed["key"], pressed["closed"]) == ("Enter", True), pressed
    assert pressed["controls"] == {"id": opener["id"], "url": pages.url("/opener"), "title": "Opener"}
    assert line_of(agent.snapshot(), "- paragraph: ") == "- paragraph: Saved Ada"


# ----- issue 24, item 3: browser_tabs new and close -------------------------------------------------------------


def controlled_url(agent: LaneAgent) -> str:
    [tab] = [tab for tab in agent.ok("browser_tabs") if tab["controlled"]]
    return str(tab["url"])


def test_a_new_tab_is_controlled_and_closing_it_gives_control_back(agent: LaneAgent, pages: PageServer) -> None:
    agent.open("/opener")
    opened = agent.ok("browser_tabs", action="new", url=pages.url("/opened"))
    assert (opened["url"], opened["title"], opened["controlled"]) == (pages.url("/opened"), "Opened", True), opened
    assert tab_of(agent, opened["id"])["controlled"] is True
    assert agent.ok("browser_snapshot")["url"] == pages.url("/opened")  # the session acts in it now
    closed = agent.ok("browser_tabs", action="close", id=opened["id"])
    assert closed["closed"] == opened["id"] and closed["controls"]["url"] == pages.url("/opener"), closed
    assert opened["id"] not in [tab["id"] for tab in agent.ok("browser_tabs")]
    assert controlled_url(agent) == pages.url("/opener")


def test_a_tab_a_link_opened_can_be_closed_and_control_stays(agent: LaneAgent, pages: PageServer) -> None:
    agent.open("/opener")
    clicked = agent.ok("browser_click", ref=ref_of(agent.snapshot(), 'link "Open in a new tab"'), see="none")
    [opened] = clicked["opened"]
    closed = agent.ok("browser_tabs", action="close", id=opened["id"])
    assert closed == {"closed": opened["id"], "controls": closed["controls"]} and closed["controls"]["url"] == (
        pages.url("/opener")
    ), closed
    assert opened["id"] not in [tab["id"] for tab in agent.ok("browser_tabs")]


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ({"action": "new"}, "action new takes a url"),
        ({"action": "close"}, "action close takes the id"),
        ({"action": "close", "id": 987654}, "No tab 987654"),
        ({"url": "http://127.0.0.1/"}, "url goes with action new"),
    ],
)
def test_tab_actions_need_their_arguments(agent: LaneAgent, arguments: dict[str, Any], expected: str) -> None:
    code, message = agent.error("browser_tabs", **arguments)
    assert code == "invalid_arguments" and expected in message, (code, message)
