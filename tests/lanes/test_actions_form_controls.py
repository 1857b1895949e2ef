"""Issue 21, item 3: form controls set by value, on both lanes alike.

``browser_type`` sets a date, time, datetime-local, month, week, colour or range input to a value in the input's own
format, with the ``input`` and ``change`` events of a user's edit, and reads it back; a value the input cannot hold
fails with ``invalid_value``, naming the format, and changes nothing. A multiple ``<select>`` takes its labels in any
order and answers with them as a JSON array. The cdp lane sends these inputs to the engine's ``type`` (they are not
in ``TEXT_INPUT_TYPES``), so both lanes run the same code; these tests hold them to the same answers.

Everything is judged by the page itself: it logs every ``input`` and ``change`` event with the value it read, and
its Report button writes what each control holds, both into paragraphs the snapshot shows.
"""

from __future__ import annotations

import calendar
import json
import re
from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.lanes.action_pages import page
from tests.lanes.conftest import LaneAgent
from tests.lanes.test_actions_wait import ref_of
from tests.lanes.test_contract import line_of
from tests.support.pages import PageServer, serve_pages

pytestmark = pytest.mark.chromium

#: Every control keeps its id; the page logs "<event> <id> <value>" (a select's value: its chosen labels, "|"
#: between them) in #log, "; " between entries, and Report writes "<id>=<value>" for each control in #held, likewise.
CONTROLS = page(
    "Controls",
    """<h1>Controls</h1>
<label>Day <input id="day" type="date"></label>
<label>Start <input id="start" type="time"></label>
<label>Meeting <input id="meeting" type="datetime-local"></label>
<label>Billing month <input id="billing" type="month"></label>
<label>Sprint week <input id="sprint" type="week"></label>
<label>Accent <input id="accent" type="color" value="#000000"></label>
<label>Volume <input id="volume" type="range" min="0" max="100" step="10" value="20"></label>
<label>Trip day <input id="trip" type="date" min="2024-01-01" max="2024-12-31" value="2024-06-01"></label>
<label>Slot <input id="slot" type="time" step="900" value="09:00"></label>
<label>Fixed day <input id="fixed" type="date" value="2020-02-02" readonly></label>
<label>Workday <input id="workday" type="date"></label>
<label>Countries <select id="countries" multiple size="5">
  <option>Denmark</option><option>Greenland</option><option>Hong Kong</option><option>Iceland</option>
  <option>Ice land</option></select></label>
<label>Crew <select id="crew" multiple size="3">
  <option>Ann</option><option>Bo</option><option>Cy</option></select></label>
<button id="report">Report</button>
<p id="log">Log:</p>
<p id="held">Held: not reported</p>
<script>
const controls = document.querySelectorAll('input, select');
function valueOf(control) {
  if (control.localName !== 'select') return control.value;
  return Array.from(control.selectedOptions, (option) => option.label).join('|');
}
const log = [];
for (const control of controls) {
  for (const type of ['input', 'change']) {
    control.addEventListener(type, () => {
      log.push(type + ' ' + control.id + ' ' + valueOf(control));
      document.getElementById('log').textContent = 'Log: ' + log.join('; ');
    });
  }
}
document.getElementById('report').addEventListener('click', () => {
  const held = Array.from(controls, (control) => control.id + '=' + valueOf(control));
  document.getElementById('held').textContent = 'Held: ' + held.join('; ');
});
// The page's own rules, applied on change: a weekend day moves to the Monday after it; the crew never takes Cy.
document.getElementById('workday').addEventListener('change', (event) => {
  const day = event.target.valueAsDate;
  const weekday = day.getUTCDay();
  if (weekday === 0 || weekday === 6) {
    day.setUTCDate(day.getUTCDate() + (weekday === 6 ? 2 : 1));
    event.target.valueAsDate = day;
  }
});
document.getElementById('crew').addEventListener('change', (event) => {
  event.target.options[2].selected = false;
});
</script>""",
)
#: What each control holds when the page loads, as Report writes it.
INITIAL = {
    "day": "",
    "start": "",
    "meeting": "",
    "billing": "",
    "sprint": "",
    "accent": "#000000",
    "volume": "20",
    "trip": "2024-06-01",
    "slot": "09:00",
    "fixed": "2020-02-02",
    "workday": "",
    "countries": "",
    "crew": "",
}
#: Each control's label, by its id.
LABELS = {
    "day": "Day",
    "start": "Start",
    "meeting": "Meeting",
    "billing": "Billing month",
    "sprint": "Sprint week",
    "accent": "Accent",
    "volume": "Volume",
    "trip": "Trip day",
    "slot": "Slot",
    "fixed": "Fixed day",
    "workday": "Workday",
    "countries": "Countries",
    "crew": "Crew",
}


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_pages({"/controls": CONTROLS}) as server:
        yield server


def control(agent: LaneAgent, control_id: str) -> str:
    """The ref of the control with that id, from a snapshot of the page freshly opened."""
    agent.open("/controls")
    return ref_by_label(agent, control_id)


def ref_by_label(agent: LaneAgent, control_id: str) -> str:
    snapshot = agent.snapshot()
    found = re.findall(rf'^\s*- \w+ "{re.escape(LABELS[control_id])}"[^@\n]* (@e\d+)', snapshot, re.M)
    assert len(found) == 1, f"not one control named {LABELS[control_id]!r} in:\n{snapshot}"
    return str(found[0])


def logged(agent: LaneAgent) -> str:
    """The events the page saw, as it logged them."""
    return line_of(full_snapshot(agent), "- paragraph: Log:").removeprefix("- paragraph: Log:").strip()


def full_snapshot(agent: LaneAgent) -> str:
    """The whole snapshot: no line cut short, so the page's long paragraphs show whole."""
    return str(agent.ok("browser_snapshot", full=True)["snapshot"])


def held(agent: LaneAgent) -> dict[str, str]:
    """What every control holds, as the page's Report button writes it."""
    agent.ok("browser_click", ref=ref_of(agent.snapshot(), 'button "Report"'))
    shown = line_of(full_snapshot(agent), "- paragraph: Held:").removeprefix("- paragraph: Held: ")
    return dict(item.split("=", 1) for item in shown.split("; "))


def invalid(agent: LaneAgent, ref: str, text: str) -> str:
    """The message of ``browser_type`` refusing ``text`` with invalid_value."""
    code, message = agent.error("browser_type", ref=ref, text=text)
    assert code == "controller_error" and message.startswith("invalid_value: "), message
    return message


@pytest.mark.parametrize(
    ("control_id", "text", "holds"),
    [
        ("day", "2014-05-05", "2014-05-05"),
        ("start", "13:45", "13:45"),
        # on the 12-hour clock, as the field shows it or a person types it into its segments (Mantine's time input)
        ("start", "1:45 PM", "13:45"),
        ("start", "1030AM", "10:30"),
        ("start", "12:05 a.m.", "00:05"),
        ("start", "12:30pm", "12:30"),
        ("meeting", "2014-05-05T13:45", "2014-05-05T13:45"),
        ("meeting", "2014-05-05 13:45", "2014-05-05T13:45"),  # HTML's other separator, held as the browser writes it
        ("billing", "2014-05", "2014-05"),
        ("sprint", "2014-W19", "2014-W19"),
        ("accent", "#1E90FF", "#1e90ff"),  # a colour is held in lower case
        ("volume", "50", "50"),
        ("trip", "2024-12-31", "2024-12-31"),  # its max: in range
        ("slot", "13:45", "13:45"),  # on its 15-minute step
        ("day", " 2014-05-05\n", "2014-05-05"),  # what surrounds the value is no part of it
    ],
)
def test_a_control_takes_a_value_in_its_own_format_with_a_users_events(
    agent: LaneAgent, control_id: str, text: str, holds: str
) -> None:
    ref = control(agent, control_id)
    typed = agent.ok("browser_type", ref=ref, text=text)
    assert (typed["ref"], typed["name"], typed["value"]) == (ref, LABELS[control_id], holds), typed
    assert logged(agent) == f"input {control_id} {holds}; change {control_id} {holds}"
    assert held(agent) == INITIAL | {control_id: holds}


def test_a_date_can_be_cleared(agent: LaneAgent) -> None:
    ref = control(agent, "trip")
    assert agent.ok("browser_type", ref=ref, text="")["value"] == ""
    assert logged(agent) == "input trip ; change trip"
    assert held(agent)["trip"] == ""


def test_a_value_the_control_holds_already_fires_no_event(agent: LaneAgent) -> None:
    ref = control(agent, "slot")
    assert agent.ok("browser_type", ref=ref, text="09:00")["value"] == "09:00"
    assert logged(agent) == ""


#: Typed into the range (0 to 100, step 10, at 20) one after the other: what it then holds.
RANGE_VALUES = [("53", "50"), ("55", "60"), ("150", "100"), ("-5", "0"), ("4.9e1", "50"), (".5", "0"), ("0", "0")]


def test_a_range_is_snapped_to_its_step_and_clamped_as_its_slider_would(agent: LaneAgent) -> None:
    ref = control(agent, "volume")
    events, before = [], INITIAL["volume"]
    for text, holds in RANGE_VALUES:
        assert agent.ok("browser_type", ref=ref, text=text)["value"] == holds, text
        if holds != before:  # a value it holds already is no edit: no event
            events += [f"input volume {holds}", f"change volume {holds}"]
        before = holds
    assert logged(agent) == "; ".join(events)
    assert held(agent)["volume"] == RANGE_VALUES[-1][1]


#: For each control, text it cannot hold and what the message says it takes.
INVALID = {
    "day": [
        ("2014-02-30", "YYYY-MM-DD, such as 2014-05-05"),
        ("05/05/2014", "YYYY-MM-DD"),
        ("2014-5-5", "YYYY-MM-DD"),
    ],
    "start": [
        ("13:45 PM", "HH:MM on the 24-hour clock, such as 13:45, or on the 12-hour one, such as 1:45 PM"),
        ("1:45", "HH:MM"),  # the 24-hour form takes two digits for the hour
        ("0:45 AM", "HH:MM"),
        ("24:00", "HH:MM"),
        ("13:45:30", "every 60 seconds"),  # a time field's default step is a minute
    ],
    "meeting": [("2014-05-05", "YYYY-MM-DDTHH:MM, such as 2014-05-05T13:45")],
    "billing": [("2014-13", "YYYY-MM, such as 2014-05")],
    "sprint": [("2014-W53", "YYYY-Www, such as 2014-W19")],  # 2014 has 52 weeks
    "accent": [("dodgerblue", "#rrggbb, such as #1e90ff"), ("#fff", "#rrggbb")],
    "volume": [("half", "a number, such as 50"), ("", "a number"), ("50%", "a number")],
    "trip": [("2025-01-01", "from 2024-01-01 to 2024-12-31"), ("2023-12-31", "from 2024-01-01 to 2024-12-31")],
    "slot": [("13:50", "every 900 seconds")],
}


@pytest.mark.parametrize("control_id", list(INVALID))
def test_a_value_the_control_cannot_hold_is_invalid_value_and_changes_nothing(
    agent: LaneAgent, control_id: str
) -> None:
    ref = control(agent, control_id)
    for text, says in INVALID[control_id]:
        message = invalid(agent, ref, text)
        assert says in message and json.dumps(text) in message, message
        assert message.endswith("nothing was changed."), message
    assert logged(agent) == ""
    assert held(agent) == INITIAL


def test_a_read_only_date_is_refused(agent: LaneAgent) -> None:
    ref = control(agent, "fixed")
    code, message = agent.error("browser_type", ref=ref, text="2021-01-01")
    assert code == "controller_error" and message.startswith("readonly: "), message
    assert logged(agent) == "" and held(agent)["fixed"] == INITIAL["fixed"]


def test_a_date_the_page_changes_after_the_users_edit_is_a_type_mismatch(agent: LaneAgent) -> None:
    ref = control(agent, "workday")
    assert agent.ok("browser_type", ref=ref, text="2024-06-07")["value"] == "2024-06-07"  # a Friday stays
    code, message = agent.error("browser_type", ref=ref, text="2024-06-08")  # a Saturday moves to Monday
    assert code == "controller_error", message
    assert message.startswith("type_mismatch: ") and 'it holds "2024-06-10", not "2024-06-08"' in message, message
    assert held(agent)["workday"] == "2024-06-10"


@pytest.mark.parametrize("text", ["Hong Kong\nGreenland", "Greenland\nHong Kong", "hong kong\nGreenland\nHong Kong"])
def test_a_multiple_select_takes_its_labels_in_any_order(agent: LaneAgent, text: str) -> None:
    ref = control(agent, "countries")
    typed = agent.ok("browser_type", ref=ref, text=text)
    assert typed["value"] == ["Greenland", "Hong Kong"]  # in the page's order
    assert logged(agent) == "input countries Greenland|Hong Kong; change countries Greenland|Hong Kong"
    assert held(agent)["countries"] == "Greenland|Hong Kong"
    again = agent.ok("browser_type", ref=ref, text="Ice land\nDenmark")  # exactly the options named, no others
    assert again["value"] == ["Denmark", "Ice land"]
    assert held(agent)["countries"] == "Denmark|Ice land"


def test_a_multiple_select_the_page_changes_is_a_mismatch_listing_labels_as_json(agent: LaneAgent) -> None:
    ref = control(agent, "crew")
    code, message = agent.error("browser_type", ref=ref, text="Cy\nAnn")
    assert code == "controller_error", message
    held_labels, wanted_labels = re.findall(r"(\[[^\]]*\])", message)[:2]
    assert message.startswith("type_mismatch: "), message
    assert (json.loads(held_labels), json.loads(wanted_labels)) == (["Ann"], ["Ann", "Cy"]), message
    assert held(agent)["crew"] == "Ann"


# ----- fuzzed: any text either lands as the browser would hold it, or is invalid_value and changes nothing -------

#: Characters the date and colour formats are made of, plus what surrounds a value (spaces, a line break).
FORMAT_CHARS = "0123456789-#:TWabcdefABCDEF \n"
EXAMPLES = 20
DAYS_IN_MONTH = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def date_held(text: str) -> str | None:
    """What a date input holds for ``text``, by HTML's rule: a valid date string (a year of four or more digits,
    from year 1 to Chromium's last day, 275760-09-13) or nothing, with around it only what the tool strips; else
    None."""
    stripped = text.strip(" \n")
    if stripped == "":  # a date input can be emptied
        return ""
    found = re.fullmatch(r"(\d{4,})-(\d\d)-(\d\d)", stripped)
    if not found:
        return None
    year, month, day = (int(part) for part in found.groups())
    if not 1 <= month <= 12:
        return None
    last = DAYS_IN_MONTH[month - 1] + (month == 2 and calendar.isleap(year))
    return found[0] if 1 <= day <= last and year >= 1 and (year, month, day) <= (275760, 9, 13) else None


def colour_held(text: str) -> str | None:
    stripped = text.strip(" \n")
    return stripped.lower() if re.fullmatch(r"#[0-9a-fA-F]{6}", stripped) else None


near_values = st.sampled_from(["2014-05-05", "2014-02-29", "2016-02-29", "#1e90ff", "#1E90F", "0001-01-01"])
fuzzed_text = st.one_of(
    st.text(st.sampled_from(FORMAT_CHARS), max_size=12),
    st.tuples(near_values, st.integers(0, 9), st.sampled_from(FORMAT_CHARS)).map(
        lambda t: t[0][: t[1]] + t[2] + t[0][t[1] + 1 :]  # a near value with one character changed
    ),
    near_values,
)


@pytest.mark.parametrize(("control_id", "rule"), [("day", date_held), ("accent", colour_held)])
def test_fuzzed_text_lands_exactly_or_is_invalid_value_with_nothing_changed(
    agent: LaneAgent, control_id: str, rule: Callable[[str], str | None]
) -> None:
    ref = control(agent, control_id)
    holds = dict(INITIAL)
    examples: list[str] = []

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(fuzzed_text)
    def lands_or_refused(text: str) -> None:
        examples.append(text)
        reply = agent.reply("browser_type", ref=ref, text=text)
        expected = rule(text)
        if expected is None:
            assert not reply["ok"], f"{text!r} was taken: {reply}"
            assert reply["error"]["message"].startswith("invalid_value: "), reply
        else:
            assert reply["ok"] and reply["result"]["value"] == expected, f"{text!r}: {reply}"
            holds[control_id] = expected
        assert held(agent) == holds

    lands_or_refused()
    assert len(examples) >= EXAMPLES


def test_a_colour_input_shows_the_colour_it_holds(agent: LaneAgent) -> None:
    """A Voilà app's colour picker (tried as a user would) showed as a bare button: the colour was nowhere in the
    snapshot, and a change of it answered unchanged. Chromium's tree gives a ColorWell its colour as its value."""
    ref = control(agent, "accent")
    assert f'- button "Accent" {ref}: #000000' in agent.snapshot()
    typed = agent.ok("browser_type", ref=ref, text="#1e90ff", see="changes")
    assert not typed.get("unchanged") and f"{ref}: #1e90ff" in typed["snapshot"], typed
