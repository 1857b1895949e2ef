"""The user decides where the agent may act (issue 14), in real Chromium with the real extension and popup.

Each test is the user with the popup open in a tab and an agent calling the HTTP tool API: the agent's
call runs in a thread, the test waits for either its reply or the popup's question, and clicks the
popup's own buttons as the user would. What the agent gets back, and what the page really received,
are checked.
"""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from tests.extension.browser_stack import PAGES_DIR, THANK_YOU
from tests.support.browser_stack import BrowserStack, extension_stack
from tests.support.extension_browser import Popup
from tests.support.pages import serve_pages
from tests.support.waiting import wait_until

pytestmark = pytest.mark.chromium

#: Seconds the user takes to see a question or the agent's reply: bounded waits, scaled on slow machines.
ANSWER_S = 20.0


def ref_of(snapshot: str, role: str, name: str) -> str:
    found = re.search(rf'- {re.escape(role)} "{re.escape(name)}"[^\n]*?(@e\d+)', snapshot)
    assert found, f'no {role} "{name}" in:\n{snapshot}'
    return found.group(1)


class User:
    """The stack, the popup open in its own tab (mode "ask"), and an agent whose calls run in a thread."""

    def __init__(self, stack: BrowserStack, session_id: str, popup: Popup) -> None:
        self.stack = stack
        self.session_id = session_id
        self.popup = popup
        self.agent = ThreadPoolExecutor(1, thread_name_prefix="agent")

    def start(self, tool: str, **arguments: Any) -> Future[dict[str, Any]]:
        """The agent's call, under way."""
        return self.agent.submit(self.stack.call, self.session_id, tool, **arguments)

    def question(self, section: str) -> str:
        """The text of the popup's question (``siteQuestion`` or ``confirmQuestion``) once it is shown."""
        return wait_until(lambda: self.popup.text_when_shown(section, section + "Text"), ANSWER_S, f"#{section}")

    def answer(self, section: str, button: str) -> None:
        self.question(section)
        self.popup.click(button)

    def reply(self, call: Future[dict[str, Any]]) -> dict[str, Any]:
        return call.result(timeout=ANSWER_S * 2)

    def allow_always(self, url: str) -> None:
        """Navigate to ``url``, answering the site question with Always."""
        navigating = self.start("browser_navigate", url=url)
        self.answer("siteQuestion", "allowAlwaysButton")
        assert self.reply(navigating)["ok"], navigating.result()

    def snapshot(self) -> str:
        return str(self.stack.ok(self.session_id, "browser_snapshot")["snapshot"])

    def in_page(self, script: str) -> Any:
        """Run ``script`` in the controlled tab's page (the page's own world), then come back to the popup."""
        driver = self.stack.driver
        driver.switch_to.window(self.popup.previous)
        try:
            return driver.execute_script(script)
        finally:
            driver.switch_to.window(self.popup_handle)

    @property
    def popup_handle(self) -> str:
        return next(handle for handle in self.stack.driver.window_handles if handle != self.popup.previous)


@contextmanager
def user_in_control(pages: dict[str, str] | None = None) -> Iterator[User]:
    """A paired stack with a connected session, and the popup open in "ask" mode."""
    with (
        serve_pages({"/submit": THANK_YOU, **(pages or {})}, folder=PAGES_DIR) as served,
        extension_stack(served) as stack,
    ):
        session_id = stack.connected_session("user-control")
        popup = stack.open_popup()
        popup.set_mode("ask", ANSWER_S)
        user = User(stack, session_id, popup)
        try:
            yield user
        finally:
            user.agent.shutdown(wait=False, cancel_futures=True)


def test_allow_once_then_the_next_action_on_that_site_does_not_ask() -> None:
    with user_in_control() as user:
        url = user.stack.pages.url("form.html")
        navigating = user.start("browser_navigate", url=url)
        question = user.question("siteQuestion")
        assert question == f"Let the agent act on 127.0.0.1:{user.stack.pages.port}?"
        assert not navigating.done()  # the agent waits for the user
        user.popup.click("allowOnceButton")
        assert user.reply(navigating)["ok"]
        wait_until(lambda: not user.popup.shown_text("siteQuestion"), ANSWER_S, "the question to close")
        # The second action on the same site runs at once (a question would hold it for 25 s, then fail).
        assert '- heading "Create your account"' in user.snapshot()
        assert user.popup.shown_text("siteQuestion") is None
        sites = user.stack.driver.find_element(By.ID, "siteList").text
        assert f"127.0.0.1:{user.stack.pages.port} — allowed for one agent session" in sites
        # Another site is another question: the same server under the name localhost.
        other = user.start("browser_navigate", url=user.stack.pages.url("form.html", other=True))
        assert user.question("siteQuestion") == f"Let the agent act on localhost:{user.stack.pages.port}?"
        user.popup.click("blockButton")
        assert user.reply(other)["error"]["code"] == "site_blocked"


def test_a_blocked_site_fails_at_once_until_the_user_revokes_the_block() -> None:
    with user_in_control() as user:
        url = user.stack.pages.url("form.html")
        navigating = user.start("browser_navigate", url=url)
        user.answer("siteQuestion", "blockButton")
        refused = user.reply(navigating)
        assert refused["ok"] is False and refused["error"]["code"] == "site_blocked"
        assert "blocked by you" in refused["error"]["message"]
        again = user.stack.call(user.session_id, "browser_navigate", url=url)  # no question this time
        assert again["error"]["code"] == "site_blocked"
        # Revoking the block in the popup makes the site undecided again: the agent's next call asks.
        user.stack.driver.find_element(By.CLASS_NAME, "revokeButton").click()
        wait_until(lambda: user.popup.shown_text("noSites"), ANSWER_S, "the block to be revoked")
        asking = user.start("browser_navigate", url=url)
        user.answer("siteQuestion", "allowOnceButton")
        assert user.reply(asking)["ok"]


def test_typing_a_password_waits_for_a_confirmation_and_a_refusal_types_nothing() -> None:
    with user_in_control() as user:
        user.allow_always(user.stack.pages.url("form.html"))
        password = ref_of(user.snapshot(), "textbox", "Password")
        typing = user.start("browser_type", ref=password, text="hunter2-secret")
        asked = user.question("confirmQuestion")
        port = user.stack.pages.port
        assert asked == f'The agent wants to type into the password field "Password" on 127.0.0.1:{port}.'
        assert "hunter2" not in user.stack.driver.page_source  # the popup never shows the secret
        user.popup.click("declineButton")
        refused = user.reply(typing)
        assert refused["ok"] is False and refused["error"]["code"] == "user_declined"
        assert user.in_page("return document.querySelector('[name=password]').value") == ""
        # Confirmed, the same call types; an ordinary field on the same page asks nothing.
        typing = user.start("browser_type", ref=password, text="hunter2-secret")
        user.answer("confirmQuestion", "confirmButton")
        assert user.reply(typing)["ok"]
        assert user.in_page("return document.querySelector('[name=password]').value") == "hunter2-secret"
        user.stack.ok(user.session_id, "browser_type", ref=ref_of(user.snapshot(), "textbox", "Full name"), text="Ada")
        # Submitting the form that holds the password asks too; refused, nothing is posted.
        submit = ref_of(user.snapshot(), "button", "Create account")
        submitting = user.start("browser_click", ref=submit)
        assert "submit a form with the password field" in user.question("confirmQuestion")
        user.popup.click("declineButton")
        assert user.reply(submitting)["error"]["code"] == "user_declined"
        assert user.stack.pages.received == []


PAYMENT = """<title>Pay</title><form action="/submit" method="post">
<label>Name on card <input name="holder"></label>
<label>Card number <input name="number" inputmode="numeric"></label>
<input name="exp" autocomplete="cc-exp" aria-label="Expiry">
<a href="/report.csv" download>Download the report</a>
</form>"""


def test_payment_fields_and_downloads_ask_too() -> None:
    with user_in_control({"/pay": PAYMENT}) as user:
        user.allow_always(user.stack.pages.url("pay"))
        page = user.snapshot()
        for name, kind in (("Card number", "payment field"), ("Expiry", "payment field")):
            typing = user.start("browser_type", ref=ref_of(page, "textbox", name), text="4111")
            assert f'type into the {kind} "{name}"' in user.question("confirmQuestion")
            user.popup.click("declineButton")
            assert user.reply(typing)["error"]["code"] == "user_declined"
        user.stack.ok(user.session_id, "browser_type", ref=ref_of(page, "textbox", "Name on card"), text="Ada")
        clicking = user.start("browser_click", ref=ref_of(page, "link", "Download the report"))
        assert 'start a download ("Download the report")' in user.question("confirmQuestion")
        user.popup.click("declineButton")
        assert user.reply(clicking)["error"]["code"] == "user_declined"


@contextmanager
def never_answering_server() -> Iterator[socket.socket]:
    """A listening socket that never answers: a page loading an image from it never finishes loading, so an
    action that waits for the load runs until something stops it. ``accept()`` tells when the page asked."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        server.settimeout(ANSWER_S)
        yield server


def test_pause_cancels_the_running_command_and_refuses_the_next_until_resume() -> None:
    with never_answering_server() as hang:
        hanging = f'<title>Slow</title><img src="http://127.0.0.1:{hang.getsockname()[1]}/never.png">'
        with user_in_control({"/slow": hanging}) as user:
            user.allow_always(user.stack.pages.url("form.html"))
            loading = user.start("browser_navigate", url=user.stack.pages.url("slow"))
            connection, _ = hang.accept()  # the page is loading: browser_navigate waits for its load event
            with connection:
                assert not loading.done()
                user.popup.click("pauseButton")
                paused = user.reply(loading)
            assert paused["ok"] is False and paused["error"]["code"] == "paused_by_user"
            assert user.popup.shown_text("pausedNote")
            refused = user.stack.call(user.session_id, "browser_tabs")
            assert refused["error"]["code"] == "paused_by_user"
            assert user.stack.call(user.session_id, "controller.noop")["ok"]  # the channel check still answers
            user.popup.click("resumeButton")
            wait_until(lambda: user.popup.shown_text("pauseButton"), ANSWER_S, "Resume to take effect")
            assert user.stack.call(user.session_id, "browser_tabs")["ok"]  # the agent runs again
