"""Issue 30: cells a person acts on have refs, on both lanes: they are clicked by ref and edited as a person does.

An editable Gradio Dataframe, Dash's DataTable and a Dash date picker's days printed as ``row: Lisbon | 4000 |
Radio`` and ``row: 13 | 14 | 15 | ...``, without refs: the agent could not click the cell it had to edit, nor the
day it had to pick. The real grids from npm (the corpus pages, tests/widgets/corpus: AG Grid, Handsontable,
react-datepicker) and Dash's own markup (from the ``dash`` 4.4.1 package's bundles: a DataTable whose cells are
``<td tabindex=-1>``, a date picker whose days are ``<td tabindex=0>``, clicks taken by React at its root) are
each clicked by ref, double-clicked or typed into as a person edits a cell, and judged by the grid's own model
(``api.getRowNode``, ``hot.getData``, the picker's onChange; kept in ``window.__state``), never by the tool's answer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.support.pages import PageServer
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

#: How long a page may take to bring its widgets up (React renders, fonts load).
UP_TIMEOUT_S = 20
#: How long a grid may take to take an edit into its model after the key that commits it.
SETTLE_S = 5

#: Dash 4's DataTable (dash_table's cell-table: each cell a ``<td tabindex=-1>`` holding its value in a div; the
#: active cell of an editable column holds an <input> instead) and DatePickerSingle's calendar (a table of
#: ``<td tabindex=0>`` days, each a <span>), as their bundles render them. React listens at its root, so no cell
#: has a listener of its own; this page's one listener on the document stands in for it.
DASH = page(
    "Dash",
    """<div class="dash-spreadsheet-container"><table class="cell-table" tabindex="-1"><tbody>
<tr><th class="dash-header"><div><span class="column-header-name">city</span></div></th>
<th class="dash-header"><div><span class="column-header-name">staff</span></div></th></tr>
<tr><td class="dash-cell column-0" tabindex="-1" data-dash-row="0" data-dash-column="city"><div
 class="dash-cell-value unfocused">Lisbon</div></td><td class="dash-cell column-1" tabindex="-1" data-dash-row="0"
 data-dash-column="staff"><div class="dash-cell-value unfocused">4000</div></td></tr>
<tr><td class="dash-cell column-0" tabindex="-1" data-dash-row="1" data-dash-column="city"><div
 class="dash-cell-value unfocused">Porto</div></td><td class="dash-cell column-1" tabindex="-1" data-dash-row="1"
 data-dash-column="staff"><div class="dash-cell-value unfocused">1200</div></td></tr>
</tbody></table></div>
<div class="dash-datepicker-calendar-container"><div class="dash-datepicker-caption">May 2026</div>
<table class="dash-datepicker-calendar" id="days"><thead><tr><th>Su</th><th>Mo</th><th>Tu</th><th>We</th><th>Th</th>
<th>Fr</th><th>Sa</th></tr></thead><tbody></tbody></table></div>
<script>
window.__state = { rows: [{ city: 'Lisbon', staff: '4000' }, { city: 'Porto', staff: '1200' }], date: null };
const body = document.querySelector('#days tbody');
let cells = '<td class="dash-datepicker-calendar-padding"><span></span></td>'.repeat(5);
for (let day = 1; day <= 31; day++) {
  if ((day + 5) % 7 === 1) cells += '</tr><tr>';
  cells += '<td class="dash-datepicker-calendar-date-inside" tabindex="0"><span>' + day + '</span></td>';
}
body.innerHTML = '<tr>' + cells + '</tr>';
// A click on a cell makes it active: its value becomes an input, committed into the model by Enter.
document.addEventListener('click', (event) => {
  const day = event.target.closest('.dash-datepicker-calendar-date-inside');
  if (day) window.__state.date = '2026-05-' + day.textContent.trim().padStart(2, '0');
  const cell = event.target.closest('td.dash-cell');
  if (!cell || cell.querySelector('input')) return;
  const row = +cell.dataset.dashRow, column = cell.dataset.dashColumn;
  const input = document.createElement('input');
  input.className = 'dash-cell-value focused';
  input.value = window.__state.rows[row][column];
  input.addEventListener('keydown', (key) => {
    if (key.key !== 'Enter') return;
    window.__state.rows[row][column] = input.value;
    const value = Object.assign(document.createElement('div'), { className: 'dash-cell-value unfocused' });
    value.textContent = input.value;
    cell.replaceChildren(value);
  });
  cell.replaceChildren(input);
  input.focus();
});
</script>""",
)

#: Orders as Polaris's IndexTable lays them out: each row takes a press anywhere in it (its cells are plain, the cursor
#: inherited) and selects its order; a row's checkbox does too; an empty cell shows nothing.
ORDERS = page(
    "Orders",
    """<style>tbody tr { cursor: pointer }</style>
<table><thead><tr><th>Select</th><th>Order</th><th>Customer</th><th>Note</th></tr></thead><tbody>
<tr data-order="1001"><td><input type="checkbox" aria-label="Select order #1001"></td><td>#1001</td>
  <td>Mae Jemison</td><td></td></tr>
<tr data-order="1002"><td><input type="checkbox" aria-label="Select order #1002"></td><td>#1002</td>
  <td>Colm Dillane</td><td></td></tr>
</tbody></table>
<script>
window.__state = { selected: [] };
for (const row of document.querySelectorAll('tbody tr')) {
  row.addEventListener('click', (event) => {
    const order = row.dataset.order;
    const box = row.querySelector('input');
    if (event.target !== box) box.checked = !box.checked;
    window.__state.selected = box.checked ? [...window.__state.selected, order]
      : window.__state.selected.filter((each) => each !== order);
  });
}
</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages({"/dash": DASH, "/orders": ORDERS}) as server:
        yield server


def page_state(agent: LaneAgent) -> Any:
    """The page's model, once sure that no script of the page threw."""
    errors = agent.evaluated("JSON.stringify(window.__errors || [])")
    assert json.loads(errors) == [], errors
    return json.loads(agent.evaluated("JSON.stringify(window.__state)"))


def state_becomes(agent: LaneAgent, read: str, expected: Any) -> None:
    """Waits until ``read`` (an expression over window.__state) gives ``expected``: a grid commits an edit on its
    own schedule after the key that ends it."""

    def reached() -> bool | None:
        text = agent.evaluated(f"JSON.stringify({read})")  # (undefined while the page has not set it)
        return (text is not None and json.loads(text) == expected) or None

    wait_until(reached, SETTLE_S, read)


def ref_in(snapshot: str, pattern: str) -> str:
    """The ref on the snapshot's one line that matches ``pattern`` (a regex from the line's start; ``REF`` stands
    for the line's ref)."""
    regex = "- " + pattern.replace("REF", r"(@e\d+)")
    found = [m for m in (re.match(regex, line.strip()) for line in snapshot.splitlines()) if m]
    assert len(found) == 1, f"{len(found)} lines match {pattern!r} in:\n{snapshot}"
    return found[0].group(1)


def full_snapshot(agent: LaneAgent) -> str:
    return str(agent.ok("browser_snapshot", full=True)["snapshot"])


def open_corpus_page(agent: LaneAgent, name: str) -> None:
    agent.open(f"/widgets/corpus/{name}.html")
    wait_until(lambda: agent.evaluated("window.__ready === true") or None, UP_TIMEOUT_S, f"the {name} page")


def edit_cell(agent: LaneAgent, cell: str, editor: str, text: str) -> None:
    """As a person edits a grid's cell: double-click it, type into the editor that opens, press Enter."""
    agent.ok("browser_click", ref=ref_in(full_snapshot(agent), cell), double=True)
    agent.ok("browser_type", ref=wait_until(lambda: editor_ref(agent, editor), SETTLE_S, editor), text=text)
    agent.ok("browser_press", key="Enter")


def editor_ref(agent: LaneAgent, editor: str) -> str | None:
    """The ref of the cell editor (a text field matching ``editor``) once it shows."""
    found = re.search(r"- " + editor + r".* (@e\d+)", full_snapshot(agent))
    return found.group(1) if found else None


def test_ag_grid_cell_is_edited_by_ref(agent: LaneAgent) -> None:
    open_corpus_page(agent, "ag-grid")
    edit_cell(agent, r'gridcell "Lisbon" REF$', r'textbox "Input Editor"', "Braga")
    state_becomes(agent, "window.__state.cities.r1.city", "Braga")
    assert page_state(agent)["cities"]["r2"]["city"] == "Porto"


def test_handsontable_cell_is_edited_by_ref(agent: LaneAgent) -> None:
    open_corpus_page(agent, "handsontable")
    edit_cell(agent, r'gridcell "4000" REF$', r"textbox", "4500")
    # (a column of no declared type keeps the text its editor gave)
    state_becomes(agent, "window.__state.budget[0][1]", "4500")
    assert page_state(agent)["budget"][:2] == [["Lisbon", "4500", "Radio"], ["Porto", 1200, "Print"]]


def test_tabulator_cell_is_edited_by_ref_and_its_editor_closes_as_the_table_pages(agent: LaneAgent) -> None:
    """Tabulator opens a cell's editor as the cell takes the focus, under the press: the extension lane's click
    failed (action_failed: the press's caret was put at an offset of the editor's value, in the editor's element).
    PageUp in an editor makes the table page up and draw its rows anew, which takes the editor out with the focus
    in it: Chrome's blur then ends the edit; the extension lane's window, without the system's focus, left it open."""
    open_corpus_page(agent, "tabulator")
    agent.ok("browser_click", ref=ref_in(full_snapshot(agent), r'gridcell "Lisbon" REF'))
    agent.ok("browser_type", ref=wait_until(lambda: editor_ref(agent, "textbox"), SETTLE_S, "the editor"), text="Braga")
    agent.ok("browser_press", key="Enter")
    state_becomes(agent, "window.__state.budget[0][0]", "Braga")
    agent.ok("browser_click", ref=ref_in(full_snapshot(agent), r'gridcell "Porto" REF'))
    wait_until(lambda: editor_ref(agent, "textbox"), SETTLE_S, "the editor")
    agent.ok("browser_press", key="PageUp")
    state_becomes(agent, "document.querySelectorAll('#budget input').length", 0)
    assert page_state(agent)["budget"][:2] == [["Braga", 4000, "Radio"], ["Porto", 1200, "Print"]]


def test_react_datepicker_day_is_picked_by_ref(agent: LaneAgent) -> None:
    open_corpus_page(agent, "react-datepicker")
    agent.ok("browser_click", ref=ref_in(full_snapshot(agent), r'textbox "Arrival" REF'))
    day = wait_until(
        lambda: re.search(r'gridcell "Choose Wednesday, May 14th, 2014".* (@e\d+)', full_snapshot(agent)),
        SETTLE_S,
        "May 14th",
    )
    agent.ok("browser_click", ref=day.group(1))
    state_becomes(agent, "window.__state.arrival", "2014-05-14")


def test_grid_cells_are_found_with_refs(agent: LaneAgent) -> None:
    open_corpus_page(agent, "ag-grid")
    found = agent.ok("browser_find", role="gridcell")
    lines = [line.strip() for line in found["snapshot"].splitlines() if line.lstrip().startswith("> ")]
    assert found["matches"] == 9 and len(lines) == 9, found
    assert all(re.fullmatch(r'>\s+- gridcell "\S+" @e\d+', line) for line in lines), lines
    assert '- gridcell "Lisbon" @e' in found["snapshot"]
    # found by the name it shows, as an agent looks for the cell it has to edit
    assert agent.ok("browser_find", role="gridcell", name="Porto")["matches"] == 1


def test_dash_table_cell_and_date_picker_day_are_clicked_by_ref(agent: LaneAgent) -> None:
    agent.open("/dash")
    text = full_snapshot(agent)
    # a plain header row stays one line; the cells a person clicks are lines with refs
    assert "- row: city | staff" in text and "row: Lisbon" not in text and "row: 13 | 14" not in text
    agent.ok("browser_click", ref=ref_in(text, r'cell "14" REF$'))
    assert page_state(agent)["date"] == "2026-05-14"
    agent.ok("browser_click", ref=ref_in(text, r'cell "Lisbon" REF$'))
    agent.ok("browser_type", ref=ref_in(full_snapshot(agent), r"textbox .*REF: Lisbon$"), text="Braga")
    agent.ok("browser_press", key="Enter")
    state_becomes(agent, "window.__state.rows[0].city", "Braga")
    # the padding days before the 1st show nothing and have no ref
    assert not re.search(r"- cell @e\d+$", full_snapshot(agent), re.M)


def test_a_cell_a_person_reads_in_a_row_that_takes_presses_is_pressed_by_ref(agent: LaneAgent) -> None:
    """Polaris's IndexTable (the corpus's page, found by the conformance runner): the row took the ref, and the cell a
    person presses, "Colm Dillane", had none on either lane. Each cell that shows text has one now, named by it."""
    agent.open("/orders")
    text = full_snapshot(agent)
    agent.ok("browser_click", ref=ref_in(text, r'cell "Colm Dillane" REF$'))
    assert page_state(agent)["selected"] == ["1002"]
    assert re.search(r'- cell "#1001" @e\d+$', text, re.M) and not re.search(r"- cell @e\d+$", text, re.M), text


def test_a_cell_whose_keyboard_stop_draws_nothing_is_edited_by_ref(agent: LaneAgent) -> None:
    """PrimeReact's DataTable (the corpus's page, 24 cases a lane): each editable cell holds a link of one clipped
    pixel that takes Tab, and opens its editor on a click React hears at its root; the cells printed as text with no
    ref on either lane. The cell has one now, named by its text, and the stop no line of its own."""
    open_corpus_page(agent, "primereact")
    text = full_snapshot(agent)
    assert "hint=hidden-accessible" not in text, text
    agent.ok("browser_click", ref=ref_in(text, r'cell "1200" REF$'))
    editor = wait_until(
        lambda: editor_ref(agent, 'textbox(?! ")'), SETTLE_S, "the cell's editor (a textbox of no name)"
    )
    agent.ok("browser_type", ref=editor, text="1500")
    agent.ok("browser_press", key="Enter")
    state_becomes(agent, "window.__state.budgets[1].budget", "1500")
