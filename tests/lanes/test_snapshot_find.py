"""Issue 23, item 4: browser_find, a search of the whole page, on both lanes.

It answers the lines of a full snapshot that match (text, role, name), each marked "> " under its ancestors'
outline, with refs that act; it reaches rows far out of view among 10,000, lines inside frames, and holds the
grammar on a hostile page. It is no read of the session's: browser_snapshot changes=true still compares with the
session's last snapshot.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.snapshot_grammar import parse_changes, parse_snapshot
from tests.lanes.test_snapshot_changes import BIG_TABLE, HOSTILE, HOSTILE_PAGE, REACT_LIST, open_react, ref_of
from tests.support.pages import PageServer

pytestmark = pytest.mark.chromium

FRAMED = page(
    "Framed",
    """<h1>Outer</h1><button>Outer button</button>
<iframe title="Inner frame" src="/inner" style="width: 400px; height: 200px"></iframe>""",
)
INNER = page("Inner", "<h2>Inner</h2><button onclick=\"document.title = 'pressed'\">Deep button</button>")


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    served = {"/react": REACT_LIST, "/big": BIG_TABLE, "/hostile": HOSTILE_PAGE, "/framed": FRAMED, "/inner": INNER}
    with serve_action_pages(served) as server:
        yield server


def test_a_row_far_out_of_view_among_ten_thousand_is_found_with_its_outline_and_acts(agent: LaneAgent) -> None:
    agent.open("/big")
    found = agent.ok("browser_find", name="Open 7777")
    assert (found["matches"], found["shown"]) == (1, 1), found
    marked = parse_changes(found["snapshot"])
    assert [(mark, line.role) for mark, line in marked] == [
        (" ", "table"),
        (" ", "row"),
        (" ", "cell"),
        (">", "link"),
    ], found["snapshot"]
    link = marked[-1][1]
    assert link.name == "Open 7777" and link.ref, found
    agent.ok("browser_click", ref=f"@{link.ref}", see="none")
    assert agent.ok("browser_snapshot")["url"].endswith("#o7777")


def test_matches_are_counted_and_shown_up_to_the_limit(agent: LaneAgent) -> None:
    agent.open("/big")
    found = agent.ok("browser_find", role="link")
    assert (found["matches"], found["shown"]) == (10_000, 20), {k: v for k, v in found.items() if k != "snapshot"}
    shown = [line for mark, line in parse_changes(found["snapshot"]) if mark == ">"]
    assert [line.name for line in shown] == [f"Open {number}" for number in range(1, 21)]
    three = agent.ok("browser_find", text="order 99", limit=3)  # any case; "Order 99", "Order 990", ...
    assert three["shown"] == 3 and three["matches"] == 111, three
    nothing = agent.ok("browser_find", text="no such order")
    assert (nothing["snapshot"], nothing["matches"]) == ("", 0)


def test_a_line_inside_a_frame_is_found_under_the_frames_outline(agent: LaneAgent) -> None:
    agent.open("/framed")
    found = agent.ok("browser_find", role="button", name="deep")
    marked = parse_changes(found["snapshot"])
    assert [(mark, line.role, line.name) for mark, line in marked] == [
        (" ", "iframe", "Inner frame"),
        (">", "button", "Deep button"),
    ], found["snapshot"]
    agent.ok("browser_click", ref=f"@{marked[-1][1].ref}", see="none")
    assert "Deep button" in agent.ok("browser_find", text="Deep")["snapshot"]


def test_find_is_no_read_of_the_sessions_and_needs_a_criterion(agent: LaneAgent) -> None:
    before = open_react(agent)
    agent.ok("browser_click", ref=ref_of(before, "button", "Add"), see="none")
    assert agent.ok("browser_find", text="Item 3")["matches"] == 1
    # The changes are still those since the last snapshot, the click's.
    changes = agent.ok("browser_snapshot", changes=True)
    assert changes["changes"]["added"] == 3, changes
    code, message = agent.error("browser_find")
    assert code == "invalid_arguments" and "text, role or name" in message, (code, message)


def test_hostile_text_in_found_lines_stays_text(agent: LaneAgent) -> None:
    agent.open("/hostile")
    add = ref_of(parse_snapshot(agent.snapshot()), "button", "Add a note")
    agent.ok("browser_click", ref=add, see="none")
    found = agent.ok("browser_find", text="Pay")
    marked = parse_changes(found["snapshot"])  # raises on any line the page wrote itself
    assert [line.role for mark, line in marked if mark == ">"] == ["button", "text"], found["snapshot"]
    assert all(line.ref != "e1" for mark, line in marked if line.role == "button"), found["snapshot"]
    assert HOSTILE.split("\n")[1] not in found["snapshot"].splitlines()
