"""The extension lane's model of what a double click selects (extension/engine/words.js), held to Chromium's own.

Synthetic mouse events select nothing, so the extension lane's presses select what Chromium's would
(``selectByPress``): the caret at the first press, the word at a double click's second. This test holds that model
to the browser on pages nobody wrote for it: at points sampled over Python's documentation and two widget
libraries' pages, a real double click (CDP input) and the model, each from the same state, must select the same
text. A point where the real double click selects inside a field is left out (the field's own selection is the
typing tests' business).

The pages' own listeners are stopped first (a capturing listener on window, added before any of the page's
scripts), so that what is compared is the browser's default alone: a page's handlers run alike on both lanes,
whatever the model does, and must not open or move anything between one point and the next.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conformance.corpus import page_path, serve_corpus
from tests.conftest import scaled
from tests.extension.snapshot_harness import Frame, Tab
from tests.support.pages import PageServer, serve_pages
from tests.support.waiting import wait_for

pytestmark = pytest.mark.chromium

PY_DOCS = Path("/usr/share/doc/python3.11/html")
#: At most this share of the compared points may differ. Measured on Chromium 156: the model before this test
#: differed at 16 of 70 (Base Web), 43 of 150 (functions.html), 13 of 86 (Chakra) and 6 of 107 (introduction.html);
#: the model now at 0, 2, 1 and 1 (blank space beside a nav bar's last item, a sidebar's line ends).
MOST_DIFFERING = 0.03
POINTS_PER_PAGE = 150

#: Stops the page's own listeners of every event a press, a focus change or a selection gives it, before they run.
STOP_PAGE_LISTENERS = """(function () {
  var types = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick', 'auxclick', 'contextmenu',
    'selectstart', 'selectionchange', 'focus', 'focusin', 'blur', 'focusout', 'pointerover', 'pointerenter',
    'mouseover', 'mouseenter', 'pointermove', 'mousemove', 'pointerout', 'mouseout', 'pointerleave', 'mouseleave'];
  types.forEach(function (type) {
    window.addEventListener(type, function (event) {
      event.stopImmediatePropagation();
      if (type === 'click' || type === 'auxclick' || type === 'contextmenu') event.preventDefault();
    }, true);
  });
  document.addEventListener('selectionchange', function (event) { event.stopImmediatePropagation(); }, true);
})();"""

#: Where a person double-clicks: the centre of each element that a press there hits, and a point at the right end
#: of each wide one (the blank past a line's text), in view; shuffled by a fixed seed, the first ``limit``.
SAMPLE_POINTS = """(function (limit) {
  var points = [], seen = new Set();
  function add(x, y) {
    x = Math.round(x); y = Math.round(y);
    if (x < 2 || y < 2 || x >= innerWidth - 2 || y >= innerHeight - 2 || seen.has(x + ',' + y)) return;
    seen.add(x + ',' + y);
    points.push([x, y]);
  }
  document.querySelectorAll('body *').forEach(function (el) {
    var box = el.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return;
    var y = box.top + box.height / 2;
    if (document.elementFromPoint(box.left + box.width / 2, y) === el) add(box.left + box.width / 2, y);
    if (box.width > 40 && document.elementFromPoint(box.right - 6, y) === el) add(box.right - 6, y);
  });
  var seed = 12345;
  for (var i = points.length - 1; i > 0; i--) {
    seed = (seed * 16807) % 2147483647;
    var j = seed % (i + 1), swap = points[i];
    points[i] = points[j];
    points[j] = swap;
  }
  return points.slice(0, limit);
})"""

#: What is selected: in the focused field ("field"), or the document's selection ("none", "Caret", "Range <text>").
SELECTED = """(function () {
  var active = document.activeElement;
  if (active && active !== document.body && typeof active.selectionStart === 'number') return 'field';
  var selection = getSelection();
  return selection.rangeCount ? selection.type + ' ' + JSON.stringify(selection.toString()) : 'none';
})()"""

#: Back to the start: nothing selected, nothing focused.
CLEAR = """(function () {
  getSelection().removeAllRanges();
  if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
  return 0;
})()"""

#: The model's two presses at (x, y) on what a press there hits, in the engine's world.
MODEL_DOUBLE_CLICK = """(function (x, y) {
  var engine = globalThis.__hermesEngine, hit = engine.deepElementFromPoint(x, y);
  if (hit) { engine.selectByPress(hit, x, y, 1); engine.selectByPress(hit, x, y, 2); }
  return 0;
})"""

PAGES = [
    "/doc/library/functions.html",
    "/doc/tutorial/introduction.html",
    "corpus:baseui.html",
    "corpus:chakra.html",
]


#: Form controls of every kind, each alone on a paragraph twice: between two paragraphs of text, and last in the
#: document. Chromium's word search reads text by runs of inline content, and each kind sits in them otherwise.
CONTROLS = {
    "text": "<input>",
    "number": "<input type=number>",
    "password": "<input type=password>",
    "textarea": "<textarea rows=1></textarea>",
    "select": "<select><option>One</option></select>",
    "progress": "<progress></progress>",
    "checkbox": "<input type=checkbox>",
    "radio": "<input type=radio>",
    "image": '<img width=20 height=20 alt="" style="background: #888">',
    "date": "<input type=date>",
    "time": "<input type=time>",
    "range": "<input type=range>",
    "color": "<input type=color>",
    "button": "<button>Go</button>",
}
#: Left out: a meter and a file input, where the real press selects in their own shadow tree (a file input's "No file
#: chosen" gives "chosen"), which no script can select; the page's selection API shows the same collapsed range.
CONTROL_PAGE = """<!doctype html><title>Controls</title>
<style>body {{ font: 16px monospace; margin: 10px }} p {{ margin: 0 0 10px }}</style>
<p>Alpha beta</p><p id="between">{control}</p><p>Gamma delta</p>
<p>Last words</p><p id="last">{control}</p>"""

#: A heading, a toolbar of icon buttons (no text) and an editor, as Quill lays out its header picker and its editor.
ICONS_BEFORE_AN_EDITOR = """<!doctype html><title>Icons</title>
<style>body { font: 16px monospace; margin: 10px } .bar span { display: inline-block; width: 24px; height: 24px }
svg { pointer-events: none }</style>
<h1>Title</h1>
<div class="bar"><span id="icon" tabindex="0" role="button"><svg width="18" height="18"><rect width="18"
  height="18"></rect></svg></span></div>
<div contenteditable="true"><p>First line</p></div>"""


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[PageServer, PageServer]]:
    if not PY_DOCS.is_dir():
        pytest.fail(f"{PY_DOCS} is missing: apt-get install -y python3.11-doc")
    controls = {f"/controls/{kind}": CONTROL_PAGE.format(control=html) for kind, html in CONTROLS.items()}
    controls["/icons-before-an-editor"] = ICONS_BEFORE_AN_EDITOR
    with serve_pages(controls, folder=PY_DOCS, mount="/doc/") as docs, serve_corpus() as corpus:
        yield docs, corpus


def real_double_click(tab: Tab, x: float, y: float) -> None:
    cdp = tab.browser.cdp
    cdp.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y}, session=tab.session)
    for count in (1, 2):
        for kind, buttons in (("mousePressed", 1), ("mouseReleased", 0)):
            event = {"type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": count}
            cdp.send("Input.dispatchMouseEvent", event, session=tab.session)


def opened(tab: Tab, servers: tuple[PageServer, PageServer], page: str) -> Frame:
    docs, corpus = servers
    url = corpus.url(page_path(page.removeprefix("corpus:"))) if page.startswith("corpus:") else docs.url(page)
    tab.browser.cdp.send("Page.addScriptToEvaluateOnNewDocument", {"source": STOP_PAGE_LISTENERS}, session=tab.session)
    tab.navigate(url)
    frame = tab.top().inject()
    if page.startswith("corpus:"):
        wait_for(lambda: frame.page_eval("window.__ready === true"), scaled(20), f"{page} ready")
    frame.page_eval("document.fonts.ready.then(() => 0)", await_promise=True)
    return frame


@pytest.mark.parametrize("page", PAGES)
def test_a_double_click_selects_what_chromium_selects(
    tab: Tab, servers: tuple[PageServer, PageServer], page: str
) -> None:
    frame = opened(tab, servers, page)
    points = frame.page_eval(f"{SAMPLE_POINTS}({POINTS_PER_PAGE})")
    assert len(points) >= 40, f"only {len(points)} points to press on {page}"
    compared, differing = 0, []
    for x, y in points:
        frame.page_eval(CLEAR)
        real_double_click(tab, x, y)
        real = frame.page_eval(SELECTED)
        if real == "field":
            continue
        frame.page_eval(CLEAR)
        frame.eval(f"{MODEL_DOUBLE_CLICK}({x}, {y})")
        model = frame.page_eval(SELECTED)
        compared += 1
        if model != real:
            hit = frame.page_eval(
                f"(function () {{ var e = document.elementFromPoint({x}, {y}); return e.outerHTML.slice(0, 120); }})()"
            )
            differing.append(f"({x}, {y}) real {real}, model {model}: {hit}")
    assert compared >= 40, f"only {compared} points outside fields on {page}"
    assert len(differing) <= MOST_DIFFERING * compared, (
        f"{len(differing)} of {compared} double clicks select otherwise than Chromium's:\n" + "\n".join(differing)
    )


def test_a_double_click_beside_a_form_control_selects_what_chromium_selects(
    tab: Tab, servers: tuple[PageServer, PageServer]
) -> None:
    """In the blank past a control that ends its paragraph, and below the document's last control (where the second
    press of a double click lands once its first closed a calendar: Flatpickr's, whose last field is under its
    label): a text field, a drop-down or a progress bar is passed over, so the word is the paragraph's before it; a
    checkbox, a radio button or an image is a word of its own at the document's end; a date, time, range or colour
    input takes the press before it and selects nothing. Measured with real input on Chromium 156."""
    differing = []
    for kind in CONTROLS:
        frame = opened(tab, servers, f"/controls/{kind}")
        points = frame.page_eval(
            "(function () { var box = document.getElementById('between').getBoundingClientRect();"
            " return [[400, box.top + box.height / 2], [400, document.getElementById('last')"
            ".getBoundingClientRect().bottom + 60]]; })()"
        )
        for place, (x, y) in zip(("beside it", "below the last"), points, strict=True):
            frame.page_eval(CLEAR)
            real_double_click(tab, x, y)
            real = frame.page_eval(SELECTED)
            frame.page_eval(CLEAR)
            frame.eval(f"{MODEL_DOUBLE_CLICK}({x}, {y})")
            model = frame.page_eval(SELECTED)
            if model != real:
                differing.append(f"{kind}, {place}: real {real}, model {model}")
    assert not differing, "\n".join(differing)


def test_a_double_click_on_icons_before_an_editor_selects_up_to_the_editor(
    tab: Tab, servers: tuple[PageServer, PageServer]
) -> None:
    """A press on a box of icons takes the caret's place before it, the heading's end; an editor follows, so that is
    a paragraph's end, not the document's: the line break up to the editor's first line is selected, not the word
    before (Quill's header picker: its toolbar, then its editor)."""
    frame = opened(tab, servers, "/icons-before-an-editor")
    x, y = frame.page_eval(
        "(function () { var box = document.getElementById('icon').getBoundingClientRect();"
        " return [box.left + box.width / 2, box.top + box.height / 2]; })()"
    )
    frame.page_eval(CLEAR)
    real_double_click(tab, x, y)
    real = frame.page_eval(SELECTED)
    frame.page_eval(CLEAR)
    frame.eval(f"{MODEL_DOUBLE_CLICK}({x}, {y})")
    assert (real, frame.page_eval(SELECTED)) == ('Range "\\n"', 'Range "\\n"')
