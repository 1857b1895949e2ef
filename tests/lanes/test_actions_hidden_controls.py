"""Issue 30: controls a page hides and draws itself, clicked by ref on both lanes, as a person's press works them.

* Base Web (the corpus page, tests/widgets/corpus/baseui.html) draws a radio, a checkbox and a switch inside each
  one's <label> and hides the <input> at the label's corner, 0 by 0; drawn as Streamlit draws them (a rounded
  label), a press at the input's own box fell through the rounded corner: refused on the cdp lane in Streamlit, and
  on this page pressed on the group around it, which took it as nothing. A person presses the label.
* Shiny's file input (its markup, from the ``shiny`` package's input_file) is moved off the page inside its
  "Browse..." label: a click answered not_visible; pressing the label opens the chooser, and the answer says so.
* Gradio's dropdown chooses an option as the press goes down, and its list closes at once: Svelte makes the
  closing list inert while it fades out, so the release lands on the page behind it. The cdp lane's guard took
  that release for one over something that slid over the option, answered that nothing was pressed, aimed again
  at an option no longer there, and answered not_visible (or stale_ref) for a choice that was made.

Each is judged by the page's own model (``window.__state``, kept from the widget's onChange or the input's change
event), read by the harness, never from the tool's answer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.support.pages import PageServer
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

#: How long a page may take to bring its widgets up (React renders, fonts load).
UP_TIMEOUT_S = 20

#: Shiny's file input as shiny.ui.input_file writes it (shiny 1.8, with Bootstrap 5's styles): the input, moved far
#: off the page, inside the "Browse..." button's label; a change listener stands in for Shiny's upload binding.
SHINY_FILE_INPUT = page(
    "Shiny upload",
    """<link rel="stylesheet" href="/widgets/node_modules/bootstrap/dist/css/bootstrap.min.css">
<style>.btn-file { border-top-right-radius: 0 !important; border-bottom-right-radius: 0 !important; }</style>
<main style="padding: 16px">
<div class="form-group shiny-input-container" style="width: 300px;">
  <label class="control-label" id="report-label" for="report">Monthly report</label>
  <div class="input-group">
    <label class="input-group-btn input-group-prepend">
      <span class="btn btn-default btn-file">Browse...
        <input id="report" name="report" type="file" class="shiny-input-file"
          style="position: absolute !important; top: -99999px !important; left: -99999px !important;">
      </span>
    </label>
    <input type="text" class="form-control" placeholder="No file selected" readonly="readonly">
  </div>
</div>
</main>
<script>
window.__state = { report: [] };
const report = document.getElementById('report');
report.addEventListener('change', () => {
  window.__state.report = Array.from(report.files, (file) => file.name);
  document.querySelector('.input-group .form-control').value = window.__state.report.join(', ');
});
</script>""",
)


#: Gradio's Dropdown (gradio 6, js/dropdown/shared/Dropdown.svelte and DropdownOptions.svelte) as it behaves: its
#: combobox input opens the options on focus, in a fixed box that flies in; a mousedown on the list chooses the
#: option under it (the default prevented, so the input keeps the focus) and blurs the input, which closes the
#: list: Svelte makes the box inert at once and removes it once it has faded out (200 ms).
GRADIO_DROPDOWN = page(
    "Gradio dropdown",
    """<style>
body { font-family: sans-serif; margin: 0; }
main { padding: 16px; }
.wrap { position: relative; border: 1px solid #ccc; border-radius: 6px; width: 360px; }
.wrap input { border: none; outline: none; width: 100%; padding: 8px; box-sizing: border-box; }
.options { position: fixed; z-index: 2147480000; overflow: hidden; display: flex; background: white;
  box-shadow: 0 4px 12px rgba(0, 0, 0, 0.2); border-radius: 6px; }
.option-list { list-style: none; margin: 0; padding: 0; overflow: auto; max-height: 180px; width: 360px; }
.item { display: flex; cursor: pointer; padding: 8px; }
.item:hover, .item.active { background: #eee; }
.hide { visibility: hidden; }
</style>
<main>
<span id="city-label">City</span>
<div class="wrap"><input id="city" role="combobox" aria-label="City" aria-expanded="false" aria-controls="city-options"
  aria-autocomplete="list" autocomplete="off"></div>
<p>Chosen: <output id="chosen"></output></p>
</main>
<script>
const CHOICES = ['Lisbon', 'Porto', 'Faro', 'Braga', 'Coimbra', 'Aveiro', 'Evora', 'Setubal', 'Viseu', 'Leiria'];
window.__state = { city: null };
const input = document.getElementById('city');
let box = null;
function open() {
  if (box) return;
  const wrap = input.parentElement.getBoundingClientRect();
  box = document.createElement('div');
  box.className = 'options';
  box.style.top = wrap.bottom + 'px';
  box.style.left = wrap.left + 'px';
  const list = document.createElement('ul');
  list.className = 'option-list';
  list.id = 'city-options';
  list.setAttribute('role', 'listbox');
  CHOICES.forEach((choice, index) => {
    const item = document.createElement('li');
    const chosen = window.__state.city === choice;
    item.className = 'item' + (chosen ? ' selected active' : '');
    item.dataset.index = index;
    item.setAttribute('role', 'option');
    item.setAttribute('aria-label', choice);
    item.setAttribute('aria-selected', String(chosen));
    item.innerHTML = '<span class="inner-item' + (chosen ? '' : ' hide') + '">✓</span> ';
    item.append(choice);
    list.append(item);
  });
  // Gradio's on:mousedown|preventDefault on the list: the option under the press is chosen.
  list.addEventListener('mousedown', (event) => {
    event.preventDefault();
    const item = event.target.closest('li');
    if (!item) return;
    window.__state.city = CHOICES[Number(item.dataset.index)];
    input.value = window.__state.city;
    document.getElementById('chosen').textContent = window.__state.city;
    input.blur();
  });
  box.append(list);
  document.body.append(box);
  const selected = list.querySelector('.selected');
  if (selected) list.scrollTo(0, selected.offsetTop);
  box.animate([{ opacity: 0, transform: 'translateY(5px)' }, { opacity: 1, transform: 'none' }], 200);
  input.setAttribute('aria-expanded', 'true');
}
function close() {
  if (!box) return;
  const closing = box;
  box = null;
  closing.inert = true; // Svelte's outro: the leaving element takes no input
  const frames = [{ opacity: 1, transform: 'none' }, { opacity: 0, transform: 'translateY(5px)' }];
  closing.animate(frames, 200).finished.then(() => closing.remove());
  input.setAttribute('aria-expanded', 'false');
}
input.addEventListener('focus', open);
input.addEventListener('blur', close);
</script>""",
)


#: Vuetify 2's slider as Solara draws it (ipyvuetify 1.12): its role=slider is a thumb container of no size at the
#: value's place on the track, and the thumb a person sees and presses is its child, 12 px across; the keys move the
#: value, as Vuetify's keydown handler does. Both lanes answered not_visible for a click on it (Solara, both lanes).
VUETIFY2_SLIDER = page(
    "Count",
    """<style>
.v-slider { position: relative; margin: 40px; height: 32px; width: 300px; }
.v-slider__track-container { position: absolute; top: 50%; height: 2px; width: 100%; background: #ccc; }
.v-slider__thumb-container { position: absolute; top: 50%; }
.v-slider__thumb { position: absolute; width: 12px; height: 12px; left: -6px; top: -6px; border-radius: 50%;
  background: #1976d2; }
</style>
<div class="v-input__slot"><label for="input-57">Count</label><div class="v-slider">
<input value="1" id="input-57" readonly tabindex="-1" style="display: none">
<div class="v-slider__track-container"></div>
<div role="slider" tabindex="0" aria-label="Count" aria-valuemin="1" aria-valuemax="10" aria-valuenow="1"
 class="v-slider__thumb-container" style="left: 0%"><div class="v-slider__thumb"></div></div></div></div>
<script>
window.__state = { count: 1, focused: false };
const thumb = document.querySelector("[role=slider]");
thumb.addEventListener("focus", () => { window.__state.focused = true; });
thumb.addEventListener("keydown", (event) => {
  if (event.key !== "ArrowRight") return;
  const count = Math.min(10, window.__state.count + 1);
  window.__state.count = count;
  thumb.setAttribute("aria-valuenow", String(count));
  thumb.style.left = ((count - 1) / 9) * 100 + "%";
});
</script>""",
)

#: Two hidden checkboxes pressed through their labels: one whose label holds a link (a press on the link follows
#: it, and the checkbox gets nothing), and a CSS-only switch under an invisible advert, which must take no press.
HIDDEN_CHECKBOXES = page(
    "Hidden checkboxes",
    """<style>
.hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
.box { display: inline-block; width: 16px; height: 16px; border: 1px solid #333; border-radius: 3px; }
.track { display: inline-block; padding: 4px 8px 4px 40px; border-radius: 12px; background: #ccc; }
</style>
<p><label><input type="checkbox" id="terms" class="hidden"><span class="box"></span> I agree to the
  <a href="#terms-text" id="terms-link">terms</a> of the service</label></p>
<p id="alerts-row"><input type="checkbox" id="alerts" class="hidden">
  <label for="alerts" class="track">Email alerts</label></p>
<a id="advert" href="#prize" style="position: absolute; opacity: 0; z-index: 10">Claim your prize</a>
<script>
window.__state = { terms: false, alerts: false, followed: [] };
for (const id of ['terms', 'alerts']) {
  document.getElementById(id).addEventListener('change', (event) => { window.__state[id] = event.target.checked; });
}
document.addEventListener('click', (event) => {
  const link = event.target.closest && event.target.closest('a');
  if (link) window.__state.followed.push(link.id);
});
const row = document.getElementById('alerts-row').getBoundingClientRect();
Object.assign(document.getElementById('advert').style, {
  left: row.left + 'px', top: row.top + 'px', width: row.width + 'px', height: row.height + 'px',
});
</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    served = {
        "/shiny-upload": SHINY_FILE_INPUT,
        "/gradio-dropdown": GRADIO_DROPDOWN,
        "/hidden-checkboxes": HIDDEN_CHECKBOXES,
        "/vuetify2-slider": VUETIFY2_SLIDER,
    }
    with serve_action_pages(served) as server:
        yield server


def page_state(agent: LaneAgent) -> dict[str, Any]:
    """The page's model, once sure that no script of the page threw."""
    errors = agent.evaluated("JSON.stringify(window.__errors || [])")
    assert json.loads(errors) == [], errors
    state: dict[str, Any] = json.loads(agent.evaluated("JSON.stringify(window.__state)"))
    return state


def ref_in(snapshot: str, pattern: str) -> str:
    """The ref on the snapshot's one line that matches ``pattern`` (role and name, from the line's start)."""
    found = [line.strip() for line in snapshot.splitlines() if re.match("- " + pattern, line.strip())]
    assert len(found) == 1, f"{len(found)} lines match {pattern!r} in:\n{snapshot}"
    ref = re.search(r" (@e\d+)(:|$)", found[0])
    assert ref, found[0]
    return ref.group(1)


def find(agent: LaneAgent, pattern: str) -> str:
    return ref_in(str(agent.ok("browser_snapshot", full=True)["snapshot"]), pattern)


def open_corpus_page(agent: LaneAgent, name: str) -> None:
    agent.open(f"/widgets/corpus/{name}.html")
    wait_until(lambda: agent.evaluated("window.__ready === true") or None, UP_TIMEOUT_S, f"the {name} page")


# ----- Base Web ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("drawn", ["default", "Streamlit"])
def test_base_web_radio_checkbox_and_switch_are_pressed_on_their_labels(agent: LaneAgent, drawn: str) -> None:
    """Clicked by ref as the snapshot names them; each click changes the widget's model, and a second click on the
    checkbox and the switch changes it back."""
    open_corpus_page(agent, "baseui")
    if drawn == "default":
        radio, checkbox, switch = 'radio "Business"', 'checkbox "Send me the newsletter"', 'checkbox "Dark mode"'
        keys, chosen = ("plan", "newsletter", "darkMode"), "business"
    else:
        radio, checkbox, switch = 'radio "Team"', 'checkbox "I agree to the terms"', 'checkbox "Email alerts"'
        keys, chosen = ("streamlitPlan", "streamlitTerms", "streamlitAlerts"), "team"
    before = page_state(agent)
    agent.ok("browser_click", ref=find(agent, radio))
    assert page_state(agent)[keys[0]] == chosen
    for pattern, key in ((checkbox, keys[1]), (switch, keys[2])):
        ref = find(agent, pattern)
        agent.ok("browser_click", ref=ref)
        assert page_state(agent)[key] is True, pattern
        agent.ok("browser_click", ref=ref)
        assert page_state(agent)[key] is False, pattern
    after = page_state(agent)
    untouched = {key: value for key, value in after.items() if key not in keys}
    assert untouched == {key: value for key, value in before.items() if key not in keys}


@pytest.mark.parametrize(
    ("library", "radio", "mark", "key", "chosen"),
    [
        ("baseui", 'radio "Business"', "[id$=-mark]", "plan", "business"),
        ("carbon", 'radio "Express"', ".cds--radio-button__appearance", "delivery", "express"),
    ],
)
def test_a_drawn_radio_is_pressed_on_the_mark_drawn_for_it_not_on_its_labels_text(
    agent: LaneAgent, library: str, radio: str, mark: str, key: str, chosen: str
) -> None:
    """Base Web draws the radio's circle in its label (the input 0 by 0 at the label's edge), Carbon draws it in the
    label of an input 1 by 1 beside it: a person presses the circle. A press on the label's text works the radio
    too, but a double click there selects the radio's name, which a person's on the circle does not."""
    open_corpus_page(agent, library)
    agent.evaluated(
        "(window.__pressed = [], document.addEventListener('mousedown', (event) =>"
        f" window.__pressed.push(!!event.target.closest({json.dumps(mark)})), true), true)"
    )
    agent.ok("browser_click", ref=find(agent, radio), double=True)
    assert agent.evaluated("window.__pressed") == [True, True]
    assert agent.evaluated("getSelection().toString().trim()") == ""  # (Carbon's: a line break, as real input's)
    assert page_state(agent)[key] == chosen


def test_a_hidden_checkbox_is_pressed_on_its_label_away_from_its_link_and_never_through_an_overlay(
    agent: LaneAgent,
) -> None:
    agent.open("/hidden-checkboxes")
    agent.ok("browser_click", ref=find(agent, 'checkbox "I agree to the terms of the service"'))
    assert page_state(agent)["terms"] is True
    code, message = agent.error("browser_click", ref=find(agent, 'checkbox "Email alerts"'))
    assert code == "controller_error" and message.startswith("click_intercepted: "), message
    assert re.search(r'link "Claim your prize" \(a#advert, @e\d+, invisible: opacity 0\)', message), message
    assert page_state(agent) == {"terms": True, "alerts": False, "followed": []}


# ----- Shiny ---------------------------------------------------------------------------------------------------


@pytest.fixture
def uploads(agent: LaneAgent) -> Path:
    """The uploads folder of the server under test, where the user puts files for the agent."""
    folder: Path = agent.stack.server.config.home / "uploads"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "report.csv").write_text("month,total\n2026-11,4000\n")
    return folder


def test_shiny_file_input_is_pressed_on_its_browse_label_and_opens_its_chooser(agent: LaneAgent, uploads: Path) -> None:
    agent.open("/shiny-upload")
    snapshot = str(agent.ok("browser_snapshot", full=True)["snapshot"])
    found = re.search(r'- button "Monthly report[^"\n]*"[^@\n]* (@e\d+)', snapshot)
    assert found, snapshot
    clicked = agent.ok("browser_click", ref=found[1], see="none")
    assert clicked["file_chooser"] == {"multiple": False, "accept": "", "ref": found[1]}, clicked
    agent.ok("browser_file_upload", paths=["report.csv"], see="none")
    assert page_state(agent)["report"] == ["report.csv"]


# ----- Gradio --------------------------------------------------------------------------------------------------


def test_gradio_dropdown_option_chosen_as_the_press_goes_down_answers_ok(agent: LaneAgent) -> None:
    """Each option chosen by a click on it, the list opened by a click on the combobox first; options far down the
    list (its release lands on the page under the closing list) as well as near the top."""
    agent.open("/gradio-dropdown")
    for choice in ("Viseu", "Braga", "Lisbon", "Leiria"):
        agent.ok("browser_click", ref=find(agent, 'combobox "City"'))
        chosen = agent.ok("browser_click", ref=find(agent, f'option "{choice}"'))
        assert chosen["name"] == choice, chosen
        assert page_state(agent)["city"] == choice


# ----- Vuetify 2 ------------------------------------------------------------------------------------------------


def test_a_slider_of_no_size_is_pressed_on_the_thumb_it_holds_and_its_keys_move_it(agent: LaneAgent) -> None:
    agent.open("/vuetify2-slider")
    clicked = agent.ok("browser_click", ref=find(agent, 'slider "Count"'), see="none")
    assert clicked["name"] == "Count", clicked
    assert page_state(agent) == {"count": 1, "focused": True}
    agent.ok("browser_press", key="ArrowRight", see="none")
    agent.ok("browser_press", key="ArrowRight", see="none")
    assert page_state(agent) == {"count": 3, "focused": True}
