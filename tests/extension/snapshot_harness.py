"""The snapshot engine in real headless Chromium, reached over CDP, for the engine's own tests.

No Selenium: the engine has to run in isolated worlds of every frame, out-of-process iframes included,
which is what the CDP lane does too (``Page.createIsolatedWorld`` + ``Runtime.evaluate``).
``Target.setAutoAttach`` with ``flatten`` gives a session per cross-origin iframe.

The browser is the harness's (``tests.support.chromium``) and the DevTools client is the product's own
``CDPConnection``, run on a background loop behind the synchronous ``CDP`` face these tests use: these
tests are about the engine, not the connection (the cdp lane's tests cover that), and one CDP client in
the tree means one set of framing and error rules to trust.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import ExitStack, suppress
from typing import Any

from hermes_extension import engine_source
from hermes_server.cdp.connection import CDPConnection
from hermes_server.cdp.events import CDPEvent
from tests.conftest import scaled
from tests.support.background_loop import BackgroundLoop
from tests.support.chromium import launch_chromium
from tests.support.waiting import wait_for

CONNECT_TIMEOUT_S = 10.0


class PageError(Exception):
    """An expression evaluated in a page threw; the message is CDP's ``exceptionDetails``."""


# ----- CDP --------------------------------------------------------------------------------------------


@contextlib.asynccontextmanager
async def _connected(ws_url: str, on_event: Callable[[CDPEvent], None]) -> AsyncIterator[CDPConnection]:
    """A ``CDPConnection`` with its reader running, closed (and its reader finished) on exit."""
    connection = await CDPConnection.connect(ws_url, on_event, timeout_s=scaled(CONNECT_TIMEOUT_S))
    reader = asyncio.create_task(connection.pump())
    try:
        yield connection
    finally:
        await connection.close()
        await reader


class CDP:
    """One browser-level DevTools connection; commands for a target go with its flat ``session``.

    Every event is kept (``events``), so a test can wait for one that came before it started waiting.
    """

    def __init__(self, ws_url: str) -> None:
        self.events: list[CDPEvent] = []
        self.arrived = threading.Condition()
        self._loop = BackgroundLoop("devtools")
        try:
            self._connection = self._loop.enter(_connected(ws_url, self._record), scaled(CONNECT_TIMEOUT_S))
        except BaseException:
            self._loop.close()
            raise

    def _record(self, event: CDPEvent) -> None:
        with self.arrived:
            self.events.append(event)
            self.arrived.notify_all()

    def send(
        self, method: str, params: dict[str, Any] | None = None, session: str | None = None, timeout: float = 10.0
    ) -> dict[str, Any]:
        return self._loop.run(self._connection.send(method, params, session_id=session), scaled(timeout))

    def wait_event(self, predicate: Callable[[CDPEvent], bool], timeout: float, what: str, since: int = 0) -> CDPEvent:
        """The first event from index ``since`` on for which ``predicate`` holds, waiting for it if need be."""
        with self.arrived:
            found = self.arrived.wait_for(
                lambda: next((event for event in self.events[since:] if predicate(event)), None), scaled(timeout)
            )
        if found is None:
            raise TimeoutError(f"timed out waiting for {what}")
        return found

    def mark(self) -> int:
        """The index the next event will have: ``since`` for waiting on what happens from now on."""
        with self.arrived:
            return len(self.events)

    def close(self) -> None:
        self._loop.close()


class Browser:
    """Headless Chromium with a fresh profile, reached over CDP."""

    def __init__(self, extra_flags: tuple[str, ...] = ()) -> None:
        self._running = ExitStack()
        try:
            chromium = self._running.enter_context(launch_chromium(*extra_flags))
            self.cdp = CDP(chromium.ws_url)
            self._running.callback(self.cdp.close)
        except BaseException:
            self._running.close()
            raise

    def new_tab(self) -> Tab:
        target = self.cdp.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.cdp.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        return Tab(self, target, session)

    def close(self) -> None:
        self._running.close()


def _context_created(event: CDPEvent, session: str) -> dict[str, Any] | None:
    """The execution context an event announces in ``session``, if it is such an event."""
    if event.session_id == session and event.method == "Runtime.executionContextCreated":
        context: dict[str, Any] = event.params["context"]
        return context
    return None


class Frame:
    """The engine injected into one frame's isolated world (the CDP lane's way)."""

    def __init__(self, tab: Tab, session: str, frame_id: str, url: str) -> None:
        self.tab, self.session, self.frame_id, self.url = tab, session, frame_id, url
        self.context: int | None = None

    def inject(self) -> Frame:
        cdp = self.tab.browser.cdp
        world = cdp.send(
            "Page.createIsolatedWorld",
            {"frameId": self.frame_id, "worldName": "hermes-test", "grantUniveralAccess": False},
            session=self.session,
        )
        self.context = world["executionContextId"]
        version = self.eval(engine_source())
        assert str(version).startswith("hermes-snapshot/")
        return self

    def use_content_script_world(self, extension_name: str, timeout: float = 10.0) -> Frame:
        """Use the isolated world of an extension's content scripts in this frame (the extension lane's world)."""

        def is_the_content_scripts(event: CDPEvent) -> bool:
            context = _context_created(event, self.session)
            return bool(
                context
                and context.get("name") == extension_name
                and context.get("auxData", {}).get("frameId") == self.frame_id
            )

        event = self.tab.browser.cdp.wait_event(
            is_the_content_scripts,
            timeout,
            f"the content scripts of {extension_name} in {self.url}",
            since=self.tab.loaded_mark,
        )
        self.context = event.params["context"]["id"]
        wait_for(
            lambda: self.eval("typeof globalThis.__hermesSnapshot") == "object",
            scaled(timeout),
            f"the engine in the content-script world of {self.url}",
        )
        return self

    def eval(self, expression: str, await_promise: bool = False, timeout: float = 20.0) -> Any:
        """Evaluate in the engine's world and return the value (JSON)."""
        return self._evaluate(expression, self.context, await_promise=await_promise, timeout=timeout)

    def page_eval(self, expression: str, await_promise: bool = False) -> Any:
        """Evaluate in the page's own (main) world of this frame."""
        return self._evaluate(expression, self.main_context(), await_promise=await_promise)

    def _evaluate(
        self, expression: str, context: int | None, *, await_promise: bool = False, timeout: float = 10.0
    ) -> Any:
        reply = self.tab.browser.cdp.send(
            "Runtime.evaluate",
            {
                "expression": expression,
                "contextId": context,
                "returnByValue": True,
                "awaitPromise": await_promise,
                "userGesture": False,
            },
            session=self.session,
            timeout=timeout,
        )
        if "exceptionDetails" in reply:
            raise PageError(json.dumps(reply["exceptionDetails"])[:2000])
        return reply["result"].get("value")

    def main_context(self) -> int:
        def is_the_main_world(event: CDPEvent) -> bool:
            aux = (_context_created(event, self.session) or {}).get("auxData", {})
            return bool(aux.get("frameId") == self.frame_id and aux.get("isDefault"))

        event = self.tab.browser.cdp.wait_event(
            is_the_main_world, 10, f"main world of {self.url}", since=self.tab.loaded_mark
        )
        return int(event.params["context"]["id"])

    def call(self, method: str, *args: Any, await_promise: bool = True) -> Any:
        return self.eval(
            f"globalThis.__hermesSnapshot.{method}(...{json.dumps(list(args))})", await_promise=await_promise
        )

    def snapshot(self, **opts: Any) -> Any:
        return self.call("snapshot", opts, await_promise=True)

    def token_of(self, child: Frame) -> str | None:
        """The token this frame's engine gives the ``<iframe>`` that holds ``child``, found as the cdp lane finds it:
        the browser names the element (``DOM.getFrameOwner``), resolved in this frame's engine world."""
        cdp = self.tab.browser.cdp
        owner = cdp.send("DOM.getFrameOwner", {"frameId": child.frame_id}, session=self.session)
        element = cdp.send(
            "DOM.resolveNode",
            {"backendNodeId": owner["backendNodeId"], "executionContextId": self.context},
            session=self.session,
        )
        reply = cdp.send(
            "Runtime.callFunctionOn",
            {
                "functionDeclaration": "function () { return globalThis.__hermesSnapshot.frameToken(this); }",
                "objectId": element["object"]["objectId"],
                "returnByValue": True,
            },
            session=self.session,
        )
        return reply["result"].get("value")

    def object_id(self, expression: str) -> str:
        """A remote handle on the object ``expression`` yields in the engine's world (for other CDP domains)."""
        reply = self.tab.browser.cdp.send(
            "Runtime.evaluate",
            {
                "expression": expression,
                "contextId": self.context,
                "returnByValue": False,
            },
            session=self.session,
        )
        return str(reply["result"].get("objectId", ""))


class Tab:
    def __init__(self, browser: Browser, target: str, session: str) -> None:
        self.browser, self.target, self.session = browser, target, session
        self.loaded_mark = 0
        cdp = browser.cdp
        cdp.send("Page.enable", session=session)
        cdp.send("Runtime.enable", session=session)
        cdp.send(
            "Target.setAutoAttach",
            {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": True},
            session=session,
        )

    def navigate(self, url: str) -> None:
        cdp = self.browser.cdp
        self.loaded_mark = cdp.mark()
        frame = cdp.send("Page.navigate", {"url": url}, session=self.session)
        if frame.get("errorText"):
            raise PageError(frame["errorText"])
        cdp.wait_event(
            lambda event: event.session_id == self.session and event.method == "Page.loadEventFired",
            20,
            f"load of {url}",
            since=self.loaded_mark,
        )

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
            with cdp.arrived:
                attached = [
                    event.params
                    for event in cdp.events[self.loaded_mark :]
                    if event.method == "Target.attachedToTarget"
                    and event.session_id == self.session
                    and event.params["targetInfo"]["type"] == "iframe"
                ]
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
                    state = cdp.send(
                        "Runtime.evaluate", {"expression": "document.readyState", "returnByValue": True}, session=child
                    )
                except Exception:  # detached meanwhile
                    continue
                if state["result"].get("value") == "complete":
                    return Frame(self, child, tree["frame"]["id"], tree["frame"]["url"])
            return None

        return wait_for(find, scaled(timeout), f"an out-of-process iframe at {url_part}")

    def close(self) -> None:
        with suppress(Exception):
            self.browser.cdp.send("Target.closeTarget", {"targetId": self.target})
