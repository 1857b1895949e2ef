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
import urllib.error
import urllib.request
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from typing import Any, Self, TypeVar

from selenium import webdriver

from hermes_server.app_keys import PAIRINGS
from hermes_wire.native import HERMES_EXTENSION_ID
from hermes_wire.tools import CDP_LANE, EXTENSION_LANE
from tests.conftest import scaled
from tests.support.background_loop import BackgroundLoop, background_loop
from tests.support.extension_browser import Popup, local_chromium, pair_through_popup
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


class BrowserStack(ServerStack):
    """A ``ServerStack`` on the extension lane, and ``driver``: the user's Chromium with the extension."""

    def __init__(
        self, server: RunningServer, pages: PageServer, loop: BackgroundLoop, driver: webdriver.Chrome
    ) -> None:
        super().__init__(server, pages, loop, EXTENSION_LANE)
        self.driver = driver

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
def cdp_stack(pages: PageServer) -> Iterator[ServerStack]:
    """The server with its real cdp lane (its own headless Chromium, launched on first use), and ``pages``.

    browser_cdp is turned on (``browser.cdp.raw_tool``): the contract suite runs every tool on its lane.
    """
    with background_loop("hermes-server") as loop:
        server = loop.enter(running_server(own_chromium=True, cdp_raw_tool=True), scaled(SERVER_TIMEOUT_S))
        yield ServerStack(server, pages, loop, CDP_LANE)


@contextmanager
def extension_stack(pages: PageServer, *, paired: bool = True, mode: str = "act") -> Iterator[BrowserStack]:
    """The server, ``pages``, and Chromium with the extension and the host manifest in a fresh profile."""
    with background_loop("hermes-server") as loop:
        server = loop.enter(running_server(), scaled(SERVER_TIMEOUT_S))
        with local_chromium(server.home, headless=True) as driver:
            stack = BrowserStack(server, pages, loop, driver)
            if paired:
                stack.pair_through_popup(mode)
            yield stack
