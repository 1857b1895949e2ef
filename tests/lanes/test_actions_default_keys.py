"""Issue 30, item 4: the browser's default actions for keys, the same on both lanes as with real input.

Synthetic key events do nothing by themselves, so the extension lane's engine does what the browser does for them
(extension/engine/keyboard.js, fields.js); the cdp lane presses with real keys, so the same test on both lanes
compares the engine with the browser itself. Covered: the caret and the selection moved by arrows, Home/End and
word jumps (Shift extending) in an input, a textarea and a contenteditable; the selection a Draft.js editor keeps in
its own model, grown by Shift+ArrowLeft until its inline toolbar shows; PageUp/PageDown moving the caret through a
textarea; a native range input moved by a click on its track and by keys; drop-downs, list boxes, number and search
fields, a date input and a grid's cell editor under their keys. Elsewhere: Tab's order and a radio group's arrows
(test_actions_focus_order.py), the keys that scroll (test_actions_scroll_keys.py), a double click
(test_actions_double_click.py). Each page reports what it holds in its title (the fields' selection, the range's
input events, the editor's SelectionState), read by the page itself: never the tool's answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.editor_pages import editor_page
from tests.lanes.page_reports import SELECTION_REPORT, focus_field, press, ref_of, reported
from tests.lanes.test_contract import line_of
from tests.support.pages import PageServer
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

CARET = page(
    "Caret",
    f"""<h1>Caret</h1>
<p><label>Words <input id="words" value="alpha beta gamma delta" size="30"></label></p>
<p><label>Lines <textarea id="lines" rows="4" cols="24">one two three
four five six
seven eight</textarea></label></p>
<div id="rich" contenteditable="true" role="textbox" aria-label="Rich">hello brave world<br>second line here</div>
{SELECTION_REPORT}""",
)


#: A range input reporting each value its input events gave, and how many change events came.
RANGE = page(
    '{"inputs": [], "changes": 0}',
    """<h1>Range</h1>
<p><label>Volume <input type="range" id="volume" min="0" max="100" value="10" style="width: 200px"></label></p>
<script>
const volume = document.getElementById('volume'), seen = { inputs: [], changes: 0 };
const report = () => { document.title = JSON.stringify(seen); };
volume.addEventListener('input', () => { seen.inputs.push(Number(volume.value)); report(); });
volume.addEventListener('change', () => { seen.changes += 1; report(); });
</script>""",
)


#: A drop-down with a disabled option, a multiple list box, and a multiple select of size 1 (a drop-down on Chromium
#: 156, a list box before), reached by Tab from the field before them (a click would open the drop-down's own popup);
#: the title holds what each has chosen, read on every change.
SELECTS = page(
    "{}",
    """<h1>Selects</h1>
<p><label>Before <input id="before"></label>
<label>Size <select id="size"><option>XS</option><option>S</option><option selected>M</option>
<option disabled>L</option><option>XL</option><option>XXL</option></select></label>
<label>Toppings <select id="toppings" multiple><option>Cheese</option><option selected>Ham</option>
<option>Olives</option><option>Basil</option></select></label>
<label>Sauces <select id="sauces" multiple size="1"><option>Pesto</option><option>Aioli</option><option>Salsa</option>
<option>Mayo</option><option>Chili</option></select></label></p>
<script>
document.addEventListener('change', () => {
  const chosen = (id) => Array.from(document.getElementById(id).selectedOptions, (option) => option.text);
  document.title = JSON.stringify({ size: chosen('size'), toppings: chosen('toppings'), sauces: chosen('sauces') });
});
</script>""",
)


#: A number input (step 2 up to 7); the title lists the values its input events gave.
NUMBER = page(
    "[]",
    """<h1>Number</h1>
<p><label>Guests <input type="number" id="guests" value="3" min="0" max="7" step="2"></label></p>
<script>
const guests = document.getElementById('guests'), values = [];
guests.addEventListener('input', () => { values.push(guests.value); document.title = JSON.stringify(values); });
</script>""",
)


#: Search fields: one that holds text, a read-only one, and one whose page cancels Escape; the title lists each
#: field's value after every key, and the input and search events each heard.
SEARCHES = page(
    "[]",
    """<h1>Searches</h1>
<p><label>Find <input type="search" id="find" value="urgent"></label>
<label>Fixed <input type="search" id="fixed" value="kept" readonly></label>
<label>Kept <input type="search" id="kept" value="mine"></label></p>
<script>
const seen = [];
const log = (entry) => { seen.push(entry); document.title = JSON.stringify(seen); };
for (const field of document.querySelectorAll('input')) {
  for (const type of ['input', 'search']) field.addEventListener(type, () => log(type + '@' + field.id));
  field.addEventListener('keyup', () => log(field.id + '=' + field.value));
}
document.getElementById('kept').addEventListener('keydown', (event) => event.preventDefault());
</script>""",
)


#: A grid cell that opens its editor on a character key's keydown and gives it the focus, as Handsontable's does,
#: without cancelling the key; the title says what the editor holds.
CELL_EDITOR = page(
    "{}",
    """<h1>Cell</h1>
<div role="gridcell" tabindex="0" id="cell" aria-label="Budget">1200</div>
<textarea id="editor" aria-label="Editor" hidden></textarea>
<script>
const cell = document.getElementById('cell'), editor = document.getElementById('editor');
cell.addEventListener('keydown', (event) => {
  if (event.key.length !== 1) return;
  editor.hidden = false;
  editor.focus();
});
editor.addEventListener('input', () => { document.title = JSON.stringify({ editor: editor.value }); });
</script>""",
)


#: A time field whose Enter moves the focus to the matching time in its menu (PatternFly's TimePicker does so on
#: the keydown), where the click the key then gives chooses it and puts the focus back.
ENTER_MOVES_FOCUS = page(
    "{}",
    """<h1>Time</h1>
<p><label>Start <input id="start" value="10:30"></label></p>
<ul role="menu"><li><button role="menuitem" id="option" tabindex="-1">10:30</button></li></ul>
<script>
const start = document.getElementById('start'), option = document.getElementById('option');
start.addEventListener('keydown', (event) => { if (event.key === 'Enter') option.focus(); });
option.addEventListener('click', () => {
  start.focus();
  document.title = JSON.stringify({ chosen: option.textContent, focused: document.activeElement.id });
});
</script>""",
)


#: A radio group as Radix draws it (marimo's radio): an arrow's keydown moves the focus in a 0 ms timer, and a radio
#: that gets the focus while an arrow is held (until its keyup) checks itself.
HELD_ARROW = page(
    "{}",
    """<h1>Crust</h1>
<div role="radiogroup" aria-label="Crust"><button role="radio" aria-checked="true" id="thin">Thin</button><button
role="radio" aria-checked="false" tabindex="-1" id="thick">Thick</button></div>
<script>
let held = false;
document.addEventListener('keydown', (event) => { held = event.key.startsWith('Arrow'); }, true);
document.addEventListener('keyup', () => { held = false; }, true);
const radios = [...document.querySelectorAll('[role=radio]')];
for (const radio of radios) {
  radio.addEventListener('click', () => {
    for (const each of radios) each.setAttribute('aria-checked', String(each === radio));
    document.title = JSON.stringify({ checked: radio.id });
  });
  radio.addEventListener('focus', () => { if (held) radio.click(); });
  radio.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowRight') return;
    event.preventDefault();
    setTimeout(() => radios[(radios.indexOf(radio) + 1) % radios.length].focus());
  });
}
</script>""",
)


#: A date input reporting its value, from the start and after every key and edit.
DATE = page(
    "{}",
    """<h1>Date</h1>
<p><label>Start <input type="date" id="start" value="2014-05-05"></label></p>
<script>
const start = document.getElementById('start');
const report = () => { document.title = JSON.stringify({ value: start.value }); };
for (const type of ['keyup', 'input', 'change', 'blur']) start.addEventListener(type, report);
report();
</script>""",
)


#: A time input between a field and a button, its picker's icon hidden as Mantine's TimeInput hides it (a Tab stop
#: of its own otherwise); the title holds its value and where the focus is, after every key.
TIME = page(
    "{}",
    """<h1>Alarm</h1>
<style>input::-webkit-calendar-picker-indicator { display: none }</style>
<p><label>Before <input id="before"></label> <label>Alarm <input type="time" id="alarm"></label>
<button id="after">After</button></p>
<script>
const alarm = document.getElementById('alarm');
const report = () => {
  document.title = JSON.stringify({ value: alarm.value, focus: document.activeElement.id,
    selected: String(getSelection()).replace(/\\s+/g, ' ') });
};
for (const type of ['keyup', 'input', 'change', 'focusin']) document.addEventListener(type, report, true);
</script>""",
)


#: A time and a date input with values, in the browser's own style (the picker's icon a Tab stop after the fields),
#: between two buttons; the title holds both values and where the focus is, after every key.
DATE_AND_TIME = page(
    "{}",
    """<h1>When</h1>
<p><button id="before">Before</button></p>
<p><label>Alarm <input type="time" id="alarm" value="07:30"></label></p>
<p><label>Day <input type="date" id="day" value="2024-05-10"></label></p>
<p><button id="after">After</button></p>
<script>
const report = () => {
  document.title = JSON.stringify({ alarm: document.getElementById('alarm').value,
    day: document.getElementById('day').value, focus: document.activeElement.id });
};
for (const type of ['keyup', 'input', 'change', 'focusin']) document.addEventListener(type, report, true);
</script>""",
)


#: Draft.js with an inline toolbar (Bold, Italic, Link) shown while the editor's own selection is not collapsed
#: and the editor has the focus, as Draft.js's inline toolbar plugins show theirs. The title holds the editor's
#: text, its SelectionState (start and end offsets, collapsed, focus) and its inline style ranges.
DRAFTJS_TOOLBAR = editor_page(
    "Draft.js with an inline toolbar",
    """<link rel="stylesheet" href="/widgets/node_modules/draft-js/dist/Draft.css">
<script src="/widgets/dist/draftjs.js"></script>""",
    '<div id="editor" style="border: 1px solid; min-height: 3em"></div>',
    """const { React, createRoot, Editor, EditorState, RichUtils, convertToRaw } = DraftKit, h = React.createElement;
function report(state) {
  const selection = state.getSelection(), content = state.getCurrentContent();
  document.title = JSON.stringify({
    text: content.getPlainText('\\n'),
    selection: { start: selection.getStartOffset(), end: selection.getEndOffset(),
      collapsed: selection.isCollapsed(), focused: selection.getHasFocus() },
    styles: convertToRaw(content).blocks.flatMap((block) => block.inlineStyleRanges),
  });
}
// A toolbar button keeps the editor's selection: its mousedown is cancelled, as every inline toolbar does.
function StyleButton({ label, style, state, setState }) {
  return h('button', {
    type: 'button',
    onMouseDown: (event) => event.preventDefault(),
    onClick: () => setState(RichUtils.toggleInlineStyle(state, style)),
  }, label);
}
function Story() {
  const [state, setState] = React.useState(() => EditorState.createEmpty());
  React.useEffect(() => report(state), [state]);
  React.useEffect(ready, []);
  const selection = state.getSelection();
  const toolbar = !selection.isCollapsed() && selection.getHasFocus()
    ? h('div', { role: 'toolbar', 'aria-label': 'Inline styles' },
        h(StyleButton, { label: 'Bold', style: 'BOLD', state, setState }),
        h(StyleButton, { label: 'Italic', style: 'ITALIC', state, setState }),
        h(StyleButton, { label: 'Link', style: 'LINK', state, setState }))
    : null;
  return h('div', null, toolbar, h(Editor, { editorState: state, onChange: setState, ariaLabel: 'Story' }));
}
createRoot(document.getElementById('editor')).render(h(Story));""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    served = {
        "/number": NUMBER,
        "/searches": SEARCHES,
        "/cell-editor": CELL_EDITOR,
        "/enter-moves-focus": ENTER_MOVES_FOCUS,
        "/held-arrow": HELD_ARROW,
        "/date": DATE,
        "/time": TIME,
        "/date-and-time": DATE_AND_TIME,
        "/selects": SELECTS,
        "/caret": CARET,
        "/range": RANGE,
        "/draftjs-toolbar": DRAFTJS_TOOLBAR,
    }
    with serve_action_pages(served) as server:
        yield server


def field_selection(state: dict[str, Any]) -> tuple[str, int, int, str]:
    return state["field"], state["start"], state["end"], state["direction"]


def test_arrows_home_end_and_word_jumps_move_and_extend_the_selection_in_an_input(agent: LaneAgent) -> None:
    focus_field(agent, "/caret", 'textbox "Words"')  # "alpha beta gamma delta"
    assert field_selection(press(agent, "End")) == ("words", 22, 22, "forward")
    assert field_selection(press(agent, "Shift+ArrowLeft", 3)) == ("words", 19, 22, "backward")
    assert field_selection(press(agent, "Shift+Control+ArrowLeft")) == ("words", 17, 22, "backward")
    assert field_selection(press(agent, "ArrowLeft")) == ("words", 17, 17, "forward")  # a selection collapses
    assert field_selection(press(agent, "Control+ArrowLeft")) == ("words", 11, 11, "forward")
    state = press(agent, "Shift+Control+ArrowRight")
    assert (field_selection(state), state["selected"]) == (("words", 11, 16, "forward"), "gamma")
    assert field_selection(press(agent, "Home")) == ("words", 0, 0, "forward")
    assert field_selection(press(agent, "Shift+End")) == ("words", 0, 22, "forward")
    assert field_selection(press(agent, "ArrowRight")) == ("words", 22, 22, "forward")


def test_lines_and_the_text_ends_in_a_textarea(agent: LaneAgent) -> None:
    focus_field(agent, "/caret", 'textbox "Lines"')  # "one two three\nfour five six\nseven eight"
    assert field_selection(press(agent, "Control+Home")) == ("lines", 0, 0, "forward")
    assert field_selection(press(agent, "ArrowDown")) == ("lines", 14, 14, "forward")
    state = press(agent, "Shift+End")
    assert (field_selection(state), state["selected"]) == (("lines", 14, 27, "forward"), "four five six")
    assert field_selection(press(agent, "Shift+ArrowDown")) == ("lines", 14, 39, "forward")
    assert field_selection(press(agent, "Control+End")) == ("lines", 39, 39, "forward")
    assert field_selection(press(agent, "Shift+ArrowUp")) == ("lines", 25, 39, "backward")  # the same column
    assert field_selection(press(agent, "Shift+Home")) == ("lines", 14, 39, "backward")
    # a page is more lines than the textarea holds: to its start and its end
    assert field_selection(press(agent, "Control+End")) == ("lines", 39, 39, "forward")
    assert field_selection(press(agent, "PageUp")) == ("lines", 0, 0, "forward")
    assert field_selection(press(agent, "Shift+PageDown")) == ("lines", 0, 39, "forward")
    press(agent, "Control+End")
    assert field_selection(press(agent, " ")) == ("lines", 40, 40, "forward")  # Space types a space


def test_word_and_line_selection_in_a_contenteditable(agent: LaneAgent) -> None:
    focus_field(agent, "/caret", 'textbox "Rich"')  # "hello brave world" <br> "second line here"
    press(agent, "Control+Home")
    assert press(agent, "Shift+Control+ArrowRight")["selected"] == "hello"
    assert press(agent, "Shift+Control+ArrowRight")["selected"] == "hello brave"
    assert press(agent, "Shift+End")["selected"] == "hello brave world"
    assert press(agent, "ArrowRight")["selected"] == ""  # collapsed at the selection's end
    assert press(agent, "Shift+ArrowDown")["selected"] == "\nsecond line here"
    assert press(agent, "Shift+Control+ArrowLeft")["selected"] == "\nsecond line "
    state = press(agent, "Control+End")
    assert (state["selected"], state["focus"]) == ("", ["second line here", 16])
    assert press(agent, "Shift+Home")["selected"] == "second line here"
    assert press(agent, "Shift+ArrowLeft", 2)["selected"] == "d\nsecond line here"


def test_shift_arrow_grows_a_draftjs_selection_until_its_inline_toolbar_shows_and_bold_styles_it(
    agent: LaneAgent,
) -> None:
    agent.open("/draftjs-toolbar")
    wait_until(lambda: "paragraph: Ready" in agent.snapshot(), 30, "Draft.js to load")
    editor = ref_of(agent, 'textbox "Story"')
    agent.ok("browser_type", ref=editor, text="Hello brave wonder")
    assert reported(agent)["selection"] == {"start": 18, "end": 18, "collapsed": True, "focused": True}
    assert "- toolbar" not in agent.snapshot()
    for grown in range(1, 7):  # the editor's own SelectionState grows a character per key
        state = press(agent, "Shift+ArrowLeft")
        assert state["selection"] == {"start": 18 - grown, "end": 18, "collapsed": False, "focused": True}, grown
    snapshot = agent.snapshot()
    assert line_of(snapshot, '- toolbar "Inline styles"'), snapshot
    agent.ok("browser_click", ref=ref_of(agent, 'button "Bold"'))
    state = reported(agent)
    assert state["text"] == "Hello brave wonder"
    assert state["styles"] == [{"offset": 12, "length": 6, "style": "BOLD"}]  # exactly "wonder"


def test_a_click_on_a_range_track_and_its_keys_move_it(agent: LaneAgent) -> None:
    agent.open("/range")
    slider = ref_of(agent, 'slider "Volume"')
    agent.ok("browser_click", ref=slider)  # at its centre: the thumb jumps there, as under a person's press
    assert reported(agent) == {"inputs": [50], "changes": 1}
    assert press(agent, "ArrowRight", 2) == {"inputs": [50, 51, 52], "changes": 3}
    assert press(agent, "ArrowDown") == {"inputs": [50, 51, 52, 51], "changes": 4}
    assert press(agent, "PageUp") == {"inputs": [50, 51, 52, 51, 61], "changes": 5}
    assert press(agent, "End")["inputs"][-1] == 100
    state = press(agent, "ArrowRight")  # at its end: nothing moves, and no event comes
    assert (state["inputs"][-1], state["changes"]) == (100, 6)
    assert press(agent, "Home")["inputs"][-1] == 0
    assert press(agent, "ArrowLeft")["changes"] == 7


def test_control_a_selects_a_contenteditables_text_and_control_x_and_v_cut_and_paste_it(agent: LaneAgent) -> None:
    focus_field(agent, "/caret", 'textbox "Rich"')  # "hello brave world" <br> "second line here"
    assert press(agent, "Control+a")["selected"] == "hello brave world\nsecond line here"
    press(agent, "Control+x")
    assert press(agent, "Control+a")["selected"] == ""  # the cut took the text from the page
    press(agent, "Control+v")
    assert press(agent, "Control+a")["selected"].replace("\n", " ") == "hello brave world second line here"


def test_keys_choose_in_a_drop_down_and_a_list_box(agent: LaneAgent) -> None:
    focus_field(agent, "/selects", 'textbox "Before"')
    agent.ok("browser_press", key="Tab")
    assert press(agent, "ArrowDown")["size"] == ["XL"]  # past the disabled option
    assert press(agent, "Home")["size"] == ["XS"]
    assert press(agent, "PageDown")["size"] == ["XL"]  # three on is the disabled one: the next after it
    assert press(agent, "End")["size"] == ["XXL"]
    agent.ok("browser_press", key="Shift+ArrowUp")  # a drop-down takes no Shift
    assert reported(agent)["size"] == ["XXL"]
    agent.ok("browser_press", key="Tab")
    assert press(agent, "ArrowDown")["toppings"] == ["Olives"]
    assert press(agent, "Shift+ArrowDown")["toppings"] == ["Olives", "Basil"]
    assert press(agent, "Home")["toppings"] == ["Cheese"]


def test_keys_in_a_multiple_select_of_size_one_are_a_drop_downs_where_it_is_drawn_as_one(agent: LaneAgent) -> None:
    """Measured with real keys on Chromium 156, which draws a multiple select of size 1 as a drop-down (Prefect's tag
    fields): Right chooses the next option, Shift+Down does nothing, PageDown goes three on. Where it is drawn as a
    list box (its options laid out: Chromium before 156), Right does nothing and Shift+Down adds to the run."""
    focus_field(agent, "/selects", 'textbox "Before"')
    for _ in range(3):
        agent.ok("browser_press", key="Tab")
    drawn_as_drop_down = agent.evaluated("document.getElementById('sauces').options[0].getClientRects().length === 0")
    if drawn_as_drop_down:
        assert press(agent, "ArrowRight")["sauces"] == ["Pesto"]
        agent.ok("browser_press", key="Shift+ArrowDown")
        assert reported(agent)["sauces"] == ["Pesto"]
        assert press(agent, "PageDown")["sauces"] == ["Mayo"]
    else:
        assert press(agent, "ArrowDown")["sauces"] == ["Pesto"]
        assert press(agent, "Shift+ArrowDown")["sauces"] == ["Pesto", "Aioli"]
        agent.ok("browser_press", key="ArrowRight")
        assert reported(agent)["sauces"] == ["Pesto", "Aioli"]


def test_keys_after_a_click_on_a_drop_down_move_in_its_popup_until_enter_chooses(agent: LaneAgent) -> None:
    """Measured with real input: a press on a drop-down opens the browser's popup of its options, and its keys
    go there, not to the page: the arrows move the highlight and change nothing until Enter chooses."""
    agent.open("/selects")
    agent.ok("browser_click", ref=ref_of(agent, 'combobox "Size"'))
    assert press(agent, "ArrowDown", 2) == {}  # no change event: the popup's highlight moved, not the value
    assert press(agent, "Enter")["size"] == ["XXL"]  # past the disabled option
    assert press(agent, "ArrowUp")["size"] == ["XL"]  # the popup closed with Enter: keys choose again


def test_arrows_step_a_number_input_within_its_range(agent: LaneAgent) -> None:
    focus_field(agent, "/number", 'spinbutton "Guests"')
    assert press(agent, "ArrowUp") == ["4"]  # to the step
    assert press(agent, "ArrowUp", 2) == ["4", "6"]  # 8 is past the maximum: no step, no event
    assert press(agent, "ArrowDown") == ["4", "6", "4"]


def test_escape_empties_a_search_field_unless_it_is_read_only_or_the_page_cancels_it(agent: LaneAgent) -> None:
    """Measured with real keys: Escape in a search field that holds text empties it, with an input and a search
    event; a read-only one keeps its text, and so does one whose page cancels the key."""
    focus_field(agent, "/searches", 'searchbox "Find"')
    assert press(agent, "Escape") == ["input@find", "search@find", "find="]
    assert press(agent, "Escape")[3:] == ["find="]  # empty already: nothing more
    for name, field, text in (("Fixed", "fixed", "kept"), ("Kept", "kept", "mine")):
        agent.ok("browser_click", ref=ref_of(agent, f'searchbox "{name}"'))
        assert press(agent, "Escape")[-1] == f"{field}={text}", name


def test_a_keys_text_goes_to_the_editor_its_keydown_focused(agent: LaneAgent) -> None:
    """Measured with real keys: a character's text goes where the focus is once its keydown is handled, so a grid
    that opens its cell's editor on the keydown (Handsontable) gets the character in the editor."""
    focus_field(agent, "/cell-editor", 'gridcell "Budget"')
    assert press(agent, "x") == {"editor": "x"}
    assert press(agent, " ") == {"editor": "x "}


def test_enter_clicks_what_its_keydown_focused(agent: LaneAgent) -> None:
    """Measured with real keys: Enter's keypress, and the click it gives, go where the focus is once its keydown is
    handled (PatternFly's time field focuses the time it matches there, and Enter chooses it; the extension lane
    pressed Enter on the field, and the focus stayed in the menu)."""
    focus_field(agent, "/enter-moves-focus", 'textbox "Start"')
    assert press(agent, "Enter") == {"chosen": "10:30", "focused": "start"}


def test_a_key_stays_down_while_the_tasks_its_keydown_queued_run(agent: LaneAgent) -> None:
    """Measured with real keys: the arrow's keyup comes after the page's 0 ms timer that moved the focus, so the radio
    focused while the arrow is held checks itself (both lanes sent the keyup at once, and nothing was checked)."""
    focus_field(agent, "/held-arrow", 'radio "Thin"')
    assert press(agent, "ArrowRight") == {"checked": "thick"}


def test_space_on_a_date_input_leaves_a_date_in_it(agent: LaneAgent) -> None:
    """A date input takes keys into its focused segment: a key's text never lands in its value (Space once emptied
    it on the extension lane), as with real keys."""
    focus_field(agent, "/date", 'textbox "Start"')
    value = press(agent, "Space")["value"]
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", value), value


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("Tab", {"value": "10:30", "focus": "after", "selected": ""}),
        ("Shift+Tab", {"value": "10:30", "focus": "alarm", "selected": ""}),
        ("ArrowUp", {"value": "22:30", "focus": "alarm", "selected": ""}),
        ("Control+a", {"value": "10:30", "focus": "alarm", "selected": "Alarm Before Alarm After"}),
    ],
)
def test_keys_after_typing_a_time_go_on_from_its_last_field(
    agent: LaneAgent, key: str, expected: dict[str, str]
) -> None:
    """Measured with real keys (Mantine's time input): a person's "1030AM" fills the hours, the minutes and AM/PM in
    turn and leaves the focus on AM/PM, so Tab goes on to the next control, Shift+Tab back to the minutes, ArrowUp
    turns AM to PM, Control+A selects the page's text (the fields hold none). browser_type sets the value; the cdp
    lane then moves the focus to the last field with real keys (from the first, where it was, Tab went to the
    minutes and ArrowUp moved the hour); the extension lane keeps which field has the focus (date_fields.js)."""
    agent.open("/time")
    agent.ok("browser_type", ref=ref_of(agent, 'textbox "Alarm"'), text="1030AM")
    assert press(agent, key) == expected


def test_keys_in_the_fields_of_a_date_and_a_time_input(agent: LaneAgent) -> None:
    """Measured with real input (the cdp lane's): a press focuses the field under it, the first when it is on none
    (the time input's centre is between its minutes and AM/PM, the date input's on its year); Tab and Shift+Tab go
    from field to field and to the picker's icon before they leave, and Shift+Tab comes back in at the icon; ArrowUp
    and ArrowDown step the field (wrapping, but the year); Backspace empties it, and the input's value with it, and
    ArrowUp then gives it its first value."""
    agent.open("/date-and-time")
    agent.ok("browser_click", ref=ref_of(agent, 'textbox "Alarm"'))
    alarm = [("ArrowUp", "08:30"), ("Tab", "08:30"), ("ArrowDown", "08:29"), ("Tab", "08:29"), ("ArrowUp", "20:29")]
    for key, value in alarm:
        assert press(agent, key) == {"alarm": value, "day": "2024-05-10", "focus": "alarm"}, key
    assert press(agent, "Tab")["focus"] == "alarm"  # the picker's icon
    assert press(agent, "Tab")["focus"] == "day"
    agent.ok("browser_click", ref=ref_of(agent, 'textbox "Day"'))
    day = [
        ("ArrowUp", "2025-05-10", "day"),  # the year
        ("Shift+Tab", "2025-05-10", "day"),
        ("ArrowDown", "2025-05-09", "day"),
        ("Backspace", "", "day"),
        ("ArrowUp", "2025-05-01", "day"),
        ("Tab", "2025-05-01", "day"),  # the year
        ("Tab", "2025-05-01", "day"),  # the picker's icon
        ("Tab", "2025-05-01", "after"),
        ("Shift+Tab", "2025-05-01", "day"),  # back at the icon
        ("Shift+Tab", "2025-05-01", "day"),  # the year
        ("ArrowUp", "2026-05-01", "day"),
    ]
    for key, value, focus in day:
        assert press(agent, key) == {"alarm": "20:29", "day": value, "focus": focus}, key
