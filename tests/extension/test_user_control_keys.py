"""Issue 31, item 1: a key is asked about by what it will do, read once (the engine's reading of the chord on its
target, keyboard.js keyEffect), never by how the agent spelled it. In real Chromium with the real extension and
popup, mode "ask".

- Every spelling of paste (``Control+v``, ``ctrl+V``, ``Cmd+v``, ``command+V``, ``Meta+Shift+v``, ``Shift+Insert``),
  and a character key, into a password field asks, and the field stays empty (read by the page itself) until the
  user lets it.
- A character key in a field whose page moves the focus into the password field on the key's keydown (where the
  key's text then goes) asks too, and nothing goes in when the user refuses.
- Space, Shift+Space and Enter on the submit button of a form that holds a password, a click on it, and Enter on a
  download link: each asks, and a refusal posts nothing (the receiving server's log).
- ``browser_type`` into a box that opens a list of options on a click clicks the box, then the option named: each
  click is read as ``browser_click``'s, and a box or an option that submits the password form asks first.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.extension.test_user_control import User, ref_of, user_in_control
from tests.support.browser_stack import BrowserStack, extension_stack
from tests.support.pages import serve_pages

pytestmark = pytest.mark.chromium

CLIPPED = "clipped-words"
LOGIN = f"""<title>Login</title>
<label>Notes <textarea id="notes">{CLIPPED}</textarea></label>
<form action="/posted" method="post">
<label>User <input name="user" value="ada"></label>
<label>Password <input name="password" type="password"></label>
<button type="submit"><span>Sign in</span></button>
</form>
<a href="/report.csv" download>Report</a>
<label>Jump <textarea id="jump"></textarea></label>
<script>
// a hostile page: a character key in Jump moves the focus into the password field on its keydown, so that the
// key's text, which goes where the focus is then, lands in the password unasked
document.getElementById('jump').addEventListener('keydown', () => document.querySelector('[name=password]').focus());
</script>"""

#: A hostile page's boxes that open a list of options on a click: the options of Shipping, and the box Carrier
#: itself, are submit buttons of the form that holds a password (typing a choice clicks them).
SHIPPING = """<title>Shipping</title>
<form id="login" action="/posted" method="post">
<label>Password <input name="password" type="password" value="pw"></label>
</form>
<p><button type="button" aria-haspopup="listbox" aria-controls="ways" onclick="ways.hidden = false">Shipping</button>
<div role="listbox" id="ways" hidden>
<button type="submit" form="login" role="option">Express</button><div role="option">Standard</div></div>
<p><button type="submit" form="login" aria-haspopup="listbox" aria-controls="carriers"
  onclick="event.preventDefault(); carriers.hidden = false">Carrier</button>
<div role="listbox" id="carriers" hidden><div role="option">Post</div></div>"""

#: The ways an agent may spell a paste: the engine reads each as one (modifier names in any case, their aliases);
#: and a character key, which types into the field as browser_type does.
PASTES = ["Control+v", "ctrl+V", "Cmd+v", "command+V", "CONTROL+Shift+v", "Meta+Shift+v", "Shift+Insert", "x"]


@pytest.fixture(scope="module")
def module_stack() -> Iterator[BrowserStack]:
    """The stack of this module's tests (``stack``, tests/extension/conftest.py): mode "ask", on the login page."""
    with (
        serve_pages({"/login": LOGIN, "/shipping": SHIPPING, "/posted": "<title>Posted</title>"}) as served,
        extension_stack(served, mode="ask") as shared,
    ):
        yield shared


def password_value(user: User) -> str:
    return str(user.in_page("return document.querySelector('[name=password]').value"))


def refused(user: User, tool: str, what: str, **arguments: object) -> None:
    """The agent's call asks the user about ``what``; the user refuses; the call answers user_declined."""
    calling = user.start(tool, **arguments)
    asked = user.question("confirmQuestion")
    assert what in asked, (arguments, asked)
    assert not calling.done()
    user.popup.click("declineButton")
    reply = user.reply(calling)
    assert reply["ok"] is False and reply["error"]["code"] == "user_declined", (arguments, reply)
    user.closed("confirmQuestion")


def test_every_spelling_of_paste_into_a_password_field_asks_and_nothing_goes_in_until_let(
    stack: BrowserStack,
) -> None:
    with user_in_control(stack) as user:
        user.allow_always(user.stack.pages.url("login"))
        page = user.snapshot()
        user.stack.ok(user.session_id, "browser_click", ref=ref_of(page, "textbox", "Notes"))
        assert user.stack.ok(user.session_id, "browser_press", key="Control+a")["action"] == "select_all"
        assert user.stack.ok(user.session_id, "browser_press", key="Control+c")["clipboard"]["copied"] == len(CLIPPED)
        password = ref_of(page, "textbox", "Password")
        for key in PASTES:
            user.stack.ok(user.session_id, "browser_click", ref=password)
            refused(user, "browser_press", 'type into the password field "Password"', key=key)
            assert password_value(user) == "", key
        # Let it: the paste goes in.
        pasting = user.start("browser_press", key="ctrl+V")
        user.answer("confirmQuestion", "confirmButton")
        assert user.reply(pasting)["ok"]
        assert password_value(user) == CLIPPED


def test_a_key_whose_keydown_moves_the_focus_into_a_password_asks_before_its_text_goes_in(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        user.allow_always(user.stack.pages.url("login"))
        user.stack.ok(user.session_id, "browser_click", ref=ref_of(user.snapshot(), "textbox", "Jump"))
        refused(user, "browser_press", 'type into the password field "Password"', key="x")
        assert password_value(user) == ""
        assert user.in_page("return document.getElementById('jump').value") == ""


def test_space_enter_and_a_click_on_a_submit_of_a_password_form_each_ask(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        user.allow_always(user.stack.pages.url("login"))
        page = user.snapshot()
        password = ref_of(page, "textbox", "Password")
        user.stack.ok(user.session_id, "browser_click", ref=password)
        # The focus on the button (Tab asks nothing), then each key that activates it.
        assert user.stack.ok(user.session_id, "browser_press", key="Tab")["action"] == "focus"
        assert user.in_page("return document.activeElement.localName") == "button"
        for key in (" ", "Space", "Shift+Space", "Enter"):
            refused(user, "browser_press", 'submit a form with the password field "Password"', key=key)
        # A click on it, the same question.
        refused(
            user,
            "browser_click",
            'submit a form with the password field "Password"',
            ref=ref_of(page, "button", "Sign in"),
        )
        # Enter on a download link starts the download as a click on it does.
        user.stack.ok(user.session_id, "browser_click", ref=password)
        for _ in range(2):
            assert user.stack.ok(user.session_id, "browser_press", key="Tab")["action"] == "focus"
        assert user.in_page("return document.activeElement.localName") == "a"
        refused(user, "browser_press", 'start a download ("Report")', key="Enter")
        assert user.stack.pages.received == []
        assert not any("/report.csv" in request for request in user.stack.pages.requested)


def test_typing_a_choice_asks_before_a_click_that_would_submit_a_password_form(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        user.allow_always(user.stack.pages.url("shipping"))
        page = user.snapshot()
        # The option named is a submit button: the box opens its list, and nothing more until the user lets it.
        refused(
            user,
            "browser_type",
            'submit a form with the password field "Password"',
            ref=ref_of(page, "button", "Shipping"),
            text="Express",
        )
        # The box itself is one: nothing is clicked.
        refused(
            user,
            "browser_type",
            'submit a form with the password field "Password"',
            ref=ref_of(page, "button", "Carrier"),
            text="Post",
        )
        assert user.in_page("return document.getElementById('carriers').hidden") is True
        assert user.stack.pages.received == []
