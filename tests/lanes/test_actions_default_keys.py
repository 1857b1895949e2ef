"""Issue 30, item 4: the browser's default actions for keys and presses, the same on both lanes as with real input.

Synthetic key and mouse events do nothing by themselves, so the extension lane's engine does what the browser
does for them (extension/engine/keyboard.js, fields.js); the cdp lane presses with real input, so the same test
on both lanes compares the engine with the browser itself. Covered: the caret and the selection moved by arrows,
Home/End and word jumps (Shift extending) in an input, a textarea and a contenteditable; the selection a Draft.js
editor keeps in its own model, grown by Shift+ArrowLeft until its inline toolbar shows; PageUp/PageDown moving the
caret through a textarea; PageDown, Space and End scrolling the page (PageDown from a one-line field too) and Tab
moving the focus; a native range input moved by a click on its track and by keys; a double click selecting a word.
Each page reports what it holds in its title (the fields' selection, the range's input events, the editor's
SelectionState), read by the page itself: never the tool's answer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.editor_pages import editor_page
from tests.lanes.test_contract import line_of
from tests.support.pages import PageServer
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

#: Reports the focused field's selection (selectionStart/End and direction in an input or a textarea, the
#: document's selection in a contenteditable) in the title, after every key and every selection change.
SELECTION_REPORT = """<script>
function report() {
  const el = document.activeElement;
  if (el && (el.localName === 'input' || el.localName === 'textarea')) {
    document.title = JSON.stringify({ field: el.id, start: el.selectionStart, end: el.selectionEnd,
      direction: el.selectionDirection, selected: el.value.slice(el.selectionStart, el.selectionEnd) });
  } else {
    const selection = getSelection();
    document.title = JSON.stringify({ field: el ? el.id : null, selected: selection.toString(),
      anchor: [selection.anchorNode && selection.anchorNode.textContent, selection.anchorOffset],
      focus: [selection.focusNode && selection.focusNode.textContent, selection.focusOffset] });
  }
}
for (const type of ['keyup', 'selectionchange', 'select', 'mouseup', 'dblclick', 'focusin']) {
  document.addEventListener(type, report, true);
}
</script>"""

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

#: Words whose middle one is long and centred, so that a press at the centre of the field lands on it.
WORDS = page(
    "Words",
    f"""<h1>Words</h1>
<p><label>Phrase <input id="phrase" value="ox supercalifragilistic ox" size="26"
  style="font: 16px monospace"></label></p>
<div id="said" contenteditable="true" role="textbox" aria-label="Said"
  style="display: inline-block; font: 16px monospace">ox supercalifragilistic ox</div>
<p><button>Keep</button></p>
<ul><li style="cursor: pointer">Words to click in</li></ul>
<p><label style="font: 16px monospace"><input type="radio" id="plan" name="plan"
  style="position: absolute; opacity: 0; width: 0; height: 0; margin: 0">Business</label></p>
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

#: A page four viewports long, reporting how far it is scrolled and which field has the focus.
LONG = page(
    '{"scrolled": 0, "focused": null}',
    """<h1>Long</h1>
<p><label>First <input id="first"></label> <label>Second <input id="second"></label>
<label>Short <textarea id="short" rows="3">one
two</textarea></label></p>
<div style="height: 400vh; background: linear-gradient(white, grey)">A long page</div>
<p>The end</p>
<script>
let moving = false; // between a scroll event and the scrollend that ends that scroll (smooth or not)
const report = () => {
  const focused = document.activeElement && document.activeElement.id;
  document.title = JSON.stringify({ scrolled: Math.round(scrollY), viewport: innerHeight, focused: focused || null,
    moving });
};
addEventListener('scroll', () => { moving = true; report(); });
addEventListener('scrollend', () => { moving = false; report(); });
document.addEventListener('focusin', report);
report();
</script>""",
)

#: A read-only field on a long page: the title says how far the page is scrolled and what the field holds.
READ_ONLY = page(
    "{}",
    """<h1>Read only</h1>
<p><label>Fixed <input id="fixed" readonly value="as it was given"></label></p>
<div style="height: 400vh">A long page</div>
<script>
const field = document.getElementById('fixed');
const report = () => {
  document.title = JSON.stringify({ scrolled: Math.round(scrollY), viewport: innerHeight, value: field.value,
    caret: [field.selectionStart, field.selectionEnd] });
};
addEventListener('scroll', report);
for (const type of ['keyup', 'focusin', 'mouseup']) document.addEventListener(type, report, true);
report();
</script>""",
)

#: A short textarea and a narrow input, both fuller than they show: the title says how far each is scrolled, and
#: how far it can be.
OVERFLOWING = page(
    "{}",
    """<h1>Overflowing</h1>
<p><label>Notes <textarea id="notes" rows="2" cols="20">Two lines
of notes</textarea></label></p>
<p><label>Motto <input id="motto" size="8" value="a long long long text here"></label></p>
<script>
const report = () => {
  const notes = document.getElementById('notes'), motto = document.getElementById('motto');
  document.title = JSON.stringify({
    notes: [notes.scrollTop, notes.scrollHeight - notes.clientHeight],
    motto: [motto.scrollLeft, motto.scrollWidth - motto.clientWidth] });
};
for (const type of ['keyup', 'focusin', 'scroll']) document.addEventListener(type, report, true);
report();
</script>""",
)

#: A long page with a button at its foot, then a modal dialog whose focus trap sends the focus back in (to its last
#: button) when it leaves, as Ant Design's and Base Web's do; the title says where the focus is and the scroll.
TRAP = page(
    "{}",
    """<h1>Trap</h1>
<div style="height: 300vh">Behind the dialog</div>
<p><button id="foot">At the foot</button></p>
<div role="dialog" aria-label="Confirm" id="dialog"
  style="position: fixed; top: 20px; left: 20px; background: white; border: 1px solid; padding: 8px">
  <button id="first">First</button> <button id="last">Last</button>
</div>
<script>
const dialog = document.getElementById('dialog');
document.addEventListener('focusin', (event) => {
  if (!dialog.contains(event.target)) document.getElementById('last').focus();
});
const report = () => {
  document.title = JSON.stringify({ focused: document.activeElement.id || null, scrolled: Math.round(scrollY) });
};
addEventListener('scroll', report);
document.addEventListener('focusin', report);
document.addEventListener('keyup', report);
report();
</script>""",
)

#: A button whose click opens an overlay over it, which a click closes; the title lists the clicks each heard.
OVERLAY = page(
    "[]",
    """<h1>Overlay</h1>
<p><button id="open">Open the overlay</button></p>
<div id="overlay" hidden style="position: fixed; inset: 0; background: rgb(0 0 0 / 30%)"></div>
<script>
const heard = [], overlay = document.getElementById('overlay');
const report = () => { document.title = JSON.stringify(heard); };
document.getElementById('open').addEventListener('click', (event) => {
  heard.push('button ' + event.detail); overlay.hidden = false; report();
});
overlay.addEventListener('click', (event) => {
  heard.push('overlay ' + event.detail); overlay.hidden = true; report();
});
document.addEventListener('dblclick', (event) => { heard.push('dblclick on ' + (event.target.id || '?')); report(); });
</script>""",
)

#: Boxes a page draws with no text in them (checkboxes), each in another place of its line; the title keeps what
#: the selection holds after each double click.
BOX = 'role="checkbox" aria-checked="false" tabindex="0" style="display: inline-block; width: 20px; height: 20px"'
EMPTY_BOXES = page(
    "{}",
    f"""<h1>Boxes</h1>
<div style="display: flex; gap: 4px"><span {BOX} aria-label="Flex"></span><label>Accept the terms</label></div>
<div><span {BOX} aria-label="Spaced"></span> Accept the terms</div>
<div><span {BOX} aria-label="Touching"></span>Accept the terms</div>
<div><span {BOX} aria-label="Alone"></span></div>
<div>Accept the terms <span {BOX} aria-label="Last"></span></div>
<div {BOX.replace("inline-block", "block")} aria-label="Block"></div>
<p>After</p>
<style>[role=checkbox] {{ background: #888 }}</style>
<script>
const seen = {{}};
document.addEventListener('dblclick', (event) => {{
  seen[event.target.getAttribute('aria-label')] = getSelection().toString();
  document.title = JSON.stringify(seen);
}});
</script>""",
)

#: A page's script that lists, in its title, the value of the element each change event came from.
CHANGES_IN_TITLE = """<script>
const changes = [];
document.addEventListener('change', (event) => {
  changes.push(event.target.value);
  document.title = JSON.stringify(changes);
});
</script>"""

#: Radios without a name, one in each item of a list (as Fluent UI's tree draws them); the title lists the
#: radios each change event checked.
NAMELESS_RADIOS = page(
    "[]",
    """<h1>Files</h1>
<ul><li><label><input type="radio" value="report"> Report.pdf</label></li>
<li><label><input type="radio" value="budget"> Budget.xlsx</label></li>
<li><label><input type="radio" value="notes"> Notes.txt</label></li></ul>
"""
    + CHANGES_IN_TITLE,
)

#: The overlay as zag (Chakra) opens its dialog: shown at once, but the press outside that closes it is listened for
#: only from a timer its effect queues in a frame after a scheduler's task, two deferrals deep.
DEFERRED_OVERLAY = page(
    "[]",
    """<h1>Deferred overlay</h1>
<p><button id="open">Open the overlay</button></p>
<div id="overlay" hidden style="position: fixed; inset: 0; background: rgb(0 0 0 / 30%)"></div>
<script>
const heard = [], overlay = document.getElementById('overlay');
const report = () => { document.title = JSON.stringify(heard); };
const outside = (event) => {
  if (event.target !== overlay) return;
  heard.push('closed'); overlay.hidden = true; report();
  document.removeEventListener('pointerdown', outside, true);
};
document.getElementById('open').addEventListener('click', (event) => {
  heard.push('opened ' + event.detail); overlay.hidden = false; report();
  const effect = new MessageChannel();
  effect.port1.onmessage = () => requestAnimationFrame(() => setTimeout(() => {
    document.addEventListener('pointerdown', outside, true);
  }, 0));
  effect.port2.postMessage(null);
});
</script>""",
)

#: A field whose Tab keydown removes the next stop in a microtask (as a React menu that closes on Tab does): the
#: title says where the focus went and which element heard the keyup.
TAB_CLOSES = page(
    "{}",
    """<h1>Tab closes</h1>
<p><label>Search <input id="search"></label> <button id="menu">In the menu</button>
<label>After <input id="after"></label></p>
<script>
document.getElementById('search').addEventListener('keydown', (event) => {
  if (event.key === 'Tab') Promise.resolve().then(() => document.getElementById('menu').remove());
});
document.addEventListener('keyup', (event) => {
  document.title = JSON.stringify({ focused: document.activeElement.id, keyup: event.target.id });
});
</script>""",
)

#: A menu at the page's end whose item, on Tab's keydown, closes the menu and gives the focus back to its button
#: (Fluent UI's menu): the title says where the focus went.
TAB_RETURNS = page(
    "{}",
    """<h1>Tab returns</h1>
<p><button id="actions">Actions</button> <button id="next">Next</button></p>
<div id="menu" role="menu"><button role="menuitem" id="archive">Archive</button></div>
<script>
document.getElementById('archive').addEventListener('keydown', (event) => {
  if (event.key !== 'Tab') return;
  document.getElementById('actions').focus();
  document.getElementById('menu').hidden = true;
});
document.addEventListener('keyup', () => { document.title = JSON.stringify({ focused: document.activeElement.id }); });
</script>""",
)

#: Stops of every kind for Tab: a radio group with one checked (only it is a stop) and one without (the radio that
#: last had the focus; else its first, its last for Shift+Tab), a disabled, an invisible and an inert button (none
#: is), an editable, a button in a shadow tree, a positive tabindex (first of all). The title lists where the focus
#: was after each key: the focused element, "page" for none.
TAB_STOPS = page(
    "[]",
    """<h1>Tab stops</h1>
<p><label>A <input id="a"></label>
<input type="radio" name="g" id="g1" aria-label="G1"><input type="radio" name="g" id="g2" checked aria-label="G2">
<input type="radio" name="g" id="g3" aria-label="G3">
<input type="radio" name="h" id="h1" aria-label="H1"><input type="radio" name="h" id="h2" aria-label="H2"></p>
<p><button disabled>Off</button> <span style="visibility: hidden"><button>Invisible</button></span>
<span inert><button>Inert</button></span></p>
<div id="rich" contenteditable="true">Editable</div>
<p id="host"></p>
<p><label>Last <input id="last"></label> <label>First of all <input id="early" tabindex="1"></label></p>
<script>
document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<button id="shadowed">In a shadow</button>';
const stops = [];
document.addEventListener('keyup', () => {
  let active = document.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
  stops.push(active && active !== document.body ? active.id : 'page');
  document.title = JSON.stringify(stops);
});
</script>""",
)

#: A radio group whose third radio is disabled; the title lists the values its change events gave.
RADIOS = page(
    "[]",
    """<h1>Sizes</h1>
<form><label><input type="radio" name="size" value="Small"> Small</label>
<label><input type="radio" name="size" value="Medium" checked> Medium</label>
<label><input type="radio" name="size" value="Large" disabled> Large</label>
<label><input type="radio" name="size" value="Huge"> Huge</label></form>
"""
    + CHANGES_IN_TITLE,
)

#: A drop-down with a disabled option and a multiple list box, reached by Tab from the field before them (a click
#: would open the drop-down's own popup); the title holds what each has chosen, read on every change.
SELECTS = page(
    "{}",
    """<h1>Selects</h1>
<p><label>Before <input id="before"></label>
<label>Size <select id="size"><option>XS</option><option>S</option><option selected>M</option>
<option disabled>L</option><option>XL</option><option>XXL</option></select></label>
<label>Toppings <select id="toppings" multiple><option>Cheese</option><option selected>Ham</option>
<option>Olives</option><option>Basil</option></select></label></p>
<script>
document.addEventListener('change', () => {
  const chosen = (id) => Array.from(document.getElementById(id).selectedOptions, (option) => option.text);
  document.title = JSON.stringify({ size: chosen('size'), toppings: chosen('toppings') });
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
        "/date": DATE,
        "/selects": SELECTS,
        "/radios": RADIOS,
        "/tab-stops": TAB_STOPS,
        "/caret": CARET,
        "/words": WORDS,
        "/range": RANGE,
        "/long": LONG,
        "/read-only": READ_ONLY,
        "/trap": TRAP,
        "/tab-closes": TAB_CLOSES,
        "/overlay": OVERLAY,
        "/deferred-overlay": DEFERRED_OVERLAY,
        "/empty-boxes": EMPTY_BOXES,
        "/nameless-radios": NAMELESS_RADIOS,
        "/tab-returns": TAB_RETURNS,
        "/overflowing": OVERFLOWING,
        "/draftjs-toolbar": DRAFTJS_TOOLBAR,
    }
    with serve_action_pages(served) as server:
        yield server


def reported(agent: LaneAgent) -> Any:
    """What the page reports of itself (its title), read after the page has settled."""
    return json.loads(agent.ok("browser_snapshot")["title"])


def press(agent: LaneAgent, key: str, times: int = 1) -> Any:
    for _ in range(times):
        agent.ok("browser_press", key=key)
    return reported(agent)


def ref_of(agent: LaneAgent, start: str) -> str:
    """The ref of the one element whose line in a full snapshot starts with ``start`` (before the value it shows)."""
    line = line_of(agent.ok("browser_snapshot", full=True)["snapshot"], "- " + start)
    found = re.search(r" (@\w+)(:|$)", line)
    assert found, line
    return found.group(1)


def focus_field(agent: LaneAgent, path: str, start: str) -> None:
    agent.open(path)
    agent.ok("browser_click", ref=ref_of(agent, start))


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


def scrolled(agent: LaneAgent, far_enough: Callable[[int], bool]) -> dict[str, Any] | None:
    """What the page reports once it is scrolled far enough (smooth scrolling takes a few frames), else None."""
    state: dict[str, Any] = reported(agent)
    return state if far_enough(state["scrolled"]) else None


def scroll_ended(agent: LaneAgent, state: dict[str, Any]) -> dict[str, Any]:
    """What the page reports once its scroll has ended (its scrollend came, where the page says so; two reads a frame
    or more apart agree): a key pressed mid-scroll would start from a place the test did not see, and a smooth
    scroll that a key interrupts may not go where the key says (Control+End during Shift+Space's)."""
    last = [state["scrolled"]]

    def still() -> dict[str, Any] | None:
        now: dict[str, Any] = reported(agent)
        done = now["scrolled"] == last[0] and not now.get("moving")
        last[0] = now["scrolled"]
        return now if done else None

    return wait_until(still, 10, "the scroll to end")


def test_pagedown_space_and_end_scroll_the_page_and_tab_moves_the_focus(agent: LaneAgent) -> None:
    agent.open("/long")
    viewport = reported(agent)["viewport"]
    agent.ok("browser_press", key="PageDown")
    # a page is 7/8 of the viewport in Chromium (waiting for most of it lets a smooth scroll end first)
    paged = wait_until(lambda: scrolled(agent, lambda y: y >= 0.8 * viewport), 10, "PageDown to scroll")
    assert paged["scrolled"] <= viewport, paged  # about a viewport, as the browser pages
    paged = scroll_ended(agent, paged)
    agent.ok("browser_press", key=" ")
    spaced = wait_until(lambda: scrolled(agent, lambda y: y >= paged["scrolled"] + 0.8 * viewport), 10, "Space")
    spaced = scroll_ended(agent, spaced)
    agent.ok("browser_press", key="Shift+ ")
    back = wait_until(lambda: scrolled(agent, lambda y: y <= spaced["scrolled"] - 0.8 * viewport), 10, "Shift+Space")
    scroll_ended(agent, back)
    agent.ok("browser_press", key="Control+End")
    ended = wait_until(lambda: scrolled(agent, lambda y: y >= 3 * viewport), 10, "Control+End to scroll to the bottom")
    scroll_ended(agent, ended)
    agent.ok("browser_press", key="Home")
    wait_until(lambda: scrolled(agent, lambda y: y == 0), 10, "Home to scroll to the top")
    agent.ok("browser_click", ref=ref_of(agent, 'textbox "First"'))
    agent.ok("browser_press", key="PageDown")  # a one-line field has no page to move through: the page scrolls
    wait_until(lambda: scrolled(agent, lambda y: y >= 0.8 * viewport), 10, "PageDown in a field to scroll")
    assert press(agent, "Tab")["focused"] == "second"
    assert press(agent, "Shift+Tab")["focused"] == "first"


def test_pagedown_in_a_textarea_moves_its_caret_then_scrolls_the_page(agent: LaneAgent) -> None:
    """Measured with real keys: PageDown and PageUp move a textarea's caret by a page of lines and bring the
    caret's line to the top of the view; once the caret is at the text's end (or start), the key scrolls instead
    (the page, where the textarea has nothing to scroll)."""
    agent.open("/long")
    agent.ok("browser_click", ref=ref_of(agent, 'textbox "Short"'))
    viewport = reported(agent)["viewport"]
    agent.ok("browser_press", key="Control+Home")
    agent.ok("browser_press", key="PageDown")  # the caret goes to the end, its line to the top of the view
    first = scroll_ended(agent, reported(agent))["scrolled"]
    assert 0 < first < viewport / 2, first
    agent.ok("browser_press", key="PageDown")  # at the end: the page scrolls
    paged = wait_until(lambda: scrolled(agent, lambda y: y >= first + 0.8 * viewport), 10, "PageDown to scroll")
    scroll_ended(agent, paged)
    agent.ok("browser_press", key="PageUp")  # the caret goes to the start, its line (above the last) to the top
    assert scroll_ended(agent, reported(agent))["scrolled"] < first


def test_keys_in_a_read_only_field_move_no_caret_type_nothing_and_scroll_the_page(agent: LaneAgent) -> None:
    """Measured with real keys: a read-only field is not edited text to the browser, so its arrows move nothing
    and End scrolls the page, as on Ant Design's select (a read-only input with the focus)."""
    focus_field(agent, "/read-only", 'textbox "Fixed"')
    clicked = reported(agent)
    assert clicked["scrolled"] == 0, clicked
    for key in ("ArrowRight", "ArrowLeft", "x", "Backspace"):
        assert press(agent, key) | {"scrolled": 0} == clicked, key
    agent.ok("browser_press", key="End")
    far = 2 * clicked["viewport"]
    ended = wait_until(lambda: scrolled(agent, lambda y: y >= far), 10, "End to scroll to the bottom")
    assert (ended["value"], ended["caret"]) == ("as it was given", clicked["caret"]), ended


def test_a_field_scrolls_to_show_its_caret_after_an_edit_or_a_caret_move(agent: LaneAgent) -> None:
    """As the browser does (measured with real keys): a new line at the end of a short textarea scrolls it down to
    that line, End in a narrow input scrolls along to the text's end and Home back; typing a text longer than an
    input shows its end."""
    focus_field(agent, "/overflowing", 'textbox "Notes"')
    agent.ok("browser_press", key="Control+End")
    notes = press(agent, "Enter")["notes"]
    assert notes[1] - 3 <= notes[0] <= notes[1], notes  # the last line in view: at most its padding short
    agent.ok("browser_click", ref=ref_of(agent, 'textbox "Motto"'))
    motto = press(agent, "End")["motto"]
    assert motto[1] - 2 <= motto[0] <= motto[1], motto
    assert press(agent, "Home")["motto"][0] == 0
    agent.ok("browser_type", ref=ref_of(agent, 'textbox "Motto"'), text="a longer text than the field shows")
    motto = reported(agent)["motto"]
    assert motto[1] - 2 <= motto[0] <= motto[1], motto


@pytest.mark.parametrize("start", ['textbox "Phrase"', 'textbox "Said"'], ids=["input", "contenteditable"])
def test_a_double_click_selects_the_word_under_the_pointer(agent: LaneAgent, start: str) -> None:
    agent.open("/words")
    agent.ok("browser_click", ref=ref_of(agent, start), double=True)
    assert reported(agent)["selected"] == "supercalifragilistic"


def test_a_double_clicks_second_press_goes_to_what_its_first_click_opened_over_the_point(agent: LaneAgent) -> None:
    """Measured with real input: each press of a double click goes where the browser's hit test sends it then; a
    dialog's backdrop that the first click opened takes the second press, and the dblclick."""
    agent.open("/overlay")
    agent.ok("browser_click", ref=ref_of(agent, 'button "Open the overlay"'), double=True)
    heard = wait_until(lambda: (lambda now: now if len(now) == 3 else None)(reported(agent)), 5, "the clicks")
    assert heard == ["button 1", "overlay 2", "dblclick on overlay"]


def test_a_double_clicks_second_press_closes_an_overlay_whose_outside_press_listener_came_two_tasks_late(
    agent: LaneAgent,
) -> None:
    """Measured with real input: Chakra's dialog (zag) listens for a press outside it from a timer queued in a frame
    after a scheduler's task; a double click on its opener opens it, and the second press, on its backdrop, closes
    it. The extension lane's second press came before that timer had run."""
    agent.open("/deferred-overlay")
    agent.ok("browser_click", ref=ref_of(agent, 'button "Open the overlay"'), double=True)
    heard = wait_until(lambda: (lambda now: now if len(now) == 2 else None)(reported(agent)), 5, "the overlay closed")
    assert heard == ["opened 1", "closed"]


def test_a_double_click_in_an_empty_box_selects_what_follows_it_on_its_line(agent: LaneAgent) -> None:
    """Measured with real input (Headless UI's drawn checkbox and radio): the word after the box on its line, or,
    with none, the line break to the next block."""
    agent.open("/empty-boxes")
    for name in ("Flex", "Spaced", "Touching", "Alone", "Last", "Block"):
        agent.ok("browser_click", ref=ref_of(agent, f'checkbox "{name}"'), double=True, see="none")
    selected = reported(agent)
    assert selected == {
        "Flex": "\n",
        "Spaced": " ",
        "Touching": "Accept",
        "Alone": "\n",
        "Last": "\n",
        "Block": "\n",
    }, selected


def test_a_double_click_on_a_radios_label_selects_its_word_and_leaves_the_focus_off_it(agent: LaneAgent) -> None:
    """Measured with real input: the label's first click focuses and checks the radio; the second press takes the
    focus off it (the label is not focusable), and the label's second click, finding its text selected, does not
    give the focus back (Base Web's radio, whose input is hidden in its label)."""
    agent.open("/words")
    agent.ok("browser_click", ref=ref_of(agent, 'radio "Business"'), double=True)
    state = reported(agent)
    assert (state["field"], state["selected"]) == ("", "Business"), state
    assert agent.ok("browser_snapshot", full=True)["snapshot"].count('radio "Business" [checked]') == 1


def test_tab_and_shift_tab_follow_the_browsers_sequential_focus_order(agent: LaneAgent) -> None:
    focus_field(agent, "/tab-stops", 'textbox "A"')
    forward = press(agent, "Tab", 8)
    # past the last stop the focus leaves the page (to the browser's own controls), then starts again at the first
    assert forward == ["g2", "h1", "rich", "shadowed", "last", "page", "early", "a"]
    agent.ok("browser_click", ref=ref_of(agent, 'textbox "Last"'))
    # (before the first stop, where the cdp lane's own Chromium wraps to the last and a desktop Chrome's focus goes
    # to its toolbar, the test stops)
    backward = press(agent, "Shift+Tab", 6)[-6:]
    # the group with a checked radio is entered there; the one with none at the radio that last had the focus
    assert backward == ["shadowed", "rich", "h1", "g2", "a", "early"]


def test_shift_tab_enters_a_radio_group_none_of_whose_radios_had_the_focus_at_its_last(agent: LaneAgent) -> None:
    """Measured with real keys: Tab enters such a group at its first radio, Shift+Tab at its last."""
    agent.open("/tab-stops")
    agent.ok("browser_click", ref=ref_of(agent, 'textbox "Last"'))
    assert press(agent, "Shift+Tab", 3)[-3:] == ["shadowed", "rich", "h2"]


def test_tab_goes_past_what_its_keydown_removed_and_its_keyup_reaches_where_it_went(agent: LaneAgent) -> None:
    """Measured with real keys: the page's microtasks run after the keydown's listeners, before Tab moves the
    focus (Carbon's multi-select closes its menu on Tab's keydown, and Tab goes past its options), and the keyup
    goes to the element Tab reached."""
    focus_field(agent, "/tab-closes", 'textbox "Search"')
    assert press(agent, "Tab") == {"focused": "after", "keyup": "after"}


def test_tab_goes_on_from_where_its_keydown_put_the_focus(agent: LaneAgent) -> None:
    """Measured with real keys: Tab's default action starts from the element that has the focus once the keydown's
    listeners have run (Fluent UI's menu gives it back to its button), not from where the key went down."""
    focus_field(agent, "/tab-returns", 'menuitem "Archive"')
    assert press(agent, "Tab") == {"focused": "next"}


def test_shift_tab_out_of_a_dialog_lands_where_its_focus_trap_sends_it(agent: LaneAgent) -> None:
    """Measured with real keys: Shift+Tab from a modal's first button focuses the page's last stop behind it,
    scrolling it into view, and the dialog's focus trap sends the focus back to its last button: Tab ends there."""
    agent.open("/trap")
    agent.ok("browser_click", ref=ref_of(agent, 'button "First"'))
    state = press(agent, "Shift+Tab")
    assert state["focused"] == "last", state
    assert state["scrolled"] > 0, state  # the foot's button was scrolled into view as it took the focus


def test_arrows_in_a_radio_group_check_the_next_radio_round_its_ends(agent: LaneAgent) -> None:
    focus_field(agent, "/radios", 'radio "Medium"')
    assert press(agent, "ArrowDown") == ["Huge"]  # past the disabled one
    assert press(agent, "ArrowRight") == ["Huge", "Small"]  # round the end
    assert press(agent, "ArrowUp") == ["Huge", "Small", "Huge"]
    assert line_of(agent.snapshot(), '- radio "Huge"').startswith('- radio "Huge" [checked] [focused]')


def test_arrows_step_through_radios_without_a_name_as_one_group(agent: LaneAgent) -> None:
    """Measured with real keys: Chromium's arrows go from a radio without a name to the next one without a name
    (Fluent UI's tree), checking it, and round the ends; being in no group, each stays checked (one checked
    already changes nothing)."""
    focus_field(agent, "/nameless-radios", 'radio "Report.pdf"')
    assert press(agent, "ArrowDown") == ["report", "budget"]
    assert press(agent, "ArrowUp") == ["report", "budget"]
    assert line_of(agent.snapshot(), '- radio "Report.pdf"').startswith('- radio "Report.pdf" [checked] [focused]')
    assert press(agent, "ArrowLeft") == ["report", "budget", "notes"]
    assert line_of(agent.snapshot(), '- radio "Notes.txt"').startswith('- radio "Notes.txt" [checked] [focused]')


def test_shift_with_an_arrow_in_a_radio_group_checks_the_next_radio_as_the_arrow_alone_does(agent: LaneAgent) -> None:
    focus_field(agent, "/radios", 'radio "Medium"')
    assert press(agent, "Shift+ArrowRight") == ["Huge"]  # past the disabled one
    assert press(agent, "Shift+ArrowUp") == ["Huge", "Medium"]
    assert line_of(agent.snapshot(), '- radio "Medium"').startswith('- radio "Medium" [checked] [focused]')


def test_control_a_selects_a_contenteditables_text_and_control_x_and_v_cut_and_paste_it(agent: LaneAgent) -> None:
    focus_field(agent, "/caret", 'textbox "Rich"')  # "hello brave world" <br> "second line here"
    assert press(agent, "Control+a")["selected"] == "hello brave world\nsecond line here"
    press(agent, "Control+x")
    assert press(agent, "Control+a")["selected"] == ""  # the cut took the text from the page
    press(agent, "Control+v")
    assert press(agent, "Control+a")["selected"].replace("\n", " ") == "hello brave world second line here"


def test_a_press_on_text_ends_a_selection_and_a_press_on_a_button_keeps_it(agent: LaneAgent) -> None:
    agent.open("/words")
    agent.ok("browser_click", ref=ref_of(agent, 'textbox "Said"'), double=True)
    assert reported(agent)["selected"] == "supercalifragilistic"
    agent.ok("browser_click", ref=ref_of(agent, 'button "Keep"'))
    assert reported(agent)["selected"] == "supercalifragilistic"
    agent.ok("browser_click", ref=ref_of(agent, "listitem"))  # the caret goes to the text pressed
    state = reported(agent)
    assert (state["selected"], state["focus"][0]) == ("", "Words to click in")


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


def test_space_on_a_date_input_leaves_a_date_in_it(agent: LaneAgent) -> None:
    """A date input takes keys into its focused segment: a key's text never lands in its value (Space once emptied
    it on the extension lane), as with real keys."""
    focus_field(agent, "/date", 'textbox "Start"')
    value = press(agent, "Space")["value"]
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", value), value
