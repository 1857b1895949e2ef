"""The engine's pointer (issue 11): a click aims at where the element IS once it has stopped moving, and moves the
focus with its events whether or not the page's window has the system focus.

A page whose layout still moves (styles and fonts arriving, an animation) must not make a click miss: the
engine measures the element in one animation frame and in the next until two agree, and both lanes send the
pointer there. Here the page moves the button on each of its next frames; a single measurement (rect) lands
where the button was, the stable one (aim) where it comes to rest.

Chrome fires no focus events in a page whose window lacks the system focus (a headless browser's tabs, a window
behind another); the engine's click fires them there itself, and must not fire them a second time where Chrome
does (DevTools' focus emulation gives the page the focus a window in front has).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from hermes_extension import engine_source
from tests.extension.snapshot_harness import Frame, Tab
from tests.lanes.snapshot_grammar import ref_lines
from tests.support.pages import PageServer, serve_pages

pytestmark = pytest.mark.chromium

#: How many frames the page moves the button for (fewer than the engine's STABLE_TRIES), and how far each time.
MOVES, STEP = 6, 40

MOVING = f"""<!doctype html><title>Moving</title>
<button id="target" style="position: absolute; left: 10px; top: 10px; width: 30px; height: 30px">Go</button>
<script>
// Moves the button on each of its next MOVES frames, as late styles and fonts move what they lay out: when the
// engine's world asks (an event on the shared document), so that the engine measures in that same task, before
// the first move, however long a round trip to the page takes.
document.addEventListener('start-moving', () => window.move());
window.move = () => {{
  let left = {MOVES};
  const step = () => {{
    const button = document.getElementById('target');
    button.style.left = (parseInt(button.style.left) + {STEP}) + 'px';
    if (--left) requestAnimationFrame(step);
  }};
  requestAnimationFrame(step);
  return 0;
}};
</script>"""


#: Two fields that log every event a click gives them, as "field:type", in the order they came.
FOCUS_LOG = """<!doctype html><title>Focus</title>
<label>First <input id="first"></label> <label>Second <input id="second"></label>
<script>
window.seen = [];
for (const id of ['first', 'second']) {
  for (const type of ['mousedown', 'focus', 'focusin', 'blur', 'focusout', 'mouseup', 'click']) {
    document.getElementById(id).addEventListener(type, () => window.seen.push(id + ':' + type));
  }
}
</script>"""


#: A checkbox and a field, and a banner the test slides over them between the aim and the press (as a cookie
#: banner animating in does); every press and key the page sees is logged as "type@id".
SLIDING_BANNER = """<!doctype html><title>Banner</title>
<label>Publish <input type="checkbox" id="publish"></label>
<label>Email <input id="email"></label>
<div id="banner" style="display: none; position: fixed; inset: 0; background: #333">We use cookies</div>
<script>
window.seen = [];
// In the window's capture phase, where a page sees every event first unless a listener came before its own.
for (const type of ['mousedown', 'mouseup', 'click', 'keydown', 'beforeinput', 'input']) {
  window.addEventListener(type, (event) => window.seen.push(type + '@' + event.target.id), true);
}
window.slideIn = () => { document.getElementById('banner').style.display = 'block'; return 0; };
window.slideOut = () => { document.getElementById('banner').style.display = 'none'; return 0; };
</script>"""


#: A checkbox, a button that opens a menu over the whole window when pressed (as MUI's Select does on mousedown),
#: and a banner shown from the start but moved off-screen, that the test moves over them with the Web Animations
#: API (no DOM change, as a CSS transition makes none); presses logged as in SLIDING_BANNER.
RELEASE_PAGE = """<!doctype html><title>Release</title>
<label>Publish <input type="checkbox" id="publish"></label>
<button id="choose">Choose</button>
<div id="banner" style="position: fixed; inset: 0; background: #333; transform: translateY(100%)">We use cookies</div>
<script>
window.seen = [];
for (const type of ['mousedown', 'mouseup', 'click']) {
  const log = (event) => window.seen.push(type + '@' + (event.target.id || event.target.localName));
  window.addEventListener(type, log, true);
}
document.getElementById('choose').addEventListener('mousedown', () => {
  const menu = document.createElement('div');
  menu.id = 'menu';
  menu.style.cssText = 'position: fixed; inset: 0; background: white';
  document.body.append(menu);
});
window.slideIn = () => {
  document.getElementById('banner').animate([{ transform: 'translateY(0)' }], { duration: 0, fill: 'forwards' });
  return 0;
};
</script>"""

#: An option list that chooses on mousedown and closes at once, as Gradio's dropdown does: the list stays drawn
#: while it fades, but inert (Svelte's outro), so the release lands on the page behind it. With #pointerdown, it
#: chooses on pointerdown and is removed at once: the mousedown of the same press lands behind it too.
CLOSING_LIST = """<!doctype html><title>Closing</title>
<ul id="list" role="listbox" style="position: fixed; top: 20px; left: 20px; margin: 0; background: white">
  <li role="option" id="porto">Porto</li><li role="option" id="faro">Faro</li></ul>
<script>
window.seen = [];
window.chosen = null;
for (const type of ['mousedown', 'mouseup', 'click']) {
  const log = (event) => window.seen.push(type + '@' + (event.target.id || event.target.localName));
  window.addEventListener(type, log, true);
}
const choosesOn = window.location.hash === '#pointerdown' ? 'pointerdown' : 'mousedown';
document.getElementById('list').addEventListener(choosesOn, (event) => {
  window.chosen = event.target.id;
  const list = event.currentTarget;
  if (choosesOn === 'pointerdown') return list.remove(); // unmounted at once, before the mousedown comes
  list.inert = true;
  list.animate([{ opacity: 1 }, { opacity: 0 }], 200).finished.then(() => list.remove());
});
</script>"""

#: A checkbox low in a short page, and a banner that slides up over the lower half of the window in 400 ms once
#: the page calls slideIn() (a CSS transition, as cookie banners slide in).
ANIMATED_BANNER = """<!doctype html><title>Animated</title>
<div style="height: 70vh"></div>
<label>Publish <input type="checkbox" id="publish"></label>
<div style="height: 100vh"></div>
<div id="banner" style="position: fixed; left: 0; right: 0; bottom: 0; height: 50vh; background: #333;
  transform: translateY(100%); transition: transform 400ms linear">We use cookies</div>
<script>
window.slideIn = () => { document.getElementById('banner').style.transform = 'translateY(0)'; return 0; };
</script>"""


@pytest.fixture(scope="module")
def server() -> Iterator[PageServer]:
    pages = {
        "/moving.html": MOVING,
        "/focus.html": FOCUS_LOG,
        "/banner.html": SLIDING_BANNER,
        "/release.html": RELEASE_PAGE,
        "/animated.html": ANIMATED_BANNER,
        "/closing.html": CLOSING_LIST,
    }
    with serve_pages(pages) as served:
        yield served


def test_aim_waits_for_a_moving_button_to_come_to_rest(tab: Tab, server: PageServer) -> None:
    tab.navigate(server.url("/moving.html"))
    top = tab.top().inject()
    ref = ref_lines(top.snapshot()["text"])[0][2]
    # One measurement, taken as the button starts to move (in the same task as the page is told to move it).
    moving = top.eval(
        f"(document.dispatchEvent(new Event('start-moving')), globalThis.__hermesSnapshot.rect({json.dumps(ref)}))"
    )
    aimed = top.call("aim", ref)
    rest = top.page_eval(
        "(({left, width}) => left + width / 2)(document.getElementById('target').getBoundingClientRect())"
    )
    assert rest == 10 + MOVES * STEP + 15  # the page did move it all the way
    # A single measurement sends the pointer where the 30 px button no longer is (at least a step away).
    assert rest - moving["x"] >= STEP
    assert aimed["ok"] is True and aimed["x"] == rest, aimed


@pytest.mark.parametrize("window_focused", [False, True], ids=["window-without-focus", "window-with-focus"])
def test_a_click_moves_the_focus_with_each_of_its_events_once(
    tab: Tab, server: PageServer, window_focused: bool
) -> None:
    tab.navigate(server.url("/focus.html"))
    cdp = tab.browser.cdp
    # Another tab opened after this one takes the system focus from it; focus emulation gives it back.
    behind = cdp.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    try:
        cdp.send("Emulation.setFocusEmulationEnabled", {"enabled": window_focused}, session=tab.session)
        top = tab.top().inject()
        first, second = (line[2] for line in ref_lines(top.snapshot()["text"]))
        for ref in (first, second):
            assert top.page_eval("document.hasFocus()") is window_focused  # the case under test is the one meant
            assert top.call("click", ref)["ok"] is True
        # read before the other tab closes: the window that gets the focus back gives its field focus events
        seen = top.page_eval("window.seen.join(' ')")
    finally:
        cdp.send("Target.closeTarget", {"targetId": behind})
    assert seen == (
        "first:mousedown first:focus first:focusin first:mouseup first:click "
        "second:mousedown first:blur first:focusout second:focus second:focusin second:mouseup second:click"
    )


def real_press(tab: Tab, x: float, y: float, text: str = "") -> None:
    """A trusted press at (x, y), as the cdp lane sends it, then ``text`` inserted as the cdp lane types it."""
    cdp = tab.browser.cdp
    for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
        event = {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}
        cdp.send("Input.dispatchMouseEvent", event, session=tab.session)
    if text:
        cdp.send("Input.insertText", {"text": text}, session=tab.session)


def engine_at_document_start(tab: Tab, url: str) -> Frame:
    """The engine in ``url``'s top frame, injected as the cdp lane injects it: in its isolated world when the
    document starts, before the page's scripts."""
    cdp = tab.browser.cdp
    world = {"source": engine_source(), "worldName": "hermes-at-start", "runImmediately": True}
    cdp.send("Page.addScriptToEvaluateOnNewDocument", world, session=tab.session)
    tab.navigate(url)
    return tab.top().use_content_script_world("hermes-at-start")


@pytest.mark.parametrize("text", ["", "ada@example.com"], ids=["click", "typing"])
def test_a_real_press_that_something_slid_under_since_the_aim_is_stopped(
    tab: Tab, server: PageServer, text: str
) -> None:
    top = engine_at_document_start(tab, server.url("/banner.html"))
    refs = {name: ref for _, name, ref in ref_lines(top.snapshot()["text"])}
    aimed = top.call("aim", refs["Email" if text else "Publish"], {"guard": True, "now": bool(text)})
    top.page_eval("window.slideIn()")
    real_press(tab, aimed["x"], aimed["y"], text)
    after = top.call("settle", aimed["watch"])
    assert after["ok"] is False and after["error"]["code"] == "click_intercepted", after
    assert "(div#banner)" in after["error"]["message"], after
    # Not even the page's own listeners in the window's capture phase saw the press, nor the keys after it.
    assert top.page_eval("window.seen") == []
    assert top.page_eval("[publish.checked, email.value]") == [False, ""]
    # The guard is gone once settled: a press meant for the banner now reaches it.
    real_press(tab, aimed["x"], aimed["y"])
    assert top.page_eval("window.seen") == ["mousedown@banner", "mouseup@banner", "click@banner"]


def test_a_guarded_press_on_its_element_lands(tab: Tab, server: PageServer) -> None:
    tab.navigate(server.url("/banner.html"))
    top = tab.top().inject()
    refs = {name: ref for _, name, ref in ref_lines(top.snapshot()["text"])}
    aimed = top.call("aim", refs["Publish"], {"guard": True})
    real_press(tab, aimed["x"], aimed["y"])
    assert top.call("settle", aimed["watch"])["ok"] is True
    assert top.page_eval("[publish.checked, window.seen]") == [
        True,
        ["mousedown@publish", "mouseup@publish", "click@publish", "input@publish"],
    ]


def real_mouse(tab: Tab, kind: str, x: float, y: float) -> None:
    event = {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}
    tab.browser.cdp.send("Input.dispatchMouseEvent", event, session=tab.session)


def test_a_real_release_over_something_that_slid_there_after_the_press_went_down_is_stopped(
    tab: Tab, server: PageServer
) -> None:
    top = engine_at_document_start(tab, server.url("/release.html"))
    refs = {name: ref for _, name, ref in ref_lines(top.snapshot()["text"])}
    aimed = top.call("aim", refs["Publish"], {"guard": True})
    real_mouse(tab, "mouseMoved", aimed["x"], aimed["y"])
    real_mouse(tab, "mousePressed", aimed["x"], aimed["y"])
    top.page_eval("window.slideIn()")
    real_mouse(tab, "mouseReleased", aimed["x"], aimed["y"])
    after = top.call("settle", aimed["watch"])
    # The browser would have sent the click to <body>, around both: the checkbox never got it, and no ok says so.
    assert after["ok"] is False and after["error"]["code"] == "click_intercepted", after
    assert after["error"]["stopped"] is True and "(div#banner)" in after["error"]["message"], after
    assert top.page_eval("[publish.checked, window.seen]") == [False, ["mousedown@publish"]]


def test_a_real_release_over_what_the_press_opened_is_the_press_meant(tab: Tab, server: PageServer) -> None:
    top = engine_at_document_start(tab, server.url("/release.html"))
    refs = {name: ref for _, name, ref in ref_lines(top.snapshot()["text"])}
    aimed = top.call("aim", refs["Choose"], {"guard": True})
    real_press(tab, aimed["x"], aimed["y"])
    assert top.call("settle", aimed["watch"])["ok"] is True
    assert top.page_eval("window.seen") == ["mousedown@choose", "mouseup@menu", "click@body"]


@pytest.mark.parametrize(
    ("chooses_on", "events"),
    [
        ("mousedown", ["mousedown@faro", "mouseup@html", "click@html"]),
        # Chrome sends the press's mousedown to what holds the removed option, and no click
        ("pointerdown", ["mousedown@body", "mouseup@html"]),
    ],
)
def test_a_real_press_where_the_element_no_longer_takes_the_pointer_once_it_went_down_is_the_press_meant(
    tab: Tab, server: PageServer, chooses_on: str, events: list[str]
) -> None:
    """The press went down on the option and chose it; its list closing is no banner sliding over it, and the rest
    of the press lands where a person's would, unstopped."""
    top = engine_at_document_start(tab, server.url(f"/closing.html#{chooses_on}"))
    refs = {name: ref for _, name, ref in ref_lines(top.snapshot()["text"])}
    aimed = top.call("aim", refs["Faro"], {"guard": True})
    real_press(tab, aimed["x"], aimed["y"])
    assert top.call("settle", aimed["watch"])["ok"] is True
    assert top.page_eval("[window.chosen, window.seen]") == ["faro", events]


def test_aim_waits_for_a_banner_sliding_in_and_finds_a_point_it_leaves_clear(tab: Tab, server: PageServer) -> None:
    tab.navigate(server.url("/animated.html"))
    top = tab.top().inject()
    ref = ref_lines(top.snapshot()["text"])[0][2]
    top.page_eval("window.slideIn()")
    aimed = top.call("aim", ref, {"guard": True})
    assert aimed["ok"] is True, aimed
    # Once the banner is in place, the point still hits the checkbox: measured before the slide ended, it would be
    # under the banner (the checkbox started at 70% of the window's height, the banner covers its lower half).
    top.page_eval("Promise.all(document.getAnimations().map((each) => each.finished)).then(() => 0)", True)
    hit = top.page_eval(f"document.elementFromPoint({aimed['x']}, {aimed['y']}).id")
    assert hit == "publish", aimed
