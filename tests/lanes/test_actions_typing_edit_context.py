"""Typing into an editor that takes its text through the EditContext API, on both lanes as with real keys.

Monaco on Chromium takes its input through an EditContext (Airflow 3's trigger form, "Configuration JSON", tried as
a user would, by a helper): its focused element is a ``div`` of role textbox that is not contenteditable, and the
browser puts a key's text into the EditContext and tells the page in a ``textupdate`` event. Both lanes refused it
(``not_typable``); a person's keys go in. The cdp lane now types into it with real keys, and the extension lane does
what the browser does for each key. The page keeps its own model (the EditContext's text) in its title.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.page_reports import ref_of
from tests.support.pages import PageServer

pytestmark = pytest.mark.chromium

#: A code editor as Monaco's EditContext input is: it draws its model on each textupdate, and selects all on
#: Control+A itself (cancelling the key).
EDIT_CONTEXT = page(
    "{}",
    """<h1>Trigger</h1>
<div id="editor" role="textbox" aria-label="Configuration JSON" aria-multiline="true" tabindex="0"
  style="border: 1px solid #888; width: 400px; height: 60px; font: 16px monospace; white-space: pre"></div>
<script>
const editor = document.getElementById('editor');
const context = new EditContext({ text: '{}' });
editor.editContext = context;
function draw() { editor.textContent = context.text; document.title = context.text; }
context.addEventListener('textupdate', draw);
editor.addEventListener('keydown', (event) => {
  if (event.key === 'a' && event.ctrlKey) {
    context.updateSelection(0, context.text.length);
    event.preventDefault();
  }
});
draw();
</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages({"/edit-context": EDIT_CONTEXT}) as server:
        yield server


def test_an_editor_that_takes_its_text_through_an_edit_context_is_typed_into(agent: LaneAgent) -> None:
    agent.open("/edit-context")
    typed = agent.ok("browser_type", ref=ref_of(agent, 'textbox "Configuration JSON"'), text='{"rows": 5}')
    assert typed.get("value") == '{"rows": 5}', typed
    assert agent.ok("browser_snapshot")["title"] == '{"rows": 5}'
    agent.ok("browser_press", key="Backspace")
    assert agent.ok("browser_snapshot")["title"] == '{"rows": 5'
