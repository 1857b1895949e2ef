"""Hostile bodies to every POST route of a real server, and hostile headers to every route, with every credential.

The routes come from the app's own router (``app.router.routes()``), so a route added later is
posted to without touching the tests; one whose path has a parameter this module cannot fill
fails loudly (add a value to ``Stage.path_values``).

A credential is what a caller may hold: nothing, the bearer key, a paired device's signature over
the exact body, or a proof of the pairing secret (merged into a body that is a JSON object).  Each
route is tried with the ones that apply to its path, so the routes open without the key (pairing,
the device-signed ones) are attacked both ways, and the routes behind it both from outside and
from inside.

Headers go out over a raw socket (``send_raw``), byte for byte as given: an HTTP client library
would refuse, fix or add some of them (a ``Host`` it did not choose, bytes that are not UTF-8).
``PARSED_HEADERS`` are the ones the server reads, its own code and the MCP transport's.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import aiohttp
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from hermes_server.agents.mcp_http import SESSION_HEADER
from hermes_server.http.guards import PROTECTED_PREFIXES
from hermes_wire import controller as protocol
from hermes_wire import signatures as device_auth
from tests.host.test_pairing import pair_directly, proof
from tests.support.local_stack import RunningServer

#: A JSON object (sent as ``json.dumps`` writes it, so ``nan`` and 4,000-digit integers go out as such) or raw bytes.
Body = dict[str, Any] | bytes

NO_CREDENTIAL, BEARER, DEVICE, PAIRING_PROOF = "none", "bearer", "device", "pairing proof"
#: The pairing request the approve and deny routes are posted for: unknown, so a valid proof is a 404, never a pairing.
UNKNOWN_REQUEST_ID = "req_unknown"
HEADERS = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
#: Each field the routes read, with a value of the wrong type for it.
WRONG_TYPES: dict[str, Any] = {
    "label": 5,
    "browser_lane": ["cdp"],
    "arguments": "click it",
    "tool_call_id": {"id": 1},
    "timeout_s": "soon",
    "protocol_version": "1",
    "session_id": 3,
    "controller_id": None,
    "browser_profile_id": [1],
    "capabilities": "all",
    "public_key": 7,
    "timestamp": "now",
    "proof": 1,
}
#: Every request header that the server's own code or the MCP transport reads.  The framing headers are aiohttp's
#: own: Content-Length is fuzzed on its own (``test_fuzz_bodies``), and Connection / Upgrade / Transfer-Encoding
#: decide how the parser reads the rest of the stream, not what a route does.
PARSED_HEADERS = (
    "Host",
    "Origin",
    "Authorization",
    "Content-Type",
    "Accept",
    *device_auth.DEVICE_HEADERS,
    device_auth.SERVER_CHALLENGE_HEADER,
    SESSION_HEADER,
    "Sec-WebSocket-Protocol",
    "Mcp-Session-Id",
    "Mcp-Protocol-Version",
    "Mcp-Method",
    "Mcp-Name",
    "Mcp-Param-Ref",
    "Last-Event-ID",
)
#: A session id that names no session: the DELETE route is attacked with it, so no example closes a real one.
NO_SUCH_SESSION = "sess_" + "0" * 24
#: What each route gets as its body under header attacks: the bodies have their own tests.
MCP_LIST_TOOLS = b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}'
#: The handshake headers that make a GET of the controller socket a WebSocket upgrade (so its subprotocols are read).
WEBSOCKET_UPGRADE = {
    "Connection": "Upgrade",
    "Upgrade": "websocket",
    "Sec-WebSocket-Version": "13",
    "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    "Sec-WebSocket-Protocol": f"{protocol.SUBPROTOCOL}, {protocol.TICKET_SUBPROTOCOL_PREFIX}{'t' * 43}",
}


@dataclass(frozen=True)
class Target:
    """One POST route of the app with its path parameters filled in."""

    template: str
    path: str

    @property
    def credentials(self) -> tuple[str, ...]:
        if self.path.startswith(protocol.PAIRING_PREFIX):
            return (NO_CREDENTIAL, PAIRING_PROOF)
        if self.path.startswith(PROTECTED_PREFIXES):
            return (NO_CREDENTIAL, BEARER, DEVICE)
        return (NO_CREDENTIAL,)


@dataclass(frozen=True)
class Route:
    """One route of the app (any method but the HEAD aiohttp adds), with its path parameters filled in."""

    method: str
    template: str
    path: str

    @property
    def credentials(self) -> tuple[str, ...]:
        if self.path.startswith(PROTECTED_PREFIXES) and not self.path.startswith(protocol.PAIRING_PREFIX):
            return (NO_CREDENTIAL, BEARER, DEVICE)
        return (NO_CREDENTIAL,)

    @property
    def body(self) -> bytes:
        if self.method != "POST":
            return b""
        return MCP_LIST_TOOLS if self.path == "/mcp" else b"{}"


@dataclass(frozen=True)
class Answer:
    status: int
    content_type: str
    body: bytes

    def json_or_none(self) -> Any:
        """The body as JSON, or None when it is not (a plain-text 500 page, an empty body)."""
        if self.content_type != "application/json":
            return None
        try:
            return json.loads(self.body)
        except ValueError:
            return None

    def json(self) -> Any:
        """The body as JSON; fails the test when it is not."""
        payload = self.json_or_none()
        assert payload is not None, f"{self.status} answered {self.content_type}: {self.body[:200]!r}"
        return payload

    def error_code(self) -> Any:
        payload = self.json()
        error = payload.get("error") if isinstance(payload, dict) else None
        return error.get("code") if isinstance(error, dict) else None


class Stage:
    """A running server set up to be attacked: a session on each lane and a paired device."""

    def __init__(self, server: RunningServer, device: Ed25519PrivateKey, session_ids: list[str]) -> None:
        self.server = server
        self.device = device
        #: One filling of the path parameters per session, so a session route is tried on both lanes.
        self.path_values = [
            {"session_id": session_id, "tool": "browser_cdp", "request_id": UNKNOWN_REQUEST_ID}
            for session_id in session_ids
        ]

    @classmethod
    async def set_up(cls, server: RunningServer) -> Stage:
        device = await pair_directly(server)
        async with server.client() as client:
            session_ids = [(await client.create_session(browser_lane=lane))["id"] for lane in ("cdp", "extension")]
        return cls(server, device, session_ids)

    def targets(self) -> list[Target]:
        """Every POST route of the app, once per way of filling its path (deduplicated)."""
        found: dict[str, Target] = {}
        for route in self.server.app.router.routes():
            if route.method != "POST" or route.resource is None:
                continue
            info = route.resource.get_info()
            template = info.get("formatter") or info["path"]
            for values in self.path_values:
                try:
                    path = template.format_map(values)
                except KeyError as missing:
                    raise AssertionError(f"{template}: no test value for {missing}; add one to Stage") from None
                found.setdefault(path, Target(template, path))
        assert found, "the app has no POST route at all"
        return list(found.values())

    def routes(self) -> list[Route]:
        """Every route of the app but HEAD, each way of filling its path once; DELETE only ever of no session."""
        found: dict[tuple[str, str], Route] = {}
        for route in self.server.app.router.routes():
            if route.method == "HEAD" or route.resource is None:
                continue
            info = route.resource.get_info()
            template = info.get("formatter") or info["path"]
            fillings = [{"session_id": NO_SUCH_SESSION}] if route.method == "DELETE" else self.path_values
            for values in fillings:
                path = template.format_map(values)
                found.setdefault((route.method, path), Route(route.method, template, path))
        return list(found.values())

    def credential_headers(self, route: Route, credential: str) -> dict[str, str]:
        """The headers of ``credential`` for ``route`` and its body (a device signs both)."""
        if credential == BEARER:
            return {"Authorization": f"Bearer {self.server.api_key}"}
        if credential == DEVICE:
            return device_auth.sign_request(self.device, route.method, route.path, route.body)
        return {}

    async def send(self, route: Route, credential: str, hostile: Mapping[str, bytes]) -> Answer:
        """``route`` with ``credential``, every header of ``hostile`` replacing or adding its own, over a raw socket."""
        headers: dict[str, bytes] = {"Host": b"127.0.0.1", "Content-Type": b"application/json"}
        headers["Accept"] = b"application/json, text/event-stream"
        if route.template == protocol.WS_PATH:
            headers |= {name: value.encode() for name, value in WEBSOCKET_UPGRADE.items()}
        headers |= {name: value.encode() for name, value in self.credential_headers(route, credential).items()}
        headers |= hostile
        if route.body:
            headers["Content-Length"] = str(len(route.body)).encode()
        head = f"{route.method} {route.path} HTTP/1.1\r\n".encode()
        head += b"".join(name.encode() + b": " + value + b"\r\n" for name, value in headers.items())
        return await send_raw(self.server.url, head + b"Connection: close\r\n\r\n" + route.body)

    def attempts(self) -> Iterator[tuple[Target, str]]:
        for target in self.targets():
            for credential in target.credentials:
                yield target, credential

    async def post(self, http: aiohttp.ClientSession, target: Target, credential: str, body: Body | None) -> Answer:
        data = self._with_proof(target, body) if credential == PAIRING_PROOF else body
        raw = json.dumps(data).encode() if isinstance(data, dict) else data or b""
        headers = dict(HEADERS)
        if credential == BEARER:
            headers["Authorization"] = f"Bearer {self.server.api_key}"
        elif credential == DEVICE:
            headers |= device_auth.sign_request(self.device, "POST", target.path, raw)
        async with http.post(self.server.url + target.path, data=raw, headers=headers) as response:
            return Answer(response.status, response.content_type, await response.read())

    def _with_proof(self, target: Target, body: Body | None) -> Body | None:
        """The body with a valid proof of the pairing secret for this route, when it is an object that can hold one."""
        if not isinstance(body, dict):
            return body
        action = target.path.rsplit("/", 1)[-1]
        if target.path == protocol.PAIRING_REQUESTS_PATH:
            action, key = "request", Ed25519PrivateKey.generate()
            body = {"public_key": device_auth.b64encode(device_auth.public_key_bytes(key))} | body
        subject = body.get("public_key") if action == "request" else UNKNOWN_REQUEST_ID
        timestamp = body.get("timestamp")
        if not isinstance(subject, str):
            return body  # the proof signs the subject: without a string there, no proof can be made
        if isinstance(timestamp, bool) or not isinstance(timestamp, int):
            timestamp = int(time.time())
        return body | proof(self.server, action, subject, timestamp)


async def send_raw(url: str, request: bytes) -> Answer:
    """Send ``request`` (which asks for ``Connection: close``) as it is, and read the whole answer."""
    host, _, port = url.removeprefix("http://").rpartition(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    try:
        writer.write(request)
        await writer.drain()
        raw = await reader.read()
    finally:
        writer.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = {name.strip().lower(): value.strip() for name, _, value in (h.partition(":") for h in header_lines)}
    if headers.get("transfer-encoding") == "chunked":
        body = unchunked(body)
    content_type = headers.get("content-type", "").partition(";")[0].strip()
    return Answer(int(status_line.split()[1]), content_type, body)


def unchunked(body: bytes) -> bytes:
    """A chunked body's bytes (the MCP transport streams its answer)."""
    data = b""
    while body:
        size_line, _, body = body.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        data, body = data + body[:size], body[size + 2 :]
    return data


def signed_spelling(
    device: Ed25519PrivateKey, method: str, path: str, body: bytes, spell: Callable[[int], str]
) -> dict[str, str]:
    """Device headers whose signature is good for the current time, with the timestamp header written by ``spell``.

    So a timestamp that ``int()`` reads as the right number (in Arabic-Indic digits, ``"+17…"``) carries a valid
    signature: only a strict reading of the header refuses it.
    """
    timestamp, nonce = int(time.time()), secrets.token_urlsafe(18)
    signature = device.sign(device_auth.signing_payload(method, path, body, timestamp, nonce))
    return {
        device_auth.DEVICE_HEADER: device_auth.device_id_for(device_auth.public_key_bytes(device)),
        device_auth.TIMESTAMP_HEADER: spell(timestamp),
        device_auth.NONCE_HEADER: nonce,
        device_auth.SIGNATURE_HEADER: device_auth.b64encode(signature),
    }


def assert_no_traceback(records: list[logging.LogRecord]) -> None:
    """Hostile input is refused with a line in the log at most: no traceback, nothing at ERROR."""
    noisy = [r for r in records if r.exc_info is not None or r.levelno >= logging.ERROR]
    assert not noisy, "\n".join(f"{r.name} {r.levelname}: {r.getMessage()[:300]}" for r in noisy)
