"""Issue 31, item 5: no false alarm on common widgets. In real Chromium with the real extension and popup, mode "ask".

Widgets put ``autocomplete="new-password"`` on their plain search inputs only to keep the browser's autofill off
them (Shiny's selectize, and many Select2, Tom Select, Choices.js and React Select setups). Such an input is no
password field: the snapshot shows no ``[password]`` on it, and typing into it asks nothing (the widget's own input
holds the text, read by the page). Beside them, a field that is a password by its label, ``new-password`` or not,
still asks, and stays empty when the user refuses (the red team's disguised fields: test_user_control_fields.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.extension.test_user_control import ref_of, user_in_control
from tests.support.browser_stack import BrowserStack, extension_stack
from tests.support.pages import serve_pages
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

WIDGETS = Path(__file__).resolve().parents[1] / "widgets"

#: What apps add to keep autofill off a widget's search input: autocomplete="new-password" on every text input,
#: as soon as the widget draws it.
AUTOFILL_OFF = """<script>
new MutationObserver(() => {
  for (const input of document.querySelectorAll('input:not([type]), input[type=text], input[type=search]')) {
    if (input.getAttribute('autocomplete') !== 'new-password') input.setAttribute('autocomplete', 'new-password');
  }
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['autocomplete'] });
</script>"""

#: A selectize input as Shiny draws it (its own markup: selectize is not in the corpus), beside a field that is a
#: password by its label.
SELECTIZE = """<!doctype html><html><head><title>Shiny selectize</title></head><body>
<div class="form-group shiny-input-container">
<label class="control-label" id="warehouse-label" for="warehouse-selectized">Warehouse</label>
<div><select id="warehouse" tabindex="-1" style="display: none"><option value="Leeds" selected>Leeds</option></select>
<div class="selectize-control single"><div class="selectize-input items has-options">
<input type="text" autocomplete="new-password" autofill="no" tabindex="" id="warehouse-selectized" role="combobox"
  aria-expanded="false" placeholder="Pick a warehouse" style="width: 160px"></div></div></div></div>
<form action="/posted" method="post"><label>New password <input name="fresh" autocomplete="new-password"></label></form>
<script>window.__ready = true;</script>
</body></html>"""

#: (page, the search input's role and name in the snapshot, what to type, the page's expression for what it holds).
SEARCH_INPUTS = [
    ("select2", "searchbox", "Add languages", "Fre", "document.querySelector('.select2-search__field').value"),
    ("tom-select", "combobox", "Country", "Ger", "document.getElementById('country-ts-control').value"),
    (
        "choices",
        "searchbox",
        "Tags",
        "urgent",
        "document.getElementById('tags').parentElement.querySelector('.choices__input--cloned').value",
    ),
    ("reactselect", "combobox", "Country", "Fra", "document.getElementById('country').value"),
    ("selectize", "combobox", "Warehouse", "Bristol", "document.getElementById('warehouse-selectized').value"),
]


def autofill_off(library: str) -> str:
    """The corpus page of ``library`` with autofill kept off its inputs, as apps do."""
    html = (WIDGETS / "corpus" / f"{library}.html").read_text(encoding="utf-8")
    return html.replace("<head>", "<head>" + AUTOFILL_OFF, 1)


@pytest.fixture(scope="module")
def module_stack() -> Iterator[BrowserStack]:
    """The stack of this module's test (``stack``, tests/extension/conftest.py): mode "ask", on the widget pages."""
    pages = {f"/{library}": autofill_off(library) for library, *_ in SEARCH_INPUTS if library != "selectize"}
    pages |= {"/selectize": SELECTIZE, "/posted": "<title>Posted</title>"}
    with (
        serve_pages(pages, folder=WIDGETS, mount="/widgets/") as served,
        extension_stack(served, mode="ask") as shared,
    ):
        yield shared


def test_widget_search_inputs_are_no_passwords_and_a_password_beside_them_still_asks(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        user.allow_always(user.stack.pages.url("posted"))
        for library, role, name, text, holds in SEARCH_INPUTS:
            user.stack.ok(user.session_id, "browser_navigate", url=user.stack.pages.url(library))
            wait_until(lambda: user.in_page("return window.__ready === true"), 20, f"{library} to render")
            assert user.in_page(f"return {holds}") == "", library
            page = user.snapshot()
            line = next(line for line in page.splitlines() if re.match(rf'\s*- {role} "{re.escape(name)}"', line))
            assert "[password]" not in line, (library, line)
            assert user.in_page("return document.querySelectorAll('[autocomplete=new-password]').length") > 0
            # Typing asks nothing (a question would hold the call until permission_pending): the input holds it.
            reply = user.stack.call(user.session_id, "browser_type", ref=ref_of(page, role, name), text=text)
            assert reply["ok"] is True, (library, reply)
            assert user.popup.shown_text("confirmQuestion") is None, library
            assert user.in_page(f"return {holds}") == text, library
        # A password by its label, with new-password too: asked, and empty after a refusal.
        page = user.snapshot()
        assert re.search(r'- textbox "New password" \[password\]', page), page
        typing = user.start("browser_type", ref=ref_of(page, "textbox", "New password"), text="hunter2-secret")
        asked = user.question("confirmQuestion")
        assert 'type into the password field "New password"' in asked, asked
        user.popup.click("declineButton")
        assert user.reply(typing)["error"]["code"] == "user_declined"
        assert user.in_page("return document.querySelector('[name=fresh]').value") == ""
