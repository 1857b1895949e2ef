"""A mock DevTools endpoint (a ``websockets`` server) that speaks enough CDP for the supervisor.

It answers the commands the supervisor sends (contexts, targets, flat attach, the domain
enables, frame trees, navigation, dialog answers, Fetch, disposing of a browser context), records every command it got,
and lets a test push events (a dialog opening, a frame attaching, a child target) with
``emit``.  A method it does not know is answered with -32601, like Chrome.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import websockets
from websockets.asyncio.server import ServerConnection

from hermes_server.cdp.connection import WebSocketEndpoint
from tests.conftest import scaled


@dataclass
class Received:
    method: str
    params: dict[str, Any]
    session_id: str | None


@dataclass
class MockBrowser:
    """The browser's side: its targets, its open dialogs, and what it was asked."""

    url: str = ""
    received: list[Received] = field(default_factory=list)
    targets: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: session id -> target id
    sessions: dict[str, str] = field(default_factory=dict)
    #: session id -> (type, message, default prompt) of its open dialog
    dialogs: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    connections: list[ServerConnection] = field(default_factory=list)
    #: Set when a client's socket has closed.
    disconnected: asyncio.Event = field(default_factory=asyncio.Event)
    _ids: Any = field(default_factory=lambda: itertools.count(1))
    _arrived: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def endpoint(self) -> WebSocketEndpoint:
        return WebSocketEndpoint(self.url)

    def methods(self, session_id: str | None = None) -> list[str]:
        return [r.method for r in self.received if session_id is None or r.session_id == session_id]

    def last(self, method: str) -> Received:
        return [r for r in self.received if r.method == method][-1]

    async def wait_for(self, method: str, session_id: str | None = None, count: int = 1) -> Received:
        """The ``count``-th command ``method`` (on ``session_id``, if given), waiting for it to arrive."""
        async with asyncio.timeout(scaled(5)):
            while True:
                found = [
                    r
                    for r in self.received
                    if r.method == method and (session_id is None or r.session_id == session_id)
                ]
                if len(found) >= count:
                    return found[count - 1]
                self._arrived.clear()
                await self._arrived.wait()

    async def emit(self, method: str, params: dict[str, Any], session_id: str | None = None) -> None:
        message: dict[str, Any] = {"method": method, "params": params}
        if session_id is not None:
            message["sessionId"] = session_id
        for connection in self.connections:
            await connection.send(json.dumps(message))

    async def open_dialog(self, session_id: str, kind: str, message: str, default_prompt: str = "") -> None:
        self.dialogs[session_id] = (kind, message, default_prompt)
        await self.emit(
            "Page.javascriptDialogOpening",
            {
                "type": kind,
                "message": message,
                "defaultPrompt": default_prompt,
                "frameId": self.sessions[session_id],
                "url": "http://mock/",
                "hasBrowserHandler": True,
            },
            session_id,
        )

    async def attach_child(self, parent_session: str, target_id: str, parent_frame: str) -> str:
        """An out-of-process iframe appears under ``parent_frame``: auto-attached, paused, with its own session."""
        child = f"S-{target_id}"
        self.sessions[child] = target_id
        self.targets[target_id] = {"targetId": target_id, "type": "iframe", "url": "", "parentFrameId": parent_frame}
        await self.emit(
            "Target.attachedToTarget",
            {
                "sessionId": child,
                "targetInfo": self.targets[target_id],
                "waitingForDebugger": True,
            },
            parent_session,
        )
        return child

    # ----- answering commands -----

    async def answer(self, connection: ServerConnection, message: dict[str, Any]) -> None:
        method, params, session = message["method"], message.get("params") or {}, message.get("sessionId")
        self.received.append(Received(method, params, session))
        self._arrived.set()
        reply: dict[str, Any] = {"id": message["id"]}
        if session is not None:
            reply["sessionId"] = session
        handler = getattr(self, "_" + method.replace(".", "_"), None)
        if handler is None:
            reply["error"] = {"code": -32601, "message": f"'{method}' wasn't found"}
            await connection.send(json.dumps(reply))
            return
        outcome = handler(params, session)
        events: list[tuple[str, dict[str, Any], str | None]] = []
        if isinstance(outcome, tuple):
            outcome, events = outcome
        if isinstance(outcome, Exception):
            reply["error"] = {"code": -32000, "message": str(outcome)}
        else:
            reply["result"] = outcome
        await connection.send(json.dumps(reply))
        for event_method, event_params, event_session in events:
            await self.emit(event_method, event_params, event_session)

    def _Target_createBrowserContext(self, params: dict[str, Any], session: str | None) -> Any:
        return {"browserContextId": f"CTX{next(self._ids)}"}

    def _Target_createTarget(self, params: dict[str, Any], session: str | None) -> Any:
        target_id = f"T{next(self._ids)}"
        self.targets[target_id] = {
            "targetId": target_id,
            "type": "page",
            "url": params.get("url", ""),
            "title": "",
            "browserContextId": params.get("browserContextId", "DEFAULT"),
        }
        return {"targetId": target_id}

    def _Target_attachToTarget(self, params: dict[str, Any], session: str | None) -> Any:
        session_id = f"S-{params['targetId']}"
        self.sessions[session_id] = params["targetId"]
        info = self.targets[params["targetId"]]
        return {"sessionId": session_id}, [
            (
                "Target.attachedToTarget",
                {"sessionId": session_id, "targetInfo": info, "waitingForDebugger": False},
                None,
            )
        ]

    def _Target_closeTarget(self, params: dict[str, Any], session: str | None) -> Any:
        target_id = params["targetId"]
        self.targets.pop(target_id, None)
        gone = [s for s, t in self.sessions.items() if t == target_id]
        return {"success": True}, [
            ("Target.detachedFromTarget", {"sessionId": s, "targetId": target_id}, None) for s in gone
        ]

    def _Target_disposeBrowserContext(self, params: dict[str, Any], session: str | None) -> Any:
        doomed = [t for t, info in self.targets.items() if info["browserContextId"] == params["browserContextId"]]
        events = [event for target_id in doomed for event in self._Target_closeTarget({"targetId": target_id}, None)[1]]
        return {}, events

    def _Target_getTargets(self, params: dict[str, Any], session: str | None) -> Any:
        return {"targetInfos": list(self.targets.values())}

    def _Target_getTargetInfo(self, params: dict[str, Any], session: str | None) -> Any:
        return {"targetInfo": self.targets[params["targetId"]]}

    def _Page_getFrameTree(self, params: dict[str, Any], session: str | None) -> Any:
        target = self.targets[self.sessions[session or ""]]
        frame = {"id": target["targetId"], "url": target["url"], "securityOrigin": "://", "loaderId": "L0"}
        if target["type"] == "iframe":
            frame["parentId"] = target["parentFrameId"]
        return {"frameTree": {"frame": frame}}

    def _Page_navigate(self, params: dict[str, Any], session: str | None) -> Any:
        target_id = self.sessions[session or ""]
        loader = f"L{next(self._ids)}"
        self.targets[target_id]["url"] = params["url"]
        frame = {"id": target_id, "url": params["url"], "securityOrigin": params["url"].rstrip("/"), "loaderId": loader}
        return {"frameId": target_id, "loaderId": loader}, [
            ("Page.frameNavigated", {"frame": frame, "type": "Navigation"}, session),
            ("Page.lifecycleEvent", {"frameId": target_id, "loaderId": loader, "name": "DOMContentLoaded"}, session),
            ("Page.lifecycleEvent", {"frameId": target_id, "loaderId": loader, "name": "load"}, session),
        ]

    def _Page_handleJavaScriptDialog(self, params: dict[str, Any], session: str | None) -> Any:
        if session not in self.dialogs:
            return RuntimeError("No dialog is showing")
        del self.dialogs[session]
        return {}, [
            (
                "Page.javascriptDialogClosed",
                {
                    "frameId": self.sessions[session],
                    "result": params["accept"],
                    "userInput": params.get("promptText", ""),
                },
                session,
            )
        ]

    def _Runtime_evaluate(self, params: dict[str, Any], session: str | None) -> Any:
        return {"result": {"type": "string", "value": f"evaluated in {self.sessions.get(session or '')}"}}

    def _ok(self, params: dict[str, Any], session: str | None) -> Any:
        return {}

    _Page_enable = _Runtime_enable = _Page_setLifecycleEventsEnabled = _Target_setAutoAttach = _ok
    _Runtime_runIfWaitingForDebugger = _Fetch_enable = _Fetch_fulfillRequest = _Fetch_continueRequest = _ok
    _Target_activateTarget = _Page_setInterceptFileChooserDialog = _ok

    def _Page_addScriptToEvaluateOnNewDocument(self, params: dict[str, Any], session: str | None) -> Any:
        return {"identifier": str(next(self._ids))}


@asynccontextmanager
async def mock_browser() -> AsyncIterator[MockBrowser]:
    """A mock DevTools endpoint on a free loopback port; ``browser.url`` is its WebSocket URL."""
    browser = MockBrowser()

    async def serve(connection: ServerConnection) -> None:
        browser.connections.append(connection)
        try:
            async for raw in connection:
                await browser.answer(connection, json.loads(raw))
        except websockets.ConnectionClosed:
            pass
        finally:
            browser.connections.remove(connection)
            browser.disconnected.set()

    async with websockets.serve(serve, "127.0.0.1", 0) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        browser.url = f"ws://127.0.0.1:{port}/devtools/browser/mock"
        yield browser
