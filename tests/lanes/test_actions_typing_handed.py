"""A field that hands the focus, on a press, to a field beside it that takes the keys, typed into there on both lanes.

Kendo UI's NumericTextBox shows its number, formatted, in one input and edits it in another beside it: a press on the
one shown gives the focus to the other, and the focus leaving that shows the first again, with the new number. A
person's keys go where the focus went. The cdp lane's real keys did, and then read back the input pressed (empty):
a type_mismatch for a number the widget took. The extension lane put the focus back on the input pressed and typed
there, into an input the widget had hidden: ok, and the widget never had the number. The page keeps the widget's
number in its title.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.page_reports import ref_of
from tests.support.pages import PageServer

pytestmark = pytest.mark.chromium

#: A number box drawn as Kendo UI's is: the formatted number shown in one input, edited in the one beside it.
NUMBER_BOX = page(
    "null",
    """<p><label for="quantity">Quantity</label>
<span class="box"><input class="shown" aria-label="Quantity" value="">
  <input id="quantity" role="spinbutton" style="display: none"></span></p>
<p><label>Name <input id="name"></label></p>
<script>
const shown = document.querySelector('.shown');
const editor = document.getElementById('quantity');
shown.addEventListener('focus', () => {
  shown.style.display = 'none';
  editor.style.display = '';
  editor.focus();
});
editor.addEventListener('input', () => {
  if (!/^[0-9]*$/.test(editor.value)) editor.value = editor.value.replace(/[^0-9]/g, '');
});
editor.addEventListener('blur', () => {
  const number = editor.value === '' ? null : Number(editor.value);
  document.title = JSON.stringify(number);
  shown.value = number === null ? '' : number.toLocaleString('en-US');
  editor.style.display = 'none';
  shown.style.display = '';
});
</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages({"/number-box": NUMBER_BOX}) as server:
        yield server


def test_the_keys_go_into_the_field_the_press_handed_the_focus_to(agent: LaneAgent) -> None:
    agent.open("/number-box")
    typed = agent.ok("browser_type", ref=ref_of(agent, 'textbox "Quantity"'), text="1234")
    assert typed.get("value") == "1234", typed
    assert agent.evaluated("document.activeElement.id") == "quantity"
    agent.ok("browser_click", ref=ref_of(agent, 'textbox "Name"'))
    assert agent.ok("browser_snapshot")["title"] == "1234"
    assert agent.evaluated("document.querySelector('.shown').value") == "1,234"


def test_the_form_sets_such_a_field_and_reads_it_again_at_the_end(agent: LaneAgent) -> None:
    agent.open("/number-box")
    fields = [
        {"ref": ref_of(agent, 'textbox "Quantity"'), "value": "56"},
        {"ref": ref_of(agent, 'textbox "Name"'), "value": "Ada"},
    ]
    assert agent.ok("browser_fill_form", fields=fields)["filled"] == 2
    assert agent.ok("browser_snapshot")["title"] == "56"
