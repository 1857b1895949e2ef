"""Issue 21, item 2: typing goes through each rich editor's own input path, on both lanes.

``browser_type`` into a real editor (from npm: CodeMirror 5 and 6, Monaco, ProseMirror, TipTap, Draft.js,
Lexical, Slate, Quill, CKEditor 5, TinyMCE) must leave the editor's own model holding exactly the text, as a
person's typing would: into an empty editor, over text the editor already holds (select all, then type over
it; nothing typed is a Backspace), over several lines (each line a paragraph of its own), and a text longer to
type than a page's settling may last. The test judges from the model, read through the editor's API by the
page (tests/lanes/editor_pages.py), never from the tool's answer; an editor that crashed, or a ref that went
stale under the typing, fails the test.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest

from tests.lanes.action_pages import serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.editor_pages import EDITOR_PAGES
from tests.lanes.test_contract import line_of
from tests.support.pages import PageServer
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

#: Each editor's page, and the start of its editable's line in a full snapshot (the rich editors' pages name it
#: Story; CKEditor 5 adds its help to the name).
EDITORS = [
    pytest.param("/codemirror5", "textbox @", id="codemirror5"),
    pytest.param("/codemirror6", "textbox [hint=content]", id="codemirror6"),
    pytest.param("/monaco", 'textbox "Editor content"', id="monaco"),
    pytest.param("/monaco-edit-context", 'textbox "Editor content"', id="monaco-edit-context"),
    pytest.param("/prosemirror", "textbox [hint=prose-mirror]", id="prosemirror"),
    pytest.param("/tiptap", 'textbox "Story', id="tiptap"),
    pytest.param("/draftjs", 'textbox "Story', id="draftjs"),
    pytest.param("/lexical", 'textbox "Story', id="lexical"),
    pytest.param("/slate", 'textbox "Story', id="slate"),
    pytest.param("/quill", 'textbox "Story', id="quill"),
    pytest.param("/ckeditor5", 'textbox "Story', id="ckeditor5"),
    pytest.param("/tinymce", 'textbox "Story', id="tinymce"),
]

#: The editors whose editable is a contenteditable (CodeMirror 5 and Monaco 0.52 type through a hidden textarea,
#: Monaco 0.58 through an EditContext).
CONTENTEDITABLE = [editor for editor in EDITORS if editor.id not in ("codemirror5", "monaco", "monaco-edit-context")]

#: What an editor holds before a test types over it: two paragraphs (two lines in a code editor).
EXISTING = "Words the editor held\nin a second paragraph"


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages(EDITOR_PAGES) as server:
        yield server


def open_editor(agent: LaneAgent, path: str, start: str, holding: str = "") -> str:
    """Open the editor's page, the editor holding ``holding``, and return its editable's ref once it is up."""
    agent.open(path + ("?" + urlencode({"text": holding}) if holding else ""))
    wait_until(lambda: "paragraph: Ready" in agent.snapshot(), 30, f"the editor of {path} to load")
    assert model(agent) == holding  # the page reads its editor's model as the tests expect
    line = editable_line(agent, start)
    found = re.search(r" (@\w+)(:|$)", line)  # the ref, before the text the editor shows
    assert found, line
    return found.group(1)


def editable_line(agent: LaneAgent, start: str) -> str:
    """The editable's line in a full snapshot: its ref, and the text it shows as its value."""
    return line_of(agent.ok("browser_snapshot", full=True)["snapshot"], "- " + start)


def model(agent: LaneAgent) -> str:
    """The text the editor's own model holds (the page keeps it in its title), once sure the editor did not crash."""
    reply = agent.ok("browser_snapshot")
    assert "Crashed:" not in reply["snapshot"], reply["snapshot"]
    return str(json.loads(reply["title"]))


@pytest.mark.parametrize(("path", "start"), EDITORS)
def test_typing_into_an_empty_editor_puts_the_text_in_its_model(agent: LaneAgent, path: str, start: str) -> None:
    ref = open_editor(agent, path, start)
    # "(" is keyCode 0 on a US keyboard's key events, not 40 (ArrowDown's); a code editor closes the bracket itself
    agent.ok("browser_type", ref=ref, text="Hello, editors (with brackets): words typed in.")
    assert model(agent) == "Hello, editors (with brackets): words typed in."


@pytest.mark.parametrize(("path", "start"), EDITORS)
def test_typing_replaces_all_the_editor_holds(agent: LaneAgent, path: str, start: str) -> None:
    ref = open_editor(agent, path, start, holding=EXISTING)
    agent.ok("browser_type", ref=ref, text="New words")
    assert model(agent) == "New words"
    agent.ok("browser_type", ref=ref, text="Newer words, typed over typed ones")  # the ref outlived the typing
    assert model(agent) == "Newer words, typed over typed ones"


@pytest.mark.parametrize(("path", "start"), EDITORS)
def test_typing_nothing_empties_the_editor(agent: LaneAgent, path: str, start: str) -> None:
    ref = open_editor(agent, path, start, holding=EXISTING)
    agent.ok("browser_type", ref=ref, text="")  # select all, then Backspace
    assert model(agent) == ""


@pytest.mark.parametrize(("path", "start"), EDITORS)
def test_lines_typed_become_the_editors_own_lines(agent: LaneAgent, path: str, start: str) -> None:
    ref = open_editor(agent, path, start, holding=EXISTING)
    agent.ok("browser_type", ref=ref, text="First line\nSecond line\nThird line")
    assert model(agent) == "First line\nSecond line\nThird line"


@pytest.mark.parametrize(("path", "start"), EDITORS)
def test_a_long_text_is_all_in_the_model_and_read_back(agent: LaneAgent, path: str, start: str) -> None:
    # Longer to type than the bound of a page's settling: the editor still gets its turn to draw the last keys
    # before the typing is read back (the answer fails with type_mismatch when what it drew falls short).
    text = "A long paragraph, typed key by key into the editor. " * 12
    ref = open_editor(agent, path, start)
    agent.ok("browser_type", ref=ref, text=text.strip())
    assert model(agent) == text.strip()


@pytest.mark.parametrize(("path", "start"), CONTENTEDITABLE)
def test_the_snapshot_shows_the_editors_text_without_its_placeholder(agent: LaneAgent, path: str, start: str) -> None:
    ref = open_editor(agent, path, start, holding=EXISTING)
    # the paragraphs apart, as words (a value is one line in the snapshot)
    assert editable_line(agent, start).endswith(f"{ref}: Words the editor held in a second paragraph")
    ref = open_editor(agent, path, start)
    assert editable_line(agent, start).endswith(ref)  # an empty editor shows no value, not its placeholder
