"""Issue 30, item 4: the keys that scroll, the same on both lanes as with real input.

PageDown, Space and End scroll the page (PageDown from a one-line field too); PageUp and PageDown move a
textarea's caret by a page, then scroll; a read-only field's keys scroll the page; a field scrolls to show its
caret after an edit or a caret move; and a page whose scrolling the page itself turned off (``overflow: hidden``
on its root or body, as a modal's scroll lock does) does not scroll for any key. The extension lane's engine does
this (extension/engine/keyboard.js, scroll.js, fields.js); the cdp lane presses with real input, so the same test
on both lanes compares the engine with the browser. Each page reports how far it is scrolled in its title.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.lanes.action_pages import page, serve_action_pages
from tests.lanes.conftest import LaneAgent
from tests.lanes.page_reports import focus_field, press, ref_of, reported
from tests.support.pages import PageServer
from tests.support.waiting import wait_until

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

#: A long page whose buttons lock its scrolling as a modal does (``overflow: hidden`` on the body, or on the root)
#: and give the focus to a panel, as a modal takes it; one gives the focus and locks nothing. The title says how far
#: the page is scrolled, which lock is on, and what has the focus.
LOCKED = page(
    "{}",
    """<h1>Locked</h1>
<p><button id="body">Lock the body</button> <button id="root">Lock the root</button>
<button id="none">Lock nothing</button></p>
<div id="panel" tabindex="-1">A panel</div>
<div style="height: 400vh">A long page</div>
<script>
const panel = document.getElementById('panel');
const report = () => {
  document.title = JSON.stringify({ scrolled: Math.round(scrollY), body: document.body.style.overflow,
    root: document.documentElement.style.overflow, focused: document.activeElement.id || null });
};
const locks = { body: document.body, root: document.documentElement, none: null };
for (const [id, element] of Object.entries(locks)) {
  document.getElementById(id).onclick = () => {
    if (element) element.style.overflow = 'hidden';
    panel.focus();
    report();
  };
}
addEventListener('scroll', report);
for (const type of ['keyup', 'focusin']) document.addEventListener(type, report, true);
report();
</script>""",
)


#: A long page with a list that keeps its overscroll but has nothing to scroll (Shoelace's menu), and a list in a
#: shadow root that scrolls the options slotted into it (Shoelace's select).
LISTS = page(
    '{"scrolled": 0, "focused": null}',
    """<h1>Lists</h1>
<div role="listbox" aria-label="Few" style="overflow: auto; overscroll-behavior: contain; max-height: 9em">
  <div role="option" tabindex="-1">Alpha</div><div role="option" tabindex="-1">Beta</div>
</div>
<long-list id="many"></long-list>
<div style="height: 3000px"></div>
<script>
customElements.define('long-list', class extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).innerHTML =
      '<div role="listbox" aria-label="Many" style="overflow: auto; max-height: 100px"><slot></slot></div>';
  }
});
const many = document.getElementById('many');
for (let i = 1; i <= 20; i++) many.insertAdjacentHTML('beforeend', `<div role="option">Item ${i}</div>`);
const report = () => {
  const list = many.shadowRoot.firstElementChild;
  document.title = JSON.stringify({ scrolled: Math.round(scrollY), list: Math.round(list.scrollTop),
    focused: document.activeElement && document.activeElement.textContent.trim().slice(0, 5) });
};
addEventListener('scroll', report);
many.shadowRoot.firstElementChild.addEventListener('scroll', report);
for (const type of ['keyup', 'focusin']) document.addEventListener(type, report, true);
report();
</script>""",
)


#: A long page with a short list that cancels a wheel going past its end (Vaadin's combo-box list does, so that the
#: page behind stays put); the title counts the wheels the list heard and how far the page scrolled.
WHEEL_CANCELLED = page(
    '{"scrolled": 0, "wheels": 0}',
    """<h1>Wheel</h1>
<div id="list" role="listbox" aria-label="Countries" style="overflow: auto; max-height: 9em">
  <div role="option" tabindex="-1">France</div><div role="option" tabindex="-1">Spain</div>
</div>
<div style="height: 3000px"></div>
<script>
const list = document.getElementById('list');
let wheels = 0;
list.addEventListener('wheel', (event) => {
  wheels += 1;
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight <= 1;
  if ((atBottom && event.deltaY > 0) || (list.scrollTop === 0 && event.deltaY < 0)) event.preventDefault();
  report();
});
const report = () => { document.title = JSON.stringify({ scrolled: Math.round(scrollY), wheels }); };
addEventListener('scroll', report);
report();
</script>""",
)


#: One-row textareas without padding or border, each at a whole pixel of the page (the reveal's rounding is the
#: page's: at a fraction of a pixel it may scroll one more or less), in fonts and line heights where
#: the line is taller than the font, as tall, and shorter (the text overflows its line box): (font px, line px, the
#: scrollTop real keys leave after "ab", Enter, "cd", measured). Blueprint's notes, where the extension lane
#: scrolled 8 px where the browser scrolls 7, put the next double click on the other line.
REVEALED = ((12, 20, 17), (12, 13, 12), (14, 16, 16), (16, 18, 17), (19, 18, 16), (19, 30, 25))
TEXTAREAS = page(
    "{}",
    "".join(
        f'<textarea aria-label="Area {font} {line}" rows="1" style="display: block; margin: 0 0 40px;'
        f' font: {font}px sans-serif; line-height: {line}px; padding: 0; border: 0; width: 200px"></textarea>'
        for font, line, _ in REVEALED
    ),
)


@pytest.fixture(scope="module")
def pages() -> Iterator[PageServer]:
    served = {
        "/long": LONG,
        "/read-only": READ_ONLY,
        "/overflowing": OVERFLOWING,
        "/locked": LOCKED,
        "/lists": LISTS,
        "/wheel-cancelled": WHEEL_CANCELLED,
        "/textareas": TEXTAREAS,
    }
    with serve_action_pages(served) as server:
        yield server


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
    # (a smooth scroll, as the browser's: it may not have begun when the key's answer comes)
    moved = wait_until(lambda: scrolled(agent, lambda y: y > 0), 10, "PageDown to bring the caret's line up")
    first = scroll_ended(agent, moved)["scrolled"]
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


@pytest.mark.parametrize("lock", ["body", "root"])
def test_no_key_scrolls_a_page_whose_scrolling_the_page_turned_off(agent: LaneAgent, lock: str) -> None:
    """Measured with real keys: with ``overflow: hidden`` on the body (Element Plus's dialog locks the page so) or
    on the root, Space, PageDown, End and ArrowDown on a focused panel scroll nothing: a script could still scroll
    the page, a person's keys cannot. The same panel on the page unlocked scrolls it."""
    agent.open("/locked")
    agent.ok("browser_click", ref=ref_of(agent, f'button "Lock the {lock}"'))
    locked = reported(agent)
    assert locked[lock] == "hidden" and locked["focused"] == "panel", locked
    for key in (" ", "PageDown", "End", "ArrowDown", "Control+End"):
        assert press(agent, key) == locked, key
    agent.open("/locked")
    agent.ok("browser_click", ref=ref_of(agent, 'button "Lock nothing"'))
    agent.ok("browser_press", key=" ")
    wait_until(lambda: scrolled(agent, lambda y: y > 0), 10, "Space to scroll the unlocked page")


def test_a_list_that_keeps_its_overscroll_scrolls_nothing_and_a_slotted_option_scrolls_its_list(
    agent: LaneAgent,
) -> None:
    """Measured with a real wheel (the conformance oracle, Shoelace's menu and select): a box that keeps its overscroll
    ends the scroll chain even with nothing to scroll, and an option slotted into a list in a shadow root scrolls
    that list, as the flat tree lays it out. Both lanes scrolled the page behind."""
    agent.open("/lists")
    agent.ok("browser_scroll", ref=ref_of(agent, 'option "Beta"'), direction="down")
    assert reported(agent)["scrolled"] == 0
    moved = agent.ok("browser_scroll", ref=ref_of(agent, 'option "Item 3"'), direction="down")
    assert moved["target"] != "page", moved
    state = wait_until(lambda: (now := reported(agent))["list"] > 0 and now, 10, "the list to scroll (its report)")
    assert state["scrolled"] == 0, state
    agent.ok("browser_click", ref=ref_of(agent, 'option "Alpha"'))
    agent.ok("browser_press", key="PageDown")  # a real key, on the cdp lane: the page behind stays put too
    agent.ok("browser_snapshot")
    assert reported(agent)["scrolled"] == 0


def test_a_wheel_the_page_cancels_scrolls_nothing_and_the_answer_says_so(agent: LaneAgent) -> None:
    """Measured with a real wheel (the conformance oracle, Vaadin's combo box): the list hears the wheel first and
    cancels it at its end, so the page behind stays put; both lanes scrolled the page. Scrolling the page itself
    (no ref) is no wheel over anything, and scrolls it."""
    agent.open("/wheel-cancelled")
    answer = agent.ok("browser_scroll", ref=ref_of(agent, 'option "Spain"'), direction="down")
    assert answer["cancelled"] is True and answer["scrolled"] == 0, answer
    assert reported(agent) == {"scrolled": 0, "wheels": 1}
    answer = agent.ok("browser_scroll", direction="down")
    assert "cancelled" not in answer and answer["scrolled"] > 0, answer
    assert wait_until(lambda: reported(agent)["scrolled"] > 0, 10, "the page to scroll (its report)")


@pytest.mark.parametrize(("font", "line", "revealed"), REVEALED)
def test_typing_a_new_line_scrolls_a_textarea_as_far_as_real_keys_do(
    agent: LaneAgent, font: int, line: int, revealed: int
) -> None:
    """Real keys scroll a textarea the least that shows the caret, whose box Chromium draws the font's height in the
    middle of its line, or the line less the font's overflow where the font is the taller; whole pixels, rounded
    down. The cdp lane's keys are real; the extension lane's engine scrolls as they do (fields.js, revealCaret)."""
    agent.open("/textareas")
    agent.ok("browser_type", ref=ref_of(agent, f'textbox "Area {font} {line}"'), text="ab\ncd")
    scroll_top = f"document.querySelector('[aria-label=\"Area {font} {line}\"]').scrollTop"
    assert agent.evaluated(scroll_top) == revealed
