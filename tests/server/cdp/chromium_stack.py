"""The cdp lane's tests on real headless Chromium: their test pages, and an agent that calls tools on the lane.

The pages are served by the harness's page server (``tests.support.pages``) on ``127.0.0.1`` and,
for cross-origin iframes, on ``localhost`` (another site, so Chromium puts those frames in their
own process: OOPIFs).  A Chromium is shared per test module (``chrome`` fixture, in ``conftest``);
each test gets its own session, so its own tab, and closes it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from hermes_server.cdp.backend import CDPBackend
from hermes_server.cdp.providers import BrowserLease, BrowserSource
from hermes_server.cdp.supervisor import CDPSupervisor
from hermes_server.routing.lanes import ToolCall
from hermes_server.routing.outcome import ToolOutcome
from hermes_server.routing.sessions import Session
from hermes_wire.tools import TOOLS
from tests.conftest import scaled
from tests.support.pages import OTHER_ORIGIN

DIALOG_SCRIPTS = {
    "alert": "alert('Hello from the page'); return 'alert returned';",
    "confirm": "return String(confirm('Delete everything?'));",
    "prompt": "return JSON.stringify(prompt('Your name?', 'anonymous'));",
}
#: The deepest of the /nested/<depth> pages: each frames the next shallower one from the other site.
NESTED_DEPTH = 3


def dialog_page(kind: str) -> str:
    return f"""<!doctype html><title>Dialog {kind}</title>
<button onclick="document.body.dataset.result = (function () {{ {DIALOG_SCRIPTS[kind]} }})()">Trigger</button>"""


def nested_page(depth: int) -> str:
    child = f'<iframe src="{OTHER_ORIGIN}/nested/{depth - 1}"></iframe>' if depth > 0 else ""
    return f"<!doctype html><title>Level {depth}</title><p>level {depth}</p>{child}"


PAGES: dict[str, str] = {
    "/plain": "<!doctype html><title>Plain</title><h1>Plain page</h1><p>Nothing to see.</p>",
    # Its script holds the renderer's main thread for a minute: the page never loads, and nothing runs in it.
    "/busy": "<!doctype html><title>Busy</title>"
    "<script>const end = Date.now() + 60000; while (Date.now() < end) {}</script>",
    "/opener": """<!doctype html><title>Opener</title><a href="/form" target="_blank">Open the form</a>""",
    "/unload": """<!doctype html><title>Unsaved</title><button>Arm</button>
<script>addEventListener('beforeunload', (e) => { e.preventDefault(); e.returnValue = ''; });</script>""",
    "/frames/top": f"""<!doctype html><title>Shop</title><h1>Shop</h1>
<iframe title="Payment" src="{OTHER_ORIGIN}/frames/child" style="width:500px;height:200px;margin-left:40px"></iframe>
<iframe title="Inline" srcdoc="<p>inline words</p>"></iframe>""",
    "/frames/child": """<!doctype html><title>Payment</title><p>Card details</p>
<button onclick="document.body.dataset.clicks = String(Number(document.body.dataset.clicks || 0) + 1)">Pay now</button>
<input aria-label="Card holder" value="old">""",
    "/frames/many": "<!doctype html><title>Many</title>"
    + "".join(
        f'<iframe title="f{n}" srcdoc="<p>frame {n}</p>" style="width:20px;height:20px"></iframe>' for n in range(40)
    ),
    "/form": """<!doctype html><title>Form</title><form action="/plain" method="get">
<input name="who" aria-label="Name" value="old name">
<input name="secret" type="password" aria-label="Password">
<textarea name="bio" aria-label="Bio">old bio</textarea>
<select name="colour" aria-label="Colour"><option>Red</option><option>Green</option></select>
<button type="submit">Send</button></form>""",
    **{f"/dialog/{kind}": dialog_page(kind) for kind in DIALOG_SCRIPTS},
    # A dialog the pointer's arrival opens, before any press: the click's hover comes first, as a hand's does.
    "/dialog/hover": """<!doctype html><title>Hover dialog</title>
<button onmouseover="alert('You are about to click')">Trigger</button>""",
    **{f"/nested/{depth}": nested_page(depth) for depth in range(NESTED_DEPTH + 1)},
}


class SharedBrowser:
    """A browser source shared by the backends of a module: a backend's ``aclose`` leaves the browser running."""

    def __init__(self, source: BrowserSource) -> None:
        self.source = source
        self.label = source.label

    async def acquire(self, session_id: str, *, replace: bool) -> BrowserLease:
        return await self.source.acquire(session_id, replace=replace)

    async def release(self, session_id: str) -> None:
        await self.source.release(session_id)

    async def aclose(self) -> None:
        """The module's fixture stops the browser, once its tests are done."""


class Agent:
    """One agent session on a ``CDPBackend``: ``call`` expects success, ``fail`` expects failure."""

    def __init__(self, backend: CDPBackend, session_id: str = "sess_test") -> None:
        self.backend = backend
        self.session = Session(session_id, "local", "", "cdp", 0.0)

    async def run(self, tool: str, **arguments: Any) -> ToolOutcome:
        return await self.backend.run(ToolCall(self.session, TOOLS[tool], arguments, "call_1", scaled(20)))

    async def call(self, tool: str, **arguments: Any) -> Any:
        outcome = await self.run(tool, **arguments)
        assert outcome.ok, f"{tool} failed: {outcome.error_code}: {outcome.error_message}"
        return outcome.result

    async def fail(self, tool: str, **arguments: Any) -> tuple[str, str]:
        outcome = await self.run(tool, **arguments)
        assert not outcome.ok, f"{tool} unexpectedly succeeded: {outcome.result}"
        return outcome.error_code or "", outcome.error_message or ""

    @property
    def supervisor(self) -> CDPSupervisor:
        supervisor = self.backend.registry.get(self.session.session_id)
        assert supervisor is not None
        return supervisor

    async def until(self, check: Any) -> None:
        """Wait (bounded, event-driven) until ``check()`` holds on the supervisor's state."""
        async with asyncio.timeout(scaled(10)):
            await self.supervisor.until(check)

    async def evaluate(self, expression: str, frame_id: str | None = None) -> Any:
        """A page expression's value, through browser_cdp (awaiting a promise it returns)."""
        arguments: dict[str, Any] = {
            "method": "Runtime.evaluate",
            "params": {"expression": expression, "returnByValue": True, "awaitPromise": True},
        }
        if frame_id:
            arguments["frame_id"] = frame_id
        reply = await self.call("browser_cdp", **arguments)
        return reply["result"]["result"].get("value")

    async def page_result(self) -> Any:
        """What the page's dialog handler wrote, once it has written it (the page waits, not the test)."""
        return await self.evaluate("""new Promise((resolve) => {
            const check = () => document.body.dataset.result !== undefined
                ? resolve(document.body.dataset.result) : setTimeout(check, 10);
            check();
        })""")

    async def close(self) -> None:
        await self.backend.close_session(self.session.session_id)

    def ref_of(self, snapshot: str, line_start: str) -> str:
        """The @eN ref on the snapshot line that contains ``line_start`` (such as 'button "Pay now"')."""
        for line in snapshot.splitlines():
            if line_start in line and "@e" in line:
                return "@" + line.rsplit("@", 1)[1].split()[0].rstrip(":")
        raise AssertionError(f"no ref for {line_start!r} in:\n{snapshot}")
