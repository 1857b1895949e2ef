"""The host's HTTP calls to the local server: pairing (proof of the runtime secret) and device-signed calls.

The server's address and pairing secret are read from its runtime file on every call, so
a restarted server (new port, new secret) is found without restarting the host.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import aiohttp
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from hermes_host.errors import ServerRefused, ServerUnavailable
from hermes_wire import controller as protocol
from hermes_wire import signatures as device_auth
from hermes_wire.home import read_runtime
from hermes_wire.native import NOT_RUNNING_TEXT

HTTP_TIMEOUT_S = 10.0


class ServerLink:
    def __init__(self, home: Path, http: aiohttp.ClientSession) -> None:
        self.home = home
        self._http = http

    def runtime(self) -> dict[str, Any]:
        record = read_runtime(self.home)
        if record is None:
            raise ServerUnavailable(f"{NOT_RUNNING_TEXT} (no runtime file in {self.home})")
        return record

    @property
    def url(self) -> str:
        return str(self.runtime()["url"])

    async def _call(
        self, method: str, path: str, body: dict[str, Any] | None = None, key: Ed25519PrivateKey | None = None
    ) -> dict[str, Any]:
        data = b"" if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if key is not None:
            headers |= device_auth.sign_request(key, method, path, data)
        try:
            async with self._http.request(
                method,
                self.url + path,
                data=data or None,
                headers=headers,
                timeout=aiohttp.ClientTimeout(total=HTTP_TIMEOUT_S),
            ) as response:
                payload = await response.json(content_type=None)
        except (aiohttp.ClientConnectionError, TimeoutError) as failure:
            raise ServerUnavailable(f"{NOT_RUNNING_TEXT} ({type(failure).__name__})") from None
        except ValueError:
            raise _bad_response("not JSON") from None
        if not isinstance(payload, dict):
            raise _bad_response("not a JSON object")
        if response.status >= 300:
            error = payload.get("error", {})
            raise ServerRefused(response.status, error.get("code", "http_error"), error.get("message", ""))
        return payload

    def _proof(self, action: str, subject: str) -> dict[str, Any]:
        timestamp = int(time.time())
        secret = str(self.runtime()["pairing_secret"])
        return {"timestamp": timestamp, "proof": device_auth.pairing_proof(secret, action, subject, timestamp)}

    async def open_pairing(self, key: Ed25519PrivateKey, profile_id: str, label: str) -> dict[str, Any]:
        public_key = device_auth.b64encode(device_auth.public_key_bytes(key))
        body = {"public_key": public_key, "browser_profile_id": profile_id, "label": label}
        return await self._call("POST", protocol.PAIRING_REQUESTS_PATH, body | self._proof("request", public_key))

    async def answer_pairing(self, request_id: str, approve: bool) -> dict[str, Any]:
        action = "approve" if approve else "deny"
        path = f"{protocol.PAIRING_REQUESTS_PATH}/{request_id}/{action}"
        return await self._call("POST", path, self._proof(action, request_id))

    async def extension_sessions(self, key: Ed25519PrivateKey) -> list[dict[str, Any]]:
        sessions = (await self._call("GET", protocol.DEVICE_SESSIONS_PATH, key=key)).get("sessions")
        if not isinstance(sessions, list):
            raise _bad_response("without a list of sessions")
        return sessions

    async def register(
        self, key: Ed25519PrivateKey, session_id: str, controller_id: str, profile_id: str
    ) -> dict[str, Any]:
        body = {
            "protocol_version": protocol.PROTOCOL_VERSION,
            "session_id": session_id,
            "controller_id": controller_id,
            "browser_profile_id": profile_id,
            "capabilities": list(protocol.CAPABILITY_ALLOWLIST),
            "product": "hermes-native-host",
        }
        return await self._call("POST", protocol.REGISTER_PATH, body, key=key)


def _bad_response(what: str) -> ServerRefused:
    return ServerRefused(502, "bad_response", f"The server's answer was {what}.")
