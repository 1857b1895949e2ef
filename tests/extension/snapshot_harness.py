"""Real headless Chromium driven over a raw CDP WebSocket, for the snapshot engine tests.

No Selenium: the engine has to run in isolated worlds of every frame, out-of-process iframes included, which
is what the CDP lane does too (``Page.createIsolatedWorld`` + ``Runtime.evaluate``). ``Target.setAutoAttach``
with ``flatten`` gives a session per cross-origin iframe.  Pages are served from loopback by ``PageServer``.
"""

from __future__ import annotations

import http.server
import itertools
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from contextlib import ExitStack, suppress
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from hermes_extension import engine_source

from ..conftest import scaled

CHROMIUM = os.environ.get("HERMES_CHROMIUM", "/usr/bin/chromium")
FLAGS = (
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--site-per-process",
    "--window-size=1280,900", "--remote-debugging-port=0", "--remote-allow-origins=*",
)


def wait_for(predicate: Callable[[], Any], timeout: float, what: str, interval: float = 0.02) -> Any:
    """Poll ``predicate`` until it returns something truthy, or fail after ``timeout`` (already scaled)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out waiting for {what}")
        time.sleep(interval)


# ----- pages ------------------------------------------------------------------------------------------

class PageServer:
    """A threaded loopback HTTP server for a dict of pages, plus an optional directory under ``/doc/``."""

    def __init__(self, pages: dict[str, str] | None = None, doc_root: Path | None = None) -> None:
        self.pages: dict[str, str] = dict(pages or {})
        self.doc_root = doc_root
        self.hits: list[str] = []
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                path = self.path.split("?", 1)[0]
                server.hits.append(self.path)
                body: bytes | None = None
                ctype = "text/html; charset=utf-8"
                if path in server.pages:
                    body = server.pages[path].encode()
                elif server.doc_root and path.startswith("/doc/"):
                    target = (server.doc_root / path[5:]).resolve()
                    if target.is_file() and server.doc_root.resolve() in target.parents:
                        body = target.read_bytes()
                        ctype = {
                            ".css": "text/css", ".js": "text/javascript", ".png": "image/png", ".svg": "image/svg+xml",
                        }.get(target.suffix, ctype)
                if body is None:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str, host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}{path}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


# ----- CDP --------------------------------------------------------------------------------------------

class CDPError(RuntimeError):
    pass


class CDP:
    """One browser-level WebSocket; commands for a target go with its flat ``sessionId``."""

    def __init__(self, ws_url: str) -> None:
        self.stack = ExitStack()
        self.ws = self.stack.enter_context(connect(ws_url, max_size=None, open_timeout=scaled(10)))
        self.ids = itertools.count(1)
        self.pending: dict[int, Future] = {}
        self.events: list[dict[str, Any]] = []
        self.cond = threading.Condition()
        self.lock = threading.Lock()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        try:
            for raw in self.ws:
                msg = json.loads(raw)
                if "id" in msg:
                    fut = self.pending.pop(msg["id"], None)
                    if fut is not None:
                        if "error" in msg:
                            fut.set_exception(CDPError(f"{msg['error']}"))
                        else:
                            fut.set_result(msg.get("result", {}))
                else:
                    with self.cond:
                        self.events.append(msg)
                        self.cond.notify_all()
        except Exception:  # the socket closed
            pass
        for fut in list(self.pending.values()):
            if not fut.done():
                fut.set_exception(CDPError("connection closed"))

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None,
             timeout: float = 10.0) -> dict[str, Any]:
        msg_id = next(self.ids)
        fut: Future = Future()
        self.pending[msg_id] = fut
        msg: dict[str, Any] = {"id": msg_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        with self.lock:
            self.ws.send(json.dumps(msg))
        return fut.result(timeout=scaled(timeout))

    def wait_event(self, predicate: Callable[[dict[str, Any]], bool], timeout: float, what: str,
                   since: int = 0) -> dict[str, Any]:
        deadline = time.monotonic() + scaled(timeout)
        with self.cond:
            while True:
                for ev in self.events[since:]:
                    if predicate(ev):
                        return ev
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"timed out waiting for {what}")
                self.cond.wait(left)

    def mark(self) -> int:
        with self.cond:
            return len(self.events)

    def close(self) -> None:
        with suppress(Exception):
            self.stack.close()


class Browser:
    """Headless Chromium with a fresh profile, reached over CDP."""

    def __init__(self, extra_flags: tuple[str, ...] = ()) -> None:
        self.profile = tempfile.mkdtemp(prefix="hermes-snapshot-profile-")
        self.proc = subprocess.Popen(
            [CHROMIUM, *FLAGS, *extra_flags, f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        port_file = Path(self.profile) / "DevToolsActivePort"

        def ready() -> str | None:
            if self.proc.poll() is not None:
                raise RuntimeError(f"chromium exited with {self.proc.returncode}")
            try:
                lines = port_file.read_text().split("\n")
            except FileNotFoundError:
                return None
            return f"ws://127.0.0.1:{lines[0].strip()}{lines[1].strip()}" if len(lines) >= 2 and lines[1] else None

        try:
            ws_url = wait_for(ready, scaled(20), "Chromium's DevTools port")
            self.cdp = CDP(ws_url)
        except Exception:
            self.close()
            raise

    def new_tab(self) -> Tab:
        target = self.cdp.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.cdp.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        return Tab(self, target, session)

    def close(self) -> None:
        if getattr(self, "cdp", None):
            self.cdp.close()
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=scaled(10))
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


class Frame:
    """The engine injected into one frame's isolated world (the CDP lane's way)."""

    def __init__(self, tab: Tab, session: str, frame_id: str, url: str) -> None:
        self.tab, self.session, self.frame_id, self.url = tab, session, frame_id, url
        self.context: int | None = None

    def inject(self) -> Frame:
        cdp = self.tab.browser.cdp
        world = cdp.send("Page.createIsolatedWorld",
                         {"frameId": self.frame_id, "worldName": "hermes-test", "grantUniveralAccess": False},
                         session=self.session)
        self.context = world["executionContextId"]
        version = self.eval(engine_source())
        assert str(version).startswith("hermes-snapshot/")
        return self

    def use_content_script_world(self, extension_name: str, timeout: float = 10.0) -> Frame:
        """Use the isolated world of an extension's content scripts in this frame (the extension lane's world)."""
        cdp = self.tab.browser.cdp
        ev = cdp.wait_event(
            lambda e: e.get("sessionId") == self.session
            and e.get("method") == "Runtime.executionContextCreated"
            and e["params"]["context"].get("name") == extension_name
            and e["params"]["context"].get("auxData", {}).get("frameId") == self.frame_id,
            timeout, f"the content scripts of {extension_name} in {self.url}", since=self.tab.loaded_mark,
        )
        self.context = ev["params"]["context"]["id"]
        wait_for(lambda: self.eval("typeof globalThis.__hermesSnapshot") == "object", scaled(timeout),
                 f"the engine in the content-script world of {self.url}")
        return self

    def eval(self, expression: str, await_promise: bool = False, timeout: float = 20.0) -> Any:
        """Evaluate in the engine's world and return the value (JSON)."""
        res = self.tab.browser.cdp.send("Runtime.evaluate", {
            "expression": expression, "contextId": self.context, "returnByValue": True,
            "awaitPromise": await_promise, "userGesture": False,
        }, session=self.session, timeout=timeout)
        if "exceptionDetails" in res:
            raise CDPError(json.dumps(res["exceptionDetails"])[:2000])
        return res["result"].get("value")

    def page_eval(self, expression: str) -> Any:
        """Evaluate in the page's own (main) world of this frame."""
        res = self.tab.browser.cdp.send("Runtime.evaluate", {
            "expression": expression, "returnByValue": True,
            "contextId": self.main_context(),
        }, session=self.session)
        if "exceptionDetails" in res:
            raise CDPError(json.dumps(res["exceptionDetails"])[:2000])
        return res["result"].get("value")

    def main_context(self) -> int:
        cdp = self.tab.browser.cdp
        world = cdp.wait_event(
            lambda ev: ev.get("sessionId") == self.session
            and ev.get("method") == "Runtime.executionContextCreated"
            and ev["params"]["context"].get("auxData", {}).get("frameId") == self.frame_id
            and ev["params"]["context"].get("auxData", {}).get("isDefault"),
            10, f"main world of {self.url}", since=self.tab.loaded_mark,
        )
        return world["params"]["context"]["id"]

    def call(self, method: str, *args: Any, await_promise: bool = False) -> Any:
        return self.eval(f"globalThis.__hermesSnapshot.{method}(...{json.dumps(list(args))})",
                         await_promise=await_promise)

    def snapshot(self, **opts: Any) -> dict[str, Any]:
        return self.call("snapshot", opts, await_promise=True)

    def object_id(self, expression: str) -> str:
        res = self.tab.browser.cdp.send("Runtime.evaluate", {
            "expression": expression, "contextId": self.context, "returnByValue": False,
        }, session=self.session)
        return res["result"].get("objectId", "")


class Tab:
    def __init__(self, browser: Browser, target: str, session: str) -> None:
        self.browser, self.target, self.session = browser, target, session
        self.loaded_mark = 0
        cdp = browser.cdp
        cdp.send("Page.enable", session=session)
        cdp.send("Runtime.enable", session=session)
        cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": True},
                 session=session)

    def navigate(self, url: str) -> None:
        cdp = self.browser.cdp
        self.loaded_mark = cdp.mark()
        frame = cdp.send("Page.navigate", {"url": url}, session=self.session)
        if frame.get("errorText"):
            raise CDPError(frame["errorText"])
        cdp.wait_event(lambda ev: ev.get("sessionId") == self.session and ev.get("method") == "Page.loadEventFired",
                       20, f"load of {url}", since=self.loaded_mark)

    def top(self) -> Frame:
        tree = self.browser.cdp.send("Page.getFrameTree", session=self.session)["frameTree"]
        return Frame(self, self.session, tree["frame"]["id"], tree["frame"]["url"])

    def same_process_frames(self) -> list[Frame]:
        tree = self.browser.cdp.send("Page.getFrameTree", session=self.session)["frameTree"]
        out: list[Frame] = []

        def walk(node: dict[str, Any]) -> None:
            out.append(Frame(self, self.session, node["frame"]["id"], node["frame"]["url"]))
            for child in node.get("childFrames", []):
                walk(child)

        walk(tree)
        return out

    def oopif(self, url_part: str, timeout: float = 10.0) -> Frame:
        """The out-of-process iframe whose URL ends with ``url_part``, once attached and loaded.

        Auto-attach reports an OOPIF before its URL is known, so each attached iframe session is asked."""
        cdp = self.browser.cdp
        enabled: set[str] = set()

        def find() -> Frame | None:
            with cdp.cond:
                attached = [e["params"] for e in cdp.events[self.loaded_mark:]
                            if e.get("method") == "Target.attachedToTarget" and e.get("sessionId") == self.session
                            and e["params"]["targetInfo"]["type"] == "iframe"]
            for params in attached:
                child = params["sessionId"]
                try:
                    if child not in enabled:
                        cdp.send("Runtime.enable", session=child)
                        cdp.send("Page.enable", session=child)
                        enabled.add(child)
                    tree = cdp.send("Page.getFrameTree", session=child)["frameTree"]
                    if not tree["frame"]["url"].endswith(url_part):
                        continue
                    state = cdp.send("Runtime.evaluate", {"expression": "document.readyState", "returnByValue": True},
                                     session=child)
                except Exception:  # detached meanwhile
                    continue
                if state["result"].get("value") == "complete":
                    return Frame(self, child, tree["frame"]["id"], tree["frame"]["url"])
            return None

        return wait_for(find, scaled(timeout), f"an out-of-process iframe at {url_part}", interval=0.05)

    def close(self) -> None:
        with suppress(Exception):
            self.browser.cdp.send("Target.closeTarget", {"targetId": self.target})
