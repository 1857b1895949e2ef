"""The extension lane's routes: a controller registers for a ticket, then opens the ticket WebSocket.

=========================================================  =================================================
``POST   /v1/browser-control/register``                     a controller asks for a single-use ticket
``GET    /v1/browser-control/ws``                           the controller's ticket WebSocket
``POST   /v1/sessions/{id}/browser-control/unbind``         the agent releases a detached or unwanted controller
=========================================================  =================================================

Register accepts the API key or a paired device's signature (``pairing.api.verify_device``);
the WebSocket's only credential is its ticket, offered as a subprotocol.  A paired device
registers as itself only (``check_device_identity``): the API key may name any controller,
a device may not borrow another one's identity and so take over its lane.
"""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime

from aiohttp import web

from hermes_server.app_keys import BROKER, CONFIG, HUB, PAIRINGS, SESSIONS
from hermes_server.errors import ApiError, TicketRejected
from hermes_server.extension_lane.broker import ControllerScope, Lane
from hermes_server.http.bodies import identifier, read_json_object
from hermes_server.http.guards import DEVICE, PRINCIPAL
from hermes_server.http.routes import describe_session, session_of
from hermes_server.pairing.api import device_still_paired
from hermes_server.pairing.book import Pairing
from hermes_wire import controller as protocol
from hermes_wire.signatures import device_controller_id
from hermes_wire.tool_spec import EXTENSION_LANE

log = logging.getLogger(__name__)


def add_controller_routes(app: web.Application) -> None:
    app.router.add_post("/v1/sessions/{session_id}/browser-control/unbind", unbind_controller)
    app.router.add_post(protocol.REGISTER_PATH, register_controller)
    app.router.add_get(protocol.WS_PATH, controller_socket)


def require_extension_control(request: web.Request) -> None:
    if not request.app[CONFIG].extension_control_enabled:
        raise ApiError(
            404,
            "browser_control_disabled",
            "Browser extension control is off; set browser.extension_control.enabled: true to use it.",
        )


async def unbind_controller(request: web.Request) -> web.Response:
    session = session_of(request)
    if session.browser_lane != EXTENSION_LANE:
        raise ApiError(400, "invalid_request", "Only sessions on the extension lane have a controller to unbind.")
    await request.app[HUB].apply(request.app[BROKER].unbind_controller(session.session_id))
    return web.json_response(describe_session(request.app, session))


async def register_controller(request: web.Request) -> web.Response:
    require_extension_control(request)
    body = await read_json_object(
        request,
        allowed={
            "protocol_version",
            "session_id",
            "controller_id",
            "browser_profile_id",
            "capabilities",
            "product",
            "principal_id",
        },  # principal_id is accepted and ignored: identity is the server's
    )
    version = body.get("protocol_version")
    if isinstance(version, bool) or version != protocol.PROTOCOL_VERSION:
        raise ApiError(
            400,
            "browser_control_protocol_unsupported",
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
            400,
            "browser_control_no_capabilities",
            f"None of the requested capabilities is allowed; allowed: {', '.join(protocol.CAPABILITY_ALLOWLIST)}.",
        )
    principal = request[PRINCIPAL]
    session = request.app[SESSIONS].get(session_id, principal)
    lane = request.app[BROKER].lane(session_id)
    if session is None or lane is None:
        raise ApiError(
            403,
            "browser_control_session_forbidden",
            "No open extension session with that id for this principal; the agent must create it first.",
        )
    if lane.detached:
        raise ApiError(
            403,
            "browser_control_session_forbidden",
            "This session's controller detached; the agent must unbind it before a controller can register again.",
        )
    device_id = request[DEVICE]
    if device_id is not None:
        check_device_identity(request.app[PAIRINGS].pairings.get(device_id), lane, controller_id, browser_profile_id)
    scope = ControllerScope(principal, session_id, controller_id, browser_profile_id, granted, device_id=device_id)
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


def check_device_identity(pairing: Pairing | None, lane: Lane, controller_id: str, browser_profile_id: str) -> None:
    """A device-signed registration claims the device's own identity, or it is refused with 403.

    The controller id must be ``hermes-host.<device_id>``, the browser profile the one the device
    was paired for, and that profile must not be bound on this lane to another controller: a
    second paired device must neither make the lane ambiguous nor inherit the first one's commands.
    """
    if pairing is None:  # revoked between the signature check and now
        raise ApiError(403, "browser_control_identity_forbidden", "This device is no longer paired.")
    own_id = device_controller_id(pairing.device_id)
    if controller_id != own_id:
        raise ApiError(
            403,
            "browser_control_identity_forbidden",
            f"A paired device registers as its own controller, {own_id!r}, and no other.",
        )
    if browser_profile_id != pairing.browser_profile_id:
        raise ApiError(
            403,
            "browser_control_identity_forbidden",
            f"This device was paired for browser profile {pairing.browser_profile_id!r}, not another one.",
        )
    if lane.identity is not None and lane.identity[1] == browser_profile_id and lane.identity[0] != controller_id:
        raise ApiError(
            403,
            "browser_control_identity_forbidden",
            f"Browser profile {browser_profile_id!r} is bound on this session to another controller; "
            "the agent must unbind it before another device can take it.",
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
        raise ApiError(400, "browser_control_protocol_unsupported", f"Offer the {protocol.SUBPROTOCOL} subprotocol.")
    tickets = [
        p.removeprefix(protocol.TICKET_SUBPROTOCOL_PREFIX)
        for p in offered
        if p.startswith(protocol.TICKET_SUBPROTOCOL_PREFIX)
    ]
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
