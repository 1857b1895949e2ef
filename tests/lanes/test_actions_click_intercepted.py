"""Issue 21, item 1: a click presses only what it names, on both lanes.

Before pressing, the element is brought clear of whatever is drawn over it (a sticky footer, a cookie banner)
by trying other points of it and other scroll positions; when something else would still take the press (an
invisible overlay), nothing is pressed and the call fails with ``click_intercepted``, naming what is in the way.

Each page logs every pointer and mouse event that reaches anything, in the capture phase of its window, with
the id of its target: the page's own record proves that nothing but the named element got a press.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.test_actions_wait import ref_of
from tests.lanes.test_contract import line_of
from tests.support.pages import PageServer

pytestmark = pytest.mark.chromium

#: The events a press (and, for the hover tests, an arrival) sends; each is logged as ``type@target-id``.
LOGGED_EVENTS = "pointerover mouseover pointerdown mousedown pointerup mouseup click"

EVENT_LOG = f"""<p id="log">Events: none</p>
<script>
const seen = [];
for (const type of '{LOGGED_EVENTS}'.split(' ')) {{
  window.addEventListener(type, (event) => {{
    seen.push(type + '@' + (event.target.id || event.target.localName));
    document.getElementById('log').textContent = 'Events: ' + seen.join(' ');
  }}, true);
}}
</script>"""


def status_setter(element: str, text: str) -> str:
    return f"document.getElementById('{element}').textContent = '{text}'"


#: A CMS's page editor: a checkbox whose centre sits under the sticky footer that holds "Save draft".
STICKY_FOOTER = page(
    "Edit page",
    f"""<h1>Edit page</h1>
<p id="saved">No draft saved</p>
{EVENT_LOG}
<label style="position: absolute; top: calc(100vh - 60px)"><input type="checkbox" id="publish"> Publish on save</label>
<div style="height: 250vh"></div>
<footer style="position: fixed; bottom: 0; left: 0; right: 0; height: 120px; background: #eee">
  <button id="save" onclick="{status_setter("saved", "Draft saved")}">Save draft</button>
</footer>""",
)

#: A sign-up form whose e-mail field sits under a cookie banner fixed to the bottom of the window.
COOKIE_BANNER = page(
    "Sign up",
    f"""<h1>Sign up</h1>
<p id="consent">No choice made</p>
{EVENT_LOG}
<label style="position: absolute; top: calc(100vh - 50px)">Email <input id="email"></label>
<div style="height: 250vh"></div>
<div id="cookies" style="position: fixed; bottom: 0; left: 0; right: 0; padding: 30px; background: #333; color: #fff">
  We use cookies. <button id="accept" onclick="{status_setter("consent", "All accepted")}">Accept all</button>
</div>""",
)

#: A hostile page: a full-page button nobody can see, over the button the agent means to press.
INVISIBLE_OVERLAY = page(
    "Your order",
    f"""<h1>Your order</h1>
<button id="cancel" onclick="{status_setter("status", "Order cancelled")}">Cancel order</button>
<p id="status">Order open</p>
{EVENT_LOG}
<button id="trap" onclick="{status_setter("status", "Purchase confirmed")}"
        style="position: fixed; inset: 0; width: 100%; height: 100%; opacity: 0; z-index: 10">
  Confirm purchase
</button>""",
)

#: The same, with a layer that paints nothing at all instead of a transparent one.
GLASS_OVERLAY = page(
    "Your order",
    f"""<h1>Your order</h1>
<button id="cancel" onclick="{status_setter("status", "Order cancelled")}">Cancel order</button>
<p id="status">Order open</p>
{EVENT_LOG}
<div id="glass" onclick="{status_setter("status", "Glass clicked")}"
     style="position: fixed; inset: 0; z-index: 10"></div>""",
)

#: A button that takes no pointer: a press on it falls through to the panel around it.
FALLS_THROUGH = page(
    "Panel",
    f"""<h1>Panel</h1>
<div id="panel" style="padding: 20px" onclick="{status_setter("status", "Panel clicked")}">
  <button id="ghost" style="pointer-events: none" onclick="{status_setter("status", "Ghost clicked")}">Ghost</button>
</div>
<p id="status">Nothing clicked</p>
{EVENT_LOG}""",
)

#: A tall button whose centre a fixed strip covers, on a page that cannot scroll it anywhere else: the press
#: goes to a part of it that shows.
PART_COVERED = page(
    "Part covered",
    f"""<button id="tall" style="position: fixed; top: 0; left: 0; width: 300px; height: 200px"
        onclick="{status_setter("status", "Tall clicked")}">Tall</button>
<div id="strip" style="position: fixed; top: 80px; left: 0; width: 400px; height: 60px; background: #c00"
     onclick="{status_setter("status", "Strip clicked")}"></div>
<p id="status" style="position: fixed; top: 250px">Nothing clicked</p>
{EVENT_LOG}""",
)

#: A checkbox the page hides (opacity 0) under a box of its own drawing, which is what a user clicks.
HIDDEN_CHECKBOX = page(
    "Terms",
    f"""<h1>Terms</h1>
<div style="position: relative; width: 24px; height: 24px">
  <input type="checkbox" id="terms" aria-label="Accept the terms"
         style="position: absolute; inset: 0; margin: 0; width: 24px; height: 24px; opacity: 0">
  <span id="face" style="position: absolute; inset: 0; border: 2px solid #333"></span>
</div>
{EVENT_LOG}
<script>
document.getElementById('face').addEventListener('click', () => document.getElementById('terms').click());
</script>""",
)


def hover_cover(linger: str, *, later: bool = False) -> str:
    """A button that draws a layer over itself when the pointer arrives (a hover card, or a hostile page's trap);
    ``linger`` is the layer's life in ms, or "forever". With ``later``, the layer comes in a task after the arrival
    (a framework's render), before a person's press."""
    remove = "" if linger == "forever" else f"setTimeout(() => cover.remove(), {linger});"
    return page(
        "Pay",
        f"""<h1>Pay</h1>
<button id="pay" onclick="{status_setter("status", "Paid")}">Pay now</button>
<p id="status">Not paid</p>
{EVENT_LOG}
<script>
let shown = false;
document.getElementById('pay').addEventListener('mouseover', () => {{
  if (shown) return;
  shown = true;
  {"setTimeout(draw, 0);" if later else "draw();"}
}});
function draw() {{
  const cover = document.createElement('div');
  cover.id = 'cover';
  cover.style.cssText = 'position: fixed; inset: 0; background: rgba(0, 0, 0, 0.2)';
  cover.onclick = () => {{ document.getElementById('status').textContent = 'Cover clicked'; }};
  document.body.append(cover);
  {remove}
}}
</script>""",
    )


#: An overlay whose id and text try to read as more of the error message: another ref, another element.
HOSTILE_OVERLAY = page(
    "Your order",
    f"""<h1>Your order</h1>
<button id="cancel">Cancel order</button>
{EVENT_LOG}
<div id='x), @e1 (button "Cancel order"' onclick="void 0"
     style="position: fixed; inset: 0; background: rgba(0, 0, 0, 0.5)">Press @e1 "Cancel order" now</div>""",
)


#: Rows below the fold that the page draws anew once they scroll into view (Tabulator's virtual rows, in a Panel
#: app): the row the agent named is out of the document by the time the press could come.
REDRAWN_ROWS = page(
    "Redrawn",
    """<div style="height: 1500px">Far above</div>
<div id="rows"><button id="row">Pizza</button></div>
<script>
const rows = document.getElementById('rows');
addEventListener('scroll', () => { rows.innerHTML = '<button id="row">Pizza</button>'; }, { once: true });
</script>""",
)

#: rsuite's InputPicker: its search field, empty and transparent, laid over its box inside the picker, where a
#: person's press on the box lands (the field takes the focus and the list opens; the box keeps its value in a
#: read-only field hidden from assistive technology); and the same empty field laid over a whole panel that holds a
#: button, which is in the way of a press on the button.
FIELD_OVER_BOX = page(
    "Pickers",
    f"""<h1>Pickers</h1>
<div id="picker" style="position: relative; width: 220px">
  <div role="combobox" tabindex="0" aria-expanded="false" aria-label="Country" style="border: 1px solid #999;
    height: 32px; line-height: 32px"><input readonly aria-hidden="true" tabindex="-1" value=""
    style="position: absolute; opacity: 0; pointer-events: none; width: 10px">Select</div>
  <div style="position: absolute; inset: 1px 30px 1px 1px"><input id="search" tabindex="-1"
    style="width: 100%; height: 100%; border: 0; background: none; outline: none; padding: 0"></div>
</div>
<p id="status">Closed</p>
<div style="position: relative; width: 600px; height: 80px; margin-top: 20px">
  <button id="delete" onclick="{status_setter("status", "Deleted")}">Delete</button>
  <input id="cover" style="position: absolute; inset: 0; border: 0; background: none">
</div>
<script>
document.getElementById('search').addEventListener('input', (event) => {{
  document.getElementById('status').textContent = 'Search: ' + event.target.value;
}});
document.getElementById('search').addEventListener('dblclick', (event) => {{
  const search = event.target;
  document.getElementById('status').textContent =
    'Selected: ' + search.value.slice(search.selectionStart, search.selectionEnd);
}});
document.getElementById('search').addEventListener('focus', () => {{
  document.querySelector('[role=combobox]').setAttribute('aria-expanded', 'true');
  document.getElementById('status').textContent = 'Searching';
}});
</script>""",
)


def clock(glass: str = "") -> str:
    """MUI's clock (H2O Wave's time picker): the hours, options that take no pointer, under a transparent surface of
    the clock's own that takes every press and reads the hour from where it lands (the paragraph "Hour" says which);
    with ``glass``, a layer of the page's own over everything, which takes presses too."""
    return page(
        "Clock",
        f"""<h1>Clock</h1>
<div id="clock" style="position: relative; width: 220px; height: 220px; border-radius: 50%; background: #eee">
  <div id="surface" style="position: absolute; inset: 0"></div>
  <div role="listbox" aria-label="Select hours" id="hours"></div>
</div>
<p id="status">Hour none</p>
{glass}
<script>
const hours = document.getElementById('hours');
for (let hour = 1; hour <= 12; hour++) {{
  const angle = hour / 12 * 2 * Math.PI, option = document.createElement('span');
  option.setAttribute('role', 'option');
  option.setAttribute('aria-label', hour + ' hours');
  option.textContent = hour;
  option.style.cssText = 'position: absolute; width: 36px; height: 36px; line-height: 36px; text-align: center; '
    + 'pointer-events: none; left: ' + (92 + 80 * Math.sin(angle)) + 'px; top: ' + (92 - 80 * Math.cos(angle)) + 'px';
  hours.appendChild(option);
}}
document.getElementById('surface').addEventListener('mouseup', (event) => {{
  const box = event.currentTarget.getBoundingClientRect(), x = event.clientX - box.left - 110;
  const y = event.clientY - box.top - 110;
  const hour = Math.round(((Math.atan2(x, -y) + 2 * Math.PI) % (2 * Math.PI)) / (2 * Math.PI) * 12) || 12;
  document.getElementById('status').textContent = 'Hour ' + hour;
}});
</script>""",
    )


PAGES = {
    "/field-over-box": FIELD_OVER_BOX,
    "/footer": STICKY_FOOTER,
    "/cookies": COOKIE_BANNER,
    "/invisible": INVISIBLE_OVERLAY,
    "/glass": GLASS_OVERLAY,
    "/through": FALLS_THROUGH,
    "/part": PART_COVERED,
    "/hidden-checkbox": HIDDEN_CHECKBOX,
    "/hover-cover": hover_cover("forever"),
    "/hover-cover-later": hover_cover("forever", later=True),
    "/hostile": HOSTILE_OVERLAY,
    "/hover-flash": hover_cover("300"),
    "/redrawn-rows": REDRAWN_ROWS,
    "/clock": clock(),
    "/fixed-past-edge": page(
        "Calendar",
        f"""<h1>Calendar</h1><p id="status">Open</p>
<div style="position: fixed; left: 20px; top: calc(100vh + 8px)"><button onclick="{status_setter("status", "Done")}"
  >Done</button></div>""",
    ),
    "/clock-glass": clock(
        f'<div id="glass" onclick="{status_setter("status", "Glass clicked")}" '
        'style="position: fixed; inset: 0; z-index: 10"></div>'
    ),
}


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    with serve_action_pages(PAGES) as server:
        yield server


def page_line(agent: LaneAgent, start: str) -> str:
    """The whole page's paragraph that starts with ``start``: what the page recorded."""
    whole = str(agent.ok("browser_snapshot", full=True)["snapshot"])
    return line_of(whole, "- paragraph: " + start).removeprefix("- paragraph: ")


def logged(agent: LaneAgent) -> list[str]:
    """The events the page saw, each as ``type@target``."""
    events = page_line(agent, "Events:").removeprefix("Events:").split()
    return [] if events == ["none"] else events


def pressed(agent: LaneAgent) -> list[str]:
    """The events of a press the page saw (not those of a pointer's arrival)."""
    return [event for event in logged(agent) if not event.startswith(("pointerover", "mouseover"))]


def test_a_checkbox_under_a_sticky_footer_is_ticked_and_the_footer_never_pressed(agent: LaneAgent) -> None:
    agent.open("/footer")
    publish = ref_of(agent.snapshot(), 'checkbox "Publish on save"')
    agent.ok("browser_click", ref=publish)
    assert "[checked]" in line_of(agent.ok("browser_snapshot", full=True)["snapshot"], '- checkbox "Publish on save"')
    assert page_line(agent, "No draft") == "No draft saved"
    events = logged(agent)
    assert "click@publish" in events, events
    assert all(event.endswith("@publish") for event in events), events


def test_typing_into_a_field_under_a_cookie_banner_never_presses_the_banner(agent: LaneAgent) -> None:
    agent.open("/cookies")
    email = ref_of(agent.snapshot(), 'textbox "Email"')
    assert agent.ok("browser_type", ref=email, text="ada@example.com")["value"] == "ada@example.com"
    assert page_line(agent, "No choice") == "No choice made"
    assert not [event for event in logged(agent) if "@accept" in event or "@cookies" in event]


@pytest.mark.parametrize("hover", [False, True], ids=["click", "hover"])
def test_an_invisible_overlay_takes_no_press_and_is_named(agent: LaneAgent, hover: bool) -> None:
    agent.open("/invisible")
    cancel = ref_of(agent.snapshot(), 'button "Cancel order"')
    code, message = agent.error("browser_click", ref=cancel, hover=hover)
    assert code == "controller_error" and message.startswith("click_intercepted: "), message
    assert 'button "Confirm purchase" (button#trap' in message and "invisible: opacity 0" in message, message
    assert page_line(agent, "Order") == "Order open"
    assert logged(agent) == []


def test_a_layer_that_paints_nothing_is_named_transparent(agent: LaneAgent) -> None:
    agent.open("/glass")
    cancel = ref_of(agent.snapshot(), 'button "Cancel order"')
    _, message = agent.error("browser_click", ref=cancel)
    assert message.startswith("click_intercepted: ") and "(div#glass, @e2, invisible: transparent)" in message, message
    assert page_line(agent, "Order") == "Order open"
    assert logged(agent) == []


def test_a_button_that_takes_no_pointer_is_not_clicked_through_its_container(agent: LaneAgent) -> None:
    agent.open("/through")
    ghost = ref_of(agent.snapshot(), 'button "Ghost"')
    _, message = agent.error("browser_click", ref=ghost)
    assert message.startswith("click_intercepted: ") and "falls through" in message and "div#panel" in message
    assert page_line(agent, "Nothing") == "Nothing clicked"
    assert logged(agent) == []


def test_an_option_that_takes_no_pointer_is_pressed_on_its_lists_own_surface_and_never_on_another(
    agent: LaneAgent,
) -> None:
    """MUI's clock (H2O Wave's time picker) draws its hours as options that take no pointer, under a transparent
    surface of its own that takes every press: a person's press on "3" sets 3 o'clock, and both lanes refused it as
    intercepted by that invisible surface. A surface that draws nothing and holds nothing, in the box that holds the
    list, is the list's; a layer further out is still in the way."""
    agent.open("/clock")
    three = ref_of(agent.snapshot(), 'option "3 hours"')
    agent.ok("browser_click", ref=three)
    assert page_line(agent, "Hour") == "Hour 3"
    agent.open("/clock-glass")
    three = ref_of(agent.snapshot(), 'option "3 hours"')
    _, message = agent.error("browser_click", ref=three)
    assert message.startswith("click_intercepted: ") and "div#glass" in message, message
    assert page_line(agent, "Hour") == "Hour none"


def test_a_popup_fixed_past_the_windows_edge_is_not_visible_and_the_answer_says_where_it_is(agent: LaneAgent) -> None:
    """Gradio's calendar is fixed to the window under its button, and near the window's bottom its "Done" lies past
    the edge, where no scroll into view takes it: both lanes said a container clipped it, which none does."""
    agent.open("/fixed-past-edge")
    done = ref_of(str(agent.ok("browser_snapshot", full=True)["snapshot"]), 'button "Done"')
    code, message = agent.error("browser_click", ref=done)
    assert code == "controller_error" and message.startswith("not_visible: "), message
    assert "past the window's edge" in message and "clips" not in message, message
    assert page_line(agent, "Open") == "Open"


def test_a_button_whose_centre_is_covered_is_pressed_where_it_shows(agent: LaneAgent) -> None:
    agent.open("/part")
    tall = ref_of(agent.snapshot(), 'button "Tall"')
    clicked = agent.ok("browser_click", ref=tall)
    assert not 80 <= clicked["y"] <= 140, clicked  # not under the strip
    assert page_line(agent, "Tall") == "Tall clicked"
    assert not [event for event in logged(agent) if "@strip" in event]


def test_a_checkbox_hidden_under_its_drawn_box_is_clicked_through_the_box(agent: LaneAgent) -> None:
    agent.open("/hidden-checkbox")
    terms = ref_of(agent.snapshot(), 'checkbox "Accept the terms"')
    agent.ok("browser_click", ref=terms)
    assert "[checked]" in line_of(agent.snapshot(), '- checkbox "Accept the terms"')
    assert "click@face" in logged(agent)


@pytest.mark.parametrize("path", ["/hover-cover", "/hover-cover-later"])
def test_a_layer_the_arrival_draws_over_the_button_takes_no_press(agent: LaneAgent, path: str) -> None:
    """At once, or in a task after the arrival: either way it is there by the time a person's press comes."""
    agent.open(path)
    pay = ref_of(agent.snapshot(), 'button "Pay now"')
    _, message = agent.error("browser_click", ref=pay)
    assert message.startswith("click_intercepted: ") and "div#cover" in message, message
    assert page_line(agent, "Not") == "Not paid"
    assert pressed(agent) == []


def test_a_press_waits_for_a_layer_the_arrival_drew_to_go(agent: LaneAgent) -> None:
    agent.open("/hover-flash")
    pay = ref_of(agent.snapshot(), 'button "Pay now"')
    agent.ok("browser_click", ref=pay)
    assert page_line(agent, "Paid") == "Paid"
    # A real pointer is over the layer while it shows (the cdp lane's gets its pointerover), but never presses it.
    assert not [event for event in pressed(agent) if "@cover" in event]


def test_what_an_overlay_says_about_itself_stays_its_own_text_in_the_message(agent: LaneAgent) -> None:
    agent.open("/hostile")
    snapshot = agent.snapshot()
    cancel = ref_of(snapshot, 'button "Cancel order"')
    _, message = agent.error("browser_click", ref=cancel)
    assert message.startswith("click_intercepted: "), message
    # The only refs the message shows unescaped are the button's and the overlay's own: the page's "@e1" is data.
    refs = re.findall(r"(?<!\\)@e\d+", message)
    assert refs[0] == cancel and len(refs) == 2 and refs[1] in snapshot and refs[1] != cancel, message
    assert '#"x), \\@e1 (button \\"Cancel order\\""' in message, message
    assert pressed(agent) == []


def test_an_element_the_page_draws_anew_as_it_scrolls_into_view_is_stale(agent: LaneAgent) -> None:
    """The element is gone once it shows: the answer says so and to take a new snapshot (the cdp lane said that its
    container clipped it out of view, which sent an agent to scroll a container that clips nothing)."""
    agent.open("/redrawn-rows")
    code, message = agent.error("browser_click", ref=ref_of(agent.snapshot(), 'button "Pizza"'))
    assert code == "controller_error" and message.startswith("stale_ref: ") and "new snapshot" in message, message


def test_a_controls_own_empty_field_laid_over_it_takes_the_press(agent: LaneAgent) -> None:
    """rsuite's InputPicker: a person's press on the box lands in its own search field, laid over it and drawing
    nothing, and the picker opens; both lanes refused it as intercepted by that field. The same field laid over a
    panel larger than the control pressed is still in the way, and nothing is pressed."""
    agent.open("/field-over-box")
    snapshot = agent.snapshot()
    agent.ok("browser_click", ref=ref_of(snapshot, 'combobox "Country"'))
    assert page_line(agent, "Searching") == "Searching"
    _, message = agent.error("browser_click", ref=ref_of(snapshot, 'button "Delete"'))
    assert message.startswith("click_intercepted: ") and "input#cover" in message, message
    assert page_line(agent, "Searching") == "Searching"


def test_typing_into_such_a_picker_goes_into_its_own_field(agent: LaneAgent) -> None:
    """The box is typed into as a person does it: a press (it lands in the search field) and the keys there. The
    extension lane took the read-only field the box hides inside as the one to type into, and refused it. Once the
    field shows the text, a double click on the box lands in it as before, and selects the word (both lanes pressed
    the box beside the field, where the text was not)."""
    agent.open("/field-over-box")
    typed = agent.ok("browser_type", ref=ref_of(agent.snapshot(), 'combobox "Country"'), text="Fra")
    assert (typed["value"], typed["role"], typed["name"]) == ("Fra", "combobox", "Country"), typed  # as it was chosen
    assert page_line(agent, "Search") == "Search: Fra"
    # the field shows the text now, and a person's double click on the box selects the word in it
    agent.ok("browser_click", ref=ref_of(agent.snapshot(), 'combobox "Country"'), double=True)
    assert page_line(agent, "Selected") == "Selected: Fra"
