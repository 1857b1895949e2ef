"""Issue 24, item 2: browser_drag, the same on both lanes.

Judged by the page's own state, which each page keeps in its title: SortableJS (HTML5 drag and drop) and jQuery
UI's sortable list (pointer-driven:
its order, dragged down and up, where the release past the target's middle makes the move read as "onto that
item"), jQuery UI's draggable onto a droppable, and HTML5 drag and drop (draggable="true", a drop zone that
reads the DataTransfer the drag filled). A target under an invisible overlay is not dragged onto: nothing is
pressed, and the page logs no press.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.support.pages import PageServer
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

JQUERY_UI = """<link rel="stylesheet" href="/widgets/node_modules/jquery-ui-dist/jquery-ui.css">
<script src="/widgets/node_modules/jquery/dist/jquery.js"></script>
<script src="/widgets/node_modules/jquery-ui-dist/jquery-ui.js"></script>"""

SORTABLE = page(
    "[]",
    f"""{JQUERY_UI}
<style>#list {{ list-style: none; width: 200px; padding: 0 }} #list li {{ border: 1px solid #888; padding: 8px;
  margin: 2px }}</style>
<ul id="list"><li>Alpha</li><li>Bravo</li><li>Charlie</li><li>Delta</li></ul>
<script>
const report = () => {{ document.title = JSON.stringify($('#list li').map((i, li) => li.textContent).get()); }};
$('#list').sortable({{ update: report }});
report();
</script>""",
)
BOXES = page(
    "{}",
    f"""{JQUERY_UI}
<div id="card" style="width: 60px; height: 30px; background: #fc0">Card</div>
<div id="bin" tabindex="0" style="width: 160px; height: 100px; margin-top: 120px; border: 2px dashed #333">Bin</div>
<script>
$('#card').draggable();
const dropped = (event, ui) => {{ document.title = JSON.stringify({{ dropped: ui.draggable.text() }}); }};
$('#bin').droppable({{ drop: dropped }});
</script>""",
)
NATIVE = page(
    "{}",
    """<div id="task" draggable="true" style="width: 80px; padding: 6px; background: #cfc">Write tests</div>
<div id="done" style="width: 200px; height: 100px; margin-top: 80px; border: 2px solid #333">Done</div>
<div style="position: relative; width: 204px; margin-top: 20px">
  <div id="todo" style="height: 60px; border: 2px solid #333">Blocked</div>
  <div id="veil" style="position: absolute; inset: 0"></div>
</div>
<script>
const state = { events: [] };
const report = () => { document.title = JSON.stringify(state); };
document.getElementById('task').addEventListener('dragstart', (event) => {
  event.dataTransfer.setData('text/plain', 'task-7');
  state.events.push('dragstart');
  report();
});
document.getElementById('task').addEventListener('pointerdown', () => { state.events.push('pointerdown'); report(); });
for (const id of ['done', 'todo']) {
  const zone = document.getElementById(id);
  zone.addEventListener('dragover', (event) => event.preventDefault());
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    state.dropped = { into: id, data: event.dataTransfer.getData('text/plain') };
    report();
  });
}
report();
</script>""",
)


#: SortableJS (npm ``sortablejs``), which in Chromium sorts with HTML5 drag and drop: it makes the pressed item
#: draggable during the press, and reads each dragover's position against the item under it.
SORTABLEJS = page(
    "[]",
    """<script src="/widgets/node_modules/sortablejs/Sortable.min.js"></script>
<ul id="list" style="width: 200px"><li>One</li><li>Two</li><li>Three</li><li>Four</li></ul>
<script>
const report = () => {
  document.title = JSON.stringify([...document.querySelectorAll('#list li')].map((li) => li.textContent));
};
Sortable.create(document.getElementById('list'), { animation: 0, onEnd: report });
report();
</script>""",
)


#: dnd-kit's sortable list (npm ``@dnd-kit/sortable``, with React 18), which follows pointer events (its
#: PointerSensor) and moves an item where its dragged box's centre is closest to another's.
DNDKIT = page(
    "[]",
    """<div id="root"></div><script src="/widgets/dist/dndkit.js"></script>
<script>
const { React, createRoot, core, sortable, utilities } = DndKit;
const h = React.createElement;
function Item({ id }) {
  const { attributes, listeners, setNodeRef, transform, transition } = sortable.useSortable({ id });
  const style = { transform: utilities.CSS.Transform.toString(transform), transition, padding: '8px', margin: '2px',
    border: '1px solid #888', width: '180px', listStyle: 'none', touchAction: 'none' };
  return h('li', { ref: setNodeRef, style, ...attributes, ...listeners }, id);
}
function List() {
  const [items, setItems] = React.useState(['Red', 'Green', 'Blue', 'Yellow']);
  const sensors = core.useSensors(core.useSensor(core.PointerSensor));
  React.useEffect(() => { document.title = JSON.stringify(items); }, [items]);
  const moved = ({ active, over }) => {
    if (over && active.id !== over.id) {
      setItems((now) => sortable.arrayMove(now, now.indexOf(active.id), now.indexOf(over.id)));
    }
  };
  return h(core.DndContext, { sensors, collisionDetection: core.closestCenter, onDragEnd: moved },
    h(sortable.SortableContext, { items, strategy: sortable.verticalListSortingStrategy },
      h('ul', { style: { padding: 0 } }, items.map((id) => h(Item, { key: id, id })))));
}
createRoot(document.getElementById('root')).render(h(List));
</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    served = {"/sortable": SORTABLE, "/boxes": BOXES, "/native": NATIVE, "/sortablejs": SORTABLEJS, "/dndkit": DNDKIT}
    with serve_action_pages(served) as server:
        yield server


def refs_by_text(snapshot: str) -> dict[str, str]:
    """Each line's words (its name, else its text) -> its ref."""
    found = {}
    for line in snapshot.splitlines():
        match = re.search(r'- \w+(?: "([^"]*)")?[^@\n]* (@e\d+)(?::\s*(.*))?$', line)
        if match:
            found[match[1] or match[3] or ""] = match[2]
    return found


def title(agent: LaneAgent) -> object:
    return json.loads(agent.ok("browser_snapshot")["title"])


def test_a_sortable_list_takes_an_item_down_and_another_up(agent: LaneAgent) -> None:
    agent.open("/sortable")
    refs = refs_by_text(agent.snapshot())
    dragged = agent.ok("browser_drag", ref=refs["Alpha"], to_ref=refs["Charlie"], see="none")
    assert dragged["to"]["ref"] == refs["Charlie"], dragged
    assert title(agent) == ["Bravo", "Charlie", "Alpha", "Delta"]
    agent.ok("browser_drag", ref=refs["Delta"], to_ref=refs["Bravo"], see="none")
    assert title(agent) == ["Delta", "Bravo", "Charlie", "Alpha"]


def test_a_sortablejs_list_takes_an_item_down_and_another_up(agent: LaneAgent) -> None:
    agent.open("/sortablejs")
    refs = refs_by_text(agent.snapshot())
    agent.ok("browser_drag", ref=refs["One"], to_ref=refs["Three"], see="none")
    assert title(agent) == ["Two", "Three", "One", "Four"]
    agent.ok("browser_drag", ref=refs["Four"], to_ref=refs["Two"], see="none")
    assert title(agent) == ["Four", "Two", "Three", "One"]


def test_a_dnd_kit_list_takes_an_item_down_and_another_up(agent: LaneAgent) -> None:
    agent.open("/dndkit")
    wait_until(lambda: title(agent) == ["Red", "Green", "Blue", "Yellow"] or None, 10, "the dnd-kit list")
    refs = {name: ref for name, ref in refs_by_text(agent.snapshot()).items() if name}
    agent.ok("browser_drag", ref=refs["Red"], to_ref=refs["Blue"], see="none")
    assert title(agent) == ["Green", "Blue", "Red", "Yellow"]
    # the press focused the item it took (dnd-kit makes each a button), as real input's does (issue 30)
    assert re.search(r'- button "Red" [^\n]*\[focused\]', agent.snapshot()), agent.snapshot()
    agent.ok("browser_drag", ref=refs["Yellow"], to_ref=refs["Green"], see="none")
    assert title(agent) == ["Yellow", "Green", "Blue", "Red"]


def test_a_draggable_is_dropped_onto_its_droppable(agent: LaneAgent) -> None:
    agent.open("/boxes")
    refs = refs_by_text(agent.snapshot())
    dragged = agent.ok("browser_drag", ref=refs["Card"], to_ref=refs["Bin"], see="none")
    assert title(agent) == {"dropped": "Card"}, dragged


def test_an_html5_drag_carries_its_data_to_the_drop_zone(agent: LaneAgent) -> None:
    agent.open("/native")
    refs = refs_by_text(agent.snapshot())
    dragged = agent.ok("browser_drag", ref=refs["Write tests"], to_ref=refs["Done"], see="none")
    assert dragged["dropped"] is True and dragged["released_over"]["ref"] == refs["Done"], dragged
    state = title(agent)
    assert isinstance(state, dict) and state["dropped"] == {"into": "done", "data": "task-7"}, state


def test_a_covered_target_is_not_dragged_onto_and_nothing_is_pressed(agent: LaneAgent) -> None:
    agent.open("/native")
    refs = refs_by_text(agent.snapshot())
    code, message = agent.error("browser_drag", ref=refs["Write tests"], to_ref=refs["Blocked"])
    assert (code, message.split(":")[0]) == ("controller_error", "click_intercepted"), message
    state = title(agent)
    assert isinstance(state, dict) and state["events"] == [] and "dropped" not in state, state
