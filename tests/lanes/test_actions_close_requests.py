"""Issue 30: Escape closes what a person's Escape closes, on both lanes.

Chromium turns a real Escape whose keydown the page did not cancel into a close request for the newest open modal
<dialog>, auto popover or CloseWatcher. The extension lane's keys are dispatched events, which make none: a native
dialog stayed open, and so did Shoelace's dialog and tooltip, which close through a CloseWatcher of their own. The
page-world hook (extension/page/close_requests.js) now makes the request. The cdp lane presses a real Escape, so each
test holds the hook to the browser itself. The page records what closed, in order; the test reads that record, never
the tool's answer.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.test_actions_grid_cells import open_corpus_page, state_becomes
from tests.lanes.test_actions_library_conformance import first_ref
from tests.support.pages import PageServer
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

SETTLE_S = 5

CLOSABLE = page(
    "closable",
    """<button id="open-dialog" onclick="dialog.showModal()">Open dialog</button>
<button id="watch" onclick="watch()">Start watching</button>
<button id="guarded" onclick="guardedDialog.showModal()">Open guarded dialog</button>
<dialog id="dialog">
  <p>Settings</p>
  <input type="search" id="query" aria-label="Find">
  <button popovertarget="tips">Tips</button>
  <div id="tips" popover>Press Escape to close</div>
</dialog>
<dialog id="guardedDialog"><p>Escape is kept</p><button>Stay</button></dialog>
<script>
window.closings = [];
for (const [id, name] of [['dialog', 'dialog'], ['guardedDialog', 'guarded']]) {
  document.getElementById(id).addEventListener('close', () => closings.push(name));
}
tips.addEventListener('toggle', (e) => { if (e.newState === 'closed') closings.push('tips'); });
guardedDialog.addEventListener('keydown', (e) => { if (e.key === 'Escape') e.preventDefault(); });
function watch() {
  const watcher = new CloseWatcher();
  watcher.onclose = () => closings.push('watcher');
  closings.push('watching');
}
</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages({"/closable": CLOSABLE}) as server:
        yield server


def closed(agent: LaneAgent) -> list[str]:
    return json.loads(agent.evaluated("JSON.stringify(window.closings)"))


def closed_becomes(agent: LaneAgent, expected: list[str]) -> None:
    wait_until(lambda: closed(agent) == expected or None, SETTLE_S, f"closed {expected}")


def test_escape_closes_the_newest_open_popover_then_the_modal_dialog_under_it(agent: LaneAgent) -> None:
    agent.open("/closable")
    agent.ok("browser_click", ref=first_ref(agent, 'button "Open dialog"'))
    agent.ok("browser_click", ref=first_ref(agent, 'button "Tips"'))
    assert agent.evaluated("tips.matches(':popover-open') && dialog.open") is True
    agent.ok("browser_press", key="Escape")
    closed_becomes(agent, ["tips"])
    assert agent.evaluated("dialog.open") is True
    agent.ok("browser_press", key="Escape")
    closed_becomes(agent, ["tips", "dialog"])


def test_escape_in_a_search_field_with_text_empties_it_and_leaves_the_dialog_open(agent: LaneAgent) -> None:
    agent.open("/closable")
    agent.ok("browser_click", ref=first_ref(agent, 'button "Open dialog"'))
    agent.ok("browser_type", ref=first_ref(agent, 'searchbox "Find"'), text="fonts")
    agent.ok("browser_press", key="Escape")
    wait_until(lambda: agent.evaluated("query.value") == "" or None, SETTLE_S, "the search emptied")
    assert agent.evaluated("dialog.open") is True and closed(agent) == []
    agent.ok("browser_press", key="Escape")
    closed_becomes(agent, ["dialog"])


def test_escape_whose_keydown_the_page_cancels_closes_nothing(agent: LaneAgent) -> None:
    agent.open("/closable")
    agent.ok("browser_click", ref=first_ref(agent, 'button "Open guarded dialog"'))
    agent.ok("browser_press", key="Escape")
    agent.ok("browser_snapshot")  # what the key caused has settled by now
    assert agent.evaluated("guardedDialog.open") is True and closed(agent) == []


def test_escape_closes_a_close_watcher_of_the_page(agent: LaneAgent) -> None:
    agent.open("/closable")
    agent.ok("browser_click", ref=first_ref(agent, 'button "Start watching"'))
    agent.ok("browser_press", key="Escape")
    closed_becomes(agent, ["watching", "watcher"])
    agent.ok("browser_press", key="Escape")  # closed once: a second Escape has nothing to close
    agent.ok("browser_snapshot")
    assert closed(agent) == ["watching", "watcher"]


def test_shoelace_closes_its_dialog_through_its_close_watcher_on_escape(agent: LaneAgent) -> None:
    """(Its tooltip closes so too, in the conformance runner's cases; it is left out here because the hover a click
    brings shows it again from a timer, which makes its state after the key a race on a busy machine.)"""
    open_corpus_page(agent, "shoelace")
    agent.ok("browser_click", ref=first_ref(agent, 'button "Open dialog"'))
    state_becomes(agent, "window.__state.dialog", True)
    agent.ok("browser_press", key="Escape")
    state_becomes(agent, "window.__state.dialog", False)
