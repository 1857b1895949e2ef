"""Issue 11, item 2: typing lands exactly, or it is an error, on both lanes alike.

After ``browser_type`` the lane reads back what the element holds; if it differs from the text asked for,
the call fails with ``controller_error`` ``type_mismatch`` and says what is there. Each page keeps its title at
``JSON.stringify`` of what the field holds, read by the page itself. Typing into real editors:
test_actions_typing_editors.py.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import TYPING_PAGES, page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.test_actions_wait import ref_of
from tests.lanes.test_contract import line_of
from tests.support.pages import PageServer

pytestmark = pytest.mark.chromium


#: Fields whose page answers typing later than the input event: a formatter that rewrites the value in a task or
#: microtask of its own, and a counter that writes what was typed in a task, then again 10 ms later. Typing into a
#: plain field settles as soon as two task turns pass in which it caused nothing (engine/dom.js, settle's readBack):
#: these must still come back with what the page made of the typing, not the value the keys left.
DEFERRED = page(
    "Deferred",
    """<h1>Deferred</h1>
<label>Shout in a task <input id="timeout"></label>
<label>Shout in a message <input id="message"></label>
<label>Shout in a microtask <input id="microtask"></label>
<label>Count <input id="count"></label><p id="counted">Nothing counted</p>
<script>
const later = {
  timeout: (step) => setTimeout(step, 0),
  message: (step) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = step;
    channel.port2.postMessage(0);
  },
  microtask: (step) => queueMicrotask(step),
};
for (const [id, defer] of Object.entries(later)) {
  const field = document.getElementById(id);
  field.addEventListener('input', () => defer(() => { field.value = field.value.toUpperCase(); }));
}
const count = document.getElementById('count'), counted = document.getElementById('counted');
count.addEventListener('input', () => setTimeout(() => {
  counted.textContent = 'Counting';
  setTimeout(() => { counted.textContent = 'Counted ' + count.value.length; }, 10);
}, 0));
</script>""",
)


#: Password fields in disguise (issue 22): each is read back as a password on both lanes, its characters never
#: echoed; a field whose label only contains a secret word is an ordinary field.
DISGUISED = page(
    "Disguised",
    """<h1>Disguised</h1>
<label>Login word <input autocomplete="current-password"></label>
<label>Masked <input style="-webkit-text-security: disc"></label>
<label>Your PIN <input></label>
<label>Short code <input autocomplete="one-time-code" maxlength="3"></label>
<label>Spinach <input></label>
<script>
document.addEventListener('input', (event) => { document.title = JSON.stringify(event.target.value); });
</script>""",
)


#: Two fields in shadow trees inside one shadow host, as Bokeh draws a Panel app's text inputs, which commit their
#: values on change (typed into, then left); the title lists what the change events gave.
SHADOWED_CHANGE = page(
    "[]",
    """<h1>Shadowed</h1>
<form-box></form-box> <button>Next</button>
<script>
const changes = [];
customElements.define('text-input', class extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    const label = this.getAttribute('label');
    this.attachShadow({ mode: 'open' }).innerHTML = `<label>${label} <input></label>`;
    this.shadowRoot.querySelector('input').addEventListener('change', (event) => {
      changes.push(`${label}: ${event.target.value}`);
      document.title = JSON.stringify(changes);
    });
  }
});
customElements.define('form-box', class extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).innerHTML =
      '<text-input label="Customer name"></text-input> <text-input label="Notes"></text-input>';
  }
});
</script>""",
)


#: A read-only field whose page takes keys on it (Vuetify 2's select, in a Solara app, chooses the item whose name is
#: typed): browser_type is refused on both lanes, no key reaching the page; the cdp lane clicked and typed into it,
#: the page chose, and it answered type_mismatch. The page keeps the keys it got in its title.
#: A date field read-only until it is focused, as Ant Design Vue's pickers are (the framework renders the change a
#: microtask later): a person's click makes it writable before the first key.
WRITABLE_ONCE_PRESSED = page(
    '""',
    """<h1>Departure</h1>
<label>Departure <input id="departure" readonly placeholder="Select date"></label>
<script>
const departure = document.getElementById('departure');
departure.addEventListener('focus', () => queueMicrotask(() => { departure.readOnly = false; }));
departure.addEventListener('input', () => { document.title = JSON.stringify(departure.value); });
</script>""",
)

#: A date field whose calendar, opening on the field's focus, takes the focus to its day and then loses it to the
#: page's body, as PrimeReact 10's does (its known defect): a person's keys then go nowhere.
FOCUS_MOVED_OFF = page(
    '""',
    """<h1>Trip</h1>
<label>Return <input id="return"></label>
<table id="calendar" hidden><tr><td tabindex="0" id="day">14</td></tr></table>
<script>
const field = document.getElementById('return');
const day = document.getElementById('day');
field.addEventListener('focus', () => {
  document.getElementById('calendar').hidden = false;
  setTimeout(() => { day.focus(); setTimeout(() => day.blur()); });
});
field.addEventListener('input', () => { document.title = JSON.stringify(field.value); });
</script>""",
)

READ_ONLY = page(
    "[]",
    """<h1>Read-only</h1>
<label>Size <input id="size" readonly value=""></label>
<p><button class="v-btn">Eco box</button> <span role="link" tabindex="0">Terms</span></p>
<div role="grid" aria-label="Budgets"><div role="row"><div role="gridcell" tabindex="0">Oslo</div>
  <div role="gridcell" tabindex="-1">2500</div></div></div>
<script>
const keys = [];
document.addEventListener('keydown', (event) => {
  keys.push(event.key);
  document.title = JSON.stringify(keys);
});
</script>""",
)

#: A field whose label goes once it holds text (Vuetify's, in a Solara app): both lanes name it in their answer as
#: the agent chose it; the cdp lane did, the extension lane named it after its keys (unnamed).
LABEL_GOES = page(
    "Label",
    """<h1>Label</h1>
<span id="notes-label">Notes</span> <textarea id="notes" aria-labelledby="notes-label"></textarea>
<script>
const notes = document.getElementById('notes');
notes.addEventListener('input', () => {
  document.getElementById('notes-label').textContent = notes.value ? '' : 'Notes';
});
</script>""",
)


#: A text area whose page takes Enter for itself and cancels it (Taipy's, where Enter is the field's action): a
#: person's Enter puts no line break in. The cdp lane inserted the text in one piece, line break and all.
ENTER_TAKEN = page(
    "Enter",
    """<h1>Enter</h1>
<label>Notes <textarea id="notes"></textarea></label>
<script>
const notes = document.getElementById('notes');
notes.addEventListener('keydown', (event) => { if (event.key === 'Enter' && !event.shiftKey) event.preventDefault(); });
notes.addEventListener('input', () => { document.title = JSON.stringify(notes.value); });
</script>""",
)


#: Fields that complete what is typed in place, as UI5's combobox does: after each key the field holds the first
#: country that starts with the text, the rest of its name chosen (the next key replaces it). Both lanes answered
#: type_mismatch for "Spa" (it holds "Spain"), where a person sees their text go in. The other field puts the same
#: completion in without choosing it, so the next keys go after it: a value the page made, still a mismatch, and the
#: same on both lanes as a person's keys leave it only if each character is a key.
COMPLETING = page(
    "Completing",
    """<h1>Completing</h1>
<label>Country <input id="country"></label>
<label>Forced <input id="forced"></label>
<script>
const countries = ['France', 'Portugal', 'Spain'];
for (const id of ['country', 'forced']) {
  const field = document.getElementById(id);
  field.addEventListener('input', (event) => {
    if (event.inputType !== 'insertText') return;
    const typed = field.value;
    const match = countries.find((name) => name.toLowerCase().startsWith(typed.toLowerCase()));
    if (!match || match.length === typed.length) return;
    field.value = match;
    if (id === 'country') field.setSelectionRange(typed.length, match.length);
    document.title = JSON.stringify(field.value);
  });
}
</script>""",
)


#: Sliders the page draws (a thumb with role slider, as marimo's Radix slider is), each moved by its own keys: Count
#: (1 to 10) by the arrows, Home and End, as Radix's; Size (0 to 10, steps of 2) by the arrows only; Stuck by none.
#: Both lanes refused a number with not_typable, and browser_fill_form stopped at them. And a toggle button (Gift,
#: aria-pressed, as Mesop's): browser_fill_form refused it with "does not take text". The page keeps the values its
#: keys and clicks gave in its title.
DRAWN_SLIDER = page(
    "Slider",
    """<h1>Slider</h1>
<div id="sliders"></div>
<script>
const values = {};
function slider(name, min, max, step, keys) {
  const row = document.createElement('p');
  row.innerHTML = `<span id="${name}-label">${name}</span>
    <span style="display: inline-block; position: relative; width: 220px; height: 8px; background: #ddd">
    <span role="slider" tabindex="0" aria-labelledby="${name}-label" aria-valuemin="${min}" aria-valuemax="${max}"
      aria-valuenow="${min}" style="position: absolute; left: 0; top: -4px; width: 16px; height: 16px;
      background: blue"></span></span>`;
  document.getElementById('sliders').append(row);
  const thumb = row.querySelector('[role=slider]');
  values[name] = min;
  thumb.addEventListener('keydown', (event) => {
    const moves = { ArrowRight: (v) => v + step, ArrowLeft: (v) => v - step, Home: () => min, End: () => max };
    if (!keys.includes(event.key)) return;
    event.preventDefault();
    const value = Math.max(min, Math.min(max, moves[event.key](values[name])));
    values[name] = value;
    thumb.setAttribute('aria-valuenow', value);
    thumb.style.left = (value - min) / (max - min) * 200 + 'px';
    document.title = JSON.stringify(values);
  });
}
slider('Count', 1, 10, 1, ['ArrowRight', 'ArrowLeft', 'Home', 'End']);
slider('Size', 0, 10, 2, ['ArrowRight', 'ArrowLeft']);
slider('Stuck', 0, 10, 1, []);
const gift = document.createElement('button');
gift.textContent = 'Gift';
gift.setAttribute('aria-pressed', 'false');
values.Gift = false;
gift.addEventListener('click', () => {
  values.Gift = !values.Gift;
  gift.setAttribute('aria-pressed', String(values.Gift));
  document.title = JSON.stringify(values);
});
document.getElementById('sliders').append(gift);
document.title = JSON.stringify(values);
</script>""",
)


#: A field whose page takes its value from change alone (UI5's date picker): Enter commits it, as Chromium fires
#: change for its own Enter. The extension lane's Enter did not, and the date typed never reached the picker.
COMMITS_ON_CHANGE = page(
    "Commits",
    """<h1>Commits</h1>
<label>Start date <input id="day"></label>
<script>
const day = document.getElementById('day'), committed = [];
day.addEventListener('change', () => {
  committed.push(day.value);
  document.title = JSON.stringify(committed.join('|'));
});
</script>""",
)


#: A field whose pattern shows as its value once it has the focus, set in a microtask (as React renders what a focus
#: handler set: rsuite's date field), where a press puts the caret at the segment pressed.
PATTERN_ON_FOCUS = page(
    "{}",
    """<h1>Code</h1>
<label>Code <input id="code" placeholder="__-__"
  style="font: 20px monospace; width: 5ch; padding: 0; border: 0"></label>
<script>
const code = document.getElementById('code');
code.addEventListener('focus', () => Promise.resolve().then(() => { code.value = '__-__'; }));
code.addEventListener('mouseup', () => requestAnimationFrame(() => {
  document.title = JSON.stringify({ value: code.value, caret: code.selectionStart });
}));
</script>""",
)


#: A field that takes its keys itself (rsuite's date field does): it cancels a letter's keydown, writes the letter at
#: the caret, keeps the caret there, and moves it past the letter in the next frame, where the next key reads it.
KEYS_BY_FRAME = page(
    "{}",
    """<h1>Word</h1>
<label>Word <input id="word"></label>
<script>
const word = document.getElementById('word');
word.addEventListener('keydown', (event) => {
  if (!/^[a-z]$/.test(event.key) || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  const at = word.selectionStart;
  word.value = word.value.slice(0, at) + event.key + word.value.slice(word.selectionEnd);
  word.setSelectionRange(at, at);
  requestAnimationFrame(() => word.setSelectionRange(at + 1, at + 1));
  document.title = JSON.stringify(word.value);
});
</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    served = {
        **TYPING_PAGES,
        "/deferred": DEFERRED,
        "/disguised": DISGUISED,
        "/shadowed-change": SHADOWED_CHANGE,
        "/read-only": READ_ONLY,
        "/writable-once-pressed": WRITABLE_ONCE_PRESSED,
        "/focus-moved-off": FOCUS_MOVED_OFF,
        "/label-goes": LABEL_GOES,
        "/enter-taken": ENTER_TAKEN,
        "/completing": COMPLETING,
        "/drawn-slider": DRAWN_SLIDER,
        "/commits": COMMITS_ON_CHANGE,
        "/pattern-on-focus": PATTERN_ON_FOCUS,
        "/keys-by-frame": KEYS_BY_FRAME,
    }
    with serve_action_pages(served) as server:
        yield server


def held(agent: LaneAgent) -> str:
    """What the page's field holds, as the page reads it (it keeps it in its title)."""
    return str(json.loads(agent.ok("browser_snapshot")["title"]))


def field(agent: LaneAgent, path: str, start: str) -> str:
    agent.open(path)
    return ref_of(agent.ok("browser_snapshot", full=True)["snapshot"], start)


@pytest.mark.parametrize(
    ("start", "text"),
    [
        ('textbox "Plain"', "hello world"),
        ('textbox "Notes"', "line one\nline two"),
        ('textbox "Rich"', "Some rich text"),
    ],
)
def test_plain_fields_hold_exactly_what_was_typed(agent: LaneAgent, start: str, text: str) -> None:
    ref = field(agent, "/fields", start)
    typed = agent.ok("browser_type", ref=ref, text=text)
    assert typed["value"] == text
    assert held(agent) == text
    again = agent.ok("browser_type", ref=ref, text="replaced")  # typing replaces what was there
    assert again["value"] == "replaced" and held(agent) == "replaced"


def test_a_react_style_controlled_input_takes_the_text_into_its_state(agent: LaneAgent) -> None:
    ref = field(agent, "/fields", 'textbox "Controlled"')
    assert agent.ok("browser_type", ref=ref, text="Grace")["value"] == "Grace"
    assert line_of(agent.snapshot(), "- paragraph: ") == "- paragraph: Controlled state: Grace"


def test_a_field_that_keeps_less_than_was_typed_is_a_type_mismatch(agent: LaneAgent) -> None:
    ref = field(agent, "/fields", 'textbox "Short"')
    code, message = agent.error("browser_type", ref=ref, text="abcdefgh")
    assert code == "controller_error"
    assert message.startswith("type_mismatch: ") and '"abcde"' in message, message


@pytest.mark.parametrize("how", ["a task", "a message", "a microtask"])
def test_a_value_the_page_rewrites_after_the_input_event_is_read_back(agent: LaneAgent, how: str) -> None:
    ref = field(agent, "/deferred", f'textbox "Shout in {how}"')
    code, message = agent.error("browser_type", ref=ref, text="quiet")
    assert code == "controller_error"
    assert message.startswith("type_mismatch: ") and '"QUIET"' in message, message


def test_typing_returns_once_what_the_page_deferred_has_changed_the_page(agent: LaneAgent) -> None:
    ref = field(agent, "/deferred", 'textbox "Count"')
    assert agent.ok("browser_type", ref=ref, text="owls")["value"] == "owls"
    # the first change came in a task after the typing, the last 10 ms later: within the quiet period it restarted
    assert line_of(agent.snapshot(), "- paragraph: ") == "- paragraph: Counted 4"


def test_a_multiple_select_takes_one_label_per_line(agent: LaneAgent) -> None:
    ref = field(agent, "/fields", 'listbox "Toppings"')
    typed = agent.ok("browser_type", ref=ref, text="Ham\nOlives")
    assert typed["value"] == ["Olives", "Ham"]  # the chosen labels, in the page's order
    assert held(agent) == "Olives\nHam"
    snapshot = agent.snapshot()
    assert line_of(snapshot, '- option "Olives"').startswith('- option "Olives" [selected]')
    assert line_of(snapshot, '- option "Ham"').startswith('- option "Ham" [selected]')
    assert "[selected]" not in line_of(snapshot, '- option "Cheese"')


@pytest.mark.parametrize("name", ["Login word", "Masked", "Your PIN"])
def test_a_password_in_disguise_reads_back_as_a_password_on_both_lanes(agent: LaneAgent, name: str) -> None:
    typed = agent.ok("browser_type", ref=field(agent, "/disguised", f'textbox "{name}"'), text="s3cret-42")
    assert typed.get("password") is True and "value" not in typed and "s3cret" not in str(typed), typed
    assert held(agent) == "s3cret-42"
    ordinary = agent.ok("browser_type", ref=field(agent, "/disguised", 'textbox "Spinach"'), text="green")
    assert ordinary["value"] == "green" and "password" not in ordinary


def test_a_mismatch_in_a_password_in_disguise_counts_characters_only(agent: LaneAgent) -> None:
    code, message = agent.error("browser_type", ref=field(agent, "/disguised", 'textbox "Short code"'), text="98765")
    assert code == "controller_error"
    assert message.startswith("type_mismatch: ") and "holds 3 characters, not the 5 typed" in message, message
    assert "987" not in message


def test_fields_in_shadow_trees_fire_change_when_left_after_typing(agent: LaneAgent) -> None:
    """Found by a trial on a Panel app: its text inputs (Bokeh's, in shadow trees inside one host) take their value
    on change, which the browser fires when the focus leaves a field typed into. The extension lane's engine fires it
    where the browser does not (a window without the system focus, a value set by a script); it watched for the blur
    at the window, which a focus moving between two fields of one host never reaches, and fired nothing."""
    name = field(agent, "/shadowed-change", 'textbox "Customer name"')
    agent.ok("browser_type", ref=name, text="Ada Lovelace")
    snapshot = agent.ok("browser_snapshot")["snapshot"]
    agent.ok("browser_type", ref=ref_of(snapshot, 'textbox "Notes"'), text="Ring twice")
    assert json.loads(agent.ok("browser_snapshot")["title"]) == ["Customer name: Ada Lovelace"]
    agent.ok("browser_click", ref=ref_of(snapshot, 'button "Next"'))
    assert json.loads(agent.ok("browser_snapshot")["title"]) == ["Customer name: Ada Lovelace", "Notes: Ring twice"]


def test_fields_in_shadow_trees_fire_change_when_left_after_keys(agent: LaneAgent) -> None:
    """Found by a second trial on a Panel app, keys only: a field reached by Tab from another of the same shadow tree,
    given keys and left by Tab, told the app nothing on the extension lane (its focus never reached the window, and
    only typing watched the field); real keys and the cdp lane told it each field."""
    agent.ok("browser_click", ref=field(agent, "/shadowed-change", 'textbox "Customer name"'))
    for key in ("A", "d", "a", "Tab", "H", "i", "Tab"):
        agent.ok("browser_press", key=key)
    assert json.loads(agent.ok("browser_snapshot")["title"]) == ["Customer name: Ada", "Notes: Hi"]


def test_a_read_only_field_is_refused_on_both_lanes_and_no_key_reaches_it(agent: LaneAgent) -> None:
    size = field(agent, "/read-only", 'textbox "Size" [readonly]')
    assert agent.error("browser_type", ref=size, text="Medium") == (
        "controller_error",
        f"readonly: Element {size} is read-only: nothing was typed. If the click opened a picker (a calendar, a "
        "list), choose there; keys a page takes on it go by press.",
    )
    assert json.loads(agent.ok("browser_snapshot")["title"]) == []


def test_a_field_the_page_makes_writable_once_pressed_is_typed_into(agent: LaneAgent) -> None:
    """Ant Design Vue's date and time pickers (the corpus, 41 cases a lane) are read-only until focused or pressed:
    both lanes refused them before the click a person makes, whose keys then go in."""
    departure = field(agent, "/writable-once-pressed", 'textbox "Departure" [readonly]')
    assert agent.ok("browser_type", ref=departure, text="2014-05-14")["value"] == "2014-05-14"
    assert json.loads(agent.ok("browser_snapshot")["title"]) == "2014-05-14"


def test_keys_follow_the_focus_the_page_moved_off_the_field_clicked(agent: LaneAgent) -> None:
    """PrimeReact's calendar (the corpus, 22 cases on the extension lane): the click focuses the field, and the page
    moves the focus to a day and on to its body as the calendar opens. Real keys (the cdp lane's) go there, and the
    field stays empty; the extension lane put the focus back and typed into the field."""
    field_ref = field(agent, "/focus-moved-off", 'textbox "Return"')
    code, message = agent.error("browser_type", ref=field_ref, text="2014-05-14")
    assert (code, message.split(":")[0]) == ("controller_error", "type_mismatch"), message
    assert agent.evaluated("document.getElementById('return').value") == ""
    # typing's Control+A went to the body too, where it selects the page's text, as a person's does
    assert "Trip" in agent.evaluated("String(getSelection())")


def test_typing_into_what_a_person_presses_says_to_click_it(agent: LaneAgent) -> None:
    """Vuetify's toggle buttons (Solara's) show no pressed state; browser_fill_form "true" on one answered "type
    into a textbox", which pointed the agent the wrong way; so did browser_type on a grid's cell."""
    agent.open("/read-only")
    snapshot = agent.ok("browser_snapshot", full=True)["snapshot"]
    for role, name in (("button", "Eco box"), ("link", "Terms")):
        ref = ref_of(snapshot, f'{role} "{name}"')
        _, message = agent.error("browser_fill_form", fields=[{"ref": ref, "value": "true"}])
        assert message.startswith(
            f"not_typable: field 1 of 1 ({ref}) was not set: Element {ref} does not take text; "
        ), message
        assert f"; it is a {role}: click it." in message, message
    # a grid's cell (Gradio's Dataframe, tried as a user would) shows its editor once double-clicked
    cell = ref_of(snapshot, 'gridcell "2500"')
    assert agent.error("browser_type", ref=cell, text="3000")[1] == (
        f"not_typable: Element {cell} does not take text; it is a gridcell of a grid: double-click it (or select it "
        "and press Enter) for its editor, then type into the field that shows."
    )
    assert json.loads(agent.ok("browser_snapshot")["title"]) == []


def test_the_answer_names_the_field_as_the_agent_chose_it_though_its_label_goes_as_it_fills(agent: LaneAgent) -> None:
    notes = field(agent, "/label-goes", 'textbox "Notes"')
    typed = agent.ok("browser_type", ref=notes, text="Ring twice")
    assert (typed["name"], typed["value"]) == ("Notes", "Ring twice"), typed
    unnamed = re.fullmatch(rf"- textbox (\[[^\]]*\] )*{notes}: Ring twice", line_of(agent.snapshot(), "- textbox"))
    assert unnamed, agent.snapshot()  # as in Chromium's tree: the label is gone


def test_a_line_break_is_the_enter_key_which_a_page_that_takes_it_keeps_out_as_a_persons_enter(
    agent: LaneAgent,
) -> None:
    notes = field(agent, "/enter-taken", 'textbox "Notes"')
    code, message = agent.error("browser_type", ref=notes, text="Leave at door\nsecond line")
    assert (code, message.split(" (")[0]) == (
        "controller_error",
        f'type_mismatch: Typing into {notes} did not land exactly: it holds "Leave at doorsecond line", '
        'not "Leave at door\u23cesecond line"',
    )
    assert held(agent) == "Leave at doorsecond line"


def test_a_field_that_completes_the_text_in_place_took_it_and_says_what_it_holds(agent: LaneAgent) -> None:
    country = field(agent, "/completing", 'textbox "Country"')
    assert agent.ok("browser_type", ref=country, text="spa")["value"] == "Spain"
    assert held(agent) == "Spain"
    forced = ref_of(agent.ok("browser_snapshot", full=True)["snapshot"], 'textbox "Forced"')
    code, message = agent.error("browser_type", ref=forced, text="Spa")
    # a key a character, as a person types: "S" became "Spain", and "p" and "a" went after it (the cdp lane's one
    # insertion of "Sp" left "Spaina")
    assert code == "controller_error" and message.startswith(
        f'type_mismatch: Typing into {forced} did not land exactly: it holds "Spainpa"'
    ), message


def sliders(agent: LaneAgent) -> dict[str, str]:
    """Each drawn slider's ref, by its name."""
    snapshot = agent.ok("browser_snapshot", full=True)["snapshot"]
    return dict(re.findall(r'- slider "(\w+)" (@e\d+)', snapshot))


def slider_values(agent: LaneAgent) -> dict[str, int | bool]:
    """What the page's sliders hold, as its keys left them, and its toggle (the page keeps them in its title)."""
    values: dict[str, int | bool] = json.loads(agent.ok("browser_snapshot")["title"])
    return values


def test_a_drawn_slider_takes_a_number_moved_to_by_its_keys(agent: LaneAgent) -> None:
    agent.open("/drawn-slider")
    ref = sliders(agent)
    assert agent.ok("browser_type", ref=ref["Count"], text="4")["value"] == "4"
    assert agent.ok("browser_type", ref=ref["Count"], text="10")["value"] == "10"  # End, as a person goes there
    assert agent.ok("browser_type", ref=ref["Count"], text="2")["value"] == "2"
    # Home and End do nothing to Size: its arrows take it there, a step of 2 at a time
    assert agent.ok("browser_type", ref=ref["Size"], text="10")["value"] == "10"
    assert slider_values(agent) == {"Count": 2, "Size": 10, "Stuck": 0, "Gift": False}


def test_a_drawn_slider_that_cannot_hold_the_number_says_what_it_holds(agent: LaneAgent) -> None:
    agent.open("/drawn-slider")
    ref = sliders(agent)
    assert agent.error("browser_type", ref=ref["Size"], text="3") == (
        "controller_error",
        f"type_mismatch: Element {ref['Size']} cannot hold 3: ArrowRight moved it from 2 to 4, where it is left.",
    )
    assert agent.error("browser_type", ref=ref["Stuck"], text="5") == (
        "controller_error",
        f"type_mismatch: Element {ref['Stuck']} did not move on ArrowRight: it holds 0, not 5; move it with "
        "browser_press, as a person does.",
    )
    for text in ("11", "many", ""):  # nothing pressed for a number it has not, nor for no number
        assert agent.error("browser_type", ref=ref["Count"], text=text) == (
            "controller_error",
            f"invalid_value: Element {ref['Count']} is a slider from 1 to 10: give a number in that range, not "
            f"{json.dumps(text)}.",
        )
    assert slider_values(agent) == {"Count": 1, "Size": 4, "Stuck": 0, "Gift": False}


def test_a_form_with_drawn_sliders_and_a_toggle_button_is_filled_in_one_call(agent: LaneAgent) -> None:
    agent.open("/drawn-slider")
    ref = sliders(agent)
    gift = ref_of(agent.snapshot(), 'button "Gift"')
    fields = [{"ref": ref["Count"], "value": "7"}, {"ref": ref["Size"], "value": "6"}, {"ref": gift, "value": "true"}]
    filled = agent.ok("browser_fill_form", fields=fields)
    assert filled["filled"] == 3 and "adjusted" not in filled
    assert slider_values(agent) == {"Count": 7, "Size": 6, "Stuck": 0, "Gift": True}
    agent.ok("browser_fill_form", fields=[{"ref": gift, "value": "true"}])  # pressed already: not clicked again
    assert slider_values(agent)["Gift"] is True


def test_enter_in_a_field_commits_its_value_with_change_once_as_chromium_does(agent: LaneAgent) -> None:
    day = field(agent, "/commits", 'textbox "Start date"')
    agent.ok("browser_type", ref=day, text="Mar 14, 2026")
    agent.ok("browser_press", key="Enter")
    assert held(agent) == "Mar 14, 2026"
    agent.ok("browser_press", key="Enter")  # nothing new to commit
    agent.ok("browser_type", ref=day, text="Mar 15, 2026")
    agent.ok("browser_press", key="Enter")
    assert held(agent) == "Mar 14, 2026|Mar 15, 2026"


def test_a_press_places_the_caret_once_the_focus_has_rendered_the_fields_text(agent: LaneAgent) -> None:
    """Real input's press puts the caret where it lands once the page's microtasks of the focus have run (its
    pattern shows then): at the middle of "__-__", offset 2 or 3. The extension lane placed it in the empty field
    first, and it ended at the pattern's end (5)."""
    ref = field(agent, "/pattern-on-focus", 'textbox "Code"')
    agent.ok("browser_click", ref=ref)
    clicked = json.loads(agent.ok("browser_snapshot")["title"])
    assert clicked["value"] == "__-__" and clicked["caret"] in (2, 3), clicked


def test_keys_a_page_takes_itself_come_a_frame_apart_as_a_persons_do(agent: LaneAgent) -> None:
    """The page writes each letter itself and moves the caret past it in its next frame: a person's next key comes
    after that, and so does each lane's once the page takes its keys (sent back to back, or in turns of the event
    loop, each letter went in before the one typed before it: "dcba")."""
    ref = field(agent, "/keys-by-frame", 'textbox "Word"')
    assert agent.ok("browser_type", ref=ref, text="abcd")["value"] == "abcd"
    assert held(agent) == "abcd"
