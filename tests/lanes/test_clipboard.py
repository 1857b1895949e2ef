"""Issue 24, item 5: copy, cut and paste with browser_press, through a clipboard private to the session, the same
on both lanes.

The page is the judge: every field reports its value in the page's title as it changes, and an editor that handles
paste itself (as rich editors do) shows what the paste event carried. A password field's text is never told, only
its length. Two sessions do not share a clipboard.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import page
from tests.lanes.conftest import LaneAgent, new_agent
from tests.support.pages import PageServer, serve_pages

pytestmark = pytest.mark.chromium

SOURCE = "Ship to: 12 Quay Street "  # a trailing space, which an agent cannot see to retype
SECRET = "hunter2!"
FIELDS = page(
    "Fields",
    f"""<label>Source <textarea id="source">{SOURCE}</textarea></label>
<label>Target <input id="target"></label>
<label>Password <input id="password" type="password" value="{SECRET}"></label>
<div id="editor" role="textbox" aria-label="Editor" contenteditable="true"></div>
<div id="shouting" role="textbox" aria-label="Shouting" contenteditable="true"></div>
<script>
const report = () => {{
  document.title = JSON.stringify({{
    target: document.getElementById('target').value,
    password: document.getElementById('password').value.length,
    editor: document.getElementById('editor').textContent,
    shouting: document.getElementById('shouting').textContent,
  }});
}};
document.addEventListener('input', report);
// An editor with its own paste: it reads the paste event's data and inserts it its way.
document.getElementById('shouting').addEventListener('paste', (event) => {{
  event.preventDefault();
  event.target.textContent = event.clipboardData.getData('text/plain').toUpperCase();
  report();
}});
report();
</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_pages({"/fields": FIELDS}) as server:
        yield server


def ref_of(snapshot: str, role: str, name: str) -> str:
    found = re.search(rf'- {role} "{name}"[^@\n]* (@e\d+)', snapshot)
    assert found, snapshot
    return found[1]


def state(agent: LaneAgent) -> dict[str, object]:
    return dict(json.loads(agent.ok("browser_snapshot")["title"]))


def focus(agent: LaneAgent, snapshot: str, name: str) -> None:
    agent.ok("browser_click", ref=ref_of(snapshot, "textbox", name), see="none")


def press(agent: LaneAgent, key: str) -> dict[str, object]:
    return dict(agent.ok("browser_press", key=key, see="none"))


def test_copy_then_paste_moves_the_text_exactly(agent: LaneAgent) -> None:
    agent.open("/fields")
    snapshot = agent.snapshot()
    focus(agent, snapshot, "Source")
    press(agent, "Control+a")
    copied = press(agent, "Control+c")
    assert copied["action"] == "copy" and copied["clipboard"] == {"copied": len(SOURCE), "text": SOURCE}, copied
    focus(agent, snapshot, "Target")
    pasted = press(agent, "Control+v")
    assert pasted["action"] == "paste" and pasted["clipboard"] == {"pasted": len(SOURCE)}, pasted
    assert state(agent)["target"] == SOURCE
    # Shift+Insert pastes too (again, after what is there).
    press(agent, "Shift+Insert")
    assert state(agent)["target"] == SOURCE * 2


def test_cut_takes_the_text_out_and_an_editor_gets_it_through_its_own_paste(agent: LaneAgent) -> None:
    agent.open("/fields")
    snapshot = agent.snapshot()
    agent.ok("browser_type", ref=ref_of(snapshot, "textbox", "Target"), text="moved words", see="none")
    press(agent, "Control+a")
    cut = press(agent, "Control+x")
    assert cut["action"] == "cut" and cut["clipboard"] == {"copied": 11, "text": "moved words"}, cut
    assert state(agent)["target"] == ""
    focus(agent, snapshot, "Editor")
    press(agent, "Control+v")
    assert state(agent)["editor"] == "moved words"
    focus(agent, snapshot, "Shouting")
    press(agent, "Meta+v")
    assert state(agent)["shouting"] == "MOVED WORDS"


def test_a_password_is_copied_but_never_told(agent: LaneAgent) -> None:
    agent.open("/fields")
    snapshot = agent.snapshot()
    focus(agent, snapshot, "Password")
    press(agent, "Control+a")
    copied = press(agent, "Control+c")
    assert copied["clipboard"] == {"copied": len(SECRET), "password": True}, copied
    assert SECRET not in json.dumps(copied)
    focus(agent, snapshot, "Target")
    pasted = press(agent, "Control+v")
    assert pasted["clipboard"] == {"pasted": len(SECRET)} and SECRET not in json.dumps(pasted)
    assert state(agent)["target"] == SECRET


def test_sessions_do_not_share_a_clipboard(agent: LaneAgent) -> None:
    agent.open("/fields")
    snapshot = agent.snapshot()
    focus(agent, snapshot, "Source")
    press(agent, "Control+a")
    press(agent, "Control+c")
    with new_agent(agent.stack) as second:
        second.open("/fields")
        focus(second, second.snapshot(), "Target")
        pasted = press(second, "Control+v")
        assert pasted["clipboard"] == {"pasted": 0} and state(second)["target"] == ""
