"""Issue 24, item 3 (part): browser_forward and browser_reload, on both lanes.

Forward goes to the page back left, and waits for it as back does; with no next page it answers no_history.
Reload loads the page again: the page's own count of its loads says it did, what was typed is gone, and a ref
of the old document is stale. Each answer shows the page after it (see: changes, a new document: the page).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import page
from tests.lanes.conftest import LaneAgent
from tests.lanes.snapshot_grammar import parse_snapshot, ref_lines
from tests.support.pages import PageServer, serve_pages

pytestmark = pytest.mark.chromium

FIRST = page("First", '<h1>First page</h1><a href="/second">To the second page</a>')
SECOND = page("Second", "<h1>Second page</h1>")
#: Counts its loads in the tab's sessionStorage (which a reload keeps) and shows the count in its title.
COUNTER = page(
    "Counter",
    """<h1>Counter</h1><label>Note <input id="note"></label>
<script>
sessionStorage.loads = String(Number(sessionStorage.loads || 0) + 1);
document.title = 'Loads ' + sessionStorage.loads;
</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_pages({"/first": FIRST, "/second": SECOND, "/counter": COUNTER}) as server:
        yield server


def test_forward_returns_to_the_page_back_left(agent: LaneAgent, pages: PageServer) -> None:
    agent.open("/first")
    agent.open("/second")
    back = agent.ok("browser_back")
    assert back["url"] == pages.url("/first") and 'heading "First page"' in back["snapshot"], back
    # The session last read the first page: the second, back from the back-forward cache or not, is shown whole.
    forward = agent.ok("browser_forward")
    assert (forward["url"], forward["title"]) == (pages.url("/second"), "Second"), forward
    assert 'heading "Second page"' in forward["snapshot"] and "changes" not in forward, forward
    assert agent.ok("browser_snapshot")["url"] == pages.url("/second")


def test_forward_with_no_next_page_is_no_history_and_changes_nothing(agent: LaneAgent, pages: PageServer) -> None:
    agent.open("/first")
    agent.open("/second")
    code, message = agent.error("browser_forward")
    assert code == "controller_error" and message.startswith("no_history: There is no next page"), message
    assert agent.ok("browser_snapshot")["url"] == pages.url("/second")


def test_reload_loads_the_page_again(agent: LaneAgent, pages: PageServer) -> None:
    agent.open("/counter")
    snapshot = agent.ok("browser_snapshot")
    assert snapshot["title"] == "Loads 1"
    [(_, _, note)] = ref_lines(snapshot["snapshot"])
    agent.ok("browser_type", ref=f"@{note}", text="kept?", see="none")
    reloaded = agent.ok("browser_reload")
    assert (reloaded["url"], reloaded["title"]) == (pages.url("/counter"), "Loads 2"), reloaded
    # A new document: the answer is the page, whose field is empty again.
    [field] = [line for line in parse_snapshot(reloaded["snapshot"]) if line.role == "textbox"]
    assert field.name == "Note" and not field.text, reloaded["snapshot"]
    code, message = agent.error("browser_type", ref=f"@{note}", text="x")
    assert "stale_ref" in (code, message.split(":")[0]), (code, message)
