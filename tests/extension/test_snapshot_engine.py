"""The shared snapshot engine (the ``extension/engine/`` files) in real headless Chromium.

The engine runs where both lanes run it: in an isolated world of each frame (created here with
``Page.createIsolatedWorld``, as the CDP lane does; the extension's ``executeScript`` uses the same kind of
world).  Cross-origin iframes are out-of-process and reached through their own auto-attached CDP session.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import scaled
from tests.extension.ax_agreement import views
from tests.extension.snapshot_harness import Frame, Tab
from tests.lanes.snapshot_grammar import parse_snapshot, ref_lines
from tests.support.pages import PageServer, serve_pages

pytestmark = pytest.mark.chromium

PY_DOCS = Path("/usr/share/doc/python3.11/html")
STDTYPES = PY_DOCS / "library" / "stdtypes.html"

FORM_PAGE = """<!doctype html><html><head><title>Form</title></head><body>
<nav aria-label="Main Menu"><ul><li><a href="/">Home</a></li><li><a href="/about">About <b>us</b></a></li></ul></nav>
<main><h1>Welcome</h1>
<p>Some intro text with a <a href="#x">link</a> inside.</p>
<form aria-label="Signup">
<label for="email">Email</label> <input id="email" type="email" value="alice@example.com">
<label>Name <input id="name" placeholder="Your name"></label>
<input aria-label="Phone" type="tel">
<span id="lbl">Street</span><input aria-labelledby="lbl">
<input placeholder="City only">
<input title="Zip title" placeholder="Zip placeholder">
<input type="password" id="pw" value="hunter2"><label for="pw">Password</label>
<select id="c"><option>France</option><option selected>Germany</option></select><label for="c">Country</label>
<input type="checkbox" id="cb" checked><label for="cb">Remember me</label>
<label><input type="radio" name="r" value="a"> Alpha</label><label><input type="radio" name="r" checked> Beta</label>
<button type="submit">Sign Up</button>
<input type="submit"> <input type="reset"> <input type="button" value="Press">
<input type="number" aria-label="Qty" value="3"> <input type="range" aria-label="Vol">
<input type="search" aria-label="Find">
<textarea aria-label="Bio">hello
there</textarea>
<input type="date" aria-label="When"> <input type="color" aria-label="Colour"> <input type="file" aria-label="Upload">
<div contenteditable="true" aria-label="Editor">edit me</div>
<details><summary>More</summary><p>hidden detail</p></details>
<div role="button" tabindex="0">Div button</div>
<a href="#" title="Only title"><img src="x.png" alt=""></a>
<a href="#"><img src="y.png" alt="Logo"></a>
<button aria-pressed="true">Bold</button><button aria-expanded="false">Menu</button>
<button disabled>Nope</button>
<div style="display:none"><button>Hidden1</button></div>
<div style="visibility:hidden"><button>Hidden2</button><button style="visibility:visible">Shown3</button></div>
<div aria-hidden="true"><button>Hidden4</button></div>
<button hidden>Hidden5</button>
<h2>Sub <a href="#p">¶</a></h2>
</form></main>
<footer>Footer text</footer>
</body></html>"""

NAMES_PAGE = """<!doctype html><html><head><title>Names</title>
<style>.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}</style></head><body>
<span id="h1" hidden>Hidden label</span><span id="v1">Visible</span>
<button aria-labelledby="v1 h1">x</button>
<label for="q">Quantity <select><option>1</option><option selected>2</option></select> items</label><input id="q">
<label>Count <input type="number" value="5"></label>
<button><img src="a.png" alt="Trash"> Delete</button>
<button><span>Add</span><span>to cart</span></button>
<button><div>Line1</div><div>Line2</div></button>
<a href="#" aria-label="Close dialog">X</a>
<a href="#">Read&nbsp;more   about   it</a>
<a href="#"><span class="sr">Skip to</span> content</a>
<fieldset><legend>Shipping</legend><input aria-label="Addr"></fieldset>
<input type="image" src="go.png" alt="Go"> <input type="image" src="go.png">
<select aria-label="Size"><option label="Small">S</option><option>Medium</option></select>
<div role="checkbox" aria-checked="true" tabindex="0">Agree</div>
<div role="tab" aria-selected="true">Tab one</div>
<ul role="listbox" aria-label="Fruits"><li role="option" aria-selected="true">Apple</li><li role="option">Pear</li></ul>
<div role="switch" aria-checked="false" aria-label="Wifi"></div>
<a href="#"><div>Card title</div><p>Card body</p></a>
<button title="Tip only"></button> <a href="#" title="T">Content wins</a>
<input aria-label="  " placeholder="ph">
<label for="multi">One</label><label for="multi">Two</label><input id="multi">
<div role="textbox" aria-label="Rich" contenteditable="true">abc</div>
<div role="combobox" aria-expanded="false" aria-label="Pick" tabindex="0">opt</div>
<h3 aria-label="Labelled heading">Inner</h3>
<a href="#"><svg width="10" height="10"><title>Icon title</title></svg></a>
<a href="#"><svg width="10" height="10" aria-label="Svg label"></svg></a>
<menu><li><button role="menuitem">Item A</button></li></menu>
<table><tr><th>Name</th><th>Action</th></tr><tr><td>Bob</td><td><button>Edit Bob</button></td></tr></table>
<a href="#">Text <em>emph</em> and <code>code</code>.</a>
<label for="lh">Visible <span style="display:none">hidden part</span> label</label><input id="lh">
<label id="wrap"><button>Inner</button> text</label><input aria-labelledby="wrap">
<span id="a1" aria-labelledby="a2">A</span><span id="a2" aria-labelledby="a1">B</span>
<button aria-labelledby="a1 a2">Z</button>
<input type="file"> <input type="file" multiple title="Tip"> <label>Menu <input type="file"></label>
<div role="listbox" aria-label="Toppings"><div role="option" aria-selected="false"><label><input type="checkbox"
aria-labelledby="ham"><span id="ham">Ham</span></label></div></div>
<span id="outside">Outside</span><div role="tab" aria-selected="false"><input type="checkbox"
aria-labelledby="outside"> Basil</div>
<style>[data-content]::after{content:attr(data-content);display:block;height:1px;overflow:hidden;visibility:hidden}</style>
<div role="tablist" aria-label="Pivot"><button role="tab" aria-selected="false" data-content="History"><span>
History</span></button></div>
<div role="separator"><button>More options</button></div>
<input id="unshown" type="file" hidden><label for="unshown" style="cursor: pointer">Browse</label>
<button class="calendar svelte-16sct4k"><svg width="10" height="10"></svg></button>
<button class="share padded svelte-1ed2p3z"><svg width="10" height="10"></svg></button>
<input class="widget-readout overflow" style="width: 3em" aria-hidden="false">
<style>.dx-item-content::before { content: "_" / ""; }</style>
<div role="listbox" aria-label="Items"><div role="option"><div class="dx-item-content">Medium</div></div></div>
<table role="grid" aria-label="December 2026"><tr><td role="gridcell"><button aria-label="20, December, 2026">
20</button></td></tr></table>
<div id="host"></div>
<script>
const root = document.getElementById('host').attachShadow({mode: 'open'});
root.innerHTML = '<label for="sh">Shadow field</label><input id="sh"><button>Shadow button</button>';
</script>
</body></html>"""

# Chromium exposes a few controls with internal roles that are not ARIA roles; the engine gives the closest
# ARIA role an agent can act on.
REACT_PAGE = """<!doctype html><html><head><title>React-ish</title></head><body>
<label for="react">Nickname</label><input id="react">
<select id="country" aria-label="Country"><option value="fr">France</option><option value="de">Germany</option>
<option value="es">Spain</option></select>
<label><input type="checkbox" id="agree"> I agree</label>
<div id="ed" contenteditable="true" aria-label="Notes">old text</div>
<div role="combobox" aria-label="City picker" aria-expanded="false"><input id="city" aria-label="City"></div>
<script>
// What React does for a controlled <input>: a value tracker on the instance. onChange runs only if the value
// seen at 'input' time differs from the last value set through the property, and the component re-renders.
const input = document.getElementById('react');
const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
let tracked = input.value;
window.reactState = ''; window.reactChanges = 0;
Object.defineProperty(input, 'value', {configurable: true,
  get() { return native.get.call(this); },
  set(v) { tracked = String(v); native.set.call(this, v); }});
document.addEventListener('input', (e) => {
  if (e.target !== input) return;
  const now = native.get.call(input);
  if (now === tracked) return;
  tracked = now; window.reactChanges++;
  window.reactState = now.toUpperCase();   // a controlled component that transforms what it is given
  input.value = window.reactState;         // the re-render, through the tracked setter
});
window.selectEvents = [];
const sel = document.getElementById('country');
sel.addEventListener('input', () => window.selectEvents.push('input:' + sel.value));
sel.addEventListener('change', () => window.selectEvents.push('change:' + sel.value));
window.agreeChanges = 0;
document.getElementById('agree').addEventListener('change', () => window.agreeChanges++);
window.notes = [];
document.getElementById('ed').addEventListener('input', (e) => window.notes.push(e.target.textContent));
</script></body></html>"""

CLICK_PAGE = """<!doctype html><html><head><title>Click</title></head><body>
<div style="height:2500px">spacer</div>
<button id="b" style="width:120px;height:40px">Far button</button>
<div style="height:2500px"></div>
<script>
window.events = [];
const b = document.getElementById('b');
for (const t of ['pointerover','pointerenter','mouseover','mouseenter','pointermove','mousemove','pointerdown',
                 'mousedown','focus','pointerup','mouseup','click']) {
  b.addEventListener(t, (e) => {
    const r = b.getBoundingClientRect();
    const inside = e.clientX === undefined
      || (e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom);
    window.events.push({type: t, x: e.clientX, y: e.clientY, trusted: e.isTrusted, inside});
  });
}
</script></body></html>"""

PRESS_PAGE = """<!doctype html><html><head><title>Press</title></head><body>
<form id="f1"><label>Query <input id="q" name="q"></label><button id="go">Go</button></form>
<form id="f2"><input id="solo" aria-label="Solo"></form>
<input id="after" aria-label="After">
<div id="box" style="height:100px;overflow:auto">
  <div style="height:1000px">tall<button id="inner">Inner</button></div></div>
<div style="height:3000px"></div>
<script>
window.submits = [];
for (const f of document.forms) f.addEventListener('submit', (e) => {
  e.preventDefault();
  window.submits.push({form: f.id, submitter: e.submitter ? e.submitter.id : null,
                       data: Object.fromEntries(new FormData(f))});
});
window.keys = [];
document.addEventListener('keydown', (e) => window.keys.push('down:' + e.key));
document.addEventListener('keyup', (e) => window.keys.push('up:' + e.key));
</script></body></html>"""

PASSWORD_PAGE = """<!doctype html><html><head><title>Login</title></head><body>
<form><label for="user">User</label><input id="user" value="alice">
<label for="pw">Password</label><input type="password" id="pw" value="s3cr3t-initial">
<button aria-labelledby="pw">x</button>
<label>Confirm <input type="password" value="s3cr3t-confirm"></label>
<button>Log in</button></form></body></html>"""

STALE_PAGE = """<!doctype html><html><head><title>Stale</title></head><body>
<button id="keep">Keep</button><button id="gone">Gone soon</button><a href="#a">A link</a>
</body></html>"""

OUTER_PAGE = """<!doctype html><html><head><title>Outer</title></head><body>
<h1>Shop</h1><button id="outer">Outer button</button>
<iframe id="pay" title="Payment" src="{child}"
  style="width:400px;height:200px;border:2px solid #000;margin-left:30px"></iframe>
<iframe title="Hidden frame" src="{child}?hidden" style="display:none"></iframe>
<a href="#end">After frame</a>
</body></html>"""

INNER_PAGE = """<!doctype html><html><head><title>Inner</title></head><body>
<label for="card">Card number</label><input id="card"><button id="pay">Pay now</button>
<script>window.clicks = 0; document.getElementById('pay').addEventListener('click', () => window.clicks++);</script>
</body></html>"""

MISC_PAGE = """<!doctype html><html><head><title>Misc</title><style>.c{cursor:pointer}</style></head><body>
<table><tr><td>Layout cell one</td><td><a href="#l">Layout link</a></td></tr></table>
<table><tr><th>Key</th><th>Value</th></tr><tr><td>a</td><td>1</td></tr></table>
<div class="c" id="fake"><span>Fake</span> <span>link</span></div>
<label class="c"><input type="checkbox"> Pointer label</label>
<div class="c"><button>Real button</button></div>
<section inert><button>Inert button</button></section>
<p>Before the dialog</p>
<dialog id="dlg" aria-label="Confirm"><p>Really?</p><button>Yes</button></dialog>
<script>window.fake = 0; document.getElementById('fake').addEventListener('click', () => window.fake++);</script>
</body></html>"""

SAME_ORIGIN_OUTER = """<!doctype html><html><head><title>Same</title></head><body>
<button>Top button</button><iframe title="Inner same" src="/inner.html" style="margin:10px;border:0"></iframe>
</body></html>"""


def big_page(sections: int) -> str:
    long_text = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. " * 6
    parts = ["<!doctype html><html><head><title>Big</title></head><body><main>"]
    for i in range(sections):
        parts.append(
            f"<h2>Section {i}</h2><p>{long_text} marker-{i}</p><p>Short note {i}.</p>"
            f"<button>Save {i}</button><button>Delete {i}</button><a href='#s{i}'>Link {i}</a>"
        )
    parts.append("</main></body></html>")
    return "".join(parts)


EXTENSION_NAME = "Hermes snapshot engine test"


# ----- fixtures ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def other_server() -> Iterator[PageServer]:
    with serve_pages({"/inner.html": INNER_PAGE}) as server:
        yield server


@pytest.fixture(scope="module")
def server(other_server: PageServer) -> Iterator[PageServer]:
    pages = {
        "/form.html": FORM_PAGE,
        "/names.html": NAMES_PAGE,
        "/react.html": REACT_PAGE,
        "/click.html": CLICK_PAGE,
        "/press.html": PRESS_PAGE,
        "/password.html": PASSWORD_PAGE,
        "/stale.html": STALE_PAGE,
        "/big.html": big_page(200),
        "/misc.html": MISC_PAGE,
        "/inner.html": INNER_PAGE,
        "/same.html": SAME_ORIGIN_OUTER,
        # cross-origin (and cross-site): localhost on another port, inside a page on 127.0.0.1
        "/outer.html": OUTER_PAGE.format(child=other_server.url("/inner.html", other=True)),
    }
    with serve_pages(pages, folder=PY_DOCS if PY_DOCS.is_dir() else None, mount="/doc/") as server:
        yield server


def open_page(tab: Tab, server: PageServer, path: str) -> Frame:
    tab.navigate(server.url(path))
    return tab.top().inject()


def line_of(text: str, needle: str) -> str:
    for line in text.split("\n"):
        if needle in line:
            return line.strip()
    raise AssertionError(f"no line with {needle!r} in:\n{text}")


# ----- roles and names --------------------------------------------------------------------------------


def test_form_page_roles_names_states_and_landmarks(tab: Tab, server: PageServer) -> None:
    top = open_page(tab, server, "/form.html")
    snap = top.snapshot()
    text = snap["text"]
    assert snap["ok"] is True and snap["isTop"] is True and "frameToken" not in snap
    assert snap["truncated"] is False
    assert text.startswith('- navigation "Main Menu":\n')
    assert re.search(r'^  - list:\n    - link "Home" @e1\n    - link "About us" @e2$', text, re.M)
    assert '\n- main:\n  - heading "Welcome" [level=1]\n' in text
    assert '- form "Signup":' in text
    assert re.fullmatch(r'- textbox "Email" @e\d+: alice@example\.com', line_of(text, '"Email"'))
    assert re.fullmatch(r'- textbox "Name" @e\d+', line_of(text, '"Name"'))  # wrapping label beats placeholder
    assert re.fullmatch(r'- textbox "Phone" @e\d+', line_of(text, '"Phone"'))
    assert re.fullmatch(r'- textbox "Street" @e\d+', line_of(text, 'textbox "Street"'))
    assert re.fullmatch(r'- textbox "City only" @e\d+', line_of(text, '"City only"'))
    assert re.fullmatch(r'- textbox "Zip title" @e\d+', line_of(text, '"Zip title"'))
    # a dot a character, as the page draws it and Chromium's tree gives it: its characters never
    assert re.fullmatch(r'- textbox "Password" \[password\] @e\d+: \u2022{7}', line_of(text, '"Password"'))
    assert re.fullmatch(r'- combobox "Country" @e\d+: Germany', line_of(text, '"Country"'))
    assert '- option "Germany" [selected]' in text and '- option "France"' in text
    assert re.fullmatch(r'- checkbox "Remember me" \[checked\] @e\d+', line_of(text, '"Remember me"'))
    assert re.fullmatch(r'- radio "Alpha" @e\d+', line_of(text, '"Alpha"'))
    assert re.fullmatch(r'- radio "Beta" \[checked\] @e\d+', line_of(text, '"Beta"'))
    assert re.fullmatch(r'- button "Sign Up" @e\d+', line_of(text, '"Sign Up"'))
    assert re.fullmatch(r'- button "Submit" @e\d+', line_of(text, '"Submit"'))
    assert re.fullmatch(r'- spinbutton "Qty" @e\d+: 3', line_of(text, '"Qty"'))
    assert re.fullmatch(r'- textbox "Bio" @e\d+: hello there', line_of(text, '"Bio"'))
    assert re.fullmatch(r'- textbox "Editor" @e\d+: edit me', line_of(text, '"Editor"'))
    assert re.fullmatch(r'- button "More" \[expanded=false\] @e\d+', line_of(text, '"More"'))
    assert re.fullmatch(r'- button "Div button" @e\d+', line_of(text, '"Div button"'))
    assert re.fullmatch(r'- link "Logo" @e\d+', line_of(text, '"Logo"'))
    assert re.fullmatch(r'- button "Bold" \[pressed\] @e\d+', line_of(text, '"Bold"'))
    assert re.fullmatch(r'- button "Menu" \[expanded=false\] @e\d+', line_of(text, '"Menu"'))
    assert re.fullmatch(r'- button "Nope" \[disabled\] @e\d+', line_of(text, '"Nope"'))
    assert re.search(r'- heading "Sub ¶" \[level=2\]:\n\s+- link "¶" @e\d+', text)
    assert "- contentinfo: Footer text" in text
    # hidden content is skipped, a visible child of a visibility:hidden parent is not
    for hidden in ("Hidden1", "Hidden2", "Hidden4", "Hidden5", "hidden detail"):
        assert hidden not in text
    assert "Shown3" in text
    # label text is not repeated beside its control, and nothing generic is left
    assert "text: Email" not in text and "generic" not in text
    refs = [r for _, _, r in ref_lines(text)]
    assert len(refs) == len(set(refs)) == len(snap["refs"]) and set(refs) == set(snap["refs"])
    assert snap["nextRef"] == len(refs) + 1
    assert snap["stats"]["links"] == 6 and snap["stats"]["textboxes"] == 13


@pytest.mark.parametrize("path", ["/form.html", "/names.html"])
def test_roles_and_names_agree_with_chromium_accessibility_tree(tab: Tab, server: PageServer, path: str) -> None:
    """Every ref's role and name is Chromium's (the fidelity corpus has its own test: test_snapshot_agreement)."""
    top = open_page(tab, server, path)
    compared = views(tab, top, top.snapshot(full=True)["text"])
    mismatches = [view for view in compared if (view.role, view.name) != (view.chromium_role, view.chromium_name)]
    assert len(compared) >= 30
    assert not mismatches, mismatches


def test_what_h2o_waves_fluent_widgets_draw_is_there_to_act_on(tab: Tab, server: PageServer) -> None:
    """What an agent could not find in an H2O Wave app (Fluent UI v8), each on both lanes: the expander's button,
    inside a separator the snapshot left out with what it held; the uploader's "Browse", the label of a hidden file
    input, which had no ref (a person presses it, and browser_file_upload takes it); a tab named "History History",
    its label repeated in a hidden ::after (Chromium: "History"); and a calendar's day, a gridcell holding its button,
    which had no name where Chromium names it by the button's."""
    text = open_page(tab, server, "/names.html").snapshot(full=True)["text"]
    assert re.search(r'^- separator:\n  - button "More options" @e\d+$', text, re.M), text
    assert re.search(r"^- generic @e\d+: Browse$", text, re.M), text
    assert re.search(r'^  - tab "History" @e\d+$', text, re.M), text
    # and Gradio's icon buttons (Svelte's): hinted by the words of their class, not by Svelte's scoped class
    assert re.search(r"^- button \[hint=calendar\] @e\d+$", text, re.M), text
    assert re.search(r"^- button \[hint=share\] @e\d+$", text, re.M), text
    # ipywidgets' slider readout gets an "overflow" class while its text overflows it (Voila, tried as a user would):
    # a state, not the field's word, so its hint stays
    assert re.search(r"^- textbox \[hint=widget-readout\] @e\d+$", text, re.M), text
    # DevExtreme's list items draw "_" before their text with no text for assistive technology ("_" / ""): Chromium
    # names them by their text alone
    assert re.search(r'^  - option "Medium" @e\d+$', text, re.M), text
    day = '^    - gridcell "20, December, 2026" @e\\d+:\n      - button "20, December, 2026" @e\\d+$'
    assert re.search(day, text, re.M), text


def test_layout_tables_clickable_divs_inert_content_and_modal_dialogs(tab: Tab, server: PageServer) -> None:
    top = open_page(tab, server, "/misc.html")
    text = top.snapshot()["text"]
    assert text.startswith(
        '- text: Layout cell one\n- link "Layout link" @e1\n- table:\n  - row: Key | Value\n'
        '  - row: a | 1\n- generic @e2: Fake link\n- checkbox "Pointer label" @e3\n'
        '- button "Real button" @e4\n- paragraph: Before the dialog'
    ), text
    assert "Inert" not in text and "Really" not in text
    assert top.call("click", "e2")["ok"] is True and top.page_eval("window.fake") == 1
    top.page_eval("document.getElementById('dlg').showModal()")
    assert top.snapshot()["text"] == '- dialog "Confirm":\n  - paragraph: Really?\n  - button "Yes" [focused] @e5'


# ----- refs -------------------------------------------------------------------------------------------


def test_refs_are_stable_and_a_removed_element_gives_a_stale_ref_error(tab: Tab, server: PageServer) -> None:
    top = open_page(tab, server, "/stale.html")
    first = top.snapshot(nextRef=10)
    assert [(r, n) for r, n, _ in ref_lines(first["text"])] == [
        ("button", "Keep"),
        ("button", "Gone soon"),
        ("link", "A link"),
    ]
    assert first["refs"] == ["e10", "e11", "e12"] and first["nextRef"] == 13
    # injecting again is harmless: same engine, same refs
    top.inject()
    second = top.snapshot(nextRef=first["nextRef"])
    assert second["text"] == first["text"] and second["nextRef"] == 13
    # a new element gets a fresh number, old ones keep theirs
    top.page_eval(
        "document.getElementById('gone').remove();"
        "document.body.insertAdjacentHTML('beforeend', '<button>New one</button>')"
    )
    third = top.snapshot(nextRef=second["nextRef"])
    assert ref_lines(third["text"]) == [
        ("button", "Keep", "e10"),
        ("link", "A link", "e12"),
        ("button", "New one", "e13"),
    ]
    # an orchestrator that lost its counter still gets no duplicates from this frame
    assert top.snapshot(nextRef=1)["nextRef"] == 14
    gone = top.call("click", "@e11")
    assert gone == {
        "ok": False,
        "error": {"code": "stale_ref", "owned": True, "message": "Element @e11 is gone; take a new snapshot."},
    }
    never = top.call("click", "e999")
    assert never["ok"] is False and never["error"]["code"] == "stale_ref" and never["error"]["owned"] is False
    assert "take a new snapshot" in never["error"]["message"]
    for method, args in (("type", ["@e11", "x"]), ("rect", ["e11"]), ("scroll", ["e11", "down"])):
        assert top.call(method, *args)["error"]["code"] == "stale_ref"
    assert top.call("click", "banana")["error"]["code"] == "invalid_ref"
    assert top.call("owns", "e10") is True and top.call("owns", "e11") is False
    assert top.call("click", "e10")["ok"] is True


# ----- passwords --------------------------------------------------------------------------------------


def test_password_values_never_appear(tab: Tab, server: PageServer) -> None:
    top = open_page(tab, server, "/password.html")
    snap = top.snapshot(full=True)
    pw_ref = next(ref for role, name, ref in ref_lines(snap["text"]) if name == "Password" and role == "textbox")
    typed = top.call("type", pw_ref, "TopSecret!42")
    assert typed["ok"] is True and typed["password"] is True and "value" not in typed
    assert top.page_eval("document.getElementById('pw').value") == "TopSecret!42"
    results = [
        typed,
        top.snapshot(full=True),
        top.snapshot(),
        top.call("rect", pw_ref),
        top.call("click", pw_ref),
        top.call("press", "a"),
        top.call("info"),
    ]
    blob = json.dumps(results)
    for secret in ("TopSecret", "s3cr3t", "initial", "confirm"):
        assert secret not in blob
    text = results[1]["text"]
    assert '- textbox "User" @e1: alice' in text
    assert re.search(r'- textbox "Confirm" \[password\] @e\d+: \u2022{14}$', text, re.M)
    # a change of it shows as one (a Voila app's password field answered unchanged as it filled)
    assert re.search(r'- textbox "Password" \[focused\] \[password\] @e\d+: \u2022{12}$', text, re.M), text
    assert '- button "x" @e3' in text  # labelled by a password field: that gives no name, the content does


# ----- compact and full -------------------------------------------------------------------------------


def test_compact_follows_the_viewport_keeps_the_outline_and_full_gives_everything(tab: Tab, server: PageServer) -> None:
    top = open_page(tab, server, "/big.html")
    compact = top.snapshot()
    full = top.snapshot(full=True)
    assert compact["truncated"] is True and full["truncated"] is False
    assert len(compact["text"]) <= 32000
    # at the top of the page: the top in full, then outward (only below), and what was left out below
    notice = compact["text"].split("\n")[-1]
    assert re.fullmatch(
        r"\[snapshot compacted: \d+ of \d+ characters shown; left out 320 lines of text, 320 buttons and 160 links "
        r"below; "
        r"browser_scroll \(up, down, top, bottom, or to a ref\) brings them into view\. "
        r"Call browser_snapshot with full: true for everything\.\]",
        notice,
    ), notice
    assert " above" not in notice
    assert 'button "Save 0"' in compact["text"] and "marker-0" in compact["text"]
    assert 'button "Delete 199"' not in compact["text"]
    # the outline: every heading of the whole page
    assert compact["text"].count("- heading ") == 200
    assert "[snapshot compacted" not in full["text"] and len(full["text"]) > 3 * len(compact["text"])
    lines = ref_lines(full["text"])
    assert len(lines) == 600 and len({r for _, _, r in lines}) == 600 == len(full["refs"])
    assert "marker-199" in full["text"] and "Short note 199." in full["text"]
    # scrolled to the middle: what is in view and around it, the outline, and what was left out on each side
    top.page_eval("document.querySelectorAll('h2')[100].scrollIntoView()")
    middle = top.snapshot()["text"]
    parse_snapshot(middle)
    assert 'button "Save 100"' in middle and "marker-100" in middle and "Short note 100." in middle
    assert 'button "Save 0"' not in middle and 'button "Save 199"' not in middle
    assert middle.count("- heading ") == 200
    sides = re.search(r"left out (.+) above, (.+) below;", middle.split("\n")[-1])
    assert sides and "buttons" in sides[1] and "buttons" in sides[2], middle[-400:]
    # a small budget still shows what is in view
    tiny = top.snapshot(maxChars=3000)["text"]
    assert len(tiny) <= 3000 and 'button "Save 100"' in tiny and "above" in tiny.split("\n")[-1]


@pytest.mark.skipif(not STDTYPES.is_file(), reason="python3.11-doc is not installed")
def test_python_docs_page_has_every_link_button_and_textbox(tab: Tab, server: PageServer) -> None:
    top = open_page(tab, server, "/doc/library/stdtypes.html")
    visible_links = top.page_eval(
        "[...document.querySelectorAll('a[href]')].filter(a => a.checkVisibility({visibilityProperty: true})).length"
    )
    started = time.perf_counter()
    full = top.snapshot(full=True)
    full_s = time.perf_counter() - started
    started = time.perf_counter()
    compact = top.snapshot()
    compact_s = time.perf_counter() - started
    roles = [r for r, _, _ in ref_lines(full["text"])]
    counts = {role: roles.count(role) for role in ("link", "button", "textbox")}
    print(
        f"\nstdtypes.html full: {len(full['text'])} chars in {full_s * 1000:.0f} ms; "
        f"compact: {len(compact['text'])} chars in {compact_s * 1000:.0f} ms; {counts}"
    )
    assert counts == {"link": visible_links, "button": 2, "textbox": 2}
    assert full["stats"]["links"] == visible_links
    assert len(compact["text"]) <= 32000 and compact["truncated"]
    assert full_s < scaled(5)


# ----- actions ----------------------------------------------------------------------------------------


def test_type_reaches_a_react_style_controlled_input_select_checkbox_and_contenteditable(
    tab: Tab, server: PageServer
) -> None:
    top = open_page(tab, server, "/react.html")
    refs = {name: ref for _, name, ref in ref_lines(top.snapshot()["text"])}
    # The component keeps the text in capitals: what the field holds is not what was typed, and typing says so.
    done = top.call("type", refs["Nickname"], "hello world")
    assert done["error"]["code"] == "type_mismatch", done
    assert 'it holds "HELLO WORLD", not "hello world"' in done["error"]["message"]
    assert top.page_eval("window.reactState") == "HELLO WORLD"
    assert top.page_eval("document.getElementById('react').value") == "HELLO WORLD"
    assert top.page_eval("window.reactChanges") == len("hello world")
    # typing again replaces, as a user selecting all and typing would
    exact = top.call("type", refs["Nickname"], "BOB")
    assert exact["ok"] is True and exact["role"] == "textbox" and exact["name"] == "Nickname"
    assert exact["value"] == "BOB" and top.page_eval("window.reactState") == "BOB"

    chosen = top.call("type", refs["Country"], "Germany")
    assert chosen["ok"] is True and chosen["value"] == "Germany"
    assert top.page_eval("window.selectEvents") == ["input:de", "change:de"]
    assert top.call("type", refs["Country"], "spain")["value"] == "Spain"  # case-insensitive fallback
    missing = top.call("type", refs["Country"], "Atlantis")
    assert missing["ok"] is False and missing["error"]["code"] == "option_not_found"
    assert 'options are: "France", "Germany", "Spain"' in missing["error"]["message"]
    assert re.fullmatch(r'- combobox "Country" \[focused\] @e\d+: Spain', line_of(top.snapshot()["text"], '"Country"'))

    assert top.call("click", refs["I agree"])["ok"] is True
    assert top.page_eval("document.getElementById('agree').checked") is True
    assert top.page_eval("window.agreeChanges") == 1
    assert top.call("type", refs["I agree"], "x")["error"]["code"] == "not_typable"

    top.call("type", refs["Notes"], "new notes")
    assert top.page_eval("document.getElementById('ed').textContent") == "new notes"
    assert top.page_eval("window.notes.at(-1)") == "new notes"
    assert re.fullmatch(r'- textbox "Notes" \[focused\] @e\d+: new notes', line_of(top.snapshot()["text"], '"Notes"'))
    # typing into a widget wrapper goes to its one text field; the answer names the element named (as the cdp lane's)
    assert top.call("type", refs["City picker"], "Paris")["name"] == "City picker"
    assert top.page_eval("document.getElementById('city').value") == "Paris"


def test_click_scrolls_into_view_and_fires_user_events_in_order(tab: Tab, server: PageServer) -> None:
    top = open_page(tab, server, "/click.html")
    ref = ref_lines(top.snapshot()["text"])[0][2]
    assert top.page_eval("window.scrollY") == 0
    done = top.call("click", ref)
    assert done["ok"] is True and done["role"] == "button" and done["name"] == "Far button"
    events = top.page_eval("window.events")
    assert [e["type"] for e in events] == [
        "pointerover",
        "pointerenter",
        "mouseover",
        "mouseenter",
        "pointermove",
        "mousemove",
        "pointerdown",
        "mousedown",
        "focus",
        "pointerup",
        "mouseup",
        "click",
    ]
    assert all(e["inside"] for e in events)
    assert top.page_eval("window.scrollY") > 2000
    assert top.page_eval("document.activeElement.id") == "b"
    rect = top.call("rect", ref)
    assert rect["ok"] and rect["inViewport"] and rect["frameOffset"] == {"x": 0, "y": 0, "complete": True}
    assert abs(rect["x"] - done["x"]) <= 1 and abs(rect["y"] - done["y"]) <= 1
    assert rect["width"] == 120 and rect["height"] == 40


def test_press_enter_submits_tab_moves_focus_and_scroll(tab: Tab, server: PageServer) -> None:
    top = open_page(tab, server, "/press.html")
    refs = {name: ref for _, name, ref in ref_lines(top.snapshot()["text"])}
    top.call("type", refs["Query"], "cats")
    pressed = top.call("press", "Enter")
    assert pressed["ok"] is True and pressed["action"] == "submit"
    assert top.page_eval("window.submits") == [{"form": "f1", "submitter": "go", "data": {"q": "cats"}}]
    # a form with one field and no button submits too (requestSubmit)
    top.call("type", refs["Solo"], "x", {"submit": True})
    assert top.page_eval("window.submits.at(-1)") == {"form": "f2", "submitter": None, "data": {}}
    assert top.page_eval("window.keys.slice(-2)") == ["down:Enter", "up:Enter"]
    # Tab moves focus in document order
    assert top.call("press", "Tab")["action"] == "focus"
    assert top.page_eval("document.activeElement.id") == "after"
    assert top.call("press", "Shift+Tab")["action"] == "focus"
    assert top.page_eval("document.activeElement.id") == "solo"
    # typing keys one by one into the focused field
    top.call("press", "Control+a")
    top.call("press", "Backspace")
    for key in "ok!":
        top.call("press", key)
    assert top.page_eval("document.getElementById('solo').value") == "ok!"
    assert top.call("press", "Hyper+x")["error"]["code"] == "invalid_key"
    # the page, then an element that scrolls by itself
    down = top.call("scroll", None, "down")
    assert down["ok"] and down["target"] == "page" and down["scrolled"] > 0 and not down["atStart"]
    assert top.page_eval("window.scrollY") == down["position"]
    up = top.call("scroll", None, "up")
    assert up["position"] == 0 and up["atStart"]
    inner = top.call("scroll", refs["Inner"], "down")
    assert inner["ok"] and inner["target"] != "page" and inner["scrolled"] > 0
    assert top.page_eval("document.getElementById('box').scrollTop") == inner["position"]
    assert top.call("scroll", None, "sideways")["error"]["code"] == "invalid_arguments"
