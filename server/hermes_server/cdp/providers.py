"""Where a session's browser comes from: a local Chromium, an existing Chrome, or a cloud provider.

A ``BrowserSource`` hands the backend a browser's DevTools endpoint for a session
(``acquire``), is told when the session ends (``release``) and when the server stops
(``aclose``).  Which one serves is decided once, at start-up, by ``source_from_config``:

1. ``BROWSER_CDP_URL`` (environment) or ``browser.cdp_url``: an existing Chrome, shared by
   every session (each opens a tab of its own).  It wins over everything else.
2. ``browser.cloud_provider`` (``browserbase`` / ``browser-use`` / ``selenium-grid``), or, when
   unset, the first provider whose API key is in the environment, else a Selenium Grid if
   ``SELENIUM_GRID_URL`` or ``browser.selenium_grid_url`` names one (``selenium_grid``): one
   browser per session, created on the session's first call and released when the session closes.
3. Otherwise a local headless Chromium, launched on the first call and shared by the sessions,
   each in a browser context of its own (its own cookies and storage), or, with
   ``browser.isolate_sessions`` false, all in its default context, each with only its own tabs; it
   is relaunched if it died, and stopped with the server.  The server reaches it over a pipe only it holds
   (``chromium``), where the others are reached over a DevTools WebSocket.

The cloud providers follow their public REST APIs (``CloudProvider``); API keys are read from
the environment only, never from the configuration file, and never appear in a message.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import urlsplit, urlunsplit

import aiohttp

from hermes_server.cdp.chromium import ChromiumProcess, find_chromium
from hermes_server.cdp.connection import Endpoint, WebSocketEndpoint
from hermes_server.config import ServerConfig, grid_url
from hermes_server.errors import ConfigError, ProviderError

LOCAL = "local"
BROWSERBASE = "browserbase"
BROWSER_USE = "browser-use"
SELENIUM_GRID = "selenium-grid"
REST_TIMEOUT_S = 30.0
LAUNCH_TIMEOUT_S = 30.0
#: How long a Chromium whose socket closed gets to show it exited, before it is taken as alive after all.
EXIT_GRACE_S = 2.0


@dataclass(frozen=True)
class BrowserLease:
    """A browser for one session: its DevTools endpoint and how to use it."""

    endpoint: Endpoint
    #: Open the session's tab in a browser context of its own (a browser shared between sessions).
    isolated: bool
    #: The sessions share the browser's default context (``browser.isolate_sessions`` false): each sees and closes
    #: only its own tabs, those it opened and those they opened. Else, without ``isolated``, the browser is the
    #: session's alone (a cloud one) or the user's (``BROWSER_CDP_URL``), and every tab of it is the session's.
    shared_by_sessions: bool = False
    #: The provider's proxy closes native dialogs by itself, so the dialog bridge is needed.
    closes_dialogs: bool = False


class BrowserSource(Protocol):
    #: Shown in notices and errors: "local Chromium", "the Chrome at BROWSER_CDP_URL", "Browserbase", ...
    label: str

    async def acquire(self, session_id: str, *, replace: bool) -> BrowserLease:
        """A browser for the session; ``replace``: the previous one died, start over (relaunch, new cloud session)."""
        ...

    async def release(self, session_id: str) -> None:
        """The session closed."""
        ...

    async def aclose(self) -> None:
        """The server stops: give everything back."""
        ...


async def resolve_ws_url(url: str, *, timeout_s: float = REST_TIMEOUT_S) -> str:
    """The browser WebSocket URL behind ``url``: itself if ``ws(s)://``, else ``/json/version``'s answer."""
    parts = urlsplit(url)
    if parts.scheme in ("ws", "wss"):
        return url
    version_url = urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/") + "/json/version", "", ""))
    try:
        async with (
            aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=timeout_s)) as http,
            http.get(version_url) as response,
        ):
            response.raise_for_status()
            ws_url = (await response.json(content_type=None)).get("webSocketDebuggerUrl")
    except (aiohttp.ClientError, TimeoutError, ValueError, AttributeError) as error:
        raise ProviderError(
            f"cannot read the DevTools endpoint {_public(version_url)} ({type(error).__name__}); is the browser "
            "running with --remote-debugging-port, and is the URL right?"
        ) from None
    if not isinstance(ws_url, str) or urlsplit(ws_url).scheme not in ("ws", "wss"):
        raise ProviderError(f"{_public(version_url)} did not give a webSocketDebuggerUrl")
    return ws_url


def _public(url: str) -> str:
    """``url`` without its query string and credentials, which may hold a signing key or an API key."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.hostname or "", parts.path, "", "")) + (
        f" (port {parts.port})" if parts.port else ""
    )


# ----- local Chromium --------------------------------------------------------------------------------------


class LocalChromium:
    """One headless Chromium for all sessions, launched on first use and relaunched if it died."""

    label = "local Chromium"

    def __init__(self, executable: str | None, *, isolate_sessions: bool = True) -> None:
        self._executable = executable
        self._isolate_sessions = isolate_sessions
        self._process: ChromiumProcess | None = None
        self._lock = asyncio.Lock()

    @property
    def process(self) -> ChromiumProcess | None:
        return self._process

    async def acquire(self, session_id: str, *, replace: bool) -> BrowserLease:
        async with self._lock:
            if replace and self._process is not None and self._process.alive:
                # The session lost its browser: a killed Chromium's socket closes a moment before it is reaped.
                await self._process.exited(EXIT_GRACE_S)
            if self._process is None or not self._process.alive:
                if self._process is not None:
                    await self._process.stop()  # its profile and any helper processes it left behind
                self._process = await ChromiumProcess.launch(
                    find_chromium(self._executable), timeout_s=LAUNCH_TIMEOUT_S
                )
            isolate = self._isolate_sessions
            return BrowserLease(self._process.pipe, isolated=isolate, shared_by_sessions=not isolate)

    async def release(self, session_id: str) -> None:
        """Nothing to give back: the session's browser context closes with its supervisor."""

    async def aclose(self) -> None:
        async with self._lock:
            if self._process is not None:
                await self._process.stop()
                self._process = None


# ----- an existing Chrome ----------------------------------------------------------------------------------


class ExistingChrome:
    """A Chrome someone else runs (``BROWSER_CDP_URL`` / ``browser.cdp_url``); every session opens its own tab."""

    label = "the Chrome at browser.cdp_url"

    def __init__(self, cdp_url: str) -> None:
        self._cdp_url = cdp_url

    async def acquire(self, session_id: str, *, replace: bool) -> BrowserLease:
        # Resolved on every acquire: a restarted Chrome has a new browser id in its WebSocket URL.
        return BrowserLease(WebSocketEndpoint(await resolve_ws_url(self._cdp_url)), isolated=False)

    async def release(self, session_id: str) -> None:
        """Nothing to give back: the session's tab closes with its supervisor."""

    async def aclose(self) -> None:
        """Not ours to stop."""


# ----- cloud providers -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CloudSession:
    id: str
    cdp_url: str


class CloudProvider(Protocol):
    """A cloud browser provider's REST API: a session is a browser of its own, reached at a CDP URL."""

    label: str
    #: Its CDP proxy closes native dialogs within milliseconds (the dialog bridge is needed).
    closes_dialogs: bool

    def is_configured(self) -> bool:
        """Whether its API key is in the environment."""
        ...

    async def create_session(self) -> CloudSession: ...

    async def close_session(self, session_id: str) -> None: ...

    async def aclose(self) -> None:
        """Close the HTTP client."""
        ...


class _RestClient:
    """JSON over HTTPS with one provider: one aiohttp session, errors as ``ProviderError`` without secrets."""

    def __init__(self, label: str, base_url: str, headers: dict[str, str]) -> None:
        self._label = label
        self._base_url = base_url.rstrip("/")
        self._headers = headers
        self._http: aiohttp.ClientSession | None = None

    async def request(self, method: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
        if self._http is None:
            # trust_env: a corporate proxy from the environment applies to a cloud API, as for any HTTPS client.
            self._http = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=REST_TIMEOUT_S), trust_env=True)
        url = self._base_url + path
        try:
            async with self._http.request(method, url, json=body, headers=self._headers) as response:
                text = await response.text()
                status = response.status
        except (aiohttp.ClientError, TimeoutError) as error:
            raise ProviderError(f"{self._label}: cannot reach {_public(url)} ({type(error).__name__})") from None
        if status >= 400:
            raise ProviderError(f"{self._label}: {method} {urlsplit(url).path} answered {status}: {_reason(text)}")
        try:
            answer = json.loads(text) if text else {}
        except ValueError:
            raise ProviderError(f"{self._label}: {method} {urlsplit(url).path} did not answer JSON") from None
        if not isinstance(answer, dict):
            raise ProviderError(f"{self._label}: {method} {urlsplit(url).path} did not answer a JSON object")
        return answer

    async def aclose(self) -> None:
        if self._http is not None:
            await self._http.close()
            self._http = None


def _reason(text: str) -> str:
    """A short reason from an error body (``message`` / ``detail`` / ``error`` if it is JSON)."""
    try:
        body = json.loads(text)
    except ValueError:
        return text.strip()[:200] or "no details"
    if isinstance(body, dict):
        for key in ("message", "detail", "error"):
            value = body.get(key)
            if isinstance(value, str):
                return value[:200]
    return text.strip()[:200]


class Browserbase:
    """Browserbase sessions API: ``POST /v1/sessions`` → ``connectUrl``; release with ``REQUEST_RELEASE``.

    Its CDP proxy drives Playwright internally and closes native dialogs within about 10 ms,
    so sessions here need the dialog bridge (``browser.dialog_bridge: auto`` turns it on).
    """

    label = "Browserbase"
    closes_dialogs = True
    DEFAULT_BASE_URL = "https://api.browserbase.com"

    def __init__(self, environ: Mapping[str, str]) -> None:
        self._api_key = environ.get("BROWSERBASE_API_KEY", "")
        self._project_id = environ.get("BROWSERBASE_PROJECT_ID", "")
        self._rest = _RestClient(
            self.label,
            environ.get("BROWSERBASE_BASE_URL") or self.DEFAULT_BASE_URL,
            {"X-BB-API-Key": self._api_key},
        )

    def is_configured(self) -> bool:
        return bool(self._api_key)

    async def create_session(self) -> CloudSession:
        body = {"projectId": self._project_id} if self._project_id else {}
        answer = await self._rest.request("POST", "/v1/sessions", body)
        session_id, connect_url = answer.get("id"), answer.get("connectUrl")
        if not isinstance(session_id, str) or not isinstance(connect_url, str):
            raise ProviderError("Browserbase: the new session has no id or connectUrl")
        return CloudSession(session_id, connect_url)

    async def close_session(self, session_id: str) -> None:
        body: dict[str, Any] = {"status": "REQUEST_RELEASE"}
        if self._project_id:
            body["projectId"] = self._project_id
        await self._rest.request("POST", f"/v1/sessions/{session_id}", body)

    async def aclose(self) -> None:
        await self._rest.aclose()


class BrowserUse:
    """Browser Use cloud browsers: ``POST /browsers`` → ``cdpUrl``; stop with ``PATCH {"action": "stop"}``.

    Its ``cdpUrl`` may be an HTTP DevTools endpoint (like Chrome's ``:9222``) rather than a
    WebSocket URL; ``resolve_ws_url`` turns either into the WebSocket to connect to.
    """

    label = "Browser Use"
    closes_dialogs = False
    DEFAULT_BASE_URL = "https://api.browser-use.com/api/v2"

    def __init__(self, environ: Mapping[str, str]) -> None:
        self._api_key = environ.get("BROWSER_USE_API_KEY", "")
        self._rest = _RestClient(
            self.label,
            environ.get("BROWSER_USE_BASE_URL") or self.DEFAULT_BASE_URL,
            {"X-Browser-Use-API-Key": self._api_key},
        )

    def is_configured(self) -> bool:
        return bool(self._api_key)

    async def create_session(self) -> CloudSession:
        answer = await self._rest.request("POST", "/browsers", {})
        session_id, cdp_url = answer.get("id"), answer.get("cdpUrl")
        if not isinstance(session_id, str) or not isinstance(cdp_url, str):
            raise ProviderError("Browser Use: the new browser has no id or cdpUrl")
        return CloudSession(session_id, cdp_url)

    async def close_session(self, session_id: str) -> None:
        await self._rest.request("PATCH", f"/browsers/{session_id}", {"action": "stop"})

    async def aclose(self) -> None:
        await self._rest.aclose()


class CloudBrowsers:
    """One cloud browser per Hermes session, from ``provider``."""

    def __init__(self, provider: CloudProvider) -> None:
        self.provider = provider
        self.label = provider.label
        self._sessions: dict[str, CloudSession] = {}

    async def acquire(self, session_id: str, *, replace: bool) -> BrowserLease:
        current = self._sessions.get(session_id)
        if current is not None and replace:
            await self.release(session_id)
            current = None
        if current is None:
            current = await self.provider.create_session()
            self._sessions[session_id] = current
        return BrowserLease(
            WebSocketEndpoint(await resolve_ws_url(current.cdp_url)),
            isolated=False,
            closes_dialogs=self.provider.closes_dialogs,
        )

    async def release(self, session_id: str) -> None:
        cloud = self._sessions.pop(session_id, None)
        if cloud is not None:
            # If this fails the provider ends it at its own timeout; the session is gone for us either way.
            with contextlib.suppress(ProviderError):
                await self.provider.close_session(cloud.id)

    async def aclose(self) -> None:
        for session_id in list(self._sessions):
            await self.release(session_id)
        await self.provider.aclose()


def source_from_config(config: ServerConfig, environ: Mapping[str, str] | None = None) -> BrowserSource:
    """The browser source the configuration asks for (see the module docstring for the order)."""
    env = os.environ if environ is None else environ
    if config.cdp_url:
        return ExistingChrome(config.cdp_url)
    providers: dict[str, CloudProvider] = {BROWSERBASE: Browserbase(env), BROWSER_USE: BrowserUse(env)}
    grid = _grid_url(config, env)
    configured = next((n for n, p in providers.items() if p.is_configured()), SELENIUM_GRID if grid else LOCAL)
    name = config.cloud_provider or configured
    if name == LOCAL:
        return LocalChromium(config.chromium_path, isolate_sessions=config.isolate_sessions)
    if name == SELENIUM_GRID:
        if grid is None:
            raise ConfigError(
                "browser.cloud_provider is 'selenium-grid' but neither SELENIUM_GRID_URL nor browser.selenium_grid_url "
                "is set"
            )
        from hermes_server.cdp.selenium_grid import GridCredentials, SeleniumGrid  # it builds on this module

        return SeleniumGrid(
            grid,
            credentials=GridCredentials.from_environment(env),
            queue_timeout_s=config.selenium_grid_queue_timeout_s,
            extra_capabilities=config.selenium_grid_capabilities,
        )
    provider = providers[name]
    if not provider.is_configured():
        variable = "BROWSERBASE_API_KEY" if name == BROWSERBASE else "BROWSER_USE_API_KEY"
        raise ConfigError(f"browser.cloud_provider is {name!r} but {variable} is not set in the environment")
    return CloudBrowsers(provider)


def _grid_url(config: ServerConfig, environ: Mapping[str, str]) -> str | None:
    """The Selenium Grid's URL: ``SELENIUM_GRID_URL`` (checked as the file's key is), else the configuration's."""
    from_environment = environ.get("SELENIUM_GRID_URL")
    if not from_environment:
        return config.selenium_grid_url
    try:
        return grid_url(from_environment)
    except ValueError as why:
        raise ConfigError(f"environment: SELENIUM_GRID_URL {why}") from None
