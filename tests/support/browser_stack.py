"""The whole product, driven from synchronous tests: a real server on loopback, test pages, and a browser.

* ``cdp_stack(pages)``: the server, whose cdp lane launches its own headless Chromium on a cdp
  session's first call, as ``hermes-browser serve`` does.
* ``extension_stack(pages)``: the server, and Chromium with the unpacked extension loaded, the
  native-host manifest installed in its fresh profile (Chromium launches the real host) and, by
  default, paired through the popup with one click, as a user would.

Selenium is synchronous, so the server runs in this process on a ``BackgroundLoop`` (the test can
still reach into it with ``on_server``), and the tests are plain functions.  The agent's side is
plain HTTP (urllib) on the tool API: what any agent sends, independent of the product's own client.
"""

from __future__ import annotations

import copy
import json
import tempfile
import urllib.error
import urllib.request
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self, TypeVar

from selenium import webdriver

from hermes_server.app_keys import PAIRINGS
from hermes_wire.native import HERMES_EXTENSION_ID
from hermes_wire.tool_spec import CDP_LANE, EXTENSION_LANE
from tests.conftest import scaled
from tests.support.background_loop import BackgroundLoop, background_loop
from tests.support.extension_browser import POPUP_URL, Popup, local_chromium, pair_through_popup
from tests.support.local_stack import RunningServer, running_server
from tests.support.pages import PageServer
from tests.support.waiting import wait_until

T = TypeVar("T")

SERVER_TIMEOUT_S = 60.0
CONNECT_TIMEOUT_S = 10.0
PAIRING_TIMEOUT_S = 15.0


class ServerStack:
    """A server on a background loop, the page server, and the agent's side of the tool API for one lane."""

    def __init__(self, server: RunningServer, pages: PageServer, loop: BackgroundLoop, lane: str) -> None:
        self.server = server
        self.pages = pages
        self.loop = loop
        self.lane = lane

    def serving(self, pages: PageServer) -> Self:
        """The same running server and browser, with ``pages`` as the test pages (a run shares one stack per lane
        across the test modules, and each module serves pages of its own)."""
        view = copy.copy(self)
        view.pages = pages
        return view

    def on_server(self, work: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine on the server's event loop (for tests that reach into the server itself)."""
        return self.loop.run(work, scaled(SERVER_TIMEOUT_S))

    def api(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        request = urllib.request.Request(
            self.server.url + path,
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {self.server.api_key}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=scaled(SERVER_TIMEOUT_S)) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            raise AssertionError(f"{method} {path} -> {error.code}: {error.read().decode()}") from None

    def api_status(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        """Like ``api`` but returns ``(status, body)`` for refusals too."""
        try:
            return 200, self.api(method, path, body)
        except AssertionError as refused:
            status, _, text = str(refused).partition(" -> ")[2].partition(": ")
            return int(status), json.loads(text)

    def new_session(self, label: str = "e2e") -> str:
        return str(self.api("POST", "/v1/sessions", {"label": label, "browser_lane": self.lane})["id"])

    def close_session(self, session_id: str) -> None:
        self.api("DELETE", f"/v1/sessions/{session_id}")

    def call(self, session_id: str, tool: str, **arguments: Any) -> dict[str, Any]:
        """The tool API's whole answer: ``ok``, then ``result`` or ``error``, and the ``backend`` that answered."""
        reply: dict[str, Any] = self.api("POST", f"/v1/sessions/{session_id}/browser/{tool}", {"arguments": arguments})
        return reply

    def ok(self, session_id: str, tool: str, **arguments: Any) -> Any:
        reply = self.call(session_id, tool, **arguments)
        assert reply["ok"], f"{tool} {arguments} failed: {reply}"
        return reply["result"]

    def lane_state(self, session_id: str) -> str:
        sessions = {s["id"]: s for s in self.api("GET", "/v1/sessions")["sessions"]}
        return str(sessions[session_id]["controller"]["state"])


#: What the extension shows and keeps, read from its popup page: the popup's state (the service worker's answer to
#: "popup.state"), chrome.storage.local and .session, and the browser's session rules (declarativeNetRequest).
READ_STATE = """
const done = arguments[arguments.length - 1];
Promise.all([
  chrome.runtime.sendMessage({type: "popup.state"}),
  chrome.storage.local.get(null),
  chrome.storage.session.get(null),
  chrome.declarativeNetRequest.getSessionRules(),
]).then(([popup, local, session, rules]) => done({popup, local, session, rules}), (error) => done(String(error)));
"""
#: Writes chrome.storage back to ``local`` and ``session`` (a key in neither is removed, but the worker's own).
RESTORE_STORAGE = """
const [local, session, workerKeys, done] = arguments;
(async () => {
  const localNow = await chrome.storage.local.get(null);
  await chrome.storage.local.remove(Object.keys(localNow).filter((key) => !(key in local)));
  await chrome.storage.local.set(local);
  const sessionNow = await chrome.storage.session.get(null);
  await chrome.storage.session.set(session);
  await chrome.storage.session.remove(
    Object.keys(sessionNow).filter((key) => !(key in session) && !workerKeys.includes(key)),
  );
})().then(() => done(null), (error) => done(String(error)));
"""
#: Left to the service worker by ``reset``: its record of the site rules it gave the browser (the browser's own list
#: is what is checked), which a new worker compares with the rules it makes before it changes the browser's.
WORKER_KEYS = ["siteRulesInForce"]
#: A reset waits this long for the extension to settle and for a new worker to come back paired.
RESET_TIMEOUT_S = 20.0


@dataclass(frozen=True)
class ExtensionState:
    """What ``READ_STATE`` reads (see there)."""

    popup: dict[str, Any]
    local: dict[str, Any]
    session: dict[str, Any]
    rules: list[Any]

    @classmethod
    def read(cls, driver: webdriver.Chrome) -> ExtensionState:
        """Read in the extension's popup page, which ``driver`` must be on."""
        found = driver.execute_async_script(READ_STATE)
        assert isinstance(found, dict), f"the extension's state could not be read: {found}"
        return cls(found["popup"], found["local"], found["session"], found["rules"])

    def settled(self) -> bool:
        """The host reports no session, and the worker has written its action log (the popup's equals storage's)."""
        return self.popup["status"].get("sessions") == [] and self.popup["log"] == self.session.get("actionLog", [])

    def session_to_restore(self) -> dict[str, Any]:
        """chrome.storage.session as ``reset`` writes it back: without the worker's keys, and with an empty host
        status, so that only a new worker whose host connected and reported the pairing can fill it in again."""
        kept = {key: value for key, value in self.session.items() if key not in WORKER_KEYS}
        return {**kept, "hostStatus": {}}

    def differences(self, start: ExtensionState) -> list[str]:
        """What differs from ``start``, one line each (none: the same state)."""
        found = [
            f"{name}: {mine!r} (at the start: {theirs!r})"
            for name, mine, theirs in (
                ("the popup's state", self.popup, start.popup),
                ("chrome.storage.local", self.local, start.local),
                ("the browser's site rules", self.rules, start.rules),
            )
            if mine != theirs
        ]
        session = {key: value for key, value in self.session.items() if key not in WORKER_KEYS}
        started = {key: value for key, value in start.session.items() if key not in WORKER_KEYS}
        if session != started:
            found.append(f"chrome.storage.session: {session!r} (at the start: {started!r})")
        if self.session.get("siteRulesInForce", []) != self.rules:
            found.append(f"the worker's record of the site rules: {self.session.get('siteRulesInForce')!r}")
        return found


class BrowserStack(ServerStack):
    """A ``ServerStack`` on the extension lane, and ``driver``: the user's Chromium with the extension.

    A paired stack remembers the state it started in, and ``reset`` brings it back (tests that share one stack)."""

    def __init__(
        self, server: RunningServer, pages: PageServer, loop: BackgroundLoop, driver: webdriver.Chrome
    ) -> None:
        super().__init__(server, pages, loop, EXTENSION_LANE)
        self.driver = driver
        self._start: ExtensionState | None = None
        #: Whether a test has had this stack since it started (a module's first test needs no reset).
        self.used = False

    def connected_session(self, label: str = "e2e") -> str:
        """A new extension session, once the extension's controller has connected to it."""
        session_id = self.new_session(label)
        wait_until(lambda: self.lane_state(session_id) == "connected", CONNECT_TIMEOUT_S, "the extension to connect")
        return session_id

    def restart_service_worker(self, session_id: str) -> None:
        """Stop the extension's service worker as Chromium may at any moment, wait until ``session_id``'s controller
        has dropped, then wake a new worker with a tab event and wait until it has reconnected. The driver is back
        on the window it was on."""
        driver = self.driver
        was_on = driver.current_window_handle
        driver.switch_to.new_window("tab")
        driver.get("chrome://serviceworker-internals/")
        stop = wait_until(
            lambda: driver.execute_script(
                "return [...document.querySelectorAll('.serviceworker-registration')]"
                ".filter(r => r.textContent.includes(arguments[0]))"
                ".map(r => r.querySelector('[data-command=stop]'))[0]",
                f"chrome-extension://{HERMES_EXTENSION_ID}/",
            ),
            10,
            "the extension's running worker",
        )
        stop.click()
        wait_until(lambda: self.lane_state(session_id) == "disconnected", 15, "the controller to drop")
        driver.get("about:blank")  # any tab event wakes the worker, which reconnects by itself
        wait_until(lambda: self.lane_state(session_id) == "connected", CONNECT_TIMEOUT_S, "the controller to return")
        driver.close()
        driver.switch_to.window(was_on)

    def remember_start(self) -> None:
        """Keep the extension's state now (paired, no session, one blank tab) as the state ``reset`` brings back."""
        popup = self.open_popup()
        self._start = ExtensionState.read(self.driver)
        popup.close()

    def reset(self) -> None:
        """Bring the stack back to the state ``remember_start`` kept, and check that it is back, so that tests can
        share one stack (a server, a browser and a pairing) and still each begin as on a fresh one.

        What a test may leave: sessions (closed here, on the server); tabs (all closed, and a new blank one
        opened); the user's decisions and the extension's records in chrome.storage (the mode, the site decisions
        and those allowed once, the pause, the dialog policy, open questions, the action log, each tab's refs and
        dialogs); what its pages keep in the browser (the HTTP cache, cookies, the page server's origins' storage);
        the page server's records (forms received, requests).

        The popup's buttons cannot take every one of these back (nothing clears the log), so chrome.storage is
        written back as it was, from the popup page, and then the service worker is stopped: it keeps a copy of
        what it stored (background/stored.js) and would write its old copy back. A new worker reads storage afresh,
        connects the host again and rebuilds the browser's site rules from what it reads. Two keys are not written
        back as they were: ``hostStatus`` is emptied, so that only a new worker whose host connected and reported
        the pairing fills it in again; ``siteRulesInForce`` (the worker's record of the rules it gave the browser)
        is left to the new worker, which compares it with the rules it makes.

        Then checked, not assumed: the server has no session, the browser one blank tab, and the popup's state,
        chrome.storage and the browser's site rules (its own list) equal the start's. The pairing must hold
        throughout: a test that unpairs needs a stack of its own. Raises AssertionError naming what differs.
        """
        if self._start is None:
            raise AssertionError("reset() needs a paired stack whose start was remembered (remember_start)")
        start = self._start
        for session in self.api("GET", "/v1/sessions")["sessions"]:
            self.close_session(session["id"])
        driver = self.driver
        kept, *others = driver.window_handles
        for handle in others:
            driver.switch_to.window(handle)
            driver.close()
        driver.switch_to.window(kept)
        driver.get(POPUP_URL)  # the popup page reads and writes the extension's state
        wait_until(
            lambda: ExtensionState.read(driver).settled(),
            RESET_TIMEOUT_S,
            "the extension to drop the closed sessions and write its action log",
        )
        failed = driver.execute_async_script(RESTORE_STORAGE, start.local, start.session_to_restore(), WORKER_KEYS)
        assert failed is None, f"chrome.storage could not be written back: {failed}"
        # Stops the worker at once (a message, such as the next read, wakes a new one). Whether it was stopped is
        # checked below: the old worker would answer with its copy, and nothing but a new worker's host refills the
        # emptied host status.
        driver.execute_cdp_cmd("ServiceWorker.enable", {})
        driver.execute_cdp_cmd("ServiceWorker.stopAllWorkers", {})
        differences: list[str] = []

        def back_to_start() -> bool:
            differences[:] = ExtensionState.read(driver).differences(start)
            return not differences

        try:
            wait_until(back_to_start, RESET_TIMEOUT_S, "the extension's state to be the start's again")
        except TimeoutError:
            raise AssertionError("the reset left the extension unlike its start: " + "; ".join(differences)) from None
        driver.switch_to.new_window("tab")  # a blank tab with no history, as the stack started with
        blank = driver.current_window_handle
        driver.switch_to.window(kept)
        driver.close()
        driver.switch_to.window(blank)
        assert driver.window_handles == [blank] and driver.current_url == "about:blank", driver.window_handles
        assert self.api("GET", "/v1/sessions")["sessions"] == [], "a session outlived the reset"
        # What pages keep in the browser (a fresh profile had none): the HTTP cache would answer a request the page
        # server should see, and cookies and storage would carry one test's page state into the next.
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
        for origin in (self.pages.url(), self.pages.url(other=True)):
            driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        self.pages.received.clear()
        self.pages.requested.clear()

    def set_trusted_input(self, on: bool) -> None:
        """Turn the trusted-input mode on or off in the popup, as the user does, and wait until it is stored; when
        on, also until the popup says the companion answers (at the browser's start its service worker may not be
        up yet, and an action before then goes the synthetic way: ``trusted: false``)."""
        popup = self.open_popup()
        try:
            popup.set_trusted_input(on, scaled(PAIRING_TIMEOUT_S))
            if on:
                popup.wait_for_companion(scaled(PAIRING_TIMEOUT_S))
        finally:
            popup.close()

    def open_popup(self) -> Popup:
        """Open the popup page in a new tab (``Popup.close`` goes back to the previous tab)."""
        return Popup(self.driver)

    def pair_through_popup(self, mode: str = "act") -> str:
        """The one click, once the popup's code is checked against the one request the server holds; then the
        agent's ``mode`` ("act": nobody answers the popup's questions in a harness)."""

        def is_the_servers(code: str) -> None:
            pending = list(self.server.app[PAIRINGS].pending.values())
            assert [request.verification_code for request in pending] == [code]

        return pair_through_popup(self.driver, is_the_servers, scaled(PAIRING_TIMEOUT_S), mode=mode)


@contextmanager
def cdp_stack(pages: PageServer, *, isolate_sessions: bool = False) -> Iterator[ServerStack]:
    """The server with its real cdp lane (its own headless Chromium, launched on first use), and ``pages``.

    browser_cdp is turned on (``browser.cdp.raw_tool``): the contract suite runs every tool on its lane. Unless
    ``isolate_sessions``, the sessions share the browser's default context (``browser.isolate_sessions`` false), as
    the extension lane's share the user's profile: a context per session costs a renderer started cold and the
    pages' scripts compiled again from an empty cache, 2.5 times the CPU of the same tests in one context (measured
    on the action suites: 212 CPU-s against 83). Isolation itself is tested apart
    (tests/lanes/test_session_isolation.py).
    """
    with background_loop("hermes-server") as loop:
        running = running_server(own_chromium=True, cdp_raw_tool=True, isolate_sessions=isolate_sessions)
        server = loop.enter(running, scaled(SERVER_TIMEOUT_S))
        yield ServerStack(server, pages, loop, CDP_LANE)


@contextmanager
def extension_stack(
    pages: PageServer, *, paired: bool = True, mode: str = "act", trusted_input: bool = False
) -> Iterator[BrowserStack]:
    """The server, ``pages``, and Chromium with the extension and the host manifest in a fresh profile; with
    ``trusted_input``, the trusted-input companion extension installed too (the mode itself stays off: the user
    turns it on in the popup, ``BrowserStack.set_trusted_input``)."""
    # The browser's download folder, which the server reads the agent's downloads from (its hermes/ subfolder).
    with (
        background_loop("hermes-server") as loop,
        tempfile.TemporaryDirectory(prefix="hermes-test-downloads-") as saved,
    ):
        downloads = Path(saved)
        server = loop.enter(running_server(download_user_folder=downloads), scaled(SERVER_TIMEOUT_S))
        with local_chromium(server.home, headless=True, trusted_input=trusted_input, downloads=downloads) as driver:
            stack = BrowserStack(server, pages, loop, driver)
            if paired:
                stack.pair_through_popup(mode)
                stack.remember_start()
            yield stack
