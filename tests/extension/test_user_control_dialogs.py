"""Issue 32, item 4, in mode "ask": accepting a confirm() that the agent's own click opens asks the user first, with
the dialog's message in the question. In real Chromium with the real extension and popup; judged by the page's own
state (what its confirm() returned).

The message is known only once the confirm opens, and confirm() answers at once: the click goes with the confirm
dismissed while the user is asked, and, once they let it, again with that confirm accepted. Refused, the confirm
stays dismissed. Dismissing asks nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.extension.test_user_control import User, ref_of, user_in_control
from tests.support.browser_stack import BrowserStack, extension_stack
from tests.support.pages import serve_pages

pytestmark = pytest.mark.chromium

MESSAGE = "Delete row 3 for good?"
ROWS = f"""<title>Rows</title>
<button id="delete">Delete row 3</button>
<script>
window.__state = {{ clicks: 0, answers: [] }};
document.getElementById("delete").addEventListener("click", () => {{
  window.__state.clicks += 1;
  window.__state.answers.push(confirm("{MESSAGE}"));
}});
</script>"""


@pytest.fixture(scope="module")
def module_stack() -> Iterator[BrowserStack]:
    """The stack of this module's tests (``stack``, tests/extension/conftest.py): mode "ask", on the rows page."""
    with serve_pages({"/rows": ROWS}) as served, extension_stack(served, mode="ask") as shared:
        yield shared


def answers(user: User) -> list[bool]:
    """What the page's confirm() returned, call by call."""
    return list(user.in_page("return window.__state.answers"))


def delete_button(user: User) -> str:
    user.allow_always(user.stack.pages.url("rows"))
    return ref_of(user.snapshot(), "button", "Delete row 3")


def test_accepting_a_confirm_asks_with_its_message_and_a_refusal_leaves_it_dismissed(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        button = delete_button(user)
        clicking = user.start("browser_click", ref=button, dialog="accept")
        asked = user.question("confirmQuestion")
        assert f'accept the page\'s confirmation "{MESSAGE}"' in asked, asked
        assert answers(user) == [False]  # nothing accepted while the user is asked
        user.popup.click("declineButton")
        reply = user.reply(clicking)
        assert reply["ok"], reply
        refused = {"type": "confirm", "message": MESSAGE, "answer": "dismiss", "user_refused": True}
        assert reply["result"]["dialog"] == refused, reply
        user.closed("confirmQuestion")
        assert answers(user) == [False]


def test_accepting_a_confirm_the_user_lets_accepts_it(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        button = delete_button(user)
        clicking = user.start("browser_click", ref=button, dialog="accept")
        user.answer("confirmQuestion", "confirmButton")
        reply = user.reply(clicking)
        assert reply["ok"], reply
        assert reply["result"]["dialog"] == {"type": "confirm", "message": MESSAGE, "answer": "accept"}, reply
        assert answers(user) == [False, True]  # asked with the first click's, accepted on the second
        # Dismissing asks nothing.
        dismissed = user.stack.ok(user.session_id, "browser_click", ref=button, dialog="dismiss")
        assert dismissed["dialog"]["answer"] == "dismiss", dismissed
        assert answers(user) == [False, True, False]
