"""A click on a button the page enables a moment later, on both lanes: it waits for it, a second at most.

Prefect's dialogs (tried as a user would) check a form's JSON asynchronously and keep Create disabled meanwhile: an
agent's click right after ``browser_fill_form`` was refused (``disabled``), where a person, who sees the button turn
on, presses it a moment later. A disabled element is now waited for, and pressed once enabled; one that stays
disabled is still refused, and nothing is pressed. The page keeps what was pressed in its title.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.page_reports import ref_of
from tests.support.pages import PageServer

pytestmark = pytest.mark.chromium

#: Create turns on 300 ms after the name changes (a check that takes its time), while the name holds text; Locked
#: never does.
CHECKED_FORM = page(
    "[]",
    """<h1>New variable</h1>
<p><label>Name <input id="name"></label></p>
<p><button id="create" disabled>Create</button> <button id="locked" disabled>Locked</button></p>
<script>
const pressed = [];
const name = document.getElementById('name');
const create = document.getElementById('create');
name.addEventListener('input', () => {
  create.disabled = true;
  setTimeout(() => { create.disabled = !name.value; }, 300);
});
for (const button of document.querySelectorAll('button')) {
  button.addEventListener('click', () => {
    pressed.push(button.id);
    document.title = JSON.stringify(pressed);
  });
}
</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages({"/checked-form": CHECKED_FORM}) as server:
        yield server


def test_a_click_waits_for_a_button_the_page_enables_and_refuses_one_that_stays_disabled(agent: LaneAgent) -> None:
    agent.open("/checked-form")
    create, locked = ref_of(agent, 'button "Create"'), ref_of(agent, 'button "Locked"')
    agent.ok("browser_fill_form", fields=[{"ref": ref_of(agent, 'textbox "Name"'), "value": "retries"}])
    assert agent.ok("browser_click", ref=create)["name"] == "Create"
    code, message = agent.error("browser_click", ref=locked)
    assert code == "controller_error" and message.startswith("disabled: ") and "stayed so" in message, message
    assert json.loads(agent.ok("browser_snapshot")["title"]) == ["create"]
