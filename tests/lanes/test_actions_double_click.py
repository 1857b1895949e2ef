"""Issue 30, item 4: a double click, each of its presses where real input's goes, the same on both lanes.

The cdp lane presses with real input, so each test checks the browser; the extension lane's engine does what the
browser does for a double click (extension/engine/pointer.js, landing.js): the word it selects, in a field, in a
contenteditable, in a shadow root's field, or none where the page selected something or made the text inert, and
where its second press goes once the first click has opened, moved or let something through over the point. Each
page reports what it heard in its title, read by the page itself: never the tool's answer.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.page_reports import SELECTION_REPORT, ref_of, reported
from tests.support.pages import PageServer
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium


#: Words whose middle one is long and centred, so that a press at the centre of the field lands on it.
WORDS = page(
    "Words",
    f"""<h1>Words</h1>
<p><label>Phrase <input id="phrase" value="ox supercalifragilistic ox" size="26"
  style="font: 16px monospace"></label></p>
<div id="said" contenteditable="true" role="textbox" aria-label="Said"
  style="display: inline-block; font: 16px monospace">ox supercalifragilistic ox</div>
<p><button>Keep</button></p>
<p><word-field></word-field></p>
<script>
customElements.define('word-field', class extends HTMLElement {{
  constructor() {{
    super();
    this.attachShadow({{ mode: 'open' }}).innerHTML =
      '<input aria-label="Shadow phrase" value="ox supercalifragilistic ox" size="26" style="font: 16px monospace">';
  }}
}});
</script>
<ul><li style="cursor: pointer">Words to click in</li></ul>
<p><label style="font: 16px monospace"><input type="radio" id="plan" name="plan"
  style="position: absolute; opacity: 0; width: 0; height: 0; margin: 0">Business</label></p>
{SELECTION_REPORT}""",
)


#: A button whose click turns the pointer off for what is around it: a double click's second press falls through
#: to the body, over the button's label.
LETTING_THROUGH = page(
    "{}",
    """<main id="main"><button id="pick" style="font: 30px monospace">Select an item</button></main>
<script>
pick.addEventListener('click', () => { document.getElementById('main').style.pointerEvents = 'none'; });
document.addEventListener('dblclick', (event) => {
  document.title = JSON.stringify({ on: event.target.localName, selected: String(getSelection()) });
});
</script>""",
)


#: Components that show their host's text through a slot: a button (as Shoelace's and Ionic's buttons do) and a tab
#: whose box turns selection off (Shoelace's tab); the title keeps the focus, deep, and the selection after a
#: double click.
SLOTTED = page(
    "{}",
    """<slot-button>Save</slot-button> <slot-tab role="tab" tabindex="0">Profile</slot-tab>
<script>
customElements.define('slot-button', class extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).innerHTML = '<button style="font: 24px monospace"><slot></slot></button>';
  }
});
customElements.define('slot-tab', class extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).innerHTML =
      '<div style="user-select: none; font: 24px monospace; padding: 4px 40px"><slot></slot></div>';
  }
});
document.addEventListener('dblclick', () => {
  let focused = document.activeElement;
  while (focused && focused.shadowRoot && focused.shadowRoot.activeElement) focused = focused.shadowRoot.activeElement;
  const selection = getSelection();
  document.title = JSON.stringify({ focused: focused && focused.localName, selection: selection.type });
});
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


#: A button whose press opens a popup and makes the page under it inert, and a press outside the popup that closes
#: it on its release, as React Aria's select and menu do: a double click's second press comes to a page whose
#: button the hit test passes over (a person's selects a word of the popup, which its closing takes away). The
#: title holds what the selection holds at the dblclick.
INERT_UNDER_POPUP = page(
    "[]",
    """<div id="under"><h1>Inert</h1><p><button id="open"><span>Select an item</span></button></p></div>
<div id="popup" hidden style="position: fixed; right: 8px; bottom: 8px">Small Medium Large</div>
<script>
const under = document.getElementById('under'), popup = document.getElementById('popup');
let outside = false;
document.getElementById('open').addEventListener('pointerdown', () => { under.inert = true; popup.hidden = false; });
document.addEventListener('pointerdown', (event) => {
  outside = !popup.hidden && !popup.contains(event.target);
}, true);
document.addEventListener('pointerup', () => { if (outside) { popup.remove(); under.inert = false; } });
document.addEventListener('dblclick', () => { document.title = JSON.stringify([String(getSelection())]); });
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


#: A button whose first click opens a panel under it that slides into place from 40 px up (200 ms, linear), over the
#: button for its first 130 ms or so, as Flatpickr's calendar slides over its field (20 px, 300 ms, easing out:
#: for its first two frames). The title holds the presses each heard, and where the dblclick went.
SLIDING_PANEL = page(
    "[]",
    """<style>@keyframes slide { from { transform: translateY(-40px) } to { transform: none } }
.open { animation: slide 200ms linear }</style>
<h1>Sliding panel</h1>
<p><button id="open">Open the panel</button></p>
<div id="panel" hidden tabindex="-1" style="position: absolute; left: 8px; width: 320px; height: 200px;
  background: #eee">Panel</div>
<script>
const heard = [], button = document.getElementById('open'), panel = document.getElementById('panel');
const report = () => { document.title = JSON.stringify(heard); };
button.addEventListener('mousedown', (event) => { heard.push('button ' + event.detail); report(); });
panel.addEventListener('mousedown', (event) => { heard.push('panel ' + event.detail); report(); });
button.addEventListener('click', () => {
  if (!panel.hidden) return;
  panel.style.top = (button.getBoundingClientRect().bottom + window.scrollY + 2) + 'px';
  panel.hidden = false;
  panel.classList.add('open');
});
document.addEventListener('dblclick', (event) => { heard.push('dblclick on ' + (event.target.id || '?')); report(); });
</script>""",
)


#: The same panel drawn in a shadow root and slid by script (Element.animate), as Ionic slides its modal up inside
#: ion-modal's shadow root: the document's list of animations leaves that root's out.
SLIDING_SHADOW_PANEL = page(
    "[]",
    """<h1>Sliding panel</h1>
<p><button id="open">Open the panel</button></p>
<div id="host" hidden style="position: absolute; left: 8px"></div>
<script>
const heard = [], button = document.getElementById('open'), host = document.getElementById('host');
const panel = host.attachShadow({ mode: 'open' }).appendChild(document.createElement('div'));
Object.assign(panel.style, { width: '320px', height: '200px', background: '#eee' });
panel.textContent = 'Panel';
const report = () => { document.title = JSON.stringify(heard); };
button.addEventListener('mousedown', (event) => { heard.push('button ' + event.detail); report(); });
panel.addEventListener('mousedown', (event) => { heard.push('panel ' + event.detail); report(); });
button.addEventListener('click', () => {
  if (!host.hidden) return;
  host.style.top = (button.getBoundingClientRect().bottom + window.scrollY + 2) + 'px';
  host.hidden = false;
  panel.animate([{ transform: 'translateY(-40px)' }, { transform: 'none' }], 200);
});
document.addEventListener('dblclick', (event) => {
  const target = event.composedPath()[0];
  heard.push('dblclick on ' + (target.id || (target === panel ? 'panel' : '?')));
  report();
});
</script>""",
)


#: A time field that selects its hours when a click focuses it (as Element Plus's does); the title holds the field's
#: selection when the double click ends.
SELECTS_ON_CLICK = page(
    "[]",
    """<h1>Time</h1>
<p><label>Start <input id="start" value="08:00:00" style="width: 200px"></label></p>
<script>
const start = document.getElementById('start');
start.addEventListener('click', (event) => { if (event.detail === 1) start.setSelectionRange(0, 2); });
start.addEventListener('dblclick', () => {
  document.title = JSON.stringify([start.selectionStart, start.selectionEnd]);
});
</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    served = {
        "/words": WORDS,
        "/overlay": OVERLAY,
        "/deferred-overlay": DEFERRED_OVERLAY,
        "/sliding-panel": SLIDING_PANEL,
        "/sliding-shadow-panel": SLIDING_SHADOW_PANEL,
        "/selects-on-click": SELECTS_ON_CLICK,
        "/inert-under-popup": INERT_UNDER_POPUP,
        "/empty-boxes": EMPTY_BOXES,
        "/letting-through": LETTING_THROUGH,
        "/slotted": SLOTTED,
    }
    with serve_action_pages(served) as server:
        yield server


@pytest.mark.parametrize(
    "start",
    ['textbox "Phrase"', 'textbox "Said"', 'textbox "Shadow phrase"'],
    ids=["input", "contenteditable", "input-in-a-shadow-root"],  # Shoelace's sl-input holds its input so
)
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


@pytest.mark.parametrize("panel", ["/sliding-panel", "/sliding-shadow-panel"])
def test_a_double_clicks_second_press_waits_until_what_its_first_click_opened_keeps_still(
    agent: LaneAgent, panel: str
) -> None:
    """A person's second press comes a tenth of a second or more after the first click, when what the click opened
    has moved into place: Flatpickr's calendar slides down over its field for two frames, and the lanes' second
    press, a frame and a task turn after the click, went to the calendar in some runs (the focus ended on it) where
    real input's went to the field. The second press now waits, at most 300 ms, until what lies at the point runs no
    animation that moves it: here the panel has slid off the button by then, and the button takes both presses.
    Ionic's modal slides in a shadow root, whose animations the wait did not see: the second press went to the
    modal's month button, where real input's, later, went to the calendar's weekdays."""
    agent.open(panel)
    agent.ok("browser_click", ref=ref_of(agent, 'button "Open the panel"'), double=True)
    heard = wait_until(lambda: (lambda now: now if len(now) == 3 else None)(reported(agent)), 5, "the presses")
    assert heard == ["button 1", "button 2", "dblclick on open"]


def test_a_double_click_on_base_webs_menu_button_leaves_the_focus_on_the_button(agent: LaneAgent) -> None:
    """A person's second press comes a tenth of a second after the first at the soonest. The first click opens Base
    Web's menu (tests/widgets/corpus/baseui.html), which takes the focus into its list; real input's second press
    closes it with the focus on the button. The extension lane's came two frames after the click, as the menu's focus
    lock was still settling: the lock took the focus back into the closing list, and it ended on the body."""
    agent.open("/widgets/corpus/baseui.html")
    wait_until(lambda: agent.evaluated("window.__ready === true") or None, 20, "the Base Web page")
    agent.ok("browser_click", ref=ref_of(agent, 'button "Actions"'), double=True)
    wait_until(lambda: agent.evaluated("!document.querySelector('[role=listbox]')") or None, 5, "the menu to close")
    assert agent.evaluated("document.activeElement.textContent") == "Actions"


def test_a_double_clicks_second_press_leaves_what_the_page_selected_after_the_first_click(agent: LaneAgent) -> None:
    """Chromium's double click selects a word only where nothing is selected: a range the page selected after the
    first click (Element Plus's time field selects its hours) stays, under real input. The extension lane selected
    the word at the press ("00", the seconds)."""
    agent.open("/selects-on-click")
    agent.ok("browser_click", ref=ref_of(agent, 'textbox "Start"'), double=True)
    assert wait_until(lambda: (lambda now: now or None)(reported(agent)), 5, "the dblclick") == [0, 2]


def test_a_double_clicks_second_press_selects_no_word_in_what_its_first_press_made_inert(agent: LaneAgent) -> None:
    """Measured with real input (React Aria's select and menu): the page under the popup the first press opened is
    inert, so the second press places no caret in the button's text and selects no word there; the extension
    lane selected the button's word "an"."""
    agent.open("/inert-under-popup")
    agent.ok("browser_click", ref=ref_of(agent, 'button "Select an item"'), double=True)
    assert wait_until(lambda: (lambda now: now or None)(reported(agent)), 5, "the dblclick") == [""]


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


def test_a_press_on_text_ends_a_selection_and_a_press_on_a_button_keeps_it(agent: LaneAgent) -> None:
    agent.open("/words")
    agent.ok("browser_click", ref=ref_of(agent, 'textbox "Said"'), double=True)
    assert reported(agent)["selected"] == "supercalifragilistic"
    agent.ok("browser_click", ref=ref_of(agent, 'button "Keep"'))
    assert reported(agent)["selected"] == "supercalifragilistic"
    agent.ok("browser_click", ref=ref_of(agent, "listitem"))  # the caret goes to the text pressed
    state = reported(agent)
    assert (state["selected"], state["focus"][0]) == ("", "Words to click in")


def test_a_double_clicks_second_press_that_falls_through_to_the_body_selects_the_word_there(agent: LaneAgent) -> None:
    """Measured with real input: a double click on a <button> selects nothing of its label, but once the first click
    turned the pointer off around the button, the second press falls through to the body, and the body's press
    selects the word of the label under the point."""
    agent.open("/letting-through")
    agent.ok("browser_click", ref=ref_of(agent, 'button "Select an item"'), double=True)
    assert reported(agent) == {"on": "body", "selected": "an"}


@pytest.mark.parametrize(
    ("start", "expected"),
    [
        ('button "Save"', {"focused": "button", "selection": "None"}),
        ('tab "Profile"', {"focused": "slot-tab", "selection": "None"}),
    ],
    ids=["button", "unselectable-tab"],
)
def test_a_double_click_on_text_a_host_slots_in_acts_as_on_the_box_that_shows_it(
    agent: LaneAgent, start: str, expected: dict[str, str]
) -> None:
    """Measured with real input: the second press of a double click on a button's label that its host slots in goes
    through the button, which keeps the focus (on the extension lane it went to the body: Shoelace's and Ionic's
    buttons); text slotted into a box with user-select: none takes that style along the flat tree and is not
    selected."""
    agent.open("/slotted")
    agent.ok("browser_click", ref=ref_of(agent, start), double=True)
    assert reported(agent) == expected
