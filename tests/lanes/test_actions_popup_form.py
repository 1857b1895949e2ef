"""Issue 11, item 2 on both lanes: a popup whose Save posts its form, and whose answer page tells the opener and
closes the window (Django admin's "+" popup does exactly this), is followed to the end.

The click starts a navigation, and the tab goes away only once the new document has run its script; the action
must not answer ``navigated`` for a tab that is closing, nor fail ``tab_closed``: its result says the tab closed
and the session controls the opener again, on which the next action acts.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import OPENER, page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.test_actions_wait import ref_of
from tests.lanes.test_contract import line_of
from tests.support.pages import PageServer

pytestmark = pytest.mark.chromium

#: The popup's form, posted to the server as Django's is.
POPUP_FORM = page(
    "Add item",
    """<h1>Add item</h1>
<form method="post" action="/saved"><label>Name <input name="name"></label> <button>Save</button></form>""",
)

#: The server's answer to the post: it tells the opener, then closes its window, while it loads.
SAVED = page(
    "Saved",
    """<h1>Saved</h1>
<script>
window.opener.document.getElementById('status').textContent = 'Saved';
window.close();
</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages({"/opener": OPENER, "/popup": POPUP_FORM, "/saved": SAVED}) as server:
        yield server


def test_a_popup_whose_posted_form_closes_it_returns_control_to_its_opener(agent: LaneAgent, pages: PageServer) -> None:
    agent.open("/opener")
    opener = next(tab for tab in agent.ok("browser_tabs") if tab["controlled"])
    [popup] = agent.ok("browser_click", ref=ref_of(agent.snapshot(), 'button "Add another"'))["opened"]
    agent.ok("browser_tab_activate", tab_id=popup["id"])
    agent.ok("browser_type", ref=ref_of(agent.snapshot(), 'textbox "Name"'), text=f"Ada ({agent.lane})")
    saved = agent.ok("browser_click", ref=ref_of(agent.snapshot(), 'button "Save"'))
    assert (saved["role"], saved["name"], saved["closed"]) == ("button", "Save", True), saved
    assert "navigated" not in saved, saved
    assert saved["controls"] == {"id": opener["id"], "url": pages.url("/opener"), "title": "Opener"}
    assert pages.received[-1] == {"name": f"Ada ({agent.lane})"}  # the form did reach the server
    tabs = agent.ok("browser_tabs")
    assert popup["id"] not in {tab["id"] for tab in tabs}
    assert [tab["id"] for tab in tabs if tab["controlled"]] == [opener["id"]]
    # The next action acts on the opener, which the answer page told it saved.
    assert line_of(agent.snapshot(), "- paragraph: ") == "- paragraph: Saved"
