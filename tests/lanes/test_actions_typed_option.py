"""An option's whole name typed into a combobox whose field filters its list, on both lanes alike.

Gradio's dropdown (tried as a user would), like MUI's Autocomplete and react-select, takes a text as its value only
once an option is chosen: when the focus leaves the field, the field goes back to what it held. Both lanes typed the
name, read it back, answered ok, and the app kept its old value; ``browser_fill_form`` said ``filled`` for it. A
person who typed an option's whole name clicks that option, and so do both lanes now. A prefix chooses nothing, and
a search field's suggestion is never clicked (that would run a search nobody asked for). The page keeps what its
widgets hold in its title.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.page_reports import ref_of
from tests.support.pages import PageServer

pytestmark = pytest.mark.chromium

#: Gradio's dropdown, single (Size) and multiple (Sides, whose chosen options are tokens beside the field), a search
#: field with suggestions, and a plain field after them; each list shows while its field has the focus, filtered
#: by what it holds, over what comes after it (a list of several stays open after a choice, so the form's next field
#: takes no press until it is closed).
FILTERING = page(
    "{}",
    """<style>
[role=listbox] { position: absolute; z-index: 1; margin: 0; width: 24em; min-height: 9em; background: white; }
</style>
<h1>Order</h1>
<div class="wrap"><label for="size">Size</label>
  <input id="size" role="combobox" aria-controls="size-list" aria-expanded="false" aria-autocomplete="list"
    autocomplete="off" value="Small"></div>
<ul role="listbox" id="size-list" hidden><li role="option">Small</li><li role="option">Medium</li>
  <li role="option">Large</li></ul>
<div class="wrap"><label for="sides">Sides</label><span class="tokens"></span>
  <input id="sides" role="combobox" aria-controls="sides-list" aria-expanded="false" aria-autocomplete="list"
    autocomplete="off"></div>
<ul role="listbox" id="sides-list" aria-multiselectable="true" hidden><li role="option">Fries</li>
  <li role="option">Salad</li><li role="option">Soup</li></ul>
<form role="search"><input type="search" id="find" role="combobox" aria-label="Search" aria-controls="find-list"
  aria-expanded="false" autocomplete="off"></form>
<ul role="listbox" id="find-list" hidden><li role="option">cats</li><li role="option">cats and dogs</li></ul>
<p><label>Name <input id="name"></label></p>
<script>
const state = { size: 'Small', sides: [], searched: null };
const report = () => { document.title = JSON.stringify(state); };
function filtering(field, list, { multiple = false, kept = () => '', choose }) {
  const show = () => {
    list.hidden = false;
    field.setAttribute('aria-expanded', 'true');
    const typed = field.value.toLowerCase();
    for (const option of list.children) option.hidden = !option.textContent.toLowerCase().startsWith(typed);
  };
  field.addEventListener('focus', show);
  field.addEventListener('input', show);
  field.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    list.hidden = true;
    field.setAttribute('aria-expanded', 'false');
  });
  field.addEventListener('blur', () => {
    list.hidden = true;
    field.setAttribute('aria-expanded', 'false');
    field.value = kept();  // what it held: a text no option was chosen for is not kept
  });
  for (const option of list.children) {
    option.addEventListener('mousedown', (event) => event.preventDefault());  // the field keeps the focus
    option.addEventListener('click', () => {
      choose(option.textContent);
      if (multiple) {
        option.setAttribute('aria-selected', 'true');
        field.value = '';
        show();
      } else {
        field.value = kept();
        list.hidden = true;
        field.setAttribute('aria-expanded', 'false');
      }
      report();
    });
  }
}
filtering(document.getElementById('size'), document.getElementById('size-list'), {
  kept: () => state.size,
  choose: (name) => { state.size = name; },
});
filtering(document.getElementById('sides'), document.getElementById('sides-list'), {
  multiple: true,
  choose: (name) => {
    state.sides.push(name);
    const token = document.createElement('span');
    token.textContent = name;
    document.querySelector('.tokens').append(token);
  },
});
filtering(document.getElementById('find'), document.getElementById('find-list'), {
  kept: () => document.getElementById('find').value,
  choose: (name) => { state.searched = name; },
});
report();
</script>""",
)


#: A tag's key as MLflow's dialog takes it (Ant Design's select in its "tags" mode): the field's active descendant is an
#: option of a list of no size, kept for assistive technology; the list drawn beside it has no roles and offers
#: 'Add tag "<typed>"'. A text is kept only once chosen (Enter, or a click on the drawn line), shown in the box beside
#: the field; what is typed goes when the focus leaves it.
KEPT_FOR_ASSISTIVE_TECHNOLOGY = page(
    "{}",
    """<style>.drawn { border: 1px solid #ccc; width: 240px; cursor: pointer }</style>
<h1>Add tag</h1>
<p><label>Key <span class="box"><span id="item"></span><input id="key" role="combobox" aria-expanded="false"
  aria-autocomplete="list" aria-controls="key-list" autocomplete="off"></span></label></p>
<div id="popup" hidden><div role="listbox" id="key-list" style="height: 0; width: 0; overflow: hidden"></div>
  <div class="drawn" id="drawn"></div></div>
<p><label>Value <input id="value"></label></p>
<script>
const state = { key: null };
const key = document.getElementById('key');
function offer() {
  const typed = key.value;
  const list = document.getElementById('key-list');
  const drawn = document.getElementById('drawn');
  list.replaceChildren();
  drawn.replaceChildren();
  document.getElementById('popup').hidden = !typed;
  key.setAttribute('aria-expanded', String(!!typed));
  if (!typed) return key.removeAttribute('aria-activedescendant');
  const option = Object.assign(document.createElement('div'), { id: 'key-option', textContent: typed });
  option.setAttribute('role', 'option');
  list.append(option);
  const line = Object.assign(document.createElement('div'), { textContent: `Add tag "${typed}"` });
  line.addEventListener('mousedown', (event) => event.preventDefault());
  line.addEventListener('click', () => choose(typed));
  drawn.append(line);
  key.setAttribute('aria-activedescendant', 'key-option');
}
function choose(typed) {
  state.key = typed;
  document.title = JSON.stringify(state);
  document.getElementById('item').textContent = typed;
  key.value = '';
  offer();
}
key.addEventListener('input', offer);
key.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && key.value) {
    event.preventDefault();
    choose(key.value);
  }
});
key.addEventListener('blur', () => {
  key.value = '';
  offer();
});
document.title = JSON.stringify(state);
</script>""",
)


#: A time field as Angular Material's timepicker draws it: a click opens a list of every time, which typing does not
#: filter (it keeps what is typed, and the list scrolls to it); a click on a time chooses it and closes the list.
TIMES = page(
    "{}",
    """<h1>Start</h1>
<p><label for="start">Start time</label>
  <input id="start" role="combobox" aria-controls="times" aria-expanded="false" aria-haspopup="listbox"></p>
<ul role="listbox" id="times" hidden style="max-height: 6em; overflow: auto"></ul>
<script>
const state = { clicked: null };
const field = document.getElementById('start');
const list = document.getElementById('times');
for (const hour of [9, 10, 11]) {
  for (const minutes of ['00', '30']) {
    const option = Object.assign(document.createElement('li'), { textContent: `${hour}:${minutes} AM` });
    option.setAttribute('role', 'option');
    option.addEventListener('mousedown', (event) => event.preventDefault());
    option.addEventListener('click', () => {
      state.clicked = option.textContent;
      document.title = JSON.stringify(state);
      field.value = option.textContent;
      list.hidden = true;
      field.setAttribute('aria-expanded', 'false');
    });
    list.append(option);
  }
}
field.addEventListener('click', () => {
  list.hidden = false;
  field.setAttribute('aria-expanded', 'true');
});
document.title = JSON.stringify(state);
</script>""",
)


#: The same tag key in a form that holds a password: Enter there is a press the user is asked about (it may submit).
TAG_BESIDE_A_PASSWORD = KEPT_FOR_ASSISTIVE_TECHNOLOGY.replace(
    "<h1>Add tag</h1>",
    "<h1>Add tag</h1><form onsubmit=\"event.preventDefault(); document.title = 'submitted'\">",
).replace(
    '<p><label>Value <input id="value"></label></p>',
    '<p><label>Value <input id="value"></label></p><p><label>Password <input type="password"></label></p></form>',
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    served = {"/filtering": FILTERING, "/tag": KEPT_FOR_ASSISTIVE_TECHNOLOGY, "/times": TIMES}
    with serve_action_pages(served | {"/tag-beside-a-password": TAG_BESIDE_A_PASSWORD}) as server:
        yield server


def state(agent: LaneAgent) -> dict[str, object]:
    return dict(json.loads(agent.ok("browser_snapshot")["title"]))


def test_an_options_whole_name_typed_into_the_field_chooses_it(agent: LaneAgent) -> None:
    agent.open("/filtering")
    typed = agent.ok("browser_type", ref=ref_of(agent, 'combobox "Size"'), text="Medium")
    assert typed.get("value") == "Medium", typed
    agent.ok("browser_click", ref=ref_of(agent, 'textbox "Name"'))  # the focus leaves it: the choice stays
    assert state(agent)["size"] == "Medium"
    typed = agent.ok("browser_type", ref=ref_of(agent, 'combobox "Sides"'), text="salad")  # in another case too
    assert typed.get("value") == "Salad", typed
    assert state(agent)["sides"] == ["Salad"]


def test_a_prefix_and_a_search_fields_suggestion_choose_nothing(agent: LaneAgent) -> None:
    agent.open("/filtering")
    assert agent.ok("browser_type", ref=ref_of(agent, 'combobox "Size"'), text="Med").get("value") == "Med"
    agent.ok("browser_press", key="Escape")  # its list, open over the search field, closes
    assert agent.ok("browser_type", ref=ref_of(agent, 'combobox "Search"'), text="cats").get("value") == "cats"
    assert state(agent) == {"size": "Small", "sides": [], "searched": None}


def test_the_form_chooses_the_options_it_types(agent: LaneAgent) -> None:
    agent.open("/filtering")
    fields = [
        {"ref": ref_of(agent, 'combobox "Size"'), "value": "Large"},
        {"ref": ref_of(agent, 'combobox "Sides"'), "value": "Soup"},
        {"ref": ref_of(agent, 'textbox "Name"'), "value": "Ada"},
    ]
    assert agent.ok("browser_fill_form", fields=fields)["filled"] == 3
    assert state(agent) == {"size": "Large", "sides": ["Soup"], "searched": None}
    assert agent.evaluated("document.getElementById('name').value") == "Ada"


def test_an_option_kept_for_assistive_technology_that_the_keys_are_on_is_taken_with_enter(agent: LaneAgent) -> None:
    agent.open("/tag")
    typed = agent.ok("browser_type", ref=ref_of(agent, 'combobox "Key"'), text="stage")
    assert typed.get("value") == "stage", typed
    assert state(agent) == {"key": "stage"}
    agent.open("/tag")
    fields = [
        {"ref": ref_of(agent, 'combobox "Key"'), "value": "owner"},
        {"ref": ref_of(agent, 'textbox "Value"'), "value": "ada"},
    ]
    assert agent.ok("browser_fill_form", fields=fields)["filled"] == 2
    assert state(agent) == {"key": "owner"}


def test_a_list_the_text_does_not_filter_is_left_as_a_person_leaves_it(agent: LaneAgent) -> None:
    agent.open("/times")
    typed = agent.ok("browser_type", ref=ref_of(agent, 'combobox "Start time"'), text="10:30 AM")
    assert typed.get("value") == "10:30 AM", typed
    assert state(agent) == {"clicked": None}  # the field keeps what is typed: no time was clicked
    assert agent.evaluated("document.getElementById('start').getAttribute('aria-expanded')") == "true"


def test_an_enter_the_user_would_be_asked_about_is_not_pressed_to_choose(agent: LaneAgent) -> None:
    agent.open("/tag-beside-a-password")
    typed = agent.ok("browser_type", ref=ref_of(agent, 'combobox "Key"'), text="stage")
    assert typed.get("value") == "stage", typed  # typed, as asked
    assert state(agent) == {"key": None}  # no Enter was pressed in a form that holds a password
