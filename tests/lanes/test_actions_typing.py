"""Issue 11, item 2: typing lands exactly, or it is an error, on both lanes alike.

After ``browser_type`` the lane reads back what the element holds; if it differs from the text asked for,
the call fails with ``controller_error`` ``type_mismatch`` and says what is there. Real builds of the
editors (CodeMirror 5 and 6, ProseMirror, Monaco, from npm) judge the result from their own API: each page
keeps its title at ``JSON.stringify`` of the editor's value (``cm.getValue()``, ``view.state.doc``,
``editor.getValue()``, the ProseMirror doc's ``textContent``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import TYPING_PAGES, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.test_actions_wait import ref_of
from tests.lanes.test_contract import line_of
from tests.support.pages import PageServer
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages(TYPING_PAGES) as server:
        yield server


def held(agent: LaneAgent) -> str:
    """What the page's editor or field holds, by its own API (the page keeps it in its title)."""
    return str(json.loads(agent.ok("browser_snapshot")["title"]))


def field(agent: LaneAgent, path: str, start: str) -> str:
    agent.open(path)
    if path == "/monaco":  # Monaco loads its modules after the page's load event
        wait_until(lambda: "paragraph: Ready" in agent.snapshot(), 30, "Monaco to load")
    return ref_of(agent.ok("browser_snapshot", full=True)["snapshot"], start)


@pytest.mark.parametrize(
    ("start", "text"),
    [
        ('textbox "Plain"', "hello world"),
        ('textbox "Notes"', "line one\nline two"),
        ('textbox "Rich"', "Some rich text"),
    ],
)
def test_plain_fields_hold_exactly_what_was_typed(agent: LaneAgent, start: str, text: str) -> None:
    ref = field(agent, "/fields", start)
    typed = agent.ok("browser_type", ref=ref, text=text)
    assert typed["value"] == text
    assert held(agent) == text
    again = agent.ok("browser_type", ref=ref, text="replaced")  # typing replaces what was there
    assert again["value"] == "replaced" and held(agent) == "replaced"


def test_a_react_style_controlled_input_takes_the_text_into_its_state(agent: LaneAgent) -> None:
    ref = field(agent, "/fields", 'textbox "Controlled"')
    assert agent.ok("browser_type", ref=ref, text="Grace")["value"] == "Grace"
    assert line_of(agent.snapshot(), "- paragraph: ") == "- paragraph: Controlled state: Grace"


def test_a_field_that_keeps_less_than_was_typed_is_a_type_mismatch(agent: LaneAgent) -> None:
    ref = field(agent, "/fields", 'textbox "Short"')
    code, message = agent.error("browser_type", ref=ref, text="abcdefgh")
    assert code == "controller_error"
    assert message.startswith("type_mismatch: ") and '"abcde"' in message, message


def test_a_multiple_select_takes_one_label_per_line(agent: LaneAgent) -> None:
    ref = field(agent, "/fields", 'listbox "Toppings"')
    typed = agent.ok("browser_type", ref=ref, text="Olives\nHam")
    assert typed["value"] == "Olives\nHam"
    assert held(agent) == "Olives\nHam"
    snapshot = agent.snapshot()
    assert line_of(snapshot, '- option "Olives"').startswith('- option "Olives" [selected]')
    assert line_of(snapshot, '- option "Ham"').startswith('- option "Ham" [selected]')
    assert "[selected]" not in line_of(snapshot, '- option "Cheese"')


@pytest.mark.parametrize(
    ("path", "start", "text"),
    [
        ("/codemirror5", "textbox @", "select country, count(*) as n\nfrom cities group by country"),
        ("/codemirror6", "textbox [hint=content]", "select country, count(*) as n\nfrom cities"),
        ("/prosemirror", "textbox [hint=prose-mirror]", "Hello, prose (with brackets)"),
        ("/monaco", 'textbox "Editor content"', "select country, count(*) as n\nfrom cities"),
    ],
)
def test_real_editors_hold_exactly_what_was_typed(agent: LaneAgent, path: str, start: str, text: str) -> None:
    ref = field(agent, path, start)
    agent.ok("browser_type", ref=ref, text=text)
    assert held(agent) == text
    agent.ok("browser_type", ref=ref, text="select 1")  # typing again replaces the whole text
    assert held(agent) == "select 1"
