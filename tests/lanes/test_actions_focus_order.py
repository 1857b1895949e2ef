"""Issue 30, item 4: Tab's sequential focus order and a radio group's arrows, the same on both lanes as with real keys.

The extension lane's engine moves the focus for Tab and checks radios for arrows itself (extension/engine/
keyboard.js); the cdp lane presses real keys, so the same test on both lanes compares the engine with Chromium.
Covered: the order itself (positive tabindex first, radio groups as one stop, nothing disabled, invisible or
inert along the flat tree, shadow trees where their hosts are); where Tab goes past the last stop, from a stop and
from an element out of the order; Tab after a keydown that removes the next stop or moves the focus; Shift+Tab out
of a dialog whose focus trap sends the focus back; arrows round a radio group's ends and through radios without a
name. Each page reports where the focus went in its title, read by the page itself: never the tool's answer.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.page_reports import focus_field, press, ref_of, reported
from tests.lanes.test_contract import line_of
from tests.support.pages import PageServer
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

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

#: A modal that holds the focus itself, as rsuite's does: a press on Open shows it and focuses it, and its trap
#: (a focus listener on the document) sends a focus that goes outside back to the modal, where it was.
TRAP_TO_ITSELF = page(
    "{}",
    """<h1>Trap</h1>
<p><label>Start <input id="start"></label> <button id="open">Open</button></p>
<div role="dialog" aria-label="Confirm" id="dialog" tabindex="-1" hidden>
  <p>Place the order?</p><button id="place">Place order</button>
</div>
<script>
const dialog = document.getElementById('dialog');
document.getElementById('open').addEventListener('click', () => { dialog.hidden = false; dialog.focus(); });
document.addEventListener('focus', (event) => {
  if (!dialog.hidden && !dialog.contains(event.target)) dialog.focus();
}, true);
document.addEventListener('keyup', () => {
  document.title = JSON.stringify({ focused: document.activeElement.id || document.activeElement.localName });
});
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

#: Lists in the title where the focus was after each key: the focused element (inside an open shadow tree, the one
#: focused there), "page" for none.
STOPS_IN_TITLE = """<script>
const stops = [];
document.addEventListener('keyup', () => {
  let active = document.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
  stops.push(active && active !== document.body ? active.id : 'page');
  document.title = JSON.stringify(stops);
});
</script>"""

#: Stops of every kind for Tab: a radio group with one checked (only it is a stop) and one without (the radio that
#: last had the focus; else its first, its last for Shift+Tab), a disabled, an invisible and an inert button (none
#: is), an editable, a button in a shadow tree, a positive tabindex (first of all).
TAB_STOPS = page(
    "[]",
    """<h1>Tab stops</h1>
<p><label>A <input id="a"></label>
<input type="radio" name="g" id="g1" aria-label="G1"><input type="radio" name="g" id="g2" checked aria-label="G2">
<input type="radio" name="g" id="g3" aria-label="G3">
<input type="radio" name="h" id="h1" aria-label="H1"><input type="radio" name="h" id="h2" aria-label="H2"></p>
<p><button disabled>Off</button> <span style="visibility: hidden"><button>Invisible</button></span>
<span inert><button>Inert</button></span>
<span id="inert-host" inert></span> <span id="inert-slot"><button id="slotted">Slotted inert</button></span></p>
<div id="rich" contenteditable="true">Editable</div>
<p id="host"></p>
<p><label>Last <input id="last"></label> <label>First of all <input id="early" tabindex="1"></label></p>
<script>
document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<button id="shadowed">In a shadow</button>';
// inertness inherits along the flat tree: into an inert host's shadow tree, and into what an inert slot shows
document.getElementById('inert-host').attachShadow({ mode: 'open' }).innerHTML =
  '<button id="inert-shadowed">In an inert host</button>';
document.getElementById('inert-slot').attachShadow({ mode: 'open' }).innerHTML = '<div inert><slot></slot></div>';
</script>"""
    + STOPS_IN_TITLE,
)

#: Boxes that scroll, for Tab: Chromium stops at one that scrolls and holds nothing Tab stops at (its keyboard-
#: focusable scrollers), not at one holding a button, one whose content fits, or one that clips without scrolling;
#: and a list that scrolls, open under a field, which the field's blur closes (as Carbon's combobox closes its menu):
#: Tab from the field chose the list, which was gone by the time the focus came, so the focus went nowhere.
SCROLLERS = page(
    "[]",
    """<h1>Scrollers</h1>
<p><label>Before <input id="before"></label></p>
<div id="scroller" style="height: 60px; overflow: auto"><p style="height: 200px">Long text in a box</p></div>
<div id="holder" style="height: 60px; overflow: auto"><p style="height: 200px"><button id="inside">In</button></p></div>
<div id="fits" style="height: 60px; overflow: auto"><p>Fits</p></div>
<div id="clips" style="height: 60px; overflow: hidden"><p style="height: 200px">Clipped</p></div>
<p><label>Field <input id="field"></label></p>
<ul id="menu" role="listbox" style="height: 60px; overflow: auto; margin: 0">
  <li role="option">One</li><li role="option">Two</li><li role="option">Three</li><li role="option">Four</li>
</ul>
<p><label>After <input id="after"></label></p>
<script>
document.getElementById('field').addEventListener('blur', () => { document.getElementById('menu').hidden = true; });
</script>"""
    + STOPS_IN_TITLE,
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

#: A radio group in a box that scrolls, its second radio below what the box shows; the title says how far the box
#: is scrolled.
SCROLLED_RADIOS = page(
    "{}",
    """<h1>Plans</h1>
<div id="box" style="height: 60px; overflow: auto">
<label><input type="radio" name="plan" value="basic"> Basic</label>
<div style="height: 200px"></div>
<label><input type="radio" name="plan" value="pro"> Pro</label>
</div>
<script>
box.addEventListener('scroll', () => { document.title = JSON.stringify({ scrolled: box.scrollTop > 0 }); });
</script>""",
)

#: A tree at the page's end whose items take the focus but are no Tab stop (tabindex -1, as Element Plus's and
#: Mantine's trees draw them), after a field with a positive tabindex and two plain ones; and a list of the same
#: kind at the page's start.
TREE_END = page(
    "[]",
    """<h1>Tree at the end</h1>
<ul role="tree" aria-label="Start"><li role="treeitem" tabindex="-1" id="start">Start</li></ul>
<p><label>Early <input id="early" tabindex="2"></label> <label>A <input id="a"></label>
<label>B <input id="b"></label></p>
<ul role="tree" aria-label="Files"><li role="treeitem" tabindex="-1" id="main">main.js</li>
<li role="treeitem" tabindex="-1" id="readme">README.md</li></ul>
"""
    + STOPS_IN_TITLE,
)


#: The same tree at the page's end with its items shown through a slot (Calcite's tree: its items are slotted into
#: its shadow tree), and one whose item is in a shadow tree itself.
TREE_END_SLOTTED = TREE_END.replace(
    '<ul role="tree" aria-label="Files">', '<x-tree role="tree" aria-label="Files">'
).replace(
    "README.md</li></ul>",
    "README.md</li></x-tree><script>"
    "document.querySelector('x-tree').attachShadow({ mode: 'open' }).innerHTML = '<ul><slot></slot></ul>';</script>",
)
TREE_END_SHADOW = TREE_END.replace(
    '<ul role="tree" aria-label="Files"><li role="treeitem" tabindex="-1" id="main">main.js</li>\n'
    '<li role="treeitem" tabindex="-1" id="readme">README.md</li></ul>',
    '<x-tree></x-tree><script>document.querySelector("x-tree").attachShadow({ mode: "open" }).innerHTML = '
    '\'<ul role="tree" aria-label="Files"><li role="treeitem" tabindex="-1" id="readme">README.md</li></ul>\';'
    "</script>",
)


#: A menu between two buttons whose items cancel a press's mousedown, as jQuery UI's do: the press focuses nothing,
#: and the focus stays on the body.
CLICKED_TEXT = page(
    "[]",
    """<h1>Clicked text</h1>
<p><button id="before">Before</button></p>
<ul role="menu" aria-label="Actions" id="menu" tabindex="0"><li role="menuitem" id="rename">Rename</li>
<li role="menuitem" id="archive">Archive</li></ul>
<p><button id="after">After</button> <button id="last">Last</button></p>
<script>
for (const item of document.querySelectorAll('[role=menuitem]')) {
  item.addEventListener('mousedown', (event) => event.preventDefault());
}
</script>
"""
    + STOPS_IN_TITLE,
)

#: What a click leaves for Tab to go on from, taken out by the page: a table it draws anew on a click on a cell (the
#: cell clicked is gone, a new one in its place), and a dialog whose Cancel takes it away (Mesop's, measured with
#: real keys: Tab goes on from where they were, to the button after each; the extension lane's went to the top).
REMOVED_START = page(
    "[]",
    """<h1>Removed start</h1>
<p><button id="top">Top</button></p>
<table><tbody id="rows"></tbody></table>
<p><button id="after-table">After table</button></p>
<div id="dialog"><span>Really?</span> <button id="cancel">Cancel</button></div>
<p><button id="after-dialog">After dialog</button></p>
<script>
function draw() {
  document.getElementById('rows').innerHTML = '<tr><td id="cell">Pasta</td><td>8</td></tr>';
  document.getElementById('cell').addEventListener('click', draw);
}
draw();
document.getElementById('cancel').addEventListener('click', () => document.getElementById('dialog').remove());
</script>
"""
    + STOPS_IN_TITLE,
)

#: A date field whose calendar takes the focus from it, as PrimeReact 10's does: on the field's focus the calendar
#: shows and focuses its day, then hides, and the focus the day had goes to the body.
FOCUS_TAKEN_AWAY = page(
    "[]",
    """<h1>Calendar</h1>
<p><label>Departure <input id="field"></label> <button id="after-field">After field</button></p>
<p><button id="before-days">Before days</button></p>
<div id="days" style="display: none"><button id="day" tabindex="-1">14</button></div>
<p><button id="after-days">After days</button></p>
<script>
const days = document.getElementById('days');
document.getElementById('field').addEventListener('focus', () => {
  days.style.display = 'block';
  setTimeout(() => {
    document.getElementById('day').focus();
    setTimeout(() => {
      days.style.display = 'none';
      // once Chromium has taken the focus from the hidden day (after the next frame's layout): where it went
      const shown = () => { document.title = JSON.stringify([document.activeElement.id || 'page']); };
      requestAnimationFrame(() => setTimeout(shown));
    });
  });
});
</script>
"""
    + STOPS_IN_TITLE,
)

#: A button whose text is in a span, as TDesign's are, that opens a dialog which leaves the focus on the body (the
#: page blurs the button a task after its click).
BLURRED_BY_ITS_CLICK = page(
    "[]",
    """<h1>Dialog</h1>
<p><button id="before">Before</button> <button id="open" style="padding: 12px"><span>Open dialog</span></button>
<button id="after">After</button></p>
<script>
document.getElementById('open').addEventListener('click', () => setTimeout(() => {
  document.activeElement.blur();
  document.title = JSON.stringify([document.activeElement.id || 'page']);
}));
</script>
"""
    + STOPS_IN_TITLE,
)

#: Shadow hosts with a roving tabindex, as Material Web draws its chips, menu items and select options: the current
#: host has none, the others -1, and each holds a button of tabindex 0 in its shadow tree; a host of -1 showing a
#: button slotted into it; a box of -1 without a shadow tree around a button.
ROVING_HOSTS = page(
    "[]",
    """<h1>Chips</h1>
<p><button id="before">Before</button></p>
<div><x-chip id="cheese"></x-chip> <x-chip id="olives" tabindex="-1"></x-chip>
<x-chip id="basil" tabindex="-1"></x-chip></div>
<p id="slotting" tabindex="-1"><button id="slotted">Slotted</button></p>
<p tabindex="-1"><button id="plain">In a plain box</button></p>
<p><button id="after">After</button></p>
<script>
for (const chip of document.querySelectorAll('x-chip')) {
  chip.attachShadow({ mode: 'open' }).innerHTML = `<button id="${chip.id}-inner" tabindex="0">${chip.id}</button>`;
}
document.getElementById('slotting').attachShadow({ mode: 'open' }).innerHTML = '<div><slot></slot></div>';
</script>"""
    + STOPS_IN_TITLE,
)


#: A dialog drawn in the shadow tree of a host of tabindex -1 (as UI5's dialog, a popover, is).
DIALOG_HOST = page(
    "[]",
    """<h1>Dialog</h1>
<p><button id="before">Before</button></p>
<x-dialog tabindex="-1"></x-dialog>
<p><button id="after">After</button></p>
<script>
document.querySelector('x-dialog').attachShadow({ mode: 'open' }).innerHTML =
  '<p>Save the changes?</p><button id="cancel">Cancel</button> <button id="save">Save</button>';
</script>"""
    + STOPS_IN_TITLE,
)


#: Filled fields that Tab reaches: a one-line one, a number and an email (Tab selects what they hold), then a
#: textarea whose caret was put at its end (it keeps that caret); the title lists each field's value on every keyup.
FILLED = page(
    "{}",
    """<h1>Filled</h1>
<p><button id="start">Start</button></p>
<p><label>Name <input id="name" value="Ada"></label> <label>Tip <input id="tip" type="number" value="0.0"></label>
<label>Mail <input id="mail" type="email" value="a@b.c"></label></p>
<p><label>Notes <textarea id="notes">one two</textarea></label></p>
<script>
document.addEventListener('keyup', () => {
  document.title = JSON.stringify(Object.fromEntries(
    ['name', 'tip', 'mail', 'notes'].map((id) => [id, document.getElementById(id).value])));
});
</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    served = {
        "/radios": RADIOS,
        "/scrolled-radios": SCROLLED_RADIOS,
        "/tab-stops": TAB_STOPS,
        "/trap": TRAP,
        "/trap-to-itself": TRAP_TO_ITSELF,
        "/tab-closes": TAB_CLOSES,
        "/nameless-radios": NAMELESS_RADIOS,
        "/tab-returns": TAB_RETURNS,
        "/tree-end": TREE_END,
        "/tree-end-slotted": TREE_END_SLOTTED,
        "/tree-end-shadow": TREE_END_SHADOW,
        "/clicked-text": CLICKED_TEXT,
        "/scrollers": SCROLLERS,
        "/roving-hosts": ROVING_HOSTS,
        "/dialog-host": DIALOG_HOST,
        "/removed-start": REMOVED_START,
        "/focus-taken-away": FOCUS_TAKEN_AWAY,
        "/blurred-by-its-click": BLURRED_BY_ITS_CLICK,
        "/filled": FILLED,
    }
    with serve_action_pages(served) as server:
        yield server


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


def test_shift_tab_from_a_modal_its_trap_sends_back_to_itself_stays_there(agent: LaneAgent) -> None:
    """Measured with real keys on rsuite's modal: Shift+Tab focuses the stop before it, the trap sends the focus back
    to the modal, and there it stays. The extension lane took the focus it found where it had been as a stop that
    took no focus, tried every stop before it in turn, and left the focus on the body."""
    agent.open("/trap-to-itself")
    agent.ok("browser_click", ref=ref_of(agent, 'button "Open"'))
    assert press(agent, "Shift+Tab") == {"focused": "dialog"}


def test_arrows_in_a_radio_group_check_the_next_radio_round_its_ends(agent: LaneAgent) -> None:
    focus_field(agent, "/radios", 'radio "Medium"')
    assert press(agent, "ArrowDown") == ["Huge"]  # past the disabled one
    assert press(agent, "ArrowRight") == ["Huge", "Small"]  # round the end
    assert press(agent, "ArrowUp") == ["Huge", "Small", "Huge"]
    assert line_of(agent.snapshot(), '- radio "Huge"').startswith('- radio "Huge" [checked] [focused]')


def test_an_arrow_brings_the_radio_it_reaches_into_view(agent: LaneAgent) -> None:
    """Measured with real keys: the focus an arrow moves to the next radio scrolls it into view, as Tab's does (React
    Aria's radio, kept in a one-pixel box, scrolled that box under real input only)."""
    agent.open("/scrolled-radios")
    agent.ok("browser_click", ref=ref_of(agent, 'radio "Basic"'))
    agent.ok("browser_press", key="ArrowDown")
    title = wait_until(
        lambda: (title := agent.ok("browser_snapshot")["title"]) != "{}" and title, 5, "the box's scroll"
    )
    assert json.loads(title) == {"scrolled": True}
    assert line_of(agent.snapshot(), '- radio "Pro"').startswith('- radio "Pro" [checked] [focused]')


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


def test_tab_past_the_last_stop_from_an_element_out_of_the_order_goes_round_to_the_first_of_tabindex_0(
    agent: LaneAgent,
) -> None:
    """Measured with real keys: from a tree's item of tabindex -1 at the page's end, Tab goes to the first stop of
    tabindex 0 (not the positive one, not out of the page); from a stop at the end it leaves the page (above);
    Shift+Tab from such an item at the page's start leaves the page."""
    focus_field(agent, "/tree-end", 'treeitem "README.md"')
    assert press(agent, "Tab") == ["a"]
    focus_field(agent, "/tree-end", 'treeitem "Start"')
    assert press(agent, "Shift+Tab") == ["page"]


@pytest.mark.parametrize("tree", ["slotted", "shadow"])
def test_tab_past_the_last_stop_from_an_item_in_a_scope_of_its_own_leaves_the_page(agent: LaneAgent, tree: str) -> None:
    """Measured with real keys (Calcite's tree, found by the conformance runner: the extension lane's Tab went round
    to the page's first field): Chromium goes round only within the item's own focus scope; from an item shown
    through a slot, or in a shadow tree, it looks on from the scope's host, after which there is nothing."""
    focus_field(agent, f"/tree-end-{tree}", 'treeitem "README.md"')
    assert press(agent, "Tab") == ["page"]


def test_tab_from_nothing_focused_goes_on_from_where_the_press_landed(agent: LaneAgent) -> None:
    """Measured with real keys: a press on something that takes no focus leaves it on the body, and Tab then goes
    on from where the press landed (the sequential focus navigation starting point), not from the page's start:
    from a menu's item, Tab reaches the button after the menu and Shift+Tab the menu around it (jQuery UI's)."""
    focus_field(agent, "/clicked-text", 'menuitem "Archive"')
    assert press(agent, "Tab") == ["after"]
    focus_field(agent, "/clicked-text", 'menuitem "Archive"')
    assert press(agent, "Shift+Tab") == ["menu"]


@pytest.mark.parametrize(("pressed", "after"), [("generic", "after-table"), ('button "Cancel"', "after-dialog")])
def test_tab_goes_on_from_where_the_press_landed_when_the_page_took_that_away(
    agent: LaneAgent, pressed: str, after: str
) -> None:
    """Chromium's starting point is a place, not an element: when the page takes away what was pressed (a table
    drawn anew, a dialog closed), Tab goes on from where it was, to the stop after it; Shift+Tab to the one before."""
    focus_field(agent, "/removed-start", pressed)
    assert press(agent, "Tab") == [after]
    focus_field(agent, "/removed-start", pressed)
    assert press(agent, "Shift+Tab") == ["top" if after == "after-table" else "after-table"]


@pytest.mark.parametrize(("key", "reached"), [("Tab", "after-days"), ("Shift+Tab", "before-days")])
def test_tab_goes_on_from_what_the_page_focused_last_once_the_body_has_the_focus(
    agent: LaneAgent, key: str, reached: str
) -> None:
    """Measured with real keys (PrimeReact's calendar, found by the conformance runner: the extension lane's Tab went
    on from the date field): an element the page's own focus() reaches is the starting point, and it stays one after
    the element is hidden and the focus goes to the body."""
    focus_field(agent, "/focus-taken-away", 'textbox "Departure"')
    wait_until(lambda: reported(agent) == ["page"], what="the focus to go to the body")
    assert press(agent, key) == [reached]


@pytest.mark.parametrize(("key", "reached"), [("Tab", "after"), ("Shift+Tab", "open")])
def test_tab_goes_on_from_the_text_pressed_inside_a_button_once_the_page_blurs_it(
    agent: LaneAgent, key: str, reached: str
) -> None:
    """Measured with real keys (TDesign's dialog, found by the conformance runner: the extension lane's Shift+Tab
    went to the stop before the button): the starting point is what the press landed on, the text inside the
    button, even though the press focused the button; with the focus on the body, Shift+Tab goes from that text
    back to the button itself."""
    focus_field(agent, "/blurred-by-its-click", 'button "Open dialog"')
    wait_until(lambda: reported(agent) == ["page"], what="the page to blur the button")
    assert press(agent, key) == [reached]


def test_tab_stops_at_a_box_that_scrolls_with_nothing_in_it_to_stop_at(agent: LaneAgent) -> None:
    """Chromium's keyboard-focusable scrollers: a box the user can scroll, holding nothing Tab stops at, is a stop
    itself. Tab from a field whose blur hides the list it chose goes nowhere: Chromium picks the next stop before
    the blur, and a stop gone by then takes no focus (Carbon's combobox, typed into, then Tab: the body)."""
    focus_field(agent, "/scrollers", 'textbox "Before"')
    assert press(agent, "Tab", 3) == ["scroller", "inside", "field"]
    assert press(agent, "Tab")[-1] == "page"


def test_tab_passes_over_the_shadow_tree_of_a_host_of_negative_tabindex(agent: LaneAgent) -> None:
    """Measured with real keys (Material Web's chips, menu items and select options, found by the conformance runner:
    the extension lane's Tab went to the next chip): a shadow host of tabindex -1 takes its shadow tree, and what is
    slotted into it, out of the order; a box of -1 without one does not."""
    focus_field(agent, "/roving-hosts", 'button "Before"')
    assert press(agent, "Tab", 3) == ["cheese-inner", "plain", "after"]
    assert press(agent, "Shift+Tab", 3)[-3:] == ["plain", "cheese-inner", "before"]


def test_tab_from_inside_a_host_of_negative_tabindex_goes_through_its_tree_then_on_from_the_host(
    agent: LaneAgent,
) -> None:
    """Measured with real keys (UI5's dialog, a popover whose host has tabindex -1, found by the conformance runner:
    the extension lane's Tab from the dialog's Cancel went to the page's first field, not to Save): the host's tree
    is out of the order only for a focus coming from outside it; from a stop inside it, Tab and Shift+Tab go through
    the tree's stops, then on from the host."""
    focus_field(agent, "/dialog-host", 'button "Cancel"')
    assert press(agent, "Tab", 2) == ["save", "after"]
    focus_field(agent, "/dialog-host", 'button "Save"')
    assert press(agent, "Shift+Tab", 2) == ["cancel", "before"]


def test_tab_into_a_filled_one_line_field_selects_what_it_holds_and_the_keys_replace_it(agent: LaneAgent) -> None:
    """Measured with real keys: Chromium's Tab selects all a one-line field holds (a number or email field too, which
    have no selection API), so the keys after it replace the value (Solara's number field holding "0.0": Tab, then
    ".5", gives 0.5) and Backspace empties it; a textarea keeps the caret it had."""
    focus_field(agent, "/filled", 'textbox "Notes"')
    agent.ok("browser_press", key="End")
    agent.ok("browser_click", ref=ref_of(agent, 'button "Start"'))
    for key in ("Tab", "B", "o", "b", "Tab", ".", "5", "Tab", "Backspace", "x", "Tab", "!"):
        agent.ok("browser_press", key=key)
    assert reported(agent) == {"name": "Bob", "tip": ".5", "mail": "x", "notes": "one two!"}
