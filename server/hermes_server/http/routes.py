"""The agent's routes: capabilities, sessions and tool calls (all behind the bearer key).

=========================================================  =================================================
``GET    /v1/capabilities``                                 what this server offers (``features``, ``endpoints``)
``POST   /v1/sessions`` / ``GET /v1/sessions``              create / list agent sessions
``DELETE /v1/sessions/{id}``                                close a session, cancelling its pending work
``POST   /v1/sessions/{id}/browser/{tool}``                 call a browser tool
=========================================================  =================================================

The extension lane's own routes (register, the ticket WebSocket, unbind) are in
``extension_lane.routes``; pairing's in ``pairing.api``; ``/mcp`` in ``agents.mcp_http``.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from aiohttp import web

from hermes_server.app_keys import BROKER, CONFIG, HUB, ROUTER, SESSION_BACKEND, SESSIONS
from hermes_server.config import MAX_COMMAND_TIMEOUT_S as MAX_TIMEOUT
from hermes_server.config import ServerConfig
from hermes_server.errors import ApiError
from hermes_server.http.bodies import identifier, read_json_object
from hermes_server.http.guards import PRINCIPAL
from hermes_server.routing.sessions import LANES, MAX_LABEL_LENGTH, Session
from hermes_wire import controller as protocol
from hermes_wire.tool_spec import CDP_LANE, EXTENSION_LANE
from hermes_wire.tools import TOOLS


def add_agent_routes(app: web.Application) -> None:
    app.router.add_get("/v1/capabilities", get_capabilities)
    app.router.add_post("/v1/sessions", create_session)
    app.router.add_get("/v1/sessions", list_sessions)
    app.router.add_delete("/v1/sessions/{session_id}", close_session)
    app.router.add_post("/v1/sessions/{session_id}/browser/{tool}", call_tool)


def session_of(request: web.Request, session_id: str | None = None) -> Session:
    wanted = session_id or request.match_info["session_id"]
    session = request.app[SESSIONS].get(wanted, request[PRINCIPAL])
    if session is None:
        raise ApiError(
            404,
            "session_not_found",
            f"No open session {wanted[:80]!r}; create one with `hermes-browser sessions new` or POST /v1/sessions.",
        )
    return session


def default_lane(config: ServerConfig) -> str:
    """The lane of a session created without ``browser_lane``: the one rule every agent surface follows.

    ``extension`` (the user's own tab, the product's point) when extension control is enabled:
    such a session fails closed with ``controller_missing`` until the extension connects, where a
    silent ``cdp`` default would act in a browser the user does not see.  With the feature off the
    extension lane cannot be created at all, so ``cdp``.  The CLI and MCP send no lane unless the
    user names one, so the server applies this rule for all three.
    """
    return EXTENSION_LANE if config.extension_control_enabled else CDP_LANE


def describe_session(app: web.Application, session: Session) -> dict[str, Any]:
    """The session object: with its controller's state, and the names of the tools it is served (what MCP lists)."""
    lane = app[BROKER].lane(session.session_id)
    return session.as_json() | {
        "controller": lane.describe() if lane is not None else None,
        "tools": [spec.name for spec in app[ROUTER].served_tools(session)],
    }


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
    lane = body.get("browser_lane", default_lane(request.app[CONFIG]))
    if lane not in LANES:
        raise ApiError(400, "invalid_request", f"'browser_lane' must be one of {', '.join(LANES)}.")
    if lane == EXTENSION_LANE and not request.app[CONFIG].extension_control_enabled:
        raise ApiError(
            400,
            "browser_control_disabled",
            "Extension sessions need browser.extension_control.enabled: true in the server configuration.",
        )
    session = request.app[SESSIONS].create(request[PRINCIPAL], label=label, browser_lane=lane, now=time.time())
    if lane == EXTENSION_LANE:
        request.app[BROKER].bind_session(session.session_id, session.principal_id)
        request.app[HUB].listing_changed()
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


async def call_tool(request: web.Request) -> web.Response:
    session = session_of(request)
    tool = TOOLS.get(request.match_info["tool"])
    if tool is None:
        raise ApiError(
            404,
            "unknown_tool",
            f"No tool {request.match_info['tool'][:60]!r}; tools: "
            f"{', '.join(spec.name for spec in request.app[ROUTER].served_tools(session))}.",
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
