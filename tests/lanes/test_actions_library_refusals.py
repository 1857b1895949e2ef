"""Issue 30, item 4: false refusals and missing refs the conformance runner (tests/conformance/) found on the
corpus's real libraries (tests/widgets/corpus/), where real input acts: each closed by a general rule and checked
here on both lanes, the way an agent acts (a full snapshot, the line it reads, its ref), judged by the library's
own model (``window.__state``) and the page's own DOM, read by the harness, never from the tool's answer.

* Choices.js and Select2 draw a combobox as a box (a ``div``, a ``span``) whose search field shows once it is
  open: ``browser_type`` on the combobox answered not_typable, where a person clicks it and types into the field
  the click focused.
* React Select's unsearchable combobox is a transparent input shrunk to a dot 100 px left of its box: a click
  answered not_visible, where a person presses the control drawn around it.
* Headless UI's listbox button is labelled by its label and by itself ("Size Choose" in Chromium's tree): the
  snapshot named it "Size Size", so the agent found no "Size Choose".
* MUI draws its tabs' labels in capitals (text-transform): Chromium names the tab "DETAILS", the snapshot said
  "Details".
* MUI's and React Aria's time fields are a group "Start time" of editable segments (Hours, Minutes, Meridiem): the
  group had no ref, so the agent could not type the time into the field it is named by. A click on the group pressed
  its centre (React Aria's minute), where a person presses the field on its first segment.
* Element Plus's select keeps its input in a transparent box under the placeholder it shows: a click answered
  click_intercepted (the placeholder "in the way"), where a person's press opens the list.
* Element Plus draws its switch as the box around a 0-by-0 input, whose label is the form's, a column away: the
  click pressed that label, and on the cdp lane the switch stayed off, where a person presses the switch itself.
* Ionic's ion-button draws its label, the host's own text, through a slot in the <button> inside its shadow tree:
  the hit test names the host, and a click on the button answered click_intercepted (the press "falls through it"
  to the host), where a person's press opens the dialog and shows the toast. Its accordion header slots its label
  (an element) into the header's inner <button>: a press there focuses that button, as the flat tree has it.
* Ionic's segment button draws its tab as a <button role=tab> in its shadow tree that takes no pointer
  (pointer-events: none): a press on the tab is the host's click, and it answered click_intercepted (it "falls
  through" to ion-segment-button), where a person's press chooses the tab: 17 interactions on both lanes.
* React Aria's slider keeps its range input, at full size, in a one-pixel box inside the thumb that hides what
  overflows it: both lanes scrolled that box to bring the input into view, then pressed where the input had moved
  to, leaving the value and the focus as they were, where a person's press on the track where the input lies sets
  the value there and focuses the slider: 16 interactions on both lanes.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.test_actions_grid_cells import full_snapshot, open_corpus_page, state_becomes
from tests.lanes.test_actions_library_conformance import first_ref
from tests.support.pages import PageServer
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

#: How long a list may take to open, or a widget to show what a press did.
SETTLE_S = 5


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages({}) as server:
        yield server


def ref_of(agent: LaneAgent, line: str) -> str:
    """The ref of the line an agent looks for (``role "name"``), waiting for it as an agent takes another snapshot."""
    return wait_until(lambda: first_ref(agent, line), SETTLE_S, f"a ref for {line}")


@pytest.mark.parametrize(
    ("page", "combobox", "text", "search", "chosen"),
    [
        ("choices", 'combobox "Country"', "Fra", "[aria-labelledby=country-label] input", "France"),
        ("select2", 'combobox "Search a country"', "Ger", ".select2-container--open .select2-search__field", "Germany"),
    ],
)
def test_combobox_box_is_typed_into_through_the_field_its_click_opens(
    agent: LaneAgent, page: str, combobox: str, text: str, search: str, chosen: str
) -> None:
    """Typing into a combobox drawn as a box goes where a person's click and keys go: the search field the click
    opened and focused. Its list then shows what the text matches, and Enter chooses the first of it."""
    open_corpus_page(agent, page)
    agent.ok("browser_type", ref=ref_of(agent, combobox), text=text)
    field = f"document.querySelector({search!r})"
    assert agent.evaluated(f"{field}.value") == text
    assert agent.evaluated(f"document.activeElement === {field}")
    agent.ok("browser_press", key="Enter")
    state_becomes(agent, "window.__state.country", chosen)


def test_combobox_box_typed_again_while_open_is_not_closed_by_a_click(agent: LaneAgent) -> None:
    """A second typing into the same combobox, its list still open with the focus in its field, types there again
    without a click, which would close the list (Select2 toggles on a press on its box)."""
    open_corpus_page(agent, "select2")
    country = ref_of(agent, 'combobox "Search a country"')
    agent.ok("browser_type", ref=country, text="Fra")
    agent.ok("browser_type", ref=country, text="Ger")
    field = "document.querySelector('.select2-container--open .select2-search__field')"
    assert agent.evaluated(f"{field} && {field}.value") == "Ger"
    agent.ok("browser_press", key="Enter")
    state_becomes(agent, "window.__state.country", "Germany")


def test_react_select_unsearchable_is_pressed_through_the_control_drawn_around_its_input(agent: LaneAgent) -> None:
    open_corpus_page(agent, "reactselect")
    agent.ok("browser_click", ref=ref_of(agent, 'combobox "Size"'))
    assert agent.evaluated("document.activeElement.id") == "size"
    agent.ok("browser_click", ref=ref_of(agent, 'option "Medium"'))
    state_becomes(agent, "window.__state.size", "medium")


def test_headless_ui_button_labelled_by_itself_is_named_as_chromium_names_it(agent: LaneAgent) -> None:
    open_corpus_page(agent, "headlessui")
    agent.ok("browser_click", ref=ref_of(agent, 'button "Size Choose"'))
    agent.ok("browser_click", ref=ref_of(agent, 'option "Medium"'))
    state_becomes(agent, "window.__state.size", "Medium")


def test_mui_tab_is_named_in_the_capitals_it_is_drawn_in(agent: LaneAgent) -> None:
    open_corpus_page(agent, "mui")
    assert 'tab "Details"' not in full_snapshot(agent)
    agent.ok("browser_click", ref=ref_of(agent, 'tab "DETAILS"'))
    state_becomes(agent, "window.__state.section", "details")


@pytest.mark.parametrize(
    ("page", "text", "model"),
    [("mui", "10:30 AM", "10:30"), ("reactaria", "1030AM", "10:30:00")],
    ids=["mui", "reactaria"],
)
def test_time_field_in_segments_is_typed_into_by_its_group(agent: LaneAgent, page: str, text: str, model: str) -> None:
    """The group is the field: typed into from its first segment, key by key, the keys going where the page moves
    the focus as each segment fills (React Aria moves it on from the hour), as a person types the time after a
    click there; what landed reads back as the field shows it."""
    open_corpus_page(agent, page)
    typed = agent.ok("browser_type", ref=ref_of(agent, 'group "Start time"'), text=text)
    state_becomes(agent, "window.__state.start", model)
    assert typed.get("value") == "10:30 AM", typed
    # the group keeps its ref once typed into (MUI may draw the value as one text then)
    assert first_ref(agent, 'group "Start time"')


@pytest.mark.parametrize(("group", "first"), [("Start time", "hour"), ("Departure", "month")])
def test_a_field_in_segments_clicked_by_its_group_is_pressed_on_its_first_segment(
    agent: LaneAgent, group: str, first: str
) -> None:
    """A person presses the field where typing into it starts, its first segment, as typing by the group does: the
    click pressed the group's centre, React Aria's minute (and the day's separator), and the focus and the caret
    went elsewhere than under a person's press on the field."""
    open_corpus_page(agent, "reactaria")
    agent.ok("browser_click", ref=ref_of(agent, f'group "{group}"'))
    focused = "document.activeElement && document.activeElement.getAttribute('data-type')"
    wait_until(lambda: agent.evaluated(focused) == first or None, SETTLE_S, f"the {first} segment focused")


def test_a_field_in_segments_under_something_else_is_not_typed_into(agent: LaneAgent) -> None:
    """Typing by the group presses its first segment, as a person clicks there first: where something else is drawn
    over the field (Streamlit's open calendar over its time field), nothing is pressed and nothing typed, on both
    lanes. The extension lane only focused the segment and typed the time in under the popover."""
    open_corpus_page(agent, "reactaria")
    agent.evaluated(
        "(() => { const box = document.querySelector('[data-type=hour]').closest('[role=group]')"
        ".getBoundingClientRect(); const over = document.createElement('div');"
        " over.setAttribute('role', 'dialog'); over.setAttribute('aria-label', 'Calendar');"
        " over.style.cssText = `position:fixed;z-index:9;background:#fff;left:${box.left - 4}px;"
        "top:${box.top - 4}px;width:${box.width + 8}px;height:${box.height + 8}px`;"
        " document.body.append(over); return true; })()",
    )
    before = agent.evaluated("JSON.stringify(window.__state.start)")
    code, message = agent.error("browser_type", ref=ref_of(agent, 'group "Start time"'), text="1030AM")
    assert (code, message.split(":")[0]) == ("controller_error", "click_intercepted"), message
    assert 'would land on dialog "Calendar"' in message, message
    assert agent.evaluated("JSON.stringify(window.__state.start)") == before
    assert agent.evaluated("document.activeElement.getAttribute('data-type')") is None


def test_date_field_in_segments_shows_a_typed_leading_zero_dropped_and_answers_ok(agent: LaneAgent) -> None:
    """A person types React Aria's date as 05142014; its month segment shows "5" (5/14/2014). The date landed: the
    answer is ok with what the field shows (it was type_mismatch on both lanes)."""
    open_corpus_page(agent, "reactaria")
    typed = agent.ok("browser_type", ref=ref_of(agent, 'group "Departure"'), text="05142014")
    state_becomes(agent, "window.__state.departure", "2014-05-14")
    assert typed.get("value") == "5/14/2014", typed


def test_element_plus_select_is_pressed_through_the_placeholder_drawn_over_its_input(agent: LaneAgent) -> None:
    open_corpus_page(agent, "element-plus")
    agent.ok("browser_click", ref=ref_of(agent, 'combobox "Size"'))
    assert agent.evaluated("document.activeElement === document.querySelector('.el-select input')")
    agent.ok("browser_click", ref=ref_of(agent, 'option "Large"'))
    state_becomes(agent, "window.__state.size", "Large")


def test_element_plus_switch_is_pressed_where_it_is_drawn_not_on_its_distant_label(agent: LaneAgent) -> None:
    open_corpus_page(agent, "element-plus")
    clicked = agent.ok("browser_click", ref=ref_of(agent, 'switch "Alerts"'))
    state_becomes(agent, "window.__state.alerts", True)
    switch = agent.evaluated("JSON.stringify(document.querySelector('.el-switch').getBoundingClientRect())")
    box = json.loads(switch)
    assert box["left"] <= clicked["x"] <= box["right"] and box["top"] <= clicked["y"] <= box["bottom"], (clicked, box)
    agent.ok("browser_click", ref=ref_of(agent, 'switch "Alerts"'))
    state_becomes(agent, "window.__state.alerts", False)


@pytest.mark.parametrize(("button", "opened"), [("OPEN DIALOG", "dialog"), ("SHOW TOAST", "toast")])
def test_ionic_button_is_pressed_through_the_label_its_host_slots_into_it(
    agent: LaneAgent, button: str, opened: str
) -> None:
    open_corpus_page(agent, "ionic")
    agent.ok("browser_click", ref=first_ref(agent, f'button "{button}"'))
    state_becomes(agent, f"window.__state.{opened}", True)


def test_ionic_accordion_header_pressed_on_its_slotted_label_takes_the_focus(agent: LaneAgent) -> None:
    open_corpus_page(agent, "ionic")
    agent.ok("browser_click", ref=first_ref(agent, 'button "Shipping"'))
    state_becomes(agent, "window.__state.faq", "shipping")
    deep_focus = (
        "(() => { let a = document.activeElement; while (a && a.shadowRoot && a.shadowRoot.activeElement) "
        "a = a.shadowRoot.activeElement; return a.localName + ' in ' + a.getRootNode().host.localName; })()"
    )
    assert agent.evaluated(deep_focus) == "button in ion-item"


def test_ionic_segment_tab_drawn_without_the_pointer_is_pressed_through_its_host(agent: LaneAgent) -> None:
    open_corpus_page(agent, "ionic")
    agent.ok("browser_click", ref=first_ref(agent, 'tab "BILLING"'))
    state_becomes(agent, "window.__state.tab", "billing")
    agent.ok("browser_click", ref=first_ref(agent, 'tab "SECURITY"'))
    state_becomes(agent, "window.__state.tab", "security")


def test_react_aria_slider_hidden_in_its_thumb_is_pressed_on_the_track_where_it_lies(agent: LaneAgent) -> None:
    open_corpus_page(agent, "reactaria")
    agent.ok("browser_click", ref=first_ref(agent, 'slider "Volume"'))
    state_becomes(agent, "window.__state.volume", 4)  # the input's centre lies at 43 % of the track (Chromium's press)
    hidden_box = "document.querySelector('.react-aria-SliderThumb input').parentElement"
    assert agent.evaluated(f"{hidden_box}.scrollLeft + {hidden_box}.scrollTop") == 0
    assert agent.evaluated("document.activeElement.type") == "range"
    agent.ok("browser_press", key="ArrowRight")
    state_becomes(agent, "window.__state.volume", 5)
