"""Posting hostile bodies to every POST route of a real server, with every credential a caller can bring.

The routes come from the app's own router (``app.router.routes()``), so a route added later is
posted to without touching the tests; one whose path has a parameter this module cannot fill
fails loudly (add a value to ``Stage.path_values``).

A credential is what a caller may hold: nothing, the bearer key, a paired device's signature over
the exact body, or a proof of the pairing secret (merged into a body that is a JSON object).  Each
route is tried with the ones that apply to its path, so the routes open without the key (pairing,
the device-signed ones) are attacked both ways, and the routes behind it both from outside and
from inside.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import aiohttp
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

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


def assert_no_traceback(records: list[logging.LogRecord]) -> None:
    """Hostile input is refused with a line in the log at most: no traceback, nothing at ERROR."""
    noisy = [r for r in records if r.exc_info is not None or r.levelno >= logging.ERROR]
    assert not noisy, "\n".join(f"{r.name} {r.levelname}: {r.getMessage()[:300]}" for r in noisy)
