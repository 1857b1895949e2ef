"""The server's half of one-click loopback pairing, and what a paired device may call.

=============================================================  ==========================================
``POST /v1/browser-control/pairing/requests``                   open a request (proof of the pairing secret)
``POST /v1/browser-control/pairing/requests/{id}/approve``      the user's click, relayed by the host
``POST /v1/browser-control/pairing/requests/{id}/deny``         the Deny button
``GET  /v1/browser-control/pairing/server``                     the host's probe of the server's identity
``GET  /v1/browser-control/sessions``                           a device lists the extension sessions
=============================================================  ==========================================

The approval hands the host the server's identity key (``identity``), bound to the pairing
secret so that only the server holding the secret can have it pinned.

Pairing routes refuse non-loopback peers (the Host and Origin checks of ``auth`` apply too).
A background task watches the pairings file, so ``hermes-browser pairings revoke`` run in
another process closes the device's live lanes within a second.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import ipaddress
import json
import logging
from collections.abc import AsyncIterator
from typing import Any

from aiohttp import web

from hermes_server.app_keys import BROKER, CONFIG, HUB, PAIRING_FILE, PAIRING_SECRET, PAIRINGS, SESSIONS, WALL_CLOCK
from hermes_server.errors import ApiError
from hermes_server.http.bodies import identifier, json_object
from hermes_server.http.guards import DEVICE, LOCAL_PRINCIPAL, PRINCIPAL
from hermes_server.pairing.book import Pairing, SignatureRejected
from hermes_server.pairing.identity import SERVER_IDENTITY, add_server_identity
from hermes_wire import controller as protocol
from hermes_wire import signatures as device_auth
from hermes_wire.tool_spec import EXTENSION_LANE

log = logging.getLogger(__name__)

REVOCATION_POLL_S = 0.25
MAX_DEVICE_LABEL = 100


def add_pairing_routes(app: web.Application) -> None:
    app.router.add_post(protocol.PAIRING_REQUESTS_PATH, open_pairing_request)
    app.router.add_post(protocol.PAIRING_REQUESTS_PATH + "/{request_id}/approve", approve_pairing_request)
    app.router.add_post(protocol.PAIRING_REQUESTS_PATH + "/{request_id}/deny", deny_pairing_request)
    app.router.add_get(protocol.DEVICE_SESSIONS_PATH, list_device_sessions)
    app.cleanup_ctx.append(revocation_watcher)
    add_server_identity(app)


async def verify_device(request: web.Request, body: bytes) -> str:
    """For ``auth.bearer_auth``: the device id behind a valid signature, else 401."""
    try:
        pairing = request.app[PAIRINGS].verify(
            request.headers, request.method, request.path_qs, body, request.app[WALL_CLOCK]()
        )
    except SignatureRejected as rejected:
        log.warning("refused a device-signed request: %s", rejected.reason)
        raise
    return pairing.device_id


def device_still_paired(app: web.Application, device_id: str | None) -> bool:
    return device_id is None or device_id in app[PAIRINGS].pairings


# ----- guards ----------------------------------------------------------------------------------------


async def pairing_body(request: web.Request, action: str, subject_field: str | None = None) -> dict[str, Any]:
    """The JSON body of a pairing call, after checking the peer is local and the proof is right."""
    if not request.app[CONFIG].extension_control_enabled:
        raise ApiError(404, "browser_control_disabled", "Browser extension control is off on this server.")
    try:
        local = ipaddress.ip_address(request.remote or "").is_loopback
    except ValueError:
        local = False
    if not local:
        raise ApiError(403, "pairing_not_local", "Pairing is only possible from this machine.")
    body = await json_object(request)
    timestamp, proof = body.get("timestamp"), body.get("proof")
    subject = body.get(subject_field) if subject_field else request.match_info["request_id"]
    if (
        isinstance(timestamp, bool)
        or not isinstance(timestamp, int)
        or not isinstance(proof, str)
        or not isinstance(subject, str)
        or abs(request.app[WALL_CLOCK]() - timestamp) > device_auth.SIGNATURE_WINDOW_S
        or not device_auth.pairing_proof_matches(request.app[PAIRING_SECRET], action, subject, timestamp, proof)
    ):
        raise ApiError(
            401,
            "pairing_proof_invalid",
            "Pairing proof rejected: read the pairing secret from the server's current runtime file "
            "(it changes at every server start) and check this machine's clock.",
        )
    return body


# ----- handlers --------------------------------------------------------------------------------------


async def open_pairing_request(request: web.Request) -> web.Response:
    body = await pairing_body(request, "request", "public_key")
    try:
        public_key = device_auth.b64decode(body["public_key"])
    except ValueError:
        public_key = b""
    if len(public_key) != 32:
        raise ApiError(400, "invalid_request", "'public_key' must be a raw Ed25519 public key in base64url.")
    profile = identifier(body, "browser_profile_id")
    label = body.get("label", "")
    if not isinstance(label, str) or len(label) > MAX_DEVICE_LABEL:
        raise ApiError(400, "invalid_request", f"'label' must be a string of at most {MAX_DEVICE_LABEL} characters.")
    pending = request.app[PAIRINGS].open_request(
        public_key, browser_profile_id=profile, label=label, now=request.app[WALL_CLOCK]()
    )
    log.info(
        "pairing request %s from browser profile %s: verification code %s",
        pending.request_id,
        profile,
        pending.verification_code,
    )
    return web.json_response(
        {
            "request_id": pending.request_id,
            "verification_code": pending.verification_code,
            "device_id": device_auth.device_id_for(public_key),
            "expires_in_seconds": round(pending.expires_at - request.app[WALL_CLOCK]()),
        },
        status=201,
    )


async def approve_pairing_request(request: web.Request) -> web.Response:
    body = await pairing_body(request, "approve")
    pairing = request.app[PAIRINGS].approve(request.match_info["request_id"], request.app[WALL_CLOCK]())

    def add(pairings: dict[str, Pairing]) -> None:
        pairings[pairing.device_id] = pairing

    try:
        await asyncio.to_thread(request.app[PAIRING_FILE].update, add)
    except BaseException:
        request.app[PAIRINGS].unsaved(pairing.device_id)
        raise
    request.app[PAIRINGS].saved(pairing.device_id)
    log.info("paired device %s (browser profile %s)", pairing.device_id, pairing.browser_profile_id)
    server_key = request.app[SERVER_IDENTITY].public_key()
    key_proof = device_auth.server_key_proof(
        request.app[PAIRING_SECRET], request.match_info["request_id"], pairing.device_id, server_key, body["timestamp"]
    )
    return web.json_response(
        {
            "device_id": pairing.device_id,
            "principal_id": LOCAL_PRINCIPAL,
            "scope": "browser_control",
            "server_key": server_key,
            "server_key_proof": key_proof,
        }
    )


async def deny_pairing_request(request: web.Request) -> web.Response:
    await pairing_body(request, "deny")
    denied = request.app[PAIRINGS].take_request(request.match_info["request_id"], request.app[WALL_CLOCK]())
    log.info("pairing request %s denied", denied.request_id)
    return web.json_response({"request_id": denied.request_id, "denied": True})


async def list_device_sessions(request: web.Request) -> web.Response:
    """The principal's sessions on the extension lane, with their controller state (what the host drives), and the
    listing's ``token``.  With ``?unchanged=<token>`` the answer waits until the listing differs from that one (at
    most ``LISTING_WAIT_S``): the host's long poll, so that a new session is driven at once, not a poll later."""
    unchanged = request.query.get(protocol.LISTING_UNCHANGED_PARAM)
    if unchanged is not None and not protocol.LISTING_TOKEN.fullmatch(unchanged):
        raise ApiError(
            400,
            "invalid_request",
            f"'{protocol.LISTING_UNCHANGED_PARAM}' must be the token of an earlier listing "
            f"(up to {protocol.LISTING_TOKEN_CHARACTERS} hex digits).",
        )
    hub, loop = request.app[HUB], asyncio.get_running_loop()
    deadline = loop.time() + protocol.LISTING_WAIT_S
    while True:
        if not device_still_paired(request.app, request.get(DEVICE)):
            raise SignatureRejected("the device was revoked while its listing was held")
        sessions = extension_sessions(request.app, request[PRINCIPAL])
        token = listing_token(sessions)
        remaining = deadline - loop.time()
        if token != unchanged or remaining <= 0 or not await hub.until_listing_changes(remaining):
            return web.json_response({"sessions": sessions, "token": token})


def extension_sessions(app: web.Application, principal_id: str) -> list[dict[str, Any]]:
    sessions = []
    for session in app[SESSIONS].owned_by(principal_id):
        lane = app[BROKER].lane(session.session_id)
        if session.browser_lane == EXTENSION_LANE and lane is not None:
            sessions.append(session.as_json() | {"controller": lane.describe()})
    return sessions


def listing_token(sessions: list[dict[str, Any]]) -> str:
    """A digest of what the host acts on: the sessions and who holds each (not the count of pending commands,
    which changes with every call and would end every long poll)."""
    held = [(s["id"], s["label"], s["controller"]["state"], s["controller"]["controller_id"]) for s in sessions]
    return hashlib.sha256(json.dumps(held).encode()).hexdigest()[: protocol.LISTING_TOKEN_CHARACTERS]


# ----- revocation ------------------------------------------------------------------------------------


async def revocation_watcher(app: web.Application) -> AsyncIterator[None]:
    """Load the pairings, then follow the file: a device that disappears from it loses its lanes at once."""
    pairing_file = app[PAIRING_FILE]
    book = app[PAIRINGS]
    book.replace_pairings(await asyncio.to_thread(pairing_file.load))

    async def follow() -> None:
        seen = pairing_file.stamp()
        while True:
            await asyncio.sleep(REVOCATION_POLL_S)
            stamp = pairing_file.stamp()
            if stamp == seen:
                continue
            seen = stamp
            saves = book.saves  # (approvals go on while the file is read: their pairings are kept, book.py)
            for device_id in book.replace_pairings(await asyncio.to_thread(pairing_file.load), saves):
                log.info("pairing of device %s was revoked; closing its lanes", device_id)
                await app[HUB].apply(app[BROKER].revoke_device(device_id))

    task = asyncio.create_task(follow())
    yield
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
