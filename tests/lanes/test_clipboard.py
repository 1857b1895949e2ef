"""Issue 24, item 5: copy, cut and paste with browser_press, through a clipboard private to the session, the same
on both lanes.

The page is the judge: every field reports its value in the page's title as it changes, and an editor that handles
paste itself (as rich editors do) shows what the paste event carried. Nothing leaves a password field through the
clipboard (issue 31, item 2), whether the field is one by its type or in disguise: the page hears what a browser
gives it, and a paste on another site gets nothing. Two sessions do not share a clipboard.
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
<label>Login word <input id="login" autocomplete="current-password" value="{SECRET}"></label>
<div id="editor" role="textbox" aria-label="Editor" contenteditable="true"></div>
<div id="shouting" role="textbox" aria-label="Shouting" contenteditable="true"></div>
<script>
const report = () => {{
  document.title = JSON.stringify({{
    target: document.getElementById('target').value,
    password: document.getElementById('password').value.length,
    login: document.getElementById('login').value.length,
    copies: copies,
    editor: document.getElementById('editor').textContent,
    shouting: document.getElementById('shouting').textContent,
  }});
}};
let copies = 0;
document.addEventListener('input', report);
for (const type of ['copy', 'cut']) document.addEventListener(type, () => {{ copies++; report(); }});
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


@pytest.mark.parametrize("field", ["Password", "Login word"])
def test_nothing_leaves_a_password_field_through_the_clipboard(agent: LaneAgent, field: str) -> None:
    agent.open("/fields")
    snapshot = agent.snapshot()
    focus(agent, snapshot, field)
    press(agent, "Control+a")
    for key in ("Control+c", "ctrl+Insert", "Control+x", "Shift+Delete"):
        copied = press(agent, key)
        assert copied["clipboard"] == {"copied": False, "password": True}, (key, copied)
    # The field kept its text (a cut takes nothing out). The page heard what a browser gives it: no copy or cut
    # event in a password input (as Chromium, measured with real keys), each one in a field in disguise.
    held = state(agent)
    assert held["copies"] == (0 if field == "Password" else 4), held
    assert held["password"] == held["login"] == len(SECRET), held
    # Pasted into a plain field on another site: nothing arrives.
    with serve_pages({"/elsewhere": FIELDS}) as elsewhere:
        agent.ok("browser_navigate", url=elsewhere.url("/elsewhere"))
        focus(agent, agent.snapshot(), "Target")
        pasted = press(agent, "Control+v")
        assert pasted["clipboard"] == {"pasted": 0}, pasted
        assert state(agent)["target"] == ""


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
