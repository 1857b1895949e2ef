"""Issue 32, item 3: browser_fill_form in ask mode asks about a password field as browser_type does (issue 14).

The user, with the popup open, is asked once the call reaches the password field; a refusal stops the call there
(user_declined, naming the field set before it and those not tried), and the page holds only what came before.
Confirmed, the same call fills every field. The page's own values are the judge.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.extension.browser_stack import PAGES_DIR, THANK_YOU
from tests.extension.test_user_control import ref_of, user_in_control
from tests.support.browser_stack import BrowserStack, extension_stack
from tests.support.pages import serve_pages

pytestmark = pytest.mark.chromium

#: What the page holds in the fields the form fills: its name, password, country and terms, in that order.
VALUES = """return [document.querySelector('[name=full_name]').value, document.querySelector('[name=password]').value,
document.querySelector('[name=country]').value, document.querySelector('[name=terms]').checked]"""


@pytest.fixture(scope="module")
def module_stack() -> Iterator[BrowserStack]:
    """The stack these tests share: mode "ask", on the sign-up form (tests/extension/pages/form.html)."""
    with serve_pages({"/submit": THANK_YOU}, folder=PAGES_DIR) as served, extension_stack(served, mode="ask") as shared:
        yield shared


def test_a_password_field_in_a_form_asks_and_a_refusal_stops_the_call_there(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        user.allow_always(user.stack.pages.url("form.html"))
        snapshot = user.snapshot()
        name, password = ref_of(snapshot, "textbox", "Full name"), ref_of(snapshot, "textbox", "Password")
        country, terms = ref_of(snapshot, "combobox", "Country"), ref_of(snapshot, "checkbox", "I accept the terms")
        fields = [
            {"ref": name, "value": "Ada"},
            {"ref": password, "value": "hunter2-secret"},
            {"ref": country, "value": "Japan"},
            {"ref": terms, "value": "true"},
        ]
        filling = user.start("browser_fill_form", fields=fields)
        asked = user.question("confirmQuestion")
        port = user.stack.pages.port
        assert asked == f'The agent wants to type into the password field "Password" on 127.0.0.1:{port}.'
        user.popup.click("declineButton")
        refused = user.reply(filling)
        assert refused["ok"] is False and refused["error"]["code"] == "user_declined", refused
        message = refused["error"]["message"]
        assert message.startswith(f"field 2 of 4 ({password}) was not set: "), message
        assert f"Set before it, and kept: {name}." in message and f"Not tried: {country}, {terms}." in message
        user.closed("confirmQuestion")
        assert user.in_page(VALUES) == ["Ada", "", "", False]
        # Confirmed, the same call fills every field, and the password is never echoed.
        filling = user.start("browser_fill_form", fields=fields)
        user.answer("confirmQuestion", "confirmButton")
        filled = user.reply(filling)
        assert filled["ok"], filled
        assert "hunter2" not in str(filled)
        user.closed("confirmQuestion")
        assert user.in_page(VALUES) == ["Ada", "hunter2-secret", "jp", True]
