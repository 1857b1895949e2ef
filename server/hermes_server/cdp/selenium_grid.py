"""A Selenium Grid 4 as the cdp lane's browsers: one Grid session, a Chromium on one of its nodes, per Hermes session.

The Grid is spoken to as any WebDriver client does (the W3C WebDriver protocol), and the browser
is then driven over DevTools as every other cdp-lane browser is:

* **New Session** (``POST /session``) asks for ``browserName: chrome`` with the flags the local
  launcher uses (``chromium.FLAGS``, but its DevTools pipe: chromedriver holds the browser's
  DevTools port).  chromedriver's own ``--enable-automation`` (it sets ``navigator.webdriver``) and
  ``--disable-popup-blocking`` are left out, so that pages see the browser a person has.  The node
  adds what its stereotype says (the Chromium binary, ``--no-sandbox`` for a node running as root).
* The answer's ``se:cdp`` is the session's DevTools WebSocket, which the Grid proxies to the node.
  It names the address the Grid reports for itself (a node's own, or an address detected on a
  machine with several), which need not be reachable from here: it is rewritten to the host and
  port of the Grid's URL, the one address known to reach the Grid, keeping its path.
* **Delete Session** (``DELETE /session/{id}``) when the Hermes session ends or the server stops;
  a node whose session is not deleted frees the slot only at its ``session-timeout``.
* **A watch on each session** (``_watch``), every ``WATCH_S``: a WebDriver command (``GET
  /session/{id}/timeouts``, which chromedriver answers without touching the page) through the Grid
  to the session's node.  It keeps the session alive: a node ends a session that had no traffic for
  its ``session-timeout`` (300 s by default), and an idle DevTools socket does not count, so an
  agent that thinks for minutes would lose its browser.  And it notices a node that died: the Grid
  keeps the session's DevTools socket open when the node behind it is gone (measured with Grid
  4.20: a killed node's socket stays open, its pings answered by the Grid itself, and a command
  waits for ever), so when the command fails twice in a row the watch closes the session's sockets.

Bounds, so that nothing hangs: a new session waits in the Grid's queue (all nodes busy) at most
``queue_timeout_s`` (``browser.selenium_grid_queue_timeout_s``, below the command timeout), then
the call fails ``backend_unavailable`` saying so.  A node that dies fails the call in flight within
about ``WATCH_S`` as ``controller_disconnected`` (as for any browser that goes away mid-call), and
the next call asks the Grid for a new session, which another node gives (with the notice that the
page state was lost) or which fails ``backend_unavailable``: the Grid refuses (it still routes to
the dead node until its health check) or queues past the bound.  The DevTools socket is pinged
(``PING_S``) too, for a Grid that vanishes from the network without closing it.

Credentials (the Grid's basic auth, ``SELENIUM_GRID_USERNAME`` / ``SELENIUM_GRID_PASSWORD``) come
from the environment only; they go in the ``Authorization`` header, never in a URL, a message or
the log.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import aiohttp

from hermes_server.cdp.chromium import FLAGS
from hermes_server.cdp.connection import Transport, WebSocketEndpoint
from hermes_server.cdp.providers import BrowserLease
from hermes_server.errors import ProviderError

log = logging.getLogger(__name__)

#: The local launcher's flags, but its DevTools pipe (chromedriver opens the browser's DevTools port itself).
REMOTE_FLAGS = tuple(flag for flag in FLAGS if flag != "--remote-debugging-pipe")
#: chromedriver's default switches that a person's browser does not have (``navigator.webdriver``, popups let through).
EXCLUDED_SWITCHES = ("enable-automation", "disable-popup-blocking")
WATCH_S = 5.0
PING_S = 20.0
#: Delete Session and the watch's command: a Grid that does not answer these in this long is taken as gone.
REQUEST_TIMEOUT_S = 10.0


@dataclass(frozen=True)
class GridCredentials:
    username: str
    password: str

    @classmethod
    def from_environment(cls, environ: Mapping[str, str]) -> GridCredentials | None:
        username = environ.get("SELENIUM_GRID_USERNAME", "")
        return cls(username, environ.get("SELENIUM_GRID_PASSWORD", "")) if username else None

    def header(self) -> str:
        return "Basic " + base64.b64encode(f"{self.username}:{self.password}".encode()).decode()

    def __repr__(self) -> str:
        return "GridCredentials(<hidden>)"


class GridEndpoint:
    """A Grid session's DevTools WebSocket (``connection.Endpoint``), which can close every socket it opened: the
    Grid does not close them when the session's node dies (see the module docstring)."""

    def __init__(self, websocket: WebSocketEndpoint) -> None:
        self.websocket = websocket
        self._opened: list[Transport] = []

    async def open(self, *, timeout_s: float) -> Transport:
        transport = await self.websocket.open(timeout_s=timeout_s)
        self._opened.append(transport)
        return transport

    async def close_all(self) -> None:
        opened, self._opened = self._opened, []
        for transport in opened:
            await transport.close()


@dataclass(frozen=True)
class GridSession:
    """A Grid session: its WebDriver id, and its DevTools WebSocket through the Grid."""

    id: str
    endpoint: GridEndpoint


def capabilities(extra: Mapping[str, Any]) -> dict[str, Any]:
    """The New Session request's capabilities: a headless Chromium with the local launcher's flags, and ``extra``
    (``browser.selenium_grid_capabilities``: a platform, a version, a node pool's label)."""
    return {
        "browserName": "chrome",
        "goog:chromeOptions": {"args": list(REMOTE_FLAGS), "excludeSwitches": list(EXCLUDED_SWITCHES)},
        # chromedriver answers no dialog itself: the lane's dialog policy does (dialogs.py).
        "unhandledPromptBehavior": "ignore",
        **extra,
    }


def cdp_url_through(grid_url: str, se_cdp: str) -> str:
    """``se:cdp`` at the Grid's own host and port (see the module docstring), ``wss`` for an ``https`` Grid."""
    grid, reported = urlsplit(grid_url), urlsplit(se_cdp)
    scheme = "wss" if grid.scheme == "https" else "ws"
    return urlunsplit((scheme, grid.netloc, reported.path, reported.query, ""))


class SeleniumGrid:
    """The cdp lane's ``BrowserSource`` on a Selenium Grid 4 at ``grid_url`` (see the module docstring)."""

    def __init__(
        self,
        grid_url: str,
        *,
        credentials: GridCredentials | None = None,
        queue_timeout_s: float,
        extra_capabilities: Mapping[str, Any] | None = None,
        watch_s: float = WATCH_S,
    ) -> None:
        self._grid_url = grid_url.rstrip("/")
        self._authorization = credentials.header() if credentials else None
        self._queue_timeout_s = queue_timeout_s
        self._capabilities = capabilities(extra_capabilities or {})
        self._watch_s = watch_s
        parts = urlsplit(grid_url)
        self.label = f"the Selenium Grid at {parts.scheme}://{parts.netloc}"
        self._sessions: dict[str, GridSession] = {}
        self._watches: dict[str, asyncio.Task[None]] = {}
        self._http: aiohttp.ClientSession | None = None

    # ----- BrowserSource -----

    async def acquire(self, session_id: str, *, replace: bool) -> BrowserLease:
        current = self._sessions.get(session_id)
        if current is not None and replace:
            await self.release(session_id)
            current = None
        if current is None:
            current = await self.new_session()
            self._sessions[session_id] = current
            self._watches[session_id] = asyncio.create_task(self._watch(current))
        return BrowserLease(current.endpoint, isolated=False)  # the Grid's browser is this session's alone

    async def release(self, session_id: str) -> None:
        watch = self._watches.pop(session_id, None)
        if watch is not None:
            watch.cancel()
        grid_session = self._sessions.pop(session_id, None)
        if grid_session is not None:
            await self.delete_session(grid_session.id)

    async def aclose(self) -> None:
        await asyncio.gather(*(self.release(session_id) for session_id in list(self._sessions)))
        if self._http is not None:
            await self._http.close()
            self._http = None

    # ----- the WebDriver protocol -----

    async def new_session(self) -> GridSession:
        """A new Chromium from the Grid (``ProviderError`` if it refuses, or gives none within the queue bound)."""
        body = {"capabilities": {"alwaysMatch": self._capabilities}}
        try:
            status, answer = await self._request("POST", "/session", body, self._queue_timeout_s)
        except TimeoutError:
            # The request may still be in the Grid's queue; a session it gives later ends at the node's session-timeout.
            raise ProviderError(
                f"no browser within {self._queue_timeout_s:g}s: the request waits in the Grid's queue while every "
                "node is busy, or no node offers Chromium. Add nodes or sessions per node, or raise "
                "browser.selenium_grid_queue_timeout_s (below browser.command_timeout_s)."
            ) from None
        value = answer.get("value")
        if status >= 400 or not isinstance(value, dict):
            raise ProviderError(f"New Session answered {status}: {_webdriver_error(value)}")
        session_id, granted = value.get("sessionId"), value.get("capabilities")
        se_cdp = granted.get("se:cdp") if isinstance(granted, dict) else None
        if not isinstance(session_id, str):
            raise ProviderError("New Session answered no sessionId")
        if not isinstance(se_cdp, str) or urlsplit(se_cdp).scheme not in ("ws", "wss"):
            await self.delete_session(session_id)
            raise ProviderError(
                "the Grid's session has no se:cdp DevTools endpoint (a Selenium Grid 4 with a Chromium node is needed)"
            )
        websocket = WebSocketEndpoint(
            cdp_url_through(self._grid_url, se_cdp), authorization=self._authorization, ping_interval_s=PING_S
        )
        return GridSession(session_id, GridEndpoint(websocket))

    async def delete_session(self, grid_session_id: str) -> None:
        """Delete Session; a failure is logged only (the node ends the session at its session-timeout)."""
        try:
            status, answer = await self._request("DELETE", f"/session/{grid_session_id}", None, REQUEST_TIMEOUT_S)
        except (ProviderError, TimeoutError) as error:
            log.warning("%s: could not delete session %s (%s)", self.label, grid_session_id, error)
            return
        if status >= 400:
            log.warning(
                "%s: deleting session %s answered %s: %s",
                self.label,
                grid_session_id,
                status,
                _webdriver_error(answer.get("value")),
            )

    async def _watch(self, grid_session: GridSession) -> None:
        """Every ``watch_s`` while the session lives: keep it alive, and close its sockets once its node is gone (two
        failures in a row, so that one lost request does not end a working session; see the module docstring)."""
        while True:
            await asyncio.sleep(self._watch_s)
            if not await self._answers(grid_session) and not await self._answers(grid_session):
                log.warning("%s: session %s no longer answers; its node is gone", self.label, grid_session.id)
                await grid_session.endpoint.close_all()
                return

    async def _answers(self, grid_session: GridSession) -> bool:
        try:
            status, _ = await self._request("GET", f"/session/{grid_session.id}/timeouts", None, REQUEST_TIMEOUT_S)
        except (ProviderError, TimeoutError):
            return False
        return status < 400

    async def _request(
        self, method: str, path: str, body: dict[str, Any] | None, timeout_s: float
    ) -> tuple[int, dict[str, Any]]:
        """One WebDriver request: its status and JSON body (``TimeoutError`` past ``timeout_s``, ``ProviderError`` if
        the Grid cannot be reached or answers no JSON object)."""
        if self._http is None:
            self._http = aiohttp.ClientSession(trust_env=True)
        headers = {"Content-Type": "application/json; charset=utf-8"}  # the Grid refuses JSON without the charset
        if self._authorization:
            headers["Authorization"] = self._authorization
        data = json.dumps(body).encode() if body is not None else None
        try:
            async with (
                asyncio.timeout(timeout_s),
                self._http.request(method, self._grid_url + path, data=data, headers=headers) as response,
            ):
                status, text = response.status, await response.text()
        except aiohttp.ClientError as error:
            raise ProviderError(f"cannot reach the Grid ({type(error).__name__})") from None
        if status == 401:
            raise ProviderError(
                "the Grid asks for credentials (401): set SELENIUM_GRID_USERNAME and SELENIUM_GRID_PASSWORD"
            )
        try:
            answer = json.loads(text) if text else {}
        except ValueError:
            raise ProviderError(f"{method} {path} answered {status} and no JSON") from None
        if not isinstance(answer, dict):
            raise ProviderError(f"{method} {path} answered {status} and no JSON object")
        return status, answer


def _webdriver_error(value: Any) -> str:
    """A WebDriver error's code and the first line of its message (the Grid adds pages of stack trace)."""
    if not isinstance(value, dict):
        return "no details"
    message = str(value.get("message") or "no details").strip().splitlines()[0][:300]
    return f"{value.get('error', 'error')}: {message}"
