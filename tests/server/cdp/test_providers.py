"""Browser sources: which one the configuration picks, and the cloud providers against local fakes of their
documented REST APIs (Browserbase's sessions API, Browser Use's browsers API), handing out the mock CDP endpoint."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from aiohttp import web

from hermes_server.cdp.backend import CDPBackend
from hermes_server.cdp.providers import (
    Browserbase,
    BrowserUse,
    CloudBrowsers,
    ExistingChrome,
    LocalChromium,
    resolve_ws_url,
    source_from_config,
)
from hermes_server.config import ServerConfig
from hermes_server.errors import ConfigError, ProviderError
from hermes_server.routing.lanes import ToolCall
from hermes_server.routing.outcome import ToolOutcome
from hermes_server.routing.sessions import Session
from hermes_wire.tools import TOOLS
from tests.conftest import scaled
from tests.server.cdp.mock_cdp import MockBrowser, mock_browser

KEY = "secret-provider-key-0123456789"


@dataclass
class FakeCloud:
    """A provider's REST API on loopback: records every request and answers in the documented shapes."""

    base_url: str = ""
    requests: list[tuple[str, str, dict[str, Any], dict[str, str]]] = field(default_factory=list)


@asynccontextmanager
async def fake_cloud(routes: list[web.RouteDef], cloud: FakeCloud, prefix: str = "") -> AsyncIterator[FakeCloud]:
    app = web.Application()
    app.add_routes(routes)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    cloud.base_url = f"http://127.0.0.1:{port}{prefix}"
    try:
        yield cloud
    finally:
        await runner.cleanup()


async def recorded(cloud: FakeCloud, request: web.Request) -> dict[str, Any]:
    body = await request.json() if request.can_read_body else {}
    cloud.requests.append((request.method, request.path, body, dict(request.headers)))
    return body


@asynccontextmanager
async def fake_browserbase(mock: MockBrowser) -> AsyncIterator[FakeCloud]:
    """``POST /v1/sessions`` → ``{id, connectUrl, ...}``; ``POST /v1/sessions/{id}`` with ``REQUEST_RELEASE``."""
    cloud = FakeCloud()

    async def create(request: web.Request) -> web.Response:
        await recorded(cloud, request)
        if request.headers.get("X-BB-API-Key") != KEY:
            return web.json_response(
                {"statusCode": 401, "error": "Unauthorized", "message": "Invalid API key"}, status=401
            )
        return web.json_response(
            {
                "id": "bb-session-1",
                "status": "RUNNING",
                "projectId": "proj-1",
                "connectUrl": mock.url,
                "region": "us-west-2",
                "keepAlive": False,
            },
            status=201,
        )

    async def update(request: web.Request) -> web.Response:
        body = await recorded(cloud, request)
        return web.json_response(
            {
                "id": request.match_info["id"],
                "status": "COMPLETED" if body.get("status") == "REQUEST_RELEASE" else "RUNNING",
            }
        )

    routes = [web.post("/v1/sessions", create), web.post("/v1/sessions/{id}", update)]
    async with fake_cloud(routes, cloud) as running:
        yield running


@asynccontextmanager
async def fake_browser_use(mock: MockBrowser) -> AsyncIterator[FakeCloud]:
    """``POST /browsers`` → ``{id, cdpUrl}`` (an HTTP DevTools endpoint); ``PATCH /browsers/{id}`` to stop."""
    cloud = FakeCloud()

    async def create(request: web.Request) -> web.Response:
        await recorded(cloud, request)
        if request.headers.get("X-Browser-Use-API-Key") != KEY:
            return web.json_response({"detail": "Invalid API key"}, status=401)
        origin = f"http://{request.host}"
        return web.json_response(
            {
                "id": "3c90c3cc-0d44-4b50-8888-8dd25736052a",
                "status": "active",
                "cdpUrl": f"{origin}/cdp",
                "liveUrl": f"{origin}/live",
            },
            status=201,
        )

    async def stop(request: web.Request) -> web.Response:
        body = await recorded(cloud, request)
        return web.json_response(
            {"id": request.match_info["id"], "status": "stopped" if body == {"action": "stop"} else "active"}
        )

    async def version(request: web.Request) -> web.Response:
        return web.json_response({"Browser": "Chrome/mock", "webSocketDebuggerUrl": mock.url})

    routes = [
        web.post("/api/v2/browsers", create),
        web.patch("/api/v2/browsers/{id}", stop),
        web.get("/cdp/json/version", version),
    ]
    async with fake_cloud(routes, cloud, "/api/v2") as running:
        yield running


def call(backend: CDPBackend, tool: str, session_id: str = "sess_1", **arguments: Any) -> Any:
    session = Session(session_id, "local", "", "cdp", 0.0)
    return backend.run(ToolCall(session, TOOLS[tool], arguments, "call_1", scaled(10)))


# ----- choosing the source -----------------------------------------------------------------------------


def config(**settings: Any) -> ServerConfig:
    return ServerConfig(api_key="k" * 32, **settings)


@pytest.mark.parametrize(
    ("settings", "environ", "expected"),
    [
        ({}, {}, LocalChromium),
        ({}, {"BROWSERBASE_API_KEY": KEY}, CloudBrowsers),
        ({}, {"BROWSER_USE_API_KEY": KEY}, CloudBrowsers),
        ({"cloud_provider": "local"}, {"BROWSERBASE_API_KEY": KEY}, LocalChromium),
        ({"cdp_url": "http://127.0.0.1:9222"}, {"BROWSERBASE_API_KEY": KEY}, ExistingChrome),
    ],
)
def test_the_source_follows_the_configuration_then_the_api_keys(
    settings: dict[str, Any], environ: dict[str, str], expected: type
) -> None:
    assert isinstance(source_from_config(config(**settings), environ), expected)


@pytest.mark.parametrize(
    ("environ", "label"),
    [
        ({"BROWSERBASE_API_KEY": KEY}, "Browserbase"),
        ({"BROWSER_USE_API_KEY": KEY}, "Browser Use"),
        ({"BROWSERBASE_API_KEY": KEY, "BROWSER_USE_API_KEY": KEY}, "Browserbase"),
    ],
)
def test_auto_detection_picks_the_provider_whose_key_is_set(environ: dict[str, str], label: str) -> None:
    assert source_from_config(config(), environ).label == label


def test_a_configured_provider_without_its_key_stops_start_up() -> None:
    with pytest.raises(ConfigError, match=r"browser\.cloud_provider is 'browser-use' but BROWSER_USE_API_KEY"):
        source_from_config(config(cloud_provider="browser-use"), {})


# ----- the providers' REST shapes ----------------------------------------------------------------------


async def test_browserbase_creates_and_releases_a_session_as_documented() -> None:
    async with mock_browser() as mock, fake_browserbase(mock) as cloud:
        provider = Browserbase(
            {"BROWSERBASE_API_KEY": KEY, "BROWSERBASE_PROJECT_ID": "proj-1", "BROWSERBASE_BASE_URL": cloud.base_url}
        )
        assert provider.is_configured()
        created = await provider.create_session()
        await provider.close_session(created.id)
        await provider.aclose()
    assert (created.id, created.cdp_url) == ("bb-session-1", mock.url)
    (m1, p1, b1, h1), (m2, p2, b2, h2) = cloud.requests
    assert (m1, p1, b1, h1["X-BB-API-Key"]) == ("POST", "/v1/sessions", {"projectId": "proj-1"}, KEY)
    assert (m2, p2, b2, h2["X-BB-API-Key"]) == (
        "POST",
        "/v1/sessions/bb-session-1",
        {"status": "REQUEST_RELEASE", "projectId": "proj-1"},
        KEY,
    )


async def test_browser_use_creates_and_stops_a_browser_as_documented() -> None:
    async with mock_browser() as mock, fake_browser_use(mock) as cloud:
        provider = BrowserUse({"BROWSER_USE_API_KEY": KEY, "BROWSER_USE_BASE_URL": cloud.base_url})
        created = await provider.create_session()
        ws_url = await resolve_ws_url(created.cdp_url)  # its cdpUrl is an HTTP DevTools endpoint
        await provider.close_session(created.id)
        await provider.aclose()
    assert ws_url == mock.url
    (m1, p1, b1, h1), (m2, p2, b2, _) = cloud.requests
    assert (m1, p1, b1, h1["X-Browser-Use-API-Key"]) == ("POST", "/api/v2/browsers", {}, KEY)
    assert (m2, p2, b2) == ("PATCH", "/api/v2/browsers/3c90c3cc-0d44-4b50-8888-8dd25736052a", {"action": "stop"})


async def test_a_refusal_names_the_status_and_reason_but_never_the_key() -> None:
    async with mock_browser() as mock, fake_browserbase(mock) as cloud:
        provider = Browserbase({"BROWSERBASE_API_KEY": "wrong-" + KEY, "BROWSERBASE_BASE_URL": cloud.base_url})
        with pytest.raises(ProviderError) as refused:
            await provider.create_session()
        await provider.aclose()
    assert "answered 401: Invalid API key" in refused.value.message and KEY not in refused.value.message


async def test_an_unreachable_devtools_endpoint_is_a_clear_error() -> None:
    with pytest.raises(ProviderError, match=r"cannot read the DevTools endpoint http://127\.0\.0\.1/json/version"):
        await resolve_ws_url("http://127.0.0.1:9/", timeout_s=scaled(5))


# ----- the backend on a cloud browser ------------------------------------------------------------------


@pytest.mark.parametrize(("bridge", "expect_bridge"), [("auto", True), ("off", False)])
async def test_a_browserbase_session_gets_its_own_cloud_browser_with_the_bridge(
    bridge: str, expect_bridge: bool
) -> None:
    async with mock_browser() as mock, fake_browserbase(mock) as cloud:
        environ = {"BROWSERBASE_API_KEY": KEY, "BROWSERBASE_BASE_URL": cloud.base_url}
        backend = CDPBackend.from_config(config(dialog_bridge=bridge), environ)
        outcome: ToolOutcome = await call(backend, "browser_tabs")
        assert outcome.ok, outcome.error_message
        [tab] = outcome.result
        assert (tab["active"], tab["controlled"]) == (True, True)
        assert ("Fetch.enable" in mock.methods()) is expect_bridge
        assert "Target.createBrowserContext" not in mock.methods()  # the cloud browser is the session's alone
        await backend.close_session("sess_1")
        await backend.aclose()
    assert [(m, p, b.get("status")) for m, p, b, _ in cloud.requests] == [
        ("POST", "/v1/sessions", None),
        ("POST", "/v1/sessions/bb-session-1", "REQUEST_RELEASE"),
    ]


async def test_a_browser_use_session_resolves_its_http_cdp_url_and_has_no_bridge() -> None:
    async with mock_browser() as mock, fake_browser_use(mock) as cloud:
        environ = {"BROWSER_USE_API_KEY": KEY, "BROWSER_USE_BASE_URL": cloud.base_url}
        backend = CDPBackend.from_config(config(), environ)
        outcome = await call(backend, "browser_cdp", method="Runtime.evaluate", params={"expression": "1"})
        assert outcome.ok and outcome.result["result"]["result"]["value"].startswith("evaluated in T")
        assert "Fetch.enable" not in mock.methods()
        await backend.aclose()  # the server stops: every cloud browser is stopped too
    assert [(m, b) for m, _, b, _ in cloud.requests] == [("POST", {}), ("PATCH", {"action": "stop"})]


async def test_a_refused_provider_makes_the_call_backend_unavailable() -> None:
    async with mock_browser() as mock, fake_browserbase(mock) as cloud:
        environ = {"BROWSERBASE_API_KEY": "wrong-" + KEY, "BROWSERBASE_BASE_URL": cloud.base_url}
        backend = CDPBackend.from_config(config(), environ)
        outcome = await call(backend, "browser_tabs")
        await backend.aclose()
    assert (outcome.ok, outcome.error_code) == (False, "backend_unavailable")
    assert "Browserbase" in (outcome.error_message or "") and KEY not in (outcome.error_message or "")


async def test_an_existing_chrome_is_found_through_its_http_endpoint_and_shared() -> None:
    async with mock_browser() as mock:
        app = web.Application()

        async def version(request: web.Request) -> web.Response:
            return web.json_response({"webSocketDebuggerUrl": mock.url})

        app.router.add_get("/json/version", version)
        runner = web.AppRunner(app)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", 0).start()
        backend = CDPBackend(ExistingChrome(f"http://127.0.0.1:{runner.addresses[0][1]}"))
        try:
            first, second = await asyncio.gather(
                call(backend, "browser_tabs", "sess_1"), call(backend, "browser_tabs", "sess_2")
            )
            assert first.ok and second.ok
            assert mock.methods().count("Target.createTarget") == 2  # one tab per session, in the shared browser
            assert len(mock.connections) == 2  # one supervisor socket per session
            await backend.close_session("sess_1")
            assert mock.methods().count("Target.closeTarget") == 1  # its own tab only
        finally:
            await backend.aclose()
            await runner.cleanup()
