"""The aiohttp application: HTTP handlers that translate requests into broker, session and router calls.

Routes (all under bearer auth except the WebSocket, whose credential is its ticket):

=========================================================  =================================================
``GET    /v1/capabilities``                                 what this server offers (``features``, ``endpoints``)
``POST   /v1/sessions`` / ``GET /v1/sessions``              create / list agent sessions
``DELETE /v1/sessions/{id}``                                close a session, cancelling its pending work
``POST   /v1/sessions/{id}/browser-control/unbind``         release a detached or unwanted controller
``POST   /v1/sessions/{id}/browser/{tool}``                 call a browser tool
``POST   /v1/browser-control/register``                     a controller asks for a single-use ticket
``GET    /v1/browser-control/ws``                           the controller's ticket WebSocket
``POST   /mcp``                                             MCP over streamable HTTP (``mcp_http``)
=========================================================  =================================================
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger

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
from hermes_server.config import MAX_COMMAND_TIMEOUT_S as MAX_TIMEOUT
from hermes_server.config import ServerConfig
from hermes_server.errors import ApiError, ConfigError, TicketRejected
from hermes_server.extension_lane.broker import Broker, ControllerScope
from hermes_server.extension_lane.hub import ControllerHub
from hermes_server.http.bodies import identifier, json_object
from hermes_server.http.guards import (
    DEVICE,
    PRINCIPAL,
    bearer_auth,
    extension_origins_only,
    json_errors,
    loopback_host_only,
)
from hermes_server.pairing.api import add_pairing_routes, device_still_paired, verify_device
from hermes_server.pairing.book import PairingBook, PairingFile
from hermes_server.routing.lanes import Backend, SessionBackend, UnavailableBackend
from hermes_server.routing.router import Router
from hermes_server.routing.sessions import LANES, MAX_LABEL_LENGTH, Session, SessionStore
from hermes_wire import controller as protocol
from hermes_wire.home import pairings_path, publish_runtime, withdraw_runtime
from hermes_wire.tools import CDP_LANE, EXTENSION_LANE, TOOLS, tools_for_lane

log = logging.getLogger(__name__)



class PathOnlyAccessLogger(AbstractAccessLogger):
    """Logs method, path and status, never the query string (a leaked ticket must not reach a log file)."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        self.logger.info("%s %s %s %.1fms", request.method, request.path, response.status, time * 1000)


def create_app(config: ServerConfig, *, cdp_backend: Backend | None = None) -> web.Application:
    app = web.Application(
        middlewares=[
            json_errors,
            loopback_host_only,
            extension_origins_only(config.allowed_origins),
            bearer_auth(
                config.api_key, open_paths=[protocol.WS_PATH], open_prefixes=[protocol.PAIRING_PREFIX],
                device_paths=[protocol.REGISTER_PATH, protocol.DEVICE_SESSIONS_PATH], verify_device=verify_device,
            ),
        ]
    )
    broker = Broker()
    hub = ControllerHub(broker)
    app[CONFIG] = config
    app[SESSIONS] = SessionStore()
    app[BROKER] = broker
    app[HUB] = hub
    cdp = cdp_backend or UnavailableBackend()
    app[ROUTER] = Router(extension=hub, cdp=cdp)
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
    app.router.add_get("/v1/capabilities", get_capabilities)
    app.router.add_post("/v1/sessions", create_session)
    app.router.add_get("/v1/sessions", list_sessions)
    app.router.add_delete("/v1/sessions/{session_id}", close_session)
    app.router.add_post("/v1/sessions/{session_id}/browser-control/unbind", unbind_controller)
    app.router.add_post("/v1/sessions/{session_id}/browser/{tool}", call_tool)
    app.router.add_post(protocol.REGISTER_PATH, register_controller)
    app.router.add_get(protocol.WS_PATH, controller_socket)
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
    and withdrawn when the runner is cleaned up.
    """
    app = create_app(config, cdp_backend=cdp_backend or CDPBackend.from_config(config))

    async def withdraw(app: web.Application) -> None:
        withdraw_runtime(config.home)

    app.on_cleanup.append(withdraw)
    runner = web.AppRunner(app, access_log_class=PathOnlyAccessLogger)
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


# ----- helpers ---------------------------------------------------------------------------------------


async def read_json_object(request: web.Request, *, allowed: set[str]) -> dict[str, Any]:
    """The request body as a JSON object with only ``allowed`` keys (an empty body is ``{}``)."""
    if not request.body_exists:  # (not can_read_body: a signature check may already have read it)
        return {}
    body = await json_object(request)
    unknown = sorted(set(body) - allowed)
    if unknown:
        raise ApiError(
            400, "invalid_request", f"Unknown field(s) {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}."
        )
    return body


def require_extension_control(request: web.Request) -> None:
    if not request.app[CONFIG].extension_control_enabled:
        raise ApiError(
            404, "browser_control_disabled",
            "Browser extension control is off; set browser.extension_control.enabled: true to use it.",
        )


def session_of(request: web.Request, session_id: str | None = None) -> Session:
    wanted = session_id or request.match_info["session_id"]
    session = request.app[SESSIONS].get(wanted, request[PRINCIPAL])
    if session is None:
        raise ApiError(404, "session_not_found", f"No open session {wanted[:80]!r}; create one with POST /v1/sessions.")
    return session


def describe_session(app: web.Application, session: Session) -> dict[str, Any]:
    lane = app[BROKER].lane(session.session_id)
    return session.as_json() | {"controller": lane.describe() if lane is not None else None}


# ----- handlers --------------------------------------------------------------------------------------


async def get_capabilities(request: web.Request) -> web.Response:
    enabled = request.app[CONFIG].extension_control_enabled
    return web.json_response(
        {
            "object": "capabilities",
            "features": {
                "browser_extension_control": {
                    "enabled": enabled,
                    "protocol_version": protocol.PROTOCOL_VERSION,
                    "capabilities": list(protocol.CAPABILITY_ALLOWLIST),
                    "transports": {
                        "websocket": {
                            "subprotocol": protocol.SUBPROTOCOL,
                            "ticket_subprotocol_prefix": protocol.TICKET_SUBPROTOCOL_PREFIX,
                            "ticket_ttl_seconds": int(protocol.TICKET_TTL_S),
                        }
                    },
                }
            },
            "endpoints": {
                "browser_control_register": protocol.REGISTER_PATH,
                "browser_control_ws": protocol.WS_PATH,
            },
        }
    )


async def create_session(request: web.Request) -> web.Response:
    body = await read_json_object(request, allowed={"label", "browser_lane"})
    label = body.get("label", "")
    if not isinstance(label, str) or len(label) > MAX_LABEL_LENGTH:
        raise ApiError(400, "invalid_request", f"'label' must be a string of at most {MAX_LABEL_LENGTH} characters.")
    lane = body.get("browser_lane", "cdp")
    if lane not in LANES:
        raise ApiError(400, "invalid_request", f"'browser_lane' must be one of {', '.join(LANES)}.")
    if lane == EXTENSION_LANE and not request.app[CONFIG].extension_control_enabled:
        raise ApiError(
            400, "browser_control_disabled",
            "Extension sessions need browser.extension_control.enabled: true in the server configuration.",
        )
    session = request.app[SESSIONS].create(request[PRINCIPAL], label=label, browser_lane=lane, now=time.time())
    if lane == EXTENSION_LANE:
        request.app[BROKER].bind_session(session.session_id, session.principal_id)
    return web.json_response(describe_session(request.app, session), status=201)


async def list_sessions(request: web.Request) -> web.Response:
    sessions = request.app[SESSIONS].owned_by(request[PRINCIPAL])
    return web.json_response({"sessions": [describe_session(request.app, s) for s in sessions]})


async def close_session(request: web.Request) -> web.Response:
    session = session_of(request)
    request.app[SESSIONS].remove(session.session_id)
    await request.app[HUB].apply(request.app[BROKER].close_session(session.session_id))
    if session.browser_lane == CDP_LANE and SESSION_BACKEND in request.app:
        await request.app[SESSION_BACKEND].close_session(session.session_id)
    return web.json_response({"id": session.session_id, "closed": True})


async def unbind_controller(request: web.Request) -> web.Response:
    session = session_of(request)
    if session.browser_lane != EXTENSION_LANE:
        raise ApiError(400, "invalid_request", "Only sessions on the extension lane have a controller to unbind.")
    await request.app[HUB].apply(request.app[BROKER].unbind_controller(session.session_id))
    return web.json_response(describe_session(request.app, session))


async def call_tool(request: web.Request) -> web.Response:
    session = session_of(request)
    tool = TOOLS.get(request.match_info["tool"])
    if tool is None:
        raise ApiError(
            404, "unknown_tool",
            f"No tool {request.match_info['tool'][:60]!r}; tools: "
            f"{', '.join(spec.name for spec in tools_for_lane(session.browser_lane))}."
        )
    body = await read_json_object(request, allowed={"arguments", "tool_call_id", "timeout_s"})
    tool_call_id = identifier(body, "tool_call_id") if "tool_call_id" in body else "call_" + secrets.token_hex(8)
    timeout_s = body.get("timeout_s", request.app[CONFIG].command_timeout_s)
    if isinstance(timeout_s, bool) or not isinstance(timeout_s, (int, float)) or not 0 < timeout_s <= MAX_TIMEOUT:
        raise ApiError(400, "invalid_request", f"'timeout_s' must be a number above 0 and at most {MAX_TIMEOUT:g}.")
    outcome = await request.app[ROUTER].run_tool(
        session, tool, body.get("arguments", {}), tool_call_id=tool_call_id, timeout_s=float(timeout_s)
    )
    return web.json_response(outcome.as_json())


async def register_controller(request: web.Request) -> web.Response:
    require_extension_control(request)
    body = await read_json_object(
        request,
        allowed={"protocol_version", "session_id", "controller_id", "browser_profile_id", "capabilities",
                 "product", "principal_id"},  # principal_id is accepted and ignored: identity is the server's
    )
    version = body.get("protocol_version")
    if isinstance(version, bool) or version != protocol.PROTOCOL_VERSION:
        raise ApiError(
            400, "browser_control_protocol_unsupported",
            f"protocol_version {str(version)[:20]} is not supported; this server speaks {protocol.PROTOCOL_VERSION}.",
        )
    session_id = identifier(body, "session_id")
    controller_id = identifier(body, "controller_id")
    browser_profile_id = identifier(body, "browser_profile_id")
    requested = body.get("capabilities")
    if not isinstance(requested, list) or not all(isinstance(c, str) for c in requested):
        raise ApiError(400, "invalid_request", "'capabilities' must be a list of capability names.")
    granted = tuple(c for c in protocol.CAPABILITY_ALLOWLIST if c in requested)
    if not granted:
        raise ApiError(
            400, "browser_control_no_capabilities",
            f"None of the requested capabilities is allowed; allowed: {', '.join(protocol.CAPABILITY_ALLOWLIST)}.",
        )
    principal = request[PRINCIPAL]
    session = request.app[SESSIONS].get(session_id, principal)
    lane = request.app[BROKER].lane(session_id)
    if session is None or lane is None:
        raise ApiError(
            403, "browser_control_session_forbidden",
            "No open extension session with that id for this principal; the agent must create it first.",
        )
    if lane.detached:
        raise ApiError(
            403, "browser_control_session_forbidden",
            "This session's controller detached; the agent must unbind it before a controller can register again.",
        )
    scope = ControllerScope(
        principal, session_id, controller_id, browser_profile_id, granted, device_id=request[DEVICE]
    )
    now = request.app[HUB].now()
    ticket, expires_at = request.app[BROKER].issue_ticket(scope, now)
    lifetime = expires_at - now
    return web.json_response(
        {
            "protocol_version": protocol.PROTOCOL_VERSION,
            "ticket": ticket,
            "ticket_expires_at": datetime.fromtimestamp(time.time() + lifetime, UTC).isoformat(timespec="seconds"),
            "ticket_expires_in_seconds": round(lifetime),
            "ws_path": protocol.WS_PATH,
            "scope": scope.as_json(),
        },
        status=201,
    )


async def controller_socket(request: web.Request) -> web.StreamResponse:
    """The ticket WebSocket.  Every refusal happens before the upgrade, as a plain HTTP status."""
    require_extension_control(request)
    broker, hub = request.app[BROKER], request.app[HUB]
    if request.query_string:
        for value in request.query.values():
            broker.burn_ticket(value)  # a ticket that was put in a URL may be in someone's logs: kill it
        log.warning("refused a controller socket with a query string")
        raise TicketRejected("query string")
    socket = web.WebSocketResponse(
        protocols=(protocol.SUBPROTOCOL,),
        heartbeat=protocol.KEEPALIVE_INTERVAL_S,
        max_msg_size=protocol.MAX_FRAME_BYTES,
        compress=False,
    )
    if not socket.can_prepare(request).ok:
        raise ApiError(400, "websocket_required", "This endpoint only accepts a WebSocket upgrade.")
    offered = [p.strip() for p in request.headers.get("Sec-WebSocket-Protocol", "").split(",") if p.strip()]
    if protocol.SUBPROTOCOL not in offered:
        raise ApiError(
            400, "browser_control_protocol_unsupported", f"Offer the {protocol.SUBPROTOCOL} subprotocol."
        )
    tickets = [p.removeprefix(protocol.TICKET_SUBPROTOCOL_PREFIX) for p in offered
               if p.startswith(protocol.TICKET_SUBPROTOCOL_PREFIX)]
    if len(tickets) != 1:
        raise TicketRejected("missing or repeated ticket subprotocol")
    try:
        scope = broker.redeem_ticket(tickets[0], hub.now())
    except TicketRejected as rejected:
        log.warning("refused a controller socket: %s ticket", rejected.reason)
        raise
    if not device_still_paired(request.app, scope.device_id):
        raise TicketRejected("the device's pairing was revoked after registration")
    lane = broker.lane(scope.session_id)
    if lane is None or lane.detached or request.app[SESSIONS].get(scope.session_id, scope.principal_id) is None:
        raise ApiError(403, "browser_control_session_forbidden", "The session closed or detached since registration.")
    await socket.prepare(request)
    await hub.serve_connection(socket, scope)
    return socket
