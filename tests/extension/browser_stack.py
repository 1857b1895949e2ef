"""The whole product for end-to-end tests: a real server, a real Chromium with the unpacked extension
loaded, the native host manifest installed in that fresh profile, and a page server on loopback.

Selenium is synchronous, so the server and the page server run on an event loop in a background
thread and the tests are plain functions; the agent side uses the HTTP tool API with urllib.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from aiohttp import web
from selenium import webdriver

from hermes_server.app_keys import PAIRINGS
from tests.support.extension_browser import Popup, local_chromium, wait_for

from ..conftest import scaled
from ..server.helpers import RunningServer, running_server

PAGES_DIR = Path(__file__).parent / "pages"
T = TypeVar("T")


def wait_until(check: Callable[[], T | None], timeout: float = 10, what: str = "condition") -> T:
    """Poll ``check`` until it returns something truthy (bounded, scaled): synchronisation, not a sleep."""
    return wait_for(check, scaled(timeout), what)


@dataclass
class PageServer:
    """Serves tests/extension/pages and records what forms post to /submit."""

    port: int = 0
    received: list[dict[str, str]] = field(default_factory=list)

    def app(self) -> web.Application:
        app = web.Application()

        async def submit(request: web.Request) -> web.Response:
            self.received.append(dict(await request.post()))  # type: ignore[arg-type]
            return web.Response(text="<h1>Thank you</h1><p id=done>received</p>", content_type="text/html")

        async def listing(request: web.Request) -> web.Response:
            page = int(request.query.get("page", "1"))
            items = "".join(f"<li>Item {n}</li>" for n in range((page - 1) * 5 + 1, page * 5 + 1))
            nav = f'<a href="/list?page={page + 1}">Next page</a>' if page < 3 else "<p>Last page</p>"
            html = f"<title>List page {page}</title><h1>Results, page {page}</h1><ul>{items}</ul>{nav}"
            return web.Response(text=html, content_type="text/html")

        app.router.add_post("/submit", submit)
        app.router.add_get("/list", listing)
        app.router.add_static("/", PAGES_DIR)
        return app

    def url(self, path: str, host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}/{path.lstrip('/')}"


class Stack:
    def __init__(self, server: RunningServer, pages: PageServer, driver: webdriver.Chrome, profile: Path,
                 loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.server = server
        self.pages = pages
        self.driver = driver
        self.profile = profile

    def on_server(self, work: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine on the server's event loop (for tests that reach into the server itself)."""
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(scaled(60))

    # ----- the agent's side --------------------------------------------------------------------------

    def api(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        request = urllib.request.Request(
            self.server.url + path, method=method, data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {self.server.api_key}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=scaled(60)) as response:
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
        return self.api("POST", "/v1/sessions", {"label": label, "browser_lane": "extension"})["id"]

    def call(self, session_id: str, tool: str, **arguments: Any) -> dict[str, Any]:
        return self.api("POST", f"/v1/sessions/{session_id}/browser/{tool}", {"arguments": arguments})

    def ok(self, session_id: str, tool: str, **arguments: Any) -> Any:
        reply = self.call(session_id, tool, **arguments)
        assert reply["ok"], f"{tool} {arguments} failed: {reply}"
        return reply["result"]

    def lane_state(self, session_id: str) -> str:
        sessions = {s["id"]: s for s in self.api("GET", "/v1/sessions")["sessions"]}
        return sessions[session_id]["controller"]["state"]

    def connected_session(self, label: str = "e2e") -> str:
        """A new extension session, once the extension's controller has connected to it."""
        session_id = self.new_session(label)
        wait_until(lambda: self.lane_state(session_id) == "connected", 10, "the extension to connect")
        return session_id

    # ----- the user's side ---------------------------------------------------------------------------

    def open_popup(self) -> Popup:
        """Open the popup page in a new tab (``Popup.close`` goes back to the previous tab)."""
        return Popup(self.driver)

    def pair_through_popup(self) -> str:
        """The one click: open the popup, check the code against the server's, click Approve."""
        popup = self.open_popup()
        code = popup.verification_code(scaled(15))
        pending = list(self.server.app[PAIRINGS].pending.values())
        assert [request.verification_code for request in pending] == [code]
        popup.approve()
        device_id = popup.device_id(scaled(15))
        popup.close()
        return device_id


def _serve_in_thread(
    home: Path, pages: PageServer
) -> tuple[RunningServer, asyncio.AbstractEventLoop, Callable[[], None]]:
    loop = asyncio.new_event_loop()
    started = threading.Event()
    holder: dict[str, Any] = {}

    async def main() -> None:
        runner = web.AppRunner(pages.app())
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        pages.port = runner.addresses[0][1]
        stop = asyncio.Event()
        holder["stop"] = stop
        async with running_server(home=home) as server:
            holder["server"] = server
            started.set()
            await stop.wait()
        await runner.cleanup()

    thread = threading.Thread(target=loop.run_until_complete, args=(main(),), daemon=True)
    thread.start()
    if not started.wait(scaled(20)):
        raise RuntimeError("the server did not start")

    def stop() -> None:
        loop.call_soon_threadsafe(holder["stop"].set)
        thread.join(scaled(20))

    return holder["server"], loop, stop


@contextmanager
def browser_stack(*, paired: bool = True) -> Iterator[Stack]:
    """Server + page server + Chromium with the extension and host manifest in a fresh profile."""
    with tempfile.TemporaryDirectory(prefix="hermes-e2e-") as scratch:
        home, profile = Path(scratch) / "home", Path(scratch) / "profile"
        pages = PageServer()
        server, loop, stop_servers = _serve_in_thread(home, pages)
        try:
            with local_chromium(home, profile, headless=True) as driver:
                stack = Stack(server, pages, driver, profile, loop)
                if paired:
                    stack.pair_through_popup()
                yield stack
        finally:
            stop_servers()
