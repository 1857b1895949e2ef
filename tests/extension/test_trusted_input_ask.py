"""Issue 30: the trusted-input mode in the extension's ask mode (confirmations on), in real Chromium with the real
extension, its companion and the popup. A key that submits a form with a password field is asked about before the
real key is sent (read again in the focused frame right before it goes), exactly as with synthetic keys: a refusal
posts nothing, a Let it posts the form once, through the browser's own Enter. Typing stays the extension's own
there, and says so. A key whose keydown the page uses to move the focus (to the password field, to the submit
button) is read again where its text or its click goes, at its keypress, as the synthetic press reads it: nothing
goes in and nothing is posted until the user lets it. Judged by the page's values and what the page server received.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.conftest import scaled
from tests.extension.test_end_to_end import ref_of
from tests.extension.test_user_control import ANSWER_S, user_in_control
from tests.extension.test_user_control_keys import password_value, refused
from tests.support.browser_stack import BrowserStack, extension_stack
from tests.support.pages import serve_pages
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

LOGIN = """<title>Login</title>
<form action="/posted" method="post">
<label>User <input name="user" value="ada"></label>
<label>Password <input name="password" type="password" value="pw"></label>
<button type="submit">Sign in</button>
</form>
<label>Jump <input id="jump"></label>
<label>Go <input id="go"></label>
<script>
// a hostile page: a character in Jump moves the focus into the password field on its keydown, and Enter in Go to
// the form's submit button, so that the key's text, or Enter's click, goes there unasked (a real key's keypress and
// default action go where the focus is once its keydown is handled)
document.getElementById('jump').addEventListener('keydown', () => document.querySelector('[name=password]').focus());
document.getElementById('go').addEventListener('keydown', () => document.querySelector('[type=submit]').focus());
</script>"""


@pytest.fixture(scope="module")
def module_stack() -> Iterator[BrowserStack]:
    """Mode "ask", with the trusted-input companion installed."""
    with (
        serve_pages({"/login": LOGIN, "/posted": "<title>Posted</title>"}) as served,
        extension_stack(served, mode="ask", trusted_input=True) as shared,
    ):
        yield shared


def test_a_real_enter_that_submits_a_password_form_is_asked_about_first(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        user.popup.set_trusted_input(True, scaled(ANSWER_S))
        user.allow_always(user.stack.pages.url("login"))
        page = user.snapshot()
        # Typing stays the extension's own while confirmations are on (it can stop before a password goes in).
        typed = user.stack.ok(user.session_id, "browser_type", ref=ref_of(page, "textbox", "User"), text="grace")
        assert typed["trusted"] is False and "confirmed" in typed["trusted_note"], typed
        assert user.in_page("return document.querySelector('[name=user]').value") == "grace"
        user.stack.ok(user.session_id, "browser_click", ref=ref_of(page, "textbox", "User"))
        # Refused: the real Enter is never sent, nothing is posted.
        refused(user, "browser_press", 'submit a form with the password field "Password"', key="Enter")
        assert user.stack.pages.received == []
        # Let: the browser's own Enter submits the form once.
        pressing = user.start("browser_press", key="Enter")
        user.answer("confirmQuestion", "confirmButton")
        pressed = user.reply(pressing)
        assert pressed["ok"] is True and pressed["result"]["trusted"] is True, pressed
        wait_until(lambda: user.stack.pages.received, scaled(ANSWER_S), "the form to be posted")
        assert len(user.stack.pages.received) == 1


def test_real_keys_whose_keydown_moves_the_focus_are_asked_about_where_they_land(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        user.popup.set_trusted_input(True, scaled(ANSWER_S))
        user.allow_always(user.stack.pages.url("login"))
        page = user.snapshot()
        user.in_page("document.querySelector('[name=password]').value = ''")
        # A character: its keydown puts the focus in the password field, where its text would go.
        user.stack.ok(user.session_id, "browser_click", ref=ref_of(page, "textbox", "Jump"))
        refused(user, "browser_press", 'type into the password field "Password"', key="x")
        assert password_value(user) == ""
        assert user.in_page("return document.getElementById('jump').value") == ""
        # Enter: its keydown puts the focus on the submit button, which its keypress would click.
        user.stack.ok(user.session_id, "browser_click", ref=ref_of(page, "textbox", "Go"))
        refused(user, "browser_press", 'submit a form with the password field "Password"', key="Enter")
        assert user.stack.pages.received == []
        # Let it: the focus is on the button now, the same risk, and the browser's own Enter posts the form once.
        pressing = user.start("browser_press", key="Enter")
        user.answer("confirmQuestion", "confirmButton")
        pressed = user.reply(pressing)
        assert pressed["ok"] is True and pressed["result"]["trusted"] is True, pressed
        wait_until(lambda: user.stack.pages.received, scaled(ANSWER_S), "the form to be posted")
        assert len(user.stack.pages.received) == 1
