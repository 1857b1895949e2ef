"""Issue 31, item 1: one reading of each key, shared by the user's confirmation and the press.

A property test over every spelling of every chord the engine's parser accepts (modifier names in any case and
order, their aliases Ctrl, Cmd and Command, the letter in either case), on each kind of target (a password field, a
plain field of the same form, its submit button, a download link, a field outside the form): what ``pressRisk``
says the key risks (what the extension asks the user about) agrees with what ``press`` then does, judged by the
page itself (the password field got the paste, the form was submitted, the link was followed). The cdp lane's own
parse (hermes_server.cdp.keys) names the same chords copy, cut and paste. And (item 2) a copy or cut gives the page
the events real keys give it: none in a password input.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hermes_server.cdp.keys import clipboard_chord, parse_key
from tests.extension.snapshot_harness import Browser, Frame
from tests.support.pages import PageServer, serve_pages

pytestmark = pytest.mark.chromium

PAGE = """<!doctype html><title>Keys</title>
<form id="login" action="/posted" method="post">
<label>User <input id="user"></label>
<label>Password <input id="password" type="password"></label>
<button id="go" type="submit">Sign in</button>
</form>
<label>Plain <input id="plain"></label>
<a id="report" href="/report.csv" download>Report</a>
<script>
// What the keys did, by the page's own listeners (nothing leaves the page: the submit and the link are stopped).
window.seen = { submits: 0, downloads: 0, keys: 0 };
document.addEventListener('keydown', () => seen.keys++, true);
document.getElementById('login').addEventListener('submit', (event) => { event.preventDefault(); seen.submits++; });
document.getElementById('report').addEventListener('click', (event) => { event.preventDefault(); seen.downloads++; });
</script>"""

CLIPPED = "clipped"
#: Each modifier by the names the parser accepts for it.
MODIFIER_NAMES = {
    "ctrl": ["Control", "Ctrl"],
    "meta": ["Meta", "Cmd", "Command"],
    "shift": ["Shift"],
    "alt": ["Alt"],
}
MAIN_KEYS = ["v", "V", "c", "C", "x", "X", "a", "Insert", "Delete", "Enter", " ", "Space", "Tab", "b"]
TARGETS = ["password", "user", "go", "report", "plain"]


@st.composite
def spellings(draw: st.DrawFn) -> str:
    """A chord as an agent may spell it: some modifiers, in any order, each by any of its names in any case."""
    held = draw(st.lists(st.sampled_from(sorted(MODIFIER_NAMES)), unique=True, max_size=3))
    names = []
    for modifier in draw(st.permutations(held)):
        name = draw(st.sampled_from(MODIFIER_NAMES[modifier]))
        cases = draw(st.lists(st.booleans(), min_size=len(name), max_size=len(name)))
        names.append("".join(char.upper() if upper else char.lower() for char, upper in zip(name, cases, strict=True)))
    return "+".join([*names, draw(st.sampled_from(MAIN_KEYS))])


@pytest.fixture(scope="module")
def server() -> Iterator[PageServer]:
    with serve_pages({"/keys.html": PAGE}) as pages:
        yield pages


@pytest.fixture(scope="module")
def top(browser: Browser, server: PageServer) -> Iterator[Frame]:
    """One tab for every example (a tab per example would cost seconds each): each example resets the page."""
    tab = browser.new_tab()
    tab.navigate(server.url("/keys.html"))
    yield tab.top().inject()
    tab.close()


def reset(top: Frame, target: str) -> None:
    top.page_eval(
        "for (const field of document.querySelectorAll('input')) field.value = '';"
        "seen.submits = 0; seen.downloads = 0; seen.keys = 0;"
        f"document.getElementById({target!r}).focus()"
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=spellings(), target=st.sampled_from(TARGETS))
def test_the_risk_asked_about_is_what_the_press_does(top: Frame, key: str, target: str) -> None:
    reset(top, target)
    risk = top.call("pressRisk", key)["risk"]
    pressed = top.call("press", key, {"clipboard": CLIPPED})
    seen = top.page_eval("({...seen, password: document.getElementById('password').value})")
    assert pressed["ok"] is True, (key, pressed)
    # What the page got, as the risk the user would have been asked about.
    done = None
    if seen["password"]:
        done = {"risk": "type", "kind": "password", "label": "Password"}
    elif seen["submits"]:
        done = {"risk": "submit", "kind": "password", "label": "Password"}
    elif seen["downloads"]:
        done = {"risk": "download", "label": "Report"}
    assert risk == done, (key, target, pressed, seen)
    # The cdp lane's parse names the same clipboard chords as the engine's press.
    chord = pressed["action"] if pressed["action"] in ("copy", "cut", "paste") else None
    assert clipboard_chord(parse_key(key)) == chord, (key, pressed)


def test_with_asked_the_press_reads_its_risk_again_and_presses_nothing_the_user_was_not_asked_about(
    top: Frame,
) -> None:
    # The lane asked before the press (pressRisk), then the focus moved to the password field: the press, which the
    # lane sends with what the user let (asked: here nothing), finds a risk it was not asked about.
    paste = {"risk": "type", "kind": "password", "label": "Password"}
    download = {"risk": "download", "label": "Report"}
    for asked in (None, download):
        reset(top, "password")
        answer = top.call("press", "ctrl+V", {"clipboard": CLIPPED, "asked": asked})
        assert answer["ok"] is False and answer["error"]["code"] == "confirmation_needed", answer
        assert answer["error"]["field"] == paste
        assert top.page_eval("[seen.keys, document.getElementById('password').value]") == [0, ""]
    # Asked about that very risk (the user let it), or with confirmations off (no asked), the key goes in.
    for options in ({"clipboard": CLIPPED, "asked": paste}, {"clipboard": CLIPPED}):
        reset(top, "password")
        assert top.call("press", "ctrl+V", options)["action"] == "paste"
        assert top.page_eval("document.getElementById('password').value") == CLIPPED


CLIPBOARD_PAGE = """<!doctype html><title>Clipboard events</title>
<input id="password" type="password" value="hunter2"><input id="plain" value="plain words">
<script>
window.heard = [];
for (const type of ['copy', 'cut']) {
  document.addEventListener(type, (event) => heard.push(type + ':' + event.target.id));
}
</script>"""


def real_chord(frame: Frame, letter: str, command: str) -> None:
    """Control+``letter`` as real keys (CDP input events, carrying the editing command a real keyboard's would)."""
    key = {"key": letter, "code": "Key" + letter.upper(), "windowsVirtualKeyCode": ord(letter.upper()), "modifiers": 2}
    cdp, session = frame.tab.browser.cdp, frame.tab.session
    cdp.send("Input.dispatchKeyEvent", {"type": "rawKeyDown", "commands": [command], **key}, session=session)
    cdp.send("Input.dispatchKeyEvent", {"type": "keyUp", **key}, session=session)


@pytest.mark.parametrize("field", ["password", "plain"])
def test_a_copy_and_a_cut_give_the_page_the_events_real_keys_give(browser: Browser, field: str) -> None:
    """Chromium fires no copy or cut in a password input (and takes nothing out of it); the engine's press, which
    both lanes use for these chords, gives the page the same."""
    heard = []
    with serve_pages({"/clipboard.html": CLIPBOARD_PAGE}) as pages:
        for by_engine in (False, True):
            tab = browser.new_tab()
            try:
                tab.navigate(pages.url("/clipboard.html"))
                top = tab.top().inject()
                top.page_eval(f"document.getElementById({field!r}).select()")
                for letter, command in (("c", "copy"), ("x", "cut")):
                    if by_engine:
                        top.call("press", f"Control+{letter}")
                    else:
                        real_chord(top, letter, command)
                heard.append(top.page_eval(f"[heard, document.getElementById({field!r}).value]"))
            finally:
                tab.close()
    assert heard[0] == heard[1], heard
    assert heard[0] == ([[], "hunter2"] if field == "password" else [["copy:plain", "cut:plain"], ""]), heard
