"""Issue 11: a click does to a widget what a user's click does, on both lanes alike: the focus moves with its events
(jQuery UI's date picker opens on ``focus``), and a click on an option of a list box selects it.

The extension lane clicks with events it makes in the page. A page whose window has no system focus (a tab in a
window behind another, or any tab of a headless browser) gets no ``focus`` event from ``element.focus()``; a
user's click focuses the window first, so its widgets see the focus move. And the options of a ``<select>`` shown
as a list are chosen by the browser's own handling of a trusted press, which page-made events do not get.

The page judges: each scenario reads what the page recorded (its log of events, the values its select holds),
never only the tool's answer.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import WIDGETS, page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.test_actions_click import page_log
from tests.lanes.test_actions_wait import ref_of
from tests.lanes.test_contract import line_of
from tests.support.pages import PageServer

pytestmark = pytest.mark.chromium

#: Every event a click gives a field (and the field it leaves), as "field:type", in the order they came.
FOCUS_ORDER = page(
    "Focus",
    """<h1>Focus</h1>
<label>First <input id="first"></label> <label>Second <input id="second"></label>
<p id="log">none</p>
<script>
const seen = [];
const types = ['pointerdown', 'mousedown', 'focus', 'focusin', 'blur', 'focusout', 'pointerup', 'mouseup', 'click'];
for (const id of ['first', 'second']) {
  for (const type of types) {
    document.getElementById(id).addEventListener(type, () => {
      seen.push(id + ':' + type);
      document.getElementById('log').textContent = seen.join(' ');
    });
  }
}
</script>""",
)

#: jQuery UI's date picker in its usual form: it opens when its readonly field takes the focus.
DATEPICKER = page(
    "Date picker",
    """<link rel="stylesheet" href="/widgets/node_modules/jquery-ui-dist/jquery-ui.css">
<script src="/widgets/node_modules/jquery/dist/jquery.js"></script>
<script src="/widgets/node_modules/jquery-ui-dist/jquery-ui.js"></script>
<h1>Trip</h1><label for="when">Date</label> <input id="when" readonly>
<p id="status">No date</p>
<script>
$('#when').datepicker({
  defaultDate: new Date(2026, 10, 15),
  onSelect: (date) => { document.getElementById('status').textContent = 'Picked ' + date; },
});
</script>""",
)

#: Selects shown as lists, one choice and several, and an ARIA list box; each logs the input and change events
#: it gets with the values it holds then.
LISTBOXES = page(
    "Lists",
    """<h1>Lists</h1>
<label for="size">Size</label>
<select id="size" size="5"><option>Small</option><option selected>Medium</option><option>Large</option>
<option>Huge</option><option>Giant</option></select>
<label for="toppings">Toppings</label>
<select id="toppings" multiple><option>Cheese</option><option selected>Ham</option><option>Olives</option>
<option>Basil</option></select>
<p id="log">none</p>
<div role="listbox" aria-label="Colour" id="colour" tabindex="0">
  <div role="option" aria-selected="false">Red</div><div role="option" aria-selected="true">Green</div>
  <div role="option" aria-selected="false">Blue</div>
</div>
<p id="chosen">Colour Green</p>
<script>
const seen = [];
for (const id of ['size', 'toppings']) {
  const select = document.getElementById(id);
  for (const type of ['input', 'change']) {
    select.addEventListener(type, () => {
      seen.push(id + ':' + type + '=' + [...select.selectedOptions].map((option) => option.label).join('+'));
      document.getElementById('log').textContent = seen.join(' ');
    });
  }
}
const colours = document.querySelectorAll('#colour [role=option]');
for (const option of colours) {
  option.addEventListener('click', () => {
    for (const other of colours) other.setAttribute('aria-selected', String(other === option));
    document.getElementById('chosen').textContent = 'Colour ' + option.textContent;
  });
}
</script>""",
)

PAGES = {"/focus": FOCUS_ORDER, "/datepicker": DATEPICKER, "/lists": LISTBOXES}


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    if not (WIDGETS / "node_modules" / "jquery-ui-dist").is_dir():
        raise RuntimeError("jQuery UI is missing: run tests/widgets/build")
    with serve_action_pages(PAGES) as server:
        yield server


def test_a_click_moves_the_focus_with_its_events_in_the_order_a_mouse_gives_them(agent: LaneAgent) -> None:
    agent.open("/focus")
    snapshot = agent.snapshot()
    first, second = ref_of(snapshot, 'textbox "First"'), ref_of(snapshot, 'textbox "Second"')
    agent.ok("browser_click", ref=first)
    agent.ok("browser_click", ref=second)
    press = "pointerdown mousedown"
    release = "pointerup mouseup click"
    expected = (
        [f"first:{event}" for event in f"{press} focus focusin {release}".split()]
        + [f"second:{event}" for event in press.split()]
        + ["first:blur", "first:focusout", "second:focus", "second:focusin"]
        + [f"second:{event}" for event in release.split()]
    )
    assert page_log(agent, "") == " ".join(expected)


def test_tab_moves_the_focus_to_the_next_field_with_its_events(agent: LaneAgent) -> None:
    agent.open("/focus")
    agent.ok("browser_click", ref=ref_of(agent.snapshot(), 'textbox "First"'))
    agent.ok("browser_press", key="Tab")
    assert page_log(agent, "").endswith("first:click first:blur first:focusout second:focus second:focusin")
    assert line_of(agent.snapshot(), '- textbox "Second"').startswith('- textbox "Second" [focused]')


def test_a_click_on_a_date_field_opens_jquery_uis_picker_and_a_day_is_picked(agent: LaneAgent) -> None:
    agent.open("/datepicker")
    agent.ok("browser_click", ref=ref_of(agent.snapshot(), 'textbox "Date"'))
    # the picker opens from the field's focus event, shown with a fade: wait for it as an agent does
    opened = agent.ok("browser_snapshot", wait_for="November 2026", wait_timeout_s=5)["snapshot"]
    agent.ok("browser_click", ref=ref_of(opened, 'link "20"'))
    assert page_log(agent, "Picked") == "Picked 11/20/2026"
    assert line_of(agent.snapshot(), '- textbox "Date"').endswith(": 11/20/2026")


def options(agent: LaneAgent, listbox: str) -> dict[str, tuple[str, bool]]:
    """The options of ``listbox`` in the snapshot, by name: their refs, and whether each is selected."""
    lines = agent.snapshot().splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith(f'- listbox "{listbox}"'))
    found: dict[str, tuple[str, bool]] = {}
    for line in lines[start + 1 :]:
        text = line.strip()
        if not text.startswith("- option "):
            break
        name = text.split('"')[1]
        found[name] = (text.rsplit(" ", 1)[-1], "[selected]" in text)
    return found


def selected(agent: LaneAgent, listbox: str) -> list[str]:
    """The names of the options of ``listbox`` that the snapshot shows selected (read from the page)."""
    return [name for name, (_, chosen) in options(agent, listbox).items() if chosen]


def test_a_click_on_an_option_of_a_select_shown_as_a_list_selects_it(agent: LaneAgent) -> None:
    agent.open("/lists")
    agent.ok("browser_click", ref=options(agent, "Size")["Large"][0])
    assert page_log(agent, "size:") == "size:input=Large size:change=Large"
    assert selected(agent, "Size") == ["Large"]


def test_a_click_on_an_option_of_a_multiple_select_chooses_it_alone_and_a_control_click_adds_one(
    agent: LaneAgent,
) -> None:
    agent.open("/lists")
    agent.ok("browser_click", ref=options(agent, "Toppings")["Olives"][0])
    agent.ok("browser_click", ref=options(agent, "Toppings")["Cheese"][0], modifiers="Control")
    agent.ok("browser_click", ref=options(agent, "Toppings")["Olives"][0], modifiers="Control")
    agent.ok("browser_click", ref=options(agent, "Toppings")["Basil"][0], modifiers="Control")
    assert page_log(agent, "toppings:") == " ".join(
        f"toppings:{event}={values}"
        for values in ["Olives", "Cheese+Olives", "Cheese", "Cheese+Basil"]
        for event in ["input", "change"]
    )
    assert selected(agent, "Toppings") == ["Cheese", "Basil"]


def test_a_click_on_an_option_of_an_aria_listbox_reaches_the_page(agent: LaneAgent) -> None:
    agent.open("/lists")
    agent.ok("browser_click", ref=options(agent, "Colour")["Blue"][0])
    assert page_log(agent, "Colour") == "Colour Blue"
    assert selected(agent, "Colour") == ["Blue"]


def test_a_shift_click_on_an_option_of_a_multiple_select_chooses_the_run_from_the_last_one_clicked(
    agent: LaneAgent,
) -> None:
    agent.open("/lists")
    agent.ok("browser_click", ref=options(agent, "Toppings")["Basil"][0])
    agent.ok("browser_click", ref=options(agent, "Toppings")["Ham"][0], modifiers="Shift")
    assert page_log(agent, "toppings:") == "toppings:input=Basil toppings:change=Basil " + (
        "toppings:input=Ham+Olives+Basil toppings:change=Ham+Olives+Basil"
    )
    assert selected(agent, "Toppings") == ["Ham", "Olives", "Basil"]
