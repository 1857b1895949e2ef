"""The aiohttp application: its state, its guards, its background tasks, and every route module.

Routes live with their layer: ``http.routes`` (capabilities, sessions, tool calls),
``extension_lane.routes`` (register, the ticket WebSocket, unbind), ``pairing.api``
(loopback pairing and the device's session list) and ``agents.mcp_http`` (``/mcp``).
``start_server`` binds it on loopback and publishes the runtime file.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger
from aiohttp.http_exceptions import HttpProcessingError

from hermes_server.app_keys import (
    BROKER,
    CONFIG,
    HUB,
    PAIRING_FILE,
    PAIRING_SECRET,
    PAIRINGS,
    ROUTER,
    SESSION_BACKEND,
    SESSIONS,
    WALL_CLOCK,
    WallClock,
)
from hermes_server.cdp.backend import CDPBackend
from hermes_server.config import ServerConfig
from hermes_server.errors import ConfigError
from hermes_server.extension_lane.broker import Broker
from hermes_server.extension_lane.hub import ControllerHub
from hermes_server.extension_lane.routes import add_controller_routes
from hermes_server.http.guards import (
    bearer_auth,
    extension_origins_only,
    json_errors,
    loopback_host_only,
)
from hermes_server.http.routes import add_agent_routes
from hermes_server.pairing.api import add_pairing_routes, verify_device
from hermes_server.pairing.book import PairingBook
from hermes_server.pairing.store import PairingFile
from hermes_server.routing.lanes import Backend, SessionBackend, UnavailableBackend
from hermes_server.routing.router import Router
from hermes_server.routing.sessions import SessionStore
from hermes_wire import controller as protocol
from hermes_wire.home import pairings_path, publish_runtime, withdraw_runtime
from hermes_wire.tool_spec import RAW_CDP_SWITCH

log = logging.getLogger(__name__)


class PathOnlyAccessLogger(AbstractAccessLogger):
    """Logs method, path and status, never the query string (a leaked ticket must not reach a log file)."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        self.logger.info("%s %s %s %.1fms", request.method, request.path, response.status, time * 1000)


class MalformedRequestsInOneLine(logging.Filter):
    """A request aiohttp cannot parse, logged as the refusal it is: one WARNING line, no traceback.

    aiohttp answers such a request (a ``Content-Length`` of ``+5``, ``1_000`` or ``١٢``, two of
    them, a header line over its limit) with a plain-text 400 before any guard or route runs,
    and logs it at ERROR with a traceback, as if the server had failed.  The fault is the
    peer's, so it is logged as every other refusal is; any other error keeps its traceback.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        refused = record.exc_info[1] if record.exc_info else None
        if isinstance(refused, HttpProcessingError) and refused.code < 500:
            first_line = str(refused.message).strip().partition("\n")[0]
            record.msg, record.args = "refused a malformed HTTP request: %r", (first_line[:200],)
            record.levelno, record.levelname = logging.WARNING, logging.getLevelName(logging.WARNING)
            record.exc_info, record.exc_text = None, None
        return True


#: The logger of aiohttp's HTTP protocol handling (``AppRunner(logger=…)``), which parse errors go to.
PROTOCOL_LOG = logging.getLogger("hermes_server.http.protocol")
PROTOCOL_LOG.addFilter(MalformedRequestsInOneLine())


def create_app(config: ServerConfig, *, cdp_backend: Backend | None = None) -> web.Application:
    app = web.Application(
        middlewares=[
            json_errors,
            loopback_host_only,
            extension_origins_only(config.allowed_origins),
            bearer_auth(
                config.api_key,
                open_paths=[protocol.WS_PATH],
                open_prefixes=[protocol.PAIRING_PREFIX],
                device_paths=[protocol.REGISTER_PATH, protocol.DEVICE_SESSIONS_PATH],
                verify_device=verify_device,
            ),
        ]
    )
    broker = Broker(reconnect_grace_s=config.reconnect_grace_s)
    hub = ControllerHub(broker)
    app[CONFIG] = config
    app[SESSIONS] = SessionStore()
    app[BROKER] = broker
    app[HUB] = hub
    cdp = cdp_backend or UnavailableBackend()
    app[ROUTER] = Router(
        extension=hub,
        cdp=cdp,
        switched_on=config.tool_switches,
        uploads=config.upload_policy,
        downloads=config.download_policy,
    )
    if config.cdp_raw_tool:
        log.warning("browser_cdp is on (%s): it bypasses every guard the other tools keep", RAW_CDP_SWITCH)
    app[PAIRINGS] = PairingBook()
    app[PAIRING_FILE] = PairingFile(pairings_path(config.home))
    app[PAIRING_SECRET] = secrets.token_urlsafe(32)
    app[WALL_CLOCK] = WallClock()

    async def deadline_watcher(app: web.Application) -> AsyncIterator[None]:
        task = asyncio.create_task(hub.run_deadlines())
        yield
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    async def close_controllers(app: web.Application) -> None:
        await hub.close_all()

    app.cleanup_ctx.append(deadline_watcher)
    if isinstance(cdp, SessionBackend):
        app[SESSION_BACKEND] = cdp

        async def free_browsers(app: web.Application) -> AsyncIterator[None]:
            yield
            await cdp.aclose()  # every session's tab and socket, then the Chromium the server launched

        app.cleanup_ctx.append(free_browsers)
    app.on_shutdown.append(close_controllers)
    add_agent_routes(app)
    add_controller_routes(app)
    add_pairing_routes(app)
    # Imported here: the MCP SDK takes most of a second to import, which commands that never serve need not pay.
    from hermes_server.agents.mcp_http import add_mcp_endpoint

    add_mcp_endpoint(app)
    return app


async def start_server(config: ServerConfig, *, cdp_backend: Backend | None = None) -> tuple[web.AppRunner, str]:
    """Bind the app on loopback and publish the runtime file (URL, pid, pairing secret); returns runner and URL.

    Without ``cdp_backend`` the cdp lane is the real one (``CDPBackend``) built from ``config``:
    it starts a browser only on a cdp session's first call.  Tests that want no browser pass
    ``UnavailableBackend()``.

    The runtime file is written only once the socket is bound, so its URL is always reachable,
    and withdrawn first thing when the runner is cleaned up: before any step of the shutdown
    that could fail, so that no runtime file outlives a server that exited by any path it
    could catch (the host also ignores a file whose pid is gone, for the paths it could not).
    """
    app = create_app(config, cdp_backend=cdp_backend or CDPBackend.from_config(config))

    async def withdraw(app: web.Application) -> None:
        withdraw_runtime(config.home)

    app.on_shutdown.insert(0, withdraw)
    runner = web.AppRunner(app, access_log_class=PathOnlyAccessLogger, logger=PROTOCOL_LOG)
    await runner.setup()
    site = web.TCPSite(runner, config.host, config.port)
    try:
        await site.start()
    except OSError as error:
        await runner.cleanup()
        raise ConfigError(f"cannot listen on {config.host}:{config.port}: {error.strerror}") from None
    host, port = runner.addresses[0][:2]
    url = f"http://{'[' + host + ']' if ':' in host else host}:{port}"
    publish_runtime(config.home, url, app[PAIRING_SECRET])
    return runner, url
