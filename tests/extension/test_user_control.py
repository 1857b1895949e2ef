"""The user decides where the agent may act (issue 14), in real Chromium with the real extension and popup.

Each test is the user with the popup open in a tab and an agent calling the HTTP tool API: the agent's
call runs in a thread, the test waits for either its reply or the popup's question, and clicks the
popup's own buttons as the user would. What the agent gets back, and what the page really received,
are checked. The tests share one stack (mode "ask"), reset to its start before each (``stack``): no decided site,
no open question, no pause, the mode "ask".
"""

from __future__ import annotations

import json
import os
import re
import socket
from collections.abc import Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from hermes_wire.native import HERMES_EXTENSION_ID as EXTENSION_ID
from tests.conftest import scaled
from tests.extension.browser_stack import PAGES_DIR, THANK_YOU
from tests.support.browser_stack import BrowserStack, extension_stack
from tests.support.extension_browser import POPUP_URL, Popup
from tests.support.pages import Page, serve_pages
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

    def shows(self, element: str, text: str) -> None:
        """Wait until the popup's ``element`` shows ``text``."""
        wait_until(lambda: text in (self.popup.shown_text(element) or ""), ANSWER_S, f"{text!r} in #{element}")

    def closed(self, section: str) -> None:
        """Wait until the popup no longer shows the question (the extension took the answer)."""
        wait_until(lambda: self.popup.shown_text(section) is None, ANSWER_S, f"#{section} to close")

    def answer(self, section: str, button: str) -> None:
        self.question(section)
        self.popup.click(button)

    def revoke(self, origin: str) -> None:
        """Click Revoke on ``origin``'s line of the popup's site list."""
        self.popup.click_listed(f'.revokeButton[data-origin="{origin}"]', scaled(ANSWER_S))

    def reply(self, call: Future[dict[str, Any]]) -> dict[str, Any]:
        return call.result(timeout=ANSWER_S * 2)

    def allow_always(self, url: str) -> None:
        """Navigate to ``url``, answering the site question with Always."""
        navigating = self.start("browser_navigate", url=url)
        self.answer("siteQuestion", "allowAlwaysButton")
        assert self.reply(navigating)["ok"], navigating.result()
        self.closed("siteQuestion")

    def snapshot(self) -> str:
        return str(self.stack.ok(self.session_id, "browser_snapshot")["snapshot"])

    def in_page(self, script: str, *arguments: Any) -> Any:
        """Run ``script`` in the controlled tab's page (the page's own world), then come back to the popup."""
        driver = self.stack.driver
        driver.switch_to.window(self.popup.previous)
        try:
            return driver.execute_script(script, *arguments)
        finally:
            driver.switch_to.window(self.popup_handle)

    @property
    def popup_handle(self) -> str:
        return next(handle for handle in self.stack.driver.window_handles if handle != self.popup.previous)


@contextmanager
def user_in_control(stack: BrowserStack) -> Iterator[User]:
    """On ``stack`` (paired, mode "ask"): a connected session, and the popup open in a tab."""
    # The popup first: its tab is blank for a moment as it opens, and a session connecting then would take it,
    # as it takes a blank tab a user opens.
    popup = stack.open_popup()
    session_id = stack.connected_session("user-control")
    user = User(stack, session_id, popup)
    try:
        yield user
    finally:
        user.agent.shutdown(wait=False, cancel_futures=True)


def slow_page(query: Mapping[str, str]) -> str:
    """A page that loads an image from the server on ``port`` (one that never answers: see never_answering_server)."""
    return f'<title>Slow</title><img src="http://127.0.0.1:{int(query["port"])}/never.png">'


@pytest.fixture(scope="module")
def module_stack() -> Iterator[BrowserStack]:
    """The stack these tests share (``stack``, tests/extension/conftest.py): mode "ask", on these tests' pages."""
    pages: dict[str, Page] = {
        "/submit": THANK_YOU,
        "/pay": PAYMENT,
        "/upload": UPLOAD,
        "/slow": slow_page,
        "/policy": "<title>Policy test</title><h1>Policy test</h1>",
    }
    with serve_pages(pages, folder=PAGES_DIR) as served, extension_stack(served, mode="ask") as shared:
        yield shared


def test_allow_once_then_the_next_action_on_that_site_does_not_ask(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        url = user.stack.pages.url("form.html")
        navigating = user.start("browser_navigate", url=url)
        question = user.question("siteQuestion")
        assert question == f"Let the agent act on 127.0.0.1:{user.stack.pages.port}?"
        assert not navigating.done()  # the agent waits for the user
        user.popup.click("allowOnceButton")
        assert user.reply(navigating)["ok"]
        user.closed("siteQuestion")
        # The second action on the same site runs at once (a question would hold it for 25 s, then fail).
        page = user.snapshot()
        assert '- heading "Create your account"' in page
        user.stack.ok(user.session_id, "browser_click", ref=ref_of(page, "checkbox", "I accept the terms"))
        assert user.popup.shown_text("siteQuestion") is None
        # The popup names the controlled tab by its title, and its log what was clicked.
        user.shows("sessions", "on the tab “Sign up”")
        user.shows("actionLog", 'clicked checkbox "I accept the terms"')
        sites = user.stack.driver.find_element(By.ID, "siteList").text
        assert f"127.0.0.1:{user.stack.pages.port} — allowed for one agent session" in sites
        # Another site is another question: the same server under the name localhost.
        other = user.start("browser_navigate", url=user.stack.pages.url("form.html", other=True))
        assert user.question("siteQuestion") == f"Let the agent act on localhost:{user.stack.pages.port}?"
        user.popup.click("blockButton")
        assert user.reply(other)["error"]["code"] == "site_blocked"


def test_reading_asks_too_and_an_unanswered_question_ends_in_permission_pending(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        user.popup.set_mode("act", ANSWER_S)  # acting without asking: the tab gets onto the site unasked
        user.stack.ok(user.session_id, "browser_navigate", url=user.stack.pages.url("form.html"))
        user.popup.set_mode("ask", ANSWER_S)
        assert user.stack.call(user.session_id, "controller.noop")["ok"]  # a channel check never asks
        assert user.popup.shown_text("siteQuestion") is None
        # A call with its own short deadline: nobody answers, and the extension ends the wait within that deadline
        # with permission_pending (the command carries it), before the server would give up with command_timeout.
        path = f"/v1/sessions/{user.session_id}/browser/browser_snapshot"
        reading = user.agent.submit(user.stack.api, "POST", path, {"arguments": {}, "timeout_s": 4})
        assert user.question("siteQuestion") == f"Let the agent act on 127.0.0.1:{user.stack.pages.port}?"
        pending = user.reply(reading)
        assert pending["ok"] is False and pending["error"]["code"] == "permission_pending", pending
        assert "the question is in the Hermes popup" in pending["error"]["message"]
        # The question stays open; a screenshot (reading too) waits for the same one, and the answer lets it run.
        capturing = user.start("browser_screenshot")
        user.answer("siteQuestion", "allowOnceButton")
        assert user.reply(capturing)["ok"]


def test_a_blocked_site_fails_at_once_until_the_user_revokes_the_block(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        url = user.stack.pages.url("form.html")
        navigating = user.start("browser_navigate", url=url)
        user.answer("siteQuestion", "blockButton")
        refused = user.reply(navigating)
        assert refused["ok"] is False and refused["error"]["code"] == "site_blocked"
        assert "blocked by you" in refused["error"]["message"]
        again = user.stack.call(user.session_id, "browser_navigate", url=url)  # no question this time
        assert again["error"]["code"] == "site_blocked"
        # Revoking the block in the popup makes the site undecided again: the agent's next call asks.
        user.revoke(user.stack.pages.url())
        wait_until(lambda: user.popup.shown_text("noSites"), ANSWER_S, "the block to be revoked")
        asking = user.start("browser_navigate", url=url)
        user.answer("siteQuestion", "allowOnceButton")
        assert user.reply(asking)["ok"]


def test_typing_a_password_waits_for_a_confirmation_and_a_refusal_types_nothing(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
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
        user.closed("confirmQuestion")
        assert user.in_page("return document.querySelector('[name=password]').value") == ""
        # Confirmed, the same call types; an ordinary field on the same page asks nothing.
        typing = user.start("browser_type", ref=password, text="hunter2-secret")
        user.answer("confirmQuestion", "confirmButton")
        assert user.reply(typing)["ok"]
        user.closed("confirmQuestion")
        assert user.in_page("return document.querySelector('[name=password]').value") == "hunter2-secret"
        user.stack.ok(user.session_id, "browser_type", ref=ref_of(user.snapshot(), "textbox", "Full name"), text="Ada")
        # Submitting the form that holds the password asks too; refused, nothing is posted.
        submit = ref_of(user.snapshot(), "button", "Create account")
        submitting = user.start("browser_click", ref=submit)
        assert "submit a form with the password field" in user.question("confirmQuestion")
        user.popup.click("declineButton")
        assert user.reply(submitting)["error"]["code"] == "user_declined"
        user.closed("confirmQuestion")
        # Enter in a field of that form submits it: the same question (a Tab press asks nothing).
        user.stack.ok(user.session_id, "browser_type", ref=ref_of(user.snapshot(), "textbox", "Full name"), text="A")
        assert user.stack.call(user.session_id, "browser_press", key="Shift+Tab")["ok"]
        user.stack.ok(user.session_id, "browser_type", ref=ref_of(user.snapshot(), "textbox", "Full name"), text="B")
        pressing = user.start("browser_press", key="Enter")
        assert "submit a form with the password field" in user.question("confirmQuestion")
        user.popup.click("declineButton")
        assert user.reply(pressing)["error"]["code"] == "user_declined"
        assert user.stack.pages.received == []


PAYMENT = """<title>Pay</title><form action="/submit" method="post">
<label>Name on card <input name="holder"></label>
<label>Card number <input name="number" inputmode="numeric"></label>
<input name="exp" autocomplete="cc-exp" aria-label="Expiry">
<a href="/report.csv" download>Download the report</a>
</form>"""


def test_payment_fields_and_downloads_ask_too(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        user.allow_always(user.stack.pages.url("pay"))
        page = user.snapshot()
        for name, kind in (("Card number", "payment field"), ("Expiry", "payment field")):
            typing = user.start("browser_type", ref=ref_of(page, "textbox", name), text="4111")
            assert f'type into the {kind} "{name}"' in user.question("confirmQuestion")
            user.popup.click("declineButton")
            assert user.reply(typing)["error"]["code"] == "user_declined"
            user.closed("confirmQuestion")
        user.stack.ok(user.session_id, "browser_type", ref=ref_of(page, "textbox", "Name on card"), text="Ada")
        clicking = user.start("browser_click", ref=ref_of(page, "link", "Download the report"))
        assert 'start a download ("Download the report")' in user.question("confirmQuestion")
        user.popup.click("declineButton")
        assert user.reply(clicking)["error"]["code"] == "user_declined"


UPLOAD = """<title>Upload</title><form action="/submit" method="post" enctype="multipart/form-data">
<label>Invoice <input type="file" name="invoice"></label>
<label>Scans <input type="file" name="scans" multiple></label></form>"""


def test_an_upload_asks_naming_the_file_and_its_size_and_a_refusal_gives_the_page_nothing(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        invoice = bytes(range(256)) * 48  # 12 KB
        (user.stack.server.config.home / "uploads" / "invoice.pdf").write_bytes(invoice)
        user.allow_always(user.stack.pages.url("upload"))
        field = ref_of(user.snapshot(), "button", "Invoice")
        uploading = user.start("browser_file_upload", ref=field, paths=["invoice.pdf"])
        port = user.stack.pages.port
        assert user.question("confirmQuestion") == f"The agent wants to upload invoice.pdf (12 KB) to 127.0.0.1:{port}."
        assert not uploading.done()
        user.popup.click("declineButton")
        refused = user.reply(uploading)
        assert refused["ok"] is False and refused["error"]["code"] == "user_declined", refused
        user.closed("confirmQuestion")
        held = "return [...document.querySelector('[name=invoice]').files].map(f => [f.name, f.size])"
        assert user.in_page(held) == []
        # Let it: the same call gives the page the file.
        uploading = user.start("browser_file_upload", ref=field, paths=["invoice.pdf"])
        user.answer("confirmQuestion", "confirmButton")
        assert user.reply(uploading)["result"]["files"] == [
            {"name": "invoice.pdf", "size": len(invoice), "type": "application/pdf"}
        ]
        user.closed("confirmQuestion")
        assert user.in_page(held) == [["invoice.pdf", len(invoice)]]


def test_an_upload_of_several_files_asks_naming_each_and_their_total_size(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        folder = user.stack.server.config.home / "uploads"
        (folder / "scan-1.png").write_bytes(b"\x89PNG" * 512)  # 2 KB
        (folder / "scan-2.png").write_bytes(b"\x89PNG" * 2560)  # 10 KB
        user.allow_always(user.stack.pages.url("upload"))
        scans = ref_of(user.snapshot(), "button", "Scans")
        uploading = user.start("browser_file_upload", ref=scans, paths=["scan-1.png", "scan-2.png"])
        port = user.stack.pages.port
        asked = user.question("confirmQuestion")
        assert asked == f"The agent wants to upload 2 files (scan-1.png, scan-2.png: 12 KB) to 127.0.0.1:{port}."
        user.popup.click("declineButton")
        assert user.reply(uploading)["error"]["code"] == "user_declined"
        user.closed("confirmQuestion")
        assert user.in_page("return document.querySelector('[name=scans]').files.length") == 0


@contextmanager
def never_answering_server() -> Iterator[socket.socket]:
    """A listening socket that never answers: a page loading an image from it never finishes loading, so an
    action that waits for the load runs until something stops it. ``accept()`` tells when the page asked."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        server.settimeout(ANSWER_S)
        yield server


def test_pause_cancels_the_running_command_and_refuses_the_next_until_resume(stack: BrowserStack) -> None:
    with never_answering_server() as hang, user_in_control(stack) as user:
        user.allow_always(user.stack.pages.url("form.html"))
        loading = user.start("browser_navigate", url=user.stack.pages.url(f"slow?port={hang.getsockname()[1]}"))
        connection, _ = hang.accept()  # the page is loading: browser_navigate waits for its load event
        with connection:
            assert not loading.done()
            user.popup.click("pauseButton")
            paused = user.reply(loading)
        assert paused["ok"] is False and paused["error"]["code"] == "paused_by_user"
        user.shows("pausedNote", "Paused")
        refused = user.stack.call(user.session_id, "browser_tabs")
        assert refused["error"]["code"] == "paused_by_user"
        assert user.stack.call(user.session_id, "controller.noop")["ok"]  # the channel check still answers
        user.popup.click("resumeButton")
        wait_until(lambda: user.popup.shown_text("pauseButton"), ANSWER_S, "Resume to take effect")
        assert user.stack.call(user.session_id, "browser_tabs")["ok"]  # the agent runs again


#: The page's own script (its main world): try every way a page has to answer the popup's question.
FORGE_ANSWER = """
const [popupUrl, questionId, extensionId] = arguments;
const tried = [];
// 1. The extension's messaging: a web page has no chrome.runtime for an extension that is not
//    externally_connectable, and if it had, the worker answers popup messages from the popup page only.
try {
  await chrome.runtime.sendMessage(extensionId, {type: "popup.answer", question_id: questionId, answer: "always"});
  tried.push("sendMessage answered");
} catch (error) { tried.push("sendMessage refused"); }
// 2. What content scripts listen to: window messages and events.
window.postMessage({type: "popup.answer", question_id: questionId, answer: "always"}, "*");
window.dispatchEvent(new CustomEvent("hermes:answer", {detail: {question_id: questionId, answer: "always"}}));
// 3. The popup itself, framed: the page is not allowed to load it, let alone reach into it.
const frame = document.createElement("iframe");
frame.src = popupUrl;
document.body.append(frame);
await new Promise((resolve) => { frame.onload = frame.onerror = resolve; setTimeout(resolve, 2000); });
try {
  frame.contentDocument.getElementById("allowAlwaysButton").click();
  tried.push("clicked in the frame");
} catch (error) { tried.push("frame closed to the page"); }
// 4. The popup in a window of its own.
const opened = window.open(popupUrl);
try {
  opened.document.getElementById("allowAlwaysButton").click();
  tried.push("clicked in the window");
} catch (error) { tried.push("window closed to the page"); }
return tried;
"""


def test_the_page_cannot_answer_the_question_or_click_the_popup(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        user.allow_always(user.stack.pages.url("form.html"))
        password = ref_of(user.snapshot(), "textbox", "Password")
        typing = user.start("browser_type", ref=password, text="hunter2")
        user.question("confirmQuestion")
        question_id = user.stack.driver.find_element(By.ID, "confirmQuestion").get_attribute("data-question-id")
        # The strongest forger: it even knows the open question's id.
        tried = user.in_page(
            f"return (async (...arguments) => {{ {FORGE_ANSWER} }})(...arguments)", POPUP_URL, question_id, EXTENSION_ID
        )
        assert tried == ["sendMessage refused", "frame closed to the page", "window closed to the page"]
        for handle in user.stack.driver.window_handles:  # a window the page opened, if any, is not the popup
            if handle not in (user.popup.previous, user.popup_handle):
                user.stack.driver.switch_to.window(handle)
                assert user.stack.driver.find_elements(By.ID, "allowAlwaysButton") == []
                user.stack.driver.close()
        user.stack.driver.switch_to.window(user.popup_handle)
        # Still unanswered: the agent waits, the question is open, nothing was typed.
        assert not typing.done()
        assert user.question("confirmQuestion")
        assert user.in_page("return document.querySelector('[name=password]').value") == ""
        user.popup.click("declineButton")
        assert user.reply(typing)["error"]["code"] == "user_declined"


INDICATOR = "[...document.querySelectorAll(':popover-open')].filter((e) => e.localName === 'div')"


def test_the_indicator_shows_while_attached_and_the_page_cannot_read_or_remove_it(stack: BrowserStack) -> None:
    with user_in_control(stack) as user:
        user.allow_always(user.stack.pages.url("form.html"))

        def indicator() -> Any:
            """What the page's own script sees of the indicator: [shadowRoot is null, light-DOM text] or None."""
            found = user.in_page(f"const [e] = {INDICATOR}; return e ? [e.shadowRoot === null, e.textContent] : null")
            return found or None

        assert wait_until(indicator, ANSWER_S, "the indicator") == [True, ""]  # closed: nothing to read
        assert "Hermes agent in control" not in user.in_page("return document.documentElement.innerText")
        assert "Hermes agent in control" not in user.snapshot()  # nor does the agent see it
        attacks = {
            "remove": f"{INDICATOR}.forEach((e) => e.remove())",
            "hide": f"{INDICATOR}.forEach((e) => e.style.setProperty('display', 'none', 'important'))",
            "close": f"{INDICATOR}.forEach((e) => e.hidePopover())",
            "replace": "document.documentElement.replaceChildren(document.head, document.body)",
            "restyle": "document.head.append(Object.assign(document.createElement('style'), "
            "{textContent: 'html > div { display: none !important }'}))",
        }
        shown = (
            f"const [e] = {INDICATOR}; return !!e && getComputedStyle(e).display !== 'none'"
            " && e.getBoundingClientRect().width > 0"
        )
        for attack, script in attacks.items():
            user.in_page(script)
            # Put back within the page's next task or two (a closed popover reports its toggle as a task).
            wait_until(lambda: user.in_page(shown), 2, f"the indicator back after the page's {attack!r}")
        # A fake drawn by the page is the page's own: the real one stays, and stays closed.
        user.in_page(
            "const fake = document.createElement('div'); fake.popover = 'manual'; fake.textContent = 'fake';"
            f"document.body.append(fake); fake.showPopover(); {INDICATOR}.filter((e) => e !== fake)"
            ".forEach((e) => e.remove())"
        )
        assert user.in_page(f"return {INDICATOR}.filter((e) => e.shadowRoot === null && !e.textContent).length") == 1
        # Detached (the session closed), the indicator goes.
        user.stack.close_session(user.session_id)
        wait_until(
            lambda: user.in_page(f"return {INDICATOR}.filter((e) => !e.textContent).length") == 0,
            ANSWER_S,
            "the indicator to go",
        )


def test_a_persons_double_click_selects_what_it_would_without_the_indicator(stack: BrowserStack) -> None:
    """The indicator is an element of the document, after the body: a person's double click past the page's last
    line, which selects the page's last word, took the indicator's label for the text after it and selected
    nothing (found on Flatpickr's corpus page, with the trusted-input mode's real presses). Real presses, through
    CDP, with the indicator shown, then with the session closed and the indicator gone."""

    def double_click_past_the_text() -> str:
        driver = stack.driver
        driver.switch_to.window(user.popup.previous)
        try:
            driver.execute_script("getSelection().removeAllRanges()")
            for count in (1, 2):
                for kind in ("mousePressed", "mouseReleased"):
                    event = {"type": kind, "x": 40, "y": 300, "button": "left", "clickCount": count}
                    driver.execute_cdp_cmd("Input.dispatchMouseEvent", event)
            return str(driver.execute_script("return getSelection().toString()"))
        finally:
            driver.switch_to.window(user.popup_handle)

    with user_in_control(stack) as user:
        user.allow_always(user.stack.pages.url("policy"))
        wait_until(lambda: user.in_page(f"return {INDICATOR}.length") == 1, ANSWER_S, "the indicator")
        shown = double_click_past_the_text()
        user.stack.close_session(user.session_id)
        wait_until(lambda: user.in_page(f"return {INDICATOR}.length") == 0, ANSWER_S, "the indicator to go")
        assert shown == double_click_past_the_text() == "test"


#: Where Debian's Chromium reads machine-wide mandatory policy (docs/user-control.md lists the others).
POLICY_DIR = Path("/etc/chromium/policies/managed")
#: Chromium reloads a changed policy folder after its files settle (a few seconds); bounded well above that.
POLICY_RELOAD_S = 60.0


@contextmanager
def managed_policy(settings: dict[str, Any]) -> Iterator[Path]:
    """Write ``settings`` as the Hermes extension's 3rd-party policy in a file of the machine's policy folder,
    and remove it afterwards. Every Chromium on this machine reads the folder: the settings must only name this
    test's own origins, and never set the mode, and a test that writes it is ``machine_wide`` (run alone)."""
    assert "mode" not in settings and "confirmations_can_be_turned_off" not in settings
    POLICY_DIR.mkdir(parents=True, exist_ok=True)
    file = POLICY_DIR / f"hermes-user-control-test-{os.getpid()}.json"
    try:
        yield file
    finally:
        file.unlink(missing_ok=True)


@pytest.mark.machine_wide  # another worker's browser that starts meanwhile reads the policy too (and its reset then
# finds the policy gone that its start had): scripts/test runs this alone
def test_a_managed_policy_overrides_the_users_allow(stack: BrowserStack) -> None:
    # policy-test.localhost is this test's own site: Chromium resolves *.localhost to the loopback.
    origin = f"http://policy-test.localhost:{stack.pages.port}"
    with managed_policy({"blocked_origins": [origin]}) as policy_file, user_in_control(stack) as user:
        user.allow_always(origin + "/policy")
        assert '- heading "Policy test"' in user.snapshot()
        policy = {"3rdparty": {"extensions": {EXTENSION_ID: {"blocked_origins": [origin]}}}}
        policy_file.write_text(json.dumps(policy))
        note = wait_until(lambda: user.popup.shown_text("policyNote"), POLICY_RELOAD_S, "Chromium to load the policy")
        assert f"blocked: {origin}" in note
        refused = user.stack.call(user.session_id, "browser_snapshot")
        assert refused["ok"] is False and refused["error"]["code"] == "site_blocked"
        assert "administrator's policy" in refused["error"]["message"]
        # The user's own decision is still listed, overridden: the policy wins while it is in force.
        assert f"policy-test.localhost:{stack.pages.port} — always allowed" in (user.popup.shown_text("siteList") or "")
        policy_file.unlink()
        wait_until(lambda: user.popup.shown_text("policyNote") is None, POLICY_RELOAD_S, "the policy to go")
        assert user.stack.call(user.session_id, "browser_snapshot")["ok"]


#: The extension's own policy reading (background/control_store.js: policyFrom and rulesFrom, what loadPolicy and
#: effectiveRules make of what chrome.storage.managed holds), run in the popup page of a real Chromium: a malformed
#: policy written to the machine's policy folder would reach every browser on it.
READ_POLICY = """
const [policy, done] = [arguments[0], arguments[arguments.length - 1]];
import(chrome.runtime.getURL("background/control_store.js"))
  .then((store) => {
    const found = store.policyFrom(policy);
    done([found, store.rulesFrom(found, "ask")]);
  })
  .catch((error) => done(String(error)));
"""

STRICT = {"present": True, "allowed": [], "mode": "ask", "confirmationsLocked": True}
#: (policy, what is read of it, whether it is malformed, whether high-risk actions still ask)
POLICIES: list[tuple[dict[str, Any], dict[str, Any], bool, bool]] = [
    ({}, {"present": False, "allowed": [], "blocked": [], "mode": None}, False, True),
    (
        {"blocked_origins": ["https://a.example"], "allowed_origins": ["https://b.example:8443/"], "mode": "act"},
        {"allowed": ["https://b.example:8443"], "blocked": ["https://a.example"], "mode": "act"},
        False,
        False,  # act mode skips confirmations too: the policy did not lock them on
    ),
    (
        {"mode": "act", "confirmations_can_be_turned_off": False},
        {"mode": "act", "confirmationsLocked": True},
        False,
        True,
    ),
    ({"mode": "sometimes"}, {**STRICT, "blocked": []}, True, True),
    (
        {"allowed_origins": ["https://b.example/path"], "blocked_origins": ["https://a.example", 5], "mode": "act"},
        {**STRICT, "blocked": ["https://a.example"]},  # the valid blocks still block; the rest reads strict
        True,
        True,
    ),
    ({"confirmations_can_be_turned_off": "no"}, {**STRICT, "blocked": []}, True, True),
    ({"blocked_origins": "https://a.example"}, {**STRICT, "blocked": []}, True, True),
    ({"surprise": 1}, {**STRICT, "blocked": []}, True, True),
]


def test_the_policy_is_read_strictly_when_malformed(stack: BrowserStack) -> None:
    stack.open_popup()
    for policy, expected, malformed, confirm in POLICIES:
        read = stack.driver.execute_async_script(READ_POLICY, policy)
        assert isinstance(read, list), read
        found, rules = read
        assert {key: found[key] for key in expected} == expected, policy
        assert bool(found["problems"]) is malformed, (policy, found["problems"])
        assert rules["confirm"] is confirm, policy
