"""Typing into a box that opens a list of options on a click and takes no text itself, on both lanes alike.

Vuetify 2's select (Solara's Select and SelectMultiple): a read-only input in a box of aria-haspopup listbox,
whose list opens a frame after the click, in a menu elsewhere in the document, with no option focused (no
type-ahead to follow); a button of aria-haspopup listbox (Headless UI's Listbox). ``browser_type`` and
``browser_fill_form`` were refused as read-only on both lanes; a person clicks the box, then the option. Each page
keeps what its widgets hold in its title, read by the page itself.
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

#: Vuetify 2's select, single and multiple, a listbox button, and one whose list never opens; the menus open in the
#: frame after the click.
SELECTS = page(
    "{}",
    """<h1>Order</h1>
<div class="v-input" id="size"><label id="size-label">Size</label>
  <div class="v-input__slot" role="button" aria-haspopup="listbox" aria-expanded="false" aria-owns="size-list"
    aria-labelledby="size-label"><div class="v-select__selections"><span class="shown"></span>
    <input readonly aria-readonly="false" aria-labelledby="size-label"></div></div></div>
<div class="v-input" id="toppings"><label id="toppings-label">Toppings</label>
  <div class="v-input__slot" role="button" aria-haspopup="listbox" aria-expanded="false" aria-owns="toppings-list"
    aria-labelledby="toppings-label"><div class="v-select__selections"><span class="shown"></span>
    <input readonly aria-readonly="false" aria-labelledby="toppings-label"></div></div></div>
<p><button id="crust" aria-haspopup="listbox" aria-controls="crust-list">Crust: <span class="shown">Thin</span>
</button></p>
<p><button id="sauce" aria-haspopup="listbox" aria-controls="sauce-list">Sauce</button></p>
<div role="listbox" id="sauce-list" hidden><div role="option">Tomato</div></div>
<div class="menu" style="display: none"><div role="listbox" id="size-list">
  <div role="option" aria-selected="false">Small</div><div role="option" aria-selected="false">Medium</div>
  <div role="option" aria-selected="false">Large</div></div></div>
<div class="menu" style="display: none"><div role="listbox" id="toppings-list" aria-multiselectable="true">
  <div role="option" aria-selected="false">Ham</div><div role="option" aria-selected="false">Olives</div>
  <div role="option" aria-selected="false">Basil</div></div></div>
<div class="menu" style="display: none"><div role="listbox" id="crust-list">
  <div role="option" aria-selected="true">Thin</div><div role="option" aria-selected="false">Thick</div></div></div>
<script>
const state = { size: '', toppings: [], crust: 'Thin' };
const report = () => { document.title = JSON.stringify(state); };
const menuOf = (list) => document.getElementById(list).parentElement;
const openAt = (list, box) => requestAnimationFrame(() => {
  for (const menu of document.querySelectorAll('.menu')) menu.style.display = 'none';
  menuOf(list).style.display = 'block';
  if (box.hasAttribute('aria-expanded')) box.setAttribute('aria-expanded', 'true');
});
const close = (list, box) => {
  menuOf(list).style.display = 'none';
  if (box.hasAttribute('aria-expanded')) box.setAttribute('aria-expanded', 'false');
};
for (const [key, list, box, multiple] of [
  ['size', 'size-list', document.querySelector('#size [role=button]'), false],
  ['toppings', 'toppings-list', document.querySelector('#toppings [role=button]'), true],
  ['crust', 'crust-list', document.getElementById('crust'), false],
]) {
  box.addEventListener('click', () => openAt(list, box));
  for (const option of document.getElementById(list).children) {
    option.addEventListener('click', () => {
      const name = option.textContent;
      if (multiple) {
        const on = option.getAttribute('aria-selected') !== 'true';
        option.setAttribute('aria-selected', String(on));
        state[key] = on ? [...state[key], name] : state[key].filter((each) => each !== name);
      } else {
        for (const each of option.parentElement.children) each.setAttribute('aria-selected', String(each === option));
        state[key] = name;
        close(list, box);
      }
      box.querySelector('.shown').textContent = multiple ? state[key].join(', ') : name;
      report();
    });
  }
}
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  for (const menu of document.querySelectorAll('.menu')) menu.style.display = 'none';
});
report();
</script>""",
)


#: MUI's multiple select (a Taipy app's, tried as a user would): the box opens a list over an invisible backdrop, with
#: the focus on its first option; type-ahead moves the focus, Enter toggles the option in focus, and the list stays
#: open for another until Escape. The form's next field, under the backdrop, takes no press while it is open.
MUI_MULTIPLE = page(
    '{"toppings": [], "rush": false}',
    """<style>
#backdrop { position: fixed; inset: 0; display: none; z-index: 10; }
#list { position: absolute; top: 60px; left: 8px; width: 300px; background: white; display: none; z-index: 11;
  margin: 0; padding: 0; list-style: none; }
#list li { padding: 10px; }
</style>
<label id="toppings-label">Toppings</label>
<div id="box" role="combobox" aria-labelledby="toppings-label" aria-haspopup="listbox" aria-expanded="false"
  tabindex="0" style="border: 1px solid gray; width: 300px; height: 24px"></div>
<div id="backdrop"></div>
<ul id="list" role="listbox" aria-multiselectable="true"><li role="option" aria-selected="false">Olives</li>
  <li role="option" aria-selected="false">Ham</li><li role="option" aria-selected="false">Basil</li></ul>
<p style="margin-top: 90px"><label><input type="checkbox" id="rush"> Rush order</label></p>
<script>
const state = { toppings: [], rush: false };
const report = () => { document.title = JSON.stringify(state); };
const box = document.getElementById('box');
const list = document.getElementById('list');
const backdrop = document.getElementById('backdrop');
const show = (open) => {
  list.style.display = backdrop.style.display = open ? 'block' : 'none';
  box.setAttribute('aria-expanded', String(open));
  if (open) list.querySelector('li').focus();
};
for (const option of list.children) option.tabIndex = -1;
box.addEventListener('click', () => show(true));
backdrop.addEventListener('click', () => show(false));
document.addEventListener('keydown', (event) => { if (event.key === 'Escape') show(false); });
let typed = '';
let last = 0;
list.addEventListener('keydown', (event) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    document.activeElement.click();
    return;
  }
  if (event.key.length !== 1) return;
  typed = (event.timeStamp - last > 500 ? '' : typed) + event.key.toLowerCase();
  last = event.timeStamp;
  const hit = [...list.children].find((option) => option.textContent.toLowerCase().startsWith(typed));
  if (hit) hit.focus();
});
list.addEventListener('click', (event) => {
  const option = event.target.closest('li');
  option.setAttribute('aria-selected', String(option.getAttribute('aria-selected') !== 'true'));
  state.toppings = [...list.querySelectorAll('[aria-selected=true]')].map((each) => each.textContent);
  box.textContent = state.toppings.join(', ');
  report();
});
document.getElementById('rush').addEventListener('change', (event) => { state.rush = event.target.checked; report(); });
</script>""",
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages({"/selects": SELECTS, "/mui-multiple": MUI_MULTIPLE}) as server:
        yield server


def state(agent: LaneAgent) -> dict[str, object]:
    return dict(json.loads(agent.ok("browser_snapshot")["title"]))


def menus_open(agent: LaneAgent) -> int:
    return int(
        agent.evaluated("[...document.querySelectorAll('.menu')].filter((m) => m.style.display !== 'none').length")
    )


def test_typing_an_options_name_into_the_box_clicks_it_open_then_clicks_the_option(agent: LaneAgent) -> None:
    agent.open("/selects")
    typed = agent.ok("browser_type", ref=ref_of(agent, 'button "Size"'), text="Medium")
    assert typed.get("value") == "Medium", typed
    assert state(agent) == {"size": "Medium", "toppings": [], "crust": "Thin"}
    assert menus_open(agent) == 0


def test_the_form_sets_the_read_only_field_of_such_a_box_and_a_button_that_opens_a_list(agent: LaneAgent) -> None:
    agent.open("/selects")
    fields = [
        {"ref": ref_of(agent, 'textbox "Size"'), "value": "Large"},
        {"ref": ref_of(agent, 'button "Crust: Thin"'), "value": "Thick"},
    ]
    agent.ok("browser_fill_form", fields=fields)
    assert state(agent) == {"size": "Large", "toppings": [], "crust": "Thick"}


def test_several_names_choose_several_options_of_a_multiselectable_list(agent: LaneAgent) -> None:
    agent.open("/selects")
    toppings = ref_of(agent, 'button "Toppings"')
    agent.ok("browser_type", ref=toppings, text="Olives\nHam")
    assert state(agent)["toppings"] == ["Olives", "Ham"]
    agent.ok("browser_press", key="Escape")
    agent.ok("browser_type", ref=toppings, text="Ham\nBasil")  # Ham is chosen already: left so
    assert state(agent)["toppings"] == ["Olives", "Ham", "Basil"]


def test_a_name_no_option_has_chooses_nothing_and_closes_the_list_again(agent: LaneAgent) -> None:
    agent.open("/selects")
    size = ref_of(agent, 'button "Size"')
    code, message = agent.error("browser_type", ref=size, text="Huge")
    assert code == "controller_error" and message.startswith(
        f'not_typable: Element {size} chooses from a list it opens when clicked, and its list has no option "Huge" '
        '(it has "Small", "Medium", "Large")'
    ), message
    assert state(agent) == {"size": "", "toppings": [], "crust": "Thin"}
    assert menus_open(agent) == 0
    # a list that closes once an option is chosen takes one: the first name is chosen, and the answer says so
    code, message = agent.error("browser_type", ref=size, text="Small\nLarge")
    assert message.startswith(
        f'invalid_value: Element {size} takes one option: "Small" was chosen and its list closed; give one name.'
    ), message
    assert state(agent)["size"] == "Small"
    sauce = ref_of(agent, 'button "Sauce"')  # its list never opens
    assert agent.error("browser_type", ref=sauce, text="Tomato")[1] == (
        f"not_typable: Element {sauce} chooses from a list it opens when clicked, and a click on it showed no list; "
        "nothing was chosen: take a new snapshot."
    )


def test_a_list_chosen_in_by_keys_that_stays_open_is_closed_for_the_next_field(agent: LaneAgent) -> None:
    """browser_fill_form chose Taipy's topping by the list's keys and left the list open: the next field was refused,
    a backdrop in the way. A person closes it (Escape) once done, and so do both lanes."""
    agent.open("/mui-multiple")
    fields = [
        {"ref": ref_of(agent, 'combobox "Toppings"'), "value": "Ham"},
        {"ref": ref_of(agent, 'checkbox "Rush order"'), "value": "true"},
    ]
    agent.ok("browser_fill_form", fields=fields)
    assert state(agent) == {"toppings": ["Ham"], "rush": True}
    assert agent.evaluated("document.getElementById('list').style.display") == "none"
