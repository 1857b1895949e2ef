"""Issue 11, item 6: ``browser_snapshot``'s ``wait_for`` / ``wait_for_gone``, on both lanes alike.

An agent waits for a notebook cell's output without sleeping: the snapshot is taken once the text is
shown (or gone), and a text that never comes fails with ``wait_timeout`` after ``wait_timeout_s``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import WAIT_PAGES, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.test_actions_wait import ref_of
from tests.support.pages import PageServer

pytestmark = pytest.mark.chromium


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages(WAIT_PAGES) as server:
        yield server


def test_wait_for_returns_the_snapshot_once_the_output_is_shown(agent: LaneAgent) -> None:
    agent.open("/notebook")
    agent.ok("browser_click", ref=ref_of(agent.snapshot(), 'button "Run"'))
    assert "Out[1]: 42" not in agent.snapshot()  # the click returned before the cell's output came
    shown = agent.ok("browser_snapshot", wait_for="Out[1]: 42")["snapshot"]
    assert "- paragraph: Out[1]: 42" in shown
    gone = agent.ok("browser_snapshot", wait_for_gone="Running cell")["snapshot"]
    assert "Running cell" not in gone and "- paragraph: Out[1]: 42" in gone


def test_wait_for_reads_the_text_of_shadow_trees(agent: LaneAgent) -> None:
    """Found by a trial on a Panel app (its whole page is in Bokeh's shadow trees): wait_for timed out on text the
    snapshot showed, on both lanes, saying it "was not shown on the page"."""
    agent.open("/shadow-notebook")
    agent.ok("browser_click", ref=ref_of(agent.snapshot(), 'button "Run"'))
    shown = agent.ok("browser_snapshot", wait_for="Out[1]: 42")["snapshot"]
    assert "- paragraph: Out[1]: 42" in shown
    gone = agent.ok("browser_snapshot", wait_for_gone="Running cell")["snapshot"]
    assert "Running cell" not in gone and "- paragraph: Out[1]: 42" in gone
    code, message = agent.error("browser_snapshot", wait_for="Out[2]: 7", wait_timeout_s=0.5)  # a style's words
    assert (code, message.split(" was ")[0]) == ("controller_error", 'wait_timeout: "Out[2]: 7"')


def test_wait_for_follows_the_page_to_its_next_document(agent: LaneAgent, pages: PageServer) -> None:
    agent.open("/notebook")
    agent.ok("browser_click", ref=ref_of(agent.snapshot(), 'button "Run and go"'))
    done = agent.ok("browser_snapshot", wait_for="Cell finished elsewhere")
    assert done["url"] == pages.url("/cell-done")
    assert '- heading "Cell finished elsewhere" [level=1]' in done["snapshot"]


def test_a_text_that_never_comes_is_a_wait_timeout_after_the_given_time(agent: LaneAgent) -> None:
    agent.open("/notebook")
    started = time.monotonic()
    code, message = agent.error("browser_snapshot", wait_for="Out[9]", wait_timeout_s=0.5)
    assert time.monotonic() - started >= 0.5
    assert code == "controller_error"
    assert message == (
        'wait_timeout: "Out[9]" was not shown on the page after 0.5 s; take a snapshot to see what it shows, '
        "or wait longer with wait_timeout_s."
    )


def test_a_wait_longer_than_the_calls_deadline_still_ends_with_its_own_error(agent: LaneAgent) -> None:
    """The call's deadline (here 1 s, given with the call) covers the wait it asks for (2 s): the agent hears that
    the text never came (wait_timeout), not that the command ran out of time (the Dagster UI, tried as a user would:
    a wait of 40 s was cut at the server's 30 with command_timeout)."""
    agent.open("/notebook")
    started = time.monotonic()
    body = {"arguments": {"wait_for": "Out[9]", "wait_timeout_s": 2}, "timeout_s": 1}
    reply = agent.stack.api("POST", f"/v1/sessions/{agent.session_id}/browser/browser_snapshot", body)
    assert time.monotonic() - started >= 2
    assert (reply["ok"], reply["error"]["message"].split(":")[0]) == (False, "wait_timeout"), reply
