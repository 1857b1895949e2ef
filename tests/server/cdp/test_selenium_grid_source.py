"""The Selenium Grid source without a Grid: which configuration picks it, what its New Session asks for, where its
DevTools socket goes, and that the Grid's credentials travel in headers only, never in a message.

The provider on a real Grid is tests/lanes/test_selenium_grid.py; this fake answers as Grid 4.20 does (its answer
shapes were read from a real one), which lets a test look at each request.
"""

from __future__ import annotations

import base64
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from aiohttp import WSMsgType, web

from hermes_server.cdp.chromium import FLAGS
from hermes_server.cdp.providers import CloudBrowsers, ExistingChrome, LocalChromium, source_from_config
from hermes_server.cdp.selenium_grid import GridCredentials, SeleniumGrid, cdp_url_through
from hermes_server.config import ServerConfig, load_config
from hermes_server.errors import ConfigError, ProviderError
from tests.conftest import scaled

GRID = "http://grid.example:4444"
PASSWORD = "grid-password-never-shown"


def config(**settings: Any) -> ServerConfig:
    return ServerConfig(api_key="k" * 32, **settings)


@pytest.mark.parametrize(
    ("settings", "environ", "expected"),
    [
        ({}, {"SELENIUM_GRID_URL": GRID}, SeleniumGrid),
        ({"selenium_grid_url": GRID}, {}, SeleniumGrid),
        ({"cloud_provider": "selenium-grid"}, {"SELENIUM_GRID_URL": GRID}, SeleniumGrid),
        ({"cloud_provider": "local"}, {"SELENIUM_GRID_URL": GRID}, LocalChromium),
        ({}, {"SELENIUM_GRID_URL": GRID, "BROWSERBASE_API_KEY": "key"}, CloudBrowsers),  # a provider's key first
        ({"cdp_url": "http://127.0.0.1:9222"}, {"SELENIUM_GRID_URL": GRID}, ExistingChrome),
    ],
)
def test_a_grid_url_alone_selects_the_grid(settings: dict[str, Any], environ: dict[str, str], expected: type) -> None:
    assert isinstance(source_from_config(config(**settings), environ), expected)


def test_the_environments_grid_url_wins_and_is_shown_in_the_label() -> None:
    source = source_from_config(config(selenium_grid_url="http://other:4444"), {"SELENIUM_GRID_URL": GRID})
    assert source.label == f"the Selenium Grid at {GRID}"


def test_the_grid_provider_without_a_url_or_with_credentials_in_it_stops_start_up() -> None:
    with pytest.raises(ConfigError, match=r"neither SELENIUM_GRID_URL nor browser\.selenium_grid_url"):
        source_from_config(config(cloud_provider="selenium-grid"), {})
    with pytest.raises(ConfigError) as refused:
        source_from_config(config(), {"SELENIUM_GRID_URL": f"http://user:{PASSWORD}@grid.example:4444"})
    assert "SELENIUM_GRID_USERNAME" in refused.value.message and PASSWORD not in refused.value.message


def test_the_grid_keys_of_the_configuration_file(tmp_path: Path) -> None:
    path = tmp_path / "hermes.yaml"
    path.write_text(
        "browser:\n  cloud_provider: selenium-grid\n  selenium_grid_url: http://grid.example:4444\n"
        "  selenium_grid_queue_timeout_s: 12\n  selenium_grid_capabilities:\n    platformName: linux\n"
    )
    loaded = load_config(path, {"HERMES_API_KEY": "k" * 32, "HERMES_HOME": str(tmp_path)})
    assert (loaded.cloud_provider, loaded.selenium_grid_url, loaded.selenium_grid_queue_timeout_s) == (
        "selenium-grid",
        GRID,
        12.0,
    )
    assert loaded.selenium_grid_capabilities == {"platformName": "linux"}
    path.write_text("browser:\n  selenium_grid_capabilities:\n    browserName: firefox\n")
    with pytest.raises(ConfigError, match="selenium_grid_capabilities' must not set browserName"):
        load_config(path, {"HERMES_API_KEY": "k" * 32, "HERMES_HOME": str(tmp_path)})


@pytest.mark.parametrize(
    ("grid_url", "se_cdp", "expected"),
    [
        # A standalone Grid reports the address it detected for itself, which need not be reachable from here.
        (
            "http://127.0.0.1:4444",
            "ws://192.0.2.2:4444/session/abc/se/cdp",
            "ws://127.0.0.1:4444/session/abc/se/cdp",
        ),
        ("https://grid.example/", "ws://10.0.0.5:5555/session/abc/se/cdp", "wss://grid.example/session/abc/se/cdp"),
    ],
)
def test_se_cdp_is_reached_through_the_grids_own_address(grid_url: str, se_cdp: str, expected: str) -> None:
    assert cdp_url_through(grid_url, se_cdp) == expected


@asynccontextmanager
async def fake_grid(requests: list[tuple[str, str, dict[str, Any], str | None]]) -> AsyncIterator[str]:
    """New Session / Delete Session as Grid 4.20 answers them, behind basic auth; the session's ``se:cdp`` answers
    DevTools commands with an empty result."""
    expected = "Basic " + base64.b64encode(f"hermes:{PASSWORD}".encode()).decode()

    async def webdriver(request: web.Request) -> web.Response:
        body = await request.json() if request.can_read_body else {}
        requests.append((request.method, request.path, body, request.headers.get("Authorization")))
        if request.headers.get("Authorization") != expected:
            return web.Response(status=401, text="Unauthorized")
        if request.method == "DELETE":
            return web.json_response({"value": None})
        se_cdp = "ws://192.0.2.2:4444/session/s-1/se/cdp"
        return web.json_response({"value": {"sessionId": "s-1", "capabilities": {"se:cdp": se_cdp}}})

    async def devtools(request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        if request.headers.get("Authorization") != expected:
            raise web.HTTPUnauthorized()
        await socket.prepare(request)
        async for message in socket:
            if message.type == WSMsgType.TEXT:
                await socket.send_str(json.dumps({"id": json.loads(message.data)["id"], "result": {}}))
        return socket

    app = web.Application()
    app.add_routes(
        [
            web.post("/session", webdriver),
            web.delete("/session/{id}", webdriver),
            web.get("/session/{id}/se/cdp", devtools),
        ]
    )
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


async def test_a_session_asks_for_chromium_with_the_launchers_flags_and_authenticates_everywhere() -> None:
    requests: list[tuple[str, str, dict[str, Any], str | None]] = []
    credentials = GridCredentials.from_environment(
        {"SELENIUM_GRID_USERNAME": "hermes", "SELENIUM_GRID_PASSWORD": PASSWORD}
    )
    async with fake_grid(requests) as grid_url:
        source = SeleniumGrid(grid_url, credentials=credentials, queue_timeout_s=scaled(5), watch_s=3600)
        lease = await source.acquire("sess_1", replace=False)
        transport = await lease.endpoint.open(timeout_s=scaled(5))
        await transport.send({"id": 7, "method": "Browser.getVersion"})
        assert await transport.receive() == {"id": 7, "result": {}}  # through the Grid's address, with the header
        await transport.close()
        await source.release("sess_1")
        await source.aclose()
    (m1, p1, body, auth1), (m2, p2, _, auth2) = requests
    assert (m1, p1, m2, p2) == ("POST", "/session", "DELETE", "/session/s-1")
    assert auth1 == auth2 is not None and auth1.startswith("Basic ")
    asked = body["capabilities"]["alwaysMatch"]
    assert asked["browserName"] == "chrome" and asked["unhandledPromptBehavior"] == "ignore"
    assert asked["goog:chromeOptions"]["args"] == [flag for flag in FLAGS if flag != "--remote-debugging-pipe"]
    assert set(asked["goog:chromeOptions"]["excludeSwitches"]) == {"enable-automation", "disable-popup-blocking"}
    assert PASSWORD not in repr(lease) and PASSWORD not in repr(credentials)


async def test_a_grid_that_asks_for_credentials_says_which_variables_without_showing_any() -> None:
    async with fake_grid([]) as grid_url:
        wrong = GridCredentials("hermes", "wrong-" + PASSWORD)
        source = SeleniumGrid(grid_url, credentials=wrong, queue_timeout_s=scaled(5))
        with pytest.raises(ProviderError) as refused:
            await source.acquire("sess_1", replace=False)
        await source.aclose()
    assert "SELENIUM_GRID_USERNAME and SELENIUM_GRID_PASSWORD" in refused.value.message
    assert PASSWORD not in refused.value.message


async def test_an_unreachable_grid_is_a_clear_error() -> None:
    source = SeleniumGrid("http://127.0.0.1:9", queue_timeout_s=scaled(5))
    with pytest.raises(ProviderError, match="cannot reach the Grid"):
        await source.acquire("sess_1", replace=False)
    await source.aclose()
