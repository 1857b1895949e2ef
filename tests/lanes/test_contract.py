"""The tool contract, held by both lanes: the same page, the same calls, the same results.

Every test runs once per lane (the ``stack`` fixture) and asserts exactly the same things on both.
Where the lanes answer differently today, only the common part is asserted, and the difference is
named next to the assertion:

* ``browser_snapshot``: the cdp lane adds ``pending_dialogs`` and ``frame_tree``;
* ``browser_press``: the extension lane adds what the key did (``action``, ``target``, ``prevented``);
* ``browser_tabs``: the extension lane lists every tab of the user's browser, the cdp lane only its own;
* a ref of the page before a navigation: the same code, in other words.
"""

from __future__ import annotations

import base64
import re
import struct
from typing import Any

import pytest

from hermes_wire.tool_spec import LANES
from hermes_wire.tools import TOOLS
from tests.lanes.conftest import LaneAgent
from tests.support.chromium import WINDOW_SIZE
from tests.support.pages import PageServer
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

#: The contract page as an agent reads it, on a fresh tab (refs from @e1), its viewport line left out.
CONTRACT_SNAPSHOT = """- heading "Contract page" [level=1]
- paragraph: Viewport
- button "Press me" @e1
- paragraph: Not clicked
- textbox "Name" @e2
- combobox "Colour" @e3: Red
  - option "Red" [selected]
  - option "Green"
  - option "Blue"
- button "Send" @e4
- link "Second page" @e5
- paragraph: The end"""
PRESS_ME, NAME, COLOUR = "@e1", "@e2", "@e3"
VIEWPORT = re.compile(r"^- paragraph: Viewport (\d+)x(\d+)$", re.M)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def without_viewport(snapshot: str) -> str:
    """The snapshot without the viewport's figures (they depend on the window, not on the lane)."""
    return VIEWPORT.sub("- paragraph: Viewport", snapshot)


def line_of(snapshot: str, start: str) -> str:
    """The snapshot's line that starts (after its indentation) with ``start``."""
    found = [line.strip() for line in snapshot.splitlines() if line.strip().startswith(start)]
    assert len(found) == 1, f"{len(found)} lines start with {start!r} in:\n{snapshot}"
    return found[0]


def subset(result: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {key: result.get(key) for key in keys}


def test_navigate_then_snapshot_names_every_control_with_the_same_refs(agent: LaneAgent, pages: PageServer) -> None:
    opened = agent.open("/contract")
    assert subset(opened, "url", "title") == {"url": pages.url("/contract"), "title": "Contract"}
    # A new document: the answer shows the compact page (see: changes, the default), as a snapshot would.
    assert without_viewport(opened["snapshot"]) == CONTRACT_SNAPSHOT and "changes" not in opened, opened
    result = agent.ok("browser_snapshot")
    assert without_viewport(result["snapshot"]) == CONTRACT_SNAPSHOT
    # Common metadata; the cdp lane adds pending_dialogs and frame_tree.
    assert subset(result, "url", "title", "truncated", "recent_dialogs") == {
        "url": pages.url("/contract"),
        "title": "Contract",
        "truncated": False,
        "recent_dialogs": [],
    }


def test_a_click_that_changes_the_page_shows_in_the_next_snapshot(agent: LaneAgent) -> None:
    agent.open("/contract")
    agent.snapshot()
    clicked = agent.ok("browser_click", ref=PRESS_ME)
    assert subset(clicked, "ok", "ref", "role", "name") == {
        "ok": True,
        "ref": PRESS_ME,
        "role": "button",
        "name": "Press me",
    }
    after = agent.snapshot()
    assert line_of(after, "- paragraph: Clicked") == "- paragraph: Clicked once"
    assert line_of(after, '- button "Press me"') == f'- button "Press me" [focused] {PRESS_ME}'


def test_typed_text_is_the_value_the_snapshot_shows(agent: LaneAgent) -> None:
    agent.open("/contract")
    agent.snapshot()
    typed = agent.ok("browser_type", ref=NAME, text="Ada Lovelace")
    assert typed == {
        "ok": True,
        "ref": NAME,
        "role": "textbox",
        "name": "Name",
        "value": "Ada Lovelace",
        # what the typing changed, the same on both lanes
        "snapshot": f'~ - textbox "Name" [focused] {NAME}: Ada Lovelace',
        "changes": {"added": 0, "removed": 0, "changed": 1},
    }
    assert line_of(agent.snapshot(), '- textbox "Name"') == f'- textbox "Name" [focused] {NAME}: Ada Lovelace'


def test_typing_an_option_label_selects_it(agent: LaneAgent) -> None:
    agent.open("/contract")
    agent.snapshot()
    chosen = agent.ok("browser_type", ref=COLOUR, text="Green")
    assert subset(chosen, "ok", "ref", "role", "name", "value") == {
        "ok": True,
        "ref": COLOUR,
        "role": "combobox",
        "name": "Colour",
        "value": "Green",
    }
    # An option's line has no ref: the one that lost [selected] and the one that got it show as removed and added.
    assert chosen["snapshot"].splitlines() == [
        f'~ - combobox "Colour" [focused] {COLOUR}: Green',
        '-   - option "Red" [selected]',
        '-   - option "Green"',
        '+   - option "Red"',
        '+   - option "Green" [selected]',
    ], chosen["snapshot"]
    after = agent.snapshot()
    assert line_of(after, '- combobox "Colour"') == f'- combobox "Colour" [focused] {COLOUR}: Green'
    assert line_of(after, '- option "Green"') == '- option "Green" [selected]'
    assert line_of(after, '- option "Red"') == '- option "Red"'


def test_enter_in_a_text_field_submits_its_form(agent: LaneAgent, pages: PageServer) -> None:
    agent.open("/contract")
    agent.snapshot()
    agent.ok("browser_type", ref=COLOUR, text="Blue")
    agent.ok("browser_type", ref=NAME, text="Grace")
    posted_before = len(pages.received)
    pressed = agent.ok("browser_press", key="Enter")
    # Common result; the extension lane adds what the key did (action, target, prevented).
    assert subset(pressed, "ok", "key") == {"ok": True, "key": "Enter"}
    posted = wait_until(lambda: pages.received[posted_before:], 10, "the form to be posted")
    assert posted == [{"name": "Grace", "colour": "Blue"}]
    result = agent.ok("browser_snapshot")
    assert (result["url"], result["title"], result["snapshot"]) == (
        pages.url("/submit"),
        "Sent",
        '- heading "Thank you" [level=1]',
    )


def test_scroll_moves_the_page_down_and_back_to_the_top(agent: LaneAgent) -> None:
    agent.open("/contract")
    down = agent.ok("browser_scroll", direction="down")
    assert subset(down, "ok", "direction", "target", "atStart", "atEnd") == {
        "ok": True,
        "direction": "down",
        "target": "page",
        "atStart": False,
        "atEnd": False,
    }
    assert 0 < down["scrolled"] == down["position"] < down["max"]
    up = agent.ok("browser_scroll", direction="up")
    assert subset(up, "ok", "direction", "target", "position", "atStart") == {
        "ok": True,
        "direction": "up",
        "target": "page",
        "position": 0,
        "atStart": True,
    }
    assert up["scrolled"] == -down["position"]  # signed: how far the page moved, up being negative


def test_back_returns_to_the_previous_page(agent: LaneAgent, pages: PageServer) -> None:
    agent.open("/contract")
    agent.open("/second")
    back = agent.ok("browser_back")
    assert subset(back, "url", "title") == {"url": pages.url("/contract"), "title": "Contract"}
    # The session's last read was of another page: the answer is this page whole, back-forward cache or not.
    assert without_viewport(back["snapshot"]) == CONTRACT_SNAPSHOT and "changes" not in back, back
    assert line_of(agent.snapshot(), "- heading") == '- heading "Contract page" [level=1]'


def test_the_tab_list_holds_the_controlled_page(agent: LaneAgent, pages: PageServer) -> None:
    agent.open("/contract")
    tabs = agent.ok("browser_tabs")
    # The extension lane lists every tab of the user's browser, the cdp lane only its own: the
    # controlled one is common to both.
    [controlled] = [tab for tab in tabs if tab["controlled"]]
    assert isinstance(controlled["id"], int)
    assert subset(controlled, "url", "title", "active") == {
        "url": pages.url("/contract"),
        "title": "Contract",
        "active": True,
    }


def test_a_screenshot_is_a_png_of_the_viewport(agent: LaneAgent) -> None:
    agent.open("/contract")
    viewport = VIEWPORT.search(agent.snapshot())
    assert viewport, "the page did not show its viewport"
    width, height = int(viewport[1]), int(viewport[2])
    assert width == WINDOW_SIZE[0] and 0 < height <= WINDOW_SIZE[1]
    shot = agent.ok("browser_screenshot")
    png = base64.b64decode(shot["data"])
    assert shot["mime_type"] == "image/png" and png.startswith(PNG_SIGNATURE)
    assert struct.unpack(">II", png[16:24]) == (width, height)  # the IHDR chunk's width and height


@pytest.mark.parametrize(
    ("tool", "arguments", "complaint"),
    [
        ("browser_click", {}, "arguments.ref is required"),
        ("browser_click", {"ref": "button"}, "arguments.ref is not valid"),
        ("browser_scroll", {"direction": "sideways"}, "arguments.direction must be one of up, down"),
        ("browser_navigate", {"url": "file:///etc/passwd"}, "arguments.url is not valid"),
        ("browser_type", {"ref": "@e1", "text": "x", "submit": True}, "arguments.submit"),
    ],
)
def test_invalid_arguments_are_refused_with_the_same_code(
    agent: LaneAgent, tool: str, arguments: dict[str, Any], complaint: str
) -> None:
    code, message = agent.error(tool, **arguments)
    assert code == "invalid_arguments" and message.startswith(complaint), message


def test_a_stale_ref_is_refused_with_the_same_code(agent: LaneAgent) -> None:
    agent.open("/contract")
    agent.snapshot()
    assert agent.error("browser_click", ref="@e999") == (
        "controller_error",
        "stale_ref: No element @e999 on this page; take a new snapshot.",
    )
    agent.open("/second")  # PRESS_ME belonged to the page before
    code, message = agent.error("browser_click", ref=PRESS_ME)
    # The wording differs: the extension lane says "No element @e1 on this page", the cdp lane "Element @e1
    # is gone".
    assert code == "controller_error" and message.startswith("stale_ref: ") and PRESS_ME in message


#: Valid arguments for each tool declared for one lane only (a new one needs its entry here).
ONE_LANE_TOOLS = {
    "browser_dialog": {"action": "accept"},
    "browser_cdp": {"method": "Page.enable"},
}


def test_every_one_lane_tool_is_in_the_contract() -> None:
    assert set(ONE_LANE_TOOLS) == {name for name, spec in TOOLS.items() if set(spec.lanes) != set(LANES)}


@pytest.mark.parametrize(("tool", "arguments"), ONE_LANE_TOOLS.items())
def test_a_tool_of_another_lane_is_refused(agent: LaneAgent, tool: str, arguments: dict[str, Any]) -> None:
    """A tool declared for other lanes only is refused, before anything reaches the browser; on its lane it runs."""
    reply = agent.reply(tool, **arguments)
    refused = not reply["ok"] and reply["error"]["code"] == "capability_not_allowed"
    assert refused == (agent.lane not in TOOLS[tool].lanes), reply
