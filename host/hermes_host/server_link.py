"""The host's calls to the local server: pairing (proof of the runtime secret) and device-signed calls.

The server's address and pairing secret are read from its runtime file on every call, so a
restarted server (new port, new secret) is found without restarting the host.  A runtime file
whose pid is gone is ignored: its server died without withdrawing it (``ServerGone``).

Whatever listens at that address may still not be the server: a dead server's port can be
bound by any local process, and its pid reused.  So every connection of a paired profile starts
with a probe, ``GET SERVER_IDENTITY_PATH`` carrying a fresh challenge, whose answer must be
signed by the server key pinned at pairing; only then does the call itself (or the controller
socket) go out, with a challenge of its own, and its answer is used only if signed as well.  A
listener that is not the paired server gets a random challenge and nothing else
(``ServerUntrusted``).  Pairing calls come before any key is pinned: they prove the pairing
secret, and the approval must carry the server's key with a proof of the same secret over it
(``signatures.server_key_proof``), so a listener without the secret cannot plant its own key.
"""

from __future__ import annotations

import hmac
import json
import time
from pathlib import Path
from typing import Any

import aiohttp
import websockets
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from hermes_host.controller_socket import open_controller_socket
from hermes_host.device import PairedDevice
from hermes_host.errors import ServerGone, ServerRefused, ServerUnavailable, ServerUntrusted
from hermes_wire import controller as protocol
from hermes_wire import signatures as auth
from hermes_wire import strict_json
from hermes_wire.home import read_runtime, runtime_path, server_process_gone
from hermes_wire.native import NOT_RUNNING_TEXT

HTTP_TIMEOUT_S = 10.0


class ServerLink:
    def __init__(self, home: Path, http: aiohttp.ClientSession) -> None:
        self.home = home
        self._http = http

    def runtime(self) -> dict[str, Any]:
        """The running server's record: ``ServerUnavailable`` if there is none, ``ServerGone`` if its pid is dead."""
        record = read_runtime(self.home)
        if record is None:
            raise ServerUnavailable(f"{NOT_RUNNING_TEXT} (no runtime file in {self.home})")
        if server_process_gone(record):
            raise ServerGone(
                f"{NOT_RUNNING_TEXT}: the server that wrote {runtime_path(self.home)} (pid {record['pid']}) "
                "is gone without cleaning up; start it again with 'hermes-browser serve'."
            )
        return record

    async def _exchange(
        self,
        method: str,
        url: str,
        path: str,
        data: bytes = b"",
        headers: dict[str, str] | None = None,
        server_key: bytes | None = None,
        wait_s: float = 0.0,
    ) -> dict[str, Any]:
        """One request and its JSON answer; with ``server_key``, the answer must be signed by that key.  ``wait_s`` is
        how long the server may hold the request on purpose (a long poll), on top of the usual timeout."""
        challenge = auth.new_challenge()
        sent = {"Content-Type": "application/json"} | (headers or {})
        if server_key is not None:
            sent[auth.SERVER_CHALLENGE_HEADER] = challenge
        try:
            async with self._http.request(
                method,
                url + path,
                data=data or None,
                headers=sent,
                timeout=aiohttp.ClientTimeout(total=HTTP_TIMEOUT_S + wait_s),
            ) as response:
                status, signature = response.status, response.headers.get(auth.SERVER_SIGNATURE_HEADER)
                body = await response.read()
        except (aiohttp.ClientConnectionError, TimeoutError) as failure:
            raise ServerUnavailable(f"{NOT_RUNNING_TEXT} ({type(failure).__name__})") from None
        if server_key is not None and not auth.server_signature_valid(
            server_key, signature, challenge, method, path, status, body
        ):
            raise ServerUntrusted.impostor_at(url)
        try:  # strict: a pairing answer comes from whatever listens there, before any key can prove it
            payload = strict_json.loads(body)
        except ValueError:
            raise _bad_response("not JSON") from None
        if not isinstance(payload, dict):
            raise _bad_response("not a JSON object")
        if status >= 300:
            error = payload.get("error")
            code, message = (error.get("code"), error.get("message")) if isinstance(error, dict) else (None, None)
            raise ServerRefused(
                status,
                code if isinstance(code, str) else "http_error",
                message if isinstance(message, str) else "",
            )
        return payload

    async def _prove_server(self, url: str, server_key: bytes) -> None:
        """The probe: a challenge only, answered under the pinned key, before anything else goes to ``url``."""
        await self._exchange("GET", url, auth.SERVER_IDENTITY_PATH, server_key=server_key)

    async def _device_call(
        self, device: PairedDevice, method: str, path: str, body: dict[str, Any] | None = None, wait_s: float = 0.0
    ) -> dict[str, Any]:
        url = str(self.runtime()["url"])
        await self._prove_server(url, device.server_key)
        data = b"" if body is None else json.dumps(body).encode()
        signed = auth.sign_request(device.key, method, path, data)
        return await self._exchange(method, url, path, data, signed, server_key=device.server_key, wait_s=wait_s)

    async def _pairing_call(
        self, path: str, action: str, subject: str, body: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], str, int]:
        """A call that proves the pairing secret; returns the answer, the secret and the timestamp it used."""
        runtime = self.runtime()
        secret, timestamp = str(runtime["pairing_secret"]), int(time.time())
        proof = {"timestamp": timestamp, "proof": auth.pairing_proof(secret, action, subject, timestamp)}
        answer = await self._exchange("POST", str(runtime["url"]), path, json.dumps((body or {}) | proof).encode())
        return answer, secret, timestamp

    # ----- pairing ---------------------------------------------------------------------------------

    async def open_pairing(self, key: Ed25519PrivateKey, profile_id: str, label: str) -> dict[str, Any]:
        public_key = auth.b64encode(auth.public_key_bytes(key))
        body = {"public_key": public_key, "browser_profile_id": profile_id, "label": label}
        opened = (await self._pairing_call(protocol.PAIRING_REQUESTS_PATH, "request", public_key, body))[0]
        request_id, code = opened.get("request_id"), opened.get("verification_code")
        # The request id goes into the approval's path: an identifier, never "../" or a query.
        if not isinstance(request_id, str) or not protocol.IDENTIFIER_PATTERN.fullmatch(request_id):
            raise _bad_response("a pairing request without a usable request_id")
        if code != auth.verification_code_for(auth.public_key_bytes(key)):  # derived from the key, so known here
            raise _bad_response("a pairing request without this key's verification code")
        return opened

    async def approve_pairing(self, request_id: str, device_id: str) -> bytes:
        """Approve the request; returns the server's identity key, once it is proven bound to the pairing secret."""
        path = f"{protocol.PAIRING_REQUESTS_PATH}/{request_id}/approve"
        answer, secret, timestamp = await self._pairing_call(path, "approve", request_id)
        server_key, proof = answer.get("server_key"), answer.get("server_key_proof")
        if (
            answer.get("device_id") != device_id
            or not isinstance(server_key, str)
            or not isinstance(proof, str)
            or not (server_key.isascii() and proof.isascii())  # lone surrogates from JSON escapes cannot be encoded
            or not hmac.compare_digest(
                auth.server_key_proof(secret, request_id, device_id, server_key, timestamp).encode(), proof.encode()
            )
        ):
            raise ServerUntrusted(
                "The pairing approval is not bound to the server's pairing secret: whatever answered is not "
                "the Hermes server that wrote the runtime file. Nothing was recorded; pair again."
            )
        try:
            raw_key = auth.b64decode(server_key)
        except ValueError:
            raw_key = b""
        if len(raw_key) != 32:
            raise _bad_response("an approval without a 32-byte server key")
        return raw_key

    async def deny_pairing(self, request_id: str) -> None:
        await self._pairing_call(f"{protocol.PAIRING_REQUESTS_PATH}/{request_id}/deny", "deny", request_id)

    # ----- device-signed calls ---------------------------------------------------------------------

    async def extension_sessions(
        self, device: PairedDevice, unchanged: str | None = None
    ) -> tuple[list[dict[str, Any]], str | None]:
        """The extension sessions and the listing's token; with ``unchanged`` (an earlier token), the server answers
        once the listing differs from that one, or after ``LISTING_WAIT_S`` (the long poll)."""
        path, wait_s = protocol.DEVICE_SESSIONS_PATH, 0.0
        if unchanged is not None:
            path, wait_s = f"{path}?{protocol.LISTING_UNCHANGED_PARAM}={unchanged}", protocol.LISTING_WAIT_S
        answer = await self._device_call(device, "GET", path, wait_s=wait_s)
        sessions, token = answer.get("sessions"), answer.get("token")
        if not isinstance(sessions, list):
            raise _bad_response("without a list of sessions")
        # Anything but the hex the server gives is dropped (the host then polls instead).
        return sessions, token if isinstance(token, str) and protocol.LISTING_TOKEN.fullmatch(token) else None

    async def register(
        self, device: PairedDevice, session_id: str, controller_id: str, profile_id: str
    ) -> dict[str, Any]:
        body = {
            "protocol_version": protocol.PROTOCOL_VERSION,
            "session_id": session_id,
            "controller_id": controller_id,
            "browser_profile_id": profile_id,
            "capabilities": list(protocol.CAPABILITY_ALLOWLIST),
            "product": "hermes-native-host",
        }
        grant = await self._device_call(device, "POST", protocol.REGISTER_PATH, body)
        ticket = grant.get("ticket")
        if not isinstance(ticket, str) or not protocol.TICKET_PATTERN.fullmatch(ticket):
            raise _bad_response("a registration without a ticket")
        return grant

    async def open_socket(self, device: PairedDevice, ticket: str) -> websockets.ClientConnection:
        """The ticket WebSocket, to the proven server only, and used only if its upgrade is signed too."""
        url = str(self.runtime()["url"])
        await self._prove_server(url, device.server_key)
        return await open_controller_socket(url, ticket, server_key=device.server_key)


def _bad_response(what: str) -> ServerRefused:
    return ServerRefused(502, "bad_response", f"The server's answer was {what}.")
