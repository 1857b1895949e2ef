"""Typing into a code editor that rewrites the keys as they come, on both lanes: the editor ends up holding the text.

Monaco in JSON mode (Airflow 3's trigger form, tried as a user would) closes a bracket or a quote as its opening one
is typed, wraps what is selected in a bracket typed over it, and indents each new line; CodeMirror 6 keeps a new
line's indentation and closes brackets too. Typed key by key (real keys on the cdp lane), a JSON object of several
lines ends up with its closing brace twice and its lines indented again, and one typed over ``{}`` inside it. A person
who sees that pastes the text: both lanes then put it in as a paste (Control+A, Control+V with the session's
clipboard), read it back, and say ``pasted``. A code editor's indentation is part of its text, so it is read back
exactly (a rich editor's whitespace runs count as one space). The model is read by the harness (``window.__model``,
which the page keeps), never from the tool's answer.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.editor_pages import EDITOR_PAGES
from tests.lanes.page_reports import ref_of
from tests.lanes.test_actions_typing_editors import open_editor
from tests.support.pages import PageServer

pytestmark = pytest.mark.chromium

#: The code editors that rewrite keys: Monaco 0.58 (EditContext) and 0.52 (a hidden textarea) in JSON mode,
#: CodeMirror 6 with its basic setup.
CODE_EDITORS = [
    pytest.param("/monaco-json", 'textbox "Editor content"', id="monaco-json"),
    pytest.param("/monaco-json-textarea", 'textbox "Editor content"', id="monaco-json-textarea"),
    pytest.param("/codemirror6", "textbox [hint=content]", id="codemirror6"),
]

#: A JSON object of several lines, indented as the agent gives it.
CONFIGURATION = '{\n  "rows": [1, 2],\n  "name": "nightly"\n}'

#: A textarea whose page rewrites what is typed (it writes it in capitals): a field, so it is typed into, never pasted
#: into; the mismatch is told.
REWRITING_FIELD = page(
    "Notes",
    """<label>Notes <textarea id="notes"></textarea></label>
<script>
const notes = document.getElementById('notes');
notes.addEventListener('input', () => { notes.value = notes.value.toUpperCase(); });
</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages(EDITOR_PAGES | {"/rewriting-field": REWRITING_FIELD}) as server:
        yield server


def held(agent: LaneAgent) -> str:
    """The editor's own model, whole, as the page keeps it for the harness."""
    return str(agent.evaluated("window.__model"))


@pytest.mark.parametrize(("path", "start"), CODE_EDITORS)
def test_lines_the_editor_would_indent_again_are_pasted_as_given(agent: LaneAgent, path: str, start: str) -> None:
    ref = open_editor(agent, path, start)
    typed = agent.ok("browser_type", ref=ref, text=CONFIGURATION)
    assert held(agent) == CONFIGURATION
    assert typed.get("pasted") is True, typed


@pytest.mark.parametrize(("path", "start"), CODE_EDITORS)
def test_text_typed_over_brackets_the_editor_holds_replaces_them(agent: LaneAgent, path: str, start: str) -> None:
    ref = open_editor(agent, path, start, holding="{}")
    agent.ok("browser_type", ref=ref, text='{"rows": 5}')
    assert held(agent) == '{"rows": 5}'


@pytest.mark.parametrize(("path", "start"), CODE_EDITORS)
def test_keys_that_land_are_not_pasted_again(agent: LaneAgent, path: str, start: str) -> None:
    ref = open_editor(agent, path, start)
    # each closing character typed over the one the editor put there itself: the keys land as a person's do
    typed = agent.ok("browser_type", ref=ref, text='{"rows": [5]}')
    assert held(agent) == '{"rows": [5]}'
    assert "pasted" not in typed, typed


def test_a_field_that_rewrites_the_keys_is_not_pasted_into(agent: LaneAgent) -> None:
    agent.open("/rewriting-field")
    code, message = agent.error("browser_type", ref=ref_of(agent, 'textbox "Notes"'), text="f(x)")
    assert (code, message.split(":")[0]) == ("controller_error", "type_mismatch"), message
    assert agent.evaluated("document.getElementById('notes').value") == "F(X)"
