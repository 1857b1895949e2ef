"""What the MLflow tracking UI, tried as a user would, found the snapshot missing, on both lanes.

- A table sorted by a click on its column's header (a ``<th onclick>``; AG Grid's header cell, focusable, with
  ``aria-sort``; MLflow's, a header inside the header around a box that takes the click): the header printed as
  ``row: Name | Size`` with no ref, so the agent had nothing to click, nor any way to see how the table was sorted.
  Such a header is a line of its own with a ref, named by its text as Chromium names it, and says its sort.
- The focus moved by Tab to a focusable table (MLflow's metrics): no line said ``[focused]`` and the key answered
  ``unchanged: true``. Whatever holds the focus says so (a frame's field, not the frame).
- A space typed at the end of a field answered ``unchanged: true`` (a value was shown without its last space): the
  value keeps one space at each end where it has spaces.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.page_reports import ref_of
from tests.lanes.test_contract import line_of
from tests.support.pages import PageServer

pytestmark = pytest.mark.chromium

HEADERS = page(
    "{}",
    """<style>.grid { display: grid; grid-template-columns: 160px 160px; margin-top: 20px }</style>
<h1>Runs</h1>
<p id="out">sorted by: none</p>
<table><thead><tr><th onclick="sortBy('Name')">Name</th><th>Size</th></tr></thead>
<tbody><tr><td>a</td><td>1</td></tr><tr><td>b</td><td>2</td></tr></tbody></table>
<div role="grid" class="grid"><div role="row" style="display: contents">
  <div role="columnheader" tabindex="-1" aria-sort="none" id="created"><span>Created</span></div>
  <div role="columnheader" tabindex="-1" aria-sort="none"><div role="columnheader">
    <div id="run-name"><span>Run Name</span></div></div></div>
</div><div role="row" style="display: contents"><div role="gridcell" tabindex="-1">x</div>
  <div role="gridcell" tabindex="-1">y</div></div></div>
<script>
function sortBy(column) {
  document.title = column;
  document.getElementById('out').textContent = 'sorted by: ' + column;
}
document.getElementById('created').addEventListener('click', function () {
  sortBy('Created');
  this.setAttribute('aria-sort', 'ascending');
});
document.getElementById('run-name').addEventListener('click', () => sortBy('Run Name'));
</script>""",
)

FOCUSABLE_TABLE = page(
    "{}",
    """<h1>Metrics</h1>
<input aria-label="Search metrics" value="Notes">
<div style="max-height: 80px; overflow: auto"><table tabindex="0"><tr><th>Metric</th><th>Value</th></tr>
<tr><td>accuracy</td><td>0.7</td></tr><tr><td>loss</td><td>0.5</td></tr></table></div>
<button>After</button>
<iframe title="Notes frame" srcdoc="<input aria-label='Note in a frame'>"></iframe>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages({"/headers": HEADERS, "/table": FOCUSABLE_TABLE}) as server:
        yield server


def test_a_header_that_sorts_its_table_has_a_ref_a_name_and_its_sort(agent: LaneAgent) -> None:
    agent.open("/headers")
    for name in ("Name", "Created", "Run Name"):
        agent.ok("browser_click", ref=ref_of(agent, f'columnheader "{name}"'))
        assert agent.ok("browser_snapshot")["title"] == name
    snapshot = agent.ok("browser_snapshot", full=True)["snapshot"]
    assert "[sort=ascending]" in line_of(snapshot, '- columnheader "Created"')
    assert line_of(snapshot, "- row: a | 1") == "- row: a | 1"  # a plain data table's cells take nothing


def test_the_focus_in_a_focusable_table_shows_and_is_a_change(agent: LaneAgent) -> None:
    agent.open("/table")
    agent.ok("browser_click", ref=ref_of(agent, 'textbox "Search metrics"'))
    pressed = agent.ok("browser_press", key="Tab")
    assert not pressed.get("unchanged"), pressed
    assert "table [focused]" in pressed["snapshot"]
    assert "row: accuracy" not in pressed["snapshot"]  # the table is the same table: only its line changed


def test_a_space_typed_at_the_end_of_a_field_is_a_change(agent: LaneAgent) -> None:
    agent.open("/table")
    agent.ok("browser_click", ref=ref_of(agent, 'textbox "Search metrics"'))
    agent.ok("browser_press", key="End")
    pressed = agent.ok("browser_press", key="Space")
    assert not pressed.get("unchanged"), pressed
    assert pressed["snapshot"].endswith(": Notes "), pressed
    assert agent.evaluated("document.querySelector('input').value") == "Notes "


def test_a_frame_whose_field_has_the_focus_leaves_saying_so_to_the_field(agent: LaneAgent) -> None:
    agent.open("/table")
    agent.ok("browser_click", ref=ref_of(agent, 'textbox "Note in a frame"'))
    snapshot = agent.ok("browser_snapshot", full=True)["snapshot"]
    assert "[focused]" in line_of(snapshot, '- textbox "Note in a frame"')
    assert "[focused]" not in line_of(snapshot, '- iframe "Notes frame"')
