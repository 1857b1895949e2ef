"""Password fields are confirmed at the moment of typing (issue 22, item 2), in real Chromium with the real extension
and popup: a field the page turns into a password on focus or while the text goes in, or disguises as a text field
(autocomplete, -webkit-text-security, its label, name or placeholder), in the page and in a frame.

What counts is the page's own state (the field stays empty until the user answers, and holds the text after "Let
it"), the popup's question, and what the agent reads back (never the characters).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.extension.test_user_control import User, ref_of, user_in_control
from tests.support.browser_stack import BrowserStack, extension_stack
from tests.support.pages import serve_pages

pytestmark = pytest.mark.chromium

#: Each trick a page plays to slip a password past the confirmation; the page counts the keys it is sent.
TRICKS = """<title>Tricks</title>
<label>Access key <input name="a" onfocus="this.type = 'password'"></label>
<label>Memo <input name="b" oninput="if (this.value.length >= 3) this.type = 'password'"></label>
<label>Login word <input name="c" autocomplete="current-password"></label>
<label>Masked <input name="d" style="-webkit-text-security: disc"></label>
<label>Your PIN <input name="e" inputmode="numeric"></label>
<label>Door <input name="door_passcode"></label>
<label>Card check <input name="f" placeholder="CVV"></label>
<label>Opinion <input name="opinion"></label>
<iframe src="/tricks-frame" title="Inner"></iframe>
<script>window.keys = 0; document.addEventListener('keydown', () => window.keys++, true);</script>"""

FRAME = """<title>Inner</title>
<label>Frame key <input name="g" onfocus="this.type = 'password'"></label>
<label>Frame midway <input name="h" oninput="if (this.value.length >= 3) this.type = 'password'"></label>
<label>Frame code <input name="i" autocomplete="one-time-code"></label>
<script>window.keys = 0; document.addEventListener('keydown', () => window.keys++, true);</script>"""

#: The fields, by label: the field's name, whether it is in the frame, and the user's answer.
FIELDS = [
    ("Access key", "a", False, "declineButton"),
    ("Memo", "b", False, "declineButton"),
    ("Frame midway", "h", True, "declineButton"),
    ("Access key", "a", False, "confirmButton"),
    ("Memo", "b", False, "confirmButton"),
    ("Login word", "c", False, "confirmButton"),
    ("Masked", "d", False, "confirmButton"),
    ("Your PIN", "e", False, "confirmButton"),
    ("Door", "door_passcode", False, "confirmButton"),
    ("Card check", "f", False, "confirmButton"),
    ("Frame key", "g", True, "confirmButton"),
    ("Frame code", "i", True, "confirmButton"),
]


def field_state(user: User, name: str, in_frame: bool) -> list[object]:
    """[what the field holds, how many keys its document was sent], read by the page's own script."""
    document = "document.querySelector('iframe').contentDocument" if in_frame else "document"
    window = "document.querySelector('iframe').contentWindow" if in_frame else "window"
    return list(user.in_page(f"return [{document}.querySelector('[name={name}]').value, {window}.keys]"))


@pytest.fixture(scope="module")
def module_stack() -> Iterator[BrowserStack]:
    """The stack of this module's test (``stack``, tests/extension/conftest.py): mode "ask", on the trick pages."""
    with (
        serve_pages({"/tricks": TRICKS, "/tricks-frame": FRAME}) as served,
        extension_stack(served, mode="ask") as shared,
    ):
        yield shared


def test_every_disguised_or_turning_password_waits_for_the_user_in_the_page_and_in_a_frame(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        user.allow_always(user.stack.pages.url("tricks"))
        page = user.snapshot()
        port = user.stack.pages.port
        # A field whose name only contains a secret word asks nothing (a question would hold the call, then fail).
        typed = user.stack.ok(user.session_id, "browser_type", ref=ref_of(page, "textbox", "Opinion"), text="green")
        assert typed["value"] == "green"
        for label, name, in_frame, button in FIELDS:
            _, keys = field_state(user, name, in_frame)
            typing = user.start("browser_type", ref=ref_of(page, "textbox", label), text="hunter2-secret")
            asked = user.question("confirmQuestion")
            assert asked == f'The agent wants to type into the password field "{label}" on 127.0.0.1:{port}.', label
            # Nothing is in the field while the user has not answered; no key was sent to a field that was a
            # password from its focus on (one that turned midway had its first keys taken back).
            held, keys_now = field_state(user, name, in_frame)
            assert held == "", label
            if "Memo" not in label and "midway" not in label:
                assert keys_now == keys, label
            assert not typing.done()
            user.popup.click(button)
            reply = user.reply(typing)
            user.closed("confirmQuestion")
            if button == "declineButton":
                assert reply["ok"] is False and reply["error"]["code"] == "user_declined", (label, reply)
                assert field_state(user, name, in_frame)[0] == "", label
                continue
            assert reply["ok"] is True and reply["result"].get("password") is True, (label, reply)
            assert "hunter2" not in str(reply), label  # read back as a password: never echoed
            assert field_state(user, name, in_frame)[0] == "hunter2-secret", label
        assert "hunter2" not in user.stack.driver.page_source  # the popup never showed the secret
